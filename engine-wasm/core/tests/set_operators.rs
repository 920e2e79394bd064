//! UNION, INTERSECT and MINUS, and COUNT/SUM/AVG(DISTINCT): rows, plan
//! lines, gets and sorts, worked by hand on two one-block tables.
//!
//! T1 holds 20 rows, n = mod(level, 5) (each of 0..4 four times) and s =
//! 'a' on even levels, NULL on odd ones; T2 10 rows, n = mod(level, 3)
//! (0..2) and s likewise. Each table fits in one block: a full scan under
//! a sort reads it in one fetch call, 4 gets (18c: the segment header
//! three times, then the one data block once; a scan fetched straight to
//! SQL*Plus gets its block again on each later fetch call). A compound's
//! consistent gets are the sum of its branches' (each scanned once; FAST
//! DUAL reads nothing), and its sorts are its SORT UNIQUEs (one for UNION
//! over UNION-ALL, one per branch under INTERSECTION and MINUS), each in
//! memory.

mod common;
use common::row_strings as rows;
use common::*;
use lio_core::{Engine, StepOut};
use lio_sql::ora;

const SETUP: &str = "create table t1 (n number, s varchar2(10));
create table t2 (n number, s varchar2(10));
insert into t1 select mod(level,5), case when mod(level,2)=0 then 'a' end from dual connect by level <= 20;
insert into t2 select mod(level,3), case when mod(level,2)=0 then 'a' end from dual connect by level <= 10;
commit;
";

fn engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    // Warm: every block read once, so the figures below are logical only.
    ok(&e.exec("select * from t1;\nselect * from t2;"));
    e
}

fn run(e: &mut Engine, sql: &str) -> StepOut {
    let mut s = e.exec(&format!("set autotrace on statistics\n{sql}\nset autotrace off"));
    ok(&s);
    s.remove(1)
}

/// (operation with its indent, starts, A-Rows, Buffers) per line.
fn plan(s: &StepOut) -> Vec<(String, u64, u64, u64)> {
    s.plan
        .iter()
        .map(|l| {
            let name = l.name.as_deref().map(|n| format!(" {n}")).unwrap_or_default();
            (format!("{}{}{}", " ".repeat(l.depth as usize), l.operation, name), l.starts, l.a_rows, l.buffers)
        })
        .collect()
}

fn error(e: &mut Engine, sql: &str) -> (String, u32, u32) {
    let s = e.exec(sql);
    let (c, l, col) = error_of(&s[0]);
    (c.to_string(), l, col)
}

/// A full scan of one of the one-block tables under a sort (see above).
const SCAN: u64 = 4;

#[test]
fn union_is_sort_unique_over_union_all() {
    let mut e = engine();
    let (g1, g2) = (SCAN, SCAN);
    let s = run(&mut e, "select n, s from t1 union select n, s from t2;");
    // (n, s) pairs: 0..4 each with 'a' and NULL; NULLs compare equal, so
    // ten rows; sorted by n then s, NULL last.
    assert_eq!(rows(&s), ["0|a", "0|", "1|a", "1|", "2|a", "2|", "3|a", "3|", "4|a", "4|"]);
    assert_eq!(
        plan(&s),
        [
            ("SELECT STATEMENT".into(), 1, 10, g1 + g2),
            (" SORT UNIQUE".into(), 1, 10, g1 + g2),
            ("  UNION-ALL".into(), 1, 30, g1 + g2),
            ("   TABLE ACCESS FULL T1".into(), 1, 20, g1),
            ("   TABLE ACCESS FULL T2".into(), 1, 10, g2),
        ]
    );
    assert_eq!(stat(&s, "consistent gets"), g1 + g2);
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    assert_eq!(stat(&s, "sorts (disk)"), 0);
}

#[test]
fn minus_and_intersection_sort_each_branch() {
    let mut e = engine();
    let (g1, g2) = (SCAN, SCAN);
    let s = run(&mut e, "select n from t1 minus select n from t2;");
    assert_eq!(rows(&s), ["3", "4"]);
    assert_eq!(
        plan(&s),
        [
            ("SELECT STATEMENT".into(), 1, 2, g1 + g2),
            (" MINUS".into(), 1, 2, g1 + g2),
            ("  SORT UNIQUE".into(), 1, 5, g1),
            ("   TABLE ACCESS FULL T1".into(), 1, 20, g1),
            ("  SORT UNIQUE".into(), 1, 3, g2),
            ("   TABLE ACCESS FULL T2".into(), 1, 10, g2),
        ]
    );
    assert_eq!(stat(&s, "sorts (memory)"), 2);
    // Three branches of one operator share it; dual's branch reads nothing.
    let s = run(&mut e, "select n from t1 intersect select n from t2 intersect select 1 from dual;");
    assert_eq!(rows(&s), ["1"]);
    let p = plan(&s);
    assert_eq!(p[1], (" INTERSECTION".into(), 1, 1, g1 + g2));
    assert_eq!(p.iter().filter(|l| l.0.trim() == "SORT UNIQUE").count(), 3);
    assert_eq!(stat(&s, "sorts (memory)"), 3);
    assert_eq!(stat(&s, "consistent gets"), g1 + g2);
}

#[test]
fn chains_apply_left_to_right() {
    let mut e = engine();
    // (t1 UNION ALL t2) MINUS t2 = {3, 4}; t1 UNION ALL (t2 MINUS t2) would
    // keep every t1 row.
    let s = run(&mut e, "select n from t1 union all select n from t2 minus select n from t2;");
    assert_eq!(rows(&s), ["3", "4"]);
    let ops: Vec<String> = plan(&s).into_iter().map(|l| l.0).collect();
    assert_eq!(
        ops,
        [
            "SELECT STATEMENT",
            " MINUS",
            "  SORT UNIQUE",
            "   UNION-ALL",
            "    TABLE ACCESS FULL T1",
            "    TABLE ACCESS FULL T2",
            "  SORT UNIQUE",
            "   TABLE ACCESS FULL T2"
        ]
    );
    // Parentheses group: t1 MINUS (t2 UNION 3) = {4}; the UNION branch is
    // distinct already, not sorted twice.
    let s = run(&mut e, "select n from t1 minus (select n from t2 union select 3 from dual);");
    assert_eq!(rows(&s), ["4"]);
    assert_eq!(stat(&s, "sorts (memory)"), 2);
    // A parenthesised first branch, and the ORDER BY after the last one.
    let s = run(&mut e, "(select n from t1 minus select n from t2) union (select 9 from dual) order by 1 desc;");
    assert_eq!(rows(&s), ["9", "4", "3"]);
}

#[test]
fn order_by_of_a_compound() {
    let mut e = engine();
    // By name (the first branch's) or position; the SORT UNIQUE sorts on
    // the ORDER BY's keys: no SORT ORDER BY.
    let s = run(&mut e, "select n, s x from t1 union select n, s from t2 order by x desc, 1 desc;");
    assert_eq!(rows(&s)[..3], ["4|", "3|", "2|"]);
    assert!(!plan(&s).iter().any(|l| l.0.contains("ORDER BY")));
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    // Over UNION-ALL: a SORT ORDER BY.
    let s = run(&mut e, "select n from t2 union all select n from t2 order by 1;");
    assert_eq!(rows(&s).len(), 20);
    assert!(plan(&s)[1].0.contains("SORT ORDER BY"));
    let q = "select n from t1 union select n from t2 order by ";
    assert_eq!(error(&mut e, &format!("{q}n + 1;")), (ora::ORDER_BY_ITEM_NUMBER.code(), 1, 50));
    assert_eq!(error(&mut e, &format!("{q}3;")), (ora::ORDER_BY_ITEM_NUMBER.code(), 1, 50));
    assert_eq!(error(&mut e, &format!("{q}s;")), (ora::INVALID_IDENTIFIER.code(), 1, 50));
    assert_eq!(
        error(&mut e, "select n from t1 order by 1 union select n from t2;").0,
        ora::SQL_COMMAND_NOT_PROPERLY_ENDED.code()
    );
}

#[test]
fn errors_of_set_operators() {
    let mut e = engine();
    assert_eq!(
        error(&mut e, "select n from t1 union select n, s from t2;"),
        (ora::QUERY_BLOCK_INCORRECT_COLUMNS.code(), 1, 24)
    );
    assert_eq!(
        error(&mut e, "select n from t1 minus select s from t2;"),
        (ora::EXPRESSION_MUST_HAVE_SAME_DATATYPE.code(), 1, 8)
    );
    // 21c's MINUS ALL, INTERSECT ALL and EXCEPT: 19c and before read none.
    assert_eq!(
        error(&mut e, "select n from t1 minus all select n from t2;"),
        (ora::MISSING_SELECT_KEYWORD.code(), 1, 24)
    );
    assert_eq!(error(&mut e, "select n from t1 intersect all select n from t2;").0, ora::MISSING_SELECT_KEYWORD.code());
    assert_eq!(
        error(&mut e, "select n from t1 except select n from t2;").0,
        ora::SQL_COMMAND_NOT_PROPERLY_ENDED.code()
    );
    assert_eq!(
        error(&mut e, "(select n from t1 order by 1) union select n from t2;").0,
        ora::MISSING_RIGHT_PARENTHESIS.code()
    );
}

#[test]
fn distinct_aggregates_count_each_value_once() {
    let mut e = engine();
    let g1 = SCAN;
    let s = run(
        &mut e,
        "select count(distinct n), sum(distinct n), avg(distinct n), count(n), count(distinct s), count(*) from t1;",
    );
    // n: 0..4 four times each: 5 distinct, summing to 10, averaging 2;
    // s: 'a' and NULL, NULL not counted.
    assert_eq!(rows(&s), ["5|10|2|20|1|20"]);
    assert_eq!(s.columns[0], "COUNT(DISTINCTN)");
    assert_eq!(plan(&s)[1], (" SORT AGGREGATE".into(), 1, 1, g1));
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    // Plain aggregates only: no sort.
    assert_eq!(stat(&run(&mut e, "select count(n), sum(n) from t1;"), "sorts (memory)"), 0);
    // Grouped: SORT GROUP BY, one sort.
    let s = run(&mut e, "select s, count(distinct n), count(*) from t1 group by s;");
    assert_eq!(rows(&s), ["a|5|10", "|5|10"]);
    assert_eq!(plan(&s)[1], (" SORT GROUP BY".into(), 1, 2, g1));
    assert_eq!(stat(&s, "sorts (memory)"), 1);
    // MIN and MAX of the distinct values are the plain ones.
    assert_eq!(rows(&run(&mut e, "select max(distinct n), min(unique n) from t1;")), ["4|0"]);
}

/// Yang Qilong's MINUS of T (9 rows) and T1 (21): the published plan,
/// rows and sorts; the gets are each branch's full scan once (published
/// 14 = 7 + 7; the lab's one-block scan is 4, see the script's header).
#[test]
fn yang_minus_sorts_each_branch_unique() {
    let script = include_str!("../../../tests/articles/yang-minus-sort-unique-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let minus: Vec<&StepOut> = steps.iter().filter(|s| s.statement.contains("minus")).collect();
    let (a, b) = (minus[0], minus[1]);
    let ops: Vec<String> = plan(a).into_iter().map(|l| l.0).collect();
    assert_eq!(
        ops,
        [
            "SELECT STATEMENT",
            " MINUS",
            "  SORT UNIQUE",
            "   TABLE ACCESS FULL T",
            "  SORT UNIQUE",
            "   TABLE ACCESS FULL T1"
        ]
    );
    assert_eq!(a.rows_processed, 0);
    assert_eq!(stat(a, "sorts (memory)"), 2);
    assert_eq!(stat(a, "sorts (disk)"), 0);
    assert_eq!(stat(a, "db block gets"), 0);
    assert_eq!(stat(a, "SQL*Net roundtrips to/from client"), 1);
    let p = plan(a);
    assert_eq!(stat(a, "consistent gets"), p[3].3 + p[5].3);
    assert_eq!(stat(a, "consistent gets"), 2 * SCAN);
    assert_eq!(
        rows(b),
        ["2|a1|b1", "2|a1|b2", "2|a1|b3", "2|a2|b2", "3|a1|b1", "3|a1|b2", "3|a1|b3", "3|a2|b1", "3|a2|b2", "3|a2|b3"]
    );
    assert_eq!(b.columns, ["ID", "NAME", "TEXT"]);
}

#[test]
fn order_by_in_a_later_parenthesised_branch_is_refused() {
    let mut e = engine();
    let q = "select n from t1 union (select n from t2 order by 1);";
    assert_eq!(error(&mut e, q).0, ora::MISSING_RIGHT_PARENTHESIS.code());
    // The whole statement in parentheses may have its ORDER BY.
    let s = run(&mut e, "(select n from t2 minus select 0 from dual order by 1 desc);");
    assert_eq!(rows(&s), ["2", "1"]);
}
