// Many sessions at once: a LAB RUN ... SESSIONS n step shows a session
// timeline under the structure view's playback (one lane per session,
// coloured by CPU, the run queue and wait events), and the playback line
// moves along it.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';
import { selectStep, statValue } from './flows.mjs';

// Eight sessions on two CPUs probe a small table over JDBC thin; the
// latch hold is lengthened so that misses on the hot index root sleep.
const SCRIPT = `LAB VERSION 11.2.0.2;
create table t (id number primary key, v varchar2(20));
insert into t select level, 'v' || level from dual connect by level <= 2000;
commit;
LAB SET cpu_count = 2;
LAB SET cbc_hold_pin_us = 40;
LAB RUN 'select /*+ full(t) */ count(v) from t where id <= :1' BIND 1 TO 64 VIA jdbc_thin SESSIONS 8;
`;

const s = suite('sessions');
let app;
try {
  app = await launchApp({ width: 1400, height: 900 });
  const { page } = app;
  await setScript(page, SCRIPT);
  await runAll(page, 120_000);

  await s.test('the step sums the sessions and shows their waits', async () => {
    await selectStep(page, /LAB RUN/i);
    assert((await statValue(page, 'execute count')) >= 64, 'execute count summed over the sessions');
  });

  await s.test('the structure view has one timeline lane per session', async () => {
    await page.getByRole('tab', { name: 'Structure' }).click();
    const tl = page.getByRole('region', { name: 'Session timeline' });
    await tl.waitFor({ timeout: 10_000 });
    assertEq(await tl.getAttribute('data-sessions'), '8', 'lanes');
    const legend = (await page.getByLabel('Timeline states').textContent()) || '';
    assert(/CPU/.test(legend) && /run queue/.test(legend), `legend: ${legend}`);
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.max) > 0, null, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Last event' }).click();
    await page.waitForTimeout(200);
    await tl.screenshot({ path: path.join(ARTIFACTS, 'sessions-timeline.png') });
    await page.screenshot({ path: path.join(ARTIFACTS, 'sessions-structure.png') });
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - sessions setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
