// Load the LIO engine (wasm) in Node, for the CLI and Node-side tests.
// The engine module and its API are documented in docs/ENGINE-API.md.

import fs from 'node:fs';
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
