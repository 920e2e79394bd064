// The run history at 1440x900 (issue 35, "History is hard to use"): three
// scripts that start with the same CREATE TABLE get titles that say what
// each measures, every run's Load / Open script / Delete is in the window,
// and the search box narrows the list; Load puts the run's script back in
// the editor; a long LAB RUN shows its executions and the time left while it
// runs, and Cancel stops it. Screenshot:
// tests/e2e/artifacts/history-1440x900.png.
import path from 'node:path';
import { ARTIFACTS, launchApp, setScript, runAll, suite, assert, assertEq, waitReady } from './harness.mjs';

const s = suite('history-room');
let app;
const SETUP = "create table t4 (\n  id number primary key,\n  v varchar2(100)\n);\ninsert into t4 select rownum, rpad('x', 100, 'x') from dual connect by level <= 500;\ncommit;\n";

try {
  app = await launchApp({ width: 1440, height: 900 });
  const { page } = app;

  await s.test('three runs that start alike are told apart by what they measure', async () => {
    for (const q of ['select v from t4 where id = 1;', 'select count(*) from t4;', "update t4 set v = 'y' where id = 2;"]) {
      await setScript(page, SETUP + q + '\n');
      await runAll(page, 120_000);
    }
    await page.getByRole('tab', { name: 'History' }).click();
    const table = page.getByRole('table', { name: 'Saved runs' });
    await table.locator('tbody tr').nth(2).waitFor({ timeout: 10_000 });
    const titles = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    assertEq(new Set(titles).size, titles.length, `distinct titles: ${titles.join(' | ')}`);
    assert(titles.includes('select count(*) from t4'), `titles: ${titles.join(' | ')}`);
  });

  await s.test('every run\'s actions are inside the window', async () => {
    const boxes = await page.locator('table[aria-label="Saved runs"] td.actions button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().right));
    assert(boxes.length >= 9, `buttons: ${boxes.length}`);
    for (const r of boxes) assert(r <= 1440, `a button ends at ${r}px`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'history-1440x900.png') });
  });

  await s.test('the search box narrows the list and says how many match', async () => {
    await page.getByRole('searchbox', { name: 'Search saved runs' }).fill('COUNT');
    const table = page.getByRole('table', { name: 'Saved runs' });
    assertEq(await table.locator('tbody tr').count(), 1, 'one match');
    assert(/1 of 3/i.test(await page.locator('section[aria-label="Run history"] .pane-title').innerText()), 'count shown');
    await page.getByRole('searchbox', { name: 'Search saved runs' }).fill('no such run');
    assert((await page.locator('section[aria-label="Run history"]').innerText()).includes('No saved run matches'), 'says so');
    await page.getByRole('searchbox', { name: 'Search saved runs' }).fill('');
    assertEq(await table.locator('tbody tr').count(), 3, 'all back');
  });

  await s.test('Load puts the run\'s script back in the editor (Ctrl+Z brings back the draft) and says what it kept', async () => {
    await setScript(page, 'select 1 from dual;\n');
    await page.getByRole('tab', { name: 'History' }).click();
    const table = page.getByRole('table', { name: 'Saved runs' });
    const row = table.locator('tbody tr', { hasText: 'select count(*) from t4' });
    const id = (await row.locator('td').first().textContent()).trim();
    await page.getByRole('button', { name: `Load run ${id} for comparison` }).click();
    await page.waitForFunction(() => /select count\(\*\) from t4;/.test(document.querySelector('.cm-content')?.innerText ?? ''), null, { timeout: 10_000 });
    const toast = await page.locator('.toast').textContent();
    assert(/the editor shows its script/.test(toast) && /step traces? kept\./.test(toast), `says so: ${toast}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'history-load-1440x900.png') });
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+z');
    await page.waitForFunction(() => /select 1 from dual;/.test(document.querySelector('.cm-content')?.innerText ?? ''), null, { timeout: 5_000 });
  });

  await s.test('a long LAB RUN shows its executions and the time left while it runs', async () => {
    await setScript(page, SETUP + "LAB RUN 'select v from t4 where id = :1' BIND 1 TO 500 RUNS 600;\n");
    await page.getByRole('button', { name: /^Run all/ }).click();
    const shown = await page.waitForFunction(() => document.querySelector('.work-progress')?.textContent ?? null, null, { timeout: 120_000, polling: 50 });
    const text = await shown.jsonValue();
    assert(/^[\d,]+ \/ 300,000 executions/.test(text), `progress: ${text}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'work-progress-1440x900.png'), clip: { x: 0, y: 0, width: 1440, height: 60 } });
    // The time left, unless the run ends first (a fast machine finishes
    // 300,000 lookups before an estimate settles; the next test, a million
    // executions, asserts the estimate).
    await page.waitForFunction(() => {
      const t = document.querySelector('.work-progress')?.textContent;
      return t == null || /executions · about/.test(t);
    }, null, { timeout: 120_000, polling: 50 });
    await waitReady(page, 300_000);
    assertEq(await page.locator('.work-progress').count(), 0, 'gone when the run ends');
  });

  // A million executions (about 250 million units of work, over the
  // default budgets, so they are raised): on a quiet machine 100,000
  // finished within the 3 s watched, leaving no run to cancel.
  await s.test('1,000,000 executions: the count moves at least every 500 ms, and Cancel stops the run', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await setScript(page, SETUP + "LAB SET max_statement_work = 1000000000;\nLAB SET max_script_work = 2000000000;\nLAB RUN 'select count(v) from t4 where id > :1' BIND 1 TO 1000 RUNS 1000;\n");
    await page.getByRole('button', { name: /^Run all/ }).click();
    await page.waitForFunction(() => /executions · about/.test(document.querySelector('.work-progress')?.textContent ?? ''), null, { timeout: 120_000, polling: 50 });
    // Each change of the count over 3 s, as the room sees it.
    const changes = await page.evaluate(() => new Promise((resolve) => {
      const seen = [];
      let last = null;
      const t0 = performance.now();
      const iv = setInterval(() => {
        const t = document.querySelector('.work-progress')?.textContent ?? null;
        if (t !== last) { seen.push({ at: performance.now() - t0, text: t }); last = t; }
        if (performance.now() - t0 > 3000 || t === null) { clearInterval(iv); resolve(seen); }
      }, 20);
    }));
    const texts = changes.map((c) => c.text).filter(Boolean);
    assert(texts.every((t) => /^[\d,]+ \/ 1,000,000 executions/.test(t)), `progress: ${texts.slice(0, 3).join(' | ')}`);
    // At least every 500 ms as a rule (the worker posts at most every 250 ms, WORK_POST_MS); one late repaint on this shared machine is let pass.
    const gaps = changes.slice(1).map((c, i) => c.at - changes[i].at).sort((a, b) => a - b);
    assert(gaps.length >= 4 && gaps[gaps.length - 2] <= 500 && gaps[gaps.length - 1] <= 1000, `the count moved every ${gaps.map(Math.round).join(', ')} ms`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'work-progress-1280x720.png') });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(ARTIFACTS, 'work-progress-1920x1080.png'), clip: { x: 0, y: 0, width: 1920, height: 60 } });
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitReady(page, 60_000);
    const took = Date.now() - t0;
    assert(took < 5_000, `cancelled in ${took} ms`);
    assert(/Cancelled/.test(await page.getByRole('status').first().textContent()), 'says it was cancelled');
    assertEq(await page.locator('.work-progress').count(), 0, 'no count left behind');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - history-room setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
