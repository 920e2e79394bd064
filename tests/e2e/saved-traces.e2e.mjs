// Saved runs keep their traces (issue 35): a sample is run and saved to the
// History with its steps' traces and catalog; after a reload (the engine is
// fresh, nothing of the run is left in it) the run is loaded from the History
// and its structure view plays (trace events present, blocks lit), its flame
// graph draws; a damaged trace blob is that step's stated error.
// Screenshot: tests/e2e/artifacts/saved-traces-structure-1440x900.png.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, launchApp, setScript, runAll, suite, assert, assertEq, waitReady, savedParts } from './harness.mjs';
import { selectStep } from './flows.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const sample = (f) => readFileSync(path.join(here, '..', '..', 'samples', f), 'utf8');
const SAMPLE = sample('memoptimized-rowstore.sql');
const s = suite('saved-traces');
let app;


async function loadSavedRun(page, id) {
  await page.getByRole('tab', { name: 'History' }).click();
  const load = page.getByRole('button', { name: `Load run ${id} for comparison` });
  await load.waitFor({ timeout: 10_000 });
  await load.click();
  await page.waitForFunction(() => /· saved/.test(document.querySelector('table[aria-label="Executed statements"]')?.textContent ?? ''), null, { timeout: 10_000 });
}

try {
  app = await launchApp({ width: 1440, height: 900 });
  const { page, host } = app;
  let parts = [];
  let stepIndex = -1;

  await s.test('a run of the MemOptimized sample is saved with its traces and catalog', async () => {
    await setScript(page, SAMPLE);
    await runAll(page, 180_000);
    parts = await savedParts(host.url, 1, { log: true });
    assert(parts.some((p) => p.step === -1), 'the catalog is kept');
    assert(parts.filter((p) => p.step >= 0).length >= 8, `traces kept: ${parts.length}`);
    for (const p of parts) assert(p.bytes > 0 && p.bytes < p.raw_bytes, `part ${p.step}: ${p.bytes} compressed of ${p.raw_bytes}`);
    // Nothing was left out, so no warning about traces.
    assert(!/traces of \d+ step/.test(await page.locator('body').innerText()), 'no trace note');
  });

  await s.test('after a reload, the saved run\'s structure view plays its trace', async () => {
    await page.reload();
    await waitReady(page);
    await loadSavedRun(page, 1);
    const btn = await selectStep(page, /SELECT \* FROM t1 WHERE key = 42/i);
    stepIndex = Number(/^Step (\d+):/.exec(await btn.getAttribute('aria-label'))?.[1]);
    assert(parts.some((p) => p.step === stepIndex), `step ${stepIndex} has a saved trace`);
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.max) > 0, null, { timeout: 15_000 });
    const title = await page.locator('section[aria-label="Structure view"] .pane-title').innerText();
    assert(/\d+ events/.test(title), `the title counts the events: ${title}`);
    // The footer names the saved run's instance, not the (empty) engine's.
    const footer = await page.locator('footer.footer').innerText();
    assert(/Oracle \S+ profile .* segments \(saved run\)/.test(footer), `footer: ${footer}`);
    await page.getByRole('button', { name: 'First event' }).click();
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('2');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => /:index (root|leaf) block:|:table block:/.test(document.querySelector('[aria-label="Current event"]')?.getAttribute('data-event') ?? ''), null, { timeout: 15_000 });
    const pos = Number(await page.getByLabel('Current event').getAttribute('data-pos'));
    assert(pos >= 1, `playback advanced (pos ${pos})`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'saved-traces-structure-1440x900.png') });
    await page.getByRole('button', { name: 'Pause' }).click().catch(() => {});
  });

  await s.test('the saved run\'s flame graph draws', async () => {
    await page.getByRole('tab', { name: 'Flame graph' }).click();
    const img = page.getByRole('img', { name: /Flame graph/ });
    await img.waitFor({ timeout: 10_000 });
    const box = await img.boundingBox();
    assert(box && box.width > 100 && box.height > 20, `flame graph drawn: ${JSON.stringify(box)}`);
  });

  await s.test('the saved step exports its structure picture and its Chrome trace with the trace\'s events', async () => {
    const exportAs = async (label) => {
      await page.getByRole('button', { name: /^Export/ }).click();
      const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label }).click()]);
      const file = path.join(ARTIFACTS, `saved-${d.suggestedFilename()}`);
      await d.saveAs(file);
      return readFileSync(file, 'utf8');
    };
    await page.getByRole('tab', { name: 'Structure' }).click();
    const svg = await exportAs('Structure picture (SVG)');
    assert(/<svg[\s>]/.test(svg) && /T1_PK/.test(svg), 'a structure picture of the saved catalog');
    const chrome = JSON.parse(await exportAs('Step timeline, Chrome trace events (JSON)'));
    const instants = (chrome.traceEvents ?? chrome).filter((e) => e.ph === 'i').length;
    assert(instants > 0, `the trace's events are in the Chrome trace: ${instants}`);
  });

  await s.test('Compare exports a structure picture of a side loaded from History, on its saved catalog and trace', async () => {
    await page.getByRole('tab', { name: 'Compare' }).click();
    const pickA = page.getByRole('combobox', { name: 'Compare A' });
    const opts = await pickA.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent ?? '']));
    const saved = opts.find(([, t]) => /Saved 1/.test(t) && /key = 42/i.test(t));
    assert(saved, `a saved step to pick: ${opts.map(([, t]) => t).join(' | ')}`);
    await pickA.selectOption(saved[0]);
    await page.getByRole('button', { name: /^Export/ }).click();
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Structure picture of A (SVG)' }).click()]);
    const file = path.join(ARTIFACTS, `saved-compare-a-${d.suggestedFilename()}`);
    await d.saveAs(file);
    const svg = readFileSync(file, 'utf8');
    assert(/<svg[\s>]/.test(svg) && /T1_PK/.test(svg), 'side A drawn on the saved run\'s catalog');
  });

  await s.test('a damaged trace blob is that step\'s stated error', async () => {
    // Bytes that are not deflate's, stored as the step's trace (the host keeps what it is sent).
    const res = await fetch(`${host.url}api/runs/1/traces/${stepIndex}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: Buffer.from('not a trace at all').toString('base64'), raw_bytes: 10 }),
    });
    assertEq(res.status, 200, 'damaged part stored');
    await page.reload();
    await waitReady(page);
    await loadSavedRun(page, 1);
    await selectStep(page, /SELECT \* FROM t1 WHERE key = 42/i);
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.waitForFunction(() => /could not load the trace/.test(document.querySelector('section[aria-label="Structure view"] .pane-title')?.textContent ?? ''), null, { timeout: 15_000 });
    const title = await page.locator('section[aria-label="Structure view"] .pane-title').innerText();
    assert(title.includes(`the saved trace of step #${stepIndex} cannot be read`), `stated: ${title}`);
  });

  await s.test('a saved SESSIONS step plays with its session timeline', async () => {
    await setScript(page, sample('concurrency-11g.sql'));
    await runAll(page, 240_000);
    const p2 = await savedParts(host.url, 2, { log: true });
    await page.reload();
    await waitReady(page);
    await loadSavedRun(page, 2);
    const btn = await selectStep(page, /^Step \d+: LAB RUN t2 via plsql/);
    const idx = Number(/^Step (\d+):/.exec(await btn.getAttribute('aria-label'))?.[1]);
    assert(p2.some((p) => p.step === idx), `step ${idx} has a saved trace`);
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.max) > 0, null, { timeout: 15_000 });
    const timeline = page.getByRole('region', { name: 'Session timeline' });
    await timeline.waitFor({ timeout: 10_000 });
    assertEq(await timeline.getAttribute('data-sessions'), '4', 'four sessions');
    assert(await page.getByRole('combobox', { name: 'Session' }).count() === 1, 'the session picker of a SESSIONS trace');
    await page.getByRole('button', { name: 'First event' }).click();
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="Session timeline"]')?.hasAttribute('data-at-sid'), null, { timeout: 10_000 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'saved-traces-sessions-1440x900.png') });
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - saved-traces setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
