// Where things are on disk, for every Node-side entry point.

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Repository root (the folder holding package.json). */
export const REPO_ROOT = path.resolve(here, '..');
/** Built UI (vite output). */
export const DIST_DIR = path.join(REPO_ROOT, 'renderer', 'dist');
/** wasm-bindgen output: lio_wasm.js, lio_wasm_bg.wasm. */
export const ENGINE_PKG_DIR = path.join(REPO_ROOT, 'engine-wasm', 'pkg');
/** Shipped sample scenarios (*.sql). */
export const SAMPLES_DIR = path.join(REPO_ROOT, 'samples');
/** The project's build script (written by the lead). */
export const BUILD_SCRIPT = path.join(REPO_ROOT, 'scripts', 'build.mjs');

/**
 * The data directory: $LIO_DATA_DIR, else the Electron userData folder when
 * given, else ~/.lio-lab.
 * @param {{ env?: NodeJS.ProcessEnv, electronUserData?: string }} [opts]
 * @returns {string}
 */
export function resolveDataDir({ env = process.env, electronUserData } = {}) {
  if (env.LIO_DATA_DIR) return path.resolve(env.LIO_DATA_DIR);
  if (electronUserData) return electronUserData;
  return path.join(os.homedir(), '.lio-lab');
}
