//! LOW_VALUE and HIGH_VALUE in USER_TAB_COLUMNS and USER_TAB_COL_STATISTICS
//! (Oracle's internal format, as the RAW prints), UTL_RAW.CAST_TO_NUMBER /
//! CAST_TO_VARCHAR2 that scripts decode them with, and DBMS_RANDOM.NORMAL.
//!
//! Published: Jonathan Lewis, "low_value / high_value" (Oracle Scratchpad,
//! 2006-11-29, https://jonathanlewis.wordpress.com/2006/11/29/low_value-high_value/):
//! his T1.SKEW (values 1 to 80) prints LOW_VALUE C102 and HIGH_VALUE C151,
//! and dbms_stats.convert_raw_value('C102') gives 1. Mahmoud Hatem, "12C New
//! limitation for LOW_VALUE, HIGH_VALUE and ENDPOINT_VALUE on character
//! columns" (2015, 12.1.0.2): a string's first 32 bytes up to 11.2, 64 from
//! 12c.

mod common;
use common::*;

const SETUP: &str = "
create table t1 (id number, skew number, d date, s varchar2(80), n number);
insert into t1
select rownum, trunc(sqrt(rownum)), date '2024-01-01' + rownum,
       rpad('x', 40, 'y') || rownum, case when rownum > 5 then -rownum / 8 end
from dual connect by level <= 6560;
";

#[test]
fn raw_values_are_oracles_internal_bytes() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    // Before a gather: no statistics, NULL.
    assert_eq!(
        text_rows(&mut e, "select low_value, high_value from user_tab_columns where column_name = 'SKEW';"),
        vec![vec!["null".to_string(), "null".to_string()]]
    );
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't1')"));
    let rows = text_rows(
        &mut e,
        "select column_name, low_value, high_value from user_tab_col_statistics where table_name = 'T1' order by column_name;",
    );
    let want = [
        // 2024-01-02 and 2041-12-17: century + 100, year + 100, month,
        // day, hour + 1, minute + 1, second + 1.
        ["D", "787C0102010101", "788D0C11010101"],
        // 1 and 6,560: exponent 193 + 0, digit 1 + 1 (C1 02); 193 + 1,
        // digits 65 + 1, 60 + 1 (C2 42 3D).
        ["ID", "C102", "C2423D"],
        // -820 (6,560 / 8): exponent 62 - 1 = 3D, digits 101 - 8 = 5D,
        // 101 - 20 = 51, the terminator 66; -0.75: 62 - (-1) = 3F, 101 -
        // 75 = 1A, 66.
        ["N", "3D5D5166", "3F1A66"],
        // 'x' 78, 'y' 79 x 39, then '1' 31 and '999' 393939 (the highest
        // in byte order, above '6560'): 41 and 43 bytes, all kept at 19c
        // (64).
        [
            "S",
            "7879797979797979797979797979797979797979797979797979797979797979797979797979797931",
            "78797979797979797979797979797979797979797979797979797979797979797979797979797979393939",
        ],
        // Lewis's C102 and C151 (1 and 80).
        ["SKEW", "C102", "C151"],
    ];
    let got: Vec<[&str; 3]> = rows.iter().map(|r| [r[0].as_str(), r[1].as_str(), r[2].as_str()]).collect();
    assert_eq!(got, want);
    // Decoded as scripts do.
    assert_eq!(
        text_rows(
            &mut e,
            "select utl_raw.cast_to_number(low_value), utl_raw.cast_to_number(high_value) from user_tab_col_statistics where column_name = 'N';"
        ),
        vec![vec!["-820".to_string(), "-0.75".to_string()]]
    );
    assert_eq!(
        text_rows(&mut e, "select utl_raw.cast_to_varchar2(low_value) from user_tab_columns where column_name = 'S';"),
        vec![vec![format!("x{}1", "y".repeat(39))]]
    );
}

#[test]
fn a_string_keeps_32_bytes_up_to_11g() {
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 11.2.0.2;"));
    ok(&e.exec(SETUP));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't1')"));
    let rows = text_rows(&mut e, "select low_value, high_value from user_tab_columns where column_name = 'S';");
    // 'x' and 31 'y': 32 bytes, 64 hex digits, in both.
    let first32 = format!("78{}", "79".repeat(31));
    assert_eq!(rows, vec![vec![first32.clone(), first32]]);
}

#[test]
fn a_column_of_nulls_has_none() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t2 (a number, b varchar2(10));\ninsert into t2 (a) values (7);\nexec dbms_stats.gather_table_stats(user, 't2')"));
    assert_eq!(
        text_rows(&mut e, "select column_name, low_value, high_value from user_tab_col_statistics order by 1;"),
        vec![
            vec!["A".to_string(), "C108".to_string(), "C108".to_string()],
            vec!["B".to_string(), "null".to_string(), "null".to_string()],
        ]
    );
}

#[test]
fn utl_raw_casts_and_their_errors() {
    let mut e = quiet_engine();
    assert_eq!(
        text_rows(
            &mut e,
            "select utl_raw.cast_to_number('C102'), utl_raw.cast_to_number('80'), utl_raw.cast_to_varchar2('414243') from dual;"
        ),
        vec![vec!["1".to_string(), "0".to_string(), "ABC".to_string()]]
    );
    let s = e.exec("select utl_raw.cast_to_number('C1Z2') from dual;");
    assert_eq!(error_of(&s[0]).0, "ORA-01465");
    let s = e.exec("select utl_raw.cast_to_number() from dual;");
    assert_eq!(error_of(&s[0]).0, "ORA-00909");
}

#[test]
fn dbms_random_normal_is_standard_normal() {
    let mut e = quiet_engine();
    ok(&e.exec("exec dbms_random.seed(0)"));
    let rows = text_rows(
        &mut e,
        "select round(avg(x), 1), round(stddev(x), 1), count(*) from (select dbms_random.normal x from dual connect by level <= 20000);",
    );
    assert_eq!(rows, vec![vec!["0".to_string(), "1".to_string(), "20000".to_string()]]);
    let s = e.exec("select dbms_random.normal(1) from dual;");
    assert_eq!(error_of(&s[0]).0, "ORA-00909");
}
