// Load the LIO engine (wasm) in Node, for the CLI and Node-side tests.
// The engine module and its API are documented in docs/ENGINE-API.md.

import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, ENGINE_PKG_DIR } from './paths.mjs';

/** The engine's JS entry point. */
export const ENGINE_MODULE = path.join(REPO_ROOT, 'engine-wasm', 'js', 'engine.mjs');

/**
 * @typedef {object} LioEngine
 * @property {(script: string) => import('./api.mjs').ScriptResult} exec
 * @property {() => unknown} catalog
 * @property {(stepIndex: number) => unknown} trace
 * @property {() => void} reset
 */

/** Thrown when the engine has not been built; `code` is 'LIO_ENGINE_MISSING'. */
export class EngineMissingError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'EngineMissingError';
    this.code = 'LIO_ENGINE_MISSING';
  }
}

/**
 * Load the engine from disk (engine-wasm/js/engine.mjs reads pkg/*.wasm).
 * @param {{ modulePath?: string, pkgDir?: string, config?: object }} [opts]  config: an EngineConfig
 * @returns {Promise<LioEngine>}
 */
export async function loadNodeEngine({ modulePath = ENGINE_MODULE, pkgDir = ENGINE_PKG_DIR, config } = {}) {
  if (!fs.existsSync(modulePath)) {
    throw new EngineMissingError(`engine module not found: ${path.relative(process.cwd(), modulePath) || modulePath}`);
  }
  for (const f of ['lio_wasm.js', 'lio_wasm_bg.wasm']) {
    if (!fs.existsSync(path.join(pkgDir, f))) {
      throw new EngineMissingError(`engine not built (engine-wasm/pkg/${f} is missing); run \`npm run build:wasm\``);
    }
  }
  const mod = await import(pathToFileURL(modulePath).href);
  if (typeof mod.loadEngine !== 'function') {
    throw new EngineMissingError(`${modulePath} does not export loadEngine()`);
  }
  return config ? mod.loadEngine(undefined, config) : mod.loadEngine();
}

/**
 * Run a whole script on a fresh engine.
 * @param {string} script
 * @param {{ engine?: LioEngine }} [opts]
 */
export async function runScript(script, { engine } = {}) {
  const e = engine ?? (await loadNodeEngine());
  return e.exec(script);
}

/**
 * @typedef {object} EngineRunner  an engine the CLI feeds chunk by chunk
 * @property {Promise<{ version: string }>} ready  resolves once loaded; rejects with the load error
 * @property {(text: string, onStep?: (step: import('./api.mjs').Step) => void) => Promise<import('./api.mjs').ScriptResult>} exec
 *   run a chunk; with `onStep`, each step is handed over as its statement ends and the
 *   result's `steps` holds none of them; a trap rejects with `trap: true` and `steps`:
 *   how many steps were handed over before it
 * @property {() => Promise<unknown>} catalog
 * @property {(step: number) => Promise<unknown>} trace
 * @property {() => void} terminate  stop it now (a running chunk is abandoned)
 */

/**
 * Run the engine in a worker thread (engine-worker.mjs). A chunk that traps
 * rejects; so does every call once the worker has exited.
 * @param {{ workerUrl?: URL, config?: object }} [opts]  another worker script (tests); an EngineConfig
 * @returns {EngineRunner}
 */
export function startEngineWorker({ workerUrl = new URL('./engine-worker.mjs', import.meta.url), config } = {}) {
  const worker = new Worker(workerUrl, { workerData: { config } });
  /** @typedef {import('./api.mjs').Step} Step */
  /** @type {Map<number, { resolve: (r: any) => void, reject: (e: Error) => void, onStep?: (s: Step) => void, steps: Step[], handed: number }>} */
  const pending = new Map();
  let nextId = 1;
  /** @type {Error | null} */
  let dead = null;
  /** @type {(v: { version: string }) => void} */
  let readyOk = () => {};
  /** @type {(e: Error) => void} */
  let readyFail = () => {};
  const ready = new Promise((resolve, reject) => {
    readyOk = resolve;
    readyFail = reject;
  });
  ready.catch(() => {});
  /** @param {Error} e */
  const die = (e) => {
    if (dead) return;
    dead = e;
    readyFail(e);
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m) => {
    if (m.type === 'ready') return readyOk({ version: m.version });
    if (m.type === 'failed') return die(new Error(m.error));
    const p = pending.get(m.id);
    if (!p) return;
    if ((m.steps || m.stepsJson) && m.ok === undefined) {
      // Steps that finished; the chunk runs on.
      for (const x of m.stepsJson ?? m.steps) {
        const s = m.stepsJson ? JSON.parse(x) : x;
        p.handed++;
        if (p.onStep) p.onStep(s);
        else p.steps.push(s);
      }
      return;
    }
    pending.delete(m.id);
    if (m.ok) {
      const r = m.result;
      // Steps not streamed (all of them without onStep; a worker that sends the chunk whole) are the result's.
      if (r && Array.isArray(r.steps) && p.steps.length) r.steps = p.steps.concat(r.steps);
      p.resolve(r);
    } else p.reject(Object.assign(new Error(m.error), { trap: Boolean(m.trap), steps: p.handed }));
  });
  worker.on('error', (e) => die(Object.assign(new Error(`the engine worker failed: ${e.message}`), { trap: true })));
  worker.on('exit', (code) => die(new Error(`the engine worker exited (code ${code})`)));
  return {
    ready,
    exec(text, onStep) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, onStep, steps: [], handed: 0 });
        worker.postMessage({ id, text });
      });
    },
    catalog() {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, steps: [], handed: 0 });
        worker.postMessage({ id, op: 'catalog' });
      });
    },
    trace(step) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, steps: [], handed: 0 });
        worker.postMessage({ id, op: 'trace', step });
      });
    },
    terminate() {
      die(new Error('the engine was stopped'));
      worker.terminate();
    },
  };
}

/**
 * The same interface over an engine in this thread (tests hand in fakes).
 * @param {() => Promise<LioEngine>} load
 * @returns {EngineRunner}
 */
export function inProcessRunner(load) {
  const engine = load();
  engine.catch(() => {});
  return {
    ready: engine.then((e) => ({ version: typeof (/** @type {any} */ (e).version) === 'function' ? String(/** @type {any} */ (e).version()) : '' })),
    async exec(text, onStep) {
      const e = /** @type {any} */ (await engine);
      // An engine without execSteps (a test's fake) answers the chunk whole.
      if (!onStep || typeof e.execSteps !== 'function') return e.exec(text);
      let handed = 0;
      try {
        return { ...e.execSteps(text, (/** @type {any} */ s) => { handed++; onStep(s); }), steps: [] };
      } catch (err) {
        throw Object.assign(/** @type {Error} */ (err), { steps: handed });
      }
    },
    catalog: async () => (await engine).catalog(),
    trace: async (step) => (await engine).trace(step),
    terminate() {},
  };
}
