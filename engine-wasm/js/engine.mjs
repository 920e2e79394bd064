// The one way to load the LIO Lab engine, in Node (CLI, tests) and in the
// browser (the renderer's worker). See docs/ENGINE-API.md.
//
//   Node:    const engine = await loadEngine();            // reads pkg/*.wasm from disk
//   Browser: const engine = await loadEngine(wasmUrl);     // fetches the URL
//
// The wasm-bindgen glue (pkg/lio_wasm.js, --target web) is imported
// dynamically so that this module can be bundled for the worker and also
// used directly by Node.
import * as glue from '../pkg/lio_wasm.js';

const NOT_READY = 'LIO engine: wasm not initialised; await loadEngine() first';
let initialised = null;

async function initialise(source) {
  if (source === undefined) {
    // Node: read the wasm next to the glue.
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(new URL('../pkg/lio_wasm_bg.wasm', import.meta.url));
    glue.initSync({ module: bytes });
  } else {
    await glue.default({ module_or_path: source });
  }
}

/** Load (once) and return a fresh engine instance. */
export async function loadEngine(source, config = {}) {
  if (!initialised) initialised = initialise(source);
  await initialised;
  return new LioEngine(new glue.Engine(JSON.stringify(config)));
}

/**
 * Load the wasm module (once) without creating an engine: a sweep worker
 * needs only `sweepPoint`.
 */
export async function loadEngineModule(source) {
  if (!initialised) initialised = initialise(source);
  await initialised;
}

/**
 * Run one `LAB SWEEP` point on a fresh engine (a sweep worker): the plan's
 * config (as JSON, with the worker's `memory_cap_mb`), the swept parameter
 * and one point of the plan (as JSON). Returns the point's run as JSON text,
 * which the host hands back to `resumeSweepJson` unparsed (docs/ENGINE-API.md).
 */
export function sweepPoint(configJson, name, pointJson) {
  if (!initialised) throw new Error(NOT_READY);
  return glue.sweep_point(String(configJson), String(name), String(pointJson));
}

/**
 * A pasted SQL*Plus transcript back into its script: strips the `SQL>`
 * prompts, the `  2  ` line numbers and the output lines, and says how many
 * of each it removed (docs/ENGINE-API.md). Needs the wasm loaded
 * (`await loadEngine()` first); no engine instance.
 * @param {string} text
 * @returns {{transcript: boolean, script: string, removed_prompts: number, removed_line_numbers: number, removed_output_lines: number}}
 */
export function stripTranscript(text) {
  if (!initialised) throw new Error(NOT_READY);
  return JSON.parse(glue.strip_transcript(String(text)));
}

/** A thin, JSON-decoding wrapper over the wasm `Engine`. */
export class LioEngine {
  #inner;
  constructor(inner) {
    if (!inner) throw new Error(NOT_READY);
    this.#inner = inner;
  }
  /** Run a script (one or many statements); returns the ScriptResult. */
  exec(script) {
    return JSON.parse(this.#inner.exec(String(script)));
  }
  /**
   * Run a script, handing each step (a parsed Step) to `onStep` as soon as
   * its statement ends: a trap later in the script loses none of them.
   * Returns `{lio_lab, version}`. A throwing `onStep` stops the script after
   * that step; the error is rethrown.
   */
  execSteps(script, onStep) {
    return JSON.parse(this.#inner.exec_steps(String(script), (json) => onStep(JSON.parse(json))));
  }
  /**
   * Have a long LAB RUN call `onProgress(done, total)` (executions) while it
   * runs: every 1,024 executions and at the last. `null` stops the reports.
   * Absent on an engine built before it (check before calling).
   */
  setProgress(onProgress) {
    this.#inner.set_progress?.(onProgress ?? null);
  }
  /** execSteps with each step as its JSON text (a host that passes it on parses it once, where it is used). */
  execStepsJson(script, onStepJson) {
    return JSON.parse(this.#inner.exec_steps(String(script), onStepJson));
  }
  /**
   * The `LAB SWEEP` the last script stopped at (config `sweep_points_external`):
   * its plan as JSON text, or null when the script ran to its end.
   */
  pendingSweep() {
    return this.#inner.pending_sweep() ?? null;
  }
  /**
   * End the pending sweep with its points' runs (a JSON array text, in point
   * order, of `sweepPoint`'s answers or `{"failed":"..."}`), then run the rest
   * of the script, each step's JSON text to `onStepJson`. Returns `{lio_lab, version}`.
   */
  resumeSweepJson(runsJson, onStepJson) {
    return JSON.parse(this.#inner.resume_sweep(String(runsJson), onStepJson));
  }
  /** resumeSweepJson with each step parsed. */
  resumeSweep(runsJson, onStep) {
    return JSON.parse(this.#inner.resume_sweep(String(runsJson), (json) => onStep(JSON.parse(json))));
  }
  /** Segments, buffer pools and the memoptimize pool. */
  catalog() {
    return JSON.parse(this.#inner.catalog());
  }
  /** A step's sampled activity: ASH samples and a latch profile (Activity in result.gen.ts). */
  activity(stepIndex) {
    return JSON.parse(this.#inner.activity(stepIndex));
  }
  /** The columnar trace of one step, or null when it kept none. */
  trace(stepIndex) {
    const t = this.#inner.trace(stepIndex);
    if (!t) return null;
    try {
      const meta = JSON.parse(t.meta());
      return {
        length: meta.length,
        truncated: meta.truncated,
        stacks: meta.stacks,
        heat: meta.heat,
        devices: meta.devices ?? [],
        sessions: meta.sessions,
        window_us: meta.window_us,
        // A LAB RUN's figures per execution (Compare's samples), when the step kept them.
        ...(meta.exec_samples ? { exec_samples: meta.exec_samples } : {}),
        kind: t.kind(),
        get_kind: t.get_kind(),
        segment: t.segment(),
        block: t.block(),
        latch_child: t.latch_child(),
        latch_gets: t.latch_gets(),
        plan_line: t.plan_line(),
        exec: t.exec(),
        t_us: t.t_us(),
        stack: t.stack(),
        // A module built before the sid column: every event is the step's session's.
        sid: typeof t.sid === 'function' ? t.sid() : new Uint32Array(meta.length),
      };
    } finally {
      // The batch shares the engine's trace: release it now, not at GC.
      t.free();
    }
  }
  /** A fresh simulated instance (catalog, cache and statistics cleared). */
  reset() {
    this.#inner.reset();
  }
  /** Engine version string. */
  version() {
    return this.#inner.version();
  }
  free() {
    this.#inner.free();
  }
}
