// Issue 28 in the real UI with the real engine:
//   - the Structure view on a fresh page, on a step of a saved run loaded from
//     History in a fresh page, and after the engine stopped: it says what it
//     cannot show, the page never goes white (ResizeObserver.observe(null));
//   - a view that throws stays in its own panel (error boundary, Retry); the
//     editor's text and the executed statements stay;
//   - a pasted SQL*Plus transcript: the editor offers to strip it, says what
//     it removed, and the strip is one undoable edit; the result runs;
//   - the session timeline agrees with the step's statistics: 8 sessions on
//     2 CPUs draw the CPU share the statistics book, and a cell workload's
//     read lane is named after the cell's wait event.
// The page is opened with ?lio-test (window.__lioTest: killEngine, failView).
// LIO_E2E_DIST=<dir> runs the same checks against another renderer build
// (to see them fail on an older one). Screenshots: tests/e2e/artifacts/ui-robust-*.png.
import path from 'node:path';
import { ARTIFACTS, assert, assertEq, launchApp, runAll, setScript, savedParts, suite, waitReady } from './harness.mjs';
import { selectStep, statValue } from './flows.mjs';

const s = suite('ui-robust');
const distDir = process.env.LIO_E2E_DIST || undefined;
let app;
/** The main page's errors (watch()). */
let errors = [];

const SETUP = `create table t (id number primary key, v varchar2(20));
insert into t select level, 'v' || level from dual connect by level <= 500;
commit;
select v from t where id = 42;
`;

/** Errors a page reported (uncaught exceptions, console errors), the injected test failures aside. */
function watch(page) {
  const seen = [];
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource|test failure injected/.test(m.text())) seen.push(`console: ${m.text()}`); });
  return seen;
}

/** The app is still drawn: toolbar, editor, steps pane. */
async function appAlive(page) {
  assert(await page.getByRole('button', { name: /^Run all/ }).isVisible(), 'the toolbar is there');
  assert(await page.getByRole('textbox', { name: 'SQL script' }).isVisible(), 'the editor is there');
  assert(await page.getByRole('region', { name: 'Executed statements' }).isVisible(), 'the steps pane is there');
}

/** The editor's text, line by line as CodeMirror shows it (small scripts are drawn whole). */
async function editorText(page) {
  return page.locator('.cm-content .cm-line').evaluateAll((ls) => ls.map((l) => l.textContent).join('\n'));
}

/** Paste text into the editor as a clipboard paste (CodeMirror's input.paste). */
async function paste(page, text) {
  await page.getByRole('textbox', { name: 'SQL script' }).click();
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.querySelector('.cm-content').dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

/** A white page (an older build) would fail every later check: reload so each check stands on its own. */
async function revive(page) {
  if (await page.getByRole('button', { name: /^Run all/ }).isVisible().catch(() => false)) return;
  await page.reload();
  await waitReady(page);
  errors.length = 0;
}

async function clearEditor(page) {
  const ed = page.getByRole('textbox', { name: 'SQL script' });
  await ed.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
}

try {
  app = await launchApp({ query: '?lio-test', width: 1280, height: 720, distDir });
  const { page } = app;
  errors = watch(page);

  await s.test('Structure on a fresh page, before any run: a message, not a white page', async () => {
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.waitForTimeout(300);
    assertEq(errors.join('\n'), '', 'no page error');
    await appAlive(page);
    const panel = (await page.locator('#panel-structure').textContent()) ?? '';
    assert(/Select an executed statement/.test(panel), `panel: ${panel}`);
  });

  await s.test('a saved run loaded from History in a fresh page: its query step in Structure plays its saved trace', async () => {
    await revive(page);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await setScript(page, SETUP);
    await runAll(page);
    // The run is saved to history with its traces (sent after the run's
    // row: wait until the newest run's parts stop coming); a second page
    // starts from nothing.
    const runs = await (await fetch(`${app.host.url}api/runs`)).json();
    const id = Math.max(...(Array.isArray(runs) ? runs : runs.runs ?? []).map((r) => r.id));
    await savedParts(app.host.url, id, { timeout: 30_000, min: 1 });
    const fresh = await app.context.newPage();
    const freshErrors = watch(fresh);
    await fresh.goto(`${app.host.url}?lio-test`);
    await waitReady(fresh);
    await fresh.getByRole('tab', { name: 'History' }).click();
    await fresh.getByRole('button', { name: 'Refresh' }).click();
    const load = fresh.getByRole('button', { name: /^Load run / }).first();
    await load.waitFor({ timeout: 10_000 });
    await load.click();
    await fresh.getByRole('button', { name: /^Step \d+: select v from t where id = 42/ }).first().click();
    await fresh.getByRole('tab', { name: 'Structure' }).click();
    await fresh.waitForTimeout(300);
    assertEq(freshErrors.join('\n'), '', 'no page error');
    await appAlive(fresh);
    // Its trace was saved with it: the structure view has its events.
    await fresh.waitForFunction(() => /\d+ events/.test(document.querySelector('#panel-structure')?.textContent ?? ''), null, { timeout: 15_000 });
    const panel = (await fresh.locator('#panel-structure').textContent()) ?? '';
    assert(!/not kept with it/.test(panel), `panel: ${panel}`);
    // The other views of that step still work.
    await fresh.getByRole('tab', { name: 'Autotrace' }).click();
    await fresh.getByRole('table', { name: 'Statistics table' }).waitFor({ timeout: 5_000 });
    await fresh.close();
  });

  await s.test('after the engine stopped mid-run: an earlier query step in Structure, no white page', async () => {
    await revive(page);
    await setScript(page, `${SETUP}LAB RUN 'SELECT 1 FROM dual' BIND 1 TO 50000000 VIA jdbc_thin RUNS 5;\n`);
    await page.getByRole('button', { name: /^Run all/ }).click();
    await page.getByRole('button', { name: /^Step \d+: select v from t where id = 42/ }).first().waitFor({ timeout: 60_000 });
    assert(await page.locator('.status .dot.busy').count() === 1, 'still running the workload');
    await page.evaluate(() => window.__lioTest.killEngine());
    await page.locator('[data-notice="engine-replaced"]').waitFor({ timeout: 10_000 });
    await waitReady(page);
    await page.getByRole('button', { name: /^Step \d+: select v from t where id = 42/ }).first().click();
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.waitForTimeout(300);
    assertEq(errors.join('\n'), '', 'no page error');
    await appAlive(page);
    const panel = (await page.locator('#panel-structure').textContent()) ?? '';
    assert(/not kept with it/.test(panel), `panel: ${panel}`);
    await page.locator('[data-notice="engine-replaced"]').getByRole('button', { name: /^Dismiss/ }).click();
  });

  let failing = true;
  await s.test('a view that fails stays in its panel: it says what it cannot show, Retry, the editor and steps stay', async () => {
    await revive(page);
    await setScript(page, SETUP);
    await runAll(page);
    const before = await editorText(page);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await page.getByRole('button', { name: /^Step \d+: select v from t where id = 42/ }).first().click();
    await page.evaluate(() => window.__lioTest.failView('Structure'));
    await page.getByRole('tab', { name: 'Structure' }).click();
    const box = page.locator('[data-view-error="Structure"]');
    await box.waitFor({ timeout: 5_000 });
    const text = (await box.textContent()) ?? '';
    assert(/^The Structure view cannot show step #3 \(line 4\)\./.test(text), `says what it cannot show: ${text}`);
    assert(/test failure injected into the Structure view/.test(text), `gives the reason: ${text}`);
    assertEq(await box.getAttribute('role'), 'alert', 'announced');
    await appAlive(page);
    assertEq(await editorText(page), before, 'the editor text stays');
    for (const [w, h] of [[1280, 720], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(ARTIFACTS, `ui-robust-view-error-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    // The other views still work; the failing one recovers with Retry.
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await page.getByRole('table', { name: 'Statistics table' }).waitFor({ timeout: 5_000 });
    await page.getByRole('tab', { name: 'Structure' }).click();
    await box.waitFor({ timeout: 5_000 });
    await page.evaluate(() => window.__lioTest.clearViewFailures());
    failing = false;
    await box.getByRole('button', { name: 'Retry' }).click();
    await page.locator('#panel-structure .canvas-wrap canvas').waitFor({ timeout: 5_000 });
    assertEq(await box.count(), 0, 'the view is back');
  });

  // Whatever happened above, the views draw again from here.
  if (failing) await page.evaluate(() => window.__lioTest?.clearViewFailures?.()).catch(() => undefined);

  const TRANSCRIPT = `SQL> create table tx (id number, v varchar2(10));

Table created.

SQL> insert into tx
  2  select level, 'v' || level
  3  from dual connect by level <= 10;

10 rows created.

SQL> select count(*)
  2  from tx;

  COUNT(*)
----------
        10
`;
  const STRIPPED = `create table tx (id number, v varchar2(10));
insert into tx
select level, 'v' || level
from dual connect by level <= 10;
select count(*)
from tx;
`;

  await s.test('a pasted SQL*Plus transcript: the editor offers to strip it, says what it removed, one undoable edit', async () => {
    await revive(page);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await clearEditor(page);
    await paste(page, TRANSCRIPT);
    const bar = page.getByRole('status', { name: 'Pasted transcript' });
    await bar.waitFor({ timeout: 5_000 });
    assertEq(await editorText(page), TRANSCRIPT, 'pasted as is until the user says so');
    const offer = (await bar.textContent()) ?? '';
    assert(offer.includes('Pasted a SQL*Plus transcript (3 prompts, 3 line numbers, 5 output lines).'), `offer: ${offer}`);
    for (const [w, h] of [[1280, 720], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(ARTIFACTS, `ui-robust-strip-offer-${w}x${h}.png`) });
    }
    await bar.getByRole('button', { name: 'Strip to statements' }).click();
    assertEq(await editorText(page), STRIPPED, 'stripped');
    const done = (await bar.textContent()) ?? '';
    assert(done.includes('Transcript stripped: removed 3 prompts, 3 line numbers, 5 output lines.'), `says what it removed: ${done}`);
    for (const [w, h] of [[1280, 720], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(ARTIFACTS, `ui-robust-strip-done-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    // One edit: Ctrl+Z gives the transcript back whole, Ctrl+Y the strip again.
    await page.getByRole('textbox', { name: 'SQL script' }).click();
    await page.keyboard.press('ControlOrMeta+z');
    assertEq(await editorText(page), TRANSCRIPT, 'Ctrl+Z: the transcript as pasted');
    await page.keyboard.press('ControlOrMeta+y');
    assertEq(await editorText(page), STRIPPED, 'redo: stripped again');
    // The bar's Undo does the same.
    await bar.getByRole('button', { name: 'Undo' }).click();
    assertEq(await editorText(page), TRANSCRIPT, 'Undo: the transcript as pasted');
    assertEq(await bar.count(), 0, 'the bar goes');
    // Strip again and run: the statements the transcript showed, without an error.
    await clearEditor(page);
    await paste(page, TRANSCRIPT);
    await bar.getByRole('button', { name: 'Strip to statements' }).click();
    await runAll(page);
    const status = (await page.getByRole('status').first().textContent()) ?? '';
    assert(/^3 steps in/.test(status) && !/error/.test(status), `status: ${status}`);
    await selectStep(page, /select count\(\*\)/i);
    const rows = page.getByRole('table', { name: 'Result rows' });
    assert(await rows.getByRole('cell', { name: '10', exact: true }).count() === 1, 'count(*) = 10');
    await bar.getByRole('button', { name: 'Close' }).click();
    assertEq(await bar.count(), 0, 'closed');
  });

  await s.test('typed or pasted text without a SQL> prompt: no offer', async () => {
    await revive(page);
    await clearEditor(page);
    await paste(page, "select 'SQL> ' from dual;\n");
    await page.waitForTimeout(200);
    assertEq(await page.getByRole('status', { name: 'Pasted transcript' }).count(), 0, 'no bar');
  });

  /** Share of a lane's painted pixels in the CPU colour (the timeline canvas). */
  async function cpuShare() {
    return page.locator('.timeline canvas').evaluate((c) => {
      const g = c.getContext('2d');
      const d = g.getImageData(0, 0, c.width, c.height).data;
      const near = (i, [r, gg, b]) => Math.abs(d[i] - r) + Math.abs(d[i + 1] - gg) + Math.abs(d[i + 2] - b) < 24;
      let cpu = 0, queue = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (near(i, [0x2e, 0x9e, 0x44])) cpu++;
        else if (near(i, [0xa5, 0xd6, 0xa7])) queue++;
      }
      return { cpu, queue, share: cpu / Math.max(1, cpu + queue) };
    });
  }

  await s.test('8 sessions on 2 CPUs: the timeline draws the CPU share the statistics book', async () => {
    await revive(page);
    await setScript(page, `create table t (id number primary key, v varchar2(20));
insert into t select level, 'v' || level from dual connect by level <= 2000;
commit;
LAB SET cpu_count = 2;
LAB RUN 'select v from t where id = :1' BIND 1 TO 8000 VIA plsql SESSIONS 8;
`);
    await runAll(page);
    await selectStep(page, /LAB RUN/i);
    const cpuCs = await statValue(page, 'CPU used by this session');
    const dbCs = await statValue(page, 'DB time');
    assert(cpuCs > 0 && dbCs > cpuCs * 2, `a queued workload: CPU ${cpuCs} cs of ${dbCs} cs DB time`);
    await page.getByRole('tab', { name: 'Structure' }).click();
    const tl = page.getByRole('region', { name: 'Session timeline' });
    await tl.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(200);
    const drawn = await cpuShare();
    // What the picture shows against what the statistics say (centiseconds, rounded per session).
    assert(Math.abs(drawn.share - cpuCs / dbCs) < 0.06, `drawn CPU share ${drawn.share.toFixed(3)} (${drawn.cpu} px) vs CPU used ${cpuCs} cs of DB time ${dbCs} cs`);
    const legend = await page.getByLabel('Timeline states').locator('[data-state]').evaluateAll((es) => es.map((e) => [e.textContent, Number(e.getAttribute('data-us'))]));
    const [cpuUs, queueUs] = [legend.find(([t]) => /^CPU \d/.test(t))?.[1] ?? 0, legend.find(([t]) => /^CPU run queue/.test(t))?.[1] ?? 0];
    const ledger = cpuUs / (cpuUs + queueUs);
    // The statistics count centiseconds per session (rounded): within 1 cs per session of the lanes.
    assert(Math.abs(cpuUs / 1e4 - cpuCs) <= 8, `legend CPU ${cpuUs} us vs CPU used by this session ${cpuCs} cs`);
    assert(Math.abs((cpuUs + queueUs) / 1e4 - dbCs) <= 8, `legend CPU + queue ${cpuUs + queueUs} us vs DB time ${dbCs} cs`);
    assert(Math.abs(drawn.share - ledger) < 0.05, `drawn CPU share ${drawn.share.toFixed(3)} (${drawn.cpu} px) vs the ledger's ${ledger.toFixed(3)}`);
    await tl.screenshot({ path: path.join(ARTIFACTS, 'ui-robust-timeline-cpu.png') });
  });

  await s.test("a cell workload's read lane is named after the cell's wait event", async () => {
    await revive(page);
    await setScript(page, `LAB DEVICE cell1 TYPE exadata_cell disk_cache_mb = 0;
create tablespace cell_ts datafile '+CELL1' size 1g;
create table k (id number, pad varchar2(1000)) tablespace cell_ts storage (cell_flash_cache none);
create unique index k_id on k (id) tablespace cell_ts storage (cell_flash_cache none);
insert into k select rownum, rpad('x', 1000, 'x') from dual connect by level <= 4000;
commit;
alter system checkpoint;
alter system flush buffer_cache;
LAB RUN 'select pad from k where id = mod(:1 * 7919, 4000) + 1' BIND 1 TO 2000 VIA plsql SESSIONS 4;
`);
    await runAll(page);
    await selectStep(page, /LAB RUN/i);
    await page.getByRole('tab', { name: 'Structure' }).click();
    await page.getByRole('region', { name: 'Session timeline' }).waitFor({ timeout: 10_000 });
    const legend = (await page.getByLabel('Timeline states').textContent()) ?? '';
    assert(/cell single block physical read/.test(legend), `legend: ${legend}`);
    assert(!/db file sequential read/.test(legend), `no disk read named: ${legend}`);
    await page.getByRole('region', { name: 'Session timeline' }).screenshot({ path: path.join(ARTIFACTS, 'ui-robust-timeline-cell.png') });
  });

  await s.test('no page errors', async () => { assertEq(errors.join('\n'), '', 'page errors'); });
} catch (e) {
  console.log(`not ok - ui-robust setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
