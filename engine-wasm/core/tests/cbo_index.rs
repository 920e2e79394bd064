//! Issue 31, the cost-based optimizer: index access paths costed as
//! Oracle costs them, and the plan chosen by cost.
//!
//! The formula (optimizer/cost.rs `IndexAccess`; Lewis, Cost-Based Oracle
//! Fundamentals ch. 4):
//!   cost = blevel + ceil(leaf_blocks * ix_sel) + ceil(clustering_factor * tb_sel)
//!          + CPU (7,121.44 cycles a block visited, 150 a row, over
//!            CPUSPEEDNW 735.12 * SREADTIM 12 * 1000)
//! BLEVEL is left out when it is 1 and every column of the index is bound
//! by an equality. The INDEX line prints the first two terms, the TABLE
//! ACCESS BY INDEX ROWID line the whole. Selectivity: equality 1/NDV (the
//! index's DISTINCT_KEYS when every column is bound); a range (hi - lo) /
//! (high - low) plus 1/NDV per closed bound. E-Rows = NUM_ROWS * selectivity.

mod common;
use common::*;
use lio_core::Engine;

fn l(op: &str, rows: u64, cost: u64) -> (String, u64, u64) {
    (op.to_string(), rows, cost)
}

/// A hand-checked small case: 200 rows of 300 bytes, ID 1..200 in order,
/// 10 blocks (9 with rows: CLUSTERING_FACTOR 9), an index of one leaf
/// (BLEVEL 0).
fn small_engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table h (id number not null, pad varchar2(300));\n\
         insert into h select level, rpad('x', 300) from dual connect by level <= 200;\n\
         commit;\n\
         create index h_id on h (id);\n\
         exec dbms_stats.gather_table_stats(user, 'H')",
    ));
    assert_eq!(scalar(&mut e, "select blocks, num_rows from user_tables where table_name = 'H';"), "10,200");
    let ix =
        "select blevel, leaf_blocks, distinct_keys, clustering_factor from user_indexes where index_name = 'H_ID';";
    assert_eq!(scalar(&mut e, ix), "0,1,200,9");
    e
}

/// The small case's index paths, worked by hand:
///   id between 11 and 50: sel = (50 - 11)/(200 - 1) + 2/200 = 0.20598
///     E-Rows 200 * 0.20598 = 41; cost 0 + ceil(1 * 0.206) + ceil(9 * 0.206)
///     = 0 + 1 + 2 = 3 (the index line 1)
///   id > 190: sel = (200 - 190)/199 = 0.05025, E-Rows 10;
///     cost 0 + 1 + ceil(0.452) = 2
///   id = 7: sel = 1/200, E-Rows 1; cost 0 + 1 + ceil(0.045) = 2
/// The CPU terms are below 0.01 of a read (e.g. 3 blocks and 41 rows:
/// (3 * 7,121.44 + 2 * 41 * 150) / 8,821,440 = 0.004).
#[test]
fn small_index_range_costs_worked_by_hand() {
    let mut e = small_engine();
    let p = plan_of(&mut e, "select * from h where id between 11 and 50;");
    assert_eq!(
        lines(&p),
        [
            l("SELECT STATEMENT", 41, 3),
            l("TABLE ACCESS BY INDEX ROWID BATCHED H", 41, 3),
            l("INDEX RANGE SCAN H_ID", 41, 1)
        ]
    );
    let p = plan_of(&mut e, "select * from h where id > 190;");
    assert_eq!(lines(&p)[1..], [l("TABLE ACCESS BY INDEX ROWID BATCHED H", 10, 2), l("INDEX RANGE SCAN H_ID", 10, 1)]);
    let p = plan_of(&mut e, "select * from h where id = 7;");
    assert_eq!(lines(&p)[1..], [l("TABLE ACCESS BY INDEX ROWID BATCHED H", 1, 2), l("INDEX RANGE SCAN H_ID", 1, 1)]);
}

/// The cheaper path wins even where both print the same Cost:
///   id >= 150: sel = 50/199 + 1/200 = 0.25628, E-Rows 51
///   index: IO 0 + 1 + ceil(9 * 0.25628) = 0 + 1 + 3 = 4;
///          CPU (1 + 3) * 7,121.44 + 2 * 51.26 * 150 = 43,863 -> 4.005
///   full:  IO ceil(10 / 8 * 26 / 12) + 1 = 4;
///          CPU 10 * 7,121.44 + 200 * (150 + 20) = 105,214 -> 4.012
/// Main (tiers: a range had to cost strictly less than the full scan's
/// rounded 4) took the full scan.
#[test]
fn the_cheaper_path_wins_at_an_equal_printed_cost() {
    let mut e = small_engine();
    let p = plan_of(&mut e, "select * from h where id >= 150;");
    assert_eq!(lines(&p)[1..], [l("TABLE ACCESS BY INDEX ROWID BATCHED H", 51, 4), l("INDEX RANGE SCAN H_ID", 51, 1)]);
    // FULL overrides the cost.
    let p = plan_of(&mut e, "select /*+ full(h) */ * from h where id >= 150;");
    assert_eq!(lines(&p)[1..], [l("TABLE ACCESS FULL H", 51, 4)]);
}

/// Issue 28's "the optimizer picks a plan it costed higher": 10,000 rows,
/// STATUS with two values. The index now costs what Oracle's formula
/// gives, with its clustering factor (48: the OPEN rows are in every one
/// of the 24 blocks, and so are the CLOSED ones):
///   0 (BLEVEL 1, every column bound) + ceil(24 leaves * 0.5) + ceil(48 * 0.5)
///   = 12 + 24 = 36 (main: 5,008, a table visit per row)
/// and loses to the full scan at 8.
#[test]
fn low_cardinality_index_costs_its_clustering_factor_share() {
    let mut e = quiet_engine();
    ok(&e.exec(STATUS_TABLE));
    let ix =
        "select blevel, leaf_blocks, distinct_keys, clustering_factor from user_indexes where index_name = 'T_STATUS';";
    assert_eq!(scalar(&mut e, ix), "1,24,2,48");
    let free = plan_of(&mut e, "select * from t where status = 'OPEN';");
    assert_eq!(lines(&free)[1..], [l("TABLE ACCESS FULL T", 5000, 8)]);
    let forced = plan_of(&mut e, "select /*+ index(t t_status) */ * from t where status = 'OPEN';");
    assert_eq!(
        lines(&forced)[1..],
        [l("TABLE ACCESS BY INDEX ROWID BATCHED T", 5000, 36), l("INDEX RANGE SCAN T_STATUS", 5000, 12)]
    );
}

/// The seed article (Randolf Geist, "Logical I/O Evolution - Part 3:
/// 11g", 11.2.0.1; samples/nested-loops-11g.sql): T2_IDX, a non-unique
/// index on 100,000 distinct IDs (BLEVEL 1), probed by a join. Published:
/// TABLE ACCESS BY INDEX ROWID T2 2 (0), INDEX RANGE SCAN T2_IDX 1 (0),
/// NESTED LOOPS 202K. Ours:
///   ix_sel = 1/DISTINCT_KEYS = 1/100,000 (the join value is not known)
///   index: 0 (BLEVEL 1, every column bound) + ceil(leaves / 100,000) = 1
///   table: 1 + ceil(CF (< 100,000) / 100,000) = 2
///   NESTED LOOPS 2,720 + 100,000 * 2 = 202,720
/// (main printed 2 and 3, and 302,720: BLEVEL counted, a visit per row).
#[test]
fn a_blevel_one_index_probe_costs_as_the_seed_prints() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "LAB VERSION 11.2.0.1;\n\
         create table t1 (id number not null, filler varchar2(700));\n\
         create table t2 (id number not null, filler varchar2(700));\n\
         exec dbms_random.seed(1)\n\
         insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 100000 order by dbms_random.value;\n\
         exec dbms_random.seed(2)\n\
         insert into t2 select rownum, rpad('y', 700) from dual connect by level <= 100000 order by dbms_random.value;\n\
         commit;\n\
         create unique index t1_idx on t1 (id);\n\
         create index t2_idx on t2 (id);\n\
         exec dbms_stats.gather_table_stats(user, 'T1')\n\
         exec dbms_stats.gather_table_stats(user, 'T2')",
    ));
    let q = "select max(b_filler), max(a_filler) from (\
             select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */ \
             a.filler as a_filler, b.filler as b_filler from t1 a, t2 b where b.id = a.id);";
    let p = lines(&plan_of(&mut e, q));
    assert_eq!(
        p[2..],
        [
            l("NESTED LOOPS", 100_000, 202_720),
            l("TABLE ACCESS FULL T1", 100_000, 2720),
            l("TABLE ACCESS BY INDEX ROWID T2", 1, 2),
            l("INDEX RANGE SCAN T2_IDX", 1, 1)
        ]
    );
}

/// tests/articles/kyte-clustered-index-range-cost.sql: Tom Kyte's
/// CLUSTERED table (12,652 rows, CLUSTERING_FACTOR 469), `x between 50
/// and 2750`. Published: TABLE ACCESS BY INDEX ROWID | CLUSTERED | 2702 |
/// 683K | 108 (0), INDEX RANGE SCAN | CLUSTERED_PK | 2702 | | 7 (0).
///   sel = (2750 - 50)/(12652 - 1) + 2/12652 = 0.21358; E-Rows 2,702
///   index: 1 + ceil(25 leaves * 0.21358) = 1 + 6 = 7
///   table: ceil(469 * 0.21358) = ceil(100.2) = 101; 7 + 101 = 108
/// The page is 10g; the lab runs at 19c, where the access is BATCHED
/// (plan/batched.rs).
#[test]
fn article_kyte_clustered_index_range_cost() {
    let script = include_str!("../../../tests/articles/kyte-clustered-index-range-cost.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    // Its APPEND loads and ANALYZE statements run (session/direct.rs, maint.rs).
    ok(&s);
    let cf =
        s.iter().find(|st| st.statement.contains("clustering_factor") && !st.rows.is_empty()).expect("the CF query");
    assert_eq!(cf.rows[0][1].as_f64(), Some(469.0));
    let plan = s.iter().find(|st| st.statement.contains("between 50 and 2750") && !st.plan.is_empty()).expect("plan");
    assert_eq!(
        lines(&plan.plan),
        [
            l("SELECT STATEMENT", 2702, 108),
            l("TABLE ACCESS BY INDEX ROWID BATCHED CLUSTERED", 2702, 108),
            l("INDEX RANGE SCAN CLUSTERED_PK", 2702, 7)
        ]
    );
}
