//! Functions in Predicate Information as Oracle prints them. The lab
//! printed the name of its internal date function for every date function
//! (`filter("D">DATE()-1)`, `DATE("D",1)` for ADD_MONTHS), `USER('LAB')`
//! for USER, and negative numbers bare: output Oracle never prints.
//!
//! Published text (whole plans, 10.2-19c):
//! - blog.pythian.com/where-did-the-filter-come-from (Alex Fatkulin, 2010):
//!   `filter("DT"<TRUNC(SYSDATE@!,'fmmm') AND
//!   "DT">=ADD_MONTHS(TRUNC(SYSDATE@!,'fmmm'),(-1)))`: SYSDATE@!, a TRUNC's
//!   format normalised to `'fm' || element`, a negative number in
//!   parentheses.
//! - plans quoted in public repositories: `TRUNC(INTERNAL_FUNCTION("MODIFIED"))
//!   >=SYSDATE@!-7`, `TO_CHAR(INTERNAL_FUNCTION("R"."ISSUE_DATE"),'YYYY-MM-DD')`
//!   (the format as written), `ADD_MONTHS(INTERNAL_FUNCTION("A"."CLEADATE"),(-1))`,
//!   `MONTHS_BETWEEN(INTERNAL_FUNCTION("PS"."START_TIME"),INTERNAL_FUNCTION(...))`,
//!   `EXTRACT(YEAR FROM INTERNAL_FUNCTION("DC"."CLIENT_BIRTH_DATE"))`,
//!   `TO_CHAR("EMPNO")='7369'` (a NUMBER column is not wrapped),
//!   `(-"KZSPRPRV")=(-109)` (a negation in parentheses).
//!
//! A DATE column read by a datetime function is INTERNAL_FUNCTION(column):
//! the column's external DATE converted to the function's internal type.

mod common;
use common::*;

fn predicates(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let s = e.exec(&format!("explain plan for {sql}\nselect * from table(dbms_xplan.display);"));
    ok(&s);
    let lines: Vec<String> = s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    let at = lines.iter().position(|l| l.starts_with("Predicate Information")).expect("predicates");
    // Up to the Note (T3 is never analysed: dynamic sampling's Note follows).
    lines[at + 2..]
        .iter()
        .take_while(|l| l.trim() != "Note")
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec("create table t3 (id number, d date, s varchar2(20));"));
    e
}

#[test]
fn sysdate_user_and_negative_numbers() {
    let mut e = engine();
    assert_eq!(predicates(&mut e, "select * from t3 where d > sysdate - 1;"), ["1 - filter(\"D\">SYSDATE@!-1)"]);
    assert_eq!(predicates(&mut e, "select * from t3 where s = user;"), ["1 - filter(\"S\"=USER@!)"]);
    assert_eq!(
        predicates(&mut e, "select * from t3 where id = -1 and -id = 3;"),
        ["1 - filter(\"ID\"=(-1) AND (-\"ID\")=3)"]
    );
}

#[test]
fn date_functions_by_name_with_internal_function() {
    let mut e = engine();
    let cases = [
        ("to_char(d, 'YYYY-MM-DD') = '2024-01-01'", "TO_CHAR(INTERNAL_FUNCTION(\"D\"),'YYYY-MM-DD')='2024-01-01'"),
        ("trunc(d) >= sysdate - 7", "TRUNC(INTERNAL_FUNCTION(\"D\"))>=SYSDATE@!-7"),
        ("add_months(d, -1) > sysdate", "ADD_MONTHS(INTERNAL_FUNCTION(\"D\"),(-1))>SYSDATE@!"),
        ("months_between(sysdate, d) > 2", "MONTHS_BETWEEN(SYSDATE@!,INTERNAL_FUNCTION(\"D\"))>2"),
        ("last_day(d) = d", "LAST_DAY(INTERNAL_FUNCTION(\"D\"))=\"D\""),
        ("next_day(d, 'MONDAY') = d", "NEXT_DAY(INTERNAL_FUNCTION(\"D\"),'MONDAY')=\"D\""),
        ("to_date(s, 'yyyy-mm-dd') = d", "TO_DATE(\"S\",'yyyy-mm-dd')=\"D\""),
        ("extract(year from d) = 2024", "EXTRACT(YEAR FROM INTERNAL_FUNCTION(\"D\"))=2024"),
        ("round(d, 'MM') = d", "ROUND(INTERNAL_FUNCTION(\"D\"),'fmmm')=\"D\""),
        // Number columns are not converted.
        ("trunc(id) = 1 and to_char(id) = '1'", "TRUNC(\"ID\")=1 AND TO_CHAR(\"ID\")='1'"),
    ];
    for (w, want) in cases {
        assert_eq!(predicates(&mut e, &format!("select * from t3 where {w};")), [format!("1 - filter({want})")], "{w}");
    }
}

/// Fatkulin's query: both bounds as Oracle prints them, and the start-up
/// FILTER testing the lower bound below the upper one (startup_filter.rs).
/// (Oracle lists the scan's two conjuncts the other way round.)
#[test]
fn pythian_sysdate_range() {
    let mut e = engine();
    let p = predicates(
        &mut e,
        "select * from t3 where d >= add_months(trunc(sysdate, 'mm'), -1) and d < trunc(sysdate, 'mm');",
    );
    assert_eq!(
        p,
        [
            "1 - filter(ADD_MONTHS(TRUNC(SYSDATE@!,'fmmm'),(-1))<TRUNC(SYSDATE@!,'fmmm'))",
            "2 - filter(\"D\">=ADD_MONTHS(TRUNC(SYSDATE@!,'fmmm'),(-1)) AND \"D\"<TRUNC(SYSDATE@!,'fmmm'))"
        ]
    );
}

/// TRANSLATE (was refused): SQL Language Reference examples, worked by hand.
#[test]
fn translate_function() {
    let mut e = quiet_engine();
    let s = e.exec(
        "select translate('abc', 'ab', 'xy') a, translate('2KRW229', '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', \
         '9999999999XXXXXXXXXXXXXXXXXXXXXXXXXX') b, translate('SQL*Plus User''s Guide', ' */''', '___') c, \
         translate('abc', 'abc', 'x') d, nvl(translate('abc', 'abc', ''), 'null') e, \
         nvl(translate('aaa', 'a', 'aa'), 'null') f, nvl(translate('aa', 'a', 'a'), 'null') g from dual;",
    );
    ok(&s);
    let r: Vec<String> = s[0].rows[0].iter().map(|v| v.as_str().unwrap_or("").to_string()).collect();
    // 'SQL*Plus User''s Guide': space to _, * to _, / to _, ' removed.
    assert_eq!(r, ["xyc", "9XXX999", "SQL_Plus_Users_Guide", "x", "null", "aaa", "aa"]);
    let p = predicates(&mut e, "select * from dual where translate(dummy, 'X', 'Y') = 'Y';");
    assert_eq!(p, ["1 - filter(TRANSLATE(\"DUMMY\",'X','Y')='Y')"]);
}
