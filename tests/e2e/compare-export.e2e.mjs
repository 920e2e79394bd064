// Exporting structure pictures from the Compare view (issue 35): the menu
// offers A and B, each exports its own step (its statement in the file name
// and the picture of the segments it visited), and a side from an earlier
// run says why it cannot be drawn. Plans shows both plans aligned as a diff.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, launchApp, setScript, runAll, suite, assert, assertEq } from './harness.mjs';

const s = suite('compare-export');
let app;
const SCRIPT = `create table t1 (id number primary key, v varchar2(20));
insert into t1 select rownum, 'x' from dual connect by level <= 200;
create table t2 (id number, v varchar2(20));
insert into t2 select rownum, 'y' from dual connect by level <= 200;
commit;
select v from t1 where id = 7;
select count(*) from t2;
`;

async function exportSide(page, label) {
  await page.getByRole('button', { name: /^Export/ }).click();
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label }).click()]);
  const file = path.join(ARTIFACTS, d.suggestedFilename());
  await d.saveAs(file);
  return { name: d.suggestedFilename(), svg: readFileSync(file, 'utf8') };
}

try {
  app = await launchApp({ width: 1440, height: 900 });
  const { page } = app;

  await s.test('the Compare view exports a structure picture of A and one of B', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 120_000);
    await page.getByRole('tab', { name: 'Compare' }).click();
    await page.getByRole('table', { name: 'Compared statistics' }).waitFor();
    await page.getByRole('button', { name: /^Export/ }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    assert(items.includes('Structure picture of A (SVG)') && items.includes('Structure picture of B (SVG)'), `menu: ${items.join(' | ')}`);
    assert(!items.includes('Structure picture (SVG)'), 'no picture of the selected step here');
    await page.keyboard.press('Escape');
    const a = await exportSide(page, 'Structure picture of A (SVG)');
    const b = await exportSide(page, 'Structure picture of B (SVG)');
    assert(/^lio-select-v-from-t1-where-id-7-\d+-structure\.svg$/.test(a.name), `A: ${a.name}`);
    assert(/^lio-select-count-from-t2-\d+-structure\.svg$/.test(b.name), `B: ${b.name}`);
    assert(a.svg.includes('T1') && !/>T2\b/.test(a.svg), 'A draws T1, not T2');
    assert(b.svg.includes('T2'), 'B draws T2');
  });

  await s.test('a side from an earlier run says why its picture cannot be exported', async () => {
    await runAll(page, 120_000);
    await page.getByRole('tab', { name: 'Compare' }).click();
    const pickA = page.getByRole('combobox', { name: 'Compare A' });
    const first = await pickA.locator('option', { hasText: 'Run 1' }).first().getAttribute('value');
    await pickA.selectOption(first);
    await page.getByRole('button', { name: /^Export/ }).click();
    await page.getByRole('menuitem', { name: 'Structure picture of A (SVG)' }).click();
    await page.waitForTimeout(300);
    const text = await page.locator('.toast').last().textContent();
    assert(/side A is from an earlier run \(Run 1\)/.test(text), text);
  });

  await s.test('Plans shows A\'s and B\'s plans aligned, the lines only one has marked', async () => {
    await page.getByRole('tab', { name: 'Compare' }).click();
    const items = await page.getByRole('combobox', { name: 'Compare A' }).locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    const pick = (re) => items.filter(([, t]) => re.test(t)).pop()[0];
    await page.getByRole('combobox', { name: 'Compare A' }).selectOption(pick(/select v from t1/));
    await page.getByRole('combobox', { name: 'Compare B' }).selectOption(pick(/select count/));
    await page.getByRole('button', { name: 'Plans' }).click();
    const table = page.getByRole('table', { name: 'Compared plans' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => `${tr.dataset.side} ${tr.children[3].textContent.trim()} ${tr.children[4].textContent}`.trim()));
    assertEq(rows[0], 'both SELECT STATEMENT', 'the statement line is common');
    assert(rows.includes('only-a INDEX UNIQUE SCAN ' + rows.find((r) => r.startsWith('only-a INDEX UNIQUE SCAN')).split(' ').pop()), `A's probe: ${rows.join(' | ')}`);
    assert(rows.some((r) => /^only-b .*T2$/.test(r)), `B's scan of T2: ${rows.join(' | ')}`);
    assert((await page.locator('.plan-compare-note').textContent()).includes('The plans differ'), 'says they differ');
    await page.screenshot({ path: path.join(ARTIFACTS, 'compare-plans-1440x900.png') });
    await page.getByRole('button', { name: 'Statistics' }).click();
    await page.getByRole('table', { name: 'Compared statistics' }).waitFor();
  });

  await s.test('the flame graph of the server process only, and its export', async () => {
    await setScript(page, SCRIPT + "LAB RUN 'select v from t1 where id = :1' BIND 1 TO 200 VIA jdbc_thin;\n");
    await runAll(page, 120_000);
    await page.getByRole('tab', { name: 'Flame graph' }).click();
    const all = await exportSide(page, 'Flame graph (SVG)');
    assert(/>java /.test(all.svg), 'all processes: the Java client is drawn');
    await page.getByRole('combobox', { name: 'Process' }).selectOption('server');
    const srv = await exportSide(page, 'Flame graph (SVG)');
    assert(!/>java /.test(srv.svg) && !/>network /.test(srv.svg), 'server only: no client or network frames');
    assert(/>opitsk [\d.]+ (ms|µs) · 100\.0%</.test(srv.svg), 'opitsk is the whole server picture, as perf shows it');
    assert(srv.svg.includes('server process'), 'the title says which picture it is');
    await page.screenshot({ path: path.join(ARTIFACTS, 'flame-server-1440x900.png') });
  });

  await s.test('no page errors', async () => { assertEq(app.problems.join('\n'), '', 'problems'); });
} catch (e) {
  console.log(`not ok - compare-export setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
