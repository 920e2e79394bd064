//! The extended SQL trace (event 10046, SQL_TRACE, DBMS_MONITOR): Oracle's
//! layout, each call's figures from the session's own ledger.
//! Layout: http://www.dba-oracle.com/t_10046_trace_file_parse_execute.htm
//! (PARSING IN CURSOR / PARSE / EXEC / WAIT / FETCH, 10g) and
//! http://www.vlss-llc.com/blog/2013-01-interpreting-raw-sqltrace-output
//! (11g: sqlid=, plh=, level 12 via ALTER SESSION SET EVENTS).

mod common;

use common::*;
use lio_core::StepOut;

const SETUP: &str = "create table t1 (id number primary key, v varchar2(10));
insert into t1 values (1, 'one');
commit;
exec dbms_stats.gather_table_stats(user, 'T1')
";

fn run(script: &str) -> Vec<StepOut> {
    quiet_engine().exec(&format!("{SETUP}{script}"))
}

/// A figure of a call line: `cr` of `FETCH #1:c=0,e=5,p=0,cr=1,...`.
fn field(line: &str, name: &str) -> u64 {
    let body = line.split_once(':').map(|(_, b)| b).unwrap_or("");
    body.split(',')
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {name}= in {line}"))
}

fn calls(s: &StepOut) -> Vec<&String> {
    s.sql_trace
        .iter()
        .filter(|l| l.starts_with("PARSE #") || l.starts_with("EXEC #") || l.starts_with("FETCH #"))
        .collect()
}

/// The cursor number of a line: `#140...` of `PARSING IN CURSOR #140... len=`.
fn cursor_of(line: &str) -> u64 {
    let rest = &line[line.find('#').expect("a cursor") + 1..];
    rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len())].parse().unwrap()
}

/// The `tim=` of a line.
fn tim_of(line: &str) -> Option<u64> {
    line.rsplit_once("tim=").and_then(|(_, t)| t.split([' ', ',']).next()).and_then(|t| t.parse().ok())
}

fn sum(s: &StepOut, name: &str) -> u64 {
    calls(s).iter().map(|l| field(l, name)).sum()
}

const LEVEL12: &str = "alter session set events '10046 trace name context forever, level 12';\n";
const QUERY: &str = "select v from t1 where id = 1;\n";

/// A 1-row table read by its primary key: each call line's cr= (consistent
/// gets), cu= (db block gets), p= (physical reads) and r= (rows) add up to
/// the step's own statistics; the lines are in Oracle's order and layout.
#[test]
fn pk_query_calls_sum_to_the_steps_statistics() {
    let s = run(&format!("{LEVEL12}{QUERY}{QUERY}"));
    ok(&s);
    let (first, second) = (&s[5], &s[6]);
    for q in [first, second] {
        assert!(stat(q, "consistent gets") > 0);
        assert_eq!(sum(q, "cr"), stat(q, "consistent gets"), "{:#?}", q.sql_trace);
        assert_eq!(sum(q, "cu"), stat(q, "db block gets"));
        assert_eq!(sum(q, "p"), stat(q, "physical reads"));
        assert_eq!(sum(q, "r"), 1);
        let fetches = calls(q).iter().filter(|l| l.starts_with("FETCH")).count() as u64;
        // SQL*Plus's fetch calls are its round trips for the query.
        assert_eq!(fetches, stat(q, "SQL*Net roundtrips to/from client"));
    }
    // The first parse was hard (mis=1), the second found the cursor.
    assert_eq!(field(calls(first)[0], "mis"), 1);
    assert_eq!(field(calls(second)[0], "mis"), 0);
    // The header opens the file, once.
    assert!(first.sql_trace[0].starts_with("Trace file ") && first.sql_trace[0].ends_with("_ora_1010.trc"));
    assert!(!second.sql_trace.iter().any(|l| l.starts_with("Trace file")));
    let t = &second.sql_trace;
    let at = |p: &str| t.iter().position(|l| l.starts_with(p)).unwrap_or_else(|| panic!("no {p} in {t:#?}"));
    // 18c numbers a cursor by its address (11.2.0.2 on).
    let n = cursor_of(&t[at("PARSING IN CURSOR #")]);
    assert!(n > 100_000_000_000_000, "{n}");
    let t: Vec<String> = t.iter().map(|l| l.replace(&format!("#{n}"), "#1")).collect();
    let at = |p: &str| t.iter().position(|l| l.starts_with(p)).unwrap_or_else(|| panic!("no {p} in {t:#?}"));
    assert!(at("=====================") < at("PARSING IN CURSOR #1 len=29 dep=0 uid="));
    assert_eq!(t[at("PARSING IN CURSOR") + 1], "select v from t1 where id = 1");
    assert_eq!(t[at("PARSING IN CURSOR") + 2], "END OF STMT");
    assert!(t[at("PARSING IN CURSOR")].contains(" oct=3 ") && t[at("PARSING IN CURSOR")].contains(" sqlid='"));
    assert!(
        at("PARSE #1:c=") < at("EXEC #1:") && at("EXEC #1:") < at("FETCH #1:") && at("FETCH #1:") < at("STAT #1 id=1")
    );
    assert!(t[at("FETCH #1:")].contains(",dep=0,og=1,plh="));
    // STAT lines: the plan's lines with their gets (cr= of the top line
    // is the execution's), in 11g's layout with cost, size and card.
    let stat1 = &t[at("STAT #1 id=1 cnt=1 pid=0 pos=1 obj=")];
    assert!(stat1.contains("op='TABLE ACCESS BY INDEX ROWID T1 (cr="), "{stat1}");
    assert!(stat1.contains(" pr=0 pw=0 str=1 time=") && stat1.contains(" us cost="), "{stat1}");
    assert!(t.iter().any(|l| l.starts_with("STAT #1 id=2 cnt=1 pid=1 pos=1 obj=0 op='INDEX UNIQUE SCAN")));
    // SQL*Net waits with Oracle's parameter names; from client after the call.
    let to = at("WAIT #1: nam='SQL*Net message to client' ela= ");
    assert!(t[to].contains(" driver id=1650815232 #bytes=1 p3=0 obj#=-1 tim="), "{}", t[to]);
    assert!(t[to + 1].starts_with("FETCH #1:"));
    assert!(t[to + 2].starts_with("WAIT #1: nam='SQL*Net message from client'"));
    assert!(t.iter().any(|l| l.starts_with("CLOSE #1:c=0,e=0,dep=0,type=")));
}

/// The hard parse's dictionary reads are its waits, with file#, block#
/// and blocks; a traced run's figures are the untraced run's, but for
/// SQL_TRACE's own cost per call.
#[test]
fn reads_show_their_blocks_and_the_parse_carries_them() {
    let s = run(&format!("alter system flush buffer_cache;\n{LEVEL12}{QUERY}"));
    ok(&s);
    let q = &s[6];
    let reads: Vec<_> = q.sql_trace.iter().filter(|l| l.contains("nam='db file sequential read'")).collect();
    assert_eq!(reads.len() as u64, stat(q, "physical read IO requests"), "{:#?}", q.sql_trace);
    for r in &reads {
        assert!(r.contains(" file#=") && r.contains(" block#=") && r.contains(" blocks=1 obj#="), "{r}");
    }
    assert_eq!(sum(q, "p"), stat(q, "physical reads"));
    assert_eq!(sum(q, "cr"), stat(q, "consistent gets"));
}

/// Level 1 (and SQL_TRACE, DBMS_SESSION.SET_SQL_TRACE) writes no WAIT or
/// BINDS lines, level 8 and 12 and DBMS_MONITOR's default (waits) do.
#[test]
fn levels_choose_waits() {
    let waits = |on: &str| {
        let s = run(&format!("{on}\n{QUERY}"));
        ok(&s);
        let q = &s[5];
        assert!(!calls(q).is_empty(), "{on}: {:#?}", q.sql_trace);
        assert!(!q.sql_trace.iter().any(|l| l.starts_with("BINDS")), "no binds in a literal query");
        q.sql_trace.iter().any(|l| l.starts_with("WAIT #"))
    };
    assert!(!waits("alter session set events '10046 trace name context forever, level 1';"));
    assert!(!waits("alter session set events '10046 trace name context forever';"));
    assert!(!waits("alter session set sql_trace = true;"));
    assert!(!waits("exec dbms_session.set_sql_trace(true)"));
    assert!(!waits("exec dbms_monitor.session_trace_enable(waits => false)"));
    assert!(waits("alter session set events '10046 trace name context forever, level 8';"));
    assert!(!waits("alter session set events '10046 trace name context forever, level 4';"));
    assert!(waits("alter session set events '10046 trace name context forever, level 12';"));
    assert!(waits("exec dbms_monitor.session_trace_enable"));
    assert!(waits("exec dbms_monitor.session_trace_enable(waits => true, binds => false)"));
}

/// Off (the default, or turned off) writes nothing; other events and
/// levels are refused as before.
#[test]
fn off_writes_nothing_and_other_events_are_refused() {
    let s = run(QUERY);
    ok(&s);
    assert!(s.iter().all(|st| st.sql_trace.is_empty()));
    let s = run(&format!(
        "{LEVEL12}alter session set events '10046 trace name context off';\n{QUERY}\
         exec dbms_monitor.session_trace_enable\nexec dbms_monitor.session_trace_disable\n{QUERY}"
    ));
    ok(&s);
    assert!(s[6].sql_trace.is_empty() && s[9].sql_trace.is_empty());
    // The ALTER SESSION that stops the trace is its last statement.
    assert!(s[5].sql_trace.iter().any(|l| l.contains("10046 trace name context off")));
    let s = run("alter session set events '10046 trace name context forever, level 3';\n\
                 alter session set events '10032 trace name context forever, level 10';\n\
                 alter system set events '10046 trace name context forever, level 12';");
    for st in &s[4..] {
        let (code, _, _) = error_of(st);
        assert_eq!(code, "LAB-00001");
    }
}

/// The trace stops at MAX_DUMP_FILE_SIZE (512-byte blocks, or K/M) with
/// Oracle's line, and writes nothing after it.
#[test]
fn the_file_is_capped() {
    let s = run(&format!("alter session set max_dump_file_size = '2';\n{LEVEL12}{QUERY}{QUERY}{QUERY}"));
    ok(&s);
    let all: Vec<&String> = s.iter().flat_map(|st| st.sql_trace.iter()).collect();
    let last = all.last().unwrap();
    assert_eq!(last.as_str(), "*** DUMP FILE SIZE IS LIMITED TO 1024 BYTES ***");
    let bytes: usize = all[..all.len() - 1].iter().map(|l| l.len() + 1).sum();
    assert!(bytes <= 1024, "{bytes}");
    assert!(s[8].sql_trace.is_empty());
}

/// A transaction's end is XCTEND (rd_only=0 when it changed data), DML
/// is one parse and one execute with its rows and current gets.
#[test]
fn dml_and_commit() {
    let s = run(&format!("{LEVEL12}update t1 set v = 'uno' where id = 1;\ncommit;\n"));
    ok(&s);
    let u = &s[5];
    assert_eq!(sum(u, "cu"), stat(u, "db block gets"), "{:#?}", u.sql_trace);
    assert_eq!(sum(u, "cr"), stat(u, "consistent gets"));
    assert!(u.sql_trace.iter().any(|l| l.starts_with("EXEC #") && l.contains(",r=1,")));
    assert!(u.sql_trace.iter().any(|l| l.contains(" oct=6 ")));
    let c = &s[6];
    assert!(c.sql_trace.iter().any(|l| l.starts_with("XCTEND rlbk=0, rd_only=0, tim=")), "{:#?}", c.sql_trace);
}

/// 10g's layout: no sqlid=, no plh=, STAT without cost, no CLOSE.
#[test]
fn ten_g_layout() {
    let s = quiet_engine().exec(&format!("LAB VERSION 10.2.0.5;\n{SETUP}{LEVEL12}{QUERY}"));
    ok(&s);
    let t = &s.last().unwrap().sql_trace;
    assert!(t.iter().any(|l| l.starts_with("PARSING IN CURSOR") && !l.contains("sqlid=")), "{t:#?}");
    assert!(t.iter().any(|l| l.starts_with("FETCH #") && !l.contains("plh=")));
    assert!(t.iter().any(|l| l.starts_with("STAT #") && l.ends_with(" us)'")));
    assert!(!t.iter().any(|l| l.starts_with("CLOSE")));
}

/// Each release's layout: cursor numbers (slots before 11.2.0.2, addresses
/// from it), STAT's str= (12c on), the `***` lines' times (ISO 8601 from
/// 12.2), CLOSE (11g on); an operation without options leaves two spaces
/// before ` (cr=` as Oracle's op text does (`'FAST DUAL  (cr=0 ...'`).
#[test]
fn layouts_by_release() {
    let dual = "select 1 from dual;\n";
    let trace = |v: &str| {
        let s = quiet_engine().exec(&format!("LAB VERSION {v};\n{LEVEL12}{dual}"));
        ok(&s);
        s.last().unwrap().sql_trace.clone()
    };
    let find = |t: &[String], p: &str| {
        t.iter().find(|l| l.starts_with(p)).cloned().unwrap_or_else(|| panic!("no {p} in {t:#?}"))
    };
    let t = trace("11.2.0.1");
    assert!(cursor_of(&find(&t, "PARSING IN CURSOR #")) < 10);
    assert!(find(&t, "STAT #").contains("op='FAST DUAL  (cr=0 pr=0 pw=0 time="), "{t:#?}");
    assert!(t.iter().any(|l| l.starts_with("CLOSE #")));
    let t = trace("11.2.0.2");
    assert!(cursor_of(&find(&t, "PARSING IN CURSOR #")) > 100_000_000_000_000);
    assert!(!find(&t, "STAT #").contains(" str="));
    let t = trace("19c");
    assert!(find(&t, "STAT #").contains("op='FAST DUAL  (cr=0 pr=0 pw=0 str=1 time="), "{t:#?}");
    // The header: the first *** line and the session's, at the trace's start.
    let s = quiet_engine().exec(&format!("LAB VERSION 11.2.0.2;\n{LEVEL12}{dual}LAB VERSION 19c;\n{dual}"));
    ok(&s);
    let all: Vec<&String> = s.iter().flat_map(|st| st.sql_trace.iter()).collect();
    let stars: Vec<&&String> = all.iter().filter(|l| l.starts_with("*** ")).collect();
    assert_eq!(stars[0].as_str(), "*** 2024-01-01 00:00:00.000", "{all:#?}");
    assert_eq!(stars[1].as_str(), "*** SESSION ID:(10.1) 2024-01-01 00:00:00.000");
    // LAB VERSION while tracing: a new header in the new release's layout.
    assert_eq!(all.iter().filter(|l| l.starts_with("Trace file ")).count(), 2, "{all:#?}");
    assert!(all.iter().any(|l| l.starts_with("*** SESSION ID:(10.1) 2024-01-01T") && l.ends_with("+00:00")));
}

/// A statement written after it ran (DDL, DML, COMMIT) is written in the
/// order Oracle writes it as it runs: its parse at its start, its waits,
/// its execute at its end; tim= never goes back, and no call starts
/// (tim - e) before the one before it ended.
#[test]
fn lines_keep_the_clock() {
    let s = run(&format!(
        "alter system flush buffer_cache;\n{LEVEL12}update t1 set v = 'uno' where id = 1;\ncommit;\n{QUERY}"
    ));
    ok(&s);
    let all: Vec<&String> = s.iter().flat_map(|st| st.sql_trace.iter()).collect();
    let (mut last, mut ended) = (0, 0);
    for l in &all {
        let Some(tim) = tim_of(l) else { continue };
        assert!(tim >= last, "{l} after tim={last}: {all:#?}");
        last = tim;
        if l.starts_with("PARSE #") || l.starts_with("EXEC #") || l.starts_with("FETCH #") {
            let e = field(l, "e");
            assert!(tim - e >= ended, "{l} starts before tim={ended}");
            ended = tim;
        }
    }
    assert!(all.iter().any(|l| l.starts_with("WAIT #") && l.contains("'db file sequential read'")));
    assert!(all.iter().any(|l| l.starts_with("WAIT #") && l.contains("'log file sync'")));
}
