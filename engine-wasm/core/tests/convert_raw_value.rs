//! Issue 33: DBMS_STATS.CONVERT_RAW_VALUE(rawval, resval OUT), overloaded
//! on the OUT variable's type (NUMBER, VARCHAR2, DATE), as scripts decode
//! LOW_VALUE / HIGH_VALUE with it. Lewis's "low_value / high_value" (2006)
//! is tests/articles/lewis-convert-raw-value.sql.

mod common;
use common::*;
use lio_sql::ora;

fn printed(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.clone()).collect()
}

#[test]
fn lewis_low_value_high_value() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/lewis-convert-raw-value.sql"));
    ok(&s);
    // Published: LOW_VALUE C102, HIGH_VALUE C151; "Result: 1"; 1 and 80.
    let raw = s.iter().find(|s| s.columns.first().is_some_and(|c| c == "COLUMN_NAME")).unwrap();
    assert_eq!(row_strings(raw), ["SKEW|C102|C151"]);
    // 'ABC' and 31 Dec 2008 (786C0C1F010101), worked out in the header.
    assert_eq!(printed(&s), ["Result: 1", "SKEW 1 80", "Result: ABC 2008-12-31 00:00:00"]);
}

#[test]
fn wrong_calls_are_refused_or_oracle_errors() {
    let mut e = quiet_engine();
    ok(&e.exec("set serveroutput on"));
    // Not hex: ORA-01465, as for any RAW.
    let s = e.exec("declare n number; begin dbms_stats.convert_raw_value('XYZ', n); end;\n/");
    assert_eq!(error_of(&s[0]).0, ora::INVALID_HEX_NUMBER.code());
    // A third argument: ORA-06550 with PLS-00306.
    let s = e.exec("declare n number; begin dbms_stats.convert_raw_value('C102', n, 1); end;\n/");
    let err = s[0].error.as_ref().unwrap();
    assert_eq!(err.code, "ORA-06550");
    assert!(err.message.contains(&ora::PLS_WRONG_ARGUMENTS.code()), "{}", err.message);
    // Bytes that are no DATE, an overload the lab does not have: refused.
    let s = e.exec("declare d date; begin dbms_stats.convert_raw_value('C102', d); end;\n/");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    let s = e.exec("declare f binary_double; begin dbms_stats.convert_raw_value('C102', f); end;\n/");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    // NULL in, NULL out.
    let s = e.exec("declare n number := 5; begin dbms_stats.convert_raw_value(null, n); dbms_output.put_line('[' || n || ']'); end;\n/");
    assert_eq!(printed(&s), ["[]"]);
}
