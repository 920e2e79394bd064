//! SQL*Plus's headings of literals (issue 33): a number literal's column
//! is named as typed (`1E3`, `0.50`, `-2.0`), a text literal is CHAR of its
//! length so SQL*Plus shows it that wide, its heading (`'HELLO'`) cut to
//! that (`'HELL`; `'X'` to `'`, the transcripts' familiar one-quote
//! heading of `select 'x' from dual`); SET NUMWIDTH n (2 through 50).
//! The layout itself is the renderer's: tests/unit/surface-binds.test.mjs.

mod common;
use common::*;

#[test]
fn literal_headings_and_widths() {
    let mut e = quiet_engine();
    let s = e.exec(
        "select 'x' from dual;\nselect 'hello' from dual;\nselect 1E3 from dual;\n\
         select 0.50, -1, - 2.0, 1 + 1, lower('Ab') from dual;\nselect 'x' a from dual;\n\
         select * from (select 0.50 from dual);",
    );
    ok(&s);
    let heads: Vec<(Vec<String>, Vec<u32>)> = s.iter().map(|s| (s.columns.clone(), s.column_widths.clone())).collect();
    assert_eq!(heads[0], (vec!["'X'".to_string()], vec![1]));
    assert_eq!(heads[1], (vec!["'HELLO'".to_string()], vec![5]));
    assert_eq!(heads[2].0, ["1E3"]);
    // A call folded to a text is no literal: its values decide.
    assert_eq!(heads[3], (["0.50", "-1", "-2.0", "1+1", "LOWER('AB')"].map(String::from).to_vec(), vec![]));
    assert_eq!(heads[4], (vec!["A".to_string()], vec![1]));
    assert_eq!(heads[5].0, ["0.50"], "the inline view's column is named as typed too");
}

#[test]
fn set_numwidth() {
    let mut e = quiet_engine();
    let s =
        e.exec("set numwidth 5\nshow numwidth\nselect 1 from dual;\nset numwidth 1\nset numwidth x\nset numwidth 51");
    ok(&s[..3]);
    assert_eq!(s[1].output, ["numwidth 5"]);
    assert_eq!(s[2].settings.as_ref().map(|st| st.numwidth), Some(5));
    let msg = |i: usize| s[i].error.as_ref().map(|e| e.message.clone()).unwrap_or_default();
    assert_eq!(msg(3), "SP2-0267: numwidth option 1 out of range (2 through 50)");
    assert_eq!(msg(4), "SP2-0268: numwidth option not a valid number");
    assert_eq!(msg(5), "SP2-0267: numwidth option 51 out of range (2 through 50)");
}

/// DECODE, CASE, COALESCE and NVL2 are described with the widest of their
/// results' types: `decode(grouping(owner), 1, 'ALL', owner)` over a
/// VARCHAR2(30) column shows 30 wide whatever its values (SQL*Plus sizes
/// the column from the describe, not the rows); a result whose width is
/// unknown (a number) leaves it to the values.
#[test]
fn decode_case_coalesce_widths() {
    let mut e = quiet_engine();
    ok(&e.exec("create table w (o varchar2(30), p varchar2(12), n number);\ninsert into w values ('SYS', 'x', 1);"));
    let s = e.exec(
        "select decode(n, 1, 'ALL', o) a, case when n > 0 then p else 'abc' end b, coalesce(p, o) c, \
         nvl2(n, p, 'four') d, decode(n, 1, 'x', 2) e, case n when 1 then p end f from w;",
    );
    ok(&s);
    // (E: a number among the results: the values decide, 0 here.)
    assert_eq!(s[0].column_widths, [30, 12, 30, 12, 0, 12]);
}
