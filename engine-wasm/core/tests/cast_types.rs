//! CAST's result has the type it names (SQL Language Reference, CAST), and
//! a data dictionary view's NUMBER column is a NUMBER even when NULL.
//!
//! Comparison semantics (SQL Language Reference, "Blank-Padded and
//! Nonpadded Comparison Semantics"): two CHAR operands (or a CHAR and a
//! text literal, which is CHAR) compare blank-padded; a VARCHAR2 operand
//! makes it nonpadded. So `CAST('a' AS CHAR(3)) = 'a'` is true ('a  '
//! padded equals 'a  '), and `CAST('a ' AS VARCHAR2(3)) = 'a'` is false.
//! The lab typed CAST's result as unknown and compared 'a  ' with 'a'
//! without padding: 0 rows where Oracle finds 1.
//!
//! GREATEST/LEAST and DECODE convert by their first argument (first
//! search value), not by the general text-to-number rule of a comparison:
//! GREATEST('10', 9) compares '10' with '9' as text and returns '9';
//! DECODE(10, '10.0', 'a', 'b') compares '10' with '10.0' as text: 'b'.
//! NULLIF of text and a number is ORA-00932.

mod common;
use common::*;

fn counts(sql: &str) -> Vec<String> {
    let mut e = quiet_engine();
    let s = e.exec(sql);
    ok(&s);
    s.iter().filter(|s| s.columns == ["COUNT(*)"]).map(|s| s.rows[0][0].to_string()).collect()
}

#[test]
fn cast_to_char_compares_blank_padded() {
    let got = counts(
        "select count(*) from dual where cast('a' as char(3)) = 'a';\n\
         select count(*) from dual where cast('a' as char(3)) = cast('a' as char(5));\n\
         select count(*) from dual where cast('a' as char(3)) = cast('a' as varchar2(5));\n\
         select count(*) from dual where cast('a ' as varchar2(3)) = 'a';\n\
         select count(*) from dual where cast('10' as varchar2(3)) > '9';\n\
         select count(*) from dual where cast(10 as number) > '9';\n\
         create table t (c char(5), v varchar2(5), n number);\n\
         insert into t values ('a', 'a', 10);\n\
         select count(*) from t where c = cast('a' as char(2));\n\
         select count(*) from t where v = cast('a' as char(2));\n\
         select count(*) from t where n > cast('9' as varchar2(2));",
    );
    // CHAR=literal, CHAR=CHAR (padded: equal); CHAR=VARCHAR2, VARCHAR2=literal
    // (nonpadded: not equal); '10' > '9' as text is false, 10 > 9 as numbers
    // true; CHAR(5) column = CHAR(2) padded: equal; VARCHAR2 column 'a' = 'a '
    // nonpadded: not equal; NUMBER column > '9' converts the text: true.
    assert_eq!(got, ["1", "1", "0", "0", "0", "1", "1", "0", "1"]);
}

#[test]
fn cast_and_dictionary_numbers_keep_their_type_when_null() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table t (a number, v varchar2(12));\n\
         insert into t values (null, null);\n\
         select cast(null as number) n, cast(v as varchar2(20)) c, cast(v as char(3)) k from t;\n\
         select num_rows, blocks, table_name from user_tables where table_name = 'T';",
    );
    ok(&s);
    // SQL*Plus lays a NUMBER out NUMWIDTH wide and a character type at its
    // declared length, whatever the values (here all NULL).
    assert_eq!(s[2].column_numeric, [true, false, false]);
    assert_eq!(s[2].column_widths, [0, 20, 3]);
    assert_eq!(s[3].column_numeric, [true, true, false]);
}

#[test]
fn character_functions_keep_their_argument_width() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table t (v varchar2(12), c char(4));\n\
         insert into t values ('abc', 'x');\n\
         select upper(v), lower(v) l, trim(c) tc, substr(v,1,2) s2, substr(v,2) s, substr(v,1,40) s40 from t;\n\
         select substr(table_name,1,10) from user_tables;",
    );
    ok(&s);
    // UPPER/LOWER/TRIM return their argument's type; SUBSTR(x, m, n) is at
    // most n long: SQL*Plus's familiar "SUBSTR(TAB" heading, ten wide.
    assert_eq!(s[2].column_widths, [12, 12, 4, 2, 12, 12]);
    assert_eq!(s[3].column_widths, [10]);
    assert_eq!(s[3].columns, ["SUBSTR(TABLE_NAME,1,10)"]);
}

#[test]
fn first_argument_decides_greatest_and_decode() {
    let mut e = quiet_engine();
    let s = e.exec(
        "select greatest('10', 9) g, least('10', 9) l, greatest(1, '5') n from dual;\n\
         select decode('10', 10, 'a', 'b') d1, decode(10, '10.0', 'a', 'b') d2, decode(10, '10', 'a', 'b') d3 from dual;\n\
         select nullif('1', 1) from dual;\n\
         select greatest(1, 'x') from dual;",
    );
    ok(&s[..2]);
    let row = |i: usize| s[i].rows[0].iter().map(|v| v.to_string()).collect::<Vec<_>>();
    assert_eq!(row(0), ["\"9\"", "\"10\"", "5"]);
    assert_eq!(s[0].column_numeric, [false, false, true]);
    assert_eq!(row(1), ["\"a\"", "\"b\"", "\"a\""]);
    let code = |i: usize| s[i].error.as_ref().map(|e| e.code.clone());
    assert_eq!(code(2).as_deref(), Some("ORA-00932"));
    assert_eq!(code(3).as_deref(), Some("ORA-01722"));
}

#[test]
fn declared_widths_survive_sorts_groups_and_unions() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table emp (ename varchar2(10), job varchar2(9), deptno number);\n\
         insert into emp values ('KING', 'PRESIDENT', 10);\n\
         select ename, job from emp order by ename;\n\
         select distinct job from emp;\n\
         select job, count(*), max(ename) from emp group by job;\n\
         select max(ename) m from emp;\n\
         select ename from emp union all select job from emp;\n\
         select ename from emp union select null from dual;",
    );
    ok(&s);
    // SQL*Plus sizes a column by its described type: ENAME VARCHAR2(10)
    // is ten wide after an ORDER BY too (it was 5, KING's length, there).
    assert_eq!(s[2].column_widths, [10, 9]);
    assert_eq!(s[3].column_widths, [9]);
    assert_eq!(s[4].column_widths, [9, 0, 10]);
    assert_eq!(s[5].column_widths, [10]);
    assert_eq!(s[6].column_widths, [10], "a UNION's column is as wide as its widest branch");
    assert_eq!(s[7].column_widths, [10], "a NULL branch has no type");
}
