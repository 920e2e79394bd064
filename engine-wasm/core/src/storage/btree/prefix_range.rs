//! A range on the key column after an equality prefix (`n1 = 5 AND n2
//! BETWEEN 10 AND 20` on an index on (N1, N2)): the entries of one prefix
//! are in the next column's order, NULLs last, so the range is one run
//! inside the prefix's run.

use super::*;

impl BTree {
    /// The end of the run of entries equal to `prefix` that starts at `lo`.
    /// (Not packed: a packed tree's keys have one column.)
    fn prefix_run_end(&self, lo: usize, prefix: &[Value]) -> usize {
        lo + self.entries[lo..]
            .partition_point(|e| cmp_keys(&e.0[..prefix.len().min(e.0.len())], prefix) == Ordering::Equal)
    }

    /// The entries with key prefix `prefix` whose next column is within
    /// `low`..`high` (each inclusive or not; None: unbounded on that
    /// side; NULLs never): their positions `start..end`.
    pub fn prefix_range(
        &self,
        prefix: &[Value],
        low: Option<(&Value, bool)>,
        high: Option<(&Value, bool)>,
    ) -> (usize, usize) {
        let k = prefix.len();
        let null_bound = low.is_some_and(|(v, _)| v.is_null()) || high.is_some_and(|(v, _)| v.is_null());
        if self.packed || null_bound || prefix.iter().any(Value::is_null) {
            // A packed tree's keys have one column: nothing after the
            // prefix; a NULL key or bound matches nothing.
            return (0, 0);
        }
        let lo = self.lower_bound(prefix);
        let hi = self.prefix_run_end(lo, prefix);
        fn col_at(e: &(Key, u32), k: usize) -> &Value {
            e.0.get(k).unwrap_or(&Value::Null)
        }
        let run = &self.entries[lo..hi];
        // NULLs sort last in the run: the non-NULL entries come first.
        let non_null = run.partition_point(|e| !col_at(e, k).is_null());
        let run = &run[..non_null];
        let start = match low {
            Some((v, incl)) => run.partition_point(|e| match col_at(e, k).cmp_sql(v) {
                Ordering::Less => true,
                Ordering::Equal => !incl,
                Ordering::Greater => false,
            }),
            None => 0,
        };
        let end = match high {
            Some((v, incl)) => run.partition_point(|e| match col_at(e, k).cmp_sql(v) {
                Ordering::Less => true,
                Ordering::Equal => incl,
                Ordering::Greater => false,
            }),
            None => run.len(),
        };
        (lo + start, lo + end.max(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys (n1, n2) for n1 in 1..=3, n2 in 1..=4 plus a NULL n2 each:
    /// 15 entries, row = position in key order.
    fn tree() -> BTree {
        let mut t = BTree::new(8192, 10, false, false);
        let mut row = 0;
        for a in 1..=3 {
            for b in [Some(1), Some(2), Some(3), Some(4), None] {
                let key: Box<[Value]> = vec![Value::int(a), b.map_or(Value::Null, Value::int)].into();
                let size = t.entry_size(&key, &[]);
                t.insert(key, row, size);
                row += 1;
            }
        }
        t.merge_pending().unwrap();
        t
    }

    #[test]
    fn a_range_inside_one_prefix() {
        let t = tree();
        let two = [Value::int(2)];
        // n1 = 2: positions 5..10 (n2 1, 2, 3, 4, NULL).
        assert_eq!(t.prefix_range(&two, Some((&Value::int(2), true)), Some((&Value::int(3), true))), (6, 8));
        assert_eq!(t.prefix_range(&two, Some((&Value::int(2), false)), None), (7, 9));
        assert_eq!(t.prefix_range(&two, None, Some((&Value::int(2), false))), (5, 6));
        // Nothing in range, and an empty prefix run.
        assert_eq!(t.prefix_range(&two, Some((&Value::int(9), true)), None), (9, 9));
        let (a, b) = t.prefix_range(&[Value::int(7)], None, None);
        assert_eq!(a, b);
        // A NULL prefix or bound matches nothing (`n2 <= NULL`).
        let (a, b) = t.prefix_range(&[Value::Null], None, None);
        assert_eq!(a, b);
        let (a, b) = t.prefix_range(&two, Some((&Value::int(1), true)), Some((&Value::Null, true)));
        assert_eq!(a, b);
        let (a, b) = t.prefix_range(&two, Some((&Value::Null, false)), None);
        assert_eq!(a, b);
    }
}
