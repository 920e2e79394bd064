//! The SQL*Plus script surface at the splitter (issue 28): blank lines,
//! the `.` block terminator, SET SQLBLANKLINES, unknown command lines, and
//! stripping a pasted transcript back to its script.

use lio_sql::ast::Pos;
use lio_sql::transcript::{strip, Stripped};
use lio_sql::{split_script, UnitKind};

fn p(line: u32, column: u32) -> Pos {
    Pos { line, column }
}

/// (kind, text, position, buffered) of each unit.
fn units(src: &str) -> Vec<(UnitKind, String, Pos, bool)> {
    split_script(src).into_iter().map(|u| (u.kind, u.text, u.pos, u.buffered)).collect()
}

#[test]
fn a_blank_line_ends_a_sql_statement_into_the_buffer() {
    let got = units("select *\n  from t\n\nset termout off\n/\nset termout on\n");
    assert_eq!(
        got,
        [
            (UnitKind::Sql, "select *\n  from t".to_string(), p(1, 1), true),
            (UnitKind::SqlPlus, "set termout off".to_string(), p(4, 1), false),
            (UnitKind::SqlPlus, "/".to_string(), p(5, 1), false),
            (UnitKind::SqlPlus, "set termout on".to_string(), p(6, 1), false),
        ]
    );
    // A line of blanks is blank; a blank line inside a string ends the
    // statement too (SQL*Plus reads lines, not tokens).
    let got = units("select 'a\n \t \nb' from dual;");
    assert_eq!(got[0], (UnitKind::Sql, "select 'a".to_string(), p(1, 1), true));
}

#[test]
fn sqlblanklines_on_keeps_them_until_off() {
    let got = units("SET SQLBL ON\nselect *\n\nfrom t;\nset sqlblanklines off\nselect *\n\nfrom t;");
    assert_eq!(got[1], (UnitKind::Sql, "select *\n\nfrom t".to_string(), p(2, 1), false));
    assert_eq!(got[3], (UnitKind::Sql, "select *".to_string(), p(6, 1), true));
    // `from t` is then a line of its own: no command SQL*Plus knows.
    assert_eq!(got[4].0, UnitKind::SqlPlus);
}

#[test]
fn plsql_blocks_and_lab_commands_are_not_ended_by_a_blank_line() {
    let got = units("declare\n  n number;\n\nbegin\n  null;\nend;\n/\nLAB RUN 'select 1 from dual'\n\n  RUNS 3;\n");
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(!got[0].3 && got[0].0 == UnitKind::Plsql);
    assert!(!got[1].3 && got[1].0 == UnitKind::Lab);
}

#[test]
fn a_dot_line_ends_sql_and_plsql_without_running() {
    let got = units("select 1 from dual\n.\nbegin\n  null;\nend;\n  .\n/");
    assert_eq!(got[0], (UnitKind::Sql, "select 1 from dual".to_string(), p(1, 1), true));
    assert_eq!(got[1], (UnitKind::Plsql, "begin\n  null;\nend;".to_string(), p(3, 1), true));
    assert_eq!(got[2].1, "/");
}

#[test]
fn unknown_first_words_are_one_line_each() {
    let got = units("SQL> select count(*)\n  2  from t;\nTable created.\n(select 1 from dual);\nfoo bar -\nbaz");
    let kinds: Vec<(UnitKind, &str)> = got.iter().map(|u| (u.0, u.1.as_str())).collect();
    assert_eq!(
        kinds,
        [
            (UnitKind::SqlPlus, "SQL> select count(*)"),
            (UnitKind::SqlPlus, "2  from t"),
            (UnitKind::SqlPlus, "Table created."),
            (UnitKind::Sql, "(select 1 from dual)"),
            // An unknown command has no continuation: `baz` is another line.
            (UnitKind::SqlPlus, "foo bar -"),
            (UnitKind::SqlPlus, "baz"),
        ]
    );
}

#[test]
fn unknown_command_messages_follow_sqlplus() {
    let msg = |src: &str| lio_sql::parse_script(src).remove(0).result.unwrap_err();
    let e = msg("SQL> SELECT DBMS_XDB_CONFIG.GETHTTPPORT() AS HTTP_PORT,");
    assert_eq!(e.code, "LAB-00002");
    assert_eq!(e.message, "SP2-0734: unknown command beginning \"SQL> SELEC...\" - rest of line ignored.");
    assert_eq!(msg("  etitle off;").message, "SP2-0042: unknown command \"etitle off\" - rest of line ignored.");
    assert_eq!(msg(");").message, "SP2-0042: unknown command \")\" - rest of line ignored.");
    assert_eq!(msg("  2  from t").code, "LAB-00001");
    // 10 bytes, cut at a character boundary.
    assert_eq!(msg("ééééééé x").message, "SP2-0734: unknown command beginning \"ééééé...\" - rest of line ignored.");
}

// ------------------------------------------------------------ transcripts

/// Shaped on a published transcript (a student's SQL*Plus 19c session):
/// a statement ended by an empty numbered line (`  6`), then `);` at the
/// prompt, which SQL*Plus answered with SP2-0042; errors, feedback and rows.
const SESSION: &str = "\
SQL> create table dept (
  2  deptno number(2) not null,
  3  dname varchar2(14) not null,
  4  loc varchar2(13),
  5  constraints dept_pk primary key (dept_no)
  6
SQL> );
SP2-0042: unknown command \")\" - rest of line ignored.
SQL> create table dept (
  2  deptno number(2) not null,
  3  loc varchar2(13),
  4  constraints dept_pk primary key (deptno)
  5  );

Table created.

SQL>
SQL> insert into dept
  2  values (10, 'ACCOUNTING');

1 row created.

SQL> select * from dept;

    DEPTNO LOC
---------- -------------
        10 ACCOUNTING

SQL> select e.ename
  2  from emp e dept d;
from emp e dept d
           *
ERROR at line 2:
ORA-00933: SQL command not properly ended


SQL>    select count(*) from dept;

  COUNT(*)
----------
         1

";

#[test]
fn a_session_transcript_strips_to_its_script() {
    let s = strip(SESSION);
    assert_eq!(
        s,
        Stripped {
            script: "\
create table dept (
deptno number(2) not null,
dname varchar2(14) not null,
loc varchar2(13),
constraints dept_pk primary key (dept_no)

);
create table dept (
deptno number(2) not null,
loc varchar2(13),
constraints dept_pk primary key (deptno)
);
insert into dept
values (10, 'ACCOUNTING');
select * from dept;
select e.ename
from emp e dept d;
   select count(*) from dept;
"
            .to_string(),
            transcript: true,
            removed_prompts: 8,
            removed_line_numbers: 11,
            removed_output_lines: 13,
        }
    );
    // The script splits as SQL*Plus read the session: the first CREATE is
    // ended by the blank line and never runs, `);` is an unknown command.
    let got = units(&s.script);
    assert!(got[0].3, "{:?}", got[0]);
    assert_eq!((got[1].0, got[1].1.as_str()), (UnitKind::SqlPlus, ")"));
    assert_eq!(got.len(), 7);
}

/// Shaped on Sean Stuber's post (https://seanstuber.wordpress.com/category/math/):
/// a SQL*Plus command, then a PL/SQL block whose `;` lines do not end it.
#[test]
fn a_plsql_block_in_a_transcript_runs_to_its_slash() {
    let text = "SQL> set serveroutput on\nSQL> DECLARE\n  2      v_obj   number := 1;\n  3  BEGIN\n  4      DBMS_OUTPUT.put_line(v_obj);\n  5  END;\n  6  /\n1\n\nSQL> select 2 from dual;\n\n         2\n----------\n         2\n";
    let s = strip(text);
    assert_eq!(
        s.script,
        "set serveroutput on\nDECLARE\n    v_obj   number := 1;\nBEGIN\n    DBMS_OUTPUT.put_line(v_obj);\nEND;\n/\nselect 2 from dual;\n"
    );
    assert_eq!((s.removed_prompts, s.removed_line_numbers, s.removed_output_lines), (3, 5, 4));
}

#[test]
fn stripping_is_conservative() {
    // No prompt: unchanged.
    let plain = "select 1 from dual;\n\n  2  x\n";
    assert_eq!(strip(plain), Stripped { script: plain.to_string(), ..Default::default() });
    // Lines before the first prompt are kept; a numbered line after a
    // finished statement is output, not a continuation.
    let s = strip("create table t (x number);\nSQL> select 1 from dual;\n  2  rows\nSQL> select 1\n2 from dual;");
    assert_eq!(s.script, "create table t (x number);\nselect 1 from dual;\nselect 1\nfrom dual;");
    assert_eq!((s.removed_prompts, s.removed_line_numbers, s.removed_output_lines), (2, 1, 1));
    // Windows line ends.
    assert_eq!(strip("SQL> select 1\r\n  2  from dual;\r\n").script, "select 1\nfrom dual;\n");
}
