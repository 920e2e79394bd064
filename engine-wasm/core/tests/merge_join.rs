//! Issue 34: MERGE JOIN (`USE_MERGE(t)`): the rows so far and the hinted
//! table each under a SORT JOIN, sorted once in their work areas; the
//! second SORT JOIN probed once per row of the first (its Starts) and
//! returning the rows with an equal key (its A-Rows). Hand-checked on a
//! 4-row and a 10-row table, each in one block (a full scan of a one-block
//! table is 4 gets in the lab: `hash_join.rs`).

mod common;
use common::joins::*;
use common::*;

/// count(*) over the merge join: 8 pairs. Each input read once (4 + 4
/// gets), both sorted in memory (sorts (memory) 2, two optimal work
/// areas); the second SORT JOIN started for each of T1's 4 rows, returning
/// 2 rows each: Starts 4, A-Rows 8. Its line carries the keys as access
/// and filter, as Oracle prints them.
#[test]
fn each_input_sorted_once_and_the_second_probed_per_row() {
    let steps = run(&format!(
        "{SMALL}select /*+ leading(t1) use_merge(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;\n\
         select /*+ leading(t1) use_hash(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;"
    ));
    let n = steps.len();
    let (mj, hj) = (&steps[n - 2], &steps[n - 1]);
    assert_eq!(mj.rows[0][0], 8);
    assert_eq!(
        ops(mj)[1..],
        [
            ("SORT AGGREGATE".into(), 1, 1, 8),
            ("MERGE JOIN".into(), 1, 8, 8),
            ("SORT JOIN".into(), 1, 4, 4),
            ("TABLE ACCESS FULL T1".into(), 1, 4, 4),
            ("SORT JOIN".into(), 4, 8, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 10, 4),
        ]
    );
    assert_eq!(stat(mj, "sorts (memory)"), 2);
    assert_eq!(stat(mj, "workarea executions - optimal"), 2);
    assert_eq!(stat(mj, "consistent gets"), stat(hj, "consistent gets"));
    let sj = &mj.plan[5];
    assert_eq!(sj.access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert_eq!(sj.filter.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert!(mj.plan[3].access.is_none() && mj.plan[3].filter.is_none());
}

/// The same rows as the nested loop; a non-equijoin predicate filters the
/// pairs on the MERGE JOIN line (the SORT JOIN still returned them: A-Rows
/// 8, the join 4); NULL keys join nothing.
#[test]
fn rows_and_the_join_filter() {
    let steps = run(&format!(
        "{SMALL}update t2 set t1_id = null where id = 9;\n\
         commit;\n\
         select /*+ leading(t1) use_merge(t2) */ t1.id, t2.id from t1, t2 where t1.id = t2.t1_id and t2.id > t1.id order by 1, 2;\n\
         select /*+ leading(t1) use_nl(t2) */ t1.id, t2.id from t1, t2 where t1.id = t2.t1_id and t2.id > t1.id order by 1, 2;"
    ));
    let n = steps.len();
    let (mj, nl) = (&steps[n - 2], &steps[n - 1]);
    // t2 ids 6, 7, 8 (id 9's key is NULL): pairs (1,6) (2,7) (3,8).
    assert_eq!(rows(mj), ["1|6", "2|7", "3|8"]);
    assert_eq!(rows(mj), rows(nl));
    let j = mj.plan.iter().find(|l| l.operation == "MERGE JOIN").unwrap();
    assert_eq!(j.filter.as_deref(), Some("\"T2\".\"ID\">\"T1\".\"ID\""));
    assert_eq!(j.a_rows, 3);
    let second = mj.plan.iter().filter(|l| l.operation == "SORT JOIN").nth(1).unwrap();
    assert_eq!((second.starts, second.a_rows), (4, 7));
}
