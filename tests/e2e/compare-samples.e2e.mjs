// Compare's Samples (issue 35, "the statistics the seed does in R"): two
// LAB RUN steps of five runs each, each run a sample; Welch's t-test with
// its p-value and 95% interval, the percentiles, Pearson's r with the
// least-squares line on a scatter plot, and the runs as CSV (a header, one
// row a run, numbers only: what R's read.csv and pandas' read_csv read).
// Screenshot: tests/e2e/artifacts/compare-samples-1440x900.png.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';

const s = suite('compare-samples');

/** The lines of the CSV that Export samples downloads (kept in the artifacts). */
async function exportedCsv(page) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export samples (CSV)' }).click()]);
  const file = path.join(ARTIFACTS, d.suggestedFilename());
  await d.saveAs(file);
  return readFileSync(file, 'utf8').trimEnd().split('\n');
}
let app;
const SCRIPT = `create table t (id number primary key, n number, pad varchar2(200));
insert into t select rownum, mod(rownum, 7), rpad('x', 200, 'x') from dual connect by level <= 3000;
commit;
LAB RUN 'select n from t where id = :1' BIND 1 TO 200 RUNS 5 VIA jdbc_thin;
LAB RUN 'select count(pad) from t where n = :1' BIND 1 TO 20 RUNS 5 VIA jdbc_thin;
`;

try {
  app = await launchApp({ width: 1440, height: 900 });
  const { page } = app;

  await s.test('two LAB RUN steps\' runs: the t-test, percentiles, r and the line', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 180_000);
    await page.getByRole('tab', { name: 'Compare' }).click();
    // A and B: the two LAB RUN steps (not one of their runs).
    const pickA = page.getByRole('combobox', { name: 'Compare A' });
    const steps = (await pickA.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent ?? ''])))
      .filter(([, t]) => /#\d+ LAB RUN/.test(t) && !/ · run \d+$/.test(t));
    assertEq(steps.length, 2, `two LAB RUN steps: ${steps.map(([, t]) => t).join(' | ')}`);
    await pickA.selectOption(steps[0][0]);
    await page.getByRole('combobox', { name: 'Compare B' }).selectOption(steps[1][0]);
    await page.getByRole('button', { name: 'Samples' }).click();
    const view = page.locator('.compare-samples');
    await view.waitFor();
    const text = await view.innerText();
    assert(/runs\s+5\s+5/.test(text), `five runs a side: ${text.slice(0, 200)}`);
    assert(/Welch's t-test, A − B: t = -?[\d.]+, df = [\d.]+, p-value = [\d.e-]+;\s+95% confidence interval/.test(text) || /No t-test: the runs of a side do not vary/.test(text), text);
    assert(/median · 90th · 99th percentile/.test(text), 'percentiles');
    await page.screenshot({ path: path.join(ARTIFACTS, 'compare-samples-1440x900.png') });
  });

  await s.test('the runs as CSV: a header, one row a run, numbers only', async () => {
    const lines = await exportedCsv(app.page);
    assertEq(lines[0], 'side,sample,elapsed_us,us_per_execution,consistent_gets,db_block_gets,physical_reads,SQL_Net_roundtrips_to_from_client,execute_count,DB_time', 'header');
    assertEq(lines.length, 11, 'ten runs and the header');
    for (const l of lines.slice(1)) assert(/^[AB],\d+(,-?[\d.e+-]+){8}$/.test(l), `a row of numbers: ${l}`);
  });

  await s.test('each execution a sample: one run of A against B\'s step, the t-test, r with CPU and waits, and the CSV', async () => {
    const pickA = page.getByRole('combobox', { name: 'Compare A' });
    const opts = await pickA.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent ?? '']));
    const runOne = opts.find(([, t]) => /#\d+ LAB RUN/.test(t) && / · run 1$/.test(t));
    assert(runOne, `A's run 1 is listed: ${opts.map(([, t]) => t).join(' | ')}`);
    await pickA.selectOption(runOne[0]);
    await page.getByRole('button', { name: 'an execution' }).click();
    const view = page.locator('.compare-samples');
    await page.waitForFunction(() => /executions\s*200\s*100/.test(document.querySelector('.compare-samples')?.textContent ?? ''), null, { timeout: 20_000 })
      .catch(async (e) => { throw new Error(`${e.message}: ${await view.innerText()}`); });
    const text = await view.innerText();
    assert(/Time an execution \(each execution a sample\)/.test(text), text.slice(0, 200));
    assert(/Welch's t-test, A − B: t = -?[\d.]+, df = [\d.]+, p-value = [\d.e-]+;\s+95% confidence interval/.test(text), text);
    assert(/Over both sides' executions: Pearson's r = -?[\d.]+ between buffer gets and the time of an execution/.test(text), text);
    assert(/With the time: r = -?[\d.]+ for CPU, (-?[\d.]+|n\/a) for waits/.test(text), text);
    for (const [w, h] of [[1440, 900], [1280, 720], [1920, 1080]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: path.join(ARTIFACTS, `compare-executions-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const lines = await exportedCsv(app.page);
    assertEq(lines[0], 'side,sample,run,execution,elapsed_us,cpu_us,wait_us,buffer_gets,physical_reads', 'header');
    assertEq(lines.length, 301, 'three hundred executions and the header');
    for (const l of lines.slice(1)) assert(/^[AB],\d+(,-?[\d.e+-]+){7}$/.test(l), `a row of numbers: ${l}`);
    assert(lines.slice(1, 201).every((l) => /^A,\d+,1,/.test(l)), 'A: run 1\'s executions');
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - compare-samples setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
