// The engine in a worker thread, for the CLI (engine-node.mjs startEngineWorker):
// the main thread keeps reading, printing and timing while the wasm runs, and
// can terminate it (--timeout) or survive a trap.
//
//   main -> worker   { id, text }                       run one chunk (op 'exec', the default)
//                    { id, op: 'catalog' }              the catalog (lio report)
//                    { id, op: 'trace', step }          a step's trace, typed arrays transferred
//   worker -> main   { type: 'ready', version }         after the engine loaded
//                    { type: 'failed', error }          it could not load (then nothing else)
//                    { id, stepsJson: [json] }          finished steps as JSON text: posted within
//                                                       FLUSH_MS of their statement's end, at the
//                                                       chunk's end, and before a trap's error
//                    { id, ok: true, result }           the chunk is done ({lio_lab, version, steps: []});
//                                                       the value of catalog / trace
//                    { id, ok: false, error, trap }     a thrown error; trap: the instance is unusable
//                                                       (the steps posted before it stand)
//
// workerData.config is the EngineConfig (tests set trap_at_step to force a trap).
// A LAB SWEEP's points run in parallel on worker threads (sweep-pool-node.mjs):
// the engine stops at the sweep, the points run, the script goes on. The
// environment variable LIO_SWEEP_WORKERS=n caps the workers (1: the engine
// runs the points itself, one after another).

import { parentPort, workerData } from 'node:worker_threads';
import { loadNodeEngine } from './engine-node.mjs';
import { execWithParallelSweeps } from './sweep-pool-node.mjs';

const maxWorkers = Number(process.env.LIO_SWEEP_WORKERS) || 0;

/** @param {unknown} e */
const line = (e) => {
  const err = /** @type {Error} */ (e);
  const msg = String(err?.message ?? e).split('\n')[0];
  return err?.name && err.name !== 'Error' ? `${err.name}: ${msg}` : msg;
};
/** @param {unknown} e */
const isTrap = (e) =>
  (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) ||
  /unreachable|memory access out of bounds|recursive use of an object|Maximum call stack|out of memory/i.test(String(/** @type {Error} */ (e)?.message ?? e));

/** Finished steps wait at most this long (ms) in the worker: a --timeout loses no more. */
const FLUSH_MS = 20;

const TRACE_ARRAYS = ['kind', 'get_kind', 'segment', 'block', 'latch_child', 'latch_gets', 'plan_line', 'exec', 't_us', 'stack', 'sid'];

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {any} */
let engine = null;
try {
  engine = await loadNodeEngine({ config: { sweep_points_external: maxWorkers !== 1, operator_events: true, ...workerData?.config } });
  const v = engine.version;
  port.postMessage({ type: 'ready', version: typeof v === 'function' ? String(v.call(engine)) : '' });
} catch (e) {
  port.postMessage({ type: 'failed', error: line(e) });
}

// Requests run one after another: a chunk waits for its sweep's workers.
let queue = Promise.resolve();
port.on('message', (/** @type {{ id: number, op?: string, text?: string, step?: number }} */ m) => {
  queue = queue.then(() => handle(m));
});

/** @param {{ id: number, op?: string, text?: string, step?: number }} m */
async function handle(m) {
  if (!engine) return;
  try {
    if (m.op === 'catalog') {
      port.postMessage({ id: m.id, ok: true, result: engine.catalog() });
    } else if (m.op === 'trace') {
      const t = engine.trace(m.step);
      /** @type {ArrayBuffer[]} */
      const transfer = [];
      if (t) for (const k of TRACE_ARRAYS) if (t[k]?.buffer) transfer.push(t[k].buffer);
      port.postMessage({ id: m.id, ok: true, result: t }, transfer);
    } else if (typeof engine.execStepsJson === 'function') {
      // Each step leaves the engine as its statement ends; they are posted in batches (a message
      // per step costs more than the step), at least every FLUSH_MS, and before a trap's error.
      /** @type {string[]} */
      let batch = [];
      let last = performance.now();
      const flush = () => {
        if (batch.length) port.postMessage({ id: m.id, stepsJson: batch });
        batch = [];
        last = performance.now();
      };
      try {
        const onStep = (/** @type {string} */ json) => {
          batch.push(json);
          if (performance.now() - last >= FLUSH_MS) flush();
        };
        const header = typeof engine.pendingSweep === 'function'
          ? await execWithParallelSweeps(engine, String(m.text), (json) => { onStep(json); }, { ...(maxWorkers ? { maxWorkers } : {}), onStart: flush })
          : engine.execStepsJson(String(m.text), onStep);
        flush();
        port.postMessage({ id: m.id, ok: true, result: { ...header, steps: [] } });
      } catch (e) {
        flush();
        throw e;
      }
    } else {
      port.postMessage({ id: m.id, ok: true, result: engine.exec(String(m.text)) });
    }
  } catch (e) {
    port.postMessage({ id: m.id, ok: false, error: line(e), trap: isTrap(e) });
  }
}
