//! Issue 37: a table without gathered statistics gives the optimizer
//! figures from its rows (NUM_ROWS, AVG_COL_LEN, each column's NDV, low,
//! high, nulls) at each hard parse; they are kept (catalog/stats_memo.rs)
//! while the rows are as they were. Every way of changing a table's rows
//! must make the next hard parse see the new rows: after each, the kept
//! figures equal those computed afresh (a copy of the table keeps none),
//! and the plan's E-Rows and Bytes follow the rows.

mod common;
use common::*;
use lio_core::catalog::Table;
use lio_core::Engine;

/// The figures the optimizer reads of a table without statistics.
fn figures(t: &Table) -> String {
    let s = t.compute_stats(0);
    let cols: Vec<String> = (0..t.columns.len()).map(|c| format!("{:?}", t.column_stats(c))).collect();
    format!("rows {} avg_row_len {} avg_col_len {:?} {}", s.num_rows, s.avg_row_len, s.avg_col_len, cols.join(" "))
}

/// Fill every table's memo with the figures of its rows as they are now.
fn prime(e: &Engine) {
    for t in e.catalog().tables.iter().filter(|t| !t.dropped) {
        figures(t);
    }
}

/// Each table's kept figures equal those of a copy (which computes them),
/// and its rows' running column length totals (which the figures read
/// when no row is deleted) equal the sums of its rows' lengths.
fn check(e: &Engine, after: &str) {
    for t in e.catalog().tables.iter().filter(|t| !t.dropped) {
        let kept = figures(t);
        assert_eq!(kept, figures(&t.clone()), "{} after {after}", t.name);
        let mut sums = vec![0u64; t.rows.width()];
        for r in t.rows.iter() {
            sums.iter_mut().zip(r.column_lens()).for_each(|(s, n)| *s += n as u64);
        }
        assert_eq!(t.rows.column_len_sums(), &sums[..], "{}'s length totals after {after}", t.name);
        let dead = t.loc.iter().filter(|l| l.is_dead()).count();
        assert_eq!((dead, t.loc.len()), (t.dead_rows, t.rows.len()), "{}'s dead rows after {after}", t.name);
    }
}

/// Run `sql` (which must succeed) between a prime and a check.
fn change(e: &mut Engine, sql: &str) {
    prime(e);
    ok(&e.exec(sql));
    check(e, sql);
}

#[test]
fn every_change_of_the_rows_is_seen_by_the_next_hard_parse() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table u (id number primary key, n number, v varchar2(40));\n\
         insert into u select rownum, mod(rownum, 10), rpad('x', mod(rownum, 7) + 1, 'x') from xmltable('1 to 200');\n\
         commit;\n\
         create table x (id number, n number, v varchar2(40));\n\
         insert into x select rownum, 3, 'xx' from xmltable('1 to 20');\n\
         commit;\n\
         create table p (id number, n number, v varchar2(40)) partition by range (id)\n\
           (partition p1 values less than (101), partition p2 values less than (201), partition p3 values less than (maxvalue));\n\
         insert into p select rownum, mod(rownum, 10), rpad('y', mod(rownum, 5) + 1, 'y') from xmltable('1 to 300');\n\
         commit;",
    ));
    for sql in [
        // DML, one row and many, committed and rolled back.
        "insert into u values (1000, 77, 'a much longer string than the others');",
        "commit;",
        "update u set v = rpad('z', 30, 'z') where id <= 5;",
        "update u set v = 'q' where id > 190;",
        "update u set n = null where id between 10 and 19;",
        "delete from u where id between 50 and 59;",
        "rollback;",
        "delete from u where id between 60 and 69;",
        "insert into u values (2000, 5, 'b');",
        "rollback;",
        "savepoint a;",
        "delete from u where id = 70;",
        "insert into u values (3000, 1, 'c');",
        "rollback to savepoint a;",
        "delete from u where mod(id, 3) = 0;",
        "commit;",
        // Direct path, committed and rolled back.
        "insert /*+ append */ into u select rownum + 5000, 9, 'dp' from xmltable('1 to 50');",
        "rollback;",
        "insert /*+ append */ into u select rownum + 6000, 8, 'dpc' from xmltable('1 to 40');",
        "commit;",
        // DDL on the rows.
        "alter table u add (w varchar2(10) default 'abc');",
        "alter table u drop column w;",
        "alter table x move;",
        "alter table u enable row movement;",
        "delete from u where id < 100;",
        "commit;",
        "alter table u shrink space;",
        "truncate table x;",
        "insert into x select rownum + 400, 4, 'xyz' from xmltable('1 to 30');",
        "commit;",
        // Partition maintenance.
        "alter table p truncate partition p1;",
        "alter table p drop partition p2;",
        "alter table p exchange partition p3 with table x;",
        "delete from p where id > 290;",
        "commit;",
        "truncate table u;",
    ] {
        change(&mut e, sql);
    }
}

#[test]
fn another_sessions_changes_and_their_commit() {
    // Session 2 deletes rows and inserts one; session 1 hard-parses while
    // they are uncommitted, then after their commit. A full scan's E-Rows
    // is NUM_ROWS: 10 while they are uncommitted (session 1's optimizer
    // reads the rows as its queries would, without another session's
    // uncommitted changes, as Oracle's dynamic sampling reads them), then 8.
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table u (id number, n number);\n\
         insert into u select rownum, rownum from xmltable('1 to 10');\n\
         commit;",
    ));
    let rows = |e: &mut Engine, sql: &str| {
        plan_of(e, sql).iter().find(|l| l.operation.starts_with("TABLE ACCESS")).map(|l| l.e_rows)
    };
    assert_eq!(rows(&mut e, "select * from u;"), Some(10));
    prime(&e);
    ok(&e.exec("LAB SESSION 2;\ndelete from u where id <= 3;\ninsert into u values (11, 11);\nLAB SESSION 1;"));
    check(&e, "session 2's changes");
    assert_eq!(rows(&mut e, "select id, n from u;"), Some(10));
    // Session 2's own hard parse sees its changes.
    ok(&e.exec("LAB SESSION 2;"));
    assert_eq!(rows(&mut e, "select n, id, n from u;"), Some(8));
    ok(&e.exec("LAB SESSION 1;"));
    prime(&e);
    ok(&e.exec("LAB SESSION 2;\ncommit;\nLAB SESSION 1;"));
    check(&e, "session 2's commit");
    assert_eq!(rows(&mut e, "select n, id from u;"), Some(8));
}
