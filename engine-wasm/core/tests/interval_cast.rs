//! INTERVAL literals, NUMTODSINTERVAL / NUMTOYMINTERVAL in DATE
//! arithmetic (exec/plan/interval.rs) and CAST (exec/cast.rs), worked by
//! hand, with Oracle's errors; lishman's CTAS of 10,000 minutes.

mod common;
use common::*;
use lio_core::StepOut;
use lio_sql::ora;

fn code(s: &StepOut) -> Option<&str> {
    s.error.as_ref().map(|e| e.code.as_str())
}

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    scalar(e, sql)
}

/// DATE +/- intervals of each kind, to the second; a month on keeps the
/// day (ORA-01839 on 31-JAN + 1 month, where ADD_MONTHS gives the last
/// day); the heading is the literal's text without blanks.
#[test]
fn date_arithmetic() {
    let mut e = quiet_engine();
    ok(&e.exec("alter session set nls_date_format = 'YYYY-MM-DD HH24:MI:SS';"));
    let d = "to_date('2024-01-15 10:00:00', 'yyyy-mm-dd hh24:mi:ss')";
    let cases = [
        (format!("{d} + interval '1' minute * 90"), "2024-01-15 11:30:00"),
        (format!("{d} - interval '2' hour"), "2024-01-15 08:00:00"),
        (format!("{d} + interval '1 02:03:04' day to second"), "2024-01-16 12:03:04"),
        (format!("{d} + interval '1-6' year to month"), "2025-07-15 10:00:00"),
        (format!("interval '3' day + {d}"), "2024-01-18 10:00:00"),
        (format!("{d} + numtodsinterval(1.5, 'hour')"), "2024-01-15 11:30:00"),
        (format!("{d} - numtoyminterval(2, 'year')"), "2022-01-15 10:00:00"),
        (format!("{d} + interval '100' day(3)"), "2024-04-24 10:00:00"),
        (format!("{d} + (interval '1' day - interval '1' hour) / 2"), "2024-01-15 21:30:00"),
    ];
    for (x, want) in &cases {
        assert_eq!(one(&mut e, &format!("select {x} from dual;")), *want, "{x}");
    }
    let s = e.exec("select sysdate + interval '1' day from dual;");
    assert_eq!(s[0].columns[0], "SYSDATE+INTERVAL'1'DAY");
    assert_eq!(one(&mut e, "select add_months(date '2024-01-31', 1) from dual;"), "2024-02-29 00:00:00");
    let s = e.exec(
        "select date '2024-01-31' + interval '1' month from dual;\n\
         select 1 + interval '1' day from dual;\n\
         select sysdate + interval '100' day from dual;\n\
         select sysdate + interval '1-12' year to month from dual;\n\
         select interval '1' day from dual;\n\
         select numtodsinterval(1, 'day') from dual;\n\
         select sysdate + interval '1' day to hour from dual;",
    );
    assert_eq!(code(&s[0]), Some(ora::DATE_NOT_VALID_FOR_MONTH.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::DATETIME_INTERVAL_ARITH.code().as_str()));
    assert_eq!(code(&s[2]), Some(ora::INTERVAL_LEADING_PRECISION.code().as_str()));
    assert_eq!(code(&s[3]), Some(ora::INTERVAL_INVALID.code().as_str()));
    assert_eq!(code(&s[4]), Some(ora::LAB_UNSUPPORTED.code().as_str()));
    assert_eq!(code(&s[5]), Some(ora::LAB_UNSUPPORTED.code().as_str()));
    assert_eq!(code(&s[6]), Some(ora::INTERVAL_INVALID.code().as_str()));
}

/// CAST to each type, and Oracle's errors for each misfit.
#[test]
fn cast() {
    let mut e = quiet_engine();
    assert_eq!(one(&mut e, "select cast(1.256 as number(5,2)) from dual;"), "1.26");
    assert_eq!(one(&mut e, "select '[' || cast('ab' as char(4)) || ']' from dual;"), "[ab  ]");
    assert_eq!(one(&mut e, "select cast(42 as varchar2(5)) || 'x' from dual;"), "42x");
    assert_eq!(one(&mut e, "select cast(' 12 ' as number) + 1 from dual;"), "13");
    assert_eq!(one(&mut e, "select to_char(cast('2024-03-01' as date), 'dd.mm.yyyy') from dual where 1 = 0 union all select '01.03.2024' from dual;"), "01.03.2024");
    let s = e.exec(
        "select cast('abcdef' as varchar2(3)) from dual;\nselect cast('abc' as number) from dual;\n\
         select cast(12345.6 as number(4,1)) from dual;\nselect cast(sysdate as number) from dual;\n\
         select cast(1 as date) from dual;\nselect cast('abcde' as char(2)) from dual;",
    );
    assert_eq!(code(&s[0]), Some(ora::CAST_VALUE_OUT_OF_RANGE.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::INVALID_NUMBER.code().as_str()));
    assert_eq!(code(&s[2]), Some(ora::VALUE_LARGER_THAN_PRECISION.code().as_str()));
    assert_eq!(code(&s[3]), Some(ora::INCONSISTENT_DATATYPES.code().as_str()));
    assert_eq!(code(&s[4]), Some(ora::INCONSISTENT_DATATYPES.code().as_str()));
    assert_eq!(code(&s[5]), Some(ora::CAST_VALUE_OUT_OF_RANGE.code().as_str()));
    // CREATE TABLE AS SELECT takes the CAST's type.
    ok(&e.exec("create table c as select cast('x' as varchar2(50)) v, cast(1 as number(5,2)) n from dual;"));
    let t = text_rows(&mut e, "select data_type, data_length, data_precision, data_scale from user_tab_columns where table_name = 'C' order by column_id;");
    assert_eq!(t[0][..2], ["VARCHAR2".to_string(), "50".to_string()]);
    assert_eq!(t[1][2..], ["5".to_string(), "2".to_string()]);
}

/// blog.lishman.com's rows: 10,000 minutes from 1 January 2007, by day
/// 1439, then 1440 for each full day, then the rest on the seventh (1439 +
/// 5 * 1440 + 1361 = 10000; the stored copy of the page shows "136").
#[test]
fn lishman_minutes_by_day() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "CREATE TABLE test_data(id PRIMARY KEY, group_id NOT NULL, created_at NOT NULL, text NOT NULL) AS\n\
         SELECT rownum, MOD(rownum, 5), TO_DATE('1-jan-07', 'dd-mon-yy') + INTERVAL '1' MINUTE * rownum,\n\
         CAST ('xyz' || rownum AS VARCHAR2(50)) FROM dual CONNECT BY LEVEL <= 10000;",
    ));
    let t = text_rows(&mut e, "SELECT TRUNC(created_at, 'dd') created_on, count(*) FROM test_data GROUP BY TRUNC(created_at, 'dd') ORDER BY 1;");
    let counts: Vec<&str> = t.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(counts, ["1439", "1440", "1440", "1440", "1440", "1440", "1361"]);
    assert_eq!(text_rows(&mut e, "select text from test_data where id = 10;")[0][0], "xyz10");
}
