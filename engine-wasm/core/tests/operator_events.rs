//! Issue 34 (the pictures): a HASH JOIN's operator events in the trace
//! (`trace::contract`: HASH_BUILD, HASH_PROBE, HASH_SPILL, TEMP_WRITE,
//! TEMP_READ), recorded only under `EngineConfig::operator_events` (the
//! structure view's engine): the block events and every figure are the
//! same with them or without.
mod common;
use common::joins::*;
use lio_core::trace::kind;
use lio_core::{Engine, EngineConfig};

/// (kinds, blocks, plan lines) of the last step's trace, and its JSON.
fn traced(sql: &str, operators: bool) -> (Vec<u8>, Vec<u32>, Vec<u16>, String) {
    let mut e = Engine::new(EngineConfig { trace: true, operator_events: operators, ..Default::default() });
    let json = e.exec_json(sql);
    let n = serde_json::from_str::<serde_json::Value>(&json).unwrap()["steps"].as_array().unwrap().len();
    let t = e.trace_shared(n - 1).expect("trace");
    (t.kind(), t.block(), t.plan_line(), json)
}

fn count(k: &[u8], which: u8) -> usize {
    k.iter().filter(|&&x| x == which).count()
}

const Q: &str = "select /*+ leading(t1) use_hash(t2) */ count(*) from t1, t2 where t1.id = t2.t1_id;";

/// Hand-checked: T1's 4 rows are the build (4 HASH_BUILD events), T2's
/// 10 the probe (10 HASH_PROBE: a NULL key none; T2 has none), on the
/// HASH JOIN's plan line (2: SELECT 0, SORT AGGREGATE 1). Optimal: no
/// spill, no temp. Each build row's bucket is one of the picture's 64,
/// and equal keys share one: T2's t1_id 1..4 probe T1's id 1..4's buckets.
#[test]
fn a_four_row_build_fills_four_buckets_and_ten_probes_visit() {
    let (k, b, l, json) = traced(&format!("{SMALL}{Q}"), true);
    assert_eq!((count(&k, kind::HASH_BUILD), count(&k, kind::HASH_PROBE)), (4, 10));
    assert_eq!(count(&k, kind::HASH_SPILL) + count(&k, kind::TEMP_WRITE) + count(&k, kind::TEMP_READ), 0);
    let ops: Vec<usize> = (0..k.len()).filter(|&i| k[i] == kind::HASH_BUILD || k[i] == kind::HASH_PROBE).collect();
    assert!(ops.iter().all(|&i| l[i] == 2 && b[i] < lio_core::trace::contract::HASH_PICTURE_BUCKETS));
    let build: Vec<u32> = ops.iter().filter(|&&i| k[i] == kind::HASH_BUILD).map(|&i| b[i]).collect();
    let probe: Vec<u32> = ops.iter().filter(|&&i| k[i] == kind::HASH_PROBE).map(|&i| b[i]).collect();
    // Probe rows 1-4 and 6-9 carry t1_id 1..4: their buckets are the build's.
    for i in [0, 1, 2, 3, 5, 6, 7, 8] {
        assert!(build.contains(&probe[i]), "probe {i} {probe:?} {build:?}");
    }
    // The build comes first: every build event before the first probe event.
    assert!(ops.iter().take(4).all(|&i| k[i] == kind::HASH_BUILD));
    // Off (the default): none of them, and the rest of the trace and the
    // result (but its count of the trace's events) are the same.
    let (k0, b0, _, json0) = traced(&format!("{SMALL}{Q}"), false);
    let figures = |j: &str| {
        let mut v: serde_json::Value = serde_json::from_str(j).unwrap();
        let events: Vec<u64> =
            v["steps"].as_array().unwrap().iter().map(|s| s["trace_events"].as_u64().unwrap()).collect();
        v["steps"].as_array_mut().unwrap().iter_mut().for_each(|s| s["trace_events"] = 0.into());
        (v, events)
    };
    let ((on, n_on), (off, n_off)) = (figures(&json), figures(&json0));
    assert_eq!(on, off);
    assert_eq!(n_on.last().unwrap() - n_off.last().unwrap(), 14);
    let keep: Vec<(u8, u32)> = (0..k.len()).filter(|&i| k[i] < kind::HASH_BUILD).map(|i| (k[i], b[i])).collect();
    assert_eq!(keep, k0.iter().copied().zip(b0.iter().copied()).collect::<Vec<_>>());
}

/// The one-pass join of `hash_join.rs` (hash_area_size 128 KB, 1,000 rows
/// a side): 8 partitions, none kept: HASH_SPILL says 8; the 32 temp
/// writes (16 build, 16 probe: 2 requests a partition) and 32 reads are
/// the `physical write IO requests` the test there counts; build
/// partition p's requests carry p, the probe's 1 << 16 | p.
#[test]
fn a_spilled_join_traces_its_partitions_on_temp() {
    let sql = "create table t1 (k varchar2(10), v varchar2(100));\n\
        create table t2 (k varchar2(10), w varchar2(100));\n\
        insert into t1 select lpad(rownum, 10, '0'), rpad('a', 100, 'x') from dual connect by level <= 1000;\n\
        insert into t2 select lpad(rownum, 10, '0'), rpad('b', 100, 'y') from dual connect by level <= 1000;\n\
        commit;\n\
        alter session set workarea_size_policy = manual;\n\
        alter session set hash_area_size = 131072;\n\
        select /*+ leading(t1) use_hash(t2) */ count(t1.v), count(t2.w) from t1, t2 where t1.k = t2.k;";
    let (k, b, _, _) = traced(sql, true);
    let spill: Vec<u32> = (0..k.len()).filter(|&i| k[i] == kind::HASH_SPILL).map(|i| b[i]).collect();
    assert_eq!(spill, [8]);
    assert_eq!((count(&k, kind::TEMP_WRITE), count(&k, kind::TEMP_READ)), (32, 32));
    assert_eq!((count(&k, kind::HASH_BUILD), count(&k, kind::HASH_PROBE)), (1000, 1000));
    let writes: Vec<u32> = (0..k.len()).filter(|&i| k[i] == kind::TEMP_WRITE).map(|i| b[i]).collect();
    assert_eq!(writes[..4], [0, 0, 1, 1]);
    assert_eq!(writes[16..20], [1 << 16, 1 << 16, (1 << 16) | 1, (1 << 16) | 1]);
    // Read back pair by pair: build partition 0, then its probe partition.
    let reads: Vec<u32> = (0..k.len()).filter(|&i| k[i] == kind::TEMP_READ).map(|i| b[i]).collect();
    assert_eq!(reads[..4], [0, 0, 1 << 16, 1 << 16]);
}
