//! SQL*Plus's report layout as Oracle prints it: V$ column widths by their
//! declared types, BREAK / COMPUTE, and the widths of USER and NVL.
mod common;
use common::*;

/// The widths the engine hands SQL*Plus for the last step.
fn widths(sql: &str) -> Vec<u32> {
    let mut e = quiet_engine();
    let steps = e.exec(sql);
    ok(&steps);
    steps.last().unwrap().column_widths.clone()
}

/// SQL*Plus prints a character column as wide as its declared type
/// ("the default width of CHAR and VARCHAR2 columns is the width of the
/// column in the database"): V$SYSSTAT.NAME and V$SYSTEM_EVENT.EVENT are
/// VARCHAR2(64), V$LOG.STATUS VARCHAR2(16), V$PARAMETER.NAME VARCHAR2(80)
/// (Oracle Database Reference 19c). The lab used the widest value.
#[test]
fn v_dollar_character_columns_take_their_declared_width() {
    assert_eq!(widths("select name, value from v$sysstat where name = 'user calls';"), vec![64, 0]);
    assert_eq!(widths("select event, total_waits from v$system_event;"), vec![64, 0]);
    assert_eq!(widths("select group#, status from v$log;"), vec![0, 16]);
    assert_eq!(widths("select name, value from v$parameter where name = 'db_block_size';"), vec![80, 4000]);
    assert_eq!(widths("select sql_id, sql_text from v$sql where rownum = 1;"), vec![13, 1000]);
    // V$SESSION.USERNAME is an identifier: 128 bytes from 12.2, 30 before.
    assert_eq!(widths("select username from v$session where rownum = 1;"), vec![128]);
    let mut old = quiet_engine();
    ok(&old.exec("LAB VERSION 11.2.0.2;"));
    let steps = old.exec("select username from v$session where rownum = 1;");
    ok(&steps);
    assert_eq!(steps.last().unwrap().column_widths, vec![30]);
}

/// An expression's column is as wide as its result type, as SQL*Plus
/// describes it: USER is VARCHAR2(128) from 12.2 (an identifier; 30
/// before), so `select user from dual` prints a column as wide as the line
/// (it printed 4, the heading); NVL has its first argument's character
/// type (SQL Language Reference, NVL: "returns VARCHAR2 in the character
/// set of expr1"); `||` the sum of both lengths. The value of NVL over a
/// NULL CHAR(5) is the VARCHAR2 'x', not blank-padded.
#[test]
fn user_nvl_and_concat_take_their_result_type_width() {
    assert_eq!(widths("select user from dual;"), vec![128]);
    let mut old = quiet_engine();
    ok(&old.exec("LAB VERSION 11.2.0.2;"));
    let steps = old.exec("select user from dual;");
    ok(&steps);
    assert_eq!(steps.last().unwrap().column_widths, vec![30]);
    let t = "create table t (c char(5), v varchar2(7), n number);\ninsert into t values ('a', 'b', 1);\n";
    assert_eq!(widths(&format!("{t}select nvl(c, 'x'), nvl(v, 'x'), c || v, n from t;")), vec![5, 7, 12, 0]);
    // A number, or a call folded to its value, leaves it to the values.
    assert_eq!(widths(&format!("{t}select nvl(n, 1), sys_context('userenv', 'current_schema') from t;")), Vec::<u32>::new());
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (c char(5));\ninsert into t values (null);\nselect nvl(c, 'x') || '|', dump(nvl(c, 'x')) from t;",
    );
    ok(&steps);
    assert_eq!(format!("{:?}", steps.last().unwrap().rows), r#"[[String("x|"), String("Typ=1 Len=1: 120")]]"#);
}
