//! 12c identity columns, hand-checked against published sessions.
//!
//! - oracle-base.com, "Identity Columns in Oracle Database 12c Release 1"
//!   (tests/articles/oracle-base-identity-columns-12c.sql): ALWAYS refuses
//!   a named ID (ORA-32795), BY DEFAULT takes 999 and refuses NULL
//!   (ORA-01400), BY DEFAULT ON NULL gives NULL the next value.
//! - zahirmohideen.blogspot.com (12.1.0.1): table 92733, sequence
//!   ISEQ$$_92733 in USER_SEQUENCES; dbastreet.com: CACHE 20 by default,
//!   `(start with 100 increment by 2 cache 1000)` gives CACHE 1000,
//!   ORA-32793 altering it.
//! - nuijten.blogspot.com (2015/10): `update t set id = id` on an ALWAYS
//!   column: ORA-32796 at the column.

mod common;
use common::*;

fn err(e: &mut lio_core::Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), l, col)
}

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    text_rows(e, sql)[0][0].clone()
}

/// The article as pasted: each case's rows and errors as published.
#[test]
fn oracle_base_identity_article() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/oracle-base-identity-columns-12c.sql"));
    let codes: Vec<&str> = steps.iter().filter_map(|s| s.error.as_ref().map(|x| x.code.as_str())).collect();
    assert_eq!(codes, ["ORA-32795", "ORA-32795", "ORA-01400"]);
    let selects: Vec<Vec<String>> =
        steps.iter().filter(|s| s.statement.starts_with("SELECT * FROM")).map(row_strings).collect();
    assert_eq!(selects[0], ["1|Just DESCRIPTION"]);
    assert_eq!(selects[1], ["1|Just DESCRIPTION", "999|ID=999 and DESCRIPTION"]);
    assert_eq!(selects[2], ["1|Just DESCRIPTION", "999|ID=999 and DESCRIPTION", "2|ID=NULL and DESCRIPTION"]);
    // Each DROP ... PURGE took its sequence: one left, a SEQUENCE.
    let objs = steps.iter().find(|s| s.statement.contains("user_objects")).expect("the query");
    assert_eq!(row_strings(objs), ["SEQUENCE"]);
}

#[test]
fn the_system_sequence() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (col1 number generated as identity (start with 100 increment by 2 cache 1000), col2 varchar2(50));"));
    let id = one(&mut e, "select object_id from user_objects where object_name = 'T1';");
    let name = format!("ISEQ$$_{id}");
    assert_eq!(
        text_rows(&mut e, "select sequence_name, increment_by, cache_size, last_number from user_sequences;"),
        [[name.as_str(), "2", "1000", "100"]]
    );
    // The column is NOT NULL (DESC: COL1 NOT NULL NUMBER).
    assert_eq!(one(&mut e, "select nullable from user_tab_columns where column_name = 'COL1';"), "N");
    ok(&e.exec("insert into t1 (col2) select 'x' from dual connect by level <= 3;"));
    assert_eq!(text_rows(&mut e, "select col1 from t1 order by 1;").concat(), ["100", "102", "104"]);
    // The first value loaded the cache: 100 + 1000 x 2.
    assert_eq!(one(&mut e, "select last_number from user_sequences;"), "2100");
    // Neither altered nor dropped; its NEXTVAL may be read.
    let (c, _, _) = err(&mut e, &format!("alter sequence \"{name}\" cache 10;"));
    assert_eq!(c, "ORA-32793");
    let (c, _, _) = err(&mut e, &format!("drop sequence \"{name}\";"));
    assert_eq!(c, "ORA-32794");
    assert_eq!(one(&mut e, &format!("select \"{name}\".nextval from dual;")), "106");
    // UPDATE of an ALWAYS column: ORA-32796 at the column.
    assert_eq!(err(&mut e, "update t1\nset col1 = col1;"), ("ORA-32796".into(), 2, 5));
    // DROP TABLE takes the sequence with it.
    ok(&e.exec("drop table t1;"));
    assert!(text_rows(&mut e, "select sequence_name from user_sequences;").is_empty());
}

#[test]
fn errors_and_releases() {
    let mut e = quiet_engine();
    let cases = [
        ("create table t (a number generated as identity, b number generated as identity);", "ORA-30669", 58),
        ("create table t (a varchar2(10) generated as identity);", "ORA-30675", 32),
        ("create table t (a number default 1 generated as identity);", "ORA-30674", 36),
        ("create table t (a number generated as identity (cache 1));", "ORA-04010", 26),
    ];
    for (sql, code, col) in cases {
        assert_eq!(err(&mut e, sql), (code.into(), 1, col), "{sql}");
    }
    // Nothing was made by the failed statements.
    assert!(text_rows(&mut e, "select sequence_name from user_sequences;").is_empty());
    // INSERT ... SELECT naming an ALWAYS column: ORA-32795 at it.
    ok(&e.exec("create table t (a number generated always as identity, b number);"));
    assert_eq!(err(&mut e, "insert into t (b, a) select 1, 2 from dual;"), ("ORA-32795".into(), 1, 19));
    // Before 12.1 the lab refuses the clause (Oracle's parser does not know it).
    let mut e = quiet_engine();
    ok(&e.exec("lab version 11.2;"));
    assert_eq!(err(&mut e, "create table t (a number generated as identity);"), ("LAB-00001".into(), 1, 26));
}
