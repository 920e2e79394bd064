//! `LAB SWEEP` with its points left to the host (issue 29): the engine stops
//! at the sweep and hands out a plan, the host runs each point
//! (`run_sweep_point_json`, in a worker), and `resume_sweep_json_each` ends
//! the step exactly as the serial sweep does, then runs the rest.
mod common;

use lio_core::{run_sweep_point_json, Engine, EngineConfig};

const SCRIPT: &str = "create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
insert into t3 select level, 'v' || level from dual connect by level <= 1000;
commit;
LAB SWEEP HASHKEYS FROM 10 TO 1000 FACTOR 10 RUN 'select value from t3 where key = :1' BIND 1 TO 100 VIA jdbc_thin;
select count(*) from t3;
LAB SWEEP ARRAYSIZE FROM 1 TO 31 STEP 10 RUN 'select value from t3 where key <= 50' VIA jdbc_thin;
";

fn serial(script: &str) -> Vec<String> {
    let mut e = Engine::new(EngineConfig::default());
    let mut out = Vec::new();
    e.exec_json_each(script, |j| {
        out.push(j.to_string());
        true
    });
    assert!(e.pending_sweep_json().is_none());
    out
}

/// The host's side: each point run by `point` (index, config, name, point JSON).
fn external(script: &str, mut point: impl FnMut(usize, &str, &str, &str) -> String) -> Vec<String> {
    let mut e = Engine::new(EngineConfig { sweep_points_external: true, ..Default::default() });
    let mut out = Vec::new();
    e.exec_json_each(script, |j| {
        out.push(j.to_string());
        true
    });
    while let Some(plan) = e.pending_sweep_json() {
        let plan: serde_json::Value = serde_json::from_str(&plan).unwrap();
        let config = plan["config"].to_string();
        let name = plan["parameter"].as_str().unwrap().to_string();
        let runs: Vec<String> = plan["points"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, p)| point(i, &config, &name, &p.to_string()))
            .collect();
        e.resume_sweep_json_each(&format!("[{}]", runs.join(",")), |j| {
            out.push(j.to_string());
            true
        });
    }
    out
}

#[test]
fn points_run_by_the_host_give_the_serial_steps_byte_for_byte() {
    let a = serial(SCRIPT);
    let b = external(SCRIPT, |_, c, n, p| run_sweep_point_json(c, n, p));
    assert_eq!(a.len(), 7);
    assert_eq!(a, b);
}

#[test]
fn the_plan_carries_the_budgets_and_each_point_s_script() {
    let mut e = Engine::new(EngineConfig { sweep_points_external: true, ..Default::default() });
    let steps = e.exec(SCRIPT);
    assert_eq!(steps.len(), 4, "the script stops at the sweep");
    let plan: serde_json::Value = serde_json::from_str(&e.pending_sweep_json().unwrap()).unwrap();
    assert_eq!(plan["parameter"], "HASHKEYS");
    assert_eq!(plan["memory_mb"], 1024);
    assert_eq!(plan["budget"], 200_000_000);
    assert_eq!(plan["config"]["sweep_points_external"], false);
    assert_eq!(plan["config"]["trace"], false);
    let points = plan["points"].as_array().unwrap();
    assert_eq!(points.len(), 3);
    assert!(points[2]["setup"].as_str().unwrap().contains("hashkeys 1000"));
    // A new script drops a pending sweep.
    e.exec("select 1 from dual;");
    assert!(e.pending_sweep_json().is_none());
}

#[test]
fn a_point_whose_worker_failed_is_lab_00097_at_the_sweep_and_the_others_stand() {
    let a = serial(SCRIPT);
    let b = external(SCRIPT, |i, c, n, p| {
        if i == 1 && n == "HASHKEYS" {
            r#"{"failed":"RuntimeError: unreachable"}"#.to_string()
        } else {
            run_sweep_point_json(c, n, p)
        }
    });
    let sa: serde_json::Value = serde_json::from_str(&a[4]).unwrap();
    let sb: serde_json::Value = serde_json::from_str(&b[4]).unwrap();
    let pb = &sb["sweep"]["points"];
    assert_eq!(pb[1]["error"]["code"], "LAB-00097");
    assert_eq!(
        pb[1]["error"]["message"],
        "the engine failed at this point (RuntimeError: unreachable); the other points ran"
    );
    assert_eq!((pb[1]["error"]["line"].as_u64(), pb[1]["error"]["column"].as_u64()), (Some(5), Some(11)));
    assert_eq!(pb[0], sa["sweep"]["points"][0]);
    assert_eq!(pb[2], sa["sweep"]["points"][2]);
    assert_eq!(a[5..], b[5..], "the script runs on after the sweep");
}

#[test]
fn a_missing_or_unreadable_run_is_run_by_the_engine() {
    let a = serial(SCRIPT);
    let b = external(SCRIPT, |i, c, n, p| if i == 0 { "null".into() } else { run_sweep_point_json(c, n, p) });
    assert_eq!(a, b);
}

#[test]
fn a_memory_cap_holds_lab_set_below_it_and_marks_the_point_for_a_rerun() {
    let script = "LAB SET max_memory_mb = 64;
create table t (id number, pad varchar2(100));
insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 12000;
commit;
LAB SWEEP ARRAYSIZE FROM 10 TO 20 STEP 10 RUN 'select id from t where id <= 50' VIA jdbc_thin;
";
    let mut e = Engine::new(EngineConfig { sweep_points_external: true, ..Default::default() });
    e.exec(script);
    let plan: serde_json::Value = serde_json::from_str(&e.pending_sweep_json().unwrap()).unwrap();
    assert_eq!(plan["memory_mb"], 64);
    assert!(plan["scenario_mb"].as_u64().unwrap() >= 1);
    let name = plan["parameter"].as_str().unwrap();
    let point = plan["points"][0].to_string();
    let mut capped = plan["config"].clone();
    capped["memory_cap_mb"] = 1.into();
    let r: serde_json::Value = serde_json::from_str(&run_sweep_point_json(&capped.to_string(), name, &point)).unwrap();
    assert_eq!(r["memory_refused"], true, "{r}");
    let r: serde_json::Value =
        serde_json::from_str(&run_sweep_point_json(&plan["config"].to_string(), name, &point)).unwrap();
    assert_eq!(r["memory_refused"], false);
    assert!(r["error"].is_null(), "{r}");
}
