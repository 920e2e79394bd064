//! Ordered aggregates (issue 33): LISTAGG ... WITHIN GROUP (ORDER BY ...),
//! with and without GROUP BY, hand-checked rows, the plan lines Oracle
//! prints (SORT GROUP BY, SORT AGGREGATE), ORA-01489 past 4000 bytes and
//! the release each form needs.
//!
//! E: nine rows in three departments, one NULL name and salary:
//!
//! ```text
//! dept 10: 1 KING 5000, 2 CLARK 2450, 3 MILLER 1300
//! dept 20: 4 SCOTT 3000, 5 FORD 3000, 6 SMITH 800
//! dept 30: 7 ALLEN 1600, 8 JAMES 950, 9 NULL NULL
//! ```
mod common;
use common::*;

const E: &str = "create table e (empno number, ename varchar2(10), deptno number, sal number);\n\
    insert into e values (1,'KING',10,5000);\ninsert into e values (2,'CLARK',10,2450);\n\
    insert into e values (3,'MILLER',10,1300);\ninsert into e values (4,'SCOTT',20,3000);\n\
    insert into e values (5,'FORD',20,3000);\ninsert into e values (6,'SMITH',20,800);\n\
    insert into e values (7,'ALLEN',30,1600);\ninsert into e values (8,'JAMES',30,950);\n\
    insert into e values (9,null,30,null);\ncommit;";

fn engine(version: &str) -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("lab version {version};")));
    ok(&e.exec(E));
    e
}

fn run(e: &mut lio_core::Engine, sql: &str) -> lio_core::StepOut {
    let s = e.exec(sql);
    ok(&s);
    s.into_iter().last().unwrap()
}

fn fails(e: &mut lio_core::Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql).into_iter().last().unwrap();
    let (c, l, col) = error_of(&s);
    (c.to_string(), l, col)
}

fn ops(s: &lio_core::StepOut) -> Vec<String> {
    s.plan.iter().map(|l| l.operation.clone()).collect()
}

/// Per department, the names in name order: 10 CLARK,KING,MILLER; 20
/// FORD,SCOTT,SMITH; 30 ALLEN,JAMES (the NULL name left out). LISTAGG is
/// computed by sorting: SORT GROUP BY (never HASH GROUP BY), the groups
/// in key order, one sort counted.
#[test]
fn listagg_per_group_is_a_sort_group_by() {
    let mut e = engine("18c");
    let s =
        run(&mut e, "select deptno, listagg(ename, ',') within group (order by ename) names from e group by deptno;");
    assert_eq!(row_strings(&s), ["10|CLARK,KING,MILLER", "20|FORD,SCOTT,SMITH", "30|ALLEN,JAMES"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    // A VARCHAR2(4000): SQL*Plus shows the column 4000 wide.
    assert_eq!(s.column_widths[1], 4000);
    // Descending, and a group whose values are all NULL is NULL.
    let s = run(
        &mut e,
        "select deptno, listagg(ename, '/') within group (order by empno desc) n from e where empno <> 7 and empno <> 8\n\
         group by deptno order by deptno;",
    );
    assert_eq!(row_strings(&s), ["10|MILLER/CLARK/KING", "20|SMITH/FORD/SCOTT", "30|"]);
}

/// Without GROUP BY: SORT AGGREGATE, one row. Salaries descending, ties
/// (SCOTT and FORD, 3000) by empno, the NULL left out:
/// 5000; 3000; 3000; 2450; 1600; 1300; 950; 800. No delimiter: the names
/// run together. No row: NULL.
#[test]
fn listagg_without_group_by_is_a_sort_aggregate() {
    let mut e = engine("18c");
    let s = run(&mut e, "select listagg(sal, '; ') within group (order by sal desc, empno) l from e;");
    assert_eq!(row_strings(&s), ["5000; 3000; 3000; 2450; 1600; 1300; 950; 800"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT AGGREGATE", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    let s = run(&mut e, "select listagg(ename) within group (order by empno) l from e where deptno = 10;");
    assert_eq!(row_strings(&s), ["KINGCLARKMILLER"]);
    let s = run(&mut e, "select listagg(ename, ',') within group (order by empno) l, count(*) from e where 1 = 0;");
    assert_eq!(row_strings(&s), ["|0"]);
    // NULLS FIRST on a descending key: the NULL salary's row first (its
    // name NULL too, so left out); names by salary then.
    let s = run(
        &mut e,
        "select listagg(nvl(ename, '?'), ',') within group (order by sal nulls first) l from e where deptno = 30;",
    );
    assert_eq!(row_strings(&s), ["?,JAMES,ALLEN"]);
}

/// 4000 bytes: `1,2,...,n` is 3,997 bytes for n = 1021 (Franck Pachot's
/// running sum, dbi-services "Oracle 12cR2 SQL new feature: LISTAGG
/// overflow": 1021 ends at 3997); n = 1022 adds ",1022": 4002 bytes,
/// ORA-01489. ON OVERFLOW ERROR is the same.
#[test]
fn listagg_past_4000_bytes_is_ora_01489() {
    let mut e = engine("18c");
    let s = run(
        &mut e,
        "select length(listagg(rownum, ',') within group (order by rownum)) from dual connect by level <= 1021;",
    );
    assert_eq!(row_strings(&s), ["3997"]);
    let q = "select listagg(rownum, ',') within group (order by rownum) from dual connect by level <= 1022;";
    assert_eq!(fails(&mut e, q).0, "ORA-01489");
    let q = "select listagg(rownum, ',' on overflow error) within group (order by rownum) from dual connect by level <= 1022;";
    assert_eq!(fails(&mut e, q).0, "ORA-01489");
    // TRUNCATE: the same value when it fits; refused where it would cut.
    let q = "select length(listagg(rownum, ',' on overflow truncate) within group (order by rownum)) from dual connect by level <= 1021;";
    assert_eq!(row_strings(&run(&mut e, q)), ["3997"]);
    let q = "select listagg(rownum, ',' on overflow truncate '~' without count) within group (order by rownum) from dual connect by level <= 1022;";
    assert_eq!(fails(&mut e, q).0, "LAB-00001");
}

/// Releases: LISTAGG is 11.2's (ORA-00904 in 11.1), its overflow clause
/// 12.2's, LISTAGG(DISTINCT) 19c's. DISTINCT keeps each value once:
/// dept 20's 3000, 3000, 800 is 800-3000.
#[test]
fn listagg_forms_by_release() {
    let q = "select listagg(ename, ',') within group (order by ename) from e;";
    assert_eq!(fails(&mut engine("11.1"), q), ("ORA-00904".into(), 1, 8));
    let mut e = engine("11.2");
    assert_eq!(row_strings(&run(&mut e, q)), ["ALLEN,CLARK,FORD,JAMES,KING,MILLER,SCOTT,SMITH"]);
    let q = "select listagg(ename, ',' on overflow error) within group (order by ename) from e;";
    assert_eq!(fails(&mut e, q), ("LAB-00001".into(), 1, 27));
    let q = "select deptno, listagg(distinct sal, '-') within group (order by sal) from e group by deptno;";
    assert_eq!(fails(&mut engine("18c"), q).0, "LAB-00001");
    let s = run(&mut engine("19c"), q);
    assert_eq!(row_strings(&s), ["10|1300-2450-5000", "20|800-3000", "30|950-1600"]);
}

/// Errors: a delimiter that is not a constant is ORA-30496; an aggregate
/// inside is ORA-00935; LISTAGG in WHERE is ORA-00934; without WITHIN
/// GROUP or as an analytic function (OVER) the lab refuses it.
#[test]
fn listagg_errors() {
    let mut e = engine("19c");
    let q = "select listagg(ename, ename) within group (order by ename) from e;";
    assert_eq!(fails(&mut e, q), ("ORA-30496".into(), 1, 23));
    let q = "select listagg(max(ename), ',') within group (order by 1) from e;";
    assert_eq!(fails(&mut e, q).0, "ORA-00935");
    let q = "select ename from e where listagg(ename, ',') within group (order by 1) is null;";
    assert_eq!(fails(&mut e, q).0, "ORA-00934");
    assert_eq!(fails(&mut e, "select listagg(ename, ',') from e;").0, "LAB-00001");
    let q = "select listagg(ename, ',') within group (order by ename) over (partition by deptno) from e;";
    assert_eq!(fails(&mut e, q).0, "LAB-00001");
}

/// ROWNUM inside an aggregate numbers the rows the aggregate reads:
/// SUM(ROWNUM) over ten rows is 55, MAX 10 (the lab had 0: ROWNUM was
/// counted at the fetch only).
#[test]
fn rownum_inside_an_aggregate() {
    let mut e = engine("19c");
    let s = run(&mut e, "select sum(rownum), max(rownum), count(rownum) from dual connect by level <= 10;");
    assert_eq!(row_strings(&s), ["55|10|10"]);
    let s = run(&mut e, "select deptno, max(rownum) from e group by deptno order by deptno;");
    assert_eq!(row_strings(&s).len(), 3);
    let s = run(&mut e, "select listagg(rownum, ',') within group (order by rownum desc) from e where deptno = 10;");
    assert_eq!(row_strings(&s), ["3,2,1"]);
}

/// PERCENTILE_CONT interpolates: dept 30's 950 and 1600 (the NULL left
/// out) at 0.5 is RN = 1 + 0.5 x 1 = 1.5: 0.5 x 950 + 0.5 x 1600 = 1275,
/// MEDIAN's value; PERCENTILE_DISC(0.5) is the first value whose
/// cumulative distribution reaches 0.5: row CEIL(0.5 x 2) = 1, 950. Over
/// all eight salaries (800 950 1300 1600 2450 3000 3000 5000) at 0.25: RN
/// = 1 + 0.25 x 7 = 2.75: 0.25 x 950 + 0.75 x 1300 = 1212.5; descending
/// 5000 3000 3000 ...: 0.25 x 3000 + 0.75 x 3000 = 3000. DISC(0) is the
/// first value, DISC(1) the last. SORT GROUP BY, as for LISTAGG.
#[test]
fn percentile_cont_and_disc() {
    let mut e = engine("11.2");
    let s = run(
        &mut e,
        "select deptno, percentile_cont(0.5) within group (order by sal) pc,\n\
         percentile_disc(0.5) within group (order by sal) pd, median(sal) m from e group by deptno;",
    );
    assert_eq!(row_strings(&s), ["10|2450|2450|2450", "20|3000|3000|3000", "30|1275|950|1275"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    let s = run(
        &mut e,
        "select percentile_cont(0.25) within group (order by sal), percentile_cont(0.25) within group (order by sal desc),\n\
         percentile_disc(0) within group (order by sal), percentile_disc(1) within group (order by sal) from e;",
    );
    assert_eq!(row_strings(&s), ["1212.5|3000|800|5000"]);
    assert_eq!(s.columns[0], "PERCENTILE_CONT(0.25)WITHINGROUP(ORDERBYSAL)");
    // DISC returns the value's own type: a name.
    let s = run(&mut e, "select percentile_disc(0.5) within group (order by ename) from e;");
    assert_eq!(row_strings(&s), ["JAMES"]);
    let q = "select percentile_cont(1.5) within group (order by sal) from e;";
    assert_eq!(fails(&mut e, q), ("ORA-30493".into(), 1, 24));
    let q = "select percentile_cont(sal) within group (order by sal) from e;";
    assert_eq!(fails(&mut e, q).0, "LAB-00001");
}

/// KEEP (DENSE_RANK FIRST | LAST ORDER BY ...): the aggregate over the
/// rows tied first (or last). Dept 20 by salary descending then empno:
/// SCOTT (4, 3000) before FORD (5, 3000): MAX(ename) SCOTT. COUNT(*) KEEP
/// LAST by salary ascending: the rows at the top salary, 2 in dept 20.
/// Dept 30 descending: the NULL salary sorts first (NULLS FIRST is
/// DESC's default), its name NULL; NULLS LAST gives ALLEN's 1600.
#[test]
fn keep_dense_rank_first_and_last() {
    let mut e = engine("11.2");
    let s = run(
        &mut e,
        "select deptno, max(ename) keep (dense_rank first order by sal desc, empno) top,\n\
         count(*) keep (dense_rank last order by sal) n,\n\
         min(ename) keep (dense_rank first order by sal desc nulls last) s from e group by deptno;",
    );
    assert_eq!(row_strings(&s), ["10|KING|1|KING", "20|SCOTT|2|FORD", "30||1|ALLEN"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    // Without GROUP BY; SUM over the tie (3000 + 3000).
    let s = run(
        &mut e,
        "select sum(sal) keep (dense_rank first order by deptno desc, sal desc nulls last) from e where deptno < 30;",
    );
    assert_eq!(row_strings(&s), ["6000"]);
    let q = "select median(sal) keep (dense_rank first order by sal) from e;";
    assert_eq!(fails(&mut e, q).0, "LAB-00001");
}

/// HAVING without GROUP BY: the block is one group, its row tested by a
/// FILTER over the SORT AGGREGATE (`filter(COUNT(*)>8)`). Nine rows pass
/// `count(*) > 8` (one row: 9, 18100), not `> 9` (no row); with no row
/// read the aggregate row still exists (COUNT 0) and HAVING decides. A
/// column outside an aggregate is ORA-00979.
#[test]
fn having_without_group_by() {
    let mut e = engine("19c");
    let s = run(&mut e, "select count(*), sum(sal) from e having count(*) > 8;");
    assert_eq!(row_strings(&s), ["9|18100"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "FILTER", "SORT AGGREGATE", "TABLE ACCESS FULL"]);
    assert_eq!(s.plan[1].filter.as_deref(), Some("COUNT(*)>8"));
    assert!(row_strings(&run(&mut e, "select count(*) from e having count(*) > 9;")).is_empty());
    let s = run(&mut e, "select count(*) from e where deptno = 99 having count(*) = 0;");
    assert_eq!(row_strings(&s), ["0"]);
    let s = run(&mut e, "select max(sal) from e having max(sal) > 4000 and min(sal) < 1000;");
    assert_eq!(row_strings(&s), ["5000"]);
    assert_eq!(fails(&mut e, "select count(*) from e having sal > 1;"), ("ORA-00979".into(), 1, 31));
}

/// The WITHIN GROUP and KEEP keys are columns the query reads: through
/// an index on (deptno, ename) the rows still give sal to order by (the
/// expression walks that decide what a block reads see the keys).
#[test]
fn within_group_keys_are_read_columns() {
    let mut e = engine("19c");
    ok(&e.exec("create index e_de on e (deptno, ename);\nexec dbms_stats.gather_table_stats(user, 'E')"));
    let s = run(
        &mut e,
        "select /*+ index(e e_de) */ listagg(ename, ',') within group (order by sal desc) from e where deptno = 10;",
    );
    assert_eq!(row_strings(&s), ["KING,CLARK,MILLER"]);
    let s = run(
        &mut e,
        "select /*+ index(e e_de) */ max(ename) keep (dense_rank first order by sal) from e where deptno = 10;",
    );
    assert_eq!(row_strings(&s), ["MILLER"]);
}
