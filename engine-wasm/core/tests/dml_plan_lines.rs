//! Issue 34: the plan lines of a DML statement in autotrace and
//! `dbms_xplan.display_cursor`, as EXPLAIN PLAN FOR already printed them:
//! `UPDATE STATEMENT` over `UPDATE T` (`DELETE STATEMENT`, `DELETE`;
//! `INSERT STATEMENT` over `LOAD TABLE CONVENTIONAL` for INSERT ... SELECT
//! from 11.2), the query that found the rows one level down.
//!
//! Hand-checked on T, 10 rows in one block: the query's full scan is 4
//! consistent gets (3 on the segment header and space-management blocks,
//! 1 on the block), the change of row 3 three current-mode gets (its
//! block, the undo segment header, the undo block: autotrace's db block
//! gets), so the UPDATE's two lines show Buffers 7 (a line's buffers
//! include its children's), the scan 4; both are started once and return
//! no rows.

mod common;
use common::*;

const T: &str = "create table t (n number, v varchar2(10));\n\
    insert into t select rownum, 'x' from dual connect by level <= 10;\ncommit;\n\
    create table u (n number, v varchar2(10));\nset lines 200\n";

fn text(s: &lio_core::StepOut) -> Vec<String> {
    row_strings(s)
}

#[test]
fn display_cursor_of_update_and_delete() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}update t set v = 'y' where n = 3;\nselect * from table(dbms_xplan.display_cursor);\n\
         delete from t where n = 4;\nselect * from table(dbms_xplan.display_cursor);"
    ));
    ok(&steps);
    let n = steps.len();
    let up = text(&steps[n - 3]);
    assert_eq!(up[2], "update t set v = 'y' where n = 3");
    assert_eq!(
        up[6..12],
        [
            "---------------------------------------------------------------------------",
            "| Id  | Operation          | Name | Rows  | Bytes | Cost (%CPU)| Time     |",
            "---------------------------------------------------------------------------",
            "|   0 | UPDATE STATEMENT   |      |       |       |     2 (100)|          |",
            "|   1 |  UPDATE            | T    |       |       |            |          |",
            "|*  2 |   TABLE ACCESS FULL| T    |     1 |     3 |     2   (0)| 00:00:01 |",
        ]
    );
    assert!(up.iter().any(|l| l == "   2 - filter(\"N\"=3)"));
    let del = text(&steps[n - 1]);
    assert_eq!(del[9], "|   0 | DELETE STATEMENT   |      |       |       |     2 (100)|          |");
    assert_eq!(del[10], "|   1 |  DELETE            | T    |       |       |            |          |");
}

/// ALLSTATS LAST: the statement's lines count the whole statement's gets.
#[test]
fn allstats_of_an_update() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}alter session set statistics_level = all;\nset autotrace on statistics\n\
         update t set v = 'q' where n = 3;\nset autotrace off\n\
         select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));"
    ));
    ok(&steps);
    let n = steps.len();
    let upd = &steps[n - 3];
    assert_eq!((stat(upd, "consistent gets"), stat(upd, "db block gets")), (4, 3));
    let x = text(&steps[n - 1]);
    assert_eq!(x[9], "|   0 | UPDATE STATEMENT   |      |      1 |        |      0 |00:00:00.00 |       7 |");
    assert_eq!(x[10], "|   1 |  UPDATE            | T    |      1 |        |      0 |00:00:00.00 |       7 |");
    assert_eq!(x[11], "|*  2 |   TABLE ACCESS FULL| T    |      1 |      1 |      1 |00:00:00.00 |       4 |");
}

/// Autotrace's Execution Plan of an UPDATE, a DELETE and an INSERT ...
/// SELECT (the statement runs: SQL*Plus executes DML under TRACEONLY).
#[test]
fn autotrace_of_dml() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}set autotrace traceonly explain\n\
         update t set v = 'z' where n = 5;\ndelete from t where n = 6;\ninsert into u select * from t;\n\
         set autotrace off\nselect count(*) from u;"
    ));
    ok(&steps);
    let n = steps.len();
    let ops = |s: &lio_core::StepOut| {
        s.plan.iter().map(|l| format!("{}|{}", l.operation, l.name.clone().unwrap_or_default())).collect::<Vec<_>>()
    };
    assert_eq!(ops(&steps[n - 5]), ["UPDATE STATEMENT|", "UPDATE|T", "TABLE ACCESS FULL|T"]);
    assert_eq!(ops(&steps[n - 4]), ["DELETE STATEMENT|", "DELETE|T", "TABLE ACCESS FULL|T"]);
    assert_eq!(ops(&steps[n - 3]), ["INSERT STATEMENT|", "LOAD TABLE CONVENTIONAL|U", "TABLE ACCESS FULL|T"]);
    assert!(steps[n - 5]
        .xplan
        .iter()
        .any(|l| l == "|   1 |  UPDATE            | T    |       |       |            |          |"));
    assert_eq!(row_strings(&steps[n - 1]), ["9"]);
    // Without autotrace a DML step carries no plan.
    let s = e.exec("update t set v = 'w' where n = 1;");
    assert!(s[0].plan.is_empty() && s[0].xplan.is_empty());
}

/// display_cursor after INSERT ... SELECT: its lines; after INSERT ...
/// VALUES, not the query before it.
#[test]
fn display_cursor_of_inserts() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}insert into u select * from t where n < 3;\nselect * from table(dbms_xplan.display_cursor);\n\
         select count(*) from t;\ninsert into u values (1, 'a');\nselect * from table(dbms_xplan.display_cursor);"
    ));
    ok(&steps);
    let n = steps.len();
    let x = text(&steps[n - 4]);
    assert_eq!(x[9], "|   0 | INSERT STATEMENT        |      |       |       |     2 (100)|          |");
    assert!(x[10].starts_with("|   1 |  LOAD TABLE CONVENTIONAL| U    |"), "{}", x[10]);
    assert!(x[11].starts_with("|*  2 |   TABLE ACCESS FULL     | T    |"), "{}", x[11]);
    let v = text(&steps[n - 1]);
    assert_eq!(v[2], "insert into u values (1, 'a')");
    assert!(v[4].starts_with("NOTE: cannot fetch plan for SQL_ID:"), "{v:?}");
    assert!(!v.iter().any(|l| l.contains("SORT AGGREGATE")));
}
