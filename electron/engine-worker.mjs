// The engine in a worker thread, for the CLI (engine-node.mjs startEngineWorker):
// the main thread keeps reading, printing and timing while the wasm runs, and
// can terminate it (--timeout) or survive a trap.
//
//   main -> worker   { id, text }                       run one chunk
//   worker -> main   { type: 'ready', version }         after the engine loaded
//                    { type: 'failed', error }          it could not load (then nothing else)
//                    { id, ok: true, result }           the chunk's ScriptResult
//                    { id, ok: false, error, trap }     a thrown error; trap: the instance is unusable

import { parentPort } from 'node:worker_threads';
import { loadNodeEngine } from './engine-node.mjs';

/** @param {unknown} e */
const line = (e) => {
  const err = /** @type {Error} */ (e);
  const msg = String(err?.message ?? e).split('\n')[0];
  return err?.name && err.name !== 'Error' ? `${err.name}: ${msg}` : msg;
};
/** @param {unknown} e */
const isTrap = (e) =>
  (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) ||
  /unreachable|memory access out of bounds|recursive use of an object|Maximum call stack/.test(String(/** @type {Error} */ (e)?.message ?? e));

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {import('./engine-node.mjs').LioEngine | null} */
let engine = null;
try {
  engine = await loadNodeEngine();
  const v = /** @type {any} */ (engine).version;
  port.postMessage({ type: 'ready', version: typeof v === 'function' ? String(v.call(engine)) : '' });
} catch (e) {
  port.postMessage({ type: 'failed', error: line(e) });
}

port.on('message', (/** @type {{ id: number, text: string }} */ m) => {
  if (!engine) return;
  try {
    port.postMessage({ id: m.id, ok: true, result: engine.exec(m.text) });
  } catch (e) {
    port.postMessage({ id: m.id, ok: false, error: line(e), trap: isTrap(e) });
  }
});
