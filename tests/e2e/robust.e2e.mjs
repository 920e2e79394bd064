// Issue 11 in the real UI with the real engine: nothing typed can kill the
// engine, hang the app or lose the work.
//   - the engine's worker is killed mid-run: the steps already run stay on
//     screen, one line says a fresh engine was started, the next run works;
//   - a run the host cannot save: the reason is shown with a Retry that works;
//   - a result too large for history is saved in part, and the UI says what was left out.
// The page is opened with ?lio-test, which adds window.__lioTest.killEngine().
import path from 'node:path';
import { ARTIFACTS, assert, assertEq, launchApp, runAll, setScript, suite, waitReady } from './harness.mjs';

const s = suite('robust');
let app;

/** Rows of the executed-statements grid, per run label. */
async function stepRows(page) {
  return page.getByRole('grid', { name: 'Executed statements' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
}

try {
  app = await launchApp({ query: '?lio-test' });
  const { page } = app;

  await s.test('the engine killed mid-run: earlier steps stay, one line says so, the next run works without a reload', async () => {
    const selects = Array.from({ length: 60 }, (_, i) => `SELECT ${i + 1} FROM dual;`).join('\n');
    await setScript(page, `${selects}\nLAB RUN 'SELECT 1 FROM dual' BIND 1 TO 50000000 VIA jdbc_thin RUNS 5;\nSELECT 999 FROM dual;\n`);
    await page.getByRole('button', { name: /^Run all/ }).click();
    // The 60 SELECTs run in two chunks before the workload, which runs alone: wait for them on screen.
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Executed statements"] button[aria-label^="Step "]').length >= 60, null, { timeout: 60_000 });
    assert(await page.locator('.status .dot.busy').count() === 1, 'still running the workload');
    const reloadsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.evaluate(() => window.__lioTest.killEngine());
    const notice = page.locator('[data-notice="engine-replaced"]');
    await notice.waitFor({ timeout: 10_000 });
    const text = (await notice.locator('.notice-text').textContent()) ?? '';
    assertEq(text, "The engine stopped (the engine worker was killed) while running line 61 (LAB RUN 'SELECT 1 FROM dual' BIND 1 TO 50000000 VIA jdbc_th…); a fresh engine was started, with an empty instance. Steps before the failure are kept.", 'notice');
    await waitReady(page);
    const buttons = await page.getByRole('button', { name: /^Step \d+: SELECT \d+ FROM dual/ }).count();
    assertEq(buttons, 60, 'the 60 steps that ran are still listed');
    const status = (await page.getByRole('status').first().textContent()) ?? '';
    assert(/60 steps in .* before the engine stopped · fresh engine ready/.test(status), `status: ${status}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'engine-replaced.png') });

    await setScript(page, 'SELECT 4242 FROM dual;\n');
    await runAll(page);
    const rows = page.getByRole('table', { name: 'Result rows' });
    await rows.waitFor({ timeout: 10_000 });
    assert(await rows.getByRole('cell', { name: '4242', exact: true }).count() === 1, 'the fresh engine answered');
    assert(/^1 step in/.test((await page.getByRole('status').first().textContent()) ?? ''), 'one step');
    assertEq(await page.evaluate(() => performance.getEntriesByType('navigation').length), reloadsBefore, 'no reload');
    // The stopped run went to history too, marked as stopped.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('cell', { name: /\(stopped\)$/ }).first().waitFor({ timeout: 10_000 });
    await page.locator('[data-notice="engine-replaced"]').getByRole('button', { name: /^Dismiss/ }).click();
  });

  await s.test('a run the host cannot save: the reason and a Retry, which saves it', async () => {
    const db = app.host.services.store.db;
    db.pragma('query_only = ON'); // the database file stops accepting writes
    await setScript(page, 'SELECT 7 FROM dual;\n');
    await runAll(page);
    const notice = page.locator('[data-notice^="save-"]');
    await notice.waitFor({ timeout: 10_000 });
    const text = (await notice.locator('.notice-text').textContent()) ?? '';
    assert(/^Run \d+ was not saved to history: \/.*lio-lab\.sqlite cannot be written \(attempt to write a readonly database\); make the file and its folder writable, or move it aside, then Retry$/.test(text), `notice: ${text}`);
    assertEq(await notice.getAttribute('role'), 'alert', 'announced');
    assert(/not saved to history/.test((await stepRows(page)).find((t) => /^Run \d+ · live/.test(t)) ?? ''), 'run marked not saved');
    await page.screenshot({ path: path.join(ARTIFACTS, 'save-failed.png') });
    db.pragma('query_only = OFF');
    await notice.getByRole('button', { name: 'Retry' }).click();
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    const label = (await stepRows(page)).find((t) => /^Run \d+ · live/.test(t)) ?? '';
    assert(/saved #\d+/.test(label) && !/not saved/.test(label), `run saved after Retry: ${label}`);
  });

  await s.test('rows beyond what history keeps: saved in part, and the UI says what was left out', async () => {
    // The engine keeps 1,000 rows of a query (max_result_rows); history keeps 500.
    await setScript(page, "create table big (id number);\ninsert into big select rownum from xmltable('1 to 2000');\nselect * from big;\n");
    await runAll(page);
    const notice = page.locator('[data-notice^="save-"]');
    await notice.waitFor({ timeout: 10_000 });
    const text = (await notice.locator('.notice-text').textContent()) ?? '';
    assert(/^Run \d+ was saved to history as #\d+, in part: rows beyond 500 per statement were not saved \(500 rows in 1 statement\)\.$/.test(text), `notice: ${text}`);
    assertEq(await notice.getAttribute('role'), 'status', 'a warning, not an alert');
    await page.screenshot({ path: path.join(ARTIFACTS, 'save-partial.png') });
    // Loaded back from history, the step says how many rows it had.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const savedId = /as #(\d+)/.exec(text)?.[1];
    await page.getByRole('button', { name: `Load run ${savedId} for comparison` }).click();
    const loaded = page.getByRole('grid', { name: 'Executed statements' }).locator('tbody', { hasText: `Saved ${savedId} · saved` });
    await loaded.waitFor({ timeout: 10_000 });
    await loaded.getByRole('button', { name: /^Step \d+: select \* from big/ }).click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await page.getByText('… 500 more rows were not kept in the run history').waitFor({ timeout: 10_000 });
    await waitReady(page);
  });

  await s.test('20,000 statements: run in chunks, every step kept, the list stays short', async () => {
    const n = 20_000;
    const script = 'create table many (id number);\n' + Array.from({ length: n }, (_, i) => `insert into many values (${i});`).join('\n') + '\nselect count(*) from many;\n';
    // Pasted, as a user would (typing 600 KB through the keyboard would take the test all day).
    await page.getByRole('textbox', { name: 'SQL script' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.evaluate((text) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', text);
      document.querySelector('.cm-content').dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, script);
    await runAll(page, 300_000);
    const status = (await page.getByRole('status').first().textContent()) ?? '';
    assert(/^20,002 steps in /.test(status), `status: ${status}`);
    const gap = (await page.locator('tr.gap').first().textContent()) ?? '';
    assert(/^… 18,002 more steps not listed here/.test(gap), `gap row: ${gap}`);
    await page.getByRole('cell', { name: '20000', exact: true }).waitFor({ timeout: 10_000 }); // count(*) of the last step
    await page.getByRole('tab', { name: 'Compare' }).click();
    const options = await page.getByRole('combobox', { name: 'Compare A' }).locator('option').count();
    assert(options <= 1002, `the picker lists a bounded number of options (${options})`);
  });

  await s.test('no page errors (the refused save is the only failed request)', async () => {
    const other = app.problems.filter((p) => !/^http 503 .*\/api\/runs$/.test(p));
    assert(other.length === 0, other.join('\n'));
  });
} catch (e) {
  console.log(`not ok - robust setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
