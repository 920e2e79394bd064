//! ROWNUM in a WHERE clause: Oracle's rows, COUNT STOPKEY stopping a scan
//! early, and a refusal (not a wrong answer) for what is not modelled.

mod common;
use common::*;
use lio_core::Engine;

const SETUP: &str = "create table r (id number, pad varchar2(100));
insert into r select level, rpad('x', 100) from dual connect by level <= 10000;
commit;
";

fn ids(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s[0].rows.iter().map(|r| r[0].to_string()).collect()
}

#[test]
fn rownum_returns_oracles_rows() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    assert_eq!(ids(&mut e, "select id from r where rownum <= 3;"), ["1", "2", "3"]);
    assert_eq!(ids(&mut e, "select id from r where rownum < 3;"), ["1", "2"]);
    assert_eq!(ids(&mut e, "select id from r where rownum = 1;"), ["1"]);
    assert_eq!(ids(&mut e, "select id from r where 2 >= rownum and id > 5;"), ["6", "7"]);
    assert_eq!(ids(&mut e, "select rownum, id from r where id > 100 and rownum <= 2;"), ["1", "2"]);
    assert!(ids(&mut e, "select id from r where rownum <= 0;").is_empty());
    assert!(ids(&mut e, "select id from r where rownum < 1;").is_empty());
}

#[test]
fn count_stopkey_stops_the_scan_early() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let all = e.exec("select count(*) from r;");
    ok(&all);
    let full = stat(&all[0], "consistent gets");
    let s = e.exec("select * from r where rownum <= 100;");
    ok(&s);
    assert_eq!(s[0].rows.len(), 100);
    let gets = stat(&s[0], "consistent gets");
    // 100 rows of ~110 bytes: two blocks, got again at each SQL*Plus fetch
    // call (arraysize 15), far from the whole table.
    assert!(gets < 20 && full > 100, "rownum <= 100: {gets} gets; whole table {full}");
    let plan: Vec<(u32, String)> = s[0].plan.iter().map(|l| (l.depth as u32, l.operation.clone())).collect();
    let want = [(0, "SELECT STATEMENT"), (1, "COUNT STOPKEY"), (2, "TABLE ACCESS FULL")];
    assert_eq!(plan, want.map(|(d, o)| (d, o.to_string())), "{:?}", s[0].plan);
    // The table access stops after the rows asked for (A-Rows).
    assert_eq!(s[0].plan[2].a_rows, 100);
}

#[test]
fn top_n_over_an_ordered_inline_view() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let got = ids(&mut e, "select id from (select id from r order by id desc) where rownum <= 5;");
    assert_eq!(got, ["10000", "9999", "9998", "9997", "9996"]);
    let s = e.exec("select rownum, id from (select id from r order by id desc) where rownum <= 2;");
    ok(&s);
    let first: Vec<String> = s[0].rows.iter().map(|r| format!("{} {}", r[0], r[1])).collect();
    assert_eq!(first, ["1 10000", "2 9999"]);
}

#[test]
fn what_is_not_modelled_is_refused() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    for sql in [
        "select count(*) from (select * from r where rownum <= 100);",
        "select id from r where rownum > 1;",
        "select id from r where rownum = 2;",
        "select id from r where rownum <= 3 or id = 7;",
        "select id from r where rownum <= 3 order by id;",
    ] {
        let s = e.exec(sql);
        assert_eq!(s[0].error.as_ref().map(|e| e.code.as_str()), Some("LAB-00001"), "{sql}");
    }
}
