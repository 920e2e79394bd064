//! The result JSON's TypeScript (`renderer/src/engine/result.gen.ts`) is
//! generated from the structs of `src/result.rs` (declared with
//! `tsdecl::contract!`, which serialises and describes from one
//! declaration). This test fails when the checked-in file is stale
//! (`LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test result_contract`
//! rewrites it), and checks the JSON of real scripts against the
//! declaration: every key declared, every declared key present unless
//! optional, every value of its declared type.

use lio_core::result::{ScriptOut, StepOut};
use lio_core::tsdecl::{check, Described, Ty};
use lio_core::{Engine, EngineConfig};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn generated_result_types_match_the_rust_declaration() {
    let path = root().join("renderer/src/engine/result.gen.ts");
    let want = lio_core::result::typescript();
    if std::env::var_os("LIO_UPDATE_CONTRACT").is_some() {
        std::fs::write(&path, &want).expect("write result.gen.ts");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test result_contract",
        path.display()
    );
}

/// Keys of `v` met at `t` (struct name.key), to report what the scripts cover.
fn keys_seen(v: &serde_json::Value, t: &Ty, seen: &mut BTreeSet<String>) {
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

/// Settings and statements the scripts below do not reach, so that
/// every declared key is met at least once.
const EXTRA: &str = "set null ~
set colsep |
set underline =
set numformat 999
set newpage none
set wrap off
set heading off
set echo on
set termout off
column x format a10 heading 'X|Y' noprint
set termout on
set verify on
set autotrace traceonly
set timing on
define n = 1
break on y skip 1 dup on report
compute sum label total of x on y report
create table t (x number, y varchar2(30));
insert into t values (&n, 'a');
select /*+ gather_plan_statistics */ y from t where x = &n;
set autotrace off
lab sweep runs from 1 to 3 step 1 run 'select * from t where x = 1';
lab sweep version in (10g, 19c) run 'select * from t where x = 1';
select nope from t;
";

/// Scripts of the repository that run in about a second between them
/// and reach runs, sessions, devices and wait histograms.
const SCRIPTS: &[&str] = &[
    "samples/jdbc-binds-literals-array-insert.sql",
    "samples/free-buffer-waits.sql",
    "samples/exadata-keep-smart-scan.sql",
    "samples/redo-size-flash-vs-disk-exadata.sql",
    "samples/smart-flash-logging-outliers.sql",
    "tests/articles/logical-io-evolution-11g.sql",
    "tests/articles/asktom-char-rows-per-block.sql",
    "tests/golden/classic.sql",
];

/// Keys that only a failure shows.
const ONLY_ON_FAILURE: &[&str] = &["SweepPoint.error"];

#[test]
fn real_result_json_fits_the_declaration() {
    let mut texts: Vec<(String, String)> =
        SCRIPTS.iter().map(|p| (p.to_string(), std::fs::read_to_string(root().join(p)).expect(p))).collect();
    texts.push(("EXTRA".into(), EXTRA.into()));
    let mut seen = BTreeSet::new();
    let script_ty = <ScriptOut as lio_core::tsdecl::TsType>::ty;
    for (name, text) in &texts {
        let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
        let json: serde_json::Value = serde_json::from_str(&e.exec_json(text)).expect("result JSON");
        check(&json, &script_ty(), "result").unwrap_or_else(|m| panic!("{name}: {m}"));
        keys_seen(&json, &script_ty(), &mut seen);
    }
    let mut unseen = Vec::new();
    let mut all = BTreeSet::new();
    collect(&script_ty(), &mut all);
    for k in &all {
        if !seen.contains(k) && !ONLY_ON_FAILURE.contains(&k.as_str()) {
            unseen.push(k.clone());
        }
    }
    assert!(unseen.is_empty(), "declared keys no script reached (extend EXTRA): {unseen:?}");
    let _ = <StepOut as Described>::decl();
}

fn collect(t: &Ty, all: &mut BTreeSet<String>) {
    match t {
        Ty::Null(t) | Ty::Arr(t) | Ty::Map(t) => collect(t, all),
        Ty::Tuple(v) => v.iter().for_each(|t| collect(t, all)),
        Ty::Struct(d) => {
            let d = d();
            for f in d.keys() {
                if all.insert(format!("{}.{}", d.ts_name, f.key())) {
                    collect(&f.ty, all);
                }
            }
        }
        _ => {}
    }
}
