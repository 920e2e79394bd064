//! Join orders and the join methods' figures. `join_order` is the order
//! the hints fix (`LEADING`'s tables in its order, then the FROM clause;
//! an outer-joined table never leads); `Permutations` walks the left-deep
//! orders the CBO considers when the hints leave it free: the tables first
//! in increasing single-table cardinality (`initial_order`), then every
//! permutation of that list in lexicographic order, a prefix whose cost
//! passed the best order's skipped with all its permutations, at most
//! `MAX_PERMUTATIONS` (`_optimizer_max_permutations`, 2000 from 9i).

use super::cost::ScanCosting;
use crate::catalog::ColumnStats;
use lio_sql::ast::Hint;

/// The order to join `aliases` (the FROM items, in order) in; the indexes
/// in `outer_joined` are tables reached by an outer join.
pub fn join_order(hints: &[Hint], aliases: &[&str], outer_joined: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    for h in hints {
        if let Hint::Leading(list) = h {
            for a in list {
                if let Some(i) = aliases.iter().position(|r| *r == a.name) {
                    if !order.contains(&i) {
                        order.push(i);
                    }
                }
            }
        }
    }
    for i in 0..aliases.len() {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    // An outer-joined table is never first: the first other one leads.
    let joined_outer = |i: &usize| outer_joined.contains(i);
    if order.first().is_some_and(joined_outer) {
        if let Some(k) = order.iter().position(|i| !joined_outer(i)) {
            let lead = order.remove(k);
            order.insert(0, lead);
        }
    }
    order
}

/// `_optimizer_max_permutations` (9i on): the join orders considered at most.
pub const MAX_PERMUTATIONS: usize = 2000;

/// `_optimizer_search_limit` (5): above this many tables, a join order that
/// brings in a table with no join predicate to those before it (a
/// Cartesian product) is not considered.
pub const SEARCH_LIMIT: usize = 5;

/// Whether the hints fix the order: `ORDERED` (the FROM clause's).
pub fn ordered(hints: &[Hint]) -> bool {
    hints.iter().any(|h| matches!(h, Hint::Other(s) if s.eq_ignore_ascii_case("ORDERED")))
}

/// The number of leading tables a `LEADING` hint fixes (its names found
/// among `aliases`); 0 without one.
pub fn leading_len(hints: &[Hint], aliases: &[&str]) -> usize {
    let mut seen: Vec<&str> = Vec::new();
    for h in hints {
        if let Hint::Leading(list) = h {
            for a in list {
                if aliases.contains(&a.name.as_str()) && !seen.contains(&a.name.as_str()) {
                    seen.push(&a.name);
                }
            }
        }
    }
    seen.len()
}

/// The first order considered: the tables by increasing single-table
/// cardinality (`cards`, FROM order between equals), after the `fixed`
/// prefix of `hinted` (the hints' order) that stays in place.
pub fn initial_order(hinted: &[usize], fixed: usize, cards: &[f64]) -> Vec<usize> {
    let mut rest: Vec<usize> = hinted[fixed..].to_vec();
    rest.sort_by(|&a, &b| cards[a].total_cmp(&cards[b]).then(a.cmp(&b)));
    let mut order = hinted[..fixed].to_vec();
    order.extend(rest);
    order
}

/// The left-deep orders of one query block: positions into the initial
/// order, permuted after the `fixed` prefix in lexicographic order.
pub struct Permutations {
    base: Vec<usize>,
    pos: Vec<usize>,
    fixed: usize,
    started: bool,
    /// Orders handed out so far.
    pub tried: usize,
}

impl Permutations {
    pub fn new(base: Vec<usize>, fixed: usize) -> Permutations {
        let pos = (0..base.len()).collect();
        Permutations { base, pos, fixed, started: false, tried: 0 }
    }

    /// The next order, or None when all were tried (or the limit reached).
    /// `skip_from`: the last order's step whose cost passed the best: its
    /// prefix up to that step is not tried again.
    pub fn next(&mut self, skip_from: Option<usize>) -> Option<Vec<usize>> {
        if self.tried >= MAX_PERMUTATIONS {
            return None;
        }
        if self.started {
            if let Some(k) = skip_from {
                // Every order with this prefix: its suffix's last permutation.
                self.pos[k + 1..].sort_unstable_by(|a, b| b.cmp(a));
            }
            if !next_permutation(&mut self.pos[self.fixed..]) {
                return None;
            }
        }
        self.started = true;
        self.tried += 1;
        Some(self.pos.iter().map(|&i| self.base[i]).collect())
    }
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(a: &mut [usize]) -> bool {
    let n = a.len();
    if n < 2 {
        return false;
    }
    let Some(i) = (0..n - 1).rev().find(|&i| a[i] < a[i + 1]) else { return false };
    let j = (i + 1..n).rev().find(|&j| a[j] > a[i]).expect("a[i + 1] is larger");
    a.swap(i, j);
    a[i + 1..].reverse();
    true
}

/// A Cartesian product by MERGE JOIN CARTESIAN: the inner rows read once
/// (`inner_cost`) into a BUFFER SORT (sorting `inner_rows`: n log2 n
/// comparisons at `CPU_PER_ROW`, the lab's own figure),
/// then handed back for each further outer row. Each hand-back is charged
/// the inner access's cost again less its own CPU (`inner_cpu` cycles),
/// plus the CPU of returning the buffered rows (`CPU_PER_ROW` each):
/// Lewis's 9i figures (I/O costing) show a BUFFER SORT over a 2-block
/// access under 15 outer rows at 30 and the join at 32, as a nested loop
/// would cost; with CPU costing the loop pays the access's CPU each time
/// and the buffer a row's, so the merge join wins as soon as the outer
/// side has more than one row. Returns the BUFFER SORT's cost (the join's
/// less the outer side's).
pub fn buffer_sort_cost(outer_rows: f64, (inner_cost, inner_cpu, inner_rows): (f64, f64, f64), c: ScanCosting) -> f64 {
    let n = inner_rows.max(1.0);
    let sort = c.cpu_units(n * n.log2().max(1.0) * super::cost::CPU_PER_ROW);
    let again = (inner_cost - c.cpu_units(inner_cpu)).max(0.0) + c.cpu_units(n * super::cost::CPU_PER_ROW);
    inner_cost + sort + (outer_rows.max(1.0) - 1.0) * again
}

/// A nested loop's E-Rows: the outer rows times the inner rows per probe
/// (after its filters), at least one.
pub fn nested_loops_rows(outer_rows: f64, inner_rows: f64) -> f64 {
    (outer_rows * inner_rows).max(1.0).round()
}

/// A nested loop's cost: the outer side's, plus the inner side's once per
/// outer row.
pub fn nested_loops_cost(outer_cost: f64, outer_rows: f64, inner_cost: f64) -> f64 {
    outer_cost + outer_rows * inner_cost
}

/// A hash join's cost (Lewis, Cost-Based Oracle Fundamentals ch. 12): each
/// input read once, its cost once, plus the CPU of hashing every build row
/// into the table and every probe row against it, at a full scan's
/// per-row figure (`cost::CPU_PER_ROW`, the lab's assumption: Oracle's
/// cycles per hashed row are not published), in single-block read units.
/// The temp I/O of a join whose build input exceeds the work area is not
/// costed yet (the lab's hash joins are hinted).
pub fn hash_join_cost(build_cost: f64, probe_cost: f64, (build_rows, probe_rows): (f64, f64), c: ScanCosting) -> f64 {
    let cpu = (build_rows + probe_rows) * super::cost::CPU_PER_ROW;
    build_cost + probe_cost + c.cpu_units(cpu)
}

/// The temp I/O of a hash join whose build input (`build` bytes) would not
/// fit its work area (`area`: bytes, block size, blocks a request): both
/// inputs written to temp and read back once (one pass), each request a
/// single-block read's time: 2 x ceil(blocks / request). 0 when it fits.
pub fn hash_spill_cost((build, probe): (f64, f64), (area, block_size, io_blocks): (u64, u32, u32)) -> f64 {
    if build <= area as f64 {
        return 0.0;
    }
    let blocks = ((build + probe) / block_size.max(1) as f64).ceil();
    2.0 * (blocks / io_blocks.max(1) as f64).ceil()
}

/// The bytes a hash table adds to each build row beyond its columns
/// (Brady, "Hash Join Overflow Costing" #1 and #4, 2018: 12 a row, 11.76
/// measured between two row counts; `hash_temp_space`).
pub const HASH_TABLE_ROW_BYTES: f64 = 12.0;

/// DBMS_XPLAN's TempSpc of a HASH JOIN expected to spill: the hash table,
/// the build's rows x (row bytes + `HASH_TABLE_ROW_BYTES`), in whole blocks
/// (Brady #4: it moves with the build only). Not printed yet: MODEL.md,
/// "Sort costs and the Bytes column" says what must move with it.
pub fn hash_temp_space(build_rows: f64, build_row_bytes: f64, block_size: u32) -> u64 {
    let block = u64::from(block_size.max(1));
    let bytes = (build_rows.max(0.0) * (build_row_bytes.max(0.0) + HASH_TABLE_ROW_BYTES)).ceil() as u64;
    bytes.div_ceil(block) * block
}

/// NESTED LOOPS OUTER's E-Rows: every outer row at least once.
pub fn outer_join_rows(outer_rows: f64, inner_rows: f64) -> f64 {
    outer_rows.max(outer_rows * inner_rows)
}

/// The selectivity of an equijoin `t1.c1 = t2.c2` (Lewis, Cost-Based
/// Oracle Fundamentals ch. 10): the non-null shares of both columns over
/// the larger NUM_DISTINCT,
///   (1 - nulls1/rows1) * (1 - nulls2/rows2) / max(NDV1, NDV2).
pub fn equijoin_selectivity((a, a_rows): (&ColumnStats, f64), (b, b_rows): (&ColumnStats, f64)) -> f64 {
    let nn = |st: &ColumnStats, rows: f64| (1.0 - st.nulls as f64 / rows.max(1.0)).clamp(0.0, 1.0);
    nn(a, a_rows) * nn(b, b_rows) / (a.ndv.max(b.ndv).max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1,000 rows of 139 bytes a side over a 128 KB area: 278,000 bytes =
    /// 34 blocks (33.9), in 17 requests of 2 written and 17 read: 34. A
    /// build that fits costs no temp I/O.
    #[test]
    fn a_spilling_hash_join_pays_its_temp_io() {
        assert_eq!(hash_spill_cost((139_000.0, 139_000.0), (131_072, 8192, 2)), 34.0);
        assert_eq!(hash_spill_cost((131_072.0, 1e9), (131_072, 8192, 2)), 0.0);
    }

    /// Brady's published plan (Database Performance blog, "Hash Join
    /// Overflow Costing #3", 2018): build HJ50K 50,000 rows, Bytes 1123K
    /// (23 a row), TempSpc 1712K. 50,000 x (23 + 12) = 1,750,000 bytes =
    /// 213.6 blocks: 214 x 8,192 = 1,753,088 = 1712K.
    #[test]
    fn hash_join_temp_space_is_the_hash_table_in_blocks() {
        let t = hash_temp_space(50_000.0, 23.0, 8192);
        assert_eq!((t, t / 1024), (1_753_088, 1712));
        assert_eq!(hash_temp_space(0.0, 23.0, 8192), 0);
    }

    #[test]
    fn equijoin_takes_the_larger_ndv_and_both_null_shares() {
        // 1,000 rows with 100 values (100 nulls) joined to 500 rows with 50
        // values: 0.9 * 1 / 100 = 0.009; 1,000 * 500 * 0.009 = 4,500 rows.
        let a = ColumnStats { ndv: 100, nulls: 100, ..Default::default() };
        let b = ColumnStats { ndv: 50, ..Default::default() };
        let js = equijoin_selectivity((&a, 1000.0), (&b, 500.0));
        assert!((js - 0.009).abs() < 1e-12);
        assert_eq!((1000.0 * 500.0 * js).round(), 4500.0);
    }
}
