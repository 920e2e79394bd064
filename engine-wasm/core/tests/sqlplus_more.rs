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
