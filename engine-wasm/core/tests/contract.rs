//! The renderer's trace contract is generated from the Rust declaration;
//! this test fails when the checked-in TypeScript is stale.
//! `LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test contract` rewrites it.

#[path = "common/contract.rs"]
mod harness;
use harness::generated_file_is_current;
use std::path::PathBuf;

#[test]
fn generated_typescript_matches_the_rust_contract() {
    let want = lio_core::trace::contract::typescript();
    generated_file_is_current("renderer/src/engine/contract.gen.ts", &want, "contract");
}

#[test]
fn every_event_kind_and_column_is_declared_once() {
    use lio_core::trace::contract::{COLUMNS, EVENT_KINDS, GET_KINDS};
    for table in [EVENT_KINDS, GET_KINDS] {
        for (i, a) in table.iter().enumerate() {
            for b in &table[i + 1..] {
                assert!(a.name != b.name && a.value != b.value, "{a:?} and {b:?} collide");
            }
        }
    }
    let mut names: Vec<_> = COLUMNS.iter().map(|c| c.name).collect();
    names.dedup();
    assert_eq!(names.len(), COLUMNS.len());
}

#[test]
fn the_wasm_facade_has_a_getter_per_column() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../wasm/src/lib.rs");
    let src = std::fs::read_to_string(path).expect("wasm facade source");
    for c in lio_core::trace::contract::COLUMNS {
        assert!(src.contains(&format!("pub fn {}(&self) -> {}", c.name, c.array)), "no getter for column {}", c.name);
    }
}
