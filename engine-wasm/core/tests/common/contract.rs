//! The generated-TypeScript contracts' shared harness (`contract.rs`,
//! `result_contract.rs`, `catalog_contract.rs`): the checked-in file is
//! rewritten under `LIO_UPDATE_CONTRACT` and otherwise compared, and the
//! walks that list a declaration's keys and the keys real JSON reaches.

#![allow(dead_code)]

use lio_core::tsdecl::Ty;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compares `file` (from the repository's root) with `want`; with
/// `LIO_UPDATE_CONTRACT` set, writes `want` first. `test` names the
/// cargo test that rewrites it.
pub fn generated_file_is_current(file: &str, want: &str, test: &str) {
    let path = root().join(file);
    if std::env::var_os("LIO_UPDATE_CONTRACT").is_some() {
        std::fs::write(&path, want).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test {test}",
        path.display()
    );
}

/// Keys of `v` met at `t` (struct name.key).
pub fn keys_seen(v: &serde_json::Value, t: &Ty, seen: &mut BTreeSet<String>) {
    use serde_json::Value;
    match (t, v) {
        (Ty::Null(t), v) => keys_seen(v, t, seen),
        (Ty::Arr(t), Value::Array(a)) => a.iter().for_each(|x| keys_seen(x, t, seen)),
        (Ty::Map(t), Value::Object(o)) => o.values().for_each(|x| keys_seen(x, t, seen)),
        (Ty::Tuple(ts), Value::Array(a)) => a.iter().zip(ts).for_each(|(x, t)| keys_seen(x, t, seen)),
        (Ty::Struct(d), Value::Object(o)) => {
            let d = d();
            for f in d.keys() {
                if let Some(x) = o.get(&f.key()) {
                    seen.insert(format!("{}.{}", d.ts_name, f.key()));
                    keys_seen(x, &f.ty, seen);
                }
            }
        }
        _ => {}
    }
}

/// Every key declared at `t` and below (struct name.key).
pub fn declared(t: &Ty, all: &mut BTreeSet<String>) {
    match t {
        Ty::Null(t) | Ty::Arr(t) | Ty::Map(t) => declared(t, all),
        Ty::Tuple(v) => v.iter().for_each(|t| declared(t, all)),
        Ty::Struct(d) => {
            let d = d();
            for f in d.keys() {
                if all.insert(format!("{}.{}", d.ts_name, f.key())) {
                    declared(&f.ty, all);
                }
            }
        }
        _ => {}
    }
}
