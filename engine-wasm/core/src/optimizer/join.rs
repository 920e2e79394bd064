//! Join order and the nested loop's figures. The order today: the tables
//! a `LEADING` hint names, in its order, then the rest in FROM order; an
//! outer-joined table never leads (the first other one does). Issue 31
//! enumerates orders by cost here.

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
    build_cost + probe_cost + cpu / (c.cpuspeed * c.sreadtim * 1000.0)
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

/// A SORT JOIN's cost: its input's, plus the CPU of sorting its rows
/// (n log2 n comparisons at a full scan's per-row figure,
/// `cost::CPU_PER_ROW`: the lab's assumption, Oracle's sort costing is not
/// published), at least one unit, in single-block read units.
pub fn sort_cost(input_cost: f64, rows: f64, c: ScanCosting) -> f64 {
    let n = rows.max(1.0);
    let cpu = n * n.log2().max(1.0) * super::cost::CPU_PER_ROW;
    input_cost + (cpu / (c.cpuspeed * c.sreadtim * 1000.0)).max(1.0)
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
