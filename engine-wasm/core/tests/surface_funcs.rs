//! Issue 33's numeric and character functions in SQL: SQRT, POWER,
//! REMAINDER, BITAND, INITCAP, REVERSE, ASCII, CHR, with Oracle's NUMBER
//! digits and errors.
//!
//! Published values: SQL Language Reference (10.2, b14200) examples:
//! SQRT(26) = 5.09901951, POWER(3,2) = 9, BITAND(6,3) = 2 (in its
//! DECODE example), INITCAP('the soap') = 'The Soap', CHR(67)||CHR(65)||
//! CHR(84) = 'CAT'. Andrew Reid, "Calculating Square Roots and Powers"
//! (Oracle 9.2.0.7), http://international-dba.blogspot.co.uk/2011/02/calculating-square-roots-and-powers.html:
//! sqrt(5) = 2.23606798, sqrt(8) = 2.82842712, power(2.82842712,2) =
//! 7.99999997 (SQL*Plus's NUMWIDTH 10), `select sqrt(-1) from dual` is
//! ORA-01428: argument '-1' is out of range, at column 13.

mod common;
use common::*;
use lio_core::Engine;

fn rows(e: &mut Engine, sql: &str) -> Vec<Vec<String>> {
    let s = e.exec(sql);
    ok(&s);
    s[0].rows.iter().map(|r| r.iter().map(|v| v.to_string().trim_matches('"').to_string()).collect()).collect()
}

fn one(e: &mut Engine, sql: &str) -> String {
    rows(e, sql)[0][0].clone()
}

fn err(e: &mut Engine, sql: &str) -> (String, String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), s[0].error.as_ref().map(|x| x.message.clone()).unwrap_or_default(), l, col)
}

#[test]
fn sqrt_has_numbers_digits_and_the_published_values() {
    let mut e = quiet_engine();
    // sqrt(2) = 1.41421356237309504880168872420969807856967...: 39 digits
    // (a leading base-100 digit 01, then 19 more), the last rounded up.
    assert_eq!(one(&mut e, "select to_char(sqrt(2)) from dual;"), "1.41421356237309504880168872420969807857");
    assert_eq!(one(&mut e, "select to_char(round(sqrt(26), 8)) from dual;"), "5.09901951");
    assert_eq!(one(&mut e, "select to_char(round(sqrt(5), 8)) from dual;"), "2.23606798");
    assert_eq!(one(&mut e, "select to_char(round(sqrt(8), 8)) from dual;"), "2.82842712");
    assert_eq!(one(&mut e, "select to_char(sqrt(1e-10)) from dual;"), ".00001");
    assert_eq!(one(&mut e, "select sqrt(144) from dual;"), "12");
    assert_eq!(one(&mut e, "select nvl(to_char(sqrt(null)), 'null') from dual;"), "null");
    let (code, msg, line, col) = err(&mut e, "select sqrt(-1) from dual;");
    assert_eq!((code.as_str(), msg.as_str(), line, col), ("ORA-01428", "argument '-1' is out of range", 1, 13));
}

#[test]
fn functions_over_a_tables_rows_and_in_a_predicate() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v varchar2(20));
         insert into t select rownum, decode(mod(rownum, 3), 0, 'the soap', 1, 'o''NEIL', null) from dual connect by level <= 30;
         commit;",
    ));
    // Perfect squares among 1..30: 1, 4, 9, 16, 25.
    assert_eq!(one(&mut e, "select count(*) from t where sqrt(id) = trunc(sqrt(id));"), "5");
    // Odd ids: bitand(id, 1) = 1 for 15 of them; ids with bit 2 set: 4-7, 12-15, 20-23, 28-30 = 15.
    assert_eq!(one(&mut e, "select count(*) from t where bitand(id, 1) = 1;"), "15");
    assert_eq!(one(&mut e, "select count(*) from t where bitand(id, 4) = 4;"), "15");
    assert_eq!(one(&mut e, "select sum(power(id, 2)) from t;"), "9455");
    // remainder(id, 4) in {-1, 0, 1, 2}: ids 2, 6, ... (id/4 = x.5, N even)
    // give 2 when x is even: 2, 10, 18, 26; -2 when x is odd: 6, 14, 22, 30.
    assert_eq!(one(&mut e, "select count(*) from t where remainder(id, 4) = -2;"), "4");
    assert_eq!(
        rows(&mut e, "select initcap(v), count(*) from t where v is not null group by initcap(v) order by 1;"),
        [["O'Neil", "10"], ["The Soap", "10"]]
    );
    let s = e.exec("explain plan for select * from t where sqrt(id) > 5 and bitand(id, 2) = 2;\nselect * from table(dbms_xplan.display);");
    ok(&s);
    let text: String = s
        .iter()
        .flat_map(|r| r.rows.iter())
        .map(|r| r.iter().map(|v| v.to_string()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        text.contains("filter(SQRT(\\\"ID\\\")>5 AND BITAND(\\\"ID\\\",2)=2)")
            || text.contains("filter(SQRT(\"ID\")>5 AND BITAND(\"ID\",2)=2)"),
        "{text}"
    );
}

#[test]
fn power_remainder_bitand_and_the_character_functions() {
    let mut e = quiet_engine();
    assert_eq!(one(&mut e, "select power(3, 2) from dual;"), "9");
    assert_eq!(one(&mut e, "select to_char(power(2, -2)) from dual;"), ".25");
    assert_eq!(one(&mut e, "select to_char(power(2.82842712, 2)) from dual;"), "7.9999999731514944");
    assert_eq!(one(&mut e, "select to_char(power(2, 100)) from dual;"), "1267650600228229401496703205376");
    assert_eq!(
        one(&mut e, "select remainder(5, 2) || ',' || remainder(7, 2) || ',' || remainder(11, 4) from dual;"),
        "1,-1,-1"
    );
    assert_eq!(one(&mut e, "select bitand(6, 3) from dual;"), "2");
    assert_eq!(one(&mut e, "select initcap('the soap') from dual;"), "The Soap");
    assert_eq!(one(&mut e, "select chr(67) || chr(65) || chr(84) from dual;"), "CAT");
    assert_eq!(one(&mut e, "select ascii('Q') from dual;"), "81");
    assert_eq!(one(&mut e, "select reverse('abc') from dual;"), "cba");
    // Oracle's errors where they apply.
    assert_eq!(err(&mut e, "select remainder(1, 0) from dual;").0, "ORA-01476");
    assert_eq!(err(&mut e, "select power(-8, 1/3) from dual;").0, "ORA-01428");
    assert_eq!(err(&mut e, "select power(10, 126) from dual;").0, "ORA-01426");
    assert_eq!(err(&mut e, "select sqrt(1, 2) from dual;").0, "ORA-00909");
    // What the lab does not compute exactly is refused, not approximated.
    // (A fractional exponent is modelled since: tests/number_transcendental.rs.)
    for sql in ["select chr(200) from dual;", "select power(-2, 2000000) from dual;"] {
        assert_eq!(err(&mut e, sql).0, "LAB-00001", "{sql}");
    }
}
