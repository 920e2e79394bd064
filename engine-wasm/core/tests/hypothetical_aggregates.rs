//! Hypothetical-set aggregates (issue 33): `RANK | DENSE_RANK | CUME_DIST
//! | PERCENT_RANK (v, ...) WITHIN GROUP (ORDER BY k, ...)`: where the row
//! (v, ...) would fall among the group's rows (SQL Language Reference).
//! With n rows in the group, b before the hypothetical row in the ORDER
//! BY's order (NULLs last ascending, first descending, or as NULLS says)
//! and e tied with it: RANK 1 + b, DENSE_RANK 1 + the distinct keys
//! before it, CUME_DIST (b + e + 1) / (n + 1), PERCENT_RANK b / n.
//!
//! E: nine rows in three departments, one NULL salary:
//!
//! ```text
//! dept 10: 1 KING 5000, 2 CLARK 2450, 3 MILLER 1300
//! dept 20: 4 SCOTT 3000, 5 FORD 3000, 6 SMITH 800
//! dept 30: 7 ALLEN 1600, 8 JAMES 950, 9 NULL NULL
//! ```
//!
//! All salaries ascending: 800 950 1300 1600 2450 3000 3000 5000 NULL.
//! (Fractions are compared as the step's JSON rows carry them: doubles.)
mod common;
use common::*;

const E: &str = "create table e (empno number, ename varchar2(10), deptno number, sal number);\n\
    insert into e values (1,'KING',10,5000);\ninsert into e values (2,'CLARK',10,2450);\n\
    insert into e values (3,'MILLER',10,1300);\ninsert into e values (4,'SCOTT',20,3000);\n\
    insert into e values (5,'FORD',20,3000);\ninsert into e values (6,'SMITH',20,800);\n\
    insert into e values (7,'ALLEN',30,1600);\ninsert into e values (8,'JAMES',30,950);\n\
    insert into e values (9,null,30,null);\ncommit;";

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(E));
    e
}

fn run(e: &mut lio_core::Engine, sql: &str) -> lio_core::StepOut {
    let s = e.exec(sql);
    ok(&s);
    s.into_iter().last().unwrap()
}

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    row_strings(&run(e, sql)).join(";")
}

/// 3000 ascending: five salaries before it (800 .. 2450), two tied:
/// RANK 6, DENSE_RANK 6, CUME_DIST (5 + 2 + 1) / 10 = .8, PERCENT_RANK
/// 5/9. Descending (NULLs first): NULL and 5000 before it: RANK 3,
/// CUME_DIST (2 + 2 + 1) / 10 = .5, PERCENT_RANK 2/9; DESC NULLS LAST:
/// 5000 alone before it, RANK 2.
#[test]
fn over_the_whole_table() {
    let mut e = engine();
    let q = |f: &str, o: &str| format!("select {f}(3000) within group (order by sal{o}) from e;");
    assert_eq!(one(&mut e, &q("rank", "")), "6");
    assert_eq!(one(&mut e, &q("dense_rank", "")), "6");
    assert_eq!(one(&mut e, &q("cume_dist", "")), "0.8");
    assert_eq!(one(&mut e, &q("percent_rank", "")), "0.5555555555555556");
    assert_eq!(one(&mut e, &q("rank", " desc")), "3");
    assert_eq!(one(&mut e, &q("cume_dist", " desc")), "0.5");
    assert_eq!(one(&mut e, &q("percent_rank", " desc")), "0.2222222222222222");
    assert_eq!(one(&mut e, &q("rank", " desc nulls last")), "2");
    assert_eq!(one(&mut e, &q("rank", " nulls first")), "7");
}

/// DENSE_RANK counts distinct keys: DEPTNO 25 has six rows (10, 10, 10,
/// 20, 20, 20) but two keys before it: RANK 7, DENSE_RANK 3. A NULL
/// hypothetical value ties with the NULL salary: ascending (NULLs last)
/// eight rows before it, RANK 9, CUME_DIST (8 + 1 + 1) / 10 = 1; NULLS
/// FIRST none, RANK 1.
#[test]
fn dense_rank_and_nulls() {
    let mut e = engine();
    assert_eq!(one(&mut e, "select rank(25) within group (order by deptno) from e;"), "7");
    assert_eq!(one(&mut e, "select dense_rank(25) within group (order by deptno) from e;"), "3");
    assert_eq!(one(&mut e, "select rank(null) within group (order by sal) from e;"), "9");
    assert_eq!(one(&mut e, "select cume_dist(null) within group (order by sal) from e;"), "1");
    assert_eq!(one(&mut e, "select rank(null) within group (order by sal nulls first) from e;"), "1");
}

/// Two keys by position: (3000, 'FORD') ties with FORD, after the five
/// lower salaries: RANK 6; (3000, 'G') comes after FORD: RANK 7;
/// DENSE_RANK (3000, 'SCOTT'): six distinct (sal, ename) before it, 7.
#[test]
fn several_keys() {
    let mut e = engine();
    assert_eq!(one(&mut e, "select rank(3000, 'FORD') within group (order by sal, ename) from e;"), "6");
    assert_eq!(one(&mut e, "select rank(3000, 'G') within group (order by sal, ename) from e;"), "7");
    assert_eq!(one(&mut e, "select dense_rank(3000, 'SCOTT') within group (order by sal, ename) from e;"), "7");
}

/// Per department: RANK(2000) is 2 (10: 1300 before), 2 (20: 800), 3
/// (30: 950 and 1600; the NULL last). CUME_DIST(3000): 10 (2 + 0 + 1) / 4
/// = .75, 20 (1 + 2 + 1) / 4 = 1, 30 .75; PERCENT_RANK(3000) 2/3, 1/3,
/// 2/3. A sort aggregate as the other ordered aggregates: SORT GROUP BY.
#[test]
fn per_group() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select deptno, rank(2000) within group (order by sal) r, cume_dist(3000) within group (order by sal) c \
         from e group by deptno order by deptno;",
    );
    assert_eq!(row_strings(&s), ["10|2|0.75", "20|2|1", "30|3|0.75"]);
    let ops: Vec<String> = s.plan.iter().map(|l| l.operation.clone()).collect();
    assert_eq!(ops, ["SELECT STATEMENT", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    let s =
        run(&mut e, "select percent_rank(3000) within group (order by sal) from e group by deptno order by deptno;");
    assert_eq!(row_strings(&s), ["0.6666666666666666", "0.3333333333333333", "0.6666666666666666"]);
}

/// No rows: the hypothetical row alone: RANK 1, CUME_DIST 1 / 1,
/// PERCENT_RANK 0 (SORT AGGREGATE returns its one row).
#[test]
fn empty_group() {
    let mut e = engine();
    assert_eq!(one(&mut e, "select rank(1) within group (order by sal) from e where 1 = 0;"), "1");
    assert_eq!(one(&mut e, "select cume_dist(1) within group (order by sal) from e where 1 = 0;"), "1");
    assert_eq!(one(&mut e, "select percent_rank(1) within group (order by sal) from e where 1 = 0;"), "0");
}

/// Refused by name (LAB-00001): a count of values unlike the ORDER BY's
/// (Oracle's error for it is not established), a value other than a
/// literal, of another type than its key, with OVER.
#[test]
fn refusals() {
    let mut e = engine();
    for sql in [
        "select rank(1, 2) within group (order by sal) from e;",
        "select rank(sal) within group (order by sal) from e;",
        "select rank('a') within group (order by sal) from e;",
        "select rank(1) within group (order by sal) over () from e;",
    ] {
        let s = e.exec(sql).into_iter().last().unwrap();
        assert_eq!(error_of(&s).0, "LAB-00001", "{sql}");
    }
}
