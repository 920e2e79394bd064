//! Real-Time SQL Monitoring: DBMS_SQLTUNE.REPORT_SQL_MONITOR's TEXT
//! report, V$SQL_MONITOR and V$SQL_PLAN_MONITOR.
//!
//! The layout is checked byte for byte against a published 19c report:
//! Mikhail Velikikh, "That Old Restart Problem Strikes Back: Triggers to
//! the Rescue" (2019-08-09),
//! https://github.com/mvelikikh/mvelikikh.github.io/blob/main/docs/blog/posts/that-old-restart-problem-strikes-back-triggers-to-the-rescue.md
//! (also on mvelikikh.github.io). Its figures (from his trace of the same
//! execution: EXEC c=4580202 e=10824372 cr=158543 cu=103457, the table
//! scan's pr=156973 of p=158086) go into the report's formatter, and the
//! text must be his. The lab's own executions are then checked for what
//! the report says of them: monitored when they took 5 s of CPU and I/O
//! or say MONITOR, never when they say NO_MONITOR; Buffer Gets are the
//! step's gets, each line's Execs and Rows the plan's Starts and A-Rows,
//! Activity (%) the share of the execution's ASH samples on the line.

mod common;

use common::{error_of, ok, row_strings, stat};
use lio_core::instance::sql_monitor::{MonExec, MonLine, MonStats};
use lio_core::instance::sql_monitor_text::report;
use lio_core::{Engine, EngineConfig};

/// Velikikh's report as published (19c), from its title to its last rule.
const PUBLISHED: &str = "SQL Monitoring Report

SQL Text
------------------------------
update big set val = val + 1 where val = 1

Global Information
------------------------------
 Status              :  DONE
 Instance ID         :  1
 Session             :  TC (48:40781)
 SQL ID              :  7z5h5dg0pa0fv
 SQL Execution ID    :  16777226
 Execution Started   :  08/01/2019 12:02:01
 First Refresh Time  :  08/01/2019 12:02:05
 Last Refresh Time   :  08/01/2019 12:02:12
 Duration            :  11s
 Module/Action       :  SQL*Plus/-
 Service             :  pdb
 Program             :  sqlplus.exe

Global Stats
================================================================================
| Elapsed |   Cpu   |    IO    | Concurrency | PL/SQL  | Buffer | Read | Read  |
| Time(s) | Time(s) | Waits(s) |  Waits(s)   | Time(s) |  Gets  | Reqs | Bytes |
================================================================================
|      11 |    4.58 |     6.30 |        0.00 |    0.08 |   262K | 2931 |   1GB |
================================================================================

SQL Plan Monitoring Details (Plan Hash Value=3225303172)
=====================================================================================================================================================
| Id |      Operation       | Name |  Rows   | Cost  |   Time    | Start  | Execs |   Rows   | Read | Read  | Activity |      Activity Detail       |
|    |                      |      | (Estim) |       | Active(s) | Active |       | (Actual) | Reqs | Bytes |   (%)    |        (# samples)         |
=====================================================================================================================================================
|  0 | UPDATE STATEMENT     |      |         |       |         4 |     +8 |     1 |        0 |      |       |          |                            |
|  1 |   UPDATE             | BIG  |         |       |         5 |     +8 |     1 |        0 | 1112 |   9MB |    22.22 | Cpu (2)                    |
|  2 |    TABLE ACCESS FULL | BIG  |      5M | 43217 |        11 |     +1 |     1 |     100K | 1818 |   1GB |    77.78 | db file scattered read (7) |
=====================================================================================================================================================";

/// 2019-08-01 12:02:01 on the lab's clock (its zero is 2024-01-01 00:00:00).
const START_S: f64 = -139_406_279.0;

fn at(s: f64) -> f64 {
    (START_S + s) * 1e6 + 500_000.0
}

fn velikikh() -> MonExec {
    let line = |id: u32, depth: u32, op: &str, name: Option<&str>, active: (f64, f64)| MonLine {
        id,
        parent: id.checked_sub(1),
        depth,
        operation: op.into(),
        name: name.map(String::from),
        starts: 1,
        first_us: at(active.0),
        last_us: at(active.1),
        ..Default::default()
    };
    let mut lines = vec![
        line(0, 0, "UPDATE STATEMENT", None, (8.0, 11.0)),
        line(1, 1, "UPDATE", Some("BIG"), (8.0, 12.0)),
        line(2, 2, "TABLE ACCESS FULL", Some("BIG"), (1.0, 11.0)),
    ];
    // The UPDATE read what the scan did not: 158,086 - 156,973 blocks.
    (lines[1].read_reqs, lines[1].read_bytes) = (1112, 1113 * 8192);
    lines[1].activity = vec![("Cpu".into(), "Cpu".into(), 2)];
    (lines[2].e_rows, lines[2].cost, lines[2].rows) = (Some(5_000_000), Some(43217), 100_000);
    (lines[2].read_reqs, lines[2].read_bytes) = (1818, 156_973 * 8192);
    lines[2].activity = vec![("User I/O".into(), "db file scattered read".into(), 7)];
    MonExec {
        status: "DONE".into(),
        username: "TC".into(),
        sid: 48,
        serial: 40781,
        sql_id: "7z5h5dg0pa0fv".into(),
        sql_text: "update big\n   set val = val + 1\n where val = 1".into(),
        exec_id: 16_777_226,
        plan_hash: 3_225_303_172,
        start_us: at(0.0),
        first_refresh_us: at(4.0),
        last_refresh_us: at(11.0),
        module_action: "SQL*Plus/-".into(),
        service: "pdb".into(),
        program: "sqlplus.exe".into(),
        stats: MonStats {
            elapsed_us: 10_824_372.0,
            cpu_us: 4_580_202.0,
            io_us: 6_300_000.0,
            concurrency_us: 1_000.0,
            plsql_us: 80_000.0,
            buffer_gets: 158_543 + 103_457,
            read_reqs: 2931,
            read_bytes: 158_086 * 8192,
            ..Default::default()
        },
        lines,
        samples: 9,
        ..Default::default()
    }
}

#[test]
fn the_report_is_laid_out_as_published() {
    let got = report(&velikikh()).join("\n");
    if got != PUBLISHED {
        for (i, (a, b)) in got.lines().zip(PUBLISHED.lines()).enumerate() {
            assert_eq!(a, b, "line {}", i + 1);
        }
        assert_eq!(got.lines().count(), PUBLISHED.lines().count());
    }
}

#[test]
fn a_line_with_several_events_continues_on_blank_rows() {
    // As Velikikh's 12.1 report shows a line's events (his "Concatenation
    // and filter subqueries oddity"): the first beside the line, each next
    // one on a row of its own, every other cell blank; by class, then event.
    let mut m = velikikh();
    m.lines[2].activity = vec![
        ("Cpu".into(), "Cpu".into(), 2),
        ("User I/O".into(), "db file scattered read".into(), 5),
        ("User I/O".into(), "db file sequential read".into(), 2),
    ];
    m.lines[1].activity.clear();
    let text = report(&m);
    let n = text.len();
    assert!(text[n - 4].starts_with("|  2 |    TABLE ACCESS FULL | BIG  |"), "{}", text[n - 4]);
    assert!(text[n - 4].ends_with("|   100.00 | Cpu (2)                     |"), "{}", text[n - 4]);
    let blank = "|    |                      |      |         |       |           |        |       |          |      |       |          |";
    assert_eq!(text[n - 3], format!("{blank} db file scattered read (5)  |"));
    assert_eq!(text[n - 2], format!("{blank} db file sequential read (2) |"));
}

fn engine() -> Engine {
    Engine::new(EngineConfig::default())
}

/// 20,000 rows in 300-odd blocks, read a block at a time.
const SETUP: &str = "create table t (id number not null, pad varchar2(100));
insert into t select rownum, rpad('x', 100) from dual connect by level <= 20000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')
alter session set db_file_multiblock_read_count = 1;
alter system flush buffer_cache;
";

const QUERY: &str = "select count(pad) from t where id > 0;";

fn monitored(e: &mut Engine) -> Vec<String> {
    let steps = e.exec("select sql_id || ' ' || status || ' ' || buffer_gets from v$sql_monitor order by key;");
    ok(&steps);
    row_strings(&steps[0])
}

#[test]
fn five_seconds_of_io_are_monitored_and_a_quick_query_is_not() {
    let mut e = engine();
    // 100 us a read (the lab's default): far under 5 s.
    ok(&e.exec(&format!("{SETUP}{QUERY}")));
    assert!(monitored(&mut e).is_empty());
    // 20 ms a read: 300-odd reads take over 5 s of User I/O.
    let steps = e.exec(&format!("alter system flush buffer_cache;\nLAB SET physical_read_us = 20000;\n{QUERY}"));
    ok(&steps);
    let q = steps.last().unwrap();
    assert!(q.elapsed_us > 5e6, "{}", q.elapsed_us);
    let m = monitored(&mut e);
    assert_eq!(m.len(), 1, "{m:?}");
    let gets = stat(q, "consistent gets") + stat(q, "db block gets");
    assert!(m[0].ends_with(&format!(" DONE (ALL ROWS) {gets}")), "{m:?} {gets}");
    // NO_MONITOR: never, however long.
    let slow = "select /*+ no_monitor */ count(pad) from t where id > 0;";
    ok(&e.exec(&format!("alter system flush buffer_cache;\n{slow}")));
    assert_eq!(monitored(&mut e).len(), 1);
}

#[test]
fn the_report_of_a_monitored_query_is_its_execution() {
    let mut e = engine();
    let hinted = "select /*+ monitor */ count(pad) from t where id > 0;";
    // Its second execution (soft-parsed: no dictionary reads) is reported.
    let steps = e.exec(&format!(
        "{SETUP}LAB SET physical_read_us = 20000;\n{hinted}\nalter system flush buffer_cache;\n{hinted}"
    ));
    ok(&steps);
    let q = steps.last().unwrap();
    let reads = stat(q, "physical reads");
    let steps = e.exec(
        "select dbms_sqltune.report_sql_monitor(type => 'TEXT') from dual;
select plan_line_id || ' ' || starts || ' ' || output_rows || ' ' || physical_read_requests from v$sql_plan_monitor where sql_exec_id = 16777217 order by plan_line_id;
select buffer_gets from v$sql where sql_text like 'select /*+ monitor */%';",
    );
    ok(&steps);
    let text = row_strings(&steps[0]);
    assert_eq!(steps[0].columns, vec!["DBMS_SQLTUNE.REPORT_SQL_MONITOR(TYPE=>'TEXT')".to_string()]);
    assert_eq!(text[0], "SQL Monitoring Report");
    assert!(text.contains(&" Status              :  DONE (ALL ROWS)".to_string()), "{text:#?}");
    // Buffer Gets and Read Reqs are the execution's (V$SQL's gets are of
    // both executions).
    let stats = text.iter().position(|l| l.starts_with("| Elapsed")).unwrap();
    let heads: Vec<&str> = text[stats].split('|').map(str::trim).collect();
    let vals: Vec<&str> = text[stats + 3].split('|').map(str::trim).collect();
    let col = |h: &str, second: &str| {
        let sub: Vec<&str> = text[stats + 1].split('|').map(str::trim).collect();
        (0..heads.len()).find(|&i| heads[i] == h && sub[i] == second).map(|i| vals[i].to_string())
    };
    let all: u64 = row_strings(&steps[2])[0].parse().unwrap();
    let gets = stat(q, "consistent gets") + stat(q, "db block gets");
    assert_eq!(col("Buffer", "Gets"), Some(gets.to_string()));
    assert!(all > gets, "{all} {gets}");
    assert!(text.contains(&" SQL Execution ID    :  16777217".to_string()), "{text:#?}");
    assert_eq!(col("Read", "Reqs"), Some(stat(q, "physical read IO requests").to_string()));
    // Each line's starts and rows are the plan's; the scan made every read.
    let plan = &q.plan;
    let lines = row_strings(&steps[1]);
    assert_eq!(lines.len(), plan.len());
    let scan = plan.iter().position(|l| l.operation == "TABLE ACCESS FULL").unwrap();
    for (i, l) in plan.iter().enumerate().skip(1) {
        let r = if i == scan { reads } else { 0 };
        assert_eq!(lines[i], format!("{i} {} {} {r}", l.starts, l.a_rows));
    }
    // Activity: the scan's samples are its reads' (single-block reads of
    // 20 ms, sampled each second), their share of the execution's.
    let row = text.iter().find(|l| l.contains("TABLE ACCESS FULL")).unwrap();
    assert!(row.contains("db file sequential read ("), "{row}");
    let pct: f64 = row.split('|').nth(12).unwrap().trim().parse().unwrap();
    assert!(pct > 50.0 && pct <= 100.0, "{row}");
}

#[test]
fn refused_what_the_report_does_not_model() {
    let mut e = engine();
    let steps = e.exec(&format!(
        "{SETUP}var n number
exec :n := 0
select /*+ monitor */ count(pad) from t where id > :n;
select dbms_sqltune.report_sql_monitor(sql_id => null) from dual;
select dbms_sqltune.report_sql_monitor(type => 'HTML') from dual;
select dbms_sqltune.report_sql_monitor_list(type => 'TEXT') from dual;
select dbms_sqltune.report_sql_monitor(no_such => 1) from dual;"
    ));
    let n = steps.len();
    let lab = lio_sql::ora::LAB_UNSUPPORTED.code();
    // Its Binds section (no published layout to match): refused.
    assert_eq!(error_of(&steps[n - 4]), (lab.as_str(), 10, 1));
    assert_eq!(error_of(&steps[n - 3]).0, lab);
    assert_eq!(error_of(&steps[n - 2]).0, lab);
    assert_eq!(error_of(&steps[n - 1]).0, lio_sql::ora::SQL_CALL_WRONG_ARGUMENTS.code());
}
