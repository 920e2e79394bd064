//! Issue 33: DBMS_XPLAN's `Cost (%CPU)` as Oracle prints it. Each plan
//! line carries its I/O cost (PLAN_TABLE's IO_COST: the Cost less its CPU
//! part) and the %CPU is `ceil(100 x (COST - IO_COST) / COST)`
//! (exec/plan/cpu.rs). The full scan's parts (optimizer/cost.rs):
//!   IO   = ceil(BLOCKS / 8 x 26 / 12) + 1
//!   CPU  = BLOCKS x 7,121.44 + NUM_ROWS x (150 + 20 x (last column read - 1))
//!   Cost = round(IO + CPU / (735.12 x 12 x 1000)), CPUSPEEDNW 735.12

mod common;
use common::*;
use lio_core::Engine;

/// The plan's text lines from DBMS_XPLAN.DISPLAY after EXPLAIN PLAN.
fn xplan(e: &mut Engine, sql: &str) -> Vec<String> {
    ok(&e.exec(&format!("explain plan for {sql}")));
    let s = e.exec("select * from table(dbms_xplan.display);");
    ok(&s);
    s[0].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

/// (operation name, Cost, IO_COST) per line.
fn costs(e: &mut Engine, sql: &str) -> Vec<(String, u64, u64)> {
    plan_of(e, sql)
        .iter()
        .map(|l| {
            (format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string(), l.cost, l.io_cost)
        })
        .collect()
}

/// Ten narrow columns, 100,000 rows, the tenth read: a full scan whose CPU
/// part shows.
///   BLOCKS 483, NUM_ROWS 100,000 (avg_row_len 33)
///   IO   = ceil(483 / 8 x 26 / 12) + 1 = ceil(130.81) + 1 = 132
///   CPU  = 483 x 7,121.44 + 100,000 x (150 + 20 x 9) = 36,439,656 cycles
///          / 8,821,440 = 4.13
///   Cost = round(136.13) = 136, IO_COST 132: ceil(100 x 4 / 136) = ceil(2.94) = (3)
#[test]
fn a_full_scan_prints_its_cpu_share() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table w (c1 number, c2 number, c3 number, c4 number, c5 number, \
                         c6 number, c7 number, c8 number, c9 number, c10 number);\n\
         insert into w select 1, 2, 3, 4, 5, 6, 7, 8, 9, mod(level, 10) from dual connect by level <= 100000;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'W')",
    ));
    assert_eq!(scalar(&mut e, "select blocks, num_rows from user_tables where table_name = 'W';"), "483,100000");
    let c = costs(&mut e, "select c10 from w;");
    assert_eq!(c, [("SELECT STATEMENT".into(), 136, 132), ("TABLE ACCESS FULL W".into(), 136, 132)]);
    let out = xplan(&mut e, "select c10 from w");
    assert_eq!(out[5], "|   0 | SELECT STATEMENT  |      |  100K |  293K |   136   (3)| 00:00:02 |");
    assert_eq!(out[6], "|   1 |  TABLE ACCESS FULL| W    |  100K |  293K |   136   (3)| 00:00:02 |");
    // The first column only: 100,000 x 150 + 3,439,656 = 18,439,656
    // cycles, 2.09: Cost round(134.09) = 134, ceil(200 / 134) = (2).
    let c = costs(&mut e, "select c1 from w;");
    assert_eq!(c[1], ("TABLE ACCESS FULL W".into(), 134, 132));
}

/// A small table: the CPU part rounds away (Cost = IO_COST), (0), as
/// Oracle prints a small full scan. STATUS_TABLE's 25 blocks:
///   IO = ceil(25 / 8 x 26 / 12) + 1 = 8, CPU 2,078,036 cycles = 0.24,
///   Cost round(8.24) = 8 = IO_COST: (0).
/// An index unique probe costs its I/O alone: INDEX UNIQUE SCAN 1 (0).
#[test]
fn small_scans_and_unique_probes_print_zero() {
    let mut e = quiet_engine();
    ok(&e.exec(STATUS_TABLE));
    let c = costs(&mut e, "select * from t where status = 'OPEN';");
    assert_eq!(c[1], ("TABLE ACCESS FULL T".into(), 8, 8));
    let out = xplan(&mut e, "select * from t where status = 'OPEN'");
    assert!(out[6].ends_with("|     8   (0)| 00:00:01 |"), "{out:?}");
    ok(&e.exec("create unique index t_id on t (id);"));
    let out = xplan(&mut e, "select * from t where id = 42");
    let probe = out.iter().find(|l| l.contains("INDEX UNIQUE SCAN")).expect("a unique probe");
    assert!(probe.ends_with("|     1   (0)| 00:00:01 |"), "{out:?}");
}

/// Randolf Geist, "Logical I/O Evolution - Part 3: 11g" (10 August 2011,
/// 11.2.0.1; the lab's seed, ../shared/seeds/logical-io-evolution-11g.txt,
/// display_cursor ALLSTATS): SELECT STATEMENT 202K(100), NESTED LOOPS
/// 202K (1), TABLE ACCESS FULL | T2 | 100K | 2720 (1), TABLE ACCESS BY
/// INDEX ROWID 2 (0), INDEX UNIQUE SCAN 1 (0). The lab: IO = ceil(10,001 / 8 x 26 / 12) + 1 = 2,710, CPU
/// 88,214,400 + 10,001 - 10,000 blocks' 7,121 cycles = 10.0: Cost 2,720,
/// ceil(100 x 10 / 2,720) = ceil(0.37) = (1), as published (rounding to
/// the nearest would print (0)). The nested loop carries its children's
/// CPU (10) over 202,720: ceil(0.005) = (1), as published.
#[test]
fn geist_full_scan_and_nested_loop_print_one() {
    let mut e = quiet_engine();
    ok(&e.exec(GEIST_TABLES));
    let q = "select max(b_filler), max(a_filler) from (\
             select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */ \
             a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler \
             from t2 a, t1 b where a.id = b.id)";
    let c = costs(&mut e, &format!("{q};"));
    let line = |op: &str| c.iter().find(|l| l.0 == op).unwrap_or_else(|| panic!("{op} in {c:?}")).clone();
    assert_eq!(line("TABLE ACCESS FULL T2"), ("TABLE ACCESS FULL T2".into(), 2720, 2710));
    let out = xplan(&mut e, q);
    let text = |op: &str| out.iter().find(|l| l.contains(op)).unwrap_or_else(|| panic!("{op} in {out:?}")).clone();
    assert!(text("TABLE ACCESS FULL").contains("|  2720   (1)|"), "{out:?}");
    // (The lab prints the loop's 202,720 as 203K, Geist's plan 202K: the
    // units' rounding, not the %CPU.)
    assert!(text("NESTED LOOPS").contains("K   (1)|"), "{out:?}");
    // The unique probe costs its I/O alone (cost.rs: a bound unique key).
    assert!(text("TABLE ACCESS BY INDEX ROWID").contains("|     2   (0)|"), "{out:?}");
    assert!(text("INDEX UNIQUE SCAN").contains("|     1   (0)|"), "{out:?}");
}

/// tests/articles/noveljic-io-sort-cost-19c.sql: SORT ORDER BY of 100,000
/// rows of N1 (a 268,288-byte area: one merge pass).
///   scan: BLOCKS 138, IO = ceil(138 / 8 x 26 / 12) + 1 = 39, CPU =
///         982,759 + 15,000,000 = 15,982,759 cycles = 1.81: Cost 41,
///         ceil(100 x 2 / 41) = ceil(4.88) = (5)
///   sort: I/O 304 (Noveljic's trace), CPU 97,494,107 cycles = 11.05
///         (optimizer/sort.rs): Cost round(40.81 + 304 + 11.05) = 356,
///         CPU 1.81 + 11.05 = 12.86, IO_COST round(343.0) = 343,
///         ceil(100 x 13 / 356) = ceil(3.65) = (4).
/// With the trace's CPU (119,218,158 cycles, 13.52) Oracle's line would be
/// 358 (5): the lab's sort CPU fit is 18% below 19c's.
#[test]
fn a_sort_adds_its_cpu_to_the_scans() {
    let mut e = quiet_engine();
    let script = include_str!("../../../tests/articles/noveljic-io-sort-cost-19c.sql");
    let s = e.exec(script);
    ok(&s);
    let out: Vec<String> = s
        .iter()
        .filter(|st| st.statement.contains("dbms_xplan.display"))
        .flat_map(|st| st.rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()))
        .collect();
    let text = |op: &str| out.iter().find(|l| l.contains(op)).unwrap_or_else(|| panic!("{op} in {out:?}")).clone();
    assert_eq!(text("SORT ORDER BY"), "|   1 |  SORT ORDER BY     |        |  100K |  488K |   356   (4)| 00:00:05 |");
    assert_eq!(
        text("TABLE ACCESS FULL"),
        "|   2 |   TABLE ACCESS FULL| T_100K |  100K |  488K |    41   (5)| 00:00:01 |"
    );
}

/// A hash join of two full scans of 154 blocks and 10,000 rows (ID and a
/// 100-byte PAD read: the second column):
///   scan: IO = ceil(154 / 8 x 26 / 12) + 1 = 43, CPU = 1,096,702 +
///         10,000 x 170 = 2,796,702 cycles = 0.32: Cost 43 = IO_COST, (0)
///   join: 43 + 43 + 20,000 rows x 150 cycles (3,000,000 = 0.34) = 86,
///         CPU 0.32 + 0.32 + 0.34 = 0.97, IO_COST round(85.03) = 85,
///         ceil(100 x 1 / 86) = (2).
/// A nested loop of 19 outer rows into the same scan: 43 + 19 x 43 = 860,
/// CPU 0.32 + 19 x 0.32 = 6.34, IO_COST 854: ceil(600 / 860) = (1).
#[test]
fn a_hash_join_and_a_nested_loop_add_theirs() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, pad varchar2(100));\n\
         insert into t select level, rpad('x', 100) from dual connect by level <= 10000;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    assert_eq!(scalar(&mut e, "select blocks, num_rows from user_tables where table_name = 'T';"), "154,10000");
    let c = costs(&mut e, "select a.pad, b.pad from t a, t b where a.id = b.id;");
    assert_eq!(
        c,
        [
            ("SELECT STATEMENT".into(), 86, 85),
            ("HASH JOIN".into(), 86, 85),
            ("TABLE ACCESS FULL T".into(), 43, 43),
            ("TABLE ACCESS FULL T".into(), 43, 43)
        ]
    );
    let out = xplan(&mut e, "select a.pad, b.pad from t a, t b where a.id = b.id");
    assert!(out[6].starts_with("|*  1 |  HASH JOIN ") && out[6].ends_with("|    86   (2)| 00:00:02 |"), "{out:?}");
    let c =
        costs(&mut e, "select /*+ leading(a) use_nl(b) */ a.pad, b.pad from t a, t b where a.id = b.id and a.id < 20;");
    assert_eq!(c[1], ("NESTED LOOPS".into(), 860, 854));
}
