//! TABLE ACCESS BY INDEX ROWID BATCHED (12.1 on): where Oracle prints it
//! and where it does not, each plan as `dbms_xplan.display(format =>
//! 'basic')` prints it (exec/plan/batched.rs has the published sources).
//!
//! The table: 1,000 rows, V = trunc((id - 1) / 10) (ten rows a value,
//! stored together), an index on V, a unique one on ID. A range on V is
//! cheaper through the index (10 rows in one or two blocks); so is ID = 7.
mod common;
use common::*;

const SETUP: &str = "create table t (id number, v number, pad varchar2(100));\n\
     insert into t select rownum, trunc((rownum-1)/10), rpad('x', 100) from dual connect by level <= 1000;\n\
     commit;\n\
     create index t_v on t(v);\n\
     create unique index t_id on t(id);\n\
     exec dbms_stats.gather_table_stats(user, 'T')";

fn engine(version: &str) -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("lab version {version};\n{SETUP}")));
    e
}

/// The plan lines (Id, Operation, Name) of `sql`, format BASIC.
fn basic(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let rows =
        text_rows(e, &format!("explain plan for {sql};\nselect * from table(dbms_xplan.display(format=>'basic'));"));
    rows.into_iter().map(|r| r.join("")).filter(|l| l.starts_with("| ")).skip(1).collect()
}

const RANGE_BATCHED: [&str; 3] = [
    "|   0 | SELECT STATEMENT                    |      |",
    "|   1 |  TABLE ACCESS BY INDEX ROWID BATCHED| T    |",
    "|   2 |   INDEX RANGE SCAN                  | T_V  |",
];

const RANGE_PLAIN: [&str; 3] = [
    "|   0 | SELECT STATEMENT            |      |",
    "|   1 |  TABLE ACCESS BY INDEX ROWID| T    |",
    "|   2 |   INDEX RANGE SCAN          | T_V  |",
];

/// 19c: an INDEX RANGE SCAN's table access is BATCHED (Nyffenegger's
/// `nm between 100 and 105` plan); an INDEX UNIQUE SCAN's is not (his
/// `id = 12345` plan on the same page).
#[test]
fn range_scan_batched_unique_scan_not() {
    let mut e = engine("19c");
    assert_eq!(basic(&mut e, "select * from t where v = 7"), RANGE_BATCHED);
    assert_eq!(
        basic(&mut e, "select * from t where id = 7"),
        [
            "|   0 | SELECT STATEMENT            |      |",
            "|   1 |  TABLE ACCESS BY INDEX ROWID| T    |",
            "|   2 |   INDEX UNIQUE SCAN         | T_ID |",
        ]
    );
}

/// 11.2 has no batching: the same range scan's access is plain.
#[test]
fn eleven_g_never_batches() {
    let mut e = engine("11.2.0.2");
    assert_eq!(basic(&mut e, "select * from t where v = 7"), RANGE_PLAIN);
    // The hint asks for what the release does not have.
    assert_eq!(basic(&mut e, "select /*+ batch_table_access_by_rowid(t) */ * from t where v = 7"), RANGE_PLAIN);
}

/// ROWNUM's COUNT STOPKEY keeps the batching (twelvec.com's EMP_SAL_I
/// plan, Xifenfei's `rownum < 2` plan, 12.1.0.2).
#[test]
fn stopkey_keeps_batching() {
    let mut e = engine("19c");
    assert_eq!(
        basic(&mut e, "select * from t where v = 7 and rownum <= 3"),
        [
            "|   0 | SELECT STATEMENT                     |      |",
            "|   1 |  COUNT STOPKEY                       |      |",
            "|   2 |   TABLE ACCESS BY INDEX ROWID BATCHED| T    |",
            "|   3 |    INDEX RANGE SCAN                  | T_V  |",
        ]
    );
}

/// When the plan relies on the index's order (no SORT ORDER BY, a SORT
/// GROUP BY NOSORT, a DESCENDING scan) the access is not batched: Houri,
/// "TABLE ACCESS BY INDEX ROWID BATCHED" (12.1, 2014).
#[test]
fn index_order_relied_on_is_not_batched() {
    let mut e = engine("19c");
    let plain = |op: &str| {
        vec![
            "|   0 | SELECT STATEMENT             |      |".to_string(),
            "|   1 |  TABLE ACCESS BY INDEX ROWID | T    |".to_string(),
            format!("|   2 |   {op:<27}| T_V  |"),
        ]
    };
    assert_eq!(
        basic(&mut e, "select * from t where v between 3 and 5 order by v desc"),
        plain("INDEX RANGE SCAN DESCENDING")
    );
    assert_eq!(
        basic(&mut e, "select /*+ index_desc(t t_v) */ * from t where v between 3 and 5"),
        plain("INDEX RANGE SCAN DESCENDING")
    );
    assert_eq!(basic(&mut e, "select * from t where v between 3 and 5 order by v"), RANGE_PLAIN);
    assert_eq!(
        basic(&mut e, "select v, count(pad) from t where v between 3 and 5 group by v"),
        [
            "|   0 | SELECT STATEMENT             |      |",
            "|   1 |  SORT GROUP BY NOSORT        |      |",
            "|   2 |   TABLE ACCESS BY INDEX ROWID| T    |",
            "|   3 |    INDEX RANGE SCAN          | T_V  |",
        ]
    );
}

/// The hints, `OPT_PARAM` and the parameter; an OFE below 12.1.0.1.
#[test]
fn hints_parameter_and_ofe() {
    let mut e = engine("19c");
    assert_eq!(basic(&mut e, "select /*+ no_batch_table_access_by_rowid(t) */ * from t where v = 7"), RANGE_PLAIN);
    // A hint naming another table changes nothing here.
    assert_eq!(basic(&mut e, "select /*+ no_batch_table_access_by_rowid(x) */ * from t where v = 7"), RANGE_BATCHED);
    let opt = "select /*+ opt_param('_optimizer_batch_table_access_by_rowid', 'false') */ * from t where v = 7";
    assert_eq!(basic(&mut e, opt), RANGE_PLAIN);
    ok(&e.exec("alter session set \"_optimizer_batch_table_access_by_rowid\" = false;"));
    assert_eq!(basic(&mut e, "select * from t where v = 7"), RANGE_PLAIN);
    assert_eq!(basic(&mut e, "select /*+ batch_table_access_by_rowid(t) */ * from t where v = 7"), RANGE_BATCHED);
    ok(&e.exec("alter session set \"_optimizer_batch_table_access_by_rowid\" = true;"));
    assert_eq!(basic(&mut e, "select * from t where v = 7"), RANGE_BATCHED);
    ok(&e.exec("alter session set optimizer_features_enable = '11.2.0.4';"));
    assert_eq!(basic(&mut e, "select * from t where v = 7"), RANGE_PLAIN);
    ok(&e.exec("alter session set optimizer_features_enable = '12.1.0.1';"));
    assert_eq!(basic(&mut e, "select * from t where v = 7"), RANGE_BATCHED);
    assert_eq!(basic(&mut e, "select /*+ optimizer_features_enable('11.2.0.4') */ * from t where v = 7"), RANGE_PLAIN);
}

/// A nested loop: the driving table's range scan access is BATCHED; NLJ
/// batching's second table access (its rowids come from the join) and
/// the prefetch shape's (above the loop) are not.
#[test]
fn nested_loops() {
    let mut e = engine("19c");
    ok(&e.exec(
        "create table u (id number, v number, pad varchar2(100));\n\
         insert into u select rownum, trunc((rownum-1)/10), rpad('x', 100) from dual connect by level <= 1000;\n\
         commit;\n\
         create index u_v on u(v);\n\
         exec dbms_stats.gather_table_stats(user, 'U')",
    ));
    let q = "select /*+ leading(t u) use_nl(u) index(u u_v) */ * from t, u where t.v = 3 and u.v = t.id";
    assert_eq!(
        basic(&mut e, q),
        [
            "|   0 | SELECT STATEMENT                      |      |",
            "|   1 |  NESTED LOOPS                         |      |",
            "|   2 |   NESTED LOOPS                        |      |",
            "|   3 |    TABLE ACCESS BY INDEX ROWID BATCHED| T    |",
            "|   4 |     INDEX RANGE SCAN                  | T_V  |",
            "|   5 |    INDEX RANGE SCAN                   | U_V  |",
            "|   6 |   TABLE ACCESS BY INDEX ROWID         | U    |",
        ]
    );
    let q = "select /*+ leading(t u) use_nl(u) index(u u_v) no_nlj_batching(u) */ * from t, u \
             where t.v = 3 and u.v = t.id";
    assert_eq!(
        basic(&mut e, q),
        [
            "|   0 | SELECT STATEMENT                      |      |",
            "|   1 |  TABLE ACCESS BY INDEX ROWID          | U    |",
            "|   2 |   NESTED LOOPS                        |      |",
            "|   3 |    TABLE ACCESS BY INDEX ROWID BATCHED| T    |",
            "|   4 |     INDEX RANGE SCAN                  | T_V  |",
            "|   5 |    INDEX RANGE SCAN                   | U_V  |",
        ]
    );
}

/// A partitioned table: BY LOCAL / GLOBAL INDEX ROWID BATCHED.
#[test]
fn partitioned_local_and_global() {
    let mut e = engine("19c");
    ok(&e.exec(
        "create table p (id number, v number, pad varchar2(100)) partition by range (id) \
         (partition p1 values less than (500), partition p2 values less than (maxvalue));\n\
         insert into p select rownum, trunc((rownum-1)/10), rpad('x', 100) from dual connect by level <= 1000;\n\
         commit;\n\
         create index p_v on p(v) local;\n\
         create index p_g on p(id, v);\n\
         exec dbms_stats.gather_table_stats(user, 'P')",
    ));
    assert_eq!(
        basic(&mut e, "select * from p where v = 3"),
        [
            "|   0 | SELECT STATEMENT                           |      |",
            "|   1 |  PARTITION RANGE ALL                       |      |",
            "|   2 |   TABLE ACCESS BY LOCAL INDEX ROWID BATCHED| P    |",
            "|   3 |    INDEX RANGE SCAN                        | P_V  |",
        ]
    );
    assert_eq!(
        basic(&mut e, "select /*+ index(p p_g) */ * from p where id between 3 and 30"),
        [
            "|   0 | SELECT STATEMENT                           |      |",
            "|   1 |  TABLE ACCESS BY GLOBAL INDEX ROWID BATCHED| P    |",
            "|   2 |   INDEX RANGE SCAN                         | P_G  |",
        ]
    );
}

/// Nyffenegger's two plans (tests/articles), every line of the box as
/// published.
#[test]
fn nyffenegger_by_index_rowid_and_batched() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/nyffenegger-table-access-by-index-rowid-batched.sql"));
    ok(&steps);
    let plans: Vec<Vec<String>> = steps
        .iter()
        .filter(|s| s.statement.contains("dbms_xplan.display"))
        .map(|s| row_strings(s).into_iter().skip(2).collect())
        .collect();
    assert_eq!(
        plans,
        [
            [
                "---------------------------------------------------",
                "| Id  | Operation                   | Name        |",
                "---------------------------------------------------",
                "|   0 | SELECT STATEMENT            |             |",
                "|   1 |  TABLE ACCESS BY INDEX ROWID| TQ84_TAB    |",
                "|   2 |   INDEX UNIQUE SCAN         | TQ84_TAB_PK |",
                "---------------------------------------------------",
            ],
            [
                "-----------------------------------------------------------",
                "| Id  | Operation                           | Name        |",
                "-----------------------------------------------------------",
                "|   0 | SELECT STATEMENT                    |             |",
                "|   1 |  TABLE ACCESS BY INDEX ROWID BATCHED| TQ84_TAB    |",
                "|   2 |   INDEX RANGE SCAN                  | TQ84_TAB_IX |",
                "-----------------------------------------------------------",
            ],
        ]
    );
}

/// The parameter changes the plan's word, not the work: Ric Van Dyke
/// (ricramblings.blogspot.com, December 2013, 12.1) saw the same
/// statistics with `_optimizer_batch_table_access_by_rowid` TRUE or
/// FALSE. The lab's row source is the same either way: the same gets
/// and pins for a range of 30 rows in 3 or 4 table blocks.
#[test]
fn the_parameter_changes_the_word_not_the_gets() {
    let mut e = engine("19c");
    let q = "select count(pad) from t where v between 3 and 5;";
    let run = |e: &mut lio_core::Engine, setting: &str| {
        let steps =
            e.exec(&format!("alter session set \"_optimizer_batch_table_access_by_rowid\" = {setting};\n{q}\n{q}"));
        ok(&steps);
        let s = steps.last().unwrap();
        let op = s.plan[2].operation.clone();
        (op, stat(s, "consistent gets"), stat(s, "buffer is pinned count"), s.rows_processed)
    };
    let (on_op, on_gets, on_pins, on_rows) = run(&mut e, "true");
    let (off_op, off_gets, off_pins, off_rows) = run(&mut e, "false");
    assert_eq!(
        (on_op.as_str(), off_op.as_str()),
        ("TABLE ACCESS BY INDEX ROWID BATCHED", "TABLE ACCESS BY INDEX ROWID")
    );
    assert_eq!((on_gets, on_pins, on_rows), (off_gets, off_pins, off_rows));
    assert!(on_gets > 0 && on_rows == 1);
}
