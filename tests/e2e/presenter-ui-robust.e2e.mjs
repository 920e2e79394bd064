// Issue 29: presenter mode after the engine stopped. The engine's fresh
// instance is empty: the next slide must not run on it (ORA-00942 on the
// projector). The slide says where and why it stopped, and offers to
// rebuild the demo up to the slide shown, then carries on.
// The page is opened with ?lio-test (window.__lioTest.killEngine: the
// engine's worker dies as a wasm trap would take it down).
// LIO_E2E_DIST=<dir> runs the same checks against another renderer build.
// Screenshots: tests/e2e/artifacts/presenter-ui-robust-*.png.
import path from 'node:path';
import { ARTIFACTS, assert, assertEq, launchApp, setScript, suite, waitReady } from './harness.mjs';

const DEMO = `--@ title Rebuilding after a stop
--@ say A table of 100 rows.
create table t (id number, v varchar2(10));
insert into t select level, 'v' || level from dual connect by level <= 100;
commit;
--@ say Count them.
select count(*) from t;
--@ say Count them again, from the index-free heap.
select count(*) from t where id > 0;
--@ say A long workload.
LAB RUN 'SELECT 1 FROM dual' BIND 1 TO 50000000 VIA jdbc_thin RUNS 5;
--@ say And after it, the table again.
select count(*) from t where id > 50;
`;
const LAB_RUN_LINE = DEMO.split('\n').findIndex((l) => l.startsWith('LAB RUN')) + 1;

const s = suite('presenter-ui-robust');
const distDir = process.env.LIO_E2E_DIST || undefined;
let app;

const slideNo = async (page) => Number(((await page.locator('.presenter .p-count').textContent()) ?? '').split('/')[0]);
const slideText = (page) => page.locator('.presenter').innerText();

try {
  app = await launchApp({ query: '?lio-test', width: 1280, height: 720, distDir });
  const { page } = app;

  await s.test('the demo runs slide by slide', async () => {
    await setScript(page, DEMO);
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 30_000 });
    await waitReady(page);
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(100);
    await waitReady(page);
    assertEq(await slideNo(page), 2, 'slide 2');
    const rows = page.locator('.presenter').getByRole('table', { name: 'Result rows' });
    await rows.waitFor({ timeout: 10_000 });
    assert(await rows.getByRole('cell', { name: '100', exact: true }).count() === 1, 'count(*) = 100');
  });

  await s.test('the engine stops between slides: the slide says so, the next slide runs nothing (no ORA-00942)', async () => {
    await page.evaluate(() => window.__lioTest.killEngine());
    const stop = page.getByRole('alert', { name: 'Engine stopped' });
    await stop.waitFor({ timeout: 10_000 });
    const text = (await stop.textContent()) ?? '';
    assert(text.startsWith('The engine stopped at slide 2: the engine worker was killed.'), `stop: ${text}`);
    assert(await stop.getByRole('button', { name: 'Rebuild up to slide 2' }).isEnabled(), 'rebuild offered');
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
    await waitReady(page);
    assertEq(await slideNo(page), 3, 'slide 3');
    const all = await slideText(page);
    assert(!/ORA-\d{5}/.test(all), `no error shown to the audience: ${all}`);
    assert(/The engine stopped at slide 2/.test(all), 'the stop stays said on the next slide');
    assert(await stop.getByRole('button', { name: 'Rebuild up to slide 3' }).isVisible(), 'rebuild up to the slide shown');
    for (const [w, h] of [[1280, 720], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(ARTIFACTS, `presenter-ui-robust-stop-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await s.test('Rebuild runs the demo again up to the slide shown and carries on', async () => {
    await page.getByRole('button', { name: 'Rebuild up to slide 3' }).click();
    await page.waitForTimeout(100);
    await waitReady(page);
    assertEq(await page.getByRole('alert', { name: 'Engine stopped' }).count(), 0, 'the stop is gone');
    const rows = page.locator('.presenter').getByRole('table', { name: 'Result rows' });
    await rows.waitFor({ timeout: 10_000 });
    assert(await rows.getByRole('cell', { name: '100', exact: true }).count() === 1, 'slide 3 counts the rebuilt table: 100');
    assert(!/ORA-\d{5}/.test(await slideText(page)), 'no error');
  });

  await s.test('the engine stops during a slide\'s run: said with the line it was running; the next slide runs nothing', async () => {
    await page.keyboard.press('PageDown');
    assertEq(await slideNo(page), 4, 'slide 4');
    await page.waitForFunction(() => !!document.querySelector('.status .dot.busy'), null, { timeout: 10_000 });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.__lioTest.killEngine());
    const stop = page.getByRole('alert', { name: 'Engine stopped' });
    await stop.waitFor({ timeout: 10_000 });
    await waitReady(page);
    const text = (await stop.textContent()) ?? '';
    assert(text.startsWith('The engine stopped at slide 4: the engine worker was killed.'), `stop: ${text}`);
    assert(text.includes(`It was running line ${LAB_RUN_LINE}: LAB RUN 'SELECT 1 FROM dual'`), `the statement it was running: ${text}`);
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
    await waitReady(page);
    assertEq(await slideNo(page), 5, 'slide 5');
    const all = await slideText(page);
    assert(!/ORA-\d{5}/.test(all), `no ORA-00942 on the projector: ${all}`);
    assert(/The engine stopped at slide 4/.test(all), 'still stopped');
    await page.screenshot({ path: path.join(ARTIFACTS, 'presenter-ui-robust-stop-running.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ state: 'detached', timeout: 5_000 });
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - presenter-ui-robust setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
