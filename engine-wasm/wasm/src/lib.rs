//! Thin wasm-bindgen facade over `lio_core`: JSON commands in, result JSON
//! and columnar trace batches (typed arrays) out. No logic lives here.

use js_sys::{Float64Array, Uint16Array, Uint32Array, Uint8Array};
use lio_core::{Engine as CoreEngine, EngineConfig, Trace};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct Engine {
    inner: CoreEngine,
}

#[wasm_bindgen]
impl Engine {
    /// `config_json`: an EngineConfig (`{}` for the defaults).
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str) -> Result<Engine, JsError> {
        let config = EngineConfig::from_json(config_json).map_err(|e| JsError::new(&e))?;
        Ok(Engine { inner: CoreEngine::new(config) })
    }

    /// Run a script; returns the ScriptResult JSON (docs/ENGINE-API.md).
    pub fn exec(&mut self, script: &str) -> String {
        self.inner.exec_json(script)
    }

    /// Run a script, calling `on_step(stepJson)` as each statement ends, so
    /// the host holds every finished step even if a later one traps the
    /// module. Returns `{"lio_lab","version"}`. A throwing `on_step` stops
    /// the script after that step and is rethrown.
    pub fn exec_steps(&mut self, script: &str, on_step: &js_sys::Function) -> Result<String, JsValue> {
        let mut failed = None;
        let header =
            self.inner.exec_json_each(script, |json| match on_step.call1(&JsValue::NULL, &JsValue::from_str(json)) {
                Ok(_) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            });
        failed.map_or(Ok(header), Err)
    }

    /// Have a long `LAB RUN` call `on_progress(done, total)` (executions)
    /// while it runs: every 1,024 executions and at the last, from inside
    /// the statement. `null` stops it. A throwing callback is ignored (a
    /// progress report never stops a statement).
    pub fn set_progress(&mut self, on_progress: Option<js_sys::Function>) {
        self.inner.set_progress(on_progress.map(|f| {
            Box::new(move |done: u64, total: u64| {
                let _ = f.call2(&JsValue::NULL, &JsValue::from_f64(done as f64), &JsValue::from_f64(total as f64));
            }) as Box<dyn FnMut(u64, u64)>
        }));
    }

    /// The `LAB SWEEP` the last script stopped at (config
    /// `sweep_points_external`): its plan JSON, for the host to run the
    /// points in parallel; `undefined` when the script ran to its end.
    pub fn pending_sweep(&self) -> Option<String> {
        self.inner.pending_sweep_json()
    }

    /// End the pending sweep with the points' results (a JSON array, in
    /// point order, of `sweep_point`'s answers or `{"failed":"..."}`), then
    /// run the rest of the script as `exec_steps` does.
    pub fn resume_sweep(&mut self, runs_json: &str, on_step: &js_sys::Function) -> Result<String, JsValue> {
        let mut failed = None;
        let header = self.inner.resume_sweep_json_each(runs_json, |json| {
            match on_step.call1(&JsValue::NULL, &JsValue::from_str(json)) {
                Ok(_) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        });
        failed.map_or(Ok(header), Err)
    }

    pub fn catalog(&self) -> String {
        self.inner.catalog_json()
    }

    /// The trace kept for a step, as typed arrays; `undefined` when none.
    pub fn trace(&self, step: u32) -> Option<TraceBatch> {
        self.inner.trace_shared(step as usize).map(|t| TraceBatch { meta: t.meta_json(), trace: t })
    }

    /// A step's sampled activity (ASH samples and latch profile) as JSON
    /// (`Activity` in result.gen.ts).
    pub fn activity(&self, step: u32) -> String {
        self.inner.activity_json(step as usize)
    }

    pub fn reset(&mut self) {
        self.inner.reset();
    }

    pub fn version(&self) -> String {
        lio_core::VERSION.to_string()
    }
}

/// Run one `LAB SWEEP` point on a fresh engine (a host's sweep worker):
/// `config_json` is the plan's config (with the worker's `memory_cap_mb`),
/// `point_json` one of its points; returns the point's run as JSON.
#[wasm_bindgen]
pub fn sweep_point(config_json: &str, name: &str, point_json: &str) -> String {
    lio_core::run_sweep_point_json(config_json, name, point_json)
}

/// Detect a pasted SQL*Plus transcript and strip its `SQL>` prompts, line
/// numbers and output lines: a JSON object `{ transcript, script,
/// removed_prompts, removed_line_numbers, removed_output_lines }`
/// (docs/ENGINE-API.md). Pure: no engine instance needed.
#[wasm_bindgen]
pub fn strip_transcript(text: &str) -> String {
    lio_core::strip_transcript_json(text)
}

/// One step's trace. Each getter copies one column into a typed array: a
/// handful of boundary crossings per trace, never one per event.
#[wasm_bindgen]
pub struct TraceBatch {
    meta: String,
    /// Shared with the engine: a batch costs no copy of the events.
    trace: std::rc::Rc<Trace>,
}

#[wasm_bindgen]
impl TraceBatch {
    pub fn meta(&self) -> String {
        self.meta.clone()
    }
    pub fn kind(&self) -> Uint8Array {
        Uint8Array::from(&self.trace.kind()[..])
    }
    pub fn get_kind(&self) -> Uint8Array {
        Uint8Array::from(&self.trace.get_kind()[..])
    }
    pub fn segment(&self) -> Uint32Array {
        Uint32Array::from(&self.trace.segment()[..])
    }
    pub fn block(&self) -> Uint32Array {
        Uint32Array::from(&self.trace.block()[..])
    }
    pub fn latch_child(&self) -> Uint16Array {
        Uint16Array::from(&self.trace.latch_child()[..])
    }
    pub fn latch_gets(&self) -> Uint8Array {
        Uint8Array::from(&self.trace.latch_gets()[..])
    }
    pub fn plan_line(&self) -> Uint16Array {
        Uint16Array::from(&self.trace.plan_line()[..])
    }
    pub fn exec(&self) -> Uint32Array {
        Uint32Array::from(&self.trace.exec()[..])
    }
    pub fn t_us(&self) -> Float64Array {
        Float64Array::from(&self.trace.t_us()[..])
    }
    pub fn stack(&self) -> Uint32Array {
        Uint32Array::from(&self.trace.stack()[..])
    }
    pub fn sid(&self) -> Uint32Array {
        Uint32Array::from(&self.trace.sid()[..])
    }
}
