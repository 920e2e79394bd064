// LAB SWEEP in the UI: the curve is drawn under the sweep's table, its
// figure can be changed, and the exported SVG is the one `lio report` writes.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';
import { main } from '../../electron/cli.mjs';
import { loadNodeEngine } from '../../electron/engine-node.mjs';

const SCRIPT = `-- HASHKEYS vs consistent gets per lookup
create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
insert into t3 select level, 'v' || level from dual connect by level <= 5000;
commit;
exec dbms_stats.gather_table_stats(user, 'T3')
LAB SWEEP HASHKEYS FROM 10 TO 10000 FACTOR 10 RUN 'select value from t3 where key = :1' BIND 1 TO 500 VIA jdbc_thin RUNS 3;
`;

const s = suite('sweep');
let app;
try {
  app = await launchApp({ width: 1280, height: 900 });
  const { page } = app;
  await s.test('a HASHKEYS sweep draws its curve', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 300_000);
    const sel = await page.locator('.steps tr[aria-selected="true"]').textContent();
    assert(/LAB SWEEP/.test(sel), `the sweep is selected: ${sel}`);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const chart = page.getByRole('img', { name: /Curve of consistent gets per execution against HASHKEYS/ });
    await chart.waitFor();
    assertEq(await chart.locator('g.point').count(), 4, 'four points');
    const ys = await chart.locator('g.point').evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-y'))));
    assert(ys[0] > ys[3], `fewer hash keys, more gets a lookup: ${ys}`);
    await page.getByRole('region', { name: 'Sweep curve' }).screenshot({ path: path.join(ARTIFACTS, 'sweep-hashkeys-1280.png') });
  });
  await s.test('the figure can be changed, and the export equals lio report\'s curve', async () => {
    await page.getByRole('combobox', { name: 'Sweep figure' }).selectOption('cg');
    await page.getByRole('button', { name: /^Export/ }).click();
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Sweep curve/ }).click()]);
    const file = path.join(ARTIFACTS, d.suggestedFilename());
    await d.saveAs(file);
    const ui = readFileSync(file, 'utf8');
    const out = mkdtempSync(path.join(os.tmpdir(), 'lio-sweep-'));
    const script = path.join(out, 'sweep.sql');
    writeFileSync(script, SCRIPT);
    let printed = '';
    assertEq(await main(['report', script, '--out', out], { out: (x) => (printed += x), err: () => {}, loadEngine: loadNodeEngine }), 0, 'lio report');
    const cli = readFileSync(path.join(out, d.suggestedFilename()), 'utf8');
    assert(cli === ui, 'the UI export is lio report\'s curve, byte for byte');
  });
  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - sweep setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
