// Wait histograms in the UI: a step's waits by duration under its wait
// events, two steps overlaid in the Compare tab, and the exported SVG is
// the one `lio report` writes.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';
import { main } from '../../electron/cli.mjs';
import { loadNodeEngine } from '../../electron/engine-node.mjs';

const SCRIPT = `-- Commits wait on log file sync; a JDBC client on SQL*Net
create table t (id number primary key, n number);
insert into t select rownum, 0 from dual connect by level <= 1000;
commit;
LAB RUN 'select n from t where id = :1' BIND 1 TO 1000 VIA jdbc_thin;
LAB RUN 'update t set n = n + 1 where id = :1' BIND 1 TO 200 VIA jdbc_thin SESSIONS 4;
`;

const s = suite('waits');
let app;
try {
  app = await launchApp({ width: 1280, height: 900 });
  const { page } = app;
  await s.test('a step shows its wait histograms', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'update t set' }).first().click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const h = page.getByRole('img', { name: /Wait histograms/ });
    await h.waitFor();
    const events = await h.locator('g.bucket').evaluateAll((gs) => [...new Set(gs.map((g) => g.getAttribute('data-event')))]);
    assert(events.includes('SQL*Net message from client'), `events: ${events}`);
    const total = await h.locator('g.bucket[data-event="SQL*Net message from client"]').evaluateAll((gs) => gs.reduce((a, g) => a + Number(g.getAttribute('data-count')), 0));
    assertEq(total, 200, 'one round trip per execution, summed over the 4 sessions');
    await h.scrollIntoViewIfNeeded();
    await h.screenshot({ path: path.join(ARTIFACTS, 'wait-histograms-1280.png') });
  });
  await s.test('Compare overlays two steps and exports what lio report writes for one', async () => {
    await page.getByRole('tab', { name: 'Compare' }).click();
    const region = page.getByRole('region', { name: 'Wait histograms comparison' });
    await region.waitFor();
    assert(await region.locator('g.bucket').count() >= 2, 'bars from both sides');
    await region.screenshot({ path: path.join(ARTIFACTS, 'wait-histograms-compare-1280.png') });
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await page.getByRole('button', { name: /^Export/ }).click();
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Wait histograms/ }).click()]);
    const file = path.join(ARTIFACTS, d.suggestedFilename());
    await d.saveAs(file);
    const ui = readFileSync(file, 'utf8');
    const out = mkdtempSync(path.join(os.tmpdir(), 'lio-waits-'));
    const script = path.join(out, 'waits.sql');
    writeFileSync(script, SCRIPT);
    assertEq(await main(['report', script, '--out', out], { out: () => {}, err: () => {}, loadEngine: loadNodeEngine }), 0, 'lio report');
    const cli = readFileSync(path.join(out, d.suggestedFilename()), 'utf8');
    assert(cli === ui, 'the UI export is lio report\'s histogram, byte for byte');
  });
  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - waits setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
