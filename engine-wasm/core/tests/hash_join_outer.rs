//! Issue 34: the hash join's outer, semi and anti forms, and the nested
//! loop's semi and anti: HASH JOIN OUTER for a LEFT JOIN's table, HASH
//! JOIN SEMI / ANTI / ANTI NA / ANTI SNA and NESTED LOOPS SEMI / ANTI for
//! EXISTS, IN, NOT EXISTS and NOT IN subqueries unnested on their hints.
//! Hand-checked on a 5-row and an 11-row table, each in one block (a full
//! scan of a one-block table is 4 gets in the lab: `hash_join.rs`).

mod common;
use common::joins::*;
use common::*;
use lio_sql::ora;

/// LEFT JOIN by hash: T1 (preserved) is the build input, T2 the probe;
/// t2.id > 5 leaves ids 6-9 matching t1 ids 1-4 once each, and t1 id 5
/// comes out after the probe with T2's columns NULL: 5 rows, each input
/// read once: 4 + 4 gets, and one more on T2: SQL*Plus's first fetch
/// (one row) ends inside the probe, and the second fetch call gets T2's
/// current block again (as in the xxzhaobb article). The WHERE clause's `t2.id is null` is a FILTER
/// above the join (not a join filter): 1 row.
#[test]
fn a_left_join_by_hash_returns_unmatched_build_rows_at_the_end() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select /*+ leading(t1) use_hash(t2) */ t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id and t2.id > 5;\n\
         select /*+ leading(t1) use_nl(t2) */ t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id and t2.id > 5 order by 1;\n\
         select /*+ leading(t1) use_hash(t2) */ t1.id from t1 left join t2 on t2.t1_id = t1.id and t2.id > 5 where t2.id is null;"
    ));
    let n = steps.len();
    let (hj, nl, anti) = (&steps[n - 3], &steps[n - 2], &steps[n - 1]);
    assert_eq!(rows(hj), ["1|6", "2|7", "3|8", "4|9", "5|null"]);
    assert_eq!(rows(hj), rows(nl));
    assert_eq!(
        ops(hj)[1..],
        [
            ("HASH JOIN OUTER".into(), 1, 5, 9),
            ("TABLE ACCESS FULL T1".into(), 1, 5, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 5, 5),
        ]
    );
    let j = &hj.plan[1];
    assert_eq!(j.access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\"(+)"));
    assert_eq!(hj.plan[3].filter.as_deref(), Some("\"T2\".\"ID\">5"));
    assert_eq!(stat(hj, "workarea executions - optimal"), 1);
    assert_eq!(rows(anti), ["5"]);
    assert_eq!(anti.plan[1].operation, "FILTER");
    assert_eq!(anti.plan[1].filter.as_deref(), Some("\"T2\".\"ID\" IS NULL"));
    assert_eq!(anti.plan[2].operation, "HASH JOIN OUTER");
}

/// EXISTS with HASH_SJ: each T1 row with a T2 row once (ids 1-4, though
/// each has two), T2 read once to its end (4 gets and the second fetch's
/// re-get, as above); NOT EXISTS returns its row after the probe ended
/// (no re-get: 8). NOT EXISTS with HASH_AJ: the
/// build rows never matched, after the probe (id 5). With NL_SJ the
/// inner scan starts once per T1 row and stops at its first match.
#[test]
fn exists_and_not_exists_unnested() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select t1.id from t1 where exists (select /*+ hash_sj */ 1 from t2 where t2.t1_id = t1.id);\n\
         select t1.id from t1 where not exists (select /*+ hash_aj */ 1 from t2 where t2.t1_id = t1.id);\n\
         select t1.id from t1 where exists (select /*+ nl_sj */ 1 from t2 where t2.t1_id = t1.id);\n\
         select t1.id from t1 where not exists (select /*+ nl_aj */ 1 from t2 where t2.t1_id = t1.id);\n\
         select t1.id from t1 where exists (select 1 from t2 where t2.t1_id = t1.id);"
    ));
    let n = steps.len();
    let (semi, anti, nl_semi, nl_anti, filter) =
        (&steps[n - 5], &steps[n - 4], &steps[n - 3], &steps[n - 2], &steps[n - 1]);
    assert_eq!(rows(semi), ["1", "2", "3", "4"]);
    assert_eq!(
        ops(semi)[1..],
        [
            ("HASH JOIN SEMI".into(), 1, 4, 9),
            ("TABLE ACCESS FULL T1".into(), 1, 5, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 10, 5),
        ]
    );
    assert_eq!(semi.plan[1].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert_eq!(rows(anti), ["5"]);
    assert_eq!(ops(anti)[1], ("HASH JOIN ANTI".into(), 1, 1, 8));
    assert_eq!(rows(nl_semi), ["1", "2", "3", "4"]);
    // T2 started per T1 row; ids 1-4 stop at their first match (A-Rows 4).
    assert_eq!(ops(nl_semi)[1].0, "NESTED LOOPS SEMI");
    assert_eq!((ops(nl_semi)[3].1, ops(nl_semi)[3].2), (5, 4));
    assert_eq!(rows(nl_anti), ["5"]);
    assert_eq!(ops(nl_anti)[1].0, "NESTED LOOPS ANTI");
    // Without a hint the subquery stays a FILTER child, as before.
    assert_eq!(filter.plan[1].operation, "FILTER");
    assert_eq!(rows(filter), rows(semi));
}

/// NOT IN on nullable columns: ANTI NA (the subquery's column nullable).
/// n NOT IN (1, 2, 3): ids 2 and 4 (n = 0); id 5's NULL n is unknown, not
/// returned. A NULL in the subquery's column: no row at all. An empty
/// subquery: every row, id 5 too. A NOT NULL subquery column and a
/// nullable n: ANTI SNA. Both NOT NULL: plain ANTI. The subquery's rows
/// (3 of T2's, 1 of T3's) are fewer than T1's 5: they are the build input
/// (RIGHT), as Oracle swaps them, unless NO_SWAP_JOIN_INPUTS says not.
#[test]
fn not_in_is_null_aware() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}create table t3 (id number not null, k number not null);\n\
         insert into t3 values (1, 1);\n\
         commit;\n\
         select t1.id from t1 where t1.n not in (select /*+ hash_aj no_swap_join_inputs(t2) */ t1_id from t2 where id <= 3);\n\
         select t1.id from t1 where t1.n not in (select /*+ hash_aj */ t1_id from t2 where id <= 3) order by 1;\n\
         update t2 set t1_id = null where id = 2;\n\
         commit;\n\
         select t1.id from t1 where t1.n not in (select /*+ hash_aj */ t1_id from t2 where id <= 3);\n\
         select t1.id from t1 where t1.n not in (select /*+ hash_aj */ t1_id from t2 where id > 100) order by 1;\n\
         select t1.id from t1 where t1.n not in (select /*+ hash_aj */ k from t3);\n\
         select t1.id from t1 where t1.id not in (select /*+ hash_aj */ k from t3);"
    ));
    let n = steps.len();
    let q = &steps[n - 8];
    assert_eq!(q.plan[1].operation, "HASH JOIN ANTI NA");
    assert_eq!(rows(q), ["2", "4"]);
    assert_eq!(q.plan[2].name.as_deref(), Some("T1"));
    let swapped = &steps[n - 7];
    assert_eq!(rows(swapped), ["2", "4"]);
    assert_eq!(swapped.plan[2].operation, "HASH JOIN RIGHT ANTI NA");
    // The build input (T2's three rows) first, the access keys as written.
    assert_eq!(swapped.plan[3].name.as_deref(), Some("T2"));
    assert_eq!(swapped.plan[2].access.as_deref(), Some("\"T1\".\"N\"=\"T2\".\"T1_ID\""));
    assert_eq!(rows(&steps[n - 4]), Vec::<String>::new());
    assert_eq!(rows(&steps[n - 3]), ["1", "2", "3", "4", "5"]);
    let sna = &steps[n - 2];
    assert_eq!(sna.plan[1].operation, "HASH JOIN RIGHT ANTI SNA");
    assert_eq!(rows(sna), ["2", "4"]);
    let plain = &steps[n - 1];
    assert_eq!(plain.plan[1].operation, "HASH JOIN RIGHT ANTI");
    assert_eq!(rows(plain), ["2", "3", "4", "5"]);
}

/// What the lab does not unnest is refused when asked for: a merge semi
/// join, a null-aware anti join by nested loops, a subquery of two tables.
#[test]
fn unnesting_it_cannot_do_is_refused() {
    let mut e = quiet_engine();
    let small = small_tables();
    let steps = e.exec(&format!(
        "{small}select t1.id from t1 where exists (select /*+ merge_sj */ 1 from t2 where t2.t1_id = t1.id);\n\
         select t1.id from t1 where t1.n not in (select /*+ nl_aj */ t1_id from t2);\n\
         select t1.id from t1 where exists (select /*+ unnest */ 1 from t2, t2 x where t2.t1_id = t1.id);"
    ));
    let n = steps.len();
    for s in &steps[n - 3..] {
        assert_eq!(error_of(s).0, ora::LAB_UNSUPPORTED.code(), "{}", s.statement);
    }
}

/// SWAP_JOIN_INPUTS: the table's side is the build input (T2 first under
/// the join), the rows before it the probe, each probe row returned with
/// its matches or (RIGHT OUTER) once with T2 NULL, once at its first match
/// (RIGHT SEMI), or when it has none (RIGHT ANTI): the same rows as the
/// unswapped joins. An inner hash join swaps on the hint too.
#[test]
fn swapped_inputs_return_the_same_rows() {
    let small = small_tables();
    let steps = run(&format!(
        "{small}select /*+ leading(t1) use_hash(t2) swap_join_inputs(t2) */ t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id and t2.id > 5 order by 1;\n\
         select t1.id from t1 where exists (select /*+ hash_sj swap_join_inputs(t2) */ 1 from t2 where t2.t1_id = t1.id) order by 1;\n\
         select t1.id from t1 where not exists (select /*+ hash_aj swap_join_inputs(t2) */ 1 from t2 where t2.t1_id = t1.id);\n\
         select /*+ leading(t1) use_hash(t2) swap_join_inputs(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;"
    ));
    let n = steps.len();
    let (outer, semi, anti, inner) = (&steps[n - 4], &steps[n - 3], &steps[n - 2], &steps[n - 1]);
    assert_eq!(rows(outer), ["1|6", "2|7", "3|8", "4|9", "5|null"]);
    assert_eq!(outer.plan[2].operation, "HASH JOIN RIGHT OUTER");
    assert_eq!(outer.plan[3].name.as_deref(), Some("T2"));
    assert_eq!(outer.plan[2].access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\"(+)"));
    assert_eq!(rows(semi), ["1", "2", "3", "4"]);
    assert_eq!(semi.plan[2].operation, "HASH JOIN RIGHT SEMI");
    assert_eq!(rows(anti), ["5"]);
    assert_eq!(ops(anti)[1], ("HASH JOIN RIGHT ANTI".into(), 1, 1, 8));
    assert_eq!(inner.rows[0][0], 8);
    assert_eq!(inner.plan[2].operation, "HASH JOIN");
    assert_eq!(inner.plan[3].name.as_deref(), Some("T2"));
}

/// Swapped, a build input whose keys are all NULL (or that is empty) has
/// no row to match: a right outer join still returns every probe row (the
/// difftest found it returning none).
#[test]
fn a_right_outer_join_with_no_build_rows_returns_the_probe_rows() {
    let steps = run(&format!(
        "{SMALL}update t2 set t1_id = null;\n\
         commit;\n\
         select /*+ leading(t1) use_hash(t2) swap_join_inputs(t2) */ t1.id, t2.id from t1 left join t2 on t2.t1_id = t1.id order by 1;"
    ));
    let q = steps.last().unwrap();
    assert_eq!(q.plan[2].operation, "HASH JOIN RIGHT OUTER");
    assert_eq!(rows(q), ["1|null", "2|null", "3|null", "4|null"]);
}
