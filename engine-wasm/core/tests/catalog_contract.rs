//! The catalog JSON's TypeScript (`renderer/src/engine/catalog.gen.ts`) is
//! generated from the structs of `src/catalog/json.rs`, and the trace's
//! metadata (`TraceMeta` in `renderer/src/engine/contract.gen.ts`, checked
//! stale by `tests/contract.rs`) from those of `src/trace/mod.rs`, both
//! declared with `tsdecl::contract!`. This test fails when `catalog.gen.ts`
//! is stale (`LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test
//! catalog_contract` rewrites it), and checks the catalog and the trace
//! metadata of real scripts against their declarations: every key
//! declared, every declared key present unless optional, every value of
//! its declared type, and every declared key met at least once.

use lio_core::catalog::json::CatalogOut;
use lio_core::trace::TraceMeta;
#[path = "common/contract.rs"]
mod contract;
use contract::{declared, generated_file_is_current, keys_seen, root};
use lio_core::tsdecl::{check, TsType};
use lio_core::{Engine, EngineConfig};
use std::collections::BTreeSet;

#[test]
fn generated_catalog_types_match_the_rust_declaration() {
    let want = lio_core::catalog::json::typescript();
    generated_file_is_current("renderer/src/engine/catalog.gen.ts", &want, "catalog_contract");
}

/// Heap, index, IOT, hash cluster, memopt and dictionary segments
/// (`Catalog`); sessions, devices and truncated traces (`TraceMeta`).
const SCRIPTS: &[&str] = &[
    "tests/articles/logical-io-evolution-11g.sql",
    "samples/memoptimized-rowstore.sql",
    "samples/free-buffer-waits.sql",
    "samples/smart-flash-logging-outliers.sql",
    "samples/write-back-flash-cache.sql",
];

/// Statements the scripts above do not reach (run with a trace budget
/// that cuts the other sessions of the LAB RUN: `window_us`).
const EXTRA: &str = "create cluster c (k number) hashkeys 10 size 100;
create table h (k number, v varchar2(10)) cluster c (k);
insert into h select rownum, 'a' from dual connect by level <= 2000;
create table t (id number primary key, v varchar2(20));
insert into t select rownum, 'v' || rownum from dual connect by level <= 400;
commit;
LAB RUN 'select v from t where id = :1' BIND 1 TO 400 VIA jdbc_thin SESSIONS 4;
create table iot (k number primary key, v varchar2(10)) organization index;
insert into iot values (1, 'a');
select * from iot where k = 1;
create table sales (id number, st varchar2(2)) partition by range (id)
  (partition p1 values less than (100), partition p2 values less than (maxvalue));
insert into sales select rownum, 'S' || mod(rownum, 3) from dual connect by level <= 200;
create index sales_ix on sales (id) local;
create table bm (id number, st varchar2(2));
insert into bm select rownum, 'S' || mod(rownum, 3) from dual connect by level <= 200;
create bitmap index bm_st on bm (st);
";

#[test]
fn real_catalog_and_trace_meta_fit_the_declarations() {
    let mut texts: Vec<(String, String)> =
        SCRIPTS.iter().map(|p| (p.to_string(), std::fs::read_to_string(root().join(p)).expect(p))).collect();
    texts.push(("EXTRA".into(), EXTRA.into()));
    let (cat_ty, meta_ty) = (CatalogOut::ty(), TraceMeta::ty());
    let mut seen = BTreeSet::new();
    for (name, text) in &texts {
        let limit = if name == "EXTRA" { 1_000 } else { EngineConfig::default().trace_limit };
        let mut e = Engine::new(EngineConfig { trace: true, trace_limit: limit, ..Default::default() });
        let out: serde_json::Value = serde_json::from_str(&e.exec_json(text)).expect("result JSON");
        let steps = out["steps"].as_array().map_or(0, |s| s.len());
        for step in 0..steps {
            let Some(t) = e.trace_shared(step) else { continue };
            let meta: serde_json::Value = serde_json::from_str(&t.meta_json()).expect("trace meta JSON");
            check(&meta, &meta_ty, &format!("trace {step}")).unwrap_or_else(|m| panic!("{name}: {m}"));
            keys_seen(&meta, &meta_ty, &mut seen);
        }
        let cat: serde_json::Value = serde_json::from_str(&e.catalog_json()).expect("catalog JSON");
        check(&cat, &cat_ty, "catalog").unwrap_or_else(|m| panic!("{name}: {m}"));
        keys_seen(&cat, &cat_ty, &mut seen);
    }
    let mut all = BTreeSet::new();
    declared(&cat_ty, &mut all);
    declared(&meta_ty, &mut all);
    let unseen: Vec<&String> = all.iter().filter(|k| !seen.contains(*k)).collect();
    assert!(unseen.is_empty(), "declared keys no script reached (extend EXTRA): {unseen:?}");
}
