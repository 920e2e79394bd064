#!/usr/bin/env node
// `npm start`: open LIO Lab.
//
// 1. Build first when renderer/dist or engine-wasm/pkg is missing
//    (node scripts/build.mjs).
// 2. If the `electron` package resolves to an existing binary, run Electron
//    on electron/main.cjs.
// 3. Otherwise browser mode: start web.mjs's host on a free port and open it
//    in the system Chromium as an app window when there is a display; with
//    no display (or no Chromium) print the URL and keep serving.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BUILD_SCRIPT, DIST_DIR, ENGINE_PKG_DIR, REPO_ROOT } from './paths.mjs';
import { startWebHost, closeOnSignals } from './web.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const CHROMIUM_CANDIDATES = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
]);

/**
 * The Electron binary, when the optional `electron` package is installed
 * with its binary (in Node, require('electron') returns the binary's path).
 * @param {(id: string) => unknown} [req]
 * @returns {string|null}
 */
export function findElectronBinary(req = require) {
  try {
    const p = req('electron');
    return typeof p === 'string' && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

/** @param {readonly string[]} [candidates] @returns {string|null} */
export function findChromium(candidates = CHROMIUM_CANDIDATES) {
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** @param {NodeJS.ProcessEnv} [env] */
export function hasDisplay(env = process.env) {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Chromium's arguments for an app window on `url`.
 * @param {string} url @param {string} profileDir @param {{ root?: boolean }} [o]
 */
export function chromiumArgs(url, profileDir, { root = isRoot() } = {}) {
  return [
    `--app=${url}`,
    '--no-first-run',
    '--no-default-browser-check',
    `--user-data-dir=${profileDir}`,
    '--window-size=1440,900',
    // As root Chromium needs --no-sandbox; --test-type hides the warning bar it shows.
    ...(root ? ['--no-sandbox', '--test-type'] : []),
  ];
}

/**
 * What is missing from the build, if anything.
 * @returns {string[]}
 */
export function missingBuild({ distDir = DIST_DIR, pkgDir = ENGINE_PKG_DIR } = {}) {
  const missing = [];
  if (!fs.existsSync(path.join(distDir, 'index.html'))) missing.push(path.relative(REPO_ROOT, distDir));
  if (!fs.existsSync(pkgDir)) missing.push(path.relative(REPO_ROOT, pkgDir));
  return missing;
}

/** Build when needed; false when the build failed or cannot run. */
function ensureBuilt() {
  const missing = missingBuild();
  if (!missing.length) return true;
  if (!fs.existsSync(BUILD_SCRIPT)) {
    process.stderr.write(`lio start: ${missing.join(' and ')} missing and scripts/build.mjs not found\n`);
    return false;
  }
  process.stderr.write(`lio start: ${missing.join(' and ')} missing; running npm run build\n`);
  const r = spawnSync(process.execPath, [BUILD_SCRIPT], { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) {
    process.stderr.write(`lio start: build failed (exit ${r.status ?? r.signal})\n`);
    return false;
  }
  return true;
}

/** @param {string} electronBin */
function runElectron(electronBin) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  // Electron refuses to run as root without --no-sandbox (Chromium's OS
  // sandbox); the renderer stays context-isolated with sandbox: true.
  const args = [path.join(here, 'main.cjs'), ...(isRoot() ? ['--no-sandbox'] : [])];
  const child = spawn(electronBin, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
  const forward = (/** @type {NodeJS.Signals} */ sig) => () => child.kill(sig);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** @param {{ port: number }} opts */
async function runBrowserMode({ port }) {
  const host = await startWebHost({ port });
  const url = host.url;
  if (!hasDisplay()) {
    process.stdout.write(`LIO Lab (browser mode) at ${url} — no display; open it in a browser\n`);
    closeOnSignals(host);
    return;
  }
  const chromium = findChromium();
  if (!chromium) {
    process.stdout.write(`LIO Lab (browser mode) at ${url}\n`);
    process.stderr.write(
      'lio start: no Chromium found; open the URL in a browser, or install one ' +
        '(apt-get install chromium) or Electron (npm install electron)\n',
    );
    closeOnSignals(host);
    return;
  }
  process.stdout.write(`LIO Lab (browser mode) at ${url}\n`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-lab-chromium-'));
  const removeProfile = () => fs.rmSync(profile, { recursive: true, force: true });
  const child = spawn(chromium, chromiumArgs(url, profile), { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  closeOnSignals(
    { close: () => host.close().finally(removeProfile) },
    stop,
  );
  // Closing the app window ends the app.
  child.on('exit', () => {
    host.close().finally(() => {
      removeProfile();
      process.exit(0);
    });
  });
  child.on('error', (e) => {
    process.stderr.write(`lio start: could not run ${chromium}: ${e.message}; open the URL in a browser\n`);
  });
}

export const START_USAGE = `Usage: npm start [-- [--browser] [--no-build] [--port <n>]]

Opens LIO Lab: in Electron when its binary is installed, else in browser
mode (a local server plus a Chromium app window, or just the URL when there
is no display). Builds first when renderer/dist or engine-wasm/pkg is missing,
unless --no-build. --browser skips Electron. --port applies to browser mode
(default: a free port).
`;

/**
 * @param {string[]} argv
 * @returns {{ help: boolean, build: boolean, browser: boolean, port: number }}
 */
export function parseStartArgs(argv) {
  const out = { help: false, build: true, browser: false, port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') out.help = true;
    else if (a === '--no-build') out.build = false;
    else if (a === '--browser') out.browser = true;
    else if (a === '--port' || a.startsWith('--port=')) {
      const v = a.includes('=') ? a.slice(7) : argv[++i];
      if (v === undefined || !/^[0-9]+$/.test(v) || Number(v) > 65535) throw new Error(`invalid port ${v ?? ''}`.trim());
      out.port = Number(v);
    } else throw new Error(a.startsWith('-') ? `unknown option ${a}` : `unexpected argument ${a}`);
  }
  return out;
}

async function main() {
  let args;
  try {
    args = parseStartArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`lio start: ${/** @type {Error} */ (e).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stdout.write(START_USAGE);
    return;
  }
  if (args.build && !ensureBuilt()) {
    process.exitCode = 1;
    return;
  }
  const electronBin = args.browser ? null : findElectronBinary();
  if (electronBin) {
    runElectron(electronBin);
    return;
  }
  await runBrowserMode({ port: args.port });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  main().catch((e) => {
    process.stderr.write(`lio start: ${e?.message ?? e}\n`);
    process.exitCode = 1;
  });
}
