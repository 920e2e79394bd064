//! Issue 31: optimizer_features_enable and the I/O cost model
//! (`optimizer::features`). Before 10g without workload system
//! statistics, or under `_optimizer_cost_model = io`, Oracle costs by
//! I/O alone: a tablescan is ceil(blocks / adjusted MBRC), plus one from
//! 9i (`_table_scan_cost_plus_one`); an index access BLEVEL +
//! ceil(LEAF_BLOCKS x ix_sel) + ceil(CLUSTERING_FACTOR x tb_sel), no CPU.
//! Adjusted MBRC (hellodba's fit of Lewis's measurements): 4 -> 4.175,
//! 8 -> 6.589, 16 -> 10.398, 32 -> 16.409, 64 -> 25.895, 128 -> 40.865.

mod common;
use common::*;
use lio_core::Engine;
use lio_sql::ora;

fn l(op: &str, rows: u64, cost: u64) -> (String, u64, u64) {
    (op.to_string(), rows, cost)
}

/// A table of 10,000 blocks and 10,000 rows, faked with SET_TABLE_STATS
/// on 200 rows (as Lewis's calc_mbrc.sql fakes its own).
fn faked(e: &mut Engine) {
    ok(&e.exec(
        "create table t1 (id number, val number, padding varchar2(100));\n\
         insert into t1 select level, mod(level, 100), rpad('x', 100) from dual connect by level <= 200;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T1')\n\
         exec dbms_stats.set_table_stats(user, 'T1', numrows => 10000, numblks => 10000)",
    ));
}

fn scan_cost(e: &mut Engine, sql: &str) -> u64 {
    let p = plan_of(e, sql);
    let full = p.iter().find(|l| l.operation == "TABLE ACCESS FULL").expect("a full scan");
    full.cost
}

/// 10,000 blocks under OFE 9.2.0: ceil(10,000 / adjusted MBRC) + 1 for
/// each db_file_multiblock_read_count; 8.1.7 has no plus one; 11.2.0.1
/// (CPU costing, noworkload) prints its own.
///   4: ceil(2,395.2) + 1 = 2,397   8: ceil(1,517.7) + 1 = 1,519
///   16: 962 + 1 = 963   32: 610 + 1 = 611   64: 387 + 1 = 388   128: 245 + 1 = 246
#[test]
fn tablescan_costs_under_io_costing_follow_the_adjusted_mbrc() {
    let mut e = quiet_engine();
    faked(&mut e);
    ok(&e.exec("alter session set optimizer_features_enable = '9.2.0';"));
    for (mbrc, cost) in [(4, 2397), (8, 1519), (16, 963), (32, 611), (64, 388), (128, 246)] {
        ok(&e.exec(&format!("alter session set db_file_multiblock_read_count = {mbrc};")));
        assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), cost, "mbrc {mbrc}");
    }
    ok(&e.exec("alter session set optimizer_features_enable = '8.1.7';"));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 245);
    // _table_scan_cost_plus_one set explicitly wins over the OFE's default.
    ok(&e.exec("alter session set \"_table_scan_cost_plus_one\" = true;"));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 246);
    // Back to the release's CPU costing: IO ceil(10,000 / 128 x 266 / 12)
    // + 1 = 1,733 plus CPU (10,000 x 7,121.44 + 10,000 x 170) / 8,821,440
    // = 8.3: 1,741.
    ok(&e.exec("alter session set optimizer_features_enable = '11.2.0.1';"));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 1741);
}

/// `_optimizer_cost_model = io` under the release's own OFE; the hints
/// NO_CPU_COSTING, OPT_PARAM('_optimizer_cost_model' 'io') and
/// OPTIMIZER_FEATURES_ENABLE('9.2.0') for one statement; CPU_COSTING
/// back under OFE 9.2.0. MBRC 8: I/O 1,519; CPU costing 2,710 + 8.3 = 2,718.
#[test]
fn cost_model_parameter_and_hints() {
    let mut e = quiet_engine();
    faked(&mut e);
    ok(&e.exec("alter session set db_file_multiblock_read_count = 8;"));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 2718);
    assert_eq!(scan_cost(&mut e, "select /*+ no_cpu_costing */ max(val) from t1;"), 1519);
    assert_eq!(scan_cost(&mut e, "select /*+ opt_param('_optimizer_cost_model' 'io') */ max(val) from t1;"), 1519);
    assert_eq!(scan_cost(&mut e, "select /*+ optimizer_features_enable('9.2.0') */ max(val) from t1;"), 1519);
    // An OFE Oracle does not have: the hint is ignored.
    assert_eq!(scan_cost(&mut e, "select /*+ optimizer_features_enable('9.9.9') */ max(val) from t1;"), 2718);
    ok(&e.exec("alter session set \"_optimizer_cost_model\" = io;"));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 1519);
    ok(&e.exec(
        "alter session set \"_optimizer_cost_model\" = choose;\nalter session set optimizer_features_enable = '9.2.0';",
    ));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 1519);
    assert_eq!(scan_cost(&mut e, "select /*+ cpu_costing */ max(val) from t1;"), 2718);
    // 9i with workload system statistics costs by CPU.
    ok(&e.exec(
        "exec dbms_stats.set_system_stats('SREADTIM', 12)\n\
         exec dbms_stats.set_system_stats('MREADTIM', 26)\n\
         exec dbms_stats.set_system_stats('MBRC', 8)",
    ));
    assert_eq!(scan_cost(&mut e, "select max(val) from t1;"), 2718);
}

/// An index range under I/O costing is the formula's I/O alone. H: 200
/// rows, 10 blocks, H_ID of one leaf (BLEVEL 0, CF 9) set to BLEVEL 1,
/// 40 leaves, CF 1,000 on 10,000 rows:
///   id between 1 and 20 (20 of 200 distinct values): sel 19/199 + 2/200
///   = 0.10548; I/O 1 + ceil(40 x 0.10548) + ceil(1,000 x 0.10548)
///   = 1 + 5 + 106 = 112, the INDEX line 6, E-Rows 1,055.
#[test]
fn index_range_cost_is_io_only() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table h (id number not null, pad varchar2(300));\n\
         insert into h select level, rpad('x', 300) from dual connect by level <= 200;\n\
         commit;\n\
         create index h_id on h (id);\n\
         exec dbms_stats.gather_table_stats(user, 'H')\n\
         exec dbms_stats.set_table_stats(user, 'H', numrows => 10000, numblks => 10000)\n\
         exec dbms_stats.set_index_stats(user, 'H_ID', numlblks => 40, clstfct => 1000, indlevel => 1)\n\
         alter session set optimizer_features_enable = '9.2.0';",
    ));
    let p = plan_of(&mut e, "select * from h where id between 1 and 20;");
    assert_eq!(lines(&p)[1..], [l("TABLE ACCESS BY INDEX ROWID H", 1055, 112), l("INDEX RANGE SCAN H_ID", 1055, 6)]);
}

/// OPTIMIZER_FEATURES_ENABLE takes the releases up to the profile's own:
/// ORA-00096 lists them newest first. 10.1 turns 10gR2's HASH GROUP BY
/// off (SORT GROUP BY); 10.2 11g's nested-loop batching.
#[test]
fn ofe_values_and_what_they_switch() {
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 11.2.0.1;"));
    let s = e.exec("alter session set optimizer_features_enable = '12.1.0.2';");
    let err = s[0].error.as_ref().expect("refused");
    assert_eq!(err.code, ora::INVALID_PARAMETER_VALUE.code());
    assert!(err.message.contains("must be from among 11.2.0.1, 11.1.0.7, 11.1.0.6, 10.2.0.5"), "{}", err.message);
    let s = e.exec("alter session set optimizer_features_enable = '9.9';");
    assert_eq!(s[0].error.as_ref().unwrap().code, ora::INVALID_PARAMETER_VALUE.code());
    ok(&e.exec(
        "create table g (k number, v number);\n\
         insert into g select mod(level, 10), level from dual connect by level <= 100;\n\
         commit;",
    ));
    let ops = |e: &mut Engine| plan_of(e, "select k, count(*) from g group by k;")[1].operation.clone();
    assert_eq!(ops(&mut e), "HASH GROUP BY");
    ok(&e.exec("alter session set optimizer_features_enable = '10.1.0';"));
    assert_eq!(ops(&mut e), "SORT GROUP BY");
    ok(&e.exec("alter session set optimizer_features_enable = '11.2.0.1';"));
    assert_eq!(ops(&mut e), "HASH GROUP BY");
}

/// The 10053 trace names the altered parameters and the model in use; the
/// "why this plan" formula gives the adjusted MBRC.
#[test]
fn trace_shows_the_cost_model() {
    let mut e = quiet_engine();
    faked(&mut e);
    ok(&e.exec(
        "alter session set optimizer_features_enable = '9.2.0';\n\
         alter session set db_file_multiblock_read_count = 8;\n\
         alter session set events '10053 trace name context forever, level 1';",
    ));
    let s = e.exec("explain plan for select max(val) from t1;");
    ok(&s);
    let out = serde_json::to_string(&s[0]).unwrap();
    assert!(out.contains("optimizer_features_enable           = 9.2.0"), "{out}");
    assert!(out.contains("cost model in use                   = I/O"), "{out}");
    assert!(out.contains("adjusted MBRC 6.589) + 1 = 1519"), "{out}");
}
