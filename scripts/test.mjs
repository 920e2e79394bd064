// `npm test`: builds what is missing, then runs every suite and ends with a
// plain `N passed, N failed` line.
//   0. habits: cargo fmt --check, cargo clippy --all-targets -D warnings,
//      tsc --noEmit -p renderer (strict), tsc -p electron (the host's
//      JavaScript, checkJs, strict), eslint (eslint.config.mjs: recommended
//      rules, typescript-eslint, the Rules of Hooks), shape (scripts/shape.mjs:
//      no new import cycle, file over 600 lines or function over 120 lines,
//      none grown, against scripts/shape-allow.json); each one check,
//      1 passed when clean
//   1. cargo test (engine core, parser, wasm facade as rlib)
//   2. Vitest (renderer model/reports, electron host, the wasm loaded from disk)
//   3. end-to-end: each tests/e2e/*.e2e.mjs drives the real UI in Chromium
//      against the browser-mode host, printing `ok - name` / `not ok - name`.
import { readdirSync, existsSync, readFileSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { ROOT, ENGINE_DIR, tee, run, log } from './lib.mjs';
import { ensureChromium, ensureWasmTarget, ensureWasmBindgen } from './setup.mjs';

const only = process.argv.slice(2); // optional: habits | tsc | eslint | shape | cargo | vitest | e2e
const want = (s) => only.length === 0 || only.includes(s);
const totals = { passed: 0, failed: 0 };
const suites = [];

function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  suites.push(`${name}: ${passed} passed, ${failed} failed`);
}

if (only.length === 0 || only.some((s) => s !== 'shape')) {
  ensureWasmTarget();
  ensureWasmBindgen();
  run(process.execPath, ['scripts/build.mjs']);
}

if (want('habits')) {
  // Each habit is one check: 1 passed when clean, 1 failed (with its output) otherwise.
  for (const [name, args] of [
    ['cargo fmt --check', ['fmt', '--all', '--check']],
    ['cargo clippy --all-targets -D warnings', ['clippy', '--workspace', '--all-targets', '--profile', 'ci', '--color', 'never', '--', '-D', 'warnings']],
  ]) {
    log(name);
    const r = await tee('cargo', args, { cwd: ENGINE_DIR });
    record(name, r.status === 0 ? 1 : 0, r.status === 0 ? 0 : 1);
  }
}

if (want('tsc') || only.includes('habits')) {
  // The renderer type-checks under `strict`, and so does electron/'s JavaScript
  // from its JSDoc (checkJs); the errors are printed as they come. tsc is
  // TypeScript 7 (`@typescript/native`; `typescript` is the TS 6 API ESLint uses).
  const tsc = path.join(ROOT, 'node_modules', '@typescript', 'native', 'bin', 'tsc');
  for (const project of ['renderer', 'electron']) {
    log(`tsc --noEmit -p ${project}`);
    const r = await tee(process.execPath, [tsc, '--noEmit', '-p', project, '--pretty', 'false']);
    record(`tsc ${project}`, r.status === 0 ? 1 : 0, r.status === 0 ? 0 : 1);
  }
}

if (want('eslint') || only.includes('habits')) {
  // Every finding fails the check (warnings included); the findings are printed.
  log('eslint');
  const r = await tee(process.execPath, [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings', '0', '--no-color', '.']);
  record('eslint', r.status === 0 ? 1 : 0, r.status === 0 ? 0 : 1);
}

if (want('shape') || only.includes('habits')) {
  // Import cycles, long files, long functions: a ratchet against
  // scripts/shape-allow.json; the findings are printed.
  log('shape');
  const r = await tee(process.execPath, [path.join(ROOT, 'scripts', 'shape.mjs')]);
  record('shape', r.status === 0 ? 1 : 0, r.status === 0 ? 0 : 1);
}

if (want('cargo')) {
  log('cargo test');
  const r = await tee('cargo', ['test', '--workspace', '--profile', 'ci', '--no-fail-fast', '--color', 'never'], { cwd: ENGINE_DIR });
  let p = 0, f = 0;
  for (const m of r.out.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    p += Number(m[1]);
    f += Number(m[2]);
  }
  if (r.status !== 0 && f === 0) f = 1; // a build failure counts as a failure
  record('cargo', p, f);
}

if (want('vitest')) {
  log('vitest');
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'lio-vitest-')), 'report.json');
  const r = await tee(process.execPath, [
    path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run',
    '--reporter=default', '--reporter=json', `--outputFile.json=${out}`,
  ]);
  let p = 0, f = 0;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    p = j.numPassedTests;
    f = j.numFailedTests + (j.numFailedTestSuites ?? 0);
  }
  if (r.status !== 0 && f === 0) f = 1;
  record('vitest', p, f);
}

if (want('e2e')) {
  ensureChromium({ required: true });
  const dir = path.join(ROOT, 'tests', 'e2e');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.e2e.mjs')).sort() : [];
  let p = 0, f = 0;
  for (const file of files) {
    log(`e2e ${file}`);
    const r = await tee(process.execPath, [path.join(dir, file)], { env: { ...process.env, LIO_E2E: '1' } });
    const ok = (r.out.match(/^ok - /gm) ?? []).length;
    const notOk = (r.out.match(/^not ok - /gm) ?? []).length;
    p += ok;
    f += notOk;
    if (r.status !== 0 && notOk === 0) f += 1;
  }
  record('e2e', p, f);
}

for (const s of suites) console.log(s);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
