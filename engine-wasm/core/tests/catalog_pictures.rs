//! Issue 34 (the pictures): what the catalog tells the structure view of
//! a partitioned table (each partition's segment, its place, its LOCAL
//! index partition) and of a bitmap index (its pieces: key, start and end
//! rowid blocks, leaf, rows), hand-checked on a 2-partition table and a
//! 3-key bitmap index.
use lio_core::{Engine, EngineConfig};
use serde_json::Value;

fn catalog(sql: &str) -> Value {
    let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
    let out: Value = serde_json::from_str(&e.exec_json(sql)).unwrap();
    for s in out["steps"].as_array().unwrap() {
        assert!(s["error"].is_null(), "{}: {}", s["statement"], s["error"]);
    }
    serde_json::from_str(&e.catalog_json()).unwrap()
}

fn seg<'a>(cat: &'a Value, name: &str) -> &'a Value {
    cat["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no segment {name}"))
}

/// Rows 1..99 go to P1, 100..200 to P2 (VALUES LESS THAN (100), MAXVALUE);
/// the LOCAL index has a partition per table partition, in its position.
#[test]
fn a_two_partition_table_and_its_local_index() {
    let cat = catalog(
        "create table sales (id number, st varchar2(2)) partition by range (id)
           (partition p1 values less than (100), partition p2 values less than (maxvalue));
         insert into sales select rownum, 'S' || mod(rownum, 3) from dual connect by level <= 200;
         create index sales_ix on sales (id) local;",
    );
    let (p1, p2) = (seg(&cat, "SALES:P1"), seg(&cat, "SALES:P2"));
    assert_eq!(p1["partition"]["position"], 1);
    assert_eq!(p2["partition"]["position"], 2);
    assert_eq!((p1["rows"].as_u64(), p2["rows"].as_u64()), (Some(99), Some(101)));
    assert_eq!(p1["partition"]["of"], "SALES");
    assert_eq!(p1["partition"]["count"], 2);
    assert_eq!(p1["partition"]["method"], "RANGE");
    assert_eq!(
        (p1["partition"]["high_value"].as_str(), p2["partition"]["high_value"].as_str()),
        (Some("100"), Some("MAXVALUE"))
    );
    assert_eq!(p1["partition"]["local"], false);
    let ix: Vec<&Value> =
        cat["segments"].as_array().unwrap().iter().filter(|s| s["partition"]["of"] == "SALES_IX").collect();
    assert_eq!(ix.len(), 2);
    for (i, s) in ix.iter().enumerate() {
        assert_eq!((s["kind"].as_str(), s["table"].as_str()), (Some("INDEX"), Some("SALES")));
        assert_eq!(
            (s["partition"]["local"].as_bool(), s["partition"]["position"].as_u64()),
            (Some(true), Some(i as u64 + 1))
        );
    }
}

/// 300 rows, 3 keys in turn: each key's rows span the same blocks, a
/// piece each (far below half a block of bitmap), all in one leaf (the
/// root): 3 pieces of 100 rows, in key order.
#[test]
fn a_three_key_bitmap_index_has_a_piece_a_key() {
    let cat = catalog(
        "create table bm (id number, st varchar2(2));
         insert into bm select rownum, 'S' || mod(rownum, 3) from dual connect by level <= 300;
         create bitmap index bm_st on bm (st);",
    );
    let bm = &seg(&cat, "BM_ST")["bitmap"];
    assert_eq!((bm["keys"].as_u64(), bm["pieces"].as_u64()), (Some(3), Some(3)));
    let keys: Vec<&str> = bm["sample"].as_array().unwrap().iter().map(|p| p["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["S0", "S1", "S2"]);
    let table_blocks = seg(&cat, "BM")["blocks"].as_u64().unwrap();
    for p in bm["sample"].as_array().unwrap() {
        assert_eq!(p["rows"], 100);
        assert_eq!(p["leaf"], seg(&cat, "BM_ST")["btree"]["levels"][0]["first_block"]);
        assert!(
            p["start_block"].as_u64() <= p["end_block"].as_u64() && p["end_block"].as_u64().unwrap() < table_blocks
        );
        assert!(p["bitmap_bytes"].as_u64().unwrap() > 0);
    }
    // A B-tree index has no pieces.
    let cat = catalog("create table t (id number); insert into t values (1); create index t_ix on t (id);");
    assert!(seg(&cat, "T_IX").get("bitmap").is_none());
}
