//! Recursive WITH (11.2+) and GROUP BY ROLLUP / CUBE / GROUPING SETS
//! (issue 33): rows worked by hand, published plans and rows, and the
//! errors Oracle gives.
mod common;
use common::*;
use lio_sql::ora;

/// Scott's EMP (the 14 rows of the demo schema) with an index on MGR:
/// the setup of the blog corpus's copy of Antognini's post.
fn emp() -> &'static str {
    let script = include_str!("../../../tests/articles/blogs/antognini-recursive-with-11g.sql");
    &script[..script.find("set autotrace").unwrap()]
}

/// oracle-base's TAB1 tree (Tim Hall, "Recursive Subquery Factoring"):
/// 1 is the root; 2, 7, 9 its children; 3, 4 under 2; 5, 6 under 4; 8
/// under 7; 10, 12 under 9; 11 under 10.
const TAB1: &str = "create table tab1 (id number, parent_id number, constraint tab1_pk primary key (id));
create index tab1_parent_id_idx on tab1(parent_id);
insert into tab1 values (1, null);
insert into tab1 values (2, 1);
insert into tab1 values (3, 2);
insert into tab1 values (4, 2);
insert into tab1 values (5, 4);
insert into tab1 values (6, 4);
insert into tab1 values (7, 1);
insert into tab1 values (8, 7);
insert into tab1 values (9, 1);
insert into tab1 values (10, 9);
insert into tab1 values (11, 10);
insert into tab1 values (12, 9);
commit;
";

/// (operation with its name, Starts, A-Rows) of each line of the last
/// DBMS_XPLAN.DISPLAY_CURSOR output in `s`.
fn xplan_starts_rows(s: &StepOut) -> Vec<(String, u64, u64)> {
    let text: Vec<String> = s.rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    let head = text.iter().find(|l| l.contains("| Operation")).expect("a plan table");
    let cols: Vec<&str> = head.split('|').map(str::trim).collect();
    let at = |n: &str| cols.iter().position(|c| *c == n).expect(n);
    let (op, name, starts, arows) = (at("Operation"), at("Name"), at("Starts"), at("A-Rows"));
    text.iter()
        .filter(|l| l.starts_with('|') && !l.contains("| Operation"))
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            let o = format!("{} {}", f[op].trim(), f[name].trim()).trim().to_string();
            (o, f[starts].trim().parse().unwrap_or(0), f[arows].trim().parse().unwrap_or(0))
        })
        .collect()
}
use lio_core::StepOut;

/// Christian Antognini, "Related-Combine Operation UNION ALL (RECURSIVE
/// WITH)" (antognini.ch, 10 June 2010, 11.2): the plan lines, Starts and
/// A-Rows as published. Worked: KING (1 row, the anchor), then 3, 8 and
/// 2 rows: the member starts 4 times (the 4th over ADAMS and SMITH finds
/// nothing), its pump returns 1 + 3 + 8 + 2 = 14 rows, one index probe
/// each (14 starts, 13 rows found: every employee but KING).
#[test]
fn antognini_recursive_with_plan() {
    let mut e = quiet_engine();
    ok(&e.exec(emp()));
    let s = e.exec(
        "WITH e (xlevel, empno, ename, job, mgr, hiredate, sal, comm, deptno) AS (
           SELECT 1, empno, ename, job, mgr, hiredate, sal, comm, deptno FROM emp WHERE mgr IS NULL
           UNION ALL
           SELECT mgr.xlevel+1, emp.empno, emp.ename, emp.job, emp.mgr, emp.hiredate, emp.sal, emp.comm, emp.deptno
           FROM emp, e mgr WHERE emp.mgr = mgr.empno)
         SELECT /*+ gather_plan_statistics */ * FROM e;
         select * from table(dbms_xplan.display_cursor(null, null, 'iostats last'));",
    );
    ok(&s);
    assert_eq!(s[0].rows.len(), 14);
    let got = xplan_starts_rows(&s[1]);
    let want = [
        ("SELECT STATEMENT", 1, 14),
        ("VIEW", 1, 14),
        ("UNION ALL (RECURSIVE WITH) BREADTH FIRST", 1, 14),
        ("TABLE ACCESS FULL EMP", 1, 1),
        ("NESTED LOOPS", 4, 13),
        ("NESTED LOOPS", 4, 13),
        ("RECURSIVE WITH PUMP", 4, 14),
        ("INDEX RANGE SCAN EMP_MGR", 14, 13),
        ("TABLE ACCESS BY INDEX ROWID EMP", 13, 13),
    ];
    let want: Vec<(String, u64, u64)> = want.iter().map(|(o, a, b)| (o.to_string(), *a, *b)).collect();
    assert_eq!(got, want);
    let text: Vec<String> = s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    assert!(text.iter().any(|l| l.contains(r#"7 - access("EMP"."MGR"="MGR"."EMPNO")"#)), "{text:#?}");
    // Breadth first: the levels in order.
    let levels: Vec<String> = row_strings(&s[0]).iter().map(|r| r.split('|').next().unwrap().to_string()).collect();
    assert_eq!(levels, ["1", "2", "2", "2", "3", "3", "3", "3", "3", "3", "3", "3", "4", "4"]);
}

/// oracle-base's SEARCH DEPTH FIRST BY id and BREADTH FIRST BY id: the
/// published orders (worked from the tree above).
#[test]
fn oracle_base_search_depth_and_breadth_first() {
    let mut e = quiet_engine();
    ok(&e.exec(TAB1));
    let q = |how: &str| {
        format!(
            "WITH t1(id, parent_id, lvl) AS (
               SELECT id, parent_id, 1 AS lvl FROM tab1 WHERE parent_id IS NULL
               UNION ALL
               SELECT t2.id, t2.parent_id, lvl+1 FROM tab1 t2, t1 WHERE t2.parent_id = t1.id)
             SEARCH {how} FIRST BY id SET order1
             SELECT id, order1 FROM t1 ORDER BY order1;"
        )
    };
    let ids = |rows: Vec<Vec<String>>| rows.iter().map(|r| r[0].clone()).collect::<Vec<_>>().join(",");
    assert_eq!(ids(text_rows(&mut e, &q("DEPTH"))), "1,2,3,4,5,6,7,8,9,10,11,12");
    assert_eq!(ids(text_rows(&mut e, &q("BREADTH"))), "1,2,7,9,3,4,8,10,12,5,6,11");
    let plan = plan_of(&mut e, &q("DEPTH"));
    assert!(plan.iter().any(|l| l.operation == "UNION ALL (RECURSIVE WITH) DEPTH FIRST"));
}

/// A cycle: 1's parent made 9 (9's is 1). Without CYCLE, ORA-32044 (the
/// member's WHERE reads t1.id, so a repeated id is a cycle); with CYCLE id
/// SET c TO 'Y' DEFAULT 'N' the row 1 under 9 comes out marked, once, and
/// is not expanded: 12 rows + 1.
#[test]
fn cycle_is_an_error_or_marked() {
    let mut e = quiet_engine();
    ok(&e.exec(TAB1));
    ok(&e.exec("update tab1 set parent_id = 9 where id = 1;"));
    let body = "WITH t1(id, parent_id) AS (
        SELECT id, parent_id FROM tab1 WHERE id = 1
        UNION ALL
        SELECT t2.id, t2.parent_id FROM tab1 t2, t1 WHERE t2.parent_id = t1.id)";
    let s = e.exec(&format!("{body} SELECT id FROM t1;"));
    assert_eq!(error_of(&s[0]).0, ora::RECURSIVE_WITH_CYCLE.code());
    let rows = text_rows(&mut e, &format!("{body} CYCLE id SET c TO 'Y' DEFAULT 'N' SELECT id, c FROM t1;"));
    assert_eq!(rows.len(), 13);
    let marked: Vec<&Vec<String>> = rows.iter().filter(|r| r[1] == "Y").collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0][0], "1");
}

/// Counting 1 to 5; a recursion without an end stops at ROWNUM (streamed)
/// or at the lab's work budget, never hangs.
#[test]
fn counting_and_runaway_recursion() {
    let mut e = quiet_engine();
    let rows = text_rows(
        &mut e,
        "with r (n) as (select 1 from dual union all select n + 1 from r where n < 5) select n from r;",
    );
    assert_eq!(rows.concat(), ["1", "2", "3", "4", "5"]);
    let rows = text_rows(
        &mut e,
        "with r (n) as (select 1 from dual union all select n + 1 from r) select n from r where rownum <= 3;",
    );
    assert_eq!(rows.concat(), ["1", "2", "3"]);
    ok(&e.exec("lab set max_statement_work = 200000;"));
    let s = e.exec("with r (n) as (select 1 from dual union all select n + 1 from r) select count(*) from r;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_STATEMENT_WORK_LIMIT.code());
}

/// The errors of the SQL Language Reference's rules, at the place Oracle
/// reports them.
#[test]
fn recursive_with_errors() {
    let mut e = quiet_engine();
    let cases = [
        (
            "with r as (select 1 n from dual union all select n+1 from r) select n from r",
            ora::RECURSIVE_WITH_NEEDS_COLUMN_LIST,
        ),
        ("with r (n) as (select 1 from dual union select n+1 from r) select n from r", ora::RECURSIVE_WITH_UNION_ALL),
        (
            "with r (n) as (select 1 from dual union all select count(*) from r) select n from r",
            ora::RECURSIVE_WITH_UNSUPPORTED,
        ),
        (
            "with r (n) as (select distinct n from r union all select 1 from dual) select n from r",
            ora::RECURSIVE_WITH_NO_ANCHOR,
        ),
        (
            "with r (n) as (select 1 from dual) search depth first by n set o select n from r",
            ora::SEARCH_CYCLE_NOT_RECURSIVE,
        ),
    ];
    for (sql, want) in cases {
        let s = e.exec(&format!("{sql};"));
        assert_eq!(error_of(&s[0]).0, want.code(), "{sql}");
    }
    ok(&e.exec("lab version 11.1.0.7"));
    let s = e.exec("with r (n) as (select 1 from dual union all select n + 1 from r where n < 3) select n from r;");
    assert_eq!(error_of(&s[0]).0, ora::WITH_COLUMN_ALIASING.code());
}

/// The ROLLUP example of "ROLLUP and CUBE" (vajoonoracle.blogspot.com,
/// 2011-09): seven rows in SORT GROUP BY ROLLUP's order, each year's
/// regions sorted, then the year's subtotal, the grand total last.
#[test]
fn rollup_rows_in_published_order() {
    let mut e = quiet_engine();
    let script = include_str!("../../../tests/articles/blogs/vajoon-rollup-cube.sql");
    ok(&e.exec(&script[..script.rfind("select year").unwrap()]));
    let rows = text_rows(&mut e, "select year, region, sum(profit), count(*) from test group by rollup(year, region);");
    let got: Vec<String> = rows.iter().map(|r| r.iter().map(|v| v.trim()).collect::<Vec<_>>().join("|")).collect();
    assert_eq!(
        got,
        [
            "1995|Central|100|1",
            "1995|East|200|2",
            "1995|West|200|2",
            "1995|null|500|5",
            "1996|West|200|2",
            "1996|null|200|2",
            "null|null|700|7"
        ]
    );
    let plan = plan_of(&mut e, "select year, region, sum(profit) from test group by rollup(year, region);");
    assert_eq!(plan[1].operation, "SORT GROUP BY ROLLUP");
    // CUBE: three lines; GROUPING, GROUPING_ID worked per row.
    let plan = plan_of(&mut e, "select year, region, sum(profit) from test group by cube(year, region);");
    let ops: Vec<&str> = plan.iter().map(|l| l.operation.as_str()).collect();
    assert_eq!(ops, ["SELECT STATEMENT", "SORT GROUP BY", "GENERATE CUBE", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    let rows = text_rows(
        &mut e,
        "select grouping(year), grouping(region), grouping_id(year, region), count(*) from test group by cube(year, region) order by 3, 4;",
    );
    let got: Vec<String> = rows.iter().map(|r| r.join("|")).collect();
    // 4 (year, region) groups, 2 years, 3 regions, 1 total.
    assert_eq!(got.len(), 10);
    assert_eq!(got.last().unwrap(), "1|1|3|7");
    assert_eq!(got.iter().filter(|r| r.starts_with("0|1|1|")).count(), 2);
    assert_eq!(got.iter().filter(|r| r.starts_with("1|0|2|")).count(), 3);
}

/// Joe Fuda's CUBE row generator (sqlsnippets.com): CUBE of n constants
/// on DUAL is 2^n rows.
#[test]
fn cube_row_generator() {
    let mut e = quiet_engine();
    for (n, sql) in [(4, "1, 2"), (8, "1, 2, 3"), (16, "1, 2, 3, 4")] {
        let s = e.exec(&format!("select rownum from ( select 1 from dual group by cube( {sql} ) );"));
        ok(&s);
        assert_eq!(s[0].rows.len(), n);
    }
    let s = e.exec("select rownum from ( select 1 from dual group by cube( 1, 2, 3, 4 ) ) where rownum <= 9;");
    assert_eq!(s[0].rows.len(), 9);
}

/// GROUPING SETS shaped as a ROLLUP run as one; others are Oracle's TEMP
/// TABLE TRANSFORMATION, refused by name; GROUP_ID numbers repeated sets;
/// AVG under CUBE (not re-aggregated by the lab) is refused.
#[test]
fn grouping_sets_group_id_and_refusals() {
    let mut e = quiet_engine();
    ok(&e.exec("create table g (a number, b number, v number);\ninsert into g values (1, 1, 10);\ninsert into g values (1, 2, 20);\ninsert into g values (2, 1, 30);\ncommit;"));
    let rows = text_rows(&mut e, "select a, b, sum(v) from g group by grouping sets ((a, b), (a), ());");
    let got: Vec<String> = rows.iter().map(|r| r.join("|")).collect();
    assert_eq!(got, ["1|1|10", "1|2|20", "1|null|30", "2|1|30", "2|null|30", "null|null|60"]);
    let rows = text_rows(&mut e, "select a, sum(v), group_id() from g group by a, rollup(a);");
    let got: Vec<String> = rows.iter().map(|r| r.join("|")).collect();
    assert_eq!(got, ["1|30|0", "1|30|1", "2|30|0", "2|30|1"]);
    let refused = [
        "select a, b, sum(v) from g group by grouping sets ((a), (b))",
        "select a, b, avg(v) from g group by cube(a, b)",
        "select a, grouping(a) from g group by a",
    ];
    for sql in refused {
        let s = e.exec(&format!("{sql};"));
        assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code(), "{sql}");
    }
    // A column called like the keywords still groups.
    ok(&e.exec("create table h (cube number, rollup number);\nselect cube, count(*) from h group by cube, rollup;"));
}
