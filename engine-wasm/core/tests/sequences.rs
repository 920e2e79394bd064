//! Sequences (CREATE / ALTER / DROP SEQUENCE, NEXTVAL and CURRVAL),
//! hand-checked against published SQL*Plus sessions.
//!
//! - A training transcript's session (a public repository's Oracle notes,
//!   10g/11g era: USER_SEQUENCES with VARCHAR2(30) names): `CREATE SEQUENCE
//!   S1` shows MIN_VALUE 1, MAX_VALUE 1.0000E+28, INCREMENT_BY 1, C N, O N,
//!   CACHE_SIZE 20, LAST_NUMBER 1; S1.CURRVAL first is ORA-08002 at S1;
//!   NEXTVAL 1, CURRVAL 1, NEXTVAL 2 ...; after the 20th NEXTVAL
//!   LAST_NUMBER 21, after the 21st 41. A NOCACHE sequence INCREMENT BY 2
//!   MINVALUE 101 MAXVALUE 150 shows LAST_NUMBER 101 before its first use
//!   and after 149, ORA-08004 "exceeds MAXVALUE" at the statement's start.
//!   CACHE 0: ORA-04010; MINVALUE 1 MAXVALUE 1: ORA-04004; a cycle of 10
//!   with CACHE 11: ORA-04013; INCREMENT BY 0.1: ORA-04001; ALTER ... START
//!   WITH: ORA-02283 at START; CREATE OR REPLACE SEQUENCE: ORA-00922 at
//!   SEQUENCE; DESC of a sequence: SP2-0381. A descending CYCLE sequence
//!   (INCREMENT BY -1, 1 to 5) gives 5 4 3 2 1 5; `SELECT s.NEXTVAL,
//!   s.NEXTVAL FROM dual` the same value twice.
//! - international-dba.blogspot.com, "LAST_NUMBER Column in DBA_SEQUENCES"
//!   (2012): CACHE 13, first NEXTVAL 1 and LAST_NUMBER 14, the second 2 and
//!   LAST_NUMBER still 14.
//! - Debes, "Secrets of the Oracle Database": each load of the cache is one
//!   recursive `update seq$ ... where obj#=:1`, 1 query and 2 current gets
//!   an execution; tacticaldba.com: 100,000 NEXTVALs of a CACHE 1000
//!   sequence make 100 updates of SEQ$.

mod common;
use common::*;

fn engine() -> lio_core::Engine {
    quiet_engine()
}

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    let r = text_rows(e, sql);
    r[0][0].clone()
}

fn err(e: &mut lio_core::Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), l, col)
}

#[test]
fn nextval_currval_and_last_number() {
    let mut e = engine();
    ok(&e.exec("create sequence s1;"));
    assert_eq!(
        text_rows(&mut e, "select * from user_sequences;"),
        [["S1", "1", "1e+28", "1", "N", "N", "20", "1", "N", "N", "N", "N"]]
    );
    // MAX_VALUE is 10^28 - 1 (SQL*Plus prints it 1.0000E+28).
    assert_eq!(one(&mut e, "select to_char(max_value) from user_sequences;"), "9999999999999999999999999999");
    // CURRVAL before the session's first NEXTVAL: ORA-08002 at the name.
    assert_eq!(err(&mut e, "select s1.currval from dual;"), ("ORA-08002".into(), 1, 8));
    let s = e.exec("select s1.currval from dual;");
    assert_eq!(s[0].error.as_ref().unwrap().message, "sequence S1.CURRVAL is not yet defined in this session");
    assert_eq!(one(&mut e, "select s1.nextval from dual;"), "1");
    assert_eq!(one(&mut e, "select s1.currval from dual;"), "1");
    // The cache's first load wrote its end: 1 + 20.
    assert_eq!(one(&mut e, "select last_number from user_sequences;"), "21");
    // Two NEXTVALs and a CURRVAL in one row: one value.
    assert_eq!(text_rows(&mut e, "select s1.nextval, s1.nextval, s1.currval from dual;"), [["2", "2", "2"]]);
    for k in 3..=20 {
        assert_eq!(one(&mut e, "select s1.nextval from dual;"), k.to_string());
    }
    assert_eq!(one(&mut e, "select last_number from user_sequences;"), "21");
    assert_eq!(one(&mut e, "select s1.nextval from dual;"), "21");
    assert_eq!(one(&mut e, "select last_number from user_sequences;"), "41");
}

#[test]
fn cache_13_as_published() {
    let mut e = engine();
    ok(&e.exec("create sequence sequence1 increment by 1 start with 1 cache 13;"));
    assert_eq!(one(&mut e, "select sequence1.nextval from dual;"), "1");
    assert_eq!(one(&mut e, "select last_number from dba_sequences where sequence_name = 'SEQUENCE1';"), "14");
    assert_eq!(one(&mut e, "select sequence1.nextval from dual;"), "2");
    assert_eq!(one(&mut e, "select last_number from dba_sequences where sequence_name = 'SEQUENCE1';"), "14");
    // ALL_ and DBA_SEQUENCES: SEQUENCE_OWNER first; without a condition
    // naming the schema's objects they would lack SYS's own: refused.
    assert_eq!(err(&mut e, "select * from dba_sequences;").0, "LAB-00001");
    let s = e.exec("select * from all_sequences where sequence_owner = user;");
    ok(&s);
    assert_eq!(s[0].columns[..2], ["SEQUENCE_OWNER", "SEQUENCE_NAME"]);
    assert_eq!(row_strings(&s[0])[0].split('|').take(2).collect::<Vec<_>>(), ["LAB", "SEQUENCE1"]);
}

#[test]
fn nocache_maxvalue_and_cycle() {
    let mut e = engine();
    ok(&e.exec("create sequence ss1 increment by 2 minvalue 101 maxvalue 150 nocycle nocache;"));
    assert_eq!(
        text_rows(&mut e, "select min_value, max_value, increment_by, cache_size, last_number from user_sequences;"),
        [["101", "150", "2", "0", "101"]]
    );
    // 101, 103, ..., 149: 25 values; NOCACHE writes each one's successor.
    let r = text_rows(&mut e, "select ss1.nextval from dual connect by level <= 25;");
    assert_eq!((r[0][0].as_str(), r[24][0].as_str()), ("101", "149"));
    assert_eq!(one(&mut e, "select last_number from user_sequences;"), "151");
    let s = e.exec("select ss1.nextval from dual;");
    assert_eq!(error_of(&s[0]), ("ORA-08004", 1, 1));
    assert_eq!(
        s[0].error.as_ref().unwrap().message,
        "sequence SS1.NEXTVAL exceeds MAXVALUE and cannot be instantiated"
    );
    // Descending and cycling: MAXVALUE first, back to it after MINVALUE.
    ok(&e.exec("create sequence ss3 increment by -1 minvalue 1 maxvalue 5 cycle cache 2;"));
    let r = text_rows(&mut e, "select ss3.nextval from dual connect by level <= 7;");
    assert_eq!(r.concat(), ["5", "4", "3", "2", "1", "5", "4"]);
    // Descending without CYCLE: "goes below MINVALUE".
    ok(&e.exec("create sequence sd increment by -1 minvalue 1 maxvalue 3;"));
    let s = e.exec("select sd.nextval from dual connect by level <= 4;");
    assert_eq!(
        s[0].error.as_ref().unwrap().message,
        "sequence SD.NEXTVAL goes below MINVALUE and cannot be instantiated"
    );
}

#[test]
fn ddl_errors_as_oracle_reports_them() {
    let mut e = engine();
    let cases = [
        ("create sequence ss2 increment by 2 minvalue 101 maxvalue 150 nocycle cache 0;", "ORA-04010", 1),
        ("create sequence ss2 increment by 2 minvalue 101 maxvalue 150 cache 1;", "ORA-04010", 1),
        ("create sequence ss5 increment by 1 minvalue 1 maxvalue 10 cycle cache 11;", "ORA-04013", 1),
        ("create sequence ss6 increment by 0.1 minvalue 1 maxvalue 10;", "ORA-04001", 1),
        ("create sequence ss7 increment by 0;", "ORA-04002", 1),
        ("create sequence ss8 minvalue 5 maxvalue 5;", "ORA-04004", 1),
        ("create sequence ss9 start with 0;", "ORA-04006", 1),
        ("create sequence ss9 maxvalue 10 start with 11;", "ORA-04008", 1),
        ("create sequence ss9 maxvalue 99999999999999999999999999999;", "ORA-04003", 1),
        ("create or replace sequence s1;", "ORA-00922", 19),
        ("alter sequence nosuch cache 5;", "ORA-02289", 16),
        ("drop sequence nosuch;", "ORA-02289", 15),
    ];
    for (sql, code, col) in cases {
        let (c, l, k) = err(&mut e, sql);
        assert_eq!((c.as_str(), l, k), (code, 1, col), "{sql}");
    }
    ok(&e.exec("create sequence ss4 increment by 1 start with 101 minvalue 1 maxvalue 105 cycle cache 2;"));
    assert_eq!(err(&mut e, "alter sequence ss4 start with 2;"), ("ORA-02283".into(), 1, 20));
    assert_eq!(err(&mut e, "alter sequence ss4;"), ("ORA-02286".into(), 1, 1));
    assert_eq!(err(&mut e, "alter sequence ss4 cache 3 minvalue 1 maxvalue 1;"), ("ORA-04004".into(), 1, 1));
    // The name is taken: a table, a view, another sequence.
    ok(&e.exec("create table t (n number);"));
    assert_eq!(err(&mut e, "create sequence t;"), ("ORA-00955".into(), 1, 17));
    assert_eq!(err(&mut e, "create table ss4 (n number);"), ("ORA-00955".into(), 1, 14));
    let s = e.exec("desc ss4");
    assert!(s[0].error.as_ref().is_some_and(|x| x.message.contains("SP2-0381")), "{:?}", s[0].error);
}

#[test]
fn where_a_sequence_may_be_read() {
    let mut e = engine();
    ok(&e.exec("create sequence s1;\ncreate table t (id number, v varchar2(20));"));
    // ORA-02287 in a WHERE clause, a subquery, with ORDER BY, DISTINCT,
    // an aggregate, a set operator; ORA-02289 for no such sequence.
    let cases = [
        ("select s1.nextval from t where s1.nextval > 1;", "ORA-02287", 32),
        ("select (select s1.nextval from dual) from dual;", "ORA-02287", 16),
        ("select s1.nextval from t order by 1;", "ORA-02287", 8),
        ("select distinct s1.nextval from dual;", "ORA-02287", 17),
        ("select count(*), s1.nextval from t;", "ORA-02287", 18),
        ("select s1.nextval from dual union all select 1 from dual;", "ORA-02287", 8),
        ("select nosuch.nextval from dual;", "ORA-02289", 8),
    ];
    for (sql, code, col) in cases {
        let (c, l, k) = err(&mut e, sql);
        assert_eq!((c.as_str(), l, k), (code, 1, col), "{sql}");
    }
    // A column named NEXTVAL of an inline view is a column.
    assert_eq!(one(&mut e, "select x.nextval from (select 7 nextval from dual) x;"), "7");
    // VALUES, INSERT ... SELECT, UPDATE's SET list: a value a row.
    ok(&e.exec(
        "insert into t values (s1.nextval, 'a');\n\
         insert into t values (s1.nextval, 'b' || s1.currval);\n\
         insert into t select s1.nextval, 'c' from dual connect by level <= 3;",
    ));
    assert_eq!(
        text_rows(&mut e, "select id, v from t order by id;"),
        [["1", "a"], ["2", "b2"], ["3", "c"], ["4", "c"], ["5", "c"]]
    );
    ok(&e.exec("update t set id = s1.nextval, v = 'u' || s1.currval where id > 3;"));
    assert_eq!(text_rows(&mut e, "select id, v from t where id > 3 order by id;"), [["6", "u6"], ["7", "u7"]]);
    // PL/SQL (11.1+): an expression, SELECT INTO, a loop's INSERT.
    ok(&e.exec(
        "declare v number; begin v := s1.nextval; insert into t values (v, 'v'); \
         select s1.nextval into v from dual; insert into t values (v, 'w'); \
         for i in 1..2 loop insert into t values (s1.nextval, 'l'); end loop; end;\n/",
    ));
    assert_eq!(
        text_rows(&mut e, "select id from t where v in ('v', 'w', 'l') order by id;").concat(),
        ["8", "9", "10", "11"]
    );
    // Not modelled: a WHERE clause of UPDATE or DELETE. 12c's DEFAULT
    // s1.NEXTVAL: tests/sequence_defaults.rs.
    assert_eq!(err(&mut e, "delete from t where id = s1.currval;"), ("LAB-00001".into(), 1, 26));
    ok(&e.exec("create table t3 (id number default s1.nextval);"));
}

#[test]
fn the_plan_has_a_sequence_line() {
    let mut e = engine();
    ok(&e.exec("create sequence my_sequence_test cache 10;"));
    let s =
        e.exec("explain plan for select my_sequence_test.nextval from dual;\nselect * from table(dbms_xplan.display);");
    ok(&s);
    let p: Vec<String> = s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    // As an 11g autotrace prints it: no estimates on the SEQUENCE line.
    let want = [
        "| Id  | Operation        | Name             | Rows  | Cost (%CPU)| Time     |",
        "|   0 | SELECT STATEMENT |                  |     1 |     2   (0)| 00:00:01 |",
        "|   1 |  SEQUENCE        | MY_SEQUENCE_TEST |       |            |          |",
        "|   2 |   FAST DUAL      |                  |     1 |     2   (0)| 00:00:01 |",
    ];
    for w in want {
        assert!(p.iter().any(|l| l == w), "{w}\n{p:#?}");
    }
}

#[test]
fn each_load_of_the_cache_is_a_recursive_update_of_seq() {
    let mut e = engine();
    ok(&e.exec("create sequence sc;\ncreate sequence sn nocache;\ncreate sequence sk cache 1000;"));
    // A NEXTVAL from the cache: no recursive work.
    ok(&e.exec("select sc.nextval from dual;"));
    let s = e.exec("select sc.nextval from dual;");
    assert_eq!((stat(&s[0], "recursive calls"), stat(&s[0], "db block gets"), stat(&s[0], "redo size")), (0, 0, 0));
    // NOCACHE: each NEXTVAL updates SEQ$: one recursive call, 1 consistent
    // and 2 current gets (Debes), the commit's current get; the row's
    // change and the commit, two redo records.
    let s = e.exec("select sn.nextval from dual;");
    let st = &s[0];
    assert_eq!(stat(st, "recursive calls"), 1);
    assert_eq!(stat(st, "db block gets"), 3);
    assert_eq!(stat(st, "consistent gets"), 1);
    assert_eq!(stat(st, "redo entries"), 2);
    assert!(stat(st, "redo size") > 500, "{}", stat(st, "redo size"));
    // CACHE 20 over 1,000 values: 50 loads. CACHE 1000 over 100,000: 100.
    let s = e.exec("select sc.nextval from dual connect by level <= 1000;");
    // Values 3..1002 (1 and 2 came from the first load): loads at 21,
    // 41, ..., 1001, 50 of them.
    assert_eq!(stat(&s[0], "recursive calls"), 50);
    let s = e.exec("select sk.nextval from dual connect by level <= 100000;");
    assert_eq!(stat(&s[0], "recursive calls"), 100);
}

#[test]
fn two_sessions_share_the_cache() {
    let mut e = engine();
    ok(&e.exec("create sequence s1;"));
    let s = e.exec(
        "select s1.nextval from dual;\nconnect lab/lab\nselect s1.nextval from dual;\nselect s1.currval from dual;",
    );
    let vals: Vec<String> = s.iter().filter(|x| !x.rows.is_empty()).map(|x| row_strings(x)[0].clone()).collect();
    assert_eq!(vals, ["1", "2", "2"]);
}

#[test]
fn release_differences() {
    // 11.2: eight columns; 18c: twelve (no SHARDED_FLAG); 19c: thirteen.
    for (v, n) in [("11.2", 8), ("18c", 12), ("19c", 13)] {
        let mut e = engine();
        ok(&e.exec(&format!("lab version {v};\ncreate sequence s1;")));
        let s = e.exec("select * from user_sequences;");
        ok(&s);
        assert_eq!(s[0].columns.len(), n, "{v}: {:?}", s[0].columns);
        assert_eq!(s[0].columns.contains(&"SHARDED_FLAG".to_string()), v == "19c");
    }
    // Before 12c a DEFAULT may not read a sequence (ORA-00984).
    let mut e = engine();
    ok(&e.exec("lab version 11.2;\ncreate sequence s1;"));
    assert_eq!(err(&mut e, "create table t (id number default s1.nextval);"), ("ORA-00984".into(), 1, 35));
    // 10g PL/SQL expressions may not (PLS-00357).
    let mut e = engine();
    ok(&e.exec("lab version 10.2;\ncreate sequence s1;"));
    let s = e.exec("declare v number; begin v := s1.nextval; end;\n/");
    assert!(s[0].error.as_ref().is_some_and(|x| x.message.contains("PLS-00357")), "{:?}", s[0].error);
    // The object: USER_OBJECTS' SEQUENCE, gone with DROP.
    let mut e = engine();
    ok(&e.exec("create sequence s1;"));
    assert_eq!(one(&mut e, "select object_type from user_objects where object_name = 'S1';"), "SEQUENCE");
    ok(&e.exec("drop sequence s1;"));
    assert_eq!(err(&mut e, "select s1.nextval from dual;"), ("ORA-02289".into(), 1, 8));
}

/// tests/articles/international-dba-sequence-last-number.sql as pasted:
/// NEXTVAL 1 then LAST_NUMBER 14, NEXTVAL 2 then still 14; the first
/// NEXTVAL made the cache's load (a recursive call), the second none.
#[test]
fn international_dba_last_number_article() {
    let mut e = engine();
    let steps = e.exec(include_str!("../../../tests/articles/international-dba-sequence-last-number.sql"));
    ok(&steps);
    let nextvals: Vec<&lio_core::StepOut> = steps.iter().filter(|s| s.statement.contains("nextval")).collect();
    let lasts: Vec<&lio_core::StepOut> = steps.iter().filter(|s| s.statement.contains("last_number")).collect();
    assert_eq!((row_strings(nextvals[0]), row_strings(lasts[0])), (vec!["1".to_string()], vec!["14".to_string()]));
    assert_eq!((row_strings(nextvals[1]), row_strings(lasts[1])), (vec!["2".to_string()], vec!["14".to_string()]));
    // The first: the session's first hard parse reads its user (dc_users,
    // one recursive statement) and the cache's load updates SEQ$ (one).
    assert_eq!((stat(nextvals[0], "recursive calls"), stat(nextvals[1], "recursive calls")), (2, 0));
    // After ALTER SYSTEM FLUSH SHARED_POOL: 14, and LAST_NUMBER 27.
    assert_eq!((row_strings(nextvals[2]), row_strings(lasts[2])), (vec!["14".to_string()], vec!["27".to_string()]));
}

/// A clean SHUTDOWN writes each sequence's next value to SEQ$ (no value
/// lost); SHUTDOWN ABORT loses the cached ones (SQL Language Reference,
/// CREATE SEQUENCE). ALTER continues from the last value handed out:
/// CACHE 5000 after the first NEXTVAL of a sequence starting at
/// 2222292436 shows LAST_NUMBER 2222292437 (a published answer's session,
/// sqldat.com's copy of a Stack Overflow answer).
#[test]
fn shutdown_and_alter_keep_the_next_value() {
    let mut e = engine();
    ok(&e.exec(
        "create sequence s1 cache 10;
select s1.nextval from dual;
select s1.nextval from dual;",
    ));
    ok(&e.exec(
        "shutdown immediate
startup",
    ));
    assert_eq!(one(&mut e, "select last_number from user_sequences;"), "3");
    assert_eq!(one(&mut e, "select s1.nextval from dual;"), "3");
    ok(&e.exec(
        "shutdown abort
startup",
    ));
    assert_eq!(one(&mut e, "select s1.nextval from dual;"), "13");
    ok(&e.exec("create sequence seq_page_id start with 2222292436 increment by 1 cache 20;"));
    assert_eq!(
        one(&mut e, "select last_number from user_sequences where sequence_name = 'SEQ_PAGE_ID';"),
        "2222292436"
    );
    assert_eq!(one(&mut e, "select seq_page_id.nextval from dual;"), "2222292436");
    assert_eq!(
        one(&mut e, "select last_number from user_sequences where sequence_name = 'SEQ_PAGE_ID';"),
        "2222292456"
    );
    ok(&e.exec("alter sequence seq_page_id cache 5000;"));
    assert_eq!(
        one(&mut e, "select last_number from user_sequences where sequence_name = 'SEQ_PAGE_ID';"),
        "2222292437"
    );
    assert_eq!(one(&mut e, "select seq_page_id.nextval from dual;"), "2222292437");
}
