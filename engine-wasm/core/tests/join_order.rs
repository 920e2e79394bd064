//! Join orders by cost (issue 31): the CBO's left-deep enumeration
//! (`optimizer::join::Permutations`, `exec/plan/join_order.rs`), MERGE
//! JOIN CARTESIAN over a BUFFER SORT for a table with no join predicate
//! (`exec/plan/cartesian.rs`), the 10053 trace's join orders, and a
//! correlated subquery's equality at 1/NDV.
//!
//! Hand-checked cases. Tables A (12 rows) and B (7 rows), one block each,
//! statistics gathered: a full scan costs 2 (1 block + 1, and a little
//! CPU). `select a.nm, b.nm from a, b` has no join predicate:
//! - the initial order is B (7 rows) then A (12);
//! - a nested loop costs 2 + 7 x 2 = 16;
//! - MERGE JOIN CARTESIAN reads A once into a BUFFER SORT (2, and the
//!   sort of 12 rows) and hands its rows back 6 more times, each charged
//!   A's cost less the scan's CPU plus 12 rows' CPU: just under 2 each,
//!   so 2 + 2 + 6 x 2 = 16, a little less than the loop's: taken, as
//!   Oracle does (René Nyffenegger's plan of the same shape, 7 and 12
//!   rows: MERGE JOIN CARTESIAN, TQ84_B, BUFFER SORT, TQ84_A; Lewis's 9i
//!   figures: the BUFFER SORT at outer rows x inner cost, 15 x 2 = 30).
//! - Run: B's full scan starts once (7 rows), the BUFFER SORT 7 times
//!   (84 rows), A's full scan once (12 rows).
//!
//! With one outer row (B filtered to `nm = 3`), the loop costs 2 + 1 x 2
//! and the merge join the same plus the sort: the loop is taken.

mod common;

use common::*;
use lio_core::StepOut;

const AB: &str = "create table a as select rownum nm, rpad('x',20,'x') tx from dual connect by level <= 12;
create table b as select rownum nm, rpad('x',20,'x') tx from dual connect by level <= 7;
exec dbms_stats.gather_table_stats(user,'A')
exec dbms_stats.gather_table_stats(user,'B')
";

/// D: 7 departments; E: 200 employees, 7 distinct DEPT, an index on it;
/// G: 5 grades.
const DEG: &str = "create table d (id number primary key, name varchar2(20));
insert into d select rownum, 'D'||rownum from dual connect by level <= 7;
create table e (id number primary key, dept number, grade number, sal number);
insert into e select rownum, mod(rownum,7)+1, mod(rownum,5)+1, rownum*10 from dual connect by level <= 200;
create index e_dept on e(dept);
create table g (id number primary key, label varchar2(10));
insert into g select rownum, 'G'||rownum from dual connect by level <= 5;
commit;
exec dbms_stats.gather_table_stats(user,'D')
exec dbms_stats.gather_table_stats(user,'E')
exec dbms_stats.gather_table_stats(user,'G')
";

const ON: &str = "alter session set events '10053 trace name context forever, level 1';\n";

fn run(script: &str) -> Vec<StepOut> {
    let mut e = quiet_engine();
    let s = e.exec(script);
    ok(&s);
    s
}

fn ops(s: &StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| format!("{}{}", l.operation, l.name.as_ref().map(|n| format!(" {n}")).unwrap_or_default()))
        .collect()
}

#[test]
fn a_cartesian_product_is_a_merge_join_cartesian_over_a_buffer_sort() {
    let s = run(&format!("{AB}select /*+ gather_plan_statistics */ count(*), sum(a.nm * b.nm) from a, b;\n"));
    let q = s.last().unwrap();
    assert_eq!(
        ops(q),
        [
            "SELECT STATEMENT",
            "SORT AGGREGATE",
            "MERGE JOIN CARTESIAN",
            "TABLE ACCESS FULL B",
            "BUFFER SORT",
            "TABLE ACCESS FULL A"
        ]
    );
    let (mjc, b, buf, a) = (&q.plan[2], &q.plan[3], &q.plan[4], &q.plan[5]);
    assert_eq!((mjc.e_rows, mjc.cost), (84, 16));
    assert_eq!((buf.e_rows, buf.cost), (12, 14));
    assert_eq!((b.starts, b.a_rows), (1, 7));
    assert_eq!((buf.starts, buf.a_rows), (7, 84));
    assert_eq!((a.starts, a.a_rows), (1, 12));
    assert!(format!("{:?}", q.rows).contains("Number(84)"), "{:?}", q.rows);
}

#[test]
fn use_nl_and_a_single_outer_row_keep_the_nested_loop() {
    let s = run(&format!(
        "{AB}select /*+ use_nl(a) */ a.nm, b.nm from a, b;\nselect a.nm, b.nm from a, b where b.nm = 3;\n"
    ));
    let n = s.len();
    for q in [&s[n - 2], &s[n - 1]] {
        assert_eq!(q.plan[1].operation, "NESTED LOOPS", "{:?}", ops(q));
        assert_eq!(q.plan[2].name.as_deref(), Some("B"), "{:?}", ops(q));
    }
    assert_eq!(s[n - 2].plan[1].cost, 16);
}

/// `e, d where e.dept = d.id and d.name = 'D3'`: D's filter leaves 1 row
/// (7 names), E 200: the initial order is D, E; the loop into E by
/// E_DEPT (29 rows a department) is the cheapest, and the FROM clause's
/// order (E first, as `ORDERED` keeps it) costs more.
#[test]
fn the_cheapest_order_is_taken_and_ordered_keeps_the_from_clause() {
    let q = "from e, d where e.dept = d.id and d.name = 'D3';\n";
    let s = run(&format!("{DEG}select e.id {q}select /*+ ordered */ e.id {q}"));
    let n = s.len();
    let (free, ordered) = (&s[n - 2], &s[n - 1]);
    let first_table =
        |s: &StepOut| s.plan.iter().find(|l| l.operation.starts_with("TABLE ACCESS")).and_then(|l| l.name.clone());
    assert_eq!(first_table(free).as_deref(), Some("D"), "{:?}", ops(free));
    assert_eq!(first_table(ordered).as_deref(), Some("E"), "{:?}", ops(ordered));
    assert!(free.plan[0].cost <= ordered.plan[0].cost, "{} vs {}", free.plan[0].cost, ordered.plan[0].cost);
    assert_eq!(free.plan[0].e_rows, ordered.plan[0].e_rows);
}

/// Three tables, `FROM e, g, d`: D (1 row after its filter) leads, then
/// E by E_DEPT (29 rows), then G (5 rows) by a hash join whose build is G,
/// the smaller input (it prints first); the trace lists each order
/// tried with `Join order[n]:`, `Now joining:`, `Best so far:` and the
/// count, and the chosen one is `Best join order:`. LEADING(g) fixes G
/// first and leaves the other two to the enumeration.
#[test]
fn three_tables_are_enumerated_and_the_trace_lists_the_orders() {
    let q = "select e.id, g.label, d.name from e, g, d where e.dept = d.id and e.grade = g.id and d.name = 'D3';\n";
    let lead = "select /*+ leading(g) */ e.id, g.label, d.name from e, g, d where e.dept = d.id and e.grade = g.id and d.name = 'D3';\n";
    let s = run(&format!("{DEG}{ON}{q}{lead}"));
    let n = s.len();
    let (free, led) = (&s[n - 2], &s[n - 1]);
    assert_eq!(
        ops(free),
        [
            "SELECT STATEMENT",
            "HASH JOIN",
            "TABLE ACCESS FULL G",
            "NESTED LOOPS",
            "NESTED LOOPS",
            "TABLE ACCESS FULL D",
            "INDEX RANGE SCAN E_DEPT",
            "TABLE ACCESS BY INDEX ROWID E"
        ]
    );
    let opt = free.optimizer.as_ref().expect("10053");
    let b = &opt.blocks[0];
    assert!(b.orders.len() >= 2 && b.permutations >= b.orders.len(), "{} orders", b.orders.len());
    let best = &b.orders[b.best_order - 1];
    let names: Vec<&str> = best.tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["D", "E", "G"]);
    assert!(!best.aborted);
    assert_eq!(best.cost.round() as u64, free.plan[0].cost);
    assert!(b.orders.iter().all(|o| o.aborted || o.cost >= best.cost));
    // The initial order: by increasing cardinality, D (1), G (5), E (200).
    let first: Vec<&str> = b.orders[0].tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(first, ["D", "G", "E"]);
    let t = free.sql_trace.join("\n");
    for l in [
        "Join order[1]:  D[D]#2  G[G]#1  E[E]#0",
        "Now joining: G[G]#1",
        &format!("Number of join permutations tried: {}", b.permutations),
        &format!("  Best join order: {}", b.best_order),
    ] {
        assert!(t.lines().any(|x| x == l), "no line {l:?} in\n{t}");
    }
    assert!(t.contains("Best so far:  Table#: 2"), "{t}");
    // A Cartesian step (D then G) is costed as a merge join cartesian too.
    assert!(t.contains("SM Join") && t.contains("SM cost: "), "{t}");
    // LEADING(g): every order considered starts with G.
    let lb = &led.optimizer.as_ref().expect("10053").blocks[0];
    assert!(lb.orders.iter().all(|o| o.tables[0].name == "G"));
    assert_eq!(lb.orders[lb.best_order - 1].tables[0].name, "G", "{:?}", ops(led));
}

/// A correlated subquery's `e.dept = d.id` is costed as `e.dept = :B1`:
/// 200 rows / 7 departments = 28.6, E-Rows 29 (Oracle's figure), not 5%
/// (10).
#[test]
fn a_correlated_equality_is_costed_at_one_over_ndv() {
    let s = run(&format!(
        "{DEG}select d.name from d where exists (select /*+ no_unnest full(e) */ null from e where e.dept = d.id);\n"
    ));
    let q = s.last().unwrap();
    let e = q.plan.iter().find(|l| l.name.as_deref() == Some("E")).expect("E's line");
    assert_eq!(e.e_rows, 29, "{:?}", ops(q));
}
