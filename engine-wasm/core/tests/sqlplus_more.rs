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
    assert_eq!(
        widths(&format!("{t}select nvl(n, 1), sys_context('userenv', 'current_schema') from t;")),
        Vec::<u32>::new()
    );
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (c char(5));\ninsert into t values (null);\nselect nvl(c, 'x') || '|', dump(nvl(c, 'x')) from t;",
    );
    ok(&steps);
    assert_eq!(format!("{:?}", steps.last().unwrap().rows), r#"[[String("x|"), String("Typ=1 Len=1: 120")]]"#);
}

/// BREAK and COMPUTE (SQL*Plus User's Guide, BREAK / COMPUTE:
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/BREAK.html)
/// were refused with LAB-00001; they now set what the text formatter lays
/// out (renderer/src/reports/sqlplus-break.mjs; tests/unit/sqlplus-break.test.mjs).
#[test]
fn break_and_compute_reach_the_query_step() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table emp (deptno number, ename varchar2(10), sal number);\n\
         insert into emp values (10, 'KING', 5000);\n\
         bre on deptno skip 1 on report\n\
         comp sum avg label average of sal on deptno report\n\
         compute count of ename on deptno\n\
         select deptno, ename, sal from emp order by deptno;",
    );
    ok(&steps);
    let st = steps.last().unwrap().settings.clone().expect("settings");
    let b: Vec<(String, u32, bool)> = st.breaks.iter().map(|b| (b.on.clone(), b.skip, b.duplicates)).collect();
    assert_eq!(b, vec![("DEPTNO".into(), 1, false), ("REPORT".into(), 0, false)]);
    let c: Vec<(String, String, Vec<[String; 2]>)> =
        st.computes.iter().map(|c| (c.of.clone(), c.on.clone(), c.functions.clone())).collect();
    let f = |pairs: &[(&str, &str)]| pairs.iter().map(|(a, b)| [a.to_string(), b.to_string()]).collect::<Vec<_>>();
    // Functions in SQL*Plus's order (AVG before SUM), LABEL for the one it follows.
    assert_eq!(
        c,
        vec![
            ("SAL".into(), "DEPTNO".into(), f(&[("avg", "average"), ("sum", "sum")])),
            ("SAL".into(), "REPORT".into(), f(&[("avg", "average"), ("sum", "sum")])),
            ("ENAME".into(), "DEPTNO".into(), f(&[("count", "count")])),
        ]
    );
    // A new BREAK replaces the last; a COMPUTE of the same pair too.
    let steps = e.exec("break on ename dup\ncompute max of sal on deptno\nselect 1 from dual;");
    ok(&steps);
    let st = steps.last().unwrap().settings.clone().expect("settings");
    assert_eq!(st.breaks.len(), 1);
    assert!(st.breaks[0].duplicates);
    assert_eq!(st.computes[2].functions, f(&[("maximum", "maximum")]));
    // CLEAR says what it cleared.
    let steps = e.exec("clear breaks\nclear computes\nclear columns");
    ok(&steps);
    let out: Vec<&str> = steps.iter().flat_map(|s| s.output.iter().map(String::as_str)).collect();
    assert_eq!(out, vec!["breaks cleared", "computes cleared", "columns cleared"]);
    assert!(e.exec("select 1 from dual;").last().unwrap().settings.is_none());
}

/// What the lab does not lay out is refused at the word that asks for it.
#[test]
fn break_and_compute_refusals_are_positioned() {
    // (command, error, the word it points at)
    let cases: &[(&str, &str, &str)] = &[
        // BREAK alone lists the definition: SP2-0015 when there is none.
        ("break", "SP2-0015", "break"),
        ("break deptno", "SP2-0016", "deptno"),
        ("break on deptno skip page", "LAB-00001", "page"),
        ("break on deptno page", "LAB-00001", "page"),
        ("break on row", "LAB-00001", "row"),
        ("break on deptno nonsense", "LAB-00001", "nonsense"),
        ("compute", "LAB-00001", "compute"),
        ("compute std of sal on deptno", "LAB-00001", "std"),
        ("compute sum of sal on row", "LAB-00001", "row"),
        ("compute sum sal on deptno", "LAB-00001", "sal"),
        ("compute sum of sal", "LAB-00001", "sal"),
    ];
    for (cmd, code, word) in cases {
        let col = cmd.find(word).unwrap() as u32 + 1;
        let mut e = quiet_engine();
        let steps = e.exec(cmd);
        let s = steps.last().unwrap();
        let (c, line, column) = error_of(s);
        // SQL*Plus's own errors come as LAB-00002 carrying the SP2 line.
        let c = if c == "LAB-00002" { &s.error.as_ref().unwrap().message[..8] } else { c };
        assert_eq!((c, line, column), (*code, 1, col), "{cmd}: {:?}", s.error);
    }
    // With a break defined, the listing is the lab's refusal.
    let mut e = quiet_engine();
    ok(&e.exec("break on deptno"));
    assert_eq!(error_of(e.exec("break").last().unwrap()).0, "LAB-00001");
}

/// An UPDATE that lengthens rows until the tablespace's file is full
/// fails as an INSERT does (ORA-01653; the lab let the segment grow to
/// 12 MB in a 2 MB file and said "3000 rows updated."). The statement is
/// rolled back; the extents it allocated before the one that did not fit
/// stay with the segment (allocated in recursive transactions), the rest
/// does not.
#[test]
fn an_update_that_outgrows_its_datafile_fails_with_ora_01653() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create tablespace small datafile '+DATA' size 2m;\n\
         create table t (id number, v varchar2(4000)) tablespace small;\n\
         insert into t select rownum, 'x' from dual connect by level <= 3000;\n\
         commit;\n\
         update t set v = rpad('x', 3000, 'x');",
    );
    ok(&steps[..4]);
    let s = steps.last().unwrap();
    assert_eq!(error_of(s), ("ORA-01653", 5, 1));
    // 2 MB less the 1 MB file header: sixteen 64 KB extents; the first 1 MB one fails.
    assert_eq!(s.error.as_ref().unwrap().message, "unable to extend table LAB.T by 128 in tablespace SMALL");
    let steps = e.exec(
        "select count(*) from t where v = 'x';\nselect blocks from user_segments where segment_name = 'T';\n\
         update t set v = rpad('x', 20, 'x') where id <= 100;",
    );
    ok(&steps);
    assert_eq!(format!("{:?}", steps[0].rows), "[[Number(3000)]]");
    assert_eq!(format!("{:?}", steps[1].rows), "[[Number(128)]]");
}
