// One fuzz worker thread: owns one wasm instance, runs one case at a time
// on a fresh engine, checks the result and that the same engine still
// answers `select 1 from dual;`, and reports a small verdict (never the
// result itself). The main thread times each case and terminates this
// worker on a hang; after a trap this worker's wasm is dead and the main
// thread replaces it.
import { parentPort, workerData } from 'node:worker_threads';
import * as glue from '../../engine-wasm/pkg/lio_wasm.js';

// Deep enough to see below a runaway recursion (traps group by frames).
Error.stackTraceLimit = 200;

const wasm = glue.initSync({ module: workerData.module });
const memoryBytes = () => wasm.memory.buffer.byteLength;

/** A thrown value that means the wasm instance can no longer be used. */
function isTrap(e) {
  return (
    e instanceof WebAssembly.RuntimeError ||
    (e instanceof RangeError && /call stack/i.test(e.message)) ||
    // wasm-bindgen's guard after a trap left an object borrowed.
    /recursive use of an object|unsafe aliasing/i.test(String(e?.message))
  );
}

/** The wasm frames of a stack, innermost first (cause grouping). */
function wasmFrames(e) {
  const frames = String(e?.stack ?? '')
    .split('\n')
    .filter((l) => /wasm-function|\.wasm|wasm:\/\//.test(l))
    .map((l) => l.trim().replace(/^at /, '').replace(/\s*\(wasm:\/\/[^)]*\)$/, '').replace(/ \(.*\)$/, ''));
  return frames.slice(0, 200);
}

function describe(e) {
  return {
    name: e?.constructor?.name ?? typeof e,
    message: String(e?.message ?? e).slice(0, 2000),
    frames: wasmFrames(e),
  };
}

/**
 * Errors whose position is missing, outside the script, or outside the
 * statement that raised them (a position relative to some other text, such
 * as the SQL inside EXECUTE IMMEDIATE or LAB RUN). The statement's extent
 * is its first token to the end of its text, plus the rest of that line and
 * the next (an error at the terminator or at the end of the script).
 */
function badPositions(script, steps) {
  const lines = script.split('\n');
  const bad = [];
  for (const s of steps) {
    const e = s?.error;
    if (!e) continue;
    const { line, column } = e;
    let why = null;
    let extra = '';
    if (!Number.isInteger(line) || !Number.isInteger(column)) why = 'not integers';
    else if (line === 0 && column === 0) why = '0/0';
    else if (line < 1 || line > lines.length) {
      why = 'line outside the script';
      extra = `1..${lines.length}`;
    } else {
      const len = [...lines[line - 1]].length; // columns count characters
      if (column < 1 || column > len + 1) {
        why = 'column outside its line';
        extra = `1..${len + 1}`;
      } else if (Number.isInteger(s.line) && s.line >= 1 && typeof s.statement === 'string' && !/^\s*(\/|r|run)\s*$/i.test(s.statement)) {
        // (`/` and RUN re-run the SQL buffer: their errors point at the buffered text.)
        const endLine = s.line + (s.statement.match(/\n/g)?.length ?? 0) + 1;
        if (line < s.line || (line === s.line && column < s.column) || line > endLine) {
          why = 'outside its statement';
          extra = `statement at ${s.line}:${s.column}..line ${endLine}`;
        }
      }
    }
    if (why) {
      const st = String(s.statement ?? '');
      const ctx = /^\s*lab\s+run\b/i.test(st) ? 'LAB RUN' : /execute\s+immediate/i.test(st) ? 'PL/SQL with EXECUTE IMMEDIATE' : s.kind;
      bad.push({ ctx, code: e.code, message: String(e.message).slice(0, 300), line, column, why, extra, step_line: s.line, step_column: s.column, statement: String(s.statement ?? '').slice(0, 300) });
    }
  }
  return bad;
}

const COLUMNS = ['kind', 'get_kind', 'segment', 'block', 'latch_child', 'latch_gets', 'plan_line', 'exec', 't_us', 'stack'];

/** Fetch each step's trace as the UI does; null when every column has `length` rows. */
function checkTraces(engine, steps) {
  for (const st of steps) {
    const t = engine.trace(st.index);
    if (!t) continue; // evicted: allowed (docs/ENGINE-API.md)
    try {
      const meta = JSON.parse(t.meta());
      for (const c of COLUMNS) {
        const n = t[c]().length;
        if (n !== meta.length) return { message: `trace(${st.index}).${c} has ${n} rows, meta.length ${meta.length}`, statement: String(st.statement).slice(0, 200) };
      }
    } finally {
      t.free();
    }
  }
  return null;
}

/** Run `select 1 from dual;` in the same engine; null when it answers 1. */
function sanity(engine) {
  const answer = (raw) => {
    const r = JSON.parse(raw);
    const last = r.steps?.[r.steps.length - 1];
    return last && !last.error && JSON.stringify(last.rows) === '[[1]]' ? null : last?.error ?? { rows: last?.rows, steps: r.steps?.length };
  };
  const first = answer(engine.exec('select 1 from dual;'));
  if (!first) return null;
  // A script may legitimately leave the instance down (SHUTDOWN) or
  // AUTOTRACE TRACEONLY on: the user would type STARTUP / SET AUTOTRACE OFF.
  const second = answer(engine.exec('set autotrace off\nstartup\nselect 1 from dual;'));
  if (!second) return null;
  return { first, after_startup: second };
}

let engine = null;

parentPort.on('message', ({ id, script }) => {
  const t0 = performance.now();
  const verdict = { id, outcome: 'ok' };
  const done = () => {
    verdict.ms = performance.now() - t0;
    verdict.memory = memoryBytes();
    parentPort.postMessage(verdict);
  };
  let stage = 'new Engine';
  try {
    if (engine) engine.free();
    engine = null;
    engine = new glue.Engine('{}');
    stage = 'exec';
    const raw = engine.exec(script);
    verdict.exec_ms = performance.now() - t0;
    verdict.json_bytes = raw.length;
    stage = 'parse';
    let result;
    try {
      result = JSON.parse(raw);
    } catch (e) {
      Object.assign(verdict, { outcome: 'failure', kind: 'invalid-json', detail: { message: e.message, head: raw.slice(0, 300) } });
    }
    if (result) {
      if (!Array.isArray(result.steps)) {
        Object.assign(verdict, { outcome: 'failure', kind: 'invalid-json', detail: { message: 'no steps array', keys: Object.keys(result) } });
      } else {
        verdict.steps = result.steps.length;
        verdict.errors = result.steps.filter((s) => s.error).length;
        const bad = badPositions(script, result.steps);
        if (bad.length) {
          Object.assign(verdict, { outcome: 'failure', kind: 'bad-position', detail: { count: bad.length, first: bad.slice(0, 5) } });
        }
      }
    }
    // What the UI asks next: the catalog, and the traces of the last steps.
    if (result && verdict.outcome === 'ok') {
      stage = 'catalog';
      const cat = engine.catalog();
      try {
        if (!Array.isArray(JSON.parse(cat).segments)) throw new Error('no segments array');
      } catch (e) {
        Object.assign(verdict, { outcome: 'failure', kind: 'invalid-json', detail: { message: `catalog(): ${e.message}`, head: cat.slice(0, 300) } });
      }
      stage = 'trace';
      const bad = checkTraces(engine, result.steps.filter((st) => st.trace_events > 0).slice(-4));
      if (bad && verdict.outcome === 'ok') Object.assign(verdict, { outcome: 'failure', kind: 'bad-trace', detail: bad });
    }
    result = null;
    stage = 'sanity';
    const s = sanity(engine);
    if (s) {
      Object.assign(verdict, { outcome: 'failure', kind: 'unusable', detail: { ...s, previous: verdict.kind ?? null }, restart: true });
    }
  } catch (e) {
    if (isTrap(e)) {
      Object.assign(verdict, { outcome: 'trap', stage, detail: describe(e), restart: true });
    } else {
      Object.assign(verdict, { outcome: 'failure', kind: stage === 'sanity' ? 'unusable' : 'js-exception', stage, detail: describe(e), restart: true });
    }
  }
  done();
});

parentPort.postMessage({ ready: true, memory: memoryBytes() });
