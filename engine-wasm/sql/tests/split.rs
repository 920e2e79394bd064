//! Splitting scripts into units: kinds, texts and exact positions.

use lio_sql::ast::Pos;
use lio_sql::{split_script, UnitKind};

fn p(line: u32, column: u32) -> Pos {
    Pos { line, column }
}

#[test]
fn mixed_script_units_and_positions() {
    let src = "\
-- setup
set autotrace traceonly statistics
  create table t1 (
    key integer,
    value varchar2(30 char)
  );
LAB VERSION 19c;
declare
  v varchar2(30);
begin
  select value into v from t1 where key = 1;
end;
/
/
   select 'a;b' from dual; select 2 from dual
/
exec dbms_stats.gather_table_stats(user, 'T1');
prompt done;
rem the end
/* comment */ commit;
";
    let units = split_script(src);
    let got: Vec<(UnitKind, &str, Pos)> = units.iter().map(|u| (u.kind, u.text.as_str(), u.pos)).collect();
    assert_eq!(
        got,
        vec![
            (UnitKind::SqlPlus, "set autotrace traceonly statistics", p(2, 1)),
            (UnitKind::Sql, "create table t1 (\n    key integer,\n    value varchar2(30 char)\n  )", p(3, 3)),
            (UnitKind::Lab, "LAB VERSION 19c", p(7, 1)),
            (
                UnitKind::Plsql,
                "declare\n  v varchar2(30);\nbegin\n  select value into v from t1 where key = 1;\nend;",
                p(8, 1)
            ),
            (UnitKind::SqlPlus, "/", p(14, 1)),
            (UnitKind::Sql, "select 'a;b' from dual", p(15, 4)),
            (UnitKind::Sql, "select 2 from dual", p(15, 28)),
            (UnitKind::SqlPlus, "exec dbms_stats.gather_table_stats(user, 'T1')", p(17, 1)),
            (UnitKind::SqlPlus, "prompt done;", p(18, 1)),
            (UnitKind::SqlPlus, "rem the end", p(19, 1)),
            (UnitKind::Sql, "commit", p(20, 15)),
        ]
    );
}

#[test]
fn sqlplus_continuation_lines() {
    let units = split_script("set autotrace -\n  traceonly\nselect 1 from dual;\n");
    assert_eq!(units.len(), 2);
    assert_eq!(units[0].kind, UnitKind::SqlPlus);
    assert_eq!(units[0].text, "set autotrace -\n  traceonly");
    assert_eq!(units[1].pos, p(3, 1));
}

#[test]
fn slash_line_ends_unterminated_string() {
    let units = split_script("select 'abc from dual\n/\nselect 1 from dual;");
    assert_eq!(units.len(), 2);
    assert_eq!(units[0].text, "select 'abc from dual");
    assert_eq!(units[1].text, "select 1 from dual");
    assert_eq!(units[1].pos, p(3, 1));
}

#[test]
fn empty_and_comment_only_scripts() {
    assert!(split_script("").is_empty());
    assert!(split_script("  \n-- nothing\n/* at all */\n").is_empty());
}

#[test]
fn multibyte_characters_count_as_one_column() {
    let units = split_script("prompt héllo\nselect 1 from dual;");
    assert_eq!(units[1].pos, p(2, 1));
    let units = split_script("select 'é' from dual; select 2 from dual;");
    assert_eq!(units[1].pos, p(1, 23));
}

#[test]
fn a_leading_byte_order_mark_is_not_part_of_the_script() {
    let units = split_script("\u{FEFF}select * from dual;\nset autotrace on\n");
    let got: Vec<(UnitKind, &str, Pos)> = units.iter().map(|u| (u.kind, u.text.as_str(), u.pos)).collect();
    assert_eq!(
        got,
        vec![(UnitKind::Sql, "select * from dual", p(1, 1)), (UnitKind::SqlPlus, "set autotrace on", p(2, 1))]
    );
    for (src, kind) in [
        ("\u{FEFF}LAB VERSION 19c;", UnitKind::Lab),
        ("\u{FEFF}begin null; end;\n/", UnitKind::Plsql),
        ("\u{FEFF}prompt x", UnitKind::SqlPlus),
        ("\u{FEFF}  -- c\n  commit;", UnitKind::Sql),
    ] {
        let u = split_script(src);
        assert_eq!(u.len(), 1, "{src:?}");
        assert_eq!(u[0].kind, kind, "{src:?}");
        assert!(!u[0].text.contains('\u{FEFF}'), "{src:?}");
    }
    assert_eq!(split_script("\u{FEFF}  -- c\n  commit;")[0].pos, p(2, 3));
    assert!(split_script("\u{FEFF}").is_empty());
}
