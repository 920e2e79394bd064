// LAB SWEEP points in parallel Web Workers (issue 29): the UI's engine
// worker starts sweep workers (lio-sweep), the curve's points are the serial
// run's, and a cancel stops every worker.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq, waitReady } from './harness.mjs';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';

const SETUP = `-- HASHKEYS vs consistent gets per lookup, 20 points
create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
insert into t3 select level, 'v' || level from dual connect by level <= 3000;
commit;
exec dbms_stats.gather_table_stats(user, 'T3')
`;
const SWEEP = `LAB SWEEP HASHKEYS FROM 50 TO 1000 STEP 50 RUN 'select value from t3 where key = :1' BIND 1 TO 300 VIA jdbc_thin RUNS 2;
select count(*) from t3;
`;

const s = suite('sweep-parallel');
let app;
try {
  // The serial answer, from the engine in this process.
  const serial = await loadEngine();
  const expected = serial.exec(SETUP + SWEEP).steps.find((st) => st.sweep).sweep.points;
  serial.free();
  assertEq(expected.length, 20, 'twenty points');

  app = await launchApp({ width: 1280, height: 720 });
  const { page } = app;
  await s.test('a 20-point sweep runs in sweep workers and draws the serial run\'s points', async () => {
    await setScript(page, SETUP + SWEEP);
    /** @type {Set<string>} */
    const seen = new Set();
    const onWorker = (w) => { if (/sweep-worker/.test(w.url())) seen.add(w.url()); };
    page.on('worker', onWorker);
    await runAll(page, 300_000);
    page.off('worker', onWorker);
    assert(seen.size >= 1, `sweep workers started: ${[...seen].join(', ')}`);
    const sel = await page.locator('.steps tr[aria-selected="true"]').textContent();
    assert(/select count/.test(sel) || /LAB SWEEP/.test(sel), `a step of the script is selected: ${sel}`);
    await page.getByRole('button', { name: /^Step \d+: LAB SWEEP/ }).first().click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const chart = page.getByRole('img', { name: /Curve of consistent gets per execution against HASHKEYS/ });
    await chart.waitFor();
    const pts = await chart.locator('g.point').evaluateAll((gs) => gs.map((g) => [Number(g.getAttribute('data-x')), Number(g.getAttribute('data-y'))]));
    assertEq(pts.length, 20, 'twenty points drawn');
    const want = expected.map((p) => [p.value, (p.stats['consistent gets'] ?? 0) / Math.max(1, p.executions)]);
    assertEq(JSON.stringify(pts), JSON.stringify(want), 'each point is the serial run\'s');
    await page.screenshot({ path: path.join(ARTIFACTS, 'sweep-parallel-1280x720.png') });
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'sweep-parallel-chart-1280x720.png') });
  });
  await s.test('the steps after the sweep ran', async () => {
    const text = await page.getByRole('grid', { name: 'Executed statements' }).textContent();
    assert(/select count\(\*\) from t3/.test(text), 'the query after the sweep is listed');
  });
  await s.test('a cancel mid-sweep stops the sweep workers', async () => {
    // RUNS 60 (18,000 executions a point): with RUNS 6 the sweep could end within 3 s of its
    // workers starting (measured in session 14: the engine worker's result arrived while
    // the page still drew 58 frames a second), and the Cancel button was gone before the click
    // landed ('waiting for element to be visible, enabled and stable' until the timeout).
    await setScript(page, SETUP + SWEEP.replace('RUNS 2', 'RUNS 60'));
    const workers = [];
    const onWorker = (w) => { if (/sweep-worker/.test(w.url())) workers.push(w); };
    page.on('worker', onWorker);
    await page.getByRole('button', { name: /^Run all/ }).click();
    const t0 = Date.now();
    while (workers.length === 0 && Date.now() - t0 < 60_000) await page.waitForTimeout(50);
    page.off('worker', onWorker);
    assert(workers.length > 0, 'the sweep started its workers');
    const closed = workers.map((w) => new Promise((resolve) => w.once('close', resolve)));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await Promise.race([Promise.all(closed), new Promise((_, reject) => setTimeout(() => reject(new Error('sweep workers still running 10 s after cancel')), 10_000))]);
    await waitReady(page, 120_000);
    const status = await page.getByRole('status').first().textContent();
    assert(/Cancelled/.test(status), status);
  });
  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - sweep-parallel setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
