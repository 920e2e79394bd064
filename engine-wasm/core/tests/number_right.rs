//! NUMBER is Oracle's decimal, not a binary double (issue 28, "Right or
//! refused"): arithmetic, comparison, rounding, TO_CHAR, the range limits
//! and the stored length follow Oracle's NUMBER.

mod common;
use common::*;

/// The single value of a one-row, one-column query.
fn one(e: &mut lio_core::Engine, sql: &str) -> serde_json::Value {
    let steps = e.exec(sql);
    ok(&steps);
    let s = steps.last().expect("a step");
    assert_eq!(s.rows.len(), 1, "{sql}: {:?}", s.rows);
    s.rows[0][0].clone()
}

fn text(e: &mut lio_core::Engine, sql: &str) -> String {
    match one(e, sql) {
        serde_json::Value::String(s) => s,
        v => panic!("{sql}: not a string: {v}"),
    }
}

#[test]
fn decimal_sums_compare_equal() {
    let mut e = quiet_engine();
    assert_eq!(one(&mut e, "select count(*) from dual where 0.1 + 0.2 = 0.3;"), 1);
    assert_eq!(one(&mut e, "select count(*) from dual where 1.1 * 3 = 3.3;"), 1);
    assert_eq!(one(&mut e, "select count(*) from dual where 0.3 - 0.1 = 0.2;"), 1);
    // stijf.com/wordpress/2009/07/more-on-1-1: 1/3*3 is .999... not 1.
    assert_eq!(one(&mut e, "select count(*) from dual where 1/3*3 = 1;"), 0);
    assert_eq!(one(&mut e, "select count(*) from dual where round(1/3*3) = 1;"), 1);
}

#[test]
fn to_char_gives_every_digit() {
    let mut e = quiet_engine();
    assert_eq!(text(&mut e, "select to_char(1/3) from dual;"), ".3333333333333333333333333333333333333333");
    assert_eq!(text(&mut e, "select to_char(2/3) from dual;"), ".6666666666666666666666666666666666666667");
    // asktom.oracle.com "Problem with the number 1/19": 1/19*19 - 1 = -6e-40.
    assert_eq!(text(&mut e, "select to_char(1/19) from dual;"), ".0526315789473684210526315789473684210526");
    assert_eq!(text(&mut e, "select to_char(0.1 + 0.2) from dual;"), ".3");
    assert_eq!(
        text(&mut e, "select to_char(12345678901234567890123456789012345678901234) from dual;"),
        "12345678901234567890123456789012345678900000"
    );
    assert_eq!(text(&mut e, "select to_char(-0.5) from dual;"), "-.5");
    assert_eq!(text(&mut e, "select 'x' || 1.50 from dual;"), "x1.5");
}

#[test]
fn out_of_range_literals_overflow_or_vanish() {
    let mut e = quiet_engine();
    let steps = e.exec("select 1e400 from dual;");
    assert_eq!(error_of(&steps[0]), ("ORA-01426", 1, 8));
    let steps = e.exec("select 1e125 * 10 from dual;");
    assert_eq!(error_of(&steps[0]).0, "ORA-01426");
    let steps = e.exec("select to_number('1e126') from dual;");
    assert_eq!(error_of(&steps[0]).0, "ORA-01426");
    assert_eq!(one(&mut e, "select count(*) from dual where 1e-131 = 0;"), 1);
    assert_eq!(one(&mut e, "select count(*) from dual where 1e-130 > 0;"), 1);
}

#[test]
fn rounding_is_decimal() {
    let mut e = quiet_engine();
    // A double rounds 1.005 to 1 (it is 1.00499999999999989...).
    assert_eq!(text(&mut e, "select to_char(round(1.005, 2)) from dual;"), "1.01");
    assert_eq!(text(&mut e, "select to_char(round(-2.5)) from dual;"), "-3");
    assert_eq!(text(&mut e, "select to_char(round(1250, -2)) from dual;"), "1300");
    assert_eq!(text(&mut e, "select to_char(trunc(-1234.5678, -1)) from dual;"), "-1230");
    assert_eq!(text(&mut e, "select to_char(trunc(1234.5678, 2)) from dual;"), "1234.56");
    assert_eq!(text(&mut e, "select to_char(floor(-2.1)) || ceil(2.1) from dual;"), "-33");
    assert_eq!(text(&mut e, "select to_char(mod(7.5, 2)) || mod(-7, 3) from dual;"), "1.5-1");
    assert_eq!(text(&mut e, "select to_char(abs(-0.1) + sign(-4)) from dual;"), "-.9");
}

#[test]
fn columns_store_exact_decimals() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, amount number(10,2));\n\
         insert into t values (1, 0.1);\n\
         insert into t values (2, 0.2);\n\
         insert into t values (3, 1.005);\n\
         commit;",
    ));
    assert_eq!(one(&mut e, "select count(*) from t where amount = 1.01;"), 1);
    assert_eq!(text(&mut e, "select to_char(sum(amount)) from t where id < 3;"), ".3");
    assert_eq!(text(&mut e, "select to_char(avg(id)) from t where id < 3;"), "1.5");
    // Index lookups with a decimal key find the row; an equal key written
    // differently is the same key.
    ok(&e.exec("create index t_amount on t (amount);"));
    assert_eq!(one(&mut e, "select id from t where amount = 0.10;"), 1);
    assert_eq!(one(&mut e, "select id from t where amount = 1.010;"), 3);
}

#[test]
fn invalid_number_text_is_refused() {
    let mut e = quiet_engine();
    let steps = e.exec("select to_number('1e') from dual;");
    assert_eq!(error_of(&steps[0]).0, "ORA-01722");
    let steps = e.exec("select to_number('inf') from dual;");
    assert_eq!(error_of(&steps[0]).0, "ORA-01722");
    assert_eq!(text(&mut e, "select to_char(to_number(' 12.50 ') + 0) from dual;"), "12.5");
}
