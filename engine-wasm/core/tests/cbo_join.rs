//! Issue 31, the cost-based optimizer: a nested loop's E-Rows as Oracle's
//! join cardinality (Lewis, Cost-Based Oracle Fundamentals ch. 10):
//!   rows = outer rows * inner table rows * js * (the inner's other filters)
//!   js   = (1 - nulls1/rows1) * (1 - nulls2/rows2) / max(NDV1, NDV2)
//! (optimizer/join.rs `equijoin_selectivity`; a join column that is a
//! single-column index's takes its DISTINCT_KEYS for NDV).

mod common;
use common::*;
use lio_core::result::PlanLineOut;

fn nl_rows(plan: &[PlanLineOut]) -> Vec<u64> {
    plan.iter().filter(|l| l.operation == "NESTED LOOPS").map(|l| l.e_rows).collect()
}

/// A: 1,000 rows, N with 100 values and 100 nulls; B: 500 rows, N with
/// 50 values. js = (900/1000) * (500/500) / max(100, 50) = 0.009:
/// 1,000 * 500 * 0.009 = 4,500 rows, whether B is reached by a full scan
/// (main: 1,000 * 25, the join predicate a 5% guess on B) or through an
/// index on B.N (main: 1,000 * 500/50 = 10,000, NDV of B alone).
#[test]
fn nested_loops_rows_use_the_larger_ndv_and_the_null_shares() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table a (n number, pad varchar2(10));\n\
         insert into a select case when level <= 100 then null else mod(level, 100) end, 'x' from dual connect by level <= 1000;\n\
         create table b (n number, pad varchar2(10));\n\
         insert into b select mod(level, 50), 'y' from dual connect by level <= 500;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'A')\n\
         exec dbms_stats.gather_table_stats(user, 'B')",
    ));
    let q = "select /*+ leading(a) use_nl(a b) */ * from a, b where a.n = b.n;";
    let p = plan_of(&mut e, q);
    assert_eq!(nl_rows(&p), [4500], "{p:?}");
    assert_eq!(p[0].e_rows, 4500);
    ok(&e.exec("create index b_n on b (n);"));
    let p = plan_of(&mut e, q);
    assert!(p.iter().any(|l| l.operation == "INDEX RANGE SCAN"), "{p:?}");
    assert_eq!(nl_rows(&p), [4500, 4500], "{p:?}");
    // B's other filter, B.PAD = 'y' (one value: selectivity 1), keeps it.
    let p = plan_of(&mut e, "select /*+ leading(a) use_nl(a b) */ * from a, b where a.n = b.n and b.pad = 'y';");
    assert_eq!(nl_rows(&p), [4500, 4500], "{p:?}");
}

/// The seed article (Geist, 11.2.0.1): T1 and T2 of 100,000 IDs each, the
/// inner reached by T1_IDX (unique). Published: NESTED LOOPS 100K, and
/// 1000 with `substr(b.filler, 1, 1) = 'x'` (a 1% guess). Ours: 100,000 *
/// 100,000 / 100,000 (T1_IDX's DISTINCT_KEYS) = 100,000, and 1,000.
#[test]
fn the_seeds_nested_loops_rows() {
    let mut e = quiet_engine();
    ok(&e.exec(GEIST_TABLES));
    let q = |extra: &str| {
        format!(
            "select max(b_filler), max(a_filler) from (\
             select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */ \
             a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler \
             from t2 a, t1 b where a.id = b.id{extra});"
        )
    };
    assert_eq!(nl_rows(&plan_of(&mut e, &q(""))), [100_000]);
    assert_eq!(nl_rows(&plan_of(&mut e, &q(" and substr(b.filler, 1, 1) = 'x'"))), [1000]);
}
