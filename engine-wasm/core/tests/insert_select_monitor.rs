//! INSERT ... SELECT in V$SQL and under the SQL Monitor. Oracle lists the
//! INSERT itself in V$SQL, one execution whose BUFFER_GETS are the whole
//! statement's consistent and current gets, and its plan (René Nyffenegger,
//! "Oracle SQL Plan operation: LOAD TABLE CONVENTIONAL",
//! https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/load/table-conventional/index):
//!
//! ```text
//! |   0 | INSERT STATEMENT         |        |
//! |   1 |  LOAD TABLE CONVENTIONAL | TQ84_T |
//! |   2 |   TABLE ACCESS FULL      | TQ84_T |
//! ```
//!
//! Hemant Chitale's tkprof of `insert into all_objects_many_list select *
//! from all_objects_short_list where rownum < 11` (Trace Files -- 10c:
//! Query and DML (INSERT), 2016-01,
//! https://hemantoracledba.blogspot.com/2016/01/trace-files-10c-query-and-dml-insert.html)
//! counts the statement's work once, on its one EXECUTE call: query 6,
//! current 11, rows 10 (so V$SQL's BUFFER_GETS 17 and ROWS_PROCESSED 10).
//! The lab was: no V$SQL entry of its own (the query's cursor was internal)
//! and never monitored.

mod common;

use common::{ok, row_strings, stat};
use lio_core::{Engine, EngineConfig};

const SETUP: &str = "create table src (id number, pad varchar2(100));
insert into src select level, rpad('x', 100, 'x') from dual connect by level <= 1000;
commit;
create table dst (id number, pad varchar2(100));
";

fn rows(e: &mut Engine, sql: &str) -> Vec<String> {
    let steps = e.exec(sql);
    ok(&steps);
    row_strings(&steps[0])
}

const VSQL: &str = "select executions || ' ' || rows_processed || ' ' || buffer_gets || ' ' || disk_reads || ' ' || sign(elapsed_time) from v$sql where sql_text like 'insert%into dst%';";

#[test]
fn an_insert_select_has_its_own_vsql_entry_with_the_whole_statements_figures() {
    let mut e = Engine::new(EngineConfig::default());
    ok(&e.exec(SETUP));
    // The first execution's hard parse reads the dictionary (recursive SQL, not the INSERT's figures).
    ok(&e.exec("insert into dst select * from src where rownum < 11;"));
    let first: Vec<u64> = rows(&mut e, VSQL)[0].split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!((first[0], first[1]), (1, 10));
    let s = e.exec("alter system flush buffer_cache;\ninsert into dst select * from src where rownum < 11;");
    ok(&s);
    let i = &s[1];
    // Its query's consistent gets and the load's current-mode gets, once (Chitale: query 6 + current 11).
    let (cr, cu, pr) = (stat(i, "consistent gets"), stat(i, "db block gets"), stat(i, "physical reads"));
    assert!(cu > 0 && cr > 0, "cr {cr} cu {cu}");
    let now: Vec<u64> = rows(&mut e, VSQL)[0].split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(now, [2, 20, first[2] + cr + cu, first[3] + pr, 1], "cr {cr} cu {cu} pr {pr}");
}

#[test]
fn an_insert_select_says_monitor_and_is_reported_under_load_table_conventional() {
    let mut e = Engine::new(EngineConfig::default());
    ok(&e.exec(SETUP));
    // Quick and without the hint: not monitored; with it: monitored.
    ok(&e.exec("insert into dst select * from src;\ninsert /*+ monitor */ into dst select * from src;"));
    let m = rows(&mut e, "select status || ' ' || sql_text from v$sql_monitor;");
    assert_eq!(m, ["DONE insert /*+ monitor */ into dst select * from src"]);
    let l = rows(&mut e, "select plan_line_id || ' ' || plan_depth || ' ' || plan_operation || ' ' || plan_options || ' ' || plan_object_name || ' ' || output_rows from v$sql_plan_monitor order by plan_line_id;");
    assert_eq!(l, ["0 0 INSERT STATEMENT   0", "1 1 LOAD TABLE CONVENTIONAL  DST 0", "2 2 TABLE ACCESS FULL SRC 1000"]);
    let text = rows(&mut e, "select dbms_sqltune.report_sql_monitor() from dual;");
    let plan = text.iter().position(|l| l.starts_with("SQL Plan Monitoring Details")).expect("plan");
    let body: Vec<&String> = text[plan + 5..].iter().take(3).collect();
    assert!(body[0].starts_with("|  0 | INSERT STATEMENT          |      |"), "{body:#?}");
    assert!(body[1].starts_with("|  1 |   LOAD TABLE CONVENTIONAL | DST  |"), "{body:#?}");
    assert!(body[2].starts_with("|  2 |    TABLE ACCESS FULL      | SRC  |"), "{body:#?}");
}

#[test]
fn an_insert_select_over_five_seconds_is_monitored_and_a_plsql_one_stays_out_of_vsql() {
    let mut e = Engine::new(EngineConfig::default());
    ok(&e.exec(SETUP));
    // Each block read 1 s: the scan's reads take the statement past 5 s.
    ok(&e.exec("alter system flush buffer_cache;\nalter session set db_file_multiblock_read_count = 1;\nLAB SET physical_read_us = 1000000;\ninsert into dst select * from src;"));
    let m = rows(&mut e, "select status || ' ' || sql_text from v$sql_monitor;");
    assert_eq!(m, ["DONE insert into dst select * from src"]);
    // Static SQL in PL/SQL is not in the lab's V$SQL (as before).
    ok(&e.exec("begin insert into dst select * from src where rownum < 3; end;\n/"));
    assert!(
        rows(&mut e, "select count(*) from v$sql where sql_text like '%rownum < 3%' and sql_text not like '%v$sql%';")
            == ["0"]
    );
}
