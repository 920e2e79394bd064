//! Analytic functions over GROUP BY and DISTINCT, in inline views and in
//! ORDER BY (issue 33), and the predicates of a view over windows as
//! Oracle prints them (`filter("RN"<=3)` on the VIEW line).
//!
//! E (`analytics.rs`), with the groups' sums:
//!
//! ```text
//! dept 10: 1 KING 5000, 2 CLARK 2450, 3 MILLER 1300   sum 8750, 3 rows
//! dept 20: 4 SCOTT 3000, 5 FORD 3000, 6 SMITH 800     sum 6800, 3 rows
//! dept 30: 7 ALLEN 1600, 8 JAMES 950, 9 NULLSAL NULL  sum 2550, 3 rows
//! ```
use super::*;

/// RANK over the groups' sums: 8750 > 6800 > 2550, ranks 1, 2, 3. The
/// window sorts on SUM(SAL), no GROUP BY key: WINDOW SORT over HASH GROUP
/// BY, then the ORDER BY's own sort.
#[test]
fn rank_over_group_sums() {
    let mut e = engine();
    let s = run(
        &mut e,
        "select deptno, sum(sal) s, rank() over (order by sum(sal) desc) rk from e group by deptno order by deptno;",
    );
    assert_eq!(row_strings(&s), ["10|8750|1", "20|6800|2", "30|2550|3"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT ORDER BY", "WINDOW SORT", "HASH GROUP BY", "TABLE ACCESS FULL"]);
    // Without the ORDER BY the rows come in the window's order.
    let s = run(&mut e, "select deptno, rank() over (order by sum(sal) desc) rk from e group by deptno;");
    assert_eq!(row_strings(&s), ["10|1", "20|2", "30|3"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW SORT", "HASH GROUP BY", "TABLE ACCESS FULL"]);
}

/// A window on GROUP BY keys: the groups come from a SORT GROUP BY in that
/// order and the window sorts nothing (WINDOW BUFFER over SORT GROUP BY, as
/// Dyke's 9.2 and Nyffenegger's plans print): a running sum of the sums,
/// 8750, 8750 + 6800 = 15550, + 2550 = 18100. One sort, the GROUP BY's.
#[test]
fn window_on_group_keys_is_a_buffer_over_sort_group_by() {
    let mut e = engine();
    let s = run(&mut e, "select deptno, sum(sum(sal)) over (order by deptno) run from e group by deptno;");
    assert_eq!(row_strings(&s), ["10|8750", "20|15550", "30|18100"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW BUFFER", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    // OVER () keeps the groups' order: an ORDER BY on the key is the SORT
    // GROUP BY's, no SORT ORDER BY. 8750 / 18100 = 0.4834...
    let s = run(
        &mut e,
        "select deptno, round(ratio_to_report(sum(sal)) over (), 4) r from e group by deptno order by deptno;",
    );
    assert_eq!(row_strings(&s), ["10|0.4834", "20|0.3757", "30|0.1409"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "WINDOW BUFFER", "SORT GROUP BY", "TABLE ACCESS FULL"]);
}

/// DISTINCT over a window: COUNT(*) per department is 3 on each of its
/// rows, three distinct rows; the UNIQUE is above the window.
#[test]
fn distinct_over_a_window() {
    let mut e = engine();
    let s = run(&mut e, "select distinct deptno, count(*) over (partition by deptno) n from e order by deptno;");
    assert_eq!(row_strings(&s), ["10|3", "20|3", "30|3"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT UNIQUE", "WINDOW SORT", "TABLE ACCESS FULL"]);
}

/// Analytic functions in a grouped block's ORDER BY, in an inline view and
/// in HAVING (ORA-30483), over a non-key column (ORA-00979).
#[test]
fn order_by_views_and_errors() {
    let mut e = engine();
    // Ordered by the rank of the group's sum, ascending: 30, 20, 10.
    let s = run(&mut e, "select deptno from e group by deptno order by rank() over (order by sum(sal));");
    assert_eq!(row_strings(&s), ["30", "20", "10"]);
    let s = run(
        &mut e,
        "select * from (select deptno, sum(sal) s, rank() over (order by sum(sal)) r from e group by deptno) where r = 1;",
    );
    assert_eq!(row_strings(&s), ["30|2550|1"]);
    assert_eq!(s.plan[1].operation, "VIEW");
    assert_eq!(s.plan[1].filter.as_deref(), Some("\"R\"=1"));
    let err = |e: &mut lio_core::Engine, sql: &str| {
        let s = e.exec(sql);
        error_of(s.last().unwrap()).0.to_string()
    };
    assert_eq!(
        err(&mut e, "select deptno from e group by deptno having rank() over (order by deptno) = 1;"),
        "ORA-30483"
    );
    assert_eq!(err(&mut e, "select deptno, sum(sal) over () from e group by deptno;"), "ORA-00979");
}

/// A top-n view: the window line filters on the function, the VIEW on the
/// view's column, as Oracle prints them (oracle-base's and Lewis's plans):
/// `filter("RN"<=3)` on the VIEW, no FILTER line; a second predicate joins
/// it there (`"RN"<=3 AND "SAL">1000`). Empnos 1..3 by empno; then rows of
/// salary above 1000 among them: KING 5000, CLARK 2450, MILLER 1300.
#[test]
fn top_n_view_predicates_as_oracle_prints_them() {
    let mut e = engine();
    let s = run(&mut e, "select * from (select empno, row_number() over (order by empno) rn from e) where rn <= 3;");
    assert_eq!(row_strings(&s), ["1|1", "2|2", "3|3"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "VIEW", "WINDOW SORT PUSHED RANK", "TABLE ACCESS FULL"]);
    assert_eq!(s.plan[1].filter.as_deref(), Some("\"RN\"<=3"));
    assert_eq!(s.plan[2].filter.as_deref(), Some("ROW_NUMBER() OVER ( ORDER BY \"EMPNO\")<=3"));
    let s = run(
        &mut e,
        "select * from (select empno, sal, row_number() over (order by empno) rn from e) where rn <= 3 and sal > 1000;",
    );
    assert_eq!(row_strings(&s), ["1|5000|1", "2|2450|2", "3|1300|3"]);
    assert_eq!(ops(&s), ["SELECT STATEMENT", "VIEW", "WINDOW SORT PUSHED RANK", "TABLE ACCESS FULL"]);
    assert_eq!(s.plan[1].filter.as_deref(), Some("\"RN\"<=3 AND \"SAL\">1000"));
    assert_eq!(s.plan[1].a_rows, 3);
}
