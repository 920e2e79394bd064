// The write path in the UI: an UPDATE's current-mode gets are visits in the
// structure view with their own colour (legend "current"), the statistics
// show db block gets and redo, and the flame graph has kcbgcur and the redo
// frames. A second session's read shows its consistent-read clone.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';
import { selectStep, statValue } from './flows.mjs';

// (IMU off: the UPDATE's own redo records are counted as it runs, not at COMMIT.)
const SCRIPT = `alter system set "_in_memory_undo" = false;
create table t (id number primary key, v varchar2(20), n number);
insert into t select level, 'v' || level, level from dual connect by level <= 2000;
create index t_n on t (n);
commit;
update t set n = -n where id = 42;
LAB SESSION 2;
select v, n from t where id = 42;
LAB SESSION 1;
commit;
`;

const s = suite('write');
let app;
try {
  app = await launchApp({ width: 1400, height: 900 });
  const { page } = app;
  await setScript(page, SCRIPT);
  await runAll(page, 120_000);

  await s.test('the UPDATE counts its current gets, changes and redo', async () => {
    await selectStep(page, /update t set n = -n/i);
    assertEq(await statValue(page, 'db block gets'), 5, 'db block gets (header, table block, undo block, two leaf changes)');
    // The row's change and the two leaf changes; the transaction's undo
    // header change (5.2) rides in the first record (session/redo_layout.rs).
    assertEq(await statValue(page, 'redo entries'), 3, 'redo entries');
    assert((await statValue(page, 'redo size')) > 0, 'redo size');
  });

  await s.test('the structure view steps onto current-mode gets, drawn in their own colour', async () => {
    await page.getByRole('tab', { name: 'Structure' }).click();
    const fwd = page.getByRole('button', { name: 'Step forward' });
    await fwd.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.max) > 0, null, { timeout: 10_000 });
    await page.getByRole('button', { name: 'First event' }).click();
    const kinds = [];
    for (let i = 0; i < 60 && (await fwd.isEnabled()); i++) {
      await fwd.click();
      const ev = (await page.getByLabel('Current event').getAttribute('data-event')) || '';
      kinds.push(ev);
      if (/:current:/.test(ev)) {
        await page.screenshot({ path: path.join(ARTIFACTS, 'write-current-get.png') });
        break;
      }
    }
    assert(kinds.some((k) => /:table block:current:/.test(k)), `a current get of the table block in ${kinds.join(' | ')}`);
    assert(await page.getByText('current (db block get)').count() > 0, 'legend entry');
  });

  await s.test('the flame graph has kcbgcur, ktuchg and kcrfw_redo_gen', async () => {
    await page.getByRole('tab', { name: 'Flame graph' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS, 'write-flame.png') });
    const html = await page.content();
    for (const f of ['kcbgcur', 'ktuchg', 'kcrfw_redo_gen']) assert(html.includes(f), `${f} in the flame graph`);
  });

  await s.test('the other session reads the old row through a CR clone', async () => {
    await selectStep(page, /select v, n from t where id = 42/i);
    assertEq(await statValue(page, 'CR blocks created'), 1, 'CR blocks created');
    // The table block holds one undo record (the PK index was not changed).
    assertEq(await statValue(page, 'data blocks consistent reads - undo records applied'), 1, 'undo records applied');
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - write setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
