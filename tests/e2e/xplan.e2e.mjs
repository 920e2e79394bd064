// SQL*Plus behaviour in the UI: `/` re-runs the buffer with its rows, the
// autotrace panel shows predicate information and copies the step as the
// CLI prints it (SQL*Plus 18c's autotrace layout).
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert } from './harness.mjs';

const SCRIPT = `create table t (id number not null, name varchar2(20), constraint t_pk primary key (id));
insert into t select level, 'row ' || level from dual connect by level <= 1000;
commit;
set autotrace on
select * from t where id = 42;
/
`;

const s = suite('xplan');
let app;
try {
  await s.test('app loads', async () => {
    app = await launchApp({ width: 1400, height: 900 });
    await app.page.getByRole('button', { name: /^Run all/ }).waitFor();
  });
  await s.test('`/` runs the query again and shows its rows', async () => {
    const { page } = app;
    await setScript(page, SCRIPT);
    await runAll(page);
    await page.getByRole('button', { name: /^Step 5: \// }).click();
    const rows = page.getByRole('table', { name: 'Result rows' });
    await rows.waitFor({ timeout: 10_000 });
    assert(await rows.getByRole('cell', { name: 'row 42', exact: true }).count() === 1, 'the re-run shows row 42');
  });
  await s.test('the plan shows the predicate of line 2', async () => {
    const { page } = app;
    const pred = page.getByLabel('Predicate Information');
    await pred.waitFor();
    const text = await pred.textContent();
    assert(text.includes('2 - access("ID"=42)'), `predicate text: ${text}`);
  });
  await s.test('"Copy as text" copies the step in SQL*Plus layout', async () => {
    const { page } = app;
    await page.evaluate(() => {
      // Capture what the button writes (headless Chromium has no clipboard permission).
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: (t) => { window.__copied = t; return Promise.resolve(); } },
        configurable: true,
      });
    });
    await page.getByRole('button', { name: 'Copy as text' }).click();
    await page.waitForFunction(() => typeof window.__copied === 'string');
    const copied = await page.evaluate(() => window.__copied);
    assert((await page.getByRole('button', { name: 'Copy as text' }).textContent()) === 'Copied', 'the button says Copied');
    for (const want of ['SQL> /', 'Execution Plan', 'Plan hash value: ', '|*  2 |   INDEX UNIQUE SCAN',
      '   2 - access("ID"=42)', 'Statistics', '  consistent gets', '  rows processed']) {
      assert(copied.includes(want), `copied text has ${JSON.stringify(want)}:\n${copied}`);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'autotrace-panel.png') });
  });
  await s.test('no page errors', async () => {
    assert(app.problems.length === 0, app.problems.join('\n'));
  });
} finally {
  await app?.close();
  s.done();
}
