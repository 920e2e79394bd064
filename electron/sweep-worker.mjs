// One LAB SWEEP point worker for the CLI (worker_threads): its own wasm
// instance; each point runs on a fresh engine (engine.mjs sweepPoint).
// See renderer/src/engine/sweep-pool.mjs for the scheduling.
//
//   pool -> worker   { id, config, name, point }   run a point (JSON texts)
//   worker -> pool   { type: 'ready' } | { type: 'failed', error }
//                    { id, ok: true, run }          the point's run JSON
//                    { id, ok: false, error }       it failed (a trap: the worker is replaced)
//
// workerData.trapPoints (tests only): the values of the points that trap
// here, as a real wasm trap (config trap_at_step 0).
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { ENGINE_MODULE } from './engine-node.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {Set<number>} */
const trapPoints = new Set(workerData?.trapPoints ?? []);
/** @param {unknown} e */
const line = (e) => {
  const err = /** @type {Error} */ (e);
  const msg = String(err?.message ?? e).split('\n')[0];
  return err?.name && err.name !== 'Error' ? `${err.name}: ${msg}` : msg;
};

/** @type {any} */
let mod = null;
try {
  mod = await import(pathToFileURL(ENGINE_MODULE).href);
  await mod.loadEngineModule();
  port.postMessage({ type: 'ready' });
} catch (e) {
  port.postMessage({ type: 'failed', error: line(e) });
}

port.on('message', (/** @type {{ id: number, config: string, name: string, point: string }} */ m) => {
  if (!mod) return port.postMessage({ id: m.id, ok: false, error: 'the sweep worker has no engine' });
  try {
    let config = m.config;
    if (trapPoints.size && trapPoints.has(JSON.parse(m.point).value)) config = JSON.stringify({ ...JSON.parse(m.config), trap_at_step: 0 });
    port.postMessage({ id: m.id, ok: true, run: mod.sweepPoint(config, m.name, m.point) });
  } catch (e) {
    port.postMessage({ id: m.id, ok: false, error: line(e) });
  }
});
