//! TO_CHAR(number, fmt) and TO_NUMBER(text, fmt) with Oracle's number
//! format models (issue 33), checked against the SQL Language Reference's
//! "Results of Number Conversions" and hand-worked cases: a result is as
//! wide as the model plus one place for the sign (unless S, MI or PR
//! places it); FM trims the blanks and the trailing zeros of `9` places.

mod common;
use common::*;

/// Each `(number, model, result)`: TO_CHAR's result, bracketed so its
/// blanks show.
fn check(e: &mut lio_core::Engine, cases: &[(&str, &str, &str)]) {
    for (n, fmt, want) in cases {
        let got = one(e, &format!("select '[' || to_char({n}, '{fmt}') || ']' from dual;"));
        assert_eq!(got, format!("[{want}]"), "to_char({n}, '{fmt}')");
    }
}

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    text_rows(e, sql).swap_remove(0).swap_remove(0)
}

#[test]
fn reference_conversions() {
    let mut e = quiet_engine();
    check(
        &mut e,
        &[
            ("-1234567890", "9999999999S", "1234567890-"),
            ("0", "99.99", "   .00"),
            ("+0.1", "99.99", "   .10"),
            ("-0.2", "99.99", "  -.20"),
            ("0", "90.99", "  0.00"),
            ("+0.1", "90.99", "  0.10"),
            ("-0.2", "90.99", " -0.20"),
            ("0", "9999", "    0"),
            ("1", "9999", "    1"),
            ("+123.456", "999.999", " 123.456"),
            ("-123.456", "999.999", "-123.456"),
            ("+123.456", "FM999.009", "123.456"),
            ("+123.456", "9.9EEEE", "  1.2E+02"),
            ("+1E+123", "9.9EEEE", " 1.0E+123"),
            ("+123.456", "FM9.9EEEE", "1.2E+02"),
            ("+123.45", "FM999.009", "123.45"),
            ("+123.0", "FM999.009", "123.00"),
            ("+1234567890", "9999999999S", "1234567890+"),
        ],
    );
}

#[test]
fn groups_currency_hex_overflow_and_blanks() {
    let mut e = quiet_engine();
    check(
        &mut e,
        &[
            ("1234.5", "9,999.99", " 1,234.50"),
            ("1234.5", "9G999D99", " 1,234.50"),
            ("12.5", "9,999.99", "    12.50"),
            ("2304.25", "$9,999.99", " $2,304.25"),
            ("12345", "9999", "#####"),
            ("255", "XX", " FF"),
            ("255", "FMxx", "ff"),
            ("4096", "XX", "###"),
            ("-12345", "999999MI", " 12345-"),
            ("-12345", "999999PR", " <12345>"),
            ("12345", "999999PR", "  12345 "),
            ("0", "B9999", "     "),
            ("0.66", "FM99.99", ".66"),
            ("0.6", "FM90.90", "0.60"),
            ("123", "FM999.99", "123."),
            ("123", "00000", " 00123"),
            ("1234", "TM", "1234"),
        ],
    );
    // A text argument is read as a number first.
    assert_eq!(one(&mut e, "select to_char('123', 'FM0999') from dual;"), "0123");
    let steps = e.exec("select to_char(1, '9Q9') from dual;");
    assert_eq!(error_of(steps.last().unwrap()).0, lio_sql::ora::INVALID_NUMBER_FORMAT.code());
    let steps = e.exec("select to_char(1, 'RN') from dual;");
    assert_eq!(error_of(steps.last().unwrap()).0, lio_sql::ora::LAB_UNSUPPORTED.code());
}

#[test]
fn to_number_reads_what_to_char_writes() {
    let mut e = quiet_engine();
    assert_eq!(one(&mut e, "select to_number('$2,304.25', '$9,999.99') from dual;"), "2304.25");
    assert_eq!(one(&mut e, "select to_number('ff', 'XX') from dual;"), "255");
    assert_eq!(one(&mut e, "select to_number('12345-', '99999MI') from dual;"), "-12345");
    let steps = e.exec("select to_number('123456', '9999') from dual;");
    assert_eq!(error_of(steps.last().unwrap()).0, lio_sql::ora::INVALID_NUMBER.code());
}
