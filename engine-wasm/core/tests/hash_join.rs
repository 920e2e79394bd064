//! Issue 34: HASH JOIN (`USE_HASH(t)`): the rows joined so far are the
//! build input, the hinted table the probe input, each read once; the
//! build's hash table in its work area (optimal, one-pass, multi-pass:
//! `exec/hash_area.rs`), its spilled partitions on temp.

mod common;
use common::joins::*;
use common::*;
use lio_core::StepOut;

/// Hand-checked: a full scan of a one-block table is 4 gets in the lab
/// (`select count(*) from t1` shows them); a hash join reads each input
/// once, so its consistent gets are the two scans': 4 + 4 = 8. The nested
/// loop of the same join starts the scan of T2 once per T1 row (4 starts).
/// Rows: t2.t1_id = 1..4 for ids 1-4 and 6-9 (t1_id 0 matches nothing): 8.
#[test]
fn a_hash_join_reads_each_input_once() {
    let steps = run(&format!(
        "{SMALL}select count(*) from t1;\n\
         select count(*) from t2;\n\
         select /*+ leading(t1) use_hash(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;\n\
         select /*+ leading(t1) use_nl(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;"
    ));
    let n = steps.len();
    let (g1, g2) = (stat(&steps[n - 4], "consistent gets"), stat(&steps[n - 3], "consistent gets"));
    assert_eq!((g1, g2), (4, 4));
    let hj = &steps[n - 2];
    assert_eq!(hj.rows[0][0], 8);
    assert_eq!(stat(hj, "consistent gets"), g1 + g2);
    assert_eq!(
        ops(hj)[1..],
        [
            ("SORT AGGREGATE".into(), 1, 1, 8),
            ("HASH JOIN".into(), 1, 8, 8),
            ("TABLE ACCESS FULL T1".into(), 1, 4, 4),
            ("TABLE ACCESS FULL T2".into(), 1, 10, 4),
        ]
    );
    assert_eq!(stat(hj, "workarea executions - optimal"), 1);
    let nl = &steps[n - 1];
    assert_eq!(nl.rows[0][0], 8);
    let t2 = nl.plan.iter().find(|l| l.name.as_deref() == Some("T2")).unwrap();
    assert_eq!(t2.starts, 4);
    assert!(stat(nl, "consistent gets") > 8);
}

/// The same rows as the nested loop, a join filter on the HASH JOIN line
/// (`filter`) and the build's own predicate on its scan; NULL keys join
/// nothing; an empty build never starts the probe.
#[test]
fn rows_predicates_and_an_empty_build() {
    let steps = run(&format!(
        "{SMALL}insert into t1 values (5, null, null);\n\
         insert into t2 values (11, 0, null);\n\
         update t2 set t1_id = null where id = 10;\n\
         commit;\n\
         select /*+ leading(t1) use_hash(t2) */ t1.id, t2.id from t1, t2 where t1.id = t2.t1_id and t1.n = 1 and t2.id > t1.id order by 1, 2;\n\
         select /*+ leading(t1) use_nl(t2) */ t1.id, t2.id from t1, t2 where t1.id = t2.t1_id and t1.n = 1 and t2.id > t1.id order by 1, 2;\n\
         select /*+ leading(t1) use_hash(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id and t1.n = 7;"
    ))
    .into_iter()
    .rev()
    .take(3)
    .collect::<Vec<_>>();
    let (empty, nl, hj) = (&steps[0], &steps[1], &steps[2]);
    assert_eq!(hj.rows, nl.rows);
    // t1.n = 1: ids 1 and 3; t2 rows 6 (t1_id 1) and 8 (t1_id 3) are past them.
    assert_eq!(hj.rows.len(), 2, "{:?}", hj.rows);
    let j = hj.plan.iter().find(|l| l.operation == "HASH JOIN").unwrap();
    assert_eq!(j.access.as_deref(), Some("\"T1\".\"ID\"=\"T2\".\"T1_ID\""));
    assert_eq!(j.filter.as_deref(), Some("\"T2\".\"ID\">\"T1\".\"ID\""));
    let t1 = hj.plan.iter().find(|l| l.name.as_deref() == Some("T1")).unwrap();
    assert_eq!(t1.filter.as_deref(), Some("\"T1\".\"N\"=1"));
    let t2 = empty.plan.iter().find(|l| l.name.as_deref() == Some("T2")).unwrap();
    assert_eq!((t2.starts, t2.buffers), (0, 0));
    assert_eq!(empty.rows[0][0], 0);
}

/// 1,000 rows a side, keys of 10 characters and a 100-character column:
/// a build row weighs 16 (hash entry) + 11 (the key) + 11 + 101 (the row's
/// columns with their length bytes) = 139 bytes: B = 139,000.
const SPILL: &str = "create table t1 (k varchar2(10), v varchar2(100));\n\
    create table t2 (k varchar2(10), w varchar2(100));\n\
    insert into t1 select lpad(rownum, 10, '0'), rpad('a', 100, 'x') from dual connect by level <= 1000;\n\
    insert into t2 select lpad(rownum, 10, '0'), rpad('b', 100, 'y') from dual connect by level <= 1000;\n\
    commit;\n\
    alter session set workarea_size_policy = manual;\n\
    alter session set statistics_level = all;\n";
const JOIN: &str = "select /*+ leading(t1) use_hash(t2) */ count(t1.v), count(t2.w) from t1, t2 where t1.k = t2.k;";

fn temp(s: &StepOut) -> (u64, u64, u64, u64) {
    (
        stat(s, "physical writes direct temporary tablespace"),
        stat(s, "physical write IO requests"),
        stat(s, "physical reads direct temporary tablespace"),
        stat(s, "physical read IO requests"),
    )
}

#[test]
fn a_build_within_hash_area_size_is_optimal() {
    let steps = run(&format!("{SPILL}alter session set hash_area_size = 1048576;\n{JOIN}"));
    let q = steps.last().unwrap();
    assert_eq!(q.rows[0][0], 1000);
    assert_eq!(stat(q, "workarea executions - optimal"), 1);
    assert_eq!(temp(q), (0, 0, 0, 0));
    let w = q.plan[2].workarea.unwrap();
    assert_eq!((w.optimal, w.used, w.passes, w.temp), (139_000, 139_000, 0, 0));
    // 1Mem: sqrt(139,000 x 16,384 slot) = 47,722.
    assert_eq!(w.onepass, 47_722);
}

/// hash_area_size 128 KB: 8 slots of 16 KB fit, so 8 partitions of 17,375
/// bytes (3 blocks); none kept beside the 8 write slots ((131,072 - 8 x
/// 16,384) / (17,375 - 16,384) = 0). Build and probe (the same size)
/// each write 8 x 3 = 24 blocks in 8 x 2 requests (2 + 1 blocks); each
/// partition fits the area, so every pair is read back once: one pass,
/// 48 blocks written and read in 32 requests each. Used-Tmp: 48 blocks.
#[test]
fn a_build_over_the_area_is_one_pass() {
    let steps = run(&format!("{SPILL}alter session set hash_area_size = 131072;\n{JOIN}"));
    let q = steps.last().unwrap();
    assert_eq!(q.rows[0][0], 1000);
    assert_eq!(stat(q, "workarea executions - onepass"), 1);
    assert_eq!(temp(q), (48, 32, 48, 32));
    assert!(q.waits.contains_key("direct path write temp") && q.waits.contains_key("direct path read temp"));
    let w = q.plan[2].workarea.unwrap();
    assert_eq!((w.used, w.passes, w.temp), (131_072, 1, 48 * 8192));
    assert!(q.folded.iter().any(|f| f.contains("qerhjFetch;kxhfWrite;pwrite64")), "{:?}", q.folded);
    // The gets are still the two scans'.
    let scans: u64 = q.plan[3..].iter().map(|l| l.buffers).sum();
    assert_eq!(stat(q, "consistent gets"), scans);
    // V$SQL_WORKAREA: the cursor's HASH-JOIN work area, one-pass, 48 blocks of temp.
    let v = run(&format!(
        "{SPILL}alter session set hash_area_size = 131072;\n{JOIN}\n\
         select operation_type, last_execution, last_tempseg_size from v$sql_workarea where operation_type = 'HASH-JOIN';"
    ));
    let r = &v.last().unwrap().rows;
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!((r[0][1].as_str(), r[0][2].as_f64()), (Some("1 PASS"), Some(48.0 * 8192.0)));
}

/// hash_area_size 48 KB (six blocks, Oracle's minimum): 3 slots fit, so 2
/// partitions of 69,500 bytes (9 blocks), larger than the area: each is
/// loaded in ceil(69,500 / 49,152) = 2 chunks and its probe partition read
/// twice. Written: 2 x 9 build + 2 x 9 probe = 36 blocks in 20 requests (5
/// per partition); read: 18 build blocks once (10 requests) and 18 probe
/// blocks twice (20): 54 blocks in 30 requests. Multi-pass.
#[test]
fn partitions_larger_than_the_area_are_multipass() {
    let steps = run(&format!("{SPILL}alter session set hash_area_size = 49152;\n{JOIN}"));
    let q = steps.last().unwrap();
    assert_eq!(q.rows[0][0], 1000);
    assert_eq!(stat(q, "workarea executions - multipass"), 1);
    assert_eq!(temp(q), (36, 20, 54, 30));
    let x = run(&format!(
        "{SPILL}alter session set hash_area_size = 49152;\n{JOIN}\n\
         select * from table(dbms_xplan.display_cursor(null, null, 'allstats last'));"
    ));
    let text: Vec<String> = x.last().unwrap().rows.iter().filter_map(|r| r[0].as_str().map(String::from)).collect();
    let head = text.iter().find(|l| l.contains("OMem")).unwrap();
    assert!(head.ends_with("|  OMem |  1Mem | Used-Mem | Used-Tmp |"), "{head}");
    let hj = text.iter().find(|l| l.contains("HASH JOIN")).unwrap();
    // OMem 139,000 = 136K; 1Mem 47,722; 49,152 used in 2 passes; Used-Tmp
    // 36 blocks = 288 KB (Oracle prints it in KB).
    assert!(hj.ends_with("|   136K|  47722| 49152 (2)|       288|"), "{hj}");
}

/// USE_HASH without a table list is refused (every join by hash is not
/// modelled); the hinted join of a CHAR and a VARCHAR2 column too (their
/// comparison semantics differ: the lab hashes equal types only). A
/// number against a string is hashed on TO_NUMBER of the string, and
/// fails on a non-number as Oracle's does.
#[test]
fn what_the_lab_refuses() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{SMALL}create table t3 (c char(10));\n\
         select /*+ use_hash */ count(*) from t1, t2 where t1.id = t2.t1_id;\n\
         select /*+ leading(t1) use_hash(t3) */ count(*) from t1, t3 where t1.v = t3.c;\n\
         select /*+ leading(t1) use_hash(t2) */ count(*) from t1, t2 where t1.v = t2.id;"
    ));
    let n = steps.len();
    assert_eq!(error_of(&steps[n - 3]).0, "LAB-00001");
    assert_eq!(error_of(&steps[n - 2]).0, "LAB-00001");
    assert_eq!(error_of(&steps[n - 1]).0, "ORA-01722");
}

/// The join method by cost. T2 has no index on T1_ID: a nested loop
/// would scan it once per T1 row (4 x its full scan's cost), the hash
/// join once (plus the CPU of hashing 14 rows): HASH JOIN. With a unique
/// index on T2.ID and one T1 row the loop's probe (cost 1) is cheaper than
/// a scan of T2: NESTED LOOPS. `_hash_join_enabled = false` and
/// `USE_NL(t2)` keep the loop; USE_HASH still gives the hash join.
#[test]
fn the_join_method_by_cost() {
    let plan_ops = |s: &StepOut| s.plan.iter().map(|l| l.operation.clone()).collect::<Vec<_>>();
    let steps = run(&format!(
        "{SMALL}exec dbms_stats.gather_table_stats(user, 'T1')\n\
         exec dbms_stats.gather_table_stats(user, 'T2')\n\
         create unique index t2_id on t2 (id);\n\
         select count(*) from t1, t2 where t1.id = t2.t1_id;\n\
         select count(*) from t1, t2 where t1.id = t2.id and t1.id = 3;\n\
         select /*+ leading(t1) use_nl(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;\n\
         alter session set \"_hash_join_enabled\" = false;\n\
         select count(*) from t1, t2 where t1.id = t2.t1_id;\n\
         select /*+ use_hash(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;"
    ));
    let n = steps.len();
    assert_eq!(plan_ops(&steps[n - 6])[2], "HASH JOIN");
    assert_eq!(steps[n - 6].rows[0][0], 8);
    assert_eq!(plan_ops(&steps[n - 5])[2], "NESTED LOOPS");
    assert_eq!(plan_ops(&steps[n - 4])[2], "NESTED LOOPS");
    assert_eq!(plan_ops(&steps[n - 2])[2], "NESTED LOOPS");
    assert_eq!(plan_ops(&steps[n - 1])[2], "HASH JOIN");
    assert_eq!(steps[n - 1].rows[0][0], 8);
}
