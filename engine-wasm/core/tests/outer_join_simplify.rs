//! Issues 33 and 34: Oracle's outer-join simplification
//! (`exec/plan/outer_simplify.rs`). A WHERE condition that cannot be TRUE
//! when an outer-joined side's columns are NULL removes the rows the outer
//! join adds for it: a LEFT JOIN (or `(+)`) becomes an inner join, a FULL
//! JOIN a LEFT, RIGHT or inner one, and the plan is that join's (no VIEW
//! VW_FOJ_0, no FILTER above the join: the condition goes to its table).
//!
//! Hand-checked on T1 (ids 1-5, n = mod(id, 2), id 5's n NULL) and T2 (ids
//! 1-10, t1_id = mod(id, 5): T1 ids 1-4 match T2 ids i and i + 5; T2 ids 5
//! and 10, t1_id 0, match nothing; T1 5 is matched by nothing), each in
//! one block (4 and 5 gets a full scan).

mod common;
use common::joins::*;
use common::*;

fn names_of(s: &lio_core::StepOut) -> Vec<String> {
    ops(s).into_iter().map(|o| o.0).collect()
}

/// FULL JOIN ... WHERE t1.n = 1: never TRUE with T1's columns NULL, so
/// T2's unmatched rows (ids 5 and 10) go: a LEFT JOIN, T1 kept. T1's n =
/// 1 rows (ids 1, 3) each join two T2 rows (1 and 6, 3 and 8); T1's filter
/// is on its scan (2 rows), T1 builds (the smaller), T2 probes in its
/// order: 1|1, 3|3, 1|6, 3|8. 4 + 5 gets.
#[test]
fn a_full_join_whose_where_rejects_the_left_nulls_is_a_left_join() {
    let small = small_tables();
    let steps = run(&format!("{small}select t1.id, t2.id from t1 full join t2 on t2.t1_id = t1.id where t1.n = 1;"));
    let s = steps.last().unwrap();
    assert_eq!(rows(s), ["1|1", "3|3", "1|6", "3|8"]);
    assert_eq!(
        ops(s)[1..],
        [
            ("HASH JOIN OUTER".into(), 1, 4, 9),
            ("TABLE ACCESS FULL T1".into(), 1, 2, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 10, 5),
        ]
    );
    assert_eq!(s.plan[1].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\"(+)"));
    assert_eq!(s.plan[2].filter.as_deref(), Some("\"T1\".\"N\"=1"));
}

/// FULL JOIN ... WHERE t2.id > 4: T1's unmatched row (5) goes, T2's stay:
/// a RIGHT JOIN (T1 outer-joined). T2 ids 5-10 (filtered on its scan):
/// 5 and 10 with T1 NULL, 6-9 with T1 1-4. T1 (5 rows x 3 bytes) builds:
/// HASH JOIN RIGHT OUTER, T2 probing in its order.
#[test]
fn a_full_join_whose_where_rejects_the_right_nulls_is_a_right_join() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1 full join t2 on t2.t1_id = t1.id where t2.id > 4;\n\
         select t1.id, t2.id from t1 full join t2 on t2.t1_id = t1.id where t2.w like 'b%' or t2.id + 1 > t1.id;"
    ));
    let n = steps.len();
    let s = &steps[n - 2];
    assert_eq!(rows(s), ["null|5", "1|6", "2|7", "3|8", "4|9", "null|10"]);
    assert_eq!(
        ops(s)[1..],
        [
            ("HASH JOIN RIGHT OUTER".into(), 1, 6, 9),
            ("TABLE ACCESS FULL T1".into(), 1, 5, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 6, 5),
        ]
    );
    assert_eq!(s.plan[1].access.as_deref(), Some("\"T2\".\"T1_ID\"=\"T1\".\"ID\"(+)"));
    assert_eq!(s.plan[3].filter.as_deref(), Some("\"T2\".\"ID\">4"));
    // Both arms of the OR are NULL when T2's columns are: T2 kept, every
    // T2 row's w starts with b, so each comes out (T1 5 does not). The
    // condition reads both tables: it filters the joined rows.
    let s = &steps[n - 1];
    assert_eq!(names_of(s)[1..3], ["FILTER", "HASH JOIN RIGHT OUTER"]);
    assert_eq!(rows(s).len(), 10);
    assert!(!rows(s).contains(&"5|null".to_string()));
}

/// Both sides' NULLs rejected (t2.id > 4 and t1.n = 0): an inner join.
/// T1 2 and 4 (n = 0) with T2 7 and 9: two rows, each table filtered on
/// its scan.
#[test]
fn a_full_join_whose_where_rejects_both_sides_is_an_inner_join() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1 full join t2 on t2.t1_id = t1.id where t2.id > 4 and t1.n = 0;"
    ));
    let s = steps.last().unwrap();
    assert_eq!(rows(s), ["2|7", "4|9"]);
    assert_eq!(names_of(s)[1..], ["HASH JOIN", "TABLE ACCESS FULL T1", "TABLE ACCESS FULL T2"]);
    assert_eq!(s.plan[1].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert_eq!(s.plan[2].filter.as_deref(), Some("\"T1\".\"N\"=0"));
    assert_eq!(s.plan[3].filter.as_deref(), Some("\"T2\".\"ID\">4"));
}

/// LEFT JOIN ... WHERE t2.id > 5 and its `(+)` form: the NULL-extended
/// row of T1 5 fails t2.id > 5, so the outer join is an inner one (the
/// Optimizer Development Group's example): no FILTER above the join, no
/// `(+)` in the access, T2 filtered on its scan. T2 6-9 join T1 1-4 (10's
/// t1_id 0 nothing): 1|6, 2|7, 3|8, 4|9, the same rows as the outer join
/// followed by the filter. Each table read once.
#[test]
fn a_left_join_whose_where_rejects_its_nulls_is_an_inner_join() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id where t2.id > 5;\n\
         select t1.id, t2.id from t1, t2 where t1.id = t2.t1_id(+) and t2.id > 5;\n\
         select t1.id, t2.id from t1, t2 where t1.id = t2.t1_id and t2.id > 5;"
    ));
    let n = steps.len();
    let want = ["1|6", "2|7", "3|8", "4|9"];
    for s in &steps[n - 3..] {
        assert_eq!(rows(s), want);
        assert_eq!(
            ops(s)[1..],
            [
                ("HASH JOIN".into(), 1, 4, 9),
                ("TABLE ACCESS FULL T1".into(), 1, 5, 4),
                ("TABLE ACCESS FULL T2".into(), 1, 5, 5),
            ]
        );
        assert_eq!(s.plan[3].filter.as_deref(), Some("\"T2\".\"ID\">5"));
    }
    assert_eq!(steps[n - 1].plan[1].access, steps[n - 2].plan[1].access);
}

/// Conditions that may be TRUE on the NULL-extended rows keep the outer
/// join and filter above it: IS NULL (the anti-join idiom: T1 5, the one
/// T1 row no T2 row matches), NVL, and an OR with an IS NULL arm.
#[test]
fn null_tolerant_conditions_keep_the_outer_join() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id where t2.id is null;\n\
         select t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id where nvl(t2.id, 0) > 5;\n\
         select t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id where t2.id > 8 or t2.id is null;"
    ));
    let n = steps.len();
    let (a, b, c) = (&steps[n - 3], &steps[n - 2], &steps[n - 1]);
    assert_eq!(rows(a), ["5|null"]);
    assert_eq!(rows(b), ["1|6", "2|7", "3|8", "4|9"]);
    assert_eq!(rows(c), ["4|9", "5|null"]);
    for s in [a, b, c] {
        assert_eq!(names_of(s)[1..], ["FILTER", "HASH JOIN OUTER", "TABLE ACCESS FULL T1", "TABLE ACCESS FULL T2"]);
    }
    assert_eq!(b.plan[1].filter.as_deref(), Some("NVL(\"T2\".\"ID\",0)>5"));
}

/// A chain: T3 (a copy of T1) left-joined to T2, itself left-joined to T1.
/// `t3.n = 1` rejects T3's NULLs: T3 inner; its ON condition `t3.id =
/// t2.t1_id`, now a WHERE condition, rejects T2's NULLs: T2 inner too.
/// T2 rows whose t1_id is 1 or 3 (T3 n = 1): 1, 3, 6, 8, each with its
/// T1 row; T1 5 (no T2 row) is gone.
#[test]
fn an_inner_join_made_of_a_later_outer_join_makes_the_earlier_one_inner() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}create table t3 as select * from t1;\n\
         select t1.id, t2.id, t3.id from t1 left join t2 on t2.t1_id = t1.id \
         left join t3 on t3.id = t2.t1_id where t3.n = 1 order by t2.id;"
    ));
    let s = steps.last().unwrap();
    assert_eq!(rows(s), ["1|1|1", "3|3|3", "1|6|1", "3|8|3"]);
    let plan = names_of(s);
    assert!(plan.iter().all(|o| !o.contains("OUTER") && o != "FILTER"), "{plan:?}");
}

/// FULL JOIN ... USING (id) WHERE a.va = 'a2': A's NULLs rejected, a LEFT
/// JOIN; ID stays COALESCE(a.id, b.id) (A's id wherever B's differs: the
/// row's own). And COALESCE(a.id, b.id) > 1 (the merged column) rejects
/// neither side: the full join stays.
#[test]
fn a_full_join_using_is_simplified_as_its_on_form() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table a (id number, va varchar2(5));\n\
         create table b (id number, vb varchar2(5));\n\
         insert into a values (1, 'a1');\ninsert into a values (2, 'a2');\ninsert into a values (null, 'an');\n\
         insert into b values (2, 'b2');\ninsert into b values (3, 'b3');\ninsert into b values (null, 'bn');\n\
         commit;",
    ));
    let s = e.exec("select * from a full join b using (id) where a.va = 'a2' or a.va = 'an';");
    ok(&s);
    assert_eq!(rows(&s[0]), ["2|\"a2\"|\"b2\"", "null|\"an\"|null"]);
    assert!(names_of(&s[0]).iter().all(|o| o != "VIEW VW_FOJ_0" && o != "HASH JOIN FULL OUTER"));
    let s = e.exec("select * from a full join b using (id) where id > 1 order by id;");
    assert_eq!(rows(&s[0]), ["2|\"a2\"|\"b2\"", "3|null|\"b3\""]);
    assert_eq!(names_of(&s[0])[1..3], ["SORT ORDER BY", "VIEW VW_FOJ_0"]);
}

/// Cho's 10g case (tests/articles/cho-outer-join-to-inner-10g.sql):
/// `d.deptno(+) = e.deptno and d.loc = 'DALLAS'` is the inner join, DEPT
/// driving through DEPT_LOC_IDX, EMP_DEPTNO_IDX probed, SAL filtered on
/// EMP: the published join order, access paths and predicates, 7
/// consistent gets as published; the 4 DALLAS employees earning 1000 or
/// more. The ANSI form with `e.sal > 1000` in WHERE: inner, 12 rows; in
/// ON: outer, 13 (department 40 kept).
#[test]
fn cho_outer_join_to_inner_10g() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/cho-outer-join-to-inner-10g.sql"));
    ok(&steps);
    let runs: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("select *\nfrom   emp e")).collect();
    let s = runs[0];
    let names: Vec<String> = s.rows.iter().map(|r| r[1].to_string()).collect();
    assert_eq!(names, ["\"JONES\"", "\"SCOTT\"", "\"ADAMS\"", "\"FORD\""]);
    assert_eq!(
        ops(s)[1..],
        [
            ("NESTED LOOPS".into(), 1, 4, 7),
            ("NESTED LOOPS".into(), 1, 5, 5),
            ("TABLE ACCESS BY INDEX ROWID BATCHED DEPT".into(), 1, 1, 3),
            ("INDEX RANGE SCAN DEPT_LOC_IDX".into(), 1, 1, 2),
            ("INDEX RANGE SCAN EMP_DEPTNO_IDX".into(), 1, 5, 2),
            ("TABLE ACCESS BY INDEX ROWID EMP".into(), 5, 4, 2),
        ]
    );
    assert_eq!(s.plan[4].access.as_deref(), Some("\"D\".\"LOC\"='DALLAS'"));
    assert_eq!(s.plan[5].access.as_deref(), Some("\"E\".\"DEPTNO\"=\"D\".\"DEPTNO\""));
    assert_eq!(s.plan[6].filter.as_deref(), Some("\"E\".\"SAL\">=1000"));
    // The statement's 7 buffer gets (the session's figure adds the hard
    // parse's recursive dictionary gets).
    assert_eq!(ops(s)[0].3, 7);
    let ansi: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("select * from dept d left")).collect();
    assert_eq!(ansi[0].rows.len(), 12);
    assert_eq!(names_of(ansi[0])[1], "HASH JOIN");
    assert_eq!(ansi[1].rows.len(), 13);
    assert_eq!(names_of(ansi[1])[1], "HASH JOIN OUTER");
}

/// `NO_OUTER_JOIN_TO_INNER` keeps the outer join, the condition filtering
/// above it (the plan Antognini's T1/T2 example prints with the hint, as
/// reproduced on gurubee.net/lecture/4368: FILTER over HASH JOIN OUTER,
/// where without it HASH JOIN): the same rows, T2 6-9's.
#[test]
fn no_outer_join_to_inner_keeps_the_outer_join() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1, t2 where t1.id = t2.t1_id(+) and t2.id > 5;\n\
         select /*+ no_outer_join_to_inner */ t1.id, t2.id from t1, t2 where t1.id = t2.t1_id(+) and t2.id > 5;"
    ));
    let n = steps.len();
    let (a, b) = (&steps[n - 2], &steps[n - 1]);
    assert_eq!(rows(a), rows(b));
    assert_eq!(names_of(a)[1], "HASH JOIN");
    assert_eq!(names_of(b)[1..3], ["FILTER", "HASH JOIN OUTER"]);
    assert_eq!(b.plan[1].filter.as_deref(), Some("\"T2\".\"ID\">5"));
    assert_eq!(b.plan[2].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\"(+)"));
}

/// Murty's WHERE-or-ON case (tests/articles/murty-outer-join-inner-table-filter.sql):
/// the published rows; `t2.c=300` in WHERE (ANSI or without `(+)`) runs
/// the inner join, in ON (or `t2.c(+)=300`) the outer one.
#[test]
fn murty_outer_join_inner_table_filter() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/murty-outer-join-inner-table-filter.sql"));
    ok(&steps);
    let runs: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("select a, t1.b")).collect();
    assert_eq!(runs.len(), 5);
    let sorted = |s: &lio_core::StepOut| {
        let mut r = rows(s);
        r.sort();
        r
    };
    assert_eq!(rows(runs[0]), ["2|20|20|200", "3|30|30|300", "1|10|null|null"]);
    for i in [1, 3] {
        assert_eq!(rows(runs[i]), ["3|30|30|300"]);
        assert!(names_of(runs[i]).iter().all(|o| !o.contains("OUTER") && o != "FILTER"));
    }
    for i in [2, 4] {
        assert_eq!(sorted(runs[i]), ["1|10|null|null", "2|20|null|null", "3|30|30|300"]);
        assert_eq!(names_of(runs[i])[1], "HASH JOIN RIGHT OUTER");
    }
}

/// A FULL JOIN whose WHERE clause has a subquery stays refused when the
/// join stays full, also when the subquery is unnested into a semi join
/// (the difftest's `where exists (select /*+ hash_sj */ ...)` returned
/// the view's rows unfiltered: 3 rows where SQLite gave none).
#[test]
fn a_full_join_with_an_unnested_subquery_is_refused() {
    let small = small_tables();
    let mut e = quiet_engine();
    ok(&e.exec(&small));
    for sql in [
        "select * from t1 full join t2 on t2.t1_id = t1.id where exists (select /*+ hash_sj */ 1 from t2 z where z.id = t1.id and z.id in (null, 0))",
        "select * from t1 full join t2 on t2.t1_id = t1.id where exists (select 1 from t2 z where z.id = t1.id)",
        "select * from t1 full join t2 on t2.t1_id = t1.id where t1.id not in (select id from t2 z)",
    ] {
        let steps = e.exec(sql);
        let s = steps.last().unwrap();
        assert_eq!(s.error.as_ref().map(|e| e.code.as_str()), Some("LAB-00001"), "{sql}");
    }
}
