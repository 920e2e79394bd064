// `npm install` runs this (postinstall). It installs, when missing, what the
// build needs beyond npm packages, then builds the app:
//   - the wasm32-unknown-unknown Rust target (rustup),
//   - wasm-bindgen-cli at exactly the version pinned in engine-wasm/wasm/Cargo.toml,
//   - Debian's Chromium (browser mode and the end-to-end tests), when root,
// and finally runs scripts/build.mjs (wasm engine + renderer bundle).
import { capture, run, log, pinnedWasmBindgen, isRoot, chromiumPresent, CHROMIUM } from './lib.mjs';
import { pathToFileURL } from 'node:url';

export function ensureWasmTarget() {
  const r = capture('rustup', ['target', 'list', '--installed']);
  if (r.status !== 0) {
    throw new Error('rustup is required (https://rustup.rs); `rustup target list` failed: ' + r.stderr.trim());
  }
  if (!r.stdout.split('\n').includes('wasm32-unknown-unknown')) {
    log('installing the wasm32-unknown-unknown target');
    run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  }
}

export function ensureWasmBindgen() {
  const want = pinnedWasmBindgen();
  const r = capture('wasm-bindgen', ['--version']);
  const have = r.status === 0 ? r.stdout.trim().split(/\s+/)[1] : null;
  if (have === want) return;
  log(`installing wasm-bindgen-cli ${want} (found ${have ?? 'none'}); this compiles for a few minutes, once`);
  // --locked first (reproducible); some registry mirrors lack a locked
  // transitive version, so fall back to resolving afresh.
  const locked = capture('cargo', ['install', 'wasm-bindgen-cli', '--version', want, '--locked', '--force']);
  if (locked.status !== 0) {
    run('cargo', ['install', 'wasm-bindgen-cli', '--version', want, '--force']);
  }
}

/** Chromium for browser mode and the e2e tests. Returns true when present. */
export function ensureChromium({ required = false } = {}) {
  if (chromiumPresent()) return true;
  if (isRoot() && capture('which', ['apt-get']).status === 0) {
    log('installing Debian chromium (apt-get install chromium)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
    return chromiumPresent();
  }
  const msg = `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install chromium`;
  if (required) throw new Error(msg);
  log(msg);
  return false;
}

async function main() {
  ensureWasmTarget();
  ensureWasmBindgen();
  ensureChromium();
  run(process.execPath, ['scripts/build.mjs']);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    log(`setup failed: ${e.message}`);
    process.exit(1);
  });
}
