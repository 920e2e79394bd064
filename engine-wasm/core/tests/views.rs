//! Stored views (CREATE [OR REPLACE] VIEW, DROP VIEW), hand-checked.
//!
//! A view is its query's text; a statement naming it reads that query as
//! an inline view, merged (no VIEW line: the base table's access path,
//! the outer predicates with the view's) or kept (`VIEW  V3` named by the
//! view, as Oracle's plans name a stored view). Oracle's errors: ORA-00955
//! (the name is a table's or view's), ORA-00998 (an expression without an
//! alias, at the expression), ORA-01730 (the column list's length),
//! ORA-00957, ORA-01731 (a view that reaches itself), ORA-04063 (a view
//! whose table is gone), ORA-00942 (DROP VIEW of no view).
//!
//! t2: 1,000 rows, id = rownum, g = mod(rownum, 7): g = 0 has 142 rows
//! (7, 14, ..., 994), each other value 143.

mod common;
use common::*;

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t2 as select rownum id, rpad('x', 10) s, mod(rownum, 7) g from dual connect by level <= 1000;\n\
         create index t2_i on t2(id);\n\
         exec dbms_stats.gather_table_stats(user, 't2')",
    ));
    e
}

fn plan(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let s = e.exec(&format!("explain plan for {sql}\nselect * from table(dbms_xplan.display);"));
    ok(&s);
    s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

#[test]
fn a_view_reads_its_query() {
    let mut e = engine();
    let s = e.exec("create view v2 as select id, s from t2 where id < 10;");
    ok(&s);
    assert_eq!(s[0].feedback.as_deref(), Some("View created."));
    assert_eq!(text_rows(&mut e, "select count(*) from v2;"), [["9"]]);
    assert_eq!(text_rows(&mut e, "select id from v2 where id > 7 order by id;"), [["8"], ["9"]]);
    // Joined to a table (id 3 alone has g = 3 below 10), aliased, in a
    // subquery, in a WITH query name.
    assert_eq!(text_rows(&mut e, "select count(*) from v2 a, t2 b where a.id = b.id and b.g = 3;"), [["1"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from t2 where id in (select id from v2);"), [["9"]]);
    assert_eq!(text_rows(&mut e, "with q as (select * from v2 where id <= 2) select count(*) from q;"), [["2"]]);
    // A column list names the columns; an aggregate view keeps a VIEW line.
    ok(&e.exec("create view v3 (g, cnt) as select g, count(*) from t2 group by g;"));
    assert_eq!(text_rows(&mut e, "select cnt from v3 where g in (0, 1) order by g;"), [["142"], ["143"]]);
    let p = plan(&mut e, "select * from v3;");
    assert!(p.iter().any(|l| l.starts_with("|   1 |  VIEW               | V3   |     7 |")), "{p:#?}");
    // A merged view: the base table's index, no VIEW line.
    let p = plan(&mut e, "select * from v2 where id = 3;");
    assert!(p.iter().any(|l| l.contains("INDEX RANGE SCAN") && l.contains("T2_I")), "{p:#?}");
    assert!(!p.iter().any(|l| l.contains(" VIEW ")), "{p:#?}");
    // A view of views.
    ok(&e.exec("create view v5 as select a.id, b.cnt from v2 a, v3 b where a.id = b.g;"));
    assert_eq!(text_rows(&mut e, "select count(*), sum(cnt) from v5;"), [["6", "858"]]);
    assert!(e.exec("create view v5 as select 1 x from dual;")[0].error.is_some());
}

#[test]
fn replace_is_seen_by_the_next_execution() {
    let mut e = engine();
    ok(&e.exec("create view v as select id from t2 where id <= 3;"));
    assert_eq!(text_rows(&mut e, "select count(*) from v;"), [["3"]]);
    ok(&e.exec("create or replace view v as select id from t2 where id <= 5;"));
    // The same text, parsed again: the new query (the old cursor is invalid).
    assert_eq!(text_rows(&mut e, "select count(*) from v;"), [["5"]]);
    // In PL/SQL, static and dynamic.
    let s = e.exec(
        "set serveroutput on\n\
         declare n number; m number; begin select count(*) into n from v; \
         execute immediate 'select count(*) from v where id > 1' into m; \
         dbms_output.put_line(n || ' ' || m); end;\n/",
    );
    ok(&s);
    assert!(s.iter().any(|st| st.output.iter().any(|l| l == "5 4")), "{s:#?}");
    // USER_VIEWS holds the query as written; USER_OBJECTS a VIEW.
    assert_eq!(
        text_rows(&mut e, "select view_name, text_length, text from user_views;"),
        [["V", "31", "select id from t2 where id <= 5"]]
    );
    assert_eq!(
        text_rows(&mut e, "select object_type, status from user_objects where object_name = 'V';"),
        [["VIEW", "VALID"]]
    );
    let s = e.exec("drop view v;\nselect count(*) from v;\ndrop view v;");
    assert_eq!(s[0].feedback.as_deref(), Some("View dropped."));
    assert_eq!(error_of(&s[1]).0, "ORA-00942");
    assert_eq!(error_of(&s[2]), ("ORA-00942", 3, 11));
}

#[test]
fn oracle_errors_at_create_and_after() {
    let mut e = engine();
    let s = e.exec(
        "create view v4 as select g, count(*) from t2 group by g;\n\
         create view t2 as select 1 x from dual;\n\
         create view v6 (a) as select id, g from t2;\n\
         create view v7 as select id, id from t2;\n\
         create view v8 as select nosuch from t2;\n\
         create view v9 as select * from nosuch;",
    );
    assert_eq!(error_of(&s[0]), ("ORA-00998", 1, 29));
    assert_eq!(error_of(&s[1]), ("ORA-00955", 2, 13));
    assert_eq!(error_of(&s[2]).0, "ORA-01730");
    assert_eq!(error_of(&s[3]).0, "ORA-00957");
    assert_eq!(error_of(&s[4]), ("ORA-00904", 5, 26));
    assert_eq!(error_of(&s[5]), ("ORA-00942", 6, 33));
    // Circular through another view.
    ok(&e.exec("create view va as select id from t2;\ncreate view vb as select id from va;"));
    let s = e.exec("create or replace view va as select id from vb;");
    assert_eq!(error_of(&s[0]), ("ORA-01731", 1, 45));
    // The base table dropped: the view has errors, INVALID.
    let s = e.exec("drop table t2;\nselect * from vb;");
    ok(&s[..1]);
    assert_eq!(error_of(&s[1]), ("ORA-04063", 2, 15));
    assert_eq!(s[1].error.as_ref().unwrap().message, "view \"LAB.VB\" has errors");
    assert_eq!(
        text_rows(&mut e, "select object_name, status from user_objects order by object_id;"),
        [["VA", "INVALID"], ["VB", "INVALID"]]
    );
}

#[test]
fn refused_where_not_modelled() {
    let mut e = engine();
    ok(&e.exec("create view v as select id, s from t2;"));
    let s = e.exec(
        "insert into v values (1, 'a');\n\
         update v set s = 'b';\n\
         delete from v;\n\
         create view w2 as select id + 1 n from t2;\n\
         desc w2\n\
         select count(*) from user_tab_columns;\n\
         create view w as select id from t2 with check option;\n\
         create force view w as select 1 x from dual;",
    );
    for st in s.iter().filter(|st| !st.statement.starts_with("create view w2")) {
        assert_eq!(error_of(st).0, "LAB-00001", "{}", st.statement);
    }
    // Read only is accepted and listed.
    ok(&e.exec("create view r as select id from t2 with read only;"));
    assert_eq!(text_rows(&mut e, "select read_only from user_views where view_name = 'R';"), [["Y"]]);
}

/// Views that each read the one before twice: the expansion is bounded
/// (LAB-00041 tables or LAB-00042 tokens), never exponential work.
#[test]
fn doubling_views_are_bounded() {
    let mut e = quiet_engine();
    let mut sql = String::from("create view v0 as select 1 x from dual;\n");
    for k in 1..=30 {
        sql += &format!("create view v{k} as select a.x from v{} a, v{} b;\n", k - 1, k - 1);
    }
    let s = e.exec(&sql);
    let first_bad = s.iter().position(|st| st.error.is_some()).expect("a bound is reached");
    assert!(first_bad > 3, "{first_bad}");
    let code = error_of(&s[first_bad]).0;
    assert!(code == "LAB-00041" || code == "LAB-00042", "{code}");
}

/// COMMENT ON TABLE / COLUMN (was refused) and the comment views: a row
/// for every table and view (every column), NULL without a comment; `''`
/// removes one; a dropped column's goes with it.
#[test]
fn comments_on_tables_views_and_columns() {
    let mut e = engine();
    let s = e.exec(
        "create view v as select id, s from t2;\n\
         comment on table t2 is 'the lab''s table';\n\
         comment on column t2.s is 'padding';\n\
         comment on table v is 'a view';\n\
         comment on column v.id is 'key';\n\
         comment on table nosuch is 'x';\n\
         comment on column t2.nosuch is 'x';",
    );
    ok(&s[..5]);
    assert_eq!(s[1].feedback.as_deref(), Some("Comment created."));
    assert_eq!(error_of(&s[5]), ("ORA-00942", 6, 18));
    assert_eq!(error_of(&s[6]), ("ORA-00904", 7, 22));
    assert_eq!(
        text_rows(&mut e, "select table_name, table_type, comments from user_tab_comments order by 1;"),
        [["T2", "TABLE", "the lab's table"], ["V", "VIEW", "a view"]]
    );
    let rows =
        text_rows(&mut e, "select table_name, column_name, nvl(comments, '-') from user_col_comments order by 1, 2;");
    assert_eq!(
        rows,
        [["T2", "G", "-"], ["T2", "ID", "-"], ["T2", "S", "padding"], ["V", "ID", "key"], ["V", "S", "-"]]
    );
    ok(&e.exec("comment on table t2 is '';\nalter table t2 drop column s;"));
    assert_eq!(text_rows(&mut e, "select count(comments) from user_tab_comments where table_name = 'T2';"), [["0"]]);
    assert_eq!(text_rows(&mut e, "select count(comments) from user_col_comments where table_name = 'T2';"), [["0"]]);
}

/// DESCRIBE of a view: a table's column keeps its type (and NOT NULL when
/// the view reads one table), a CAST its type, ROWNUM is NUMBER.
#[test]
fn describe_a_view() {
    let mut e = engine();
    let s = e.exec(
        "create table d (id number(6) not null, name varchar2(20), born date);\n\
         create view dv as select id, name, born, cast(name as char(5)) c, rownum r from d;\n\
         desc dv",
    );
    ok(&s);
    let text = s[2].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect::<Vec<_>>();
    let lines: Vec<String> = if text.is_empty() { s[2].output.clone() } else { text };
    assert!(
        lines.iter().any(|l| l.trim_end() == " ID                                        NOT NULL NUMBER(6)"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.trim_end() == " NAME                                               VARCHAR2(20)"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.trim_end() == " C                                                  CHAR(5)"),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.trim_end() == " R                                                  NUMBER"),
        "{lines:#?}"
    );
}
