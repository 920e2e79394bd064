// Shared helpers for the project's own scripts (setup, build, test, bench).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ENGINE_DIR = path.join(ROOT, 'engine-wasm');
export const PKG_DIR = path.join(ENGINE_DIR, 'pkg');
export const CHROMIUM = '/usr/bin/chromium';

/** Cargo's bin dir is not always on PATH in fresh shells (rustup installs there). */
const cargoBin = path.join(os.homedir(), '.cargo', 'bin');
export const ENV = { ...process.env, PATH: `${cargoBin}${path.delimiter}${process.env.PATH ?? ''}` };

export function log(msg) {
  process.stderr.write(`[lio] ${msg}\n`);
}

/** Run a command, inheriting stdio; throws with a clear message on failure. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: ENV, cwd: ROOT, ...opts });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
  return r;
}

/** Run a command and capture its output (never throws on non-zero exit). */
export function capture(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: ENV, cwd: ROOT, ...opts });
  return { status: r.error ? -1 : r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error };
}

/** Run a command streaming its output through, and also return it. */
export function tee(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: ENV, cwd: ROOT, ...opts });
    let out = '';
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('error', (e) => { out += String(e); resolve({ status: -1, out }); });
    child.on('close', (status) => resolve({ status, out }));
  });
}

/** The wasm-bindgen version pinned in engine-wasm/wasm/Cargo.toml (`wasm-bindgen = "=X"`). */
export function pinnedWasmBindgen() {
  const toml = readFileSync(path.join(ENGINE_DIR, 'wasm', 'Cargo.toml'), 'utf8');
  const m = toml.match(/^wasm-bindgen\s*=\s*"=([0-9.]+)"/m);
  if (!m) throw new Error('engine-wasm/wasm/Cargo.toml must pin wasm-bindgen as "=x.y.z"');
  return m[1];
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function chromiumPresent() {
  return existsSync(CHROMIUM);
}
