//! The DEFAULT keyword as a value: `INSERT ... VALUES (..., DEFAULT)` and
//! `UPDATE t SET c = DEFAULT` (Oracle 8i+; SQL Reference, INSERT's
//! values_clause and UPDATE's update_set_clause: the column's default, or
//! NULL when it has none), hand-checked.
//!
//! Published sessions:
//! - rogertroller.com, "DEFAULT" (12c): `department_id1 NUMBER DEFAULT ON
//!   NULL 50 NOT NULL, department_id2 NUMBER DEFAULT 50`; `VALUES
//!   (1,'TROLLER',NULL,NULL)`, `(employee_id, last_name) VALUES
//!   (2,'HUBER')`, `VALUES (3,'MEIER',DEFAULT,DEFAULT)` give 50/NULL,
//!   50/50, 50/50. Then `employee_id DEFAULT ON NULL employees_seq.nextval`:
//!   `VALUES (NULL,'MEIER')`, `VALUES (DEFAULT,'TROLLER')`,
//!   `(last_name) VALUES ('HUBER')` give 1, 2, 3.
//! - rsim/oracle-enhanced pull request 1180 (2017): `INSERT INTO
//!   "DASHBOARDS" DEFAULT VALUES` fails with ORA-00926, missing VALUES
//!   keyword (not Oracle syntax).

mod common;
use common::*;

fn err(e: &mut lio_core::Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), l, col)
}

#[test]
fn rogertroller_default_on_null_and_default_keyword() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "CREATE TABLE employees (employee_id NUMBER NOT NULL\n\
         ,last_name VARCHAR2(30) NOT NULL\n\
         ,department_id1 NUMBER DEFAULT ON NULL 50 NOT NULL\n\
         ,department_id2 NUMBER DEFAULT 50);\n\
         INSERT INTO employees VALUES (1,'TROLLER',NULL,NULL);\n\
         INSERT INTO employees (employee_id, last_name) VALUES (2,'HUBER');\n\
         INSERT INTO employees VALUES (3,'MEIER',DEFAULT,DEFAULT);",
    ));
    assert_eq!(
        text_rows(&mut e, "SELECT * FROM employees ORDER BY employee_id;"),
        [["1", "TROLLER", "50", "null"], ["2", "HUBER", "50", "50"], ["3", "MEIER", "50", "50"]]
    );
    ok(&e.exec(
        "DROP TABLE employees;\n\
         CREATE SEQUENCE employees_seq;\n\
         CREATE TABLE employees (employee_id NUMBER DEFAULT ON NULL employees_seq.nextval NOT NULL\n\
         ,last_name VARCHAR2(30) NOT NULL);\n\
         INSERT INTO employees VALUES (NULL,'MEIER');\n\
         INSERT INTO employees VALUES (DEFAULT,'TROLLER');\n\
         INSERT INTO employees(last_name) VALUES ('HUBER');",
    ));
    assert_eq!(
        text_rows(&mut e, "SELECT * FROM employees ORDER BY employee_id;"),
        [["1", "MEIER"], ["2", "TROLLER"], ["3", "HUBER"]]
    );
}

/// Each position, any type: a literal, an arithmetic expression, SYSDATE
/// (the simulated clock's), USER; none (NULL). SET c = DEFAULT the same.
#[test]
fn values_and_set_take_the_default_or_null() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a number, b varchar2(10) default 'X', c number default 2*3 not null, d number, \
         u varchar2(30) default user, s date default sysdate);\n\
         insert into t values (1, default, default, default, default, default);\n\
         insert into t (a, b) values (2, DEFAULT);\n\
         insert into t (b, a, d) values (default, 3, 4);",
    ));
    // Row 1: B 'X', C 6, D NULL (no default), U LAB, S today. Row 2: B and
    // C their defaults (C omitted). Row 3: as row 2, D given.
    assert_eq!(
        text_rows(&mut e, "select a, b, c, d, u, decode(s, sysdate, 'now', s) from t order by a;"),
        [
            ["1", "X", "6", "null", "LAB", "now"],
            ["2", "X", "6", "null", "LAB", "now"],
            ["3", "X", "6", "4", "LAB", "now"]
        ]
    );
    ok(&e.exec("update t set b = 'Y', c = 7, d = 8, u = 'Z';"));
    // Row 2: B back to 'X'; row 3: C to 6 and D (no default) to NULL.
    ok(&e.exec("update t set b = default where a = 2;\nupdate t set c = default, d = default where a = 3;"));
    assert_eq!(
        text_rows(&mut e, "select a, b, c, d, u from t order by a;"),
        [["1", "Y", "7", "8", "Z"], ["2", "X", "7", "8", "Z"], ["3", "Y", "6", "null", "Z"]]
    );
    // ALTER TABLE MODIFY DEFAULT changes what a later DEFAULT stores, not the rows.
    ok(&e.exec("alter table t modify (u default 'NEW');\nupdate t set u = default where a = 1;"));
    assert_eq!(text_rows(&mut e, "select a, u from t order by a;"), [["1", "NEW"], ["2", "Z"], ["3", "Z"]]);
}

/// A default reading a sequence (and identity columns): DEFAULT in VALUES
/// draws as an omitted column does; SET c = DEFAULT draws a value a row.
#[test]
fn sequence_and_identity_defaults() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create sequence s;\n\
         create table u (id number default s.nextval, v varchar2(5), w number default on null 9);\n\
         insert into u values (default, 'a', default);\n\
         insert into u (v, id) values ('b', default);\n\
         insert into u values (null, 'c', null);",
    ));
    // 'c' gave ID NULL (no draw); W is ON NULL: 9 in every row.
    assert_eq!(
        text_rows(&mut e, "select id, v, w from u order by v;"),
        [["1", "a", "9"], ["2", "b", "9"], ["null", "c", "9"]]
    );
    // Two rows set to DEFAULT: 3 and 4, one each.
    ok(&e.exec("update u set id = default where v in ('a', 'c');"));
    assert_eq!(text_rows(&mut e, "select id, v from u order by v;"), [["3", "a"], ["2", "b"], ["4", "c"]]);
    // GENERATED ALWAYS: DEFAULT in VALUES is taken (the sequence's value).
    ok(&e.exec(
        "create table i1 (id number generated always as identity, v varchar2(5));\n\
         insert into i1 values (default, 'x');\n\
         insert into i1 (id, v) values (default, 'y');",
    ));
    assert_eq!(text_rows(&mut e, "select id, v from i1 order by id;"), [["1", "x"], ["2", "y"]]);
    // BY DEFAULT: DEFAULT draws; a value given is kept; SET id = DEFAULT draws.
    ok(&e.exec(
        "create table i2 (id number generated by default as identity, v varchar2(5));\n\
         insert into i2 values (default, 'x');\n\
         insert into i2 values (10, 'y');\n\
         update i2 set id = default where v = 'y';",
    ));
    assert_eq!(text_rows(&mut e, "select id, v from i2 order by id;"), [["1", "x"], ["2", "y"]]);
    // SET of a GENERATED ALWAYS column to DEFAULT: not modelled.
    assert_eq!(err(&mut e, "update i1\nset id = default;"), ("LAB-00001".into(), 2, 10));
}

#[test]
fn plsql_static_dml() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (a number, b varchar2(5) default 'D');\n\
         begin\n\
           insert into p values (1, default);\n\
           insert into p (b, a) values (default, 2);\n\
           update p set b = 'E';\n\
           update p set b = default where a = 2;\n\
         end;\n\
         /",
    ));
    assert_eq!(text_rows(&mut e, "select a, b from p order by a;"), [["1", "E"], ["2", "D"]]);
}

#[test]
fn errors_with_line_and_column() {
    let mut e = quiet_engine();
    ok(&e.exec("create table n (a number, b number not null, c number default 1);"));
    // Not Oracle syntax: ORA-00926 at DEFAULT.
    assert_eq!(err(&mut e, "insert into n default values;"), ("ORA-00926".into(), 1, 15));
    // NOT NULL without a default: as if omitted (ORA-01400), or set NULL (ORA-01407).
    assert_eq!(err(&mut e, "insert into n values (1, default, 2);").0, "ORA-01400");
    ok(&e.exec("insert into n values (1, 2, 3);"));
    assert_eq!(err(&mut e, "update n set b = default;").0, "ORA-01407");
    assert_eq!(text_rows(&mut e, "select a, b, c from n;"), [["1", "2", "3"]]);
    // DEFAULT alone only: in an expression it is still a missing expression.
    assert_eq!(err(&mut e, "insert into n (a, c) values (4, default + 1);"), ("ORA-00936".into(), 1, 33));
    assert_eq!(err(&mut e, "select default from dual;").0, "ORA-00936");
    // The count of values against the columns as without DEFAULT.
    assert_eq!(err(&mut e, "insert into n values (5, default);"), ("ORA-00947".into(), 1, 23));
    assert_eq!(err(&mut e, "insert into n (a) values (5, default);"), ("ORA-00913".into(), 1, 27));
    // An unknown column set to DEFAULT: ORA-00904 at it.
    assert_eq!(err(&mut e, "update n set zz = default;"), ("ORA-00904".into(), 1, 14));
    assert_eq!(err(&mut e, "insert into n (a, zz) values (1, default);"), ("ORA-00904".into(), 1, 19));
}

/// A column named twice: ORA-00957 at the second (DEFAULT or not).
#[test]
fn duplicate_column_in_the_list() {
    let mut e = quiet_engine();
    ok(&e.exec("create table d (a number, b number);"));
    assert_eq!(err(&mut e, "insert into d (a, b, a) values (1, 2, 3);"), ("ORA-00957".into(), 1, 22));
    assert_eq!(err(&mut e, "insert into d (a, b, a) values (1, 2, default);"), ("ORA-00957".into(), 1, 22));
    assert_eq!(text_rows(&mut e, "select count(*) from d;"), [["0"]]);
}

/// A DEFAULT is checked where it is declared: another column in it is
/// ORA-00984 at the column (CREATE TABLE, ALTER TABLE ADD and MODIFY);
/// USER is allowed; a package's function is refused (Oracle forbids
/// PL/SQL functions in a DEFAULT).
#[test]
fn defaults_checked_when_declared() {
    let mut e = quiet_engine();
    assert_eq!(err(&mut e, "create table c (a number, b number default a + 1);"), ("ORA-00984".into(), 1, 44));
    assert_eq!(err(&mut e, "create table c (a number, b number default dbms_random.value);").0, "LAB-00001");
    ok(&e.exec("create table c (a number, u varchar2(30) default user);\ninsert into c (a) values (1);"));
    assert_eq!(text_rows(&mut e, "select a, u from c;"), [["1", "LAB"]]);
    assert_eq!(err(&mut e, "alter table c add (d number default a);"), ("ORA-00984".into(), 1, 37));
    assert_eq!(err(&mut e, "alter table c modify (u default a);"), ("ORA-00984".into(), 1, 33));
}
