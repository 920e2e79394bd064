//! Online statistics gathering for bulk loads (12.1+;
//! `session/stats_on_load.rs`).
//!
//! Published cases:
//! - Tim Hall, oracle-base, "Online Statistics Gathering for Bulk Loads in
//!   Oracle Database 12c Release 1 (12.1)"
//!   (https://oracle-base.com/articles/12c/online-statistics-gathering-for-bulk-loads-12cr1):
//!   a CTAS of 1,000 rows shows NUM_ROWS 1000 with no DBMS_STATS call;
//!   TRUNCATE then INSERT /*+ APPEND */ of 500 rows: 500; "A regular
//!   delete will not leave the object in the correct state": after a
//!   DELETE the APPEND load gathers nothing.
//! - dbaora.com, "Online Statistics Gathering for Bulk Loads" (12.1): a
//!   table filled by conventional INSERTs has no statistics; a CTAS of it
//!   has NUM_ROWS 200; an APPEND load into a new empty table gathers too.
//! - René Nyffenegger, OPTIMIZER STATISTICS GATHERING: the APPEND load's
//!   plan is LOAD AS SELECT over OPTIMIZER STATISTICS GATHERING over the
//!   query; the conventional INSERT's has no such line.
//! - Franck Pachot, "Optimizer Statistics Gathering - pending and history"
//!   (18c, CERN blog via dbi-services): a CTAS of one row gathers NUM_ROWS 1,
//!   and a conventional INSERT of 41 more leaves the estimate at 1 (E-Rows 1
//!   against 42 rows).

mod common;
use common::*;

fn num_rows(e: &mut lio_core::Engine, table: &str) -> String {
    let rows = text_rows(e, &format!("select num_rows from user_tables where table_name = '{table}';"));
    rows[0][0].clone()
}

#[test]
fn oracle_base_ctas_and_append_into_an_empty_segment_gather_statistics() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "CREATE TABLE tab1 AS
         SELECT level AS id,
                'Description of ' || level AS description
         FROM   dual
         CONNECT BY level <= 1000;",
    ));
    assert_eq!(num_rows(&mut e, "TAB1"), "1000");
    ok(&e.exec(
        "TRUNCATE TABLE tab1;
         INSERT /*+ APPEND */ INTO tab1
         SELECT level AS id,
                'Description of ' || level AS description
         FROM   dual
         CONNECT BY level <= 500;
         COMMIT;",
    ));
    assert_eq!(num_rows(&mut e, "TAB1"), "500");
    // A DELETE leaves the blocks below the high water mark: no gathering.
    ok(&e.exec(
        "DELETE FROM tab1;
         COMMIT;
         INSERT /*+ APPEND */ INTO tab1
         SELECT level AS id,
                'Description of ' || level AS description
         FROM   dual
         CONNECT BY level <= 1000;
         COMMIT;",
    ));
    assert_eq!(num_rows(&mut e, "TAB1"), "500");
}

#[test]
fn dbaora_conventional_inserts_gather_nothing_a_ctas_of_them_does() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table test_src (id1 number, id2 number);
         begin
           for i in 1..200 loop
             insert into test_src values (i, i);
           end loop;
           commit;
         end;
         /
         create table test_dst1 as select * from test_src;
         create table test_dst2 (id1 number, id2 number);
         insert /*+ APPEND */ into test_dst2 select * from test_src;
         commit;",
    ));
    assert_eq!(num_rows(&mut e, "TEST_SRC"), "null");
    assert_eq!(num_rows(&mut e, "TEST_DST1"), "200");
    assert_eq!(num_rows(&mut e, "TEST_DST2"), "200");
    let cols = text_rows(
        &mut e,
        "select column_name, num_distinct, histogram from user_tab_col_statistics where table_name = 'TEST_DST1' order by column_name;",
    );
    assert_eq!(cols, vec![vec!["ID1", "200", "NONE"], vec!["ID2", "200", "NONE"]]);
}

#[test]
fn the_append_load_plan_has_the_gathering_line_the_conventional_one_not() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table tq84_A(col varchar2(1000));
         explain plan for insert into tq84_A select dbms_random.string('a', 1000) from dual connect by level <= 10000;
         select * from table(dbms_xplan.display(format=> 'basic'));
         explain plan for insert /*+ append */ into tq84_A select dbms_random.string('a', 1000) from dual connect by level <= 10000;
         select * from table(dbms_xplan.display(format=> 'basic'));
         explain plan for create table tq84_b as select * from tq84_A;
         select * from table(dbms_xplan.display(format=> 'basic'));",
    );
    ok(&steps);
    let text = |s: &lio_core::StepOut| row_strings(s).join("\n");
    assert!(!text(&steps[2]).contains("OPTIMIZER STATISTICS GATHERING"));
    let want = [
        "|   0 | INSERT STATEMENT                 |        |",
        "|   1 |  LOAD AS SELECT                  | TQ84_A |",
        "|   2 |   OPTIMIZER STATISTICS GATHERING |        |",
        "|   3 |    CONNECT BY WITHOUT FILTERING  |        |",
        "|   4 |     FAST DUAL                    |        |",
    ];
    for w in want {
        assert!(row_strings(&steps[4]).iter().any(|l| l == w), "{w}\n{}", text(&steps[4]));
    }
    assert!(text(&steps[6]).contains("|   2 |   OPTIMIZER STATISTICS GATHERING |"), "{}", text(&steps[6]));
}

#[test]
fn pachot_one_row_ctas_then_conventional_rows_leave_the_estimate_at_one() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table DEMO as select rownum n from dual;
         insert into DEMO select rownum n from dual connect by level <= 41;
         commit;",
    ));
    assert_eq!(num_rows(&mut e, "DEMO"), "1");
    let steps = e.exec(
        "select /*+ gather_plan_statistics */ count(*) from DEMO;
         select * from table(dbms_xplan.display_cursor(format=>'allstats last'));",
    );
    ok(&steps);
    let plan = row_strings(&steps[1]);
    let line = plan.iter().find(|l| l.contains("TABLE ACCESS FULL")).unwrap_or_else(|| panic!("{plan:?}"));
    // | Id | Operation | Name | Starts | E-Rows | A-Rows | ...
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    assert_eq!((cells[4], cells[5], cells[6]), ("1", "1", "42"), "{line}");
}

#[test]
fn releases_before_12c_gather_nothing_on_load() {
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 11.2;\ncreate table t as select level id from dual connect by level <= 10;"));
    assert_eq!(num_rows(&mut e, "T"), "null");
    let steps = e.exec(
        "explain plan for insert /*+ append */ into t select * from t;
         select * from table(dbms_xplan.display(format=> 'basic'));",
    );
    ok(&steps);
    assert!(!row_strings(&steps[1]).join("\n").contains("OPTIMIZER STATISTICS GATHERING"));
}

/// The load that gathered shows the line where it ran too: display_cursor
/// of the APPEND INSERT (as Nyffenegger's EXPLAIN PLAN: LOAD AS SELECT,
/// then OPTIMIZER STATISTICS GATHERING over the query), and a second
/// APPEND into the now loaded segment gathers nothing and has no line.
#[test]
fn the_load_that_gathered_shows_the_line_in_display_cursor() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (n number);
         insert /*+ append */ into t select rownum from dual connect by level <= 10;
         select * from table(dbms_xplan.display_cursor(format=>'basic'));
         commit;
         insert /*+ append */ into t select rownum from dual connect by level <= 10;
         select * from table(dbms_xplan.display_cursor(format=>'basic'));
         commit;",
    );
    ok(&steps);
    let first = row_strings(&steps[2]).join("\n");
    assert!(first.contains("|   1 |  LOAD AS SELECT "), "{first}");
    assert!(first.contains("|   2 |   OPTIMIZER STATISTICS GATHERING |"), "{first}");
    assert!(first.contains("|   3 |    CONNECT BY WITHOUT FILTERING  |"), "{first}");
    let second = row_strings(&steps[5]).join("\n");
    assert!(second.contains("LOAD AS SELECT") && !second.contains("OPTIMIZER STATISTICS GATHERING"), "{second}");
    assert_eq!(num_rows(&mut e, "T"), "10");
}
