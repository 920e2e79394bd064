//! The first lines of published scripts: subquery factoring (`WITH`) and
//! `CONNECT BY n >= LEVEL`.
//!
//! A query name is copied into the query where it is referenced, then
//! merged or kept as a VIEW as an inline view is: Jonathan Lewis, "Subquery
//! Factoring (2)", https://jonathanlewis.wordpress.com/2007/07/26/subquery-factoring-2/
//! ("The alternative to materializing is to copy the text into the query
//! body and optimise it there ... either the subquery is merged, or it is
//! not merged"). Materializing (TEMP TABLE TRANSFORMATION, SYS_TEMP_ tables)
//! is not modelled: a query name is always inlined (docs/SQL.md).

mod common;
use common::*;
use lio_core::Engine;

fn rows(e: &mut Engine, sql: &str) -> Vec<Vec<String>> {
    let s = e.exec(sql);
    ok(&s);
    s[0].rows.iter().map(|r| r.iter().map(|v| v.to_string().trim_matches('"').to_string()).collect()).collect()
}

fn plan(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s[0].plan.iter().map(|l| format!("{}{}", " ".repeat(l.depth as usize), l.operation)).collect()
}

fn err(e: &mut Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), l, col)
}

const SETUP: &str = "create table t (id number, n1 number, v1 varchar2(10));
insert into t select rownum, mod(rownum, 10), lpad(rownum, 10, '0') from dual connect by level <= 100;
commit;
";

#[test]
fn with_generator_counts_its_rows_through_a_view() {
    let mut e = quiet_engine();
    let sql = "with g as (select rownum id from dual connect by level <= 10) select count(*) from g;";
    assert_eq!(rows(&mut e, sql), [["10"]]);
    // ROWNUM keeps the query name unmerged: a VIEW over the generator.
    assert_eq!(
        plan(&mut e, sql),
        ["SELECT STATEMENT", " SORT AGGREGATE", "  VIEW", "   CONNECT BY WITHOUT FILTERING", "    FAST DUAL"]
    );
}

#[test]
fn with_simple_query_name_is_merged_as_a_view_is() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let sql = "with a as (select id from t where id <= 5) select count(*) from a;";
    assert_eq!(rows(&mut e, sql), [["5"]]);
    assert_eq!(plan(&mut e, sql), plan(&mut e, "select count(*) from (select id from t where id <= 5) a;"));
    assert_eq!(plan(&mut e, sql), ["SELECT STATEMENT", " SORT AGGREGATE", "  TABLE ACCESS FULL"]);
}

#[test]
fn jonathan_lewis_ctas_with_materialize_hint_runs_inlined() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 as
with generator as (
    select /*+ materialize */ rownum id from dual connect by level <= 1e3
)
select rownum id, mod(rownum - 1, 100) n1, lpad(rownum, 10, '0') v1
from generator v1, generator v2
where rownum <= 1e4;",
    ));
    assert_eq!(rows(&mut e, "select count(*), min(id), max(id), max(n1) from t1;"), [["10000", "1", "10000", "99"]]);
    // INSERT ... WITH ... SELECT, and a query name inside an inline view.
    ok(&e.exec("insert into t1 (id) with q as (select 0 id from dual) select id from q;"));
    assert_eq!(
        rows(&mut e, "select count(*) from (with q as (select id from t1 where id < 3) select id from q);"),
        [["3"]]
    );
}

#[test]
fn with_several_names_one_using_another_and_a_column_list() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    assert_eq!(
        rows(
            &mut e,
            "with a as (select id from t where id <= 3), b as (select id * 2 d from a) select d from b order by d;"
        ),
        [["2"], ["4"], ["6"]]
    );
    assert_eq!(
        rows(&mut e, "with g (n, m) as (select id, n1 from t where id < 3) select g.n, m from g order by 1;"),
        [["1", "1"], ["2", "2"]]
    );
    // Referenced twice (Oracle would materialize it; the lab inlines it:
    // the rows are the same).
    assert_eq!(
        rows(&mut e, "with g as (select rownum id from dual connect by level <= 10) select count(*) from g g1, g g2;"),
        [["100"]]
    );
    assert_eq!(
        rows(&mut e, "select count(*) from t where id in (with q as (select 3 id from dual) select id from q);"),
        [["1"]]
    );
    assert_eq!(
        rows(&mut e, "with q as (select 1 x from dual) select x from q union all select x from q;"),
        [["1"], ["1"]]
    );
    ok(&e.exec("explain plan for with q as (select id from t where id = 5) select * from q;"));
}

#[test]
fn with_errors_are_oracles() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = "with g (n) as (select id, n1 from t) select * from g;";
    assert_eq!(err(&mut e, s), ("ORA-32038".into(), 1, 6));
    assert_eq!(err(&mut e, "with g as (select * from g) select * from g;"), ("ORA-32039".into(), 1, 26));
    // Recursive WITH runs (recwith_grouping.rs); a member reading its
    // name twice is refused where the member starts.
    let s = "with g (x) as (select 1 from dual union all select a.x + 1 from g a, g b where a.x < 3) select * from g;";
    assert_eq!(err(&mut e, s), ("LAB-00001".into(), 1, 45));
    // A schema-qualified name is a table, never a query name.
    assert_eq!(err(&mut e, "with g as (select 1 x from dual) select * from lab.g;").0, "ORA-00942");
    // The query names end with their query.
    assert_eq!(err(&mut e, "select * from (with q as (select 1 x from dual) select x from q), q;").0, "ORA-00942");
    assert_eq!(err(&mut e, "with q as (select 1 x from dual) update t set id = 1;").0, "ORA-00928");
    // MATERIALIZE outside a query name stays refused (not modelled).
    assert_eq!(err(&mut e, "select /*+ materialize */ * from t;").0, "LAB-00001");
}

#[test]
fn with_expansion_is_bounded() {
    let mut e = quiet_engine();
    // Each name references the previous one twice: 2^30 copies if unbounded.
    let mut sql = String::from("with q0 as (select 1 x from dual)");
    for i in 1..=30 {
        sql.push_str(&format!(", q{i} as (select a.x from q{p} a, q{p} b)", p = i - 1));
    }
    sql.push_str(" select count(*) from q30;");
    let s = e.exec(&sql);
    assert_eq!(error_of(&s[0]).0, "LAB-00041");
}

#[test]
fn connect_by_limit_either_way_round() {
    let mut e = quiet_engine();
    assert_eq!(rows(&mut e, "select count(*) from dual connect by 10 >= level;"), [["10"]]);
    assert_eq!(rows(&mut e, "select count(*) from dual connect by 10 > level;"), [["9"]]);
    assert_eq!(
        rows(&mut e, "select count(*) from dual connect by level <= 10;"),
        rows(&mut e, "select count(*) from dual connect by 10 >= level;")
    );
    // Any other condition is a hierarchical query over DUAL's one row: the
    // root (LEVEL 1, never tested) and no child at LEVEL 2 (2 >= 10 is false).
    assert_eq!(rows(&mut e, "select count(*) from dual connect by level >= 10;"), [["1"]]);
}

#[test]
fn with_copies_are_bounded_in_tokens() {
    let mut e = quiet_engine();
    // A query name of about 3,000 tokens referenced 100 times.
    let body: Vec<String> = (0..1000).map(|i| format!("1 c{i}")).collect();
    let refs: Vec<String> = (0..100).map(|i| format!("q q{i}")).collect();
    let sql = format!("with q as (select {} from dual) select count(*) from {};", body.join(", "), refs.join(", "));
    let s = e.exec(&sql);
    assert_eq!(error_of(&s[0]).0, "LAB-00042");
}

const JOIN_SETUP: &str = "create table t1 (id number, a varchar2(5), k number);
create table t2 (id number, b varchar2(5), k number);
create table t3 (id number, c varchar2(5));
insert into t1 select rownum, 'a' || rownum, mod(rownum, 3) from dual connect by level <= 5;
insert into t2 select rownum + 2, 'b' || rownum, mod(rownum + 2, 3) from dual connect by level <= 5;
insert into t3 select rownum, 'c' || rownum from dual connect by level <= 4;
commit;
";

/// JOIN ... USING: one column for both sides, listed first by `*`; a
/// qualified reference to it is ORA-25154 (Oracle SQL Language Reference,
/// SELECT, using_clause; https://gotodba.com/2019/12/02/ansi-joins-and-ora-25154/).
#[test]
fn join_using_joins_on_equal_columns() {
    let mut e = quiet_engine();
    ok(&e.exec(JOIN_SETUP));
    assert_eq!(rows(&mut e, "select count(*) from t1 join t1 t2 using (id);"), [["5"]]);
    let s = e.exec("select * from t1 join t2 using (id) order by id;");
    ok(&s);
    assert_eq!(s[0].columns, ["ID", "A", "K", "B", "K"]);
    assert_eq!(
        rows(&mut e, "select * from t1 join t2 using (id) order by id;"),
        [["3", "a3", "0", "b1", "0"], ["4", "a4", "1", "b2", "1"], ["5", "a5", "2", "b3", "2"]]
    );
    // Several columns; a chain of USING joins on the merged column.
    assert_eq!(rows(&mut e, "select id, a, b from t1 join t2 using (id, k) order by 1;").len(), 3);
    assert_eq!(
        rows(&mut e, "select id, c from t1 join t2 using (id) join t3 using (id) order by id;"),
        [["3", "c3"], ["4", "c4"]]
    );
    assert_eq!(rows(&mut e, "select count(*) from t1 a join t2 b using (id) where id > 3;"), [["2"]]);
    // The same rows as the ON join it stands for.
    assert_eq!(
        rows(&mut e, "select a, b from t1 join t2 using (id) order by 1;"),
        rows(&mut e, "select a, b from t1 join t2 on t1.id = t2.id order by 1;")
    );
}

#[test]
fn join_using_errors_are_oracles() {
    let mut e = quiet_engine();
    ok(&e.exec(JOIN_SETUP));
    assert_eq!(err(&mut e, "select t1.id from t1 join t2 using (id);"), ("ORA-25154".into(), 1, 8));
    assert_eq!(err(&mut e, "select count(*) from t1 join t2 using (id) where t2.id > 1;"), ("ORA-25154".into(), 1, 50));
    assert_eq!(err(&mut e, "select count(*) from t1 join t2 using (nosuch);"), ("ORA-00904".into(), 1, 40));
    assert_eq!(err(&mut e, "select count(*) from t1 join t2 using (t1.id);"), ("ORA-01748".into(), 1, 40));
    // ID is in both tables and not a USING column.
    assert_eq!(err(&mut e, "select id from t1 join t2 using (k);"), ("ORA-00918".into(), 1, 8));
    // Not modelled: refused where written.
    assert_eq!(err(&mut e, "select count(*) from t1 join t2 using (id) right join t2 x using (id);").0, "LAB-00001");
    assert_eq!(err(&mut e, "select t1.* from t1 join t2 using (id);").0, "LAB-00001");
}
