// The whole UI against the contract-shaped mock engine (renderer/test/mock-engine.ts),
// so every view is exercised whatever the real engine supports today: builds the
// renderer with LIO_MOCK_ENGINE=1 into a temp dir, serves it with the real
// browser-mode host, runs the MemOptimized flows, and takes screenshots
// prefixed `mock-` (light and dark).
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq, waitReady } from './harness.mjs';
import { memoptFlows } from './flows.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lio-ui-mock-'));
const distDir = path.join(tmp, 'dist');
const samplesDir = path.join(tmp, 'samples');
mkdirSync(samplesDir);
writeFileSync(path.join(samplesDir, 'memopt-rowstore.sql'), `-- MemOptimized RowStore (mock engine)
SET AUTOTRACE ON STATISTICS
CREATE TABLE t1 (key INTEGER NOT NULL, value VARCHAR2(30 CHAR) NOT NULL, PRIMARY KEY (key)) STORAGE (BUFFER_POOL KEEP);
CREATE TABLE t2 (key INTEGER NOT NULL, value VARCHAR2(30 CHAR) NOT NULL, PRIMARY KEY (key)) ORGANIZATION INDEX;
CREATE CLUSTER c3 (key INTEGER) SIZE 256 SINGLE TABLE HASHKEYS 100000;
CREATE TABLE t3 (key INTEGER NOT NULL, value VARCHAR2(30 CHAR) NOT NULL, PRIMARY KEY (key)) CLUSTER c3 (key);
CREATE TABLE t4 (key INTEGER NOT NULL, value VARCHAR2(30 CHAR) NOT NULL, PRIMARY KEY (key)) SEGMENT CREATION IMMEDIATE MEMOPTIMIZE FOR READ;
exec dbms_memoptimize.populate('DEMO', 'T4')
SELECT * FROM t1 WHERE key = 42;
SELECT * FROM t2 WHERE key = 42;
SELECT * FROM t3 WHERE key = 42;
SELECT * FROM t4 WHERE key = 42;
LAB RUN 'SELECT value FROM t1 WHERE key = :1' BIND 1 TO 2000 VIA jdbc_thin RUNS 3;
`);

const s = suite('ui-mock');
let app;
try {
  await s.test('build the renderer with the mock engine', async () => {
    const r = spawnSync(process.execPath, [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(repo, 'renderer/vite.config.ts'),
      '--outDir', distDir, '--emptyOutDir', '--logLevel', 'error'], { env: { ...process.env, LIO_MOCK_ENGINE: '1' }, encoding: 'utf8', timeout: 300_000 });
    assert(r.status === 0, `vite build failed: ${r.stderr || r.stdout}`);
  });
  for (const scheme of ['light', 'dark']) {
    const prefix = scheme === 'light' ? 'mock-' : 'mock-dark-';
    app = await launchApp({ distDir, samplesDir, colorScheme: scheme });
    const { page } = app;
    await s.test(`[${scheme}] open and run the sample`, async () => {
      await page.getByRole('combobox', { name: 'Open sample' }).selectOption('memopt-rowstore');
      await page.waitForTimeout(200);
      await runAll(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}workbench.png`) });
    });
    if (scheme === 'light') {
      await memoptFlows(s, app, prefix);
      await s.test('errors are underlined at their line and column', async () => {
        await setScript(page, 'SELECT 1 FROM dual;\nSELECT * FROM nope WHERE key = 1;\n');
        await runAll(page);
        const range = page.locator('.cm-lintRange-error');
        assert(await range.count() === 1, 'one diagnostic');
        assertEq((await range.textContent()).toUpperCase(), 'NOPE', 'underlined token');
        const alert = await page.getByRole('alert').first().textContent();
        assert(/ORA-00942 at line 2, column 15/.test(alert), alert);
      });
      await s.test('Ctrl+Enter runs only the statement under the cursor', async () => {
        await setScript(page, 'SELECT 1 FROM dual;\nSELECT 1 FROM dual;\nSELECT 1 FROM dual;\n');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ControlOrMeta+Enter');
        await page.waitForTimeout(100);
        await waitReady(page);
        const status = await page.getByRole('status').first().textContent();
        assert(/1 step in/.test(status), status);
      });
      await s.test('a long run shows progress and can be cancelled; the engine state is restored', async () => {
        await setScript(page, 'SELECT 1 FROM dual;\nLAB SPIN 20000;\nSELECT 1 FROM dual;\n');
        await page.getByRole('button', { name: /^Run all/ }).click();
        await page.getByRole('progressbar', { name: 'Progress' }).waitFor({ timeout: 5000 });
        await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}running.png`) });
        const t0 = Date.now();
        await page.getByRole('button', { name: 'Cancel' }).click();
        await waitReady(page, 10_000);
        assert(Date.now() - t0 < 5000, 'cancel is prompt');
        const status = await page.getByRole('status').first().textContent();
        assert(/Cancelled/.test(status), status);
        await setScript(page, 'SELECT 1 FROM dual;\n');
        await page.keyboard.press('ControlOrMeta+Enter');
        await page.waitForTimeout(100);
        await waitReady(page);
        assert(/1 step in/.test(await page.getByRole('status').first().textContent()), 'runs again after cancel');
      });
      await s.test('a wasm trap mid-script: the steps before stay, one line says a fresh engine started, the next run works', async () => {
        await setScript(page, 'SELECT 1 FROM dual;\nSELECT 1 FROM dual;\nLAB TRAP;\nSELECT 1 FROM dual;\n');
        await runAll(page);
        const notice = page.locator('[data-notice="engine-replaced"]');
        await notice.waitFor({ timeout: 10_000 });
        assertEq(await notice.locator('.notice-text').textContent(),
          'The engine stopped (RuntimeError: unreachable) while running line 3 (LAB TRAP); a fresh engine was started, with an empty instance. Steps before the failure are kept.', 'notice');
        const newest = page.getByRole('grid', { name: 'Executed statements' }).locator('tbody').first();
        await newest.locator('tr').first().filter({ hasText: /^Run \d+ · earlier run \(no trace\) · saved #\d+$/ }).waitFor({ timeout: 10_000 }); // the stopped run, saved
        assertEq(await newest.getByRole('button', { name: /^Step \d+:/ }).count(), 2, 'the two SELECTs before the trap are listed');
        await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}engine-trap.png`) });
        await setScript(page, 'SELECT 1 FROM dual;\n');
        await runAll(page);
        assert(/^1 step in/.test(await page.getByRole('status').first().textContent()), 'the fresh engine runs');
        await notice.getByRole('button', { name: /^Dismiss/ }).click();
      });
      await s.test('workload: the structure view opens on the final heat map', async () => {
        await page.getByRole('combobox', { name: 'Open sample' }).selectOption('memopt-rowstore');
        await runAll(page);
        await page.getByRole('button', { name: /^Step \d+: LAB RUN/ }).first().click();
        await page.getByRole('tab', { name: 'Structure' }).click();
        await page.waitForFunction(() => Number(document.querySelector('[aria-label="Current event"]')?.getAttribute('data-pos')) > 0);
        const max = await page.getByRole('slider', { name: 'Trace position' }).getAttribute('max');
        const pos = await page.getByLabel('Current event').getAttribute('data-pos');
        assertEq(pos, max, 'at the end');
        await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}workload-heat.png`) });
      });
      await s.test('save the script as a named scenario', async () => {
        await setScript(page, 'SELECT 1 FROM dual;\n');
        await page.getByRole('button', { name: 'Save scenario…' }).click();
        const dlg = page.getByRole('dialog', { name: 'Save scenario' });
        await dlg.getByRole('textbox', { name: 'Name' }).fill('my lookups');
        await dlg.getByRole('button', { name: 'Save' }).click();
        await dlg.waitFor({ state: 'detached' });
        await page.waitForFunction(() => [...document.querySelectorAll('#sample option')].some((o) => o.textContent === 'my lookups (saved)'));
      });
      await s.test('keyboard: Alt+3 opens the flame graph, ? opens the shortcuts', async () => {
        await page.getByRole('tab', { name: 'Autotrace' }).focus();
        await page.keyboard.press('Alt+3');
        assertEq(await page.getByRole('tab', { name: 'Flame graph' }).getAttribute('aria-selected'), 'true', 'flame tab selected');
        await page.getByRole('tab', { name: 'Flame graph' }).focus();
        await page.keyboard.press('?');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await page.keyboard.press('Escape');
      });
    } else {
      await s.test('[dark] structure view', async () => {
        await page.getByRole('button', { name: /Step \d+: SELECT \* FROM t1/ }).click();
        await page.getByRole('tab', { name: 'Structure' }).click();
        await page.getByRole('button', { name: 'First event' }).click();
        await page.getByRole('button', { name: 'Step forward' }).click();
        await page.getByRole('button', { name: 'Step forward' }).click();
        await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}structure.png`) });
      });
    }
    await s.test(`[${scheme}] no page errors`, async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
    await app.close();
    app = null;
  }
} finally {
  await app?.close();
  rmSync(tmp, { recursive: true, force: true });
  s.done();
}
