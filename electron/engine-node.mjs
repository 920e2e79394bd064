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
 * @param {{ modulePath?: string, pkgDir?: string }} [opts]
 * @returns {Promise<LioEngine>}
 */
export async function loadNodeEngine({ modulePath = ENGINE_MODULE, pkgDir = ENGINE_PKG_DIR } = {}) {
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
  return mod.loadEngine();
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
 * @property {(text: string) => Promise<import('./api.mjs').ScriptResult>} exec
 * @property {() => void} terminate  stop it now (a running chunk is abandoned)
 */

/**
 * Run the engine in a worker thread (engine-worker.mjs). A chunk that traps
 * rejects; so does every call once the worker has exited.
 * @param {{ workerUrl?: URL }} [opts]  another worker script (tests)
 * @returns {EngineRunner}
 */
export function startEngineWorker({ workerUrl = new URL('./engine-worker.mjs', import.meta.url) } = {}) {
  const worker = new Worker(workerUrl);
  /** @type {Map<number, { resolve: (r: any) => void, reject: (e: Error) => void }>} */
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
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(Object.assign(new Error(m.error), { trap: Boolean(m.trap) }));
  });
  worker.on('error', (e) => die(Object.assign(new Error(`the engine worker failed: ${e.message}`), { trap: true })));
  worker.on('exit', (code) => die(new Error(`the engine worker exited (code ${code})`)));
  return {
    ready,
    exec(text) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, text });
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
    exec: async (text) => (await engine).exec(text),
    terminate() {},
  };
}
