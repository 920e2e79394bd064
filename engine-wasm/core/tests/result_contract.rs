//! The result JSON's TypeScript (`renderer/src/engine/result.gen.ts`) is
//! generated from the structs of `src/result.rs` (declared with
//! `tsdecl::contract!`, which serialises and describes from one
//! declaration). This test fails when the checked-in file is stale
//! (`LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test result_contract`
//! rewrites it), and checks the JSON of real scripts against the
//! declaration: every key declared, every declared key present unless
//! optional, every value of its declared type.

use lio_core::result::{ScriptOut, StepOut};
#[path = "common/contract.rs"]
mod contract;
use contract::{declared, generated_file_is_current, keys_seen, root};
use lio_core::tsdecl::{check, Described};
use lio_core::{Engine, EngineConfig};
use std::collections::BTreeSet;

#[test]
fn generated_result_types_match_the_rust_declaration() {
    let want = lio_core::result::typescript();
    generated_file_is_current("renderer/src/engine/result.gen.ts", &want, "result_contract");
}

/// Settings and statements the scripts below do not reach, so that
/// every declared key is met at least once.
const EXTRA: &str = "set null ~
set colsep |
set underline =
set numformat 999
set numwidth 12
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
select /*+ leading(a) use_hash(b) */ count(*) from t a, t b where a.x = b.x;
create table tp (x number) partition by range (x) (partition p1 values less than (10), partition p2 values less than (maxvalue));
select * from tp where x = 1;
set autotrace off
lab sweep runs from 1 to 3 step 1 run 'select * from t where x = 1';
lab sweep version in (10g, 19c) run 'select * from t where x = 1';
select nope from t;
alter session set events '10046 trace name context forever, level 8';
select y from t where x = 1;
create index t_x on t (x);
alter session set events '10053 trace name context forever';
select a.y from t a, t b where a.x = b.x and a.x = 1;
create index t_yx on t (y, x);
select /*+ index_ss(t t_yx) */ y from t where x = 1;
variable n number
exec :n := 1
print n
alter session set optimizer_features_enable = '11.2.0.4';
select y from t where x = :n;
exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for columns y size 254')
select x from t where y = 'a';
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
    declared(&script_ty(), &mut all);
    for k in &all {
        if !seen.contains(k) && !ONLY_ON_FAILURE.contains(&k.as_str()) {
            unseen.push(k.clone());
        }
    }
    assert!(unseen.is_empty(), "declared keys no script reached (extend EXTRA): {unseen:?}");
    let _ = <StepOut as Described>::decl();
}
