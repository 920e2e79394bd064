//! SQL*Plus commands of published scripts: DESCRIBE (and VARIABLE / PRINT
//! with `:bind` in SQL and PL/SQL).

mod common;
use common::*;
use lio_core::Engine;

fn output(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s.last().map(|s| s.output.clone()).unwrap_or_default()
}

/// SQL*Plus's layout at LINESIZE 80, as published transcripts show it
/// (e.g. Tim Hall's and Jonathan Lewis's `desc t1`): header, dashes 41, 8
/// and 28 wide, NOT NULL, the declared type.
#[test]
fn describe_lists_columns_as_sqlplus_does() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (id number(10,2) not null, v varchar2(10), c char(2000), n number, i integer, d date, pk number primary key);"));
    let want = [
        " Name                                      Null?    Type",
        " ----------------------------------------- -------- ----------------------------",
        " ID                                        NOT NULL NUMBER(10,2)",
        " V                                                  VARCHAR2(10)",
        " C                                                  CHAR(2000)",
        " N                                                  NUMBER",
        " I                                                  NUMBER(38)",
        " D                                                  DATE",
        " PK                                        NOT NULL NUMBER",
    ];
    assert_eq!(output(&mut e, "desc t1"), want);
    assert_eq!(output(&mut e, "describe t1"), want);
    assert_eq!(output(&mut e, "DESC lab.T1;"), want);
    assert_eq!(output(&mut e, "desc t1 ;"), want);
    ok(&e.exec("create table t2 (f float, r real, nv nvarchar2(5), nc nchar(3), vc varchar2(10 char), s number(*,2), k number(5,0), dc decimal(7,2));"));
    let types: Vec<String> = output(&mut e, "desc t2").iter().skip(2).map(|l| l[52..].to_string()).collect();
    assert_eq!(
        types,
        [
            "FLOAT(126)",
            "FLOAT(63)",
            "NVARCHAR2(5)",
            "NCHAR(3)",
            "VARCHAR2(10 CHAR)",
            "NUMBER(38,2)",
            "NUMBER(5)",
            "NUMBER(7,2)"
        ]
    );
    assert_eq!(output(&mut e, "desc dual")[2], " DUMMY                                              VARCHAR2(1)");
}

#[test]
fn describe_refuses_what_it_cannot_print_right() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (id number);"));
    let err = |e: &mut Engine, sql: &str| {
        let s = e.exec(sql);
        let (c, l, col) = error_of(&s[0]);
        (c.to_string(), l, col, s[0].error.as_ref().map(|e| e.message.clone()).unwrap_or_default())
    };
    // ORA-04043 names the object as written.
    let (code, line, col, msg) = err(&mut e, "desc nosuch");
    assert_eq!((code.as_str(), line, col, msg.as_str()), ("ORA-04043", 1, 6, "object nosuch does not exist"));
    assert_eq!(err(&mut e, "desc v$session").0, "LAB-00001");
    assert_eq!(err(&mut e, "desc user_tables").0, "LAB-00001");
    // A CTAS column whose type the lab does not derive as Oracle does (a
    // string expression's length): refused rather than printed wrong.
    ok(&e.exec("create table t3 as select id, 'x' || id v from t1;"));
    assert_eq!(err(&mut e, "desc t3").0, "LAB-00001");
    // SQL*Plus sizes the layout from LINESIZE; only 80 is modelled.
    ok(&e.exec("set linesize 132"));
    assert_eq!(err(&mut e, "desc t1").0, "LAB-00001");
}
