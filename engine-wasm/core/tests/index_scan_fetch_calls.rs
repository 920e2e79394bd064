//! An index scan across fetch calls: each call gets the leaf where the
//! last one stopped, also when that call stopped on the leaf's last
//! entry and the scan then crosses into the next leaf
//! (`exec/row_source/index_range_scan.rs`).

mod common;
use common::*;

/// (Buffers of the statement, Buffers of its INDEX FULL SCAN) of each
/// executed query of the article (gather_plan_statistics).
fn buffers(steps: &[lio_core::StepOut]) -> Vec<(u64, u64)> {
    steps
        .iter()
        .filter(|s| s.rows_processed == 1000 && s.plan.iter().any(|l| l.operation == "INDEX FULL SCAN"))
        .map(|s| (s.plan[0].buffers, s.plan.iter().find(|l| l.operation == "INDEX FULL SCAN").unwrap().buffers))
        .collect()
}

/// tests/articles/antognini-index-scan-fetch-calls.sql: 1042 (503) at
/// ARRAYSIZE 2 and 100 (13) at ARRAYSIZE 100, as published.
#[test]
fn antognini_row_prefetching_buffers() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/antognini-index-scan-fetch-calls.sql"));
    ok(&steps);
    let cf = steps.iter().find(|s| s.statement.contains("clustering_factor")).unwrap();
    assert_eq!(row_strings(cf), vec!["1|2|77"]);
    assert_eq!(buffers(&steps), vec![(1042, 503), (100, 13)]);
}

/// Worked by hand: 20 rows in a one-leaf index, ARRAYSIZE 5: fetch
/// calls bring 1, 5, 5, 5, 4 rows (5 calls). The index is got by the
/// first call (root = leaf) and once again by each later call: 5 gets.
/// The last call ends short of the array, so no sixth call is made.
#[test]
fn one_leaf_index_one_get_per_call() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table s (id number, constraint s_pk primary key (id));\n\
         insert into s select level from dual connect by level <= 20;\n\
         exec dbms_stats.gather_table_stats(user, 's')",
    ));
    let s = e.exec("set arraysize 5\nselect /*+ index(s s_pk) gather_plan_statistics */ id from s where id > 0;");
    ok(&s);
    let q = s.iter().find(|s| s.rows_processed == 20).unwrap();
    assert_eq!(q.plan.iter().find(|l| l.operation.starts_with("INDEX")).unwrap().buffers, 5);
}
