//! Issue 29, rows held compactly (see `scale_rows.rs`): a string of up to
//! 22 bytes is held inside its value, a longer one is shared between the
//! rows that repeat it; both read, compare, group and change alike.

mod common;
use common::*;

/// Strings on both sides of the 22-byte line compare, join, group and
/// update as before; a long string repeated by a load is shared, and an
/// update of one row's copy leaves the others as they were.
#[test]
fn short_and_long_strings_behave_alike() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, s varchar2(40), p varchar2(40));\ninsert into t select level, lpad(level, 22, '0'), rpad('x', 30, 'x') from dual connect by level <= 50;\ninsert into t select level + 50, lpad(level, 23, '0'), rpad('x', 30, 'x') from dual connect by level <= 50;\nupdate t set p = 'short' where id = 7;\ncommit;",
    ));
    let s = e.exec(
        "select count(*), max(length(s)), min(length(s)) from t;\nselect p, count(*) from t group by p order by p;\nselect count(*) from t a, t b where a.s = b.s;\nselect count(*) from t where s = '0000000000000000000007' or s = '00000000000000000000007';\nselect p from t where id in (6, 7, 8) order by id;\nselect count(*) from t where p = rpad('x', 30, 'x');",
    );
    ok(&s);
    let cells = |i: usize| {
        s[i].rows
            .iter()
            .map(|r| {
                r.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string)).collect::<Vec<_>>().join(",")
            })
            .collect::<Vec<_>>()
    };
    let x30 = "x".repeat(30);
    assert_eq!(cells(0), ["100,23,22"]);
    assert_eq!(cells(1), ["short,1".to_string(), format!("{x30},99")]);
    assert_eq!(cells(2), ["100"]);
    assert_eq!(cells(3), ["2"]);
    assert_eq!(cells(4), [x30.as_str(), "short", x30.as_str()]);
    assert_eq!(cells(5), ["99"]);
}
