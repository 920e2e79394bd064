//! Analytic (window) functions (issue 33): hand-checked rows, the window
//! lines Oracle prints (WINDOW SORT, WINDOW BUFFER, WINDOW NOSORT, WINDOW
//! SORT PUSHED RANK) and their sorts.
//!
//! E: nine rows in three departments, one NULL salary:
//!
//! ```text
//! dept 10: 1 KING 5000, 2 CLARK 2450, 3 MILLER 1300
//! dept 20: 4 SCOTT 3000, 5 FORD 3000, 6 SMITH 800
//! dept 30: 7 ALLEN 1600, 8 JAMES 950, 9 NULLSAL NULL
//! ```
mod common;
use common::*;
// Over GROUP BY and DISTINCT, in views, and a view's predicates.
#[path = "analytics/group.rs"]
mod group;

const E: &str = "create table e (empno number, ename varchar2(10), deptno number, sal number);\n\
    insert into e values (1,'KING',10,5000);\ninsert into e values (2,'CLARK',10,2450);\n\
    insert into e values (3,'MILLER',10,1300);\ninsert into e values (4,'SCOTT',20,3000);\n\
    insert into e values (5,'FORD',20,3000);\ninsert into e values (6,'SMITH',20,800);\n\
    insert into e values (7,'ALLEN',30,1600);\ninsert into e values (8,'JAMES',30,950);\n\
    insert into e values (9,'NULLSAL',30,null);\ncommit;";

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

fn ops(s: &lio_core::StepOut) -> Vec<String> {
    s.plan.iter().map(|l| l.operation.clone()).collect()
}

/// Ranks by salary descending within each department. Oracle's DESC puts
/// NULLs first: NULLSAL is first of dept 30. SCOTT and FORD tie: ROW_NUMBER
/// 1, 2 (in ascending empno here), RANK 1, 1 then 3, DENSE_RANK 1, 1, 2. The
/// running SUM (default frame RANGE UNBOUNDED PRECEDING .. CURRENT ROW)
/// takes both peers at once: 6000, 6000, 6800; over the NULL it is NULL.
/// LAG is the previous row's salary, LEAD(sal, 1, -1) the next or -1. The
/// ORDER BY is the window's own order: no SORT ORDER BY.
#[test]
fn ranks_running_sum_lag_lead_by_department() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select empno, row_number() over (partition by deptno order by sal desc) rn,\n\
         rank() over (partition by deptno order by sal desc) rk,\n\
         dense_rank() over (partition by deptno order by sal desc) dr,\n\
         sum(sal) over (partition by deptno order by sal desc) run,\n\
         lag(sal) over (partition by deptno order by sal desc) lg,\n\
         lead(sal, 1, -1) over (partition by deptno order by sal desc) ld\n\
         from e order by deptno, sal desc, empno;",
    );
    assert_eq!(
        row_strings(&s),
        [
            "1|1|1|1|5000||2450",
            "2|2|2|2|7450|5000|1300",
            "3|3|3|3|8750|2450|-1",
            "4|1|1|1|6000||3000",
            "5|2|1|1|6000|3000|800",
            "6|3|3|2|6800|3000|-1",
            "9|1|1|1|||1600",
            "7|2|2|2|1600||950",
            "8|3|3|3|2550|1600|-1",
        ]
    );
    // One sort shared by the six functions of one window; the query's ORDER
    // BY (deptno, sal desc, empno) is not the window's: a SORT ORDER BY.
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT ORDER BY", "WINDOW SORT", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 2);
    let s = run(
        &mut e,
        "select empno, rank() over (partition by deptno order by sal desc) rk from e order by deptno, sal desc;",
    );
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW SORT", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 1);
}

/// OVER (): the whole set, WINDOW BUFFER (no sort). SUM 18100 (the NULL
/// left out), COUNT(sal) 8, COUNT(*) 9, AVG 18100/8 = 2262.5;
/// RATIO_TO_REPORT(sal) = sal / 18100, NULL for the NULL salary.
#[test]
fn over_the_whole_set_is_a_window_buffer() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select empno, sum(sal) over () s, count(sal) over () c, count(*) over () n, avg(sal) over () a,\n\
         ratio_to_report(sal) over () r from e where empno in (1, 9);",
    );
    let rows = row_strings(&s);
    assert_eq!(rows.len(), 2);
    // Only rows 1 and 9 are in the set: the sum is 5000.
    assert_eq!(rows, ["1|5000|1|2|5000|1", "9|5000|1|2|5000|"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW BUFFER", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 0);
    let s = run(&mut e, "select empno, avg(sal) over () a, ratio_to_report(sal) over () r from e where deptno = 20;");
    // 3000 + 3000 + 800 = 6800; avg 6800/3; 3000/6800 = 0.441176...
    let r = row_strings(&s);
    assert!(r[0].starts_with("4|2266.66666"), "{r:?}");
    assert!(r[0].contains("|0.4411764705"), "{r:?}");
}

/// NTILE(4) over 9 rows: 9 = 4*2 + 1, so the first bucket holds 3 rows,
/// the others 2: 1 1 1 2 2 3 3 4 4. ROWS frames: one row before to one
/// after counts 2 at the ends, 3 inside; FIRST_VALUE and LAST_VALUE over
/// the default frame are the partition's first row and the current row's
/// last peer; over UNBOUNDED FOLLOWING, the partition's last.
#[test]
fn ntile_frames_first_and_last_value() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select empno, ntile(4) over (order by empno) nt,\n\
         count(*) over (order by empno rows between 1 preceding and 1 following) c3,\n\
         sum(empno) over (order by empno rows 2 preceding) s3,\n\
         first_value(empno) over (order by empno) fv,\n\
         last_value(empno) over (order by empno) lv,\n\
         last_value(empno) over (order by empno rows between current row and unbounded following) lvu\n\
         from e order by empno;",
    );
    assert_eq!(
        row_strings(&s),
        [
            "1|1|2|1|1|1|9",
            "2|1|3|3|1|2|9",
            "3|1|3|6|1|3|9",
            "4|2|3|9|1|4|9",
            "5|2|3|12|1|5|9",
            "6|3|3|15|1|6|9",
            "7|3|3|18|1|7|9",
            "8|4|3|21|1|8|9",
            "9|4|2|24|1|9|9",
        ]
    );
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW SORT", "TABLE ACCESS FULL"]);
}

/// Two windows, two WINDOW SORT lines; the one in the query's ORDER BY's
/// order last, so no SORT ORDER BY.
#[test]
fn two_windows_two_sorts() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select empno, rank() over (order by sal) r, row_number() over (order by empno) n from e order by empno;",
    );
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW SORT", "WINDOW SORT", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 2);
    // Salaries ascending, NULL last: 800 950 1300 1600 2450 3000 3000 5000 NULL.
    assert_eq!(row_strings(&s), ["1|8|1", "2|5|2", "3|3|3", "4|6|4", "5|6|5", "6|1|6", "7|4|7", "8|2|8", "9|9|9"]);
}

/// An index in the window's order: WINDOW NOSORT, no sort.
#[test]
fn an_index_in_the_windows_order_is_window_nosort() {
    let mut e = engine();
    ok(&e.exec("create index e_empno on e(empno);"));
    let s = run(&mut e, "select empno, sum(sal) over (order by empno) s from e where empno between 2 and 4;");
    assert_eq!(row_strings(&s), ["2|2450", "3|3750", "4|6750"]);
    assert_eq!(ops(&s)[1], "WINDOW NOSORT");
    assert_eq!(stat(&s, "sorts (memory)"), 0);
}

/// `rn <= 2` over a view of ROW_NUMBER: WINDOW SORT PUSHED RANK filters
/// on the function, as Oracle prints it; the view is not merged.
#[test]
fn top_n_per_department_is_a_pushed_rank() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select * from (select empno, deptno, row_number() over (partition by deptno order by sal desc) rn from e)\n\
         where rn <= 2 order by deptno, rn;",
    );
    assert_eq!(row_strings(&s), ["1|10|1", "2|10|2", "4|20|1", "5|20|2", "9|30|1", "7|30|2"]);
    let w = s.plan.iter().find(|l| l.operation == "WINDOW SORT PUSHED RANK").expect("a pushed rank line");
    assert_eq!(
        w.filter.as_deref(),
        Some("ROW_NUMBER() OVER ( PARTITION BY \"DEPTNO\" ORDER BY INTERNAL_FUNCTION(\"SAL\") DESC)<=2")
    );
    // Only the rows kept leave the window line.
    assert_eq!(w.a_rows, 6);
    assert!(ops(&s).contains(&"VIEW".to_string()));
}

/// Where Oracle refuses them: ORA-30483 in WHERE, GROUP BY; ORA-30484
/// without OVER; ORA-30485 RANK without ORDER BY. Refused by the lab:
/// analytic functions over GROUP BY.
#[test]
fn refusals() {
    let mut e = engine();
    let err = |e: &mut lio_core::Engine, sql: &str| {
        let s = e.exec(sql);
        error_of(s.last().unwrap()).0.to_string()
    };
    assert_eq!(err(&mut e, "select empno from e where rank() over (order by sal) = 1;"), "ORA-30483");
    assert_eq!(err(&mut e, "select count(*) from e group by rank() over (order by sal);"), "ORA-30483");
    assert_eq!(err(&mut e, "select rank() from e;"), "ORA-30484");
    assert_eq!(err(&mut e, "select rank() over (partition by deptno) from e;"), "ORA-30485");
    // Over GROUP BY they run (`analytics_group.rs`); not yet over an
    // aggregate without GROUP BY, nor over ROLLUP.
    assert!(err(&mut e, "select sum(sal), sum(sum(sal)) over () from e;").starts_with("LAB-"));
    assert!(
        err(&mut e, "select deptno, rank() over (order by deptno) from e group by rollup(deptno);").starts_with("LAB-")
    );
    assert_eq!(err(&mut e, "select lag(sal, -1) over (order by empno) from e;"), "ORA-01428");
    assert_eq!(err(&mut e, "select ratio_to_report(sal) over (order by empno) from e;"), "ORA-30487");
}

/// Windows that are prefixes of another share its sort, as Oracle computes
/// them in one WINDOW SORT: SUM over the department (no ORDER BY), RANK by
/// salary in it, COUNT(*) over everything, ROW_NUMBER by salary then
/// empno. Dept 10 sums 8750, dept 20 6800 (3000 + 3000 + 800); SCOTT and
/// FORD rank 1, 1, their row numbers 1, 2; JAMES and ALLEN of dept 30
/// follow the NULL salary (first descending).
#[test]
fn prefix_windows_share_one_sort() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select empno, sum(sal) over (partition by deptno) ds,\n\
         rank() over (partition by deptno order by sal desc) rk, count(*) over () n,\n\
         row_number() over (partition by deptno order by sal desc, empno) rn from e order by empno;",
    );
    assert_eq!(
        row_strings(&s),
        [
            "1|8750|1|9|1",
            "2|8750|2|9|2",
            "3|8750|3|9|3",
            "4|6800|1|9|1",
            "5|6800|1|9|2",
            "6|6800|3|9|3",
            "7|2550|2|9|2",
            "8|2550|3|9|3",
            "9|2550|1|9|1",
        ]
    );
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT ORDER BY", "WINDOW SORT", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 2);
}

/// An analytic function in an IN subquery's select list: the subquery runs
/// as its own block (the IN is not pushed into its WHERE, which would rank
/// fewer rows). Salaries ascending, NULL last: 800 950 1300 1600 2450 3000
/// 3000 5000 NULL rank 1 2 3 4 5 6 6 8 9 (no 7: the tie); the ranks of
/// dept 10's three salaries are 1, 2, 3.
#[test]
fn analytic_in_an_in_subquery() {
    let mut e = engine();
    let s = run(&mut e, "select empno from e where empno in (select rank() over (order by sal) from e) order by 1;");
    assert_eq!(row_strings(&s), ["1", "2", "3", "4", "5", "6", "8", "9"]);
    let s = run(
        &mut e,
        "select empno from e where empno in (select rank() over (order by sal) from e where deptno = 10) order by 1;",
    );
    assert_eq!(row_strings(&s), ["1", "2", "3"]);
}
