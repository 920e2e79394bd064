//! INDEX RANGE SCAN (and INDEX FULL SCAN, with no keys and no bounds):
//! equality on a key prefix, or a range on the first key column. One
//! descent per start (or, as a nested loop's inner row source in 11g, the
//! kept leaf or its sibling, `pins.rs`), then the entries in key order,
//! each checked in the pinned leaf or the next one. Per line: the
//! descent's and leaf gets, the revisits of the pinned leaf,
//! `index scans kdiixs1`.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &Rt<'_>, keep_pins: bool) {
    let OpKind::IndexRange { started, end, pinned_leaf, kept, .. } = kind else { unreachable!() };
    *started = false;
    *end = false;
    if !keep_pins {
        *pinned_leaf = None;
    }
    kept.open(keep_pins, rt.outer_moved);
}

#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::IndexRange {
        index,
        keys,
        low,
        high,
        src,
        pos,
        started,
        pinned_leaf,
        keybuf,
        high_value,
        end,
        filter,
        kept,
        silent,
    } = kind
    else {
        unreachable!()
    };
    let ix = &rt.cat.indexes[*index];
    let bt = &ix.btree;
    let seg = ix.seg;
    loop {
        if *end {
            return Ok(false);
        }
        if !*started {
            *started = true;
            // Where the previous probe's scan stopped.
            let stopped = *pos;
            keybuf.clear();
            for k in keys.iter() {
                let v = rt.eval(k, env)?;
                keybuf.push(v);
            }
            rt.k.stats.access.index_scans_kdiixs1 += 1;
            *high_value = None;
            if keys.is_empty() {
                // A range on the first key column.
                let lowv = match low.as_ref() {
                    Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
                    None => None,
                };
                if let Some((e, incl)) = high.as_ref() {
                    *high_value = Some((rt.eval(e, env)?, *incl));
                }
                let null_bound = lowv.as_ref().is_some_and(|(v, _)| v.is_null())
                    || high_value.as_ref().is_some_and(|(v, _)| v.is_null());
                *pos = match &lowv {
                    Some((v, incl)) => bt.first_bound(v, *incl),
                    None => 0,
                };
                if null_bound {
                    *pos = bt.len();
                }
            } else {
                *pos = bt.lower_bound(keybuf);
            }
            let leaf = if bt.is_empty() { 0 } else { bt.leaf_of((*pos).min(bt.len() - 1)) };
            let path = if bt.holds_rows {
                LeafPath::Descend
            } else {
                kept.path(leaf, false, *pos == stopped, rt.k.profile.nl_kept_leaf_trust)
            };
            kept.taken(path, leaf, true);
            *silent = matches!(path, LeafPath::Kept | LeafPath::Next);
            let lb = bt.leaf_block(leaf);
            match path {
                LeafPath::Kept => rt.pinned_read(st),
                LeafPath::Next => rt.get_sibling(line, st, seg, lb),
                _ => {
                    for level in 0..bt.level_counts.len() - 1 {
                        rt.get(line, st, seg, bt.path_block(level, leaf), GetKind::Examination, false);
                    }
                    rt.get(line, st, seg, lb, GetKind::Normal, true);
                }
            }
            *pinned_leaf = Some(lb);
        } else {
            // Check the next entry: in the pinned leaf, or the next leaf.
            *pos += 1;
            if *pos >= bt.len() {
                *end = true;
                return Ok(false);
            }
            let lf = bt.leaf_of(*pos);
            let lb = bt.leaf_block(lf);
            if *pinned_leaf == Some(lb) {
                if !(*silent && kept.leaf == Some(lf)) {
                    rt.revisit(line, st, seg, lb);
                }
            } else {
                rt.get(line, st, seg, lb, GetKind::Normal, true);
                *pinned_leaf = Some(lb);
            }
        }
        let p = *pos;
        if !in_range(bt, p, keys.is_empty(), keybuf, high_value) {
            *end = true;
            // A leaf the check crossed into is released; the
            // probe's leaf stays pinned for the next outer row.
            if let Some(k) = kept.leaf {
                *pinned_leaf = Some(bt.leaf_block(k));
            }
            return Ok(false);
        }
        env.rows[*src] = bt.row_at(p);
        env.blocks[*src] = bt.rowid_block_at(p);
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}

/// Entry `p` is in the scan's range: equal to the key prefix `keybuf`, or
/// (a range on the first key column, `range`) not NULL and below or at
/// the high bound.
#[inline(always)]
fn in_range(
    bt: &crate::storage::BTree,
    p: usize,
    range: bool,
    keybuf: &[Value],
    high_value: &Option<(Value, bool)>,
) -> bool {
    if range {
        p < bt.len()
            && !bt.first_is_null(p)
            && match high_value.as_ref() {
                Some((h, incl)) => match bt.cmp_first_at(p, h) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Equal => *incl,
                    std::cmp::Ordering::Greater => false,
                },
                None => true,
            }
    } else {
        bt.key_equals(p, keybuf)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// A range on the first key column: its entries in key order.
    #[test]
    fn range_on_the_key() {
        let s = run(&format!("{}select id from t where id < 4 order by id;", table_t(3000)));
        let l = line(&s, "INDEX RANGE SCAN");
        assert_eq!((l.starts, l.a_rows), (1, 3));
        assert_eq!(stat(&s, "index scans kdiixs1"), 1);
        assert_eq!(rows(&s), ["1", "2", "3"]);
    }
}
