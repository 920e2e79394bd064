// The host's history edges in the real UI (issue 29 follow-ups):
//   - a save the host stored but whose answer the UI never saw: the Retry
//     sends the same key, and the history holds the run once;
//   - a damaged history: the History view shows the host's message with
//     "Start a new history", which moves the file aside and reloads the list;
//     the next run is saved into the new history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createHostServices } from '../../electron/host/services.mjs';
import { startWebHost } from '../../electron/web.mjs';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, assert, assertEq, launchApp, runAll, setScript, suite, waitReady } from './harness.mjs';

const s = suite('ui2-history');
const RESULT = { lio_lab: 'test', steps: [{ index: 0, statement: 'select 1 from dual', stats: { 'consistent gets': 3 } }] };

/** A data dir whose history has its runs table's root pages overwritten (as tests/unit/host-storage.test.mjs). */
function damagedDataDir(tmp) {
  const dir = path.join(tmp, 'data');
  const sv = createHostServices({ dataDir: dir });
  for (let i = 0; i < 20; i++) sv.runs.save({ title: `run ${i}`, script: 'select 1 from dual;', result: RESULT });
  const pages = sv.store.db.prepare("SELECT rootpage FROM sqlite_master WHERE name IN ('runs', 'runs_created_at')").all().map((r) => r.rootpage);
  const size = Number(sv.store.db.pragma('page_size', { simple: true }));
  sv.close();
  const fd = fs.openSync(path.join(dir, 'lio-lab.sqlite'), 'r+');
  for (const p of pages) fs.writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (p - 1) * size);
  fs.closeSync(fd);
  return dir;
}

let app;
try {
  app = await launchApp();
  const { page, host } = app;

  await s.test('a save whose answer was lost: the Retry sends the same key and the run is stored once', async () => {
    let lost = 0;
    const keys = [];
    await page.route('**/api/runs', async (route) => {
      const req = route.request();
      if (req.method() !== 'POST') return route.continue();
      keys.push(JSON.parse(req.postData() ?? '{}').key);
      const res = await route.fetch(); // the host stores it ...
      if (lost++ === 0) return route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'the answer was lost' }) }); // ... the UI never hears
      return route.fulfill({ response: res });
    });
    await setScript(page, 'SELECT 7 FROM dual;\n');
    await runAll(page);
    const notice = page.locator('[data-notice^="save-"]');
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByRole('button', { name: 'Retry' }).click();
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    await page.unroute('**/api/runs');
    assertEq(keys.length, 2, 'two POSTs');
    assert(typeof keys[0] === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(keys[0]), `a key: ${keys[0]}`);
    assertEq(keys[1], keys[0], 'the Retry sends the same key');
    const runs = await (await fetch(new URL('/api/runs', host.url))).json();
    assertEq(runs.length, 1, 'runs in the history');
  });
} catch (e) {
  s.test('setup', () => { throw e; });
} finally {
  await app?.close();
}

// A host started on a damaged history.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-e2e-'));
let host, context;
try {
  const dataDir = damagedDataDir(tmp);
  host = await startWebHost({ port: 0, dataDir, ...(process.env.LIO_E2E_SAMPLES ? { samplesDir: process.env.LIO_E2E_SAMPLES } : {}) });
  context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(host.url);
  await waitReady(page);

  await s.test('a damaged history: the History view names the file and offers "Start a new history", which starts one', async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    const panel = page.getByRole('region', { name: 'Run history' });
    const alert = panel.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    const text = (await alert.textContent()) ?? '';
    assert(/the run history .*lio-lab\.sqlite is damaged/.test(text), `message: ${text}`);
    assert(/restore a backup/.test(text), `the host's fixes: ${text}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'ui2-history-damaged.png') });
    await panel.getByRole('button', { name: 'Start a new history' }).click();
    await panel.getByRole('status').filter({ hasText: 'A new run history was started' }).waitFor({ timeout: 10_000 });
    const said = (await panel.getByRole('status').textContent()) ?? '';
    assert(/the damaged one was kept as .*lio-lab\.sqlite\.damaged-/.test(said), `status: ${said}`);
    assertEq(await panel.getByRole('alert').count(), 0, 'no error left');
    const aside = fs.readdirSync(path.join(tmp, 'data')).filter((f) => /^lio-lab\.sqlite\.damaged-/.test(f));
    assert(aside.length >= 1, `moved aside: ${fs.readdirSync(path.join(tmp, 'data'))}`);
    // The next run goes into the new history.
    await setScript(page, 'SELECT 8 FROM dual;\n');
    await runAll(page);
    await panel.getByRole('table', { name: 'Saved runs' }).locator('tbody tr').first().waitFor({ timeout: 10_000 });
    assertEq(await panel.getByRole('table', { name: 'Saved runs' }).locator('tbody tr').count(), 1, 'saved runs');
    assertEq(errors.join('\n'), '', 'page errors');
  });
} catch (e) {
  s.test('setup (damaged history)', () => { throw e; });
} finally {
  await context?.close().catch(() => {});
  await host?.close().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
s.done();
