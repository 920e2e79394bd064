//! DBMS_XPLAN.DISPLAY_CURSOR's ALLSTATS without LAST: the cursor's
//! statistics summed over its executions since it was loaded. Oracle's
//! PL/SQL Packages and Types Reference, DBMS_XPLAN, DISPLAY_CURSOR's
//! format: "IOSTATS: Assuming that basic plan statistics are collected
//! when SQL statements are executed [...], this format shows IO statistics
//! for ALL (or only for the LAST as shown below) executions of the cursor"
//! (https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_XPLAN.html).
//! Before, the lab showed the last execution's figures for both.
mod common;
use common::*;

fn rows(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s.last().unwrap().rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

fn line<'a>(out: &'a [String], start: &str) -> &'a str {
    out.iter().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no line {start}: {out:#?}"))
}

/// 1,000 rows with a primary key, statistics gathered.
const PK_TABLE: &str = "create table t (id number primary key, v varchar2(10));\n\
     insert into t select level, 'v' || level from dual connect by level <= 1000;\n\
     commit;\n\
     exec dbms_stats.gather_table_stats(user, 'T')\n";

/// Three executions of a primary-key lookup (3 gets each: 2 index, 1
/// table): LAST shows one execution (Starts 1, A-Rows 1, Buffers 3 at the
/// top), ALLSTATS the three (Starts 3, A-Rows 3, Buffers 9); the index line
/// 2 and 6 buffers.
#[test]
fn allstats_without_last_sums_the_executions() {
    let mut e = quiet_engine();
    ok(&e.exec(PK_TABLE));
    let q = "select /*+ gather_plan_statistics */ v from t where id = 42;";
    for _ in 0..3 {
        ok(&e.exec(q));
    }
    let last = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));");
    let all = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS'));");
    println!("{}\n{}", last.join("\n"), all.join("\n"));
    let cells = |l: &str| l.split('|').map(|c| c.trim().to_string()).collect::<Vec<_>>();
    // | Id | Operation | Name | Starts | E-Rows | A-Rows | A-Time | Buffers |
    let (l0, a0) = (cells(line(&last, "|   0 |")), cells(line(&all, "|   0 |")));
    assert_eq!((l0[4].as_str(), l0[6].as_str(), l0[8].as_str()), ("1", "1", "3"));
    assert_eq!((a0[4].as_str(), a0[6].as_str(), a0[8].as_str()), ("3", "3", "9"));
    let (l2, a2) = (cells(line(&last, "|*  2 |")), cells(line(&all, "|*  2 |")));
    assert_eq!((l2[4].as_str(), l2[5].as_str(), l2[6].as_str(), l2[8].as_str()), ("1", "1", "1", "2"));
    assert_eq!((a2[4].as_str(), a2[5].as_str(), a2[6].as_str(), a2[8].as_str()), ("3", "1", "3", "6"));
    // RUNSTATS_LAST is LAST, RUNSTATS_TOT the totals.
    assert_eq!(rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'RUNSTATS_LAST'));"), last);
    assert_eq!(rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'RUNSTATS_TOT'));"), all);
}

/// A cursor loaded again (after DDL on its table) starts its totals again.
#[test]
fn a_reloaded_cursor_starts_its_totals_again() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number primary key, v varchar2(10));\ninsert into t values (1, 'a');\ncommit;\n"));
    let q = "select /*+ gather_plan_statistics */ v from t where id = 1;";
    ok(&e.exec(q));
    ok(&e.exec(q));
    ok(&e.exec("create index t_v on t (v);"));
    ok(&e.exec(q));
    let all = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS'));");
    let l0: Vec<String> = line(&all, "|   0 |").split('|').map(|c| c.trim().to_string()).collect();
    assert_eq!(l0[4], "1", "{all:#?}");
}

/// A format word the lab refuses is pointed at inside the format string
/// (it pointed at the SELECT): in `'TYPICAL +OUTLINE'`, `+OUTLINE` is 9
/// columns after the quote.
#[test]
fn a_refused_format_word_is_pointed_at_where_it_was_written() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number);\nselect * from t;"));
    let steps = e.exec(
        "select * from table(dbms_xplan.display_cursor(null, null, 'TYPICAL +OUTLINE'));\n\
         select * from table(dbms_xplan.display_cursor(format => 'allstats last +projection'));",
    );
    let col = |k: usize| {
        let (code, line, column) = error_of(&steps[k]);
        assert_eq!(code, "LAB-00001");
        (line, column)
    };
    let first = "select * from table(dbms_xplan.display_cursor(null, null, '";
    assert_eq!(col(0), (1, first.len() as u32 + 1 + "TYPICAL ".len() as u32));
    let second = "select * from table(dbms_xplan.display_cursor(format => '";
    assert_eq!(col(1), (2, second.len() as u32 + 1 + "allstats last ".len() as u32));
}

/// Found by the fuzzer (`mutated-211`): an EXEC after other text on its
/// line (` ; exec ...`) reported its block's error at column 1, before the
/// command; it is at the EXEC now.
#[test]
fn an_exec_error_is_at_the_exec_on_its_line() {
    let mut e = quiet_engine();
    let steps = e.exec("select 1 from dual\n ; exec dbms_stats.gather_table_stats(user, 'NOPE')\n");
    let s = steps.iter().find(|s| s.statement.starts_with("exec")).expect("the exec step");
    let (code, line, column) = error_of(s);
    assert_eq!((code, line, column), ("ORA-20000", 2, 4), "{:?}", s.error);
}

/// A format modifier written without a sign adds its column, as the
/// reference says ("Format keywords must be separated by either a comma or
/// a space ... can be prefixed by the sign '-' to exclude"): Jonathan
/// Lewis's habitual `'allstats last cost'` is ALLSTATS LAST with the Cost
/// column, not an invalid format. Before, only `+cost` was taken.
#[test]
fn a_modifier_without_a_sign_adds_its_column() {
    let mut e = quiet_engine();
    ok(&e.exec(PK_TABLE));
    ok(&e.exec("select /*+ gather_plan_statistics */ v from t where id = 42;"));
    let bare = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'allstats last cost'));");
    let plus = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST +COST'));");
    println!("{}", bare.join("\n"));
    assert_eq!(bare, plus);
    assert!(line(&bare, "| Id").contains("Cost (%CPU)"), "{bare:#?}");
    let no_rows = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'basic rows'));");
    assert!(line(&no_rows, "| Id").contains("Rows"), "{no_rows:#?}");
}
