//! Issue 29: a result leaves the engine when its statement ends. The host
//! API hands each step over as soon as it is finished (so a later trap
//! loses nothing that ran), and a step too large to hand over is refused
//! with LAB-00090 instead of failing the host on its string limit.

use lio_core::{Engine, EngineConfig};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn engine(config: EngineConfig) -> Engine {
    Engine::new(EngineConfig { trace: false, ..config })
}

#[test]
fn each_step_is_handed_over_before_the_next_statement_runs() {
    let mut e = engine(EngineConfig::default());
    let mut seen = Vec::new();
    let header = e.exec_json_each("prompt one\nprompt two\nselect 1 from dual;\n", |json| {
        let v: serde_json::Value = serde_json::from_str(json).expect("a step is one JSON document");
        seen.push(v["statement"].as_str().unwrap_or("").to_string());
        true
    });
    assert_eq!(seen, ["prompt one", "prompt two", "select 1 from dual"]);
    let h: serde_json::Value = serde_json::from_str(&header).unwrap();
    assert_eq!(h["lio_lab"], lio_core::VERSION);
    assert!(h["version"].is_string() && h.get("steps").is_none(), "{header}");
}

#[test]
fn a_callback_returning_false_stops_the_script_after_that_step() {
    let mut e = engine(EngineConfig::default());
    let mut n = 0;
    e.exec_json_each("prompt one\nprompt two\nprompt three\n", |_| {
        n += 1;
        n < 2
    });
    assert_eq!(n, 2);
}

#[test]
fn the_steps_before_a_trap_were_already_handed_over() {
    // trap_at_step is the test hook that panics (a wasm trap under
    // panic=abort) as step 2 begins: steps 0 and 1 must be out already.
    let mut e = engine(EngineConfig { trap_at_step: Some(2), ..Default::default() });
    let mut seen = Vec::new();
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.exec_json_each("prompt a\nprompt b\nprompt c\nprompt d\n", |json| {
            seen.push(json.to_string());
            true
        })
    }));
    assert!(r.is_err(), "the hook traps");
    assert_eq!(seen.len(), 2);
    assert!(seen[1].contains("\"statement\":\"prompt b\""), "{}", seen[1]);
}

#[test]
fn a_step_over_the_result_cap_is_refused_with_lab_00090_and_the_script_goes_on() {
    // 20,000 lines of 100 characters: about 2 MB of output, over a 1 MB cap.
    let mut e = engine(EngineConfig { max_step_result_mb: 1, ..Default::default() });
    let script = "set serveroutput on\nbegin for i in 1..20000 loop dbms_output.put_line(rpad('x', 100, 'x')); end loop; end;\n/\nprompt after\n";
    let mut steps: Vec<serde_json::Value> = Vec::new();
    e.exec_json_each(script, |json| {
        assert!(json.len() <= 1 << 20, "a step over the cap was handed over: {} bytes", json.len());
        steps.push(serde_json::from_str(json).unwrap());
        true
    });
    assert_eq!(steps.len(), 3, "{steps:?}");
    let big = &steps[1];
    assert_eq!(big["error"]["code"], "LAB-00090", "{big}");
    assert!(big["error"]["message"].as_str().unwrap().contains("larger than 1 MB"), "{big}");
    assert_eq!(big["output"].as_array().unwrap().len(), 0);
    assert_eq!(big["line"], 2);
    assert_eq!(steps[2]["output"][0], "after");
    // The same cap applies to the whole-script JSON.
    let mut e = engine(EngineConfig { max_step_result_mb: 1, ..Default::default() });
    let doc: serde_json::Value = serde_json::from_str(&e.exec_json(script)).unwrap();
    assert_eq!(doc["steps"][1]["error"]["code"], "LAB-00090");
    assert_eq!(doc["steps"].as_array().unwrap().len(), 3);
}

#[test]
fn under_the_cap_nothing_changes() {
    let script = "set serveroutput on\nbegin for i in 1..2000 loop dbms_output.put_line(rpad('x', 100, 'x')); end loop; end;\n/\n";
    let mut e = engine(EngineConfig::default());
    let doc: serde_json::Value = serde_json::from_str(&e.exec_json(script)).unwrap();
    assert!(doc["steps"][1]["error"].is_null());
    assert_eq!(doc["steps"][1]["output"].as_array().unwrap().len(), 2000);
}
