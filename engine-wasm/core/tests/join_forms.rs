//! Issues 33 and 34: the join forms Oracle blogs use beyond LEFT and
//! RIGHT JOIN. `NATURAL [INNER] JOIN`: a USING join on the names both
//! sides have (`exec/plan/using.rs`). `FULL [OUTER] JOIN ... ON`: Oracle's native full outer
//! join, VIEW VW_FOJ_0 over HASH JOIN FULL OUTER (`exec/plan/full_join.rs`).
//! Hand-checked on T1 (4 rows, and a fifth, id 5, no T2 row) and T2 (10
//! rows, t1_id = mod(id, 5): T2 ids 5 and 10 have t1_id 0, no T1 row),
//! each in one block; and the published dbaglobe.com plan.

mod common;
use common::joins::*;
use common::*;
use lio_sql::ora;

/// T1 (5 rows, the smaller) builds, T2 probes: each probe row comes out
/// with its match (T1 ids 1-4 twice each) or, at once, with T1 NULL (T2
/// ids 5 and 10); after the probe, T1 id 5 with T2 NULL: 11 rows. Each
/// table read once: 4 gets each and the second fetch's re-get of T2's
/// block (SQL*Plus's first fetch of one row ends inside the probe, as in
/// the LEFT JOIN's test). Written the other way round (`t2 full join
/// t1`), T1 still builds (the smaller input, the operation's name
/// unchanged): the same rows in the same order.
#[test]
fn a_full_join_returns_both_sides_unmatched_rows() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1 full outer join t2 on t2.t1_id = t1.id;\n\
         select t1.id, t2.id from t2 full join t1 on t1.id = t2.t1_id;"
    ));
    let n = steps.len();
    let (a, b) = (&steps[n - 2], &steps[n - 1]);
    let want = ["1|1", "2|2", "3|3", "4|4", "null|5", "1|6", "2|7", "3|8", "4|9", "null|10", "5|null"];
    assert_eq!(rows(a), want);
    assert_eq!(rows(b), want);
    assert_eq!(
        ops(a)[1..],
        [
            ("VIEW VW_FOJ_0".into(), 1, 11, 9),
            ("HASH JOIN FULL OUTER".into(), 1, 11, 9),
            ("TABLE ACCESS FULL T1".into(), 1, 5, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 10, 5),
        ]
    );
    assert_eq!(ops(b)[1..], ops(a)[1..]);
    // Without (+): both sides are kept.
    assert_eq!(a.plan[2].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert_eq!(b.plan[2].access.as_deref(), Some("\"T2\".\"T1_ID\"=\"T1\".\"ID\""));
    assert_eq!(stat(a, "workarea executions - optimal"), 1);
}

/// NULL keys join nothing and are kept on both sides; an empty build
/// input still runs the probe (every probe row out with the build side
/// NULL).
#[test]
fn a_full_join_keeps_null_keys_and_probes_an_empty_build() {
    let steps = run("create table a (id number, va varchar2(5));\n\
         create table b (id number, vb varchar2(5));\n\
         create table e (id number);\n\
         insert into a values (1, 'a1');\ninsert into a values (2, 'a2');\ninsert into a values (null, 'an');\n\
         insert into b values (2, 'b2');\ninsert into b values (2, 'b2x');\ninsert into b values (3, 'b3');\n\
         insert into b values (null, 'bn');\ncommit;\n\
         select a.va, b.vb from a full join b on a.id = b.id order by 1, 2;\n\
         select count(*) from a full join b on a.id = b.id;\n\
         select e.id, a.va from e full join a on a.id = e.id order by 2;");
    let n = steps.len();
    assert_eq!(
        rows(&steps[n - 3]),
        ["\"a1\"|null", "\"a2\"|\"b2\"", "\"a2\"|\"b2x\"", "\"an\"|null", "null|\"b3\"", "null|\"bn\""]
    );
    assert_eq!(rows(&steps[n - 2]), ["6"]);
    assert_eq!(rows(&steps[n - 1]), ["null|\"a1\"", "null|\"a2\"", "null|\"an\""]);
}

/// ON conditions beyond the key are tested on each pair (a join filter):
/// one on the left table alone, or on both, leaves the rows it fails
/// unmatched on both sides. T1 ids 1-4 with n = 1 (ids 1 and 3) join
/// their two T2 rows each; T1 ids 2, 4 and 5 and T2's other six rows come
/// out alone: 4 + 3 + 6 = 13 rows.
#[test]
fn a_full_join_tests_its_other_on_conditions_on_each_pair() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select count(*), count(t1.id), count(t2.id) from t1 full join t2 on t2.t1_id = t1.id and t1.n = 1;
         select count(*), count(t1.id), count(t2.id) from t1 full join t2 on t2.t1_id = t1.id and t2.id > t1.n + 5;"
    ));
    let n = steps.len();
    assert_eq!(rows(&steps[n - 2]), ["13|7|10"]);
    // t2.id > n + 5: T1 1 (n 1) joins neither T2 1 nor 6; 2 (n 0) joins
    // 7; 3 (n 1) joins 8; 4 (n 0) joins 9: 3 pairs, T1 1 and 5 alone,
    // T2's other 7 alone: 12 rows.
    assert_eq!(rows(&steps[n - 1]), ["12|5|10"]);
}

/// What the lab does not model is refused with its position, never
/// answered in another shape.
#[test]
fn full_joins_the_lab_does_not_model_are_refused() {
    let small = small_tables();
    let mut e = quiet_engine();
    ok(&e.exec(&small));
    let refused = [
        // (A WHERE condition that rejects a side's NULLs turns the join
        // into an outer or inner one: tests/outer_join_simplify.rs.)
        // A subquery filtering the view's rows gave no row: refused.
        "select * from t1 full join t2 on t2.t1_id = t1.id where t1.id is null or t1.id in (select id from t2)",
        "select * from t1 full join t2 on t2.t1_id = t1.id where t1.id is null or t1.id > (select 1 from dual)",
        "select * from t1 full join t2 on t2.t1_id > t1.id",
        // On the right table alone it would filter T2 before the join.
        "select * from t1 full join t2 on t2.t1_id = t1.id and t2.id > 5",
        "select * from t1 join t2 on t2.t1_id = t1.id full join t2 t3 on t3.id = t1.id",
        "select * from t1 full join t2 on t2.t1_id = t1.id, dual",
        "select /*+ no_native_full_outer_join */ * from t1 full join t2 on t2.t1_id = t1.id",
        "select /*+ optimizer_features_enable('10.2.0.4') */ * from t1 full join t2 on t2.t1_id = t1.id",
    ];
    for sql in refused {
        let steps = e.exec(sql);
        let s = steps.last().unwrap();
        assert_eq!(error_of(s).0, ora::LAB_UNSUPPORTED.code(), "{sql}");
        assert!(error_of(s).2 > 0, "{sql}");
    }
}

/// dbaglobe.com's 11.1.0.6 plan: VIEW VW_FOJ_0 over HASH JOIN FULL OUTER,
/// DEPARTMENTS (the smaller) building though written second, Rows 122 on
/// each line above the scans (the inner join's 106 + 16 departments
/// without employees), the join's Bytes 1342 and the scans' 108 and 749,
/// the access predicate, all as published; 123 rows come out. Under OFE
/// 10.2.0.4 (the page prints the UNION ALL expansion) the lab refuses.
#[test]
fn dbaglobe_hash_join_full_outer() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/dbaglobe-hash-join-full-outer-11g.sql"));
    let x = steps.iter().find(|s| s.statement.starts_with("select * from table(dbms_xplan.display)")).unwrap();
    let text: Vec<&str> = x.rows.iter().filter_map(|r| r[0].as_str()).collect();
    let ops: Vec<&str> = text.iter().filter(|l| l.starts_with('|')).copied().collect();
    assert!(ops[2].starts_with("|   1 |  SORT ORDER BY         |             |   122 |"), "{text:#?}");
    assert!(ops[3].starts_with("|   2 |   VIEW                 | VW_FOJ_0    |   122 |"), "{text:#?}");
    assert!(ops[4].starts_with("|*  3 |    HASH JOIN FULL OUTER|             |   122 |  1342 |"), "{text:#?}");
    assert!(ops[5].starts_with("|   4 |     TABLE ACCESS FULL  | DEPARTMENTS |    27 |   108 |"), "{text:#?}");
    assert!(ops[6].starts_with("|   5 |     TABLE ACCESS FULL  | EMPLOYEES   |   107 |   749 |"), "{text:#?}");
    assert!(text.contains(&"   3 - access(\"E\".\"DEPARTMENT_ID\"=\"D\".\"DEPARTMENT_ID\")"), "{text:#?}");
    let runs: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("SELECT d.department_id")).collect();
    assert_eq!(runs[0].rows_processed, 123);
    assert!(runs[0].error.is_none());
    assert_eq!(error_of(runs[1]).0, ora::LAB_UNSUPPORTED.code());
}

/// Nyffenegger's basic plan, line for line: B (2 rows) builds though
/// written second; the rows worked out by hand.
#[test]
fn nyffenegger_hash_join_full_outer() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/nyffenegger-hash-join-full-outer.sql"));
    ok(&steps);
    let x = steps.iter().find(|s| s.statement.starts_with("select * from table(dbms_xplan.display")).unwrap();
    let text: Vec<&str> = x.rows.iter().filter_map(|r| r[0].as_str()).collect();
    let want = [
        "|   0 | SELECT STATEMENT      |            |",
        "|   1 |  VIEW                 | VW_FOJ_0   |",
        "|   2 |   HASH JOIN FULL OUTER|            |",
        "|   3 |    TABLE ACCESS FULL  | TQ84_FOJ_B |",
        "|   4 |    TABLE ACCESS FULL  | TQ84_FOJ_A |",
    ];
    for w in want {
        assert!(text.contains(&w), "{w}: {text:#?}");
    }
    let q = steps.iter().rfind(|s| s.statement.starts_with("select")).unwrap();
    assert_eq!(rows(q), ["1|\"abc\"|null", "2|\"def\"|\"FOO\"", "3|\"ghi\"|null", "4|null|\"BAR\""]);
}

/// NATURAL JOIN: D and E share DEPT only, so it is `USING (dept)`: DEPT
/// once and first in `*`, E's row 3 (dept 30) and D's 20 unjoined; a
/// qualified DEPT is ORA-25155 (at the qualifier); no shared name is a
/// Cartesian product (2 x 2). NATURAL LEFT JOIN is `LEFT JOIN ... USING
/// (dept)`: D 20 kept with E's columns NULL.
#[test]
fn a_natural_join_is_using_on_the_common_names() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table d (dept number, dname varchar2(10));\n\
         create table e (id number, dept number, ename varchar2(10));\n\
         create table z (q number);\n\
         insert into d values (10, 'sales');\ninsert into d values (20, 'ops');\n\
         insert into e values (1, 10, 'a');\ninsert into e values (2, 10, 'b');\ninsert into e values (3, 30, 'c');\n\
         insert into z values (1);\ninsert into z values (2);\ncommit;",
    ));
    let s = e.exec("select * from d natural join e order by id;");
    ok(&s);
    assert_eq!(s[0].columns, ["DEPT", "DNAME", "ID", "ENAME"]);
    assert_eq!(rows(&s[0]), ["10|\"sales\"|1|\"a\"", "10|\"sales\"|2|\"b\""]);
    let s = e.exec("select dept, ename from e natural inner join d order by 2;");
    assert_eq!(rows(&s[0]), ["10|\"a\"", "10|\"b\""]);
    let s = e.exec("select d.dept from d natural join e;");
    assert_eq!(error_of(&s[0]), ("ORA-25155", 1, 8));
    let s = e.exec("select count(*) from d natural join z;");
    assert_eq!(rows(&s[0]), ["4"]);
    // No common name: the outer form (a side kept when the other is empty) is refused.
    let s = e.exec("select count(*) from d natural full join z;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    let s = e.exec("select * from d natural left join e order by dept, id;");
    assert_eq!(rows(&s[0]), ["10|\"sales\"|1|\"a\"", "10|\"sales\"|2|\"b\"", "20|\"ops\"|null|null"]);
}

/// A WHERE clause whose conditions can hold on either side's unmatched
/// rows filters the VIEW VW_FOJ_0 line, above the join (none reaches a
/// table). `t1.id is null or t2.id is null`: the rows one side only has,
/// in the join's order: T2 5 and 10 (probe rows no T1 row matched, out at
/// once), then T1 5 (after the probe). The join still returns its 11
/// rows to the view, the same 9 gets as without the WHERE clause.
/// `nvl(t1.n, 1) = 1` (a function: it may hold on NULLs): T1 1 and 3
/// (n = 1) with their two T2 rows each, T2 5 and 10 (T1 NULL: nvl gives
/// 1), T1 5 (n NULL): 7 rows.
#[test]
fn a_full_join_where_clause_filters_the_view() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id, t2.id from t1 full join t2 on t2.t1_id = t1.id where t1.id is null or t2.id is null;\n\
         select t1.id, t2.id from t1 full join t2 on t2.t1_id = t1.id where nvl(t1.n, 1) = 1;"
    ));
    let n = steps.len();
    let (a, b) = (&steps[n - 2], &steps[n - 1]);
    assert_eq!(rows(a), ["null|5", "null|10", "5|null"]);
    assert_eq!(
        ops(a)[1..],
        [
            ("VIEW VW_FOJ_0".into(), 1, 3, 9),
            ("HASH JOIN FULL OUTER".into(), 1, 11, 9),
            ("TABLE ACCESS FULL T1".into(), 1, 5, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 10, 5),
        ]
    );
    assert_eq!(a.plan[1].filter.as_deref(), Some("\"T1\".\"ID\" IS NULL OR \"T2\".\"ID\" IS NULL"));
    assert_eq!(a.plan[2].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert!(a.plan[3].filter.is_none() && a.plan[4].filter.is_none());
    assert_eq!(rows(b), ["1|1", "3|3", "null|5", "1|6", "3|8", "null|10", "5|null"]);
    assert_eq!(b.plan[1].filter.as_deref(), Some("NVL(\"T1\".\"N\",1)=1"));
}

/// A (ids 1, 2, NULL) and B (2, 3, NULL), each row named.
const AB: &str = "create table a (id number, va varchar2(5));\n\
    create table b (id number, vb varchar2(5));\n\
    insert into a values (1, 'a1');\ninsert into a values (2, 'a2');\ninsert into a values (null, 'an');\n\
    insert into b values (2, 'b2');\ninsert into b values (3, 'b3');\ninsert into b values (null, 'bn');\n\
    commit;";

/// FULL JOIN ... USING (id): ID is COALESCE(a.id, b.id), unqualified
/// (`a.id` is ORA-25154) and first in `*`. A (1, 2, NULL) builds, B (2,
/// 3, NULL) probes: B 2 joins A 2; B 3 and B's NULL come out at once (A
/// NULL: ID is B's); after the probe A 1 and A's NULL (B NULL: ID is
/// A's). NULL ids join nothing and both are kept. The plan is the ON
/// join's.
#[test]
fn a_full_join_using_coalesces_its_columns() {
    let mut e = quiet_engine();
    ok(&e.exec(AB));
    let s = e.exec("select * from a full join b using (id);");
    ok(&s);
    assert_eq!(s[0].columns, ["ID", "VA", "VB"]);
    assert_eq!(
        rows(&s[0]),
        ["2|\"a2\"|\"b2\"", "3|null|\"b3\"", "null|null|\"bn\"", "1|\"a1\"|null", "null|\"an\"|null"]
    );
    let names: Vec<String> = ops(&s[0]).into_iter().map(|o| o.0).collect();
    assert_eq!(names[1..], ["VIEW VW_FOJ_0", "HASH JOIN FULL OUTER", "TABLE ACCESS FULL A", "TABLE ACCESS FULL B"]);
    assert_eq!(s[0].plan[2].access.as_deref(), Some("\"A\".\"ID\"=\"B\".\"ID\""));
    // The coalesced column in WHERE (a function of both: above the view).
    let s = e.exec("select id, va, vb from a full outer join b using (id) where id > 1 order by id;");
    assert_eq!(rows(&s[0]), ["2|\"a2\"|\"b2\"", "3|null|\"b3\""]);
    let s = e.exec("select a.id from a full join b using (id);");
    assert_eq!(error_of(&s[0]), ("ORA-25154", 1, 8));
    let s = e.exec("select * from a natural full join b;");
    assert_eq!(rows(&s[0]).len(), 5);
}

/// LEFT and RIGHT JOIN ... USING: the outer join of the ON form, ID the
/// kept side's value (A's for LEFT, B's for RIGHT: B 3 and B's NULL come
/// out with ID 3 and NULL, A's columns NULL).
#[test]
fn left_and_right_joins_using() {
    let mut e = quiet_engine();
    ok(&e.exec(AB));
    let s = e.exec("select * from a left join b using (id) order by va;");
    assert_eq!(rows(&s[0]), ["1|\"a1\"|null", "2|\"a2\"|\"b2\"", "null|\"an\"|null"]);
    let s = e.exec("select id, va, vb from a right outer join b using (id) order by vb;");
    assert_eq!(rows(&s[0]), ["2|\"a2\"|\"b2\"", "3|null|\"b3\"", "null|null|\"bn\""]);
    let names: Vec<String> = ops(&s[0]).into_iter().map(|o| o.0).collect();
    assert!(names.iter().any(|n| n.starts_with("HASH JOIN") && n.ends_with("OUTER")), "{names:?}");
    let s = e.exec("select * from a natural right join b order by vb;");
    assert_eq!(rows(&s[0]), ["2|\"a2\"|\"b2\"", "3|null|\"b3\"", "null|null|\"bn\""]);
    let s = e.exec("select b.id from a left join b using (id);");
    assert_eq!(error_of(&s[0]), ("ORA-25154", 1, 8));
}

/// Antognini's 10.2.0.5 query, `SELECT * FROM emp FULL OUTER JOIN dept
/// USING (deptno)`: under the lab's default release the native plan
/// (DEPT builds), E-Rows 15 = 14 + 4 x (1 - 3/4), and the 15 rows worked
/// out by hand (OPERATIONS alone, its DEPTNO 40 from DEPT); under OFE
/// 10.2.0.5, where the page prints the UNION ALL expansion, refused.
#[test]
fn antognini_full_outer_join_using() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/antognini-full-outer-join-using-10205.sql"));
    let runs: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("SELECT * FROM emp")).collect();
    let native = runs[0];
    assert!(native.error.is_none(), "{:?}", native.error);
    assert_eq!(native.columns, ["DEPTNO", "EMPNO", "ENAME", "JOB", "MGR", "HIREDATE", "SAL", "COMM", "DNAME", "LOC"]);
    assert_eq!(native.rows.len(), 15);
    let last = rows(native).pop().unwrap();
    assert_eq!(last, "40|null|null|null|null|null|null|null|\"OPERATIONS\"|\"BOSTON\"");
    let plan: Vec<(String, u64)> = native
        .plan
        .iter()
        .map(|l| (format!("{} {}", l.operation, l.name.as_deref().unwrap_or("")).trim_end().to_string(), l.e_rows))
        .collect();
    assert_eq!(
        plan[1..],
        [
            ("VIEW VW_FOJ_0".into(), 15),
            ("HASH JOIN FULL OUTER".into(), 15),
            ("TABLE ACCESS FULL DEPT".into(), 4),
            ("TABLE ACCESS FULL EMP".into(), 14),
        ]
    );
    assert_eq!(native.plan[2].access.as_deref(), Some("\"EMP\".\"DEPTNO\"=\"DEPT\".\"DEPTNO\""));
    assert_eq!(error_of(runs[1]).0, ora::LAB_UNSUPPORTED.code());
}

/// Hooper's animals: the (+) UNION form and the ANSI FULL OUTER JOIN
/// return the 7 published rows (as sets: the UNION sorts); the WHERE
/// clause keeping one-sided animals filters VIEW VW_FOJ_0: 5 rows.
#[test]
fn hooper_full_outer_join_animals() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/hooper-full-outer-join-animals-11g.sql"));
    ok(&steps);
    let runs: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("SELECT")).collect();
    let mut published = [
        "\"COW\"|\"COW\"",
        "\"PIG\"|\"PIG\"",
        "null|\"DOG\"",
        "\"ZEBRA\"|null",
        "\"SHARK\"|null",
        "\"ROOSTER\"|null",
        "\"LION\"|null",
    ];
    published.sort();
    for s in &runs[..2] {
        let mut got = rows(s);
        got.sort();
        assert_eq!(got, published, "{}", s.statement);
    }
    let names: Vec<String> = ops(runs[1]).into_iter().map(|o| o.0).collect();
    assert_eq!(names[1..3], ["VIEW VW_FOJ_0", "HASH JOIN FULL OUTER"]);
    assert_eq!(
        rows(runs[2]),
        ["\"ZEBRA\"|null", "\"SHARK\"|null", "\"ROOSTER\"|null", "\"LION\"|null", "null|\"DOG\""]
    );
    assert!(runs[2].plan[1].filter.is_some());
}
