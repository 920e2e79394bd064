//! Issue 28, right or refused: DUAL, string limits, PL/SQL error stacks,
//! tablespace limits for every segment, CHAR semantics.

mod common;
use common::*;
use lio_core::StepOut;

/// (operation, name, rows, bytes, cost) per plan line.
type PlanRow = (String, Option<String>, u64, Option<u64>, u64);

fn plan_of(s: &StepOut) -> Vec<PlanRow> {
    s.plan.iter().map(|l| (l.operation.clone(), l.name.clone(), l.e_rows, l.bytes, l.cost)).collect()
}

// ------------------------------------------------------------------ DUAL

/// Since 10g a query that reads DUAL's column scans SYS.DUAL: TABLE ACCESS
/// FULL | DUAL | 1 | 2 | 2 and 3 consistent gets (2 on the segment header
/// of a MANUAL segment space management tablespace, SYSTEM, and 1 on the
/// data block), as published for `select * from dual`:
/// http://stelliosdba.blogspot.com/2012/02/since-oracle-10g-there-is-quicker-way.html
/// ("TABLE ACCESS FULL| DUAL | 1 | 2 | 2 (0)", "3 consistent gets"), and
/// https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/fast-dual/index
#[test]
fn a_query_reading_dummy_scans_sys_dual() {
    let mut e = quiet_engine();
    let s = e.exec(
        "set autotrace on\nselect * from dual;\nselect * from dual;\nselect dummy from dual;\n\
         select 1 from dual where dummy = 'X';\nselect d.* from dual d;\n\
         select 1 from dual d where exists (select 1 from dual where d.dummy = 'X');",
    );
    ok(&s);
    let full = |name: &str| (name.to_string(), Some("DUAL".to_string()), 1, Some(2), 2);
    let top = ("SELECT STATEMENT".to_string(), None, 1, Some(2), 2);
    for st in &s[1..6] {
        assert_eq!(plan_of(st), vec![top.clone(), full("TABLE ACCESS FULL")], "{}", st.statement);
        assert_eq!(st.rows.len(), 1);
    }
    assert_eq!(s[1].rows[0], [serde_json::json!("X")]);
    // The first scan reads the two blocks from disk; then 3 gets, as published.
    assert!(stat(&s[1], "physical reads") >= 2);
    for st in &s[2..6] {
        assert_eq!(stat(st, "consistent gets"), 3, "{}", st.statement);
        assert_eq!(stat(st, "db block gets"), 0);
        assert_eq!(stat(st, "physical reads"), 0);
    }
    // The outer DUAL is read through the correlated subquery; the inner
    // one reads no column of its own: FAST DUAL.
    let ops: Vec<String> = s[6].plan.iter().map(|l| l.operation.clone()).collect();
    assert!(ops.contains(&"TABLE ACCESS FULL".to_string()) && ops.contains(&"FAST DUAL".to_string()), "{ops:?}");
    assert_eq!(stat(&s[6], "consistent gets"), 3);
}

/// No column read: FAST DUAL, no block visited, and no Bytes column (the
/// published plan for `select 1 from dual` has none).
#[test]
fn a_query_reading_no_column_of_dual_is_fast_dual_without_bytes() {
    let mut e = quiet_engine();
    let s = e.exec(
        "set autotrace on\nselect 1 from dual;\nselect 1 from dual;\nselect upper('x') || 1 from dual;\n\
         select count(*) from dual;\nselect 1 dummy from dual order by dummy;",
    );
    ok(&s);
    for st in &s[1..4] {
        assert_eq!(
            plan_of(st),
            vec![("SELECT STATEMENT".into(), None, 1, None, 2), ("FAST DUAL".into(), None, 1, None, 2)],
            "{}",
            st.statement
        );
        assert!(!st.xplan.iter().any(|l| l.contains("Bytes")), "{:#?}", st.xplan);
    }
    // SORT AGGREGATE over FAST DUAL: no Bytes either.
    assert_eq!(s[4].plan[1].bytes, None);
    assert!(!s[4].xplan.iter().any(|l| l.contains("Bytes")), "{:#?}", s[4].xplan);
    // ORDER BY DUMMY names the select list's alias, not DUAL's column.
    assert!(s[5].plan.iter().any(|l| l.operation == "FAST DUAL"), "{:?}", plan_of(&s[5]));
    // (The first statement's gets are the recursive SQL of the session's
    // first parse.)
    for st in &s[2..] {
        assert_eq!(stat(st, "consistent gets"), 0, "{}", st.statement);
    }
}

/// DUAL is SYS's: the lab user may read it, not change it (ORA-01031); a
/// table of the user's named DUAL hides it, as a private object hides a
/// public synonym.
#[test]
fn dual_is_sys_and_a_users_dual_hides_it() {
    let mut e = quiet_engine();
    let s = e.exec(
        "select * from dual;\ninsert into dual values ('Y');\nupdate dual set dummy = 'Y';\ndelete from dual;\n\
         select count(*) from dual where dummy = 'X';\ncreate table dual (dummy varchar2(1));\nselect count(*) from dual where dummy = 'X';",
    );
    assert_eq!(error_of(&s[1]), ("ORA-01031", 2, 13));
    assert_eq!(error_of(&s[2]).0, "ORA-01031");
    assert_eq!(error_of(&s[3]).0, "ORA-01031");
    assert_eq!(s[4].rows[0], [serde_json::json!(1)]);
    assert!(s[5].error.is_none(), "{:?}", s[5].error);
    assert_eq!(s[6].rows[0], [serde_json::json!(0)]);
}

// ------------------------------------------------------- RPAD and LPAD

/// In SQL RPAD and LPAD return at most 4,000 bytes and cut a longer
/// result silently (`||` raises ORA-01489); in PL/SQL the limit is 32,767
/// and past it ORA-06502: http://blog.cmartin2.com/?p=133 (10.2.0.4:
/// `length(rpad('test', 5000, '!'))` is 4000; `rpad(...)||'x'` is
/// ORA-01489; `c := rpad('test', 32768, '!')` is ORA-06502).
#[test]
fn rpad_and_lpad_stop_at_4000_bytes_in_sql_and_32767_in_plsql() {
    let mut e = quiet_engine();
    let s = e.exec(
        "select length(rpad('test', 5000, '!')), length(lpad('x', 5000)), length(rpad('x', 4000, 'x')) from dual;\n\
         select rpad('test', 5000, '!') || 'x' from dual;\n\
         select rpad('x', 5, null), lpad('x', 5, null) from dual;\n\
         set serveroutput on\n\
         declare v varchar2(32767); n number; begin\n  v := rpad('test', 32767, '!');\n  dbms_output.put_line(length(v));\n  select length(rpad('test', 32767, '!')) into n from dual;\n  dbms_output.put_line(n);\nend;\n/\n\
         declare v varchar2(32767); begin\n  v := lpad('test', 32768, '!');\nend;\n/",
    );
    assert!(s[0].error.is_none(), "{:?}", s[0].error);
    assert_eq!(s[0].rows[0], [serde_json::json!(4000), serde_json::json!(4000), serde_json::json!(4000)]);
    assert_eq!(error_of(&s[1]).0, "ORA-01489");
    assert_eq!(s[2].rows[0], [serde_json::Value::Null, serde_json::Value::Null]);
    assert_eq!(s[4].output, vec!["32767".to_string(), "4000".to_string()]);
    let block = &s[5];
    assert_eq!(error_of(block).0, "ORA-06502");
    assert!(block.error.as_ref().unwrap().message.contains("character string buffer too small"), "{:?}", block.error);
}

// ------------------------------------------------------------ ORA-00054

/// DROP TABLE while another session's open transaction has changed the
/// table: ORA-00054 (DDL does not wait for the lock). It used to drop the
/// rows under that transaction, whose rollback (at SHUTDOWN or LAB
/// VERSION) then panicked on rows gone (found by the order/DDL test).
#[test]
fn dropping_a_table_another_session_is_changing_is_resource_busy() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table t (x number);\nLAB SESSION 2;\ninsert into t values (1);\nLAB SESSION 1;\ndrop table t;\n\
         LAB VERSION 11.2.0.2;\nselect count(*) from t;\nLAB SESSION 2;\ninsert into t values (2);\ncommit;\n\
         LAB SESSION 1;\ndrop table t;",
    );
    assert_eq!(error_of(&s[4]), ("ORA-00054", 5, 12));
    assert!(s[4].error.as_ref().unwrap().message.contains("resource busy"));
    ok(&s[5..]);
    assert_eq!(s[6].rows[0], [serde_json::json!(0)]);
}
