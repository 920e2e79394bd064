//! 12c column defaults that read a sequence (`DEFAULT s.NEXTVAL`) and
//! `DEFAULT ON NULL`, hand-checked against published 12c sessions.
//!
//! - dbaora.com, "Default Values for Columns Based on Oracle Sequences
//!   Oracle Database 12C release 1 (12.1)": `id default test_seq.currval,
//!   id1 default test_seq.nextval, id3`; three `insert into test_tbl(id3)`
//!   give ID and ID1 1, 2, 3 (a row's defaults take one value: CURRVAL in
//!   the first row of a new session is that row's NEXTVAL); a row that
//!   gives ID1 NULL keeps it NULL and its CURRVAL default reads 3.
//! - datalbi.com, article 20 (12c): `COL3 DEFAULT ON NULL 'DEF_ON_NULL'`
//!   is NOT NULL in DESC; omitted or given NULL it takes the default;
//!   `COL4 DEFAULT SEQ_TEST.NEXTVAL` omitted takes 1, given NULL stays
//!   NULL.
//! - rogertroller.com, "DEFAULT" (12c): `employee_id DEFAULT ON NULL
//!   employees_seq.nextval`: given NULL, then omitted: 1, 2 (the third,
//!   `VALUES (DEFAULT, ...)`, is not modelled).
//! - geeksinsight.com, "12c Database: Default values enhancements":
//!   `default t1_seq.nextval`: (1, 'Geek DBA') as given, ('Ramesh') takes
//!   1, (NULL, 'Brijesh') stays NULL.
//! - alibabacloud, "Oracle 12C-The default value for sequence-based
//!   columns": once the sequence is dropped, the INSERT fails (ORA-02289).

mod common;
use common::*;

fn err(e: &mut lio_core::Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), l, col)
}

#[test]
fn dbaora_currval_and_nextval_defaults_share_the_row_value() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create sequence test_seq;\n\
         create table test_tbl (id number default test_seq.currval, id1 number default test_seq.nextval, id3 number);\n\
         insert into test_tbl(id3) values(10);\n\
         insert into test_tbl(id3) values(20);\n\
         insert into test_tbl(id3) values(30);",
    ));
    assert_eq!(
        text_rows(&mut e, "select * from test_tbl order by id3;"),
        [["1", "1", "10"], ["2", "2", "20"], ["3", "3", "30"]]
    );
    // ID1 given NULL: no NEXTVAL; ID's CURRVAL is the session's last, 3.
    ok(&e.exec("insert into test_tbl (id1, id3) values (null, 40);"));
    assert_eq!(text_rows(&mut e, "select id, id1 from test_tbl where id3 = 40;"), [["3", "null"]]);
    // A CACHE 20 sequence: one load (LAST_NUMBER 21).
    assert_eq!(text_rows(&mut e, "select last_number from user_sequences;"), [["21"]]);
}

#[test]
fn datalbi_default_on_null() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "CREATE SEQUENCE SEQ_TEST;\n\
         CREATE TABLE TEST ( ID NUMBER, COL1 VARCHAR2(30), COL2 VARCHAR2(30) DEFAULT 'DEF', \
         COL3 VARCHAR2(30) DEFAULT ON NULL 'DEF_ON_NULL', COL4 NUMBER DEFAULT SEQ_TEST.NEXTVAL );\n\
         INSERT INTO TEST (ID) VALUES (1);\n\
         INSERT INTO TEST (ID, COL1, COL2, COL3, COL4) VALUES (2, 'VAL', 'VAL', 'VAL', 99);\n\
         INSERT INTO TEST (ID, COL1, COL2, COL3, COL4) VALUES (3, NULL, NULL, NULL, NULL);",
    ));
    assert_eq!(
        text_rows(&mut e, "SELECT * FROM TEST ORDER BY ID;"),
        [
            ["1", "null", "DEF", "DEF_ON_NULL", "1"],
            ["2", "VAL", "VAL", "VAL", "99"],
            ["3", "null", "null", "DEF_ON_NULL", "null"]
        ]
    );
    // ON NULL makes the column NOT NULL (DESC: COL3 NOT NULL).
    assert_eq!(
        text_rows(
            &mut e,
            "select column_name, nullable from user_tab_columns where table_name = 'TEST' order by column_id;"
        ),
        [["ID", "Y"], ["COL1", "Y"], ["COL2", "Y"], ["COL3", "N"], ["COL4", "Y"]]
    );
}

#[test]
fn on_null_sequence_for_values_and_select() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "CREATE SEQUENCE employees_seq;\n\
         CREATE TABLE employees (employee_id NUMBER DEFAULT ON NULL employees_seq.nextval NOT NULL, last_name VARCHAR2(30) NOT NULL);\n\
         INSERT INTO employees VALUES (NULL,'MEIER');\n\
         INSERT INTO employees(last_name) VALUES ('HUBER');\n\
         INSERT INTO employees VALUES (100,'GIVEN');\n\
         insert into employees (last_name) select 'X' || level from dual connect by level <= 3;",
    ));
    assert_eq!(
        text_rows(&mut e, "select * from employees order by employee_id;"),
        [["1", "MEIER"], ["2", "HUBER"], ["3", "X1"], ["4", "X2"], ["5", "X3"], ["100", "GIVEN"]]
    );
    // An expression over NEXTVAL: a value a row.
    ok(&e.exec(
        "create sequence s2 start with 10 increment by 10;\n\
         create table t2 (k varchar2(10) default 'K' || s2.nextval, n number);\n\
         insert into t2 (n) select level from dual connect by level <= 2;",
    ));
    assert_eq!(text_rows(&mut e, "select k, n from t2 order by n;"), [["K10", "1"], ["K20", "2"]]);
}

#[test]
fn geeksinsight_given_omitted_null() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create sequence t1_seq;\n\
         create table t1 (id number default t1_seq.nextval, name varchar2(20));\n\
         insert into t1(id,name) values(1,'Geek DBA');\n\
         insert into t1(name) values('Ramesh');\n\
         insert into t1(id,name) values(NULL,'Brijesh');",
    ));
    assert_eq!(text_rows(&mut e, "select * from t1;"), [["1", "Geek DBA"], ["1", "Ramesh"], ["null", "Brijesh"]]);
}

/// Each cache load is the recursive update of SEQ$ a NEXTVAL in VALUES
/// makes: NOCACHE, one a row.
#[test]
fn cache_loads_as_for_nextval() {
    let mut e = quiet_engine();
    ok(&e.exec("create sequence sn nocache;\ncreate table t (id number default sn.nextval, v number);"));
    let s = e.exec("insert into t (v) select level from dual connect by level <= 5;");
    ok(&s);
    assert!(stat(&s[0], "recursive calls") >= 5, "{}", stat(&s[0], "recursive calls"));
    assert_eq!(text_rows(&mut e, "select last_number from user_sequences;"), [["6"]]);
}

#[test]
fn errors_and_releases() {
    let mut e = quiet_engine();
    // No such sequence at CREATE TABLE: ORA-02289 at its name.
    assert_eq!(err(&mut e, "create table t (id number default nosuch.nextval);"), ("ORA-02289".into(), 1, 35));
    // The sequence dropped: the INSERT fails, at the table's name.
    ok(&e.exec("create sequence s1;\ncreate table t (id number default s1.nextval, v number);"));
    ok(&e.exec("drop sequence s1;"));
    assert_eq!(err(&mut e, "insert into t (v) values (1);"), ("ORA-02289".into(), 1, 13));
    // A column given: no sequence read, the INSERT works.
    ok(&e.exec("insert into t (id, v) values (1, 1);"));
    // Refused: two sequences in a table's defaults, NEXTVAL beside one,
    // ALTER TABLE ADD of one.
    ok(&e.exec("create sequence s1;\ncreate sequence s2;\ncreate table u (a number default s1.nextval, b number default s2.nextval, c number);"));
    assert_eq!(err(&mut e, "insert into u (c) values (1);").0, "LAB-00001");
    assert_eq!(err(&mut e, "insert into t (v) values (s1.nextval);").0, "LAB-00001");
    assert_eq!(err(&mut e, "alter table t add (w number default s1.nextval);").0, "LAB-00001");
    // Before 12c: ORA-00984 for the sequence, ORA-00936 at ON.
    let mut e = quiet_engine();
    ok(&e.exec("lab version 11.2;\ncreate sequence s1;"));
    assert_eq!(err(&mut e, "create table t (id number default s1.nextval);"), ("ORA-00984".into(), 1, 35));
    assert_eq!(err(&mut e, "create table t (id number default on null 1);"), ("ORA-00936".into(), 1, 35));
}

/// VALUES (and a PL/SQL expression) may read two sequences: each takes
/// its own value a row (NEXTVAL once a row, CURRVAL the same value).
#[test]
fn two_sequences_in_values() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create sequence s1;\ncreate sequence s2 start with 100;\n\
         create table t (a number, b number, c varchar2(20));\n\
         insert into t values (s1.nextval, s2.nextval, 'x' || s1.currval);\n\
         insert into t values (s1.nextval, s2.currval, 'y');\n\
         declare v number; begin v := s1.nextval + s2.nextval; insert into t values (v, null, 'v'); end;\n/",
    ));
    assert_eq!(
        text_rows(&mut e, "select * from t order by a;"),
        [["1", "100", "x1"], ["2", "100", "y"], ["104", "null", "v"]]
    );
    // A query still reads one (LAB-00001 at the second).
    assert_eq!(err(&mut e, "select s1.nextval, s2.nextval from dual;"), ("LAB-00001".into(), 1, 20));
}
