//! DATE (issue 33, Types): stored as Oracle's seven bytes, compared and
//! indexed by date, converted by format models and NLS_DATE_FORMAT, and
//! date arithmetic. Cases from the SQL Language Reference's examples and
//! worked by hand in the comments.
mod common;
use common::*;

/// The rows of the last step, each value as text (NULL as "").
fn rows(sql: &str) -> Vec<Vec<String>> {
    let mut e = quiet_engine();
    let steps = e.exec(sql);
    ok(&steps);
    let last = steps.last().unwrap();
    last.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| match v {
                    serde_json::Value::String(s) => s.clone(),
                    serde_json::Value::Null => String::new(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

fn one(sql: &str) -> Vec<String> {
    rows(sql).into_iter().next().unwrap()
}

fn error(sql: &str) -> String {
    let mut e = quiet_engine();
    let steps = e.exec(sql);
    error_of(steps.last().unwrap()).0.to_string()
}

#[test]
fn a_date_is_seven_bytes_in_oracles_form() {
    // 2020-01-31 00:00:00: century 20+100, year 20+100, 1, 31, hour, minute
    // and second each plus one.
    assert_eq!(
        one("select vsize(date '2020-01-31'), dump(date '2020-01-31') from dual;"),
        ["7", "Typ=12 Len=7: 120,120,1,31,1,1,1"]
    );
    let r = rows(
        "create table t (id number, d date);
         insert into t values (1, date '2020-01-31');
         insert into t values (2, '01-JAN-20');
         insert into t values (3, to_date('15/03/2021 13:45:10', 'DD/MM/YYYY HH24:MI:SS'));
         insert into t values (4, null);
         commit;
         select id, d, dump(d) from t order by d;",
    );
    assert_eq!(r[0], ["2", "01-JAN-20", "Typ=12 Len=7: 120,120,1,1,1,1,1"]);
    assert_eq!(r[1][0], "1");
    assert_eq!(r[2], ["3", "15-MAR-21", "Typ=12 Len=7: 120,121,3,15,14,46,11"]);
    assert_eq!(r[3], ["4", "", "NULL"]);
    let c = one("create table t (d date); select data_type, data_length from user_tab_columns where table_name = 'T';");
    assert_eq!(c, ["DATE", "7"]);
}

#[test]
fn comparisons_sorts_groups_and_index_keys_go_by_date() {
    let setup = "create table t (id number, d date);
        insert into t select level, date '2019-12-25' + mod(level * 7, 40) from dual connect by level <= 40;
        commit;
        create index t_d on t(d);";
    // An index range scan finds what a full scan does: 2020-01-10 and on
    // is day offsets 16..39, 24 rows.
    let full = rows(&format!("{setup} select /*+ full(t) */ count(*) from t where d >= date '2020-01-10';"));
    let idx = rows(&format!("{setup} select /*+ index(t t_d) */ count(*) from t where d >= date '2020-01-10';"));
    assert_eq!(full, vec![vec!["24".to_string()]]);
    assert_eq!(idx, full);
    // Text compared with a DATE converts by NLS_DATE_FORMAT.
    assert_eq!(one(&format!("{setup} select count(*) from t where d < '01-JAN-20';")), ["7"]);
    assert_eq!(one(&format!("{setup} select min(d), max(d) from t;")), ["25-DEC-19", "02-FEB-20"]);
    let g = rows(&format!("{setup} select trunc(d, 'MM') m, count(*) from t group by trunc(d, 'MM') order by m;"));
    assert_eq!(g, [["01-DEC-19", "7"], ["01-JAN-20", "31"], ["01-FEB-20", "2"]]);
    assert_eq!(one(&format!("{setup} select count(*) from (select distinct d from t);")), ["40"]);
}

#[test]
fn sysdate_runs_on_the_session_clock_from_2024() {
    let r = rows("select to_char(sysdate, 'YYYY-MM-DD'), trunc(sysdate) + rownum from dual connect by level <= 2;");
    assert_eq!(r, [["2024-01-01", "02-JAN-24"], ["2024-01-01", "03-JAN-24"]]);
}

#[test]
fn format_models_as_the_reference_documents() {
    // SQL Language Reference, TO_CHAR (datetime) and the J element. FM
    // "suppresses leading zeroes for subsequent number elements (such as
    // MI)" (Format Models, FM): 2:7, not 2:07.
    assert_eq!(one("select to_char(date '2000-01-01', 'J') from dual;"), ["2451545"]);
    assert_eq!(
        one("select to_char(to_date('2020-01-05 14:07:09', 'YYYY-MM-DD HH24:MI:SS'), 'FMDay, Month DD, YYYY HH:MI AM') from dual;"),
        ["Sunday, January 5, 2020 2:7 PM"]
    );
    assert_eq!(
        one("select to_char(date '2020-01-05', 'DY dd-Mon-yyyy \"week\" WW') from dual;"),
        ["SUN 05-Jan-2020 week 01"]
    );
    assert_eq!(error("select to_date('2020-02-30', 'YYYY-MM-DD') from dual;"), "ORA-01847");
    assert_eq!(error("select to_date('01-XYZ-2020', 'DD-MON-YYYY') from dual;"), "ORA-01843");
    assert_eq!(error("select to_date('2020-01-01 9', 'YYYY-MM-DD') from dual;"), "ORA-01830");
    assert_eq!(error("select to_date('2020x01', 'YYYY\"-\"MM') from dual;"), "ORA-01861");
    assert_eq!(error("select to_char(sysdate, 'YYYY-QX') from dual;"), "ORA-01821");
    assert_eq!(error("alter session set nls_date_format = 'BOGUS';"), "ORA-01821");
}

#[test]
fn nls_date_format_converts_and_prints() {
    let r = rows(
        "alter session set nls_date_format = 'YYYY-MM-DD HH24:MI:SS';
         select date '2020-01-31' + 1.5, to_date('2021-06-01 10:00:00') from dual;",
    );
    assert_eq!(r, [["2020-02-01 12:00:00", "2021-06-01 10:00:00"]]);
    // SQL*Plus shows a DATE column as wide as the format: DD-MON-RR is 9.
    let mut e = quiet_engine();
    let steps = e.exec("create table t (d date, v varchar2(5)); select d, v from t;");
    assert_eq!(steps.last().unwrap().column_widths, vec![9, 5]);
    let steps = e.exec("alter session set nls_date_format = 'DD-MON-YYYY HH24:MI:SS'; select sysdate from dual;");
    assert_eq!(steps.last().unwrap().column_widths, vec![20]);
}

#[test]
fn date_arithmetic_and_functions() {
    // date - date is a NUMBER of days: 2020 is a leap year, 366 days.
    assert_eq!(one("select date '2021-01-01' - date '2020-01-01' from dual;"), ["366"]);
    // A quarter day is 6 hours.
    assert_eq!(
        one("select (to_date('2020-01-01 06:00', 'YYYY-MM-DD HH24:MI') - date '2020-01-01') * 4 from dual;"),
        ["1"]
    );
    // SQL Language Reference: MONTHS_BETWEEN('02-02-1995', '01-01-1995') = 1.03225806
    // (1 month and 1 day of 31).
    let m = one("select round(months_between(date '1995-02-02', date '1995-01-01'), 8) from dual;");
    assert_eq!(m, ["1.03225806"]);
    // NEXT_DAY('15-OCT-2009', 'TUESDAY') is 20-OCT-09 (the reference's example).
    assert_eq!(one("select next_day('15-OCT-2009', 'TUESDAY') from dual;"), ["20-OCT-09"]);
    assert_eq!(
        one("select add_months(date '2020-01-31', 1), last_day(date '2020-02-10'), add_months(date '2020-02-29', 12) from dual;"),
        ["29-FEB-20", "29-FEB-20", "28-FEB-21"]
    );
    assert_eq!(
        one("select extract(year from date '2020-05-17'), extract(month from date '2020-05-17'), extract(day from date '2020-05-17') from dual;"),
        ["2020", "5", "17"]
    );
    assert_eq!(
        one("select round(to_date('2020-08-16 13:00', 'YYYY-MM-DD HH24:MI')), round(date '2020-08-16', 'YYYY'), trunc(date '2020-08-16', 'Q') from dual;"),
        ["17-AUG-20", "01-JAN-21", "01-JUL-20"]
    );
    assert_eq!(error("select sysdate + sysdate from dual;"), "ORA-00975");
    assert_eq!(error("select 1 - sysdate from dual;"), "ORA-00932");
    assert_eq!(error("select sysdate * 2 from dual;"), "ORA-00932");
    assert_eq!(error("create table t (d date); insert into t values (5);"), "ORA-00932");
    assert_eq!(error("select extract(hour from sysdate) from dual;"), "ORA-30076");
}

#[test]
fn a_date_range_is_placed_on_the_julian_day_line() {
    // 1,000 days from 2020-01-02 to 2022-09-27: d > 2020-10-01 keeps
    // (high - c) / (high - low) = 726 / 999 of the rows, 727 (rounded);
    // the literal prints as Oracle writes a DATE constant.
    let plan = rows(
        "create table t3 (d date);
         insert into t3 select date '2020-01-01' + level from dual connect by level <= 1000;
         commit;
         exec dbms_stats.gather_table_stats(user, 'T3')
         explain plan for select * from t3 where d > date '2020-10-01';
         select * from table(dbms_xplan.display);",
    );
    let text: Vec<&str> = plan.iter().map(|r| r[0].as_str()).collect();
    assert!(text.iter().any(|l| l.starts_with("|*  1 |  TABLE ACCESS FULL| T3   |   727 |")), "{text:#?}");
    assert!(
        text.contains(&"   1 - filter(\"D\">TO_DATE(' 2020-10-01 00:00:00', 'syyyy-mm-dd hh24:mi:ss'))"),
        "{text:#?}"
    );
}

// Published MONTHS_BETWEEN figures:
// - Oracle Database SQL Language Reference 21c, MONTHS_BETWEEN
//   (https://docs.oracle.com/en/database/oracle/oracle-database/21/sqlrf/MONTHS_BETWEEN.html):
//   02-02-1995 and 01-01-1995 give 1.03225806 (SQL*Plus, NUMWIDTH 10).
// - Oracle OLAP DML Reference 11.2, MONTHS_BETWEEN
//   (http://docs.oracle.com/cd/E11882_01/olap.112/e23381/row_functions042.htm):
//   MONTHS_BETWEEN('15-APR-06', '01-JAN-06') is 3.4516129 (text read by
//   the default NLS_DATE_FORMAT).
// - https://web123456.com/detail/12372.html (11.2): 2014-3-21 and
//   2014-1-10 by 'yyyy-mm-dd' give 2.35483871, and -2.3548387 the other
//   way (2 months and 11 days of 31; SQL*Plus's 10 characters).
// The lab's values are rounded to the printed digits.
#[test]
fn months_between_as_published() {
    let r =
        one("select round(months_between(to_date('02-02-1995','MM-DD-YYYY'), to_date('01-01-1995','MM-DD-YYYY')), 8),
                round(months_between('15-APR-06', '01-JAN-06'), 7),
                round(months_between(to_date('2014-3-21','yyyy-mm-dd'), to_date('2014-1-10','yyyy-mm-dd')), 8),
                round(months_between(to_date('2014-1-10','yyyy-mm-dd'), to_date('2014-3-21','yyyy-mm-dd')), 7)
           from dual;");
    assert_eq!(r, ["1.03225806", "3.4516129", "2.35483871", "-2.3548387"]);
}
