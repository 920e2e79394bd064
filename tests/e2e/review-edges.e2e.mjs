// Issue 17's rough edges, tried the way a presenter would at 1280 px:
// Run all's shortcut badge, the step Run all selects, the selected step
// after a second Run all, keys on the structure canvas, the event readout,
// run titles after a reload, Compare's decimals and export, LAB HELP, and
// the UI's SVG export equal to `lio report`'s for the same step.
import { readFileSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq, waitReady } from './harness.mjs';
import { selectStep } from './flows.mjs';
import { main } from '../../electron/cli.mjs';
import { loadNodeEngine } from '../../electron/engine-node.mjs';

const s = suite('review-edges');
let app;

const SCRIPT = `-- Heap vs hash cluster, one lookup each
LAB VERSION 18c;
create table t1 (key integer not null, value varchar2(30 char) not null, constraint t1_pk primary key (key));
create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
insert into t1 select level, 'v' || level from dual connect by level <= 1000;
insert into t3 select level, 'v' || level from dual connect by level <= 1000;
commit;
exec dbms_stats.gather_table_stats(user, 'T1')
exec dbms_stats.gather_table_stats(user, 'T3')
set autotrace traceonly
${Array.from({ length: 30 }, (_, i) => `select value from t1 where key = ${i + 1};`).join('\n')}
select value from t3 where key = 42;
--@ focus
select value from t1 where key = 42;
`;

async function download(page, item) {
  await page.getByRole('button', { name: /^Export/ }).click();
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('menuitem', { name: item }).click()]);
  const file = path.join(ARTIFACTS, `edges-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return { file, name: d.suggestedFilename(), svg: readFileSync(file, 'utf8') };
}

async function svgToPng(svg, file, width) {
  const view = await app.context.newPage();
  await view.setViewportSize({ width, height: 900 });
  await view.setContent(`<html><body style="margin:0;background:#fff"><img id="svg" alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
  await view.waitForFunction(() => document.getElementById('svg')?.complete);
  await view.locator('#svg').screenshot({ path: path.join(ARTIFACTS, file) });
  await view.close();
}

try {
  app = await launchApp({ width: 1280, height: 800 });
  const { page } = app;

  await s.test('the Run all badge names the real shortcut', async () => {
    const t = await page.getByRole('button', { name: /^Run all/ }).textContent();
    assert(/Ctrl⇧↵/.test(t) && /F5/.test(t), `badge: ${t}`);
  });

  await s.test('Run all selects the step a demo marks (--@ focus)', async () => {
    await setScript(page, SCRIPT);
    await runAll(page);
    const sel = await page.locator('.steps tr[aria-selected="true"]').textContent();
    assert(/select value from t1 where key = 42/.test(sel), `selected: ${sel}`);
  });

  await s.test('hash cluster PK equality: E-Rows 1', async () => {
    await selectStep(page, /select value from t3 where key = 42/);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const plan = page.getByRole('table', { name: 'Plan' });
    const heads = (await plan.locator('thead th').allTextContents()).map((h) => h.trim());
    const rows = await plan.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
    const hash = rows.find((r) => r.some((c) => /TABLE ACCESS HASH/.test(c)));
    assert(hash, `hash access in the plan: ${JSON.stringify(rows)}`);
    assertEq(hash[heads.indexOf('E-Rows')], '1', `E-Rows of ${hash.join(' | ')}`);
  });

  await s.test('after a second Run all the selected step is not under the sticky header', async () => {
    await runAll(page);
    await page.waitForTimeout(300);
    const geo = await page.evaluate(() => {
      const row = document.querySelector('.steps tr[aria-selected="true"]');
      const head = document.querySelector('.steps thead');
      const box = document.querySelector('.steps');
      return { row: row?.getBoundingClientRect().toJSON(), head: head?.getBoundingClientRect().toJSON(), box: box?.getBoundingClientRect().toJSON() };
    });
    assert(geo.row && geo.head, 'row and header');
    assert(geo.row.top >= geo.head.bottom - 0.5, `row top ${geo.row.top} under header bottom ${geo.head.bottom}`);
    assert(geo.row.bottom <= geo.box.bottom + 0.5, `row bottom ${geo.row.bottom} within the list ${geo.box.bottom}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'edges-second-run-all.png') });
  });

  await s.test('the same when the selected step is the run\'s first (an error on line 1), list scrolled down before', async () => {
    const geo = async () => page.evaluate(() => {
      const row = document.querySelector('.steps tr[aria-selected="true"]');
      const head = document.querySelector('.steps thead');
      return { row: row?.getBoundingClientRect().toJSON(), head: head?.getBoundingClientRect().toJSON(), text: row?.textContent };
    });
    await setScript(page, `select * from nosuch;\n${Array.from({ length: 40 }, (_, i) => `select ${i} from dual;`).join('\n')}\n`);
    await runAll(page);
    await page.locator('.steps').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await runAll(page);
    await page.waitForTimeout(300);
    const g = await geo();
    assert(/ORA-00942/.test(g.text), `the error is selected: ${g.text}`);
    assert(g.row.top >= g.head.bottom - 0.5, `row top ${g.row.top} under header bottom ${g.head.bottom}`);
    await setScript(page, SCRIPT);
    await runAll(page);
  });

  await s.test('once the structure canvas is clicked, Space, arrows, Home and End work', async () => {
    await page.getByRole('tab', { name: 'Structure' }).click();
    const canvas = page.locator('.canvas-wrap canvas');
    await canvas.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('.readout')?.getAttribute('data-pos') ?? -1) >= 0);
    await canvas.click({ position: { x: 40, y: 40 } });
    const pos = async () => Number(await page.locator('.readout').getAttribute('data-pos'));
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    assertEq(focused, 'CANVAS', 'the canvas takes focus');
    await page.keyboard.press('Home');
    assertEq(await pos(), 0, 'Home');
    await page.keyboard.press('ArrowRight');
    assertEq(await pos(), 1, 'ArrowRight');
    await page.keyboard.press('End');
    const end = await pos();
    assert(end > 1, `End goes to the last event (${end})`);
    await page.keyboard.press('ArrowLeft');
    assertEq(await pos(), end - 1, 'ArrowLeft');
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.waitForTimeout(400);
    assert((await page.getByRole('button', { name: 'Pause' }).count()) === 1 || (await pos()) > 0, 'Space plays');
    await page.keyboard.press('Space');
  });

  await s.test('the event readout at 1280 px is whole and names no internal stack', async () => {
    // Walk to every event and check the readout each time.
    const canvas = page.locator('.canvas-wrap canvas');
    await canvas.focus();
    await page.keyboard.press('Home');
    const n = Number((await page.locator('.playback .mono').textContent()).split('/')[1].replace(/,/g, ''));
    let seenClient = false;
    for (let i = 0; i < Math.min(n, 80); i++) {
      await page.keyboard.press('ArrowRight');
      const r = await page.locator('.readout').evaluate((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 }));
      assert(!r.cut, `readout cut at event ${i + 1}: ${r.text}`);
      assert(!/ipc;|network;|bequeath_pipe_roundtrip/.test(r.text), `internal stack name at event ${i + 1}: ${r.text}`);
      if (/client round trip/.test(r.text)) {
        seenClient = true;
        await page.screenshot({ path: path.join(ARTIFACTS, 'edges-readout-1280.png') });
      }
    }
    console.log(`  # ${n} events; a client round trip shown in words: ${seenClient}`);
    if (!seenClient) await page.screenshot({ path: path.join(ARTIFACTS, 'edges-readout-1280.png') });
  });

  await s.test('structure SVG export: legend, badges, hash chains (rendered for review)', async () => {
    await selectStep(page, /select value from t3 where key = 42/);
    const { svg } = await download(page, /Structure picture/);
    assert(svg.includes('memopt'), 'legend has memopt');
    await svgToPng(svg, 'edges-structure-t3.png', 1040);
  });

  await s.test('the UI\'s one-page report equals lio report\'s for the same step', async () => {
    await selectStep(page, /select value from t1 where key = 42/);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const ui = await download(page, /One-page report/);
    const structure = await download(page, /Structure picture/);
    const out = mkdtempSync(path.join(os.tmpdir(), 'lio-report-'));
    const file = path.join(out, 'edges.sql');
    (await import('node:fs')).writeFileSync(file, SCRIPT);
    let printed = '';
    const code = await main(['report', file, '--out', out], { out: (x) => (printed += x), err: () => {}, loadEngine: loadNodeEngine });
    assertEq(code, 0, 'lio report exit code');
    const names = readdirSync(out);
    assert(names.includes(ui.name), `lio report wrote ${ui.name} (${names.length} files)`);
    const cli = readFileSync(path.join(out, ui.name), 'utf8');
    assertEq(cli.length, ui.svg.length, 'same length');
    assert(cli === ui.svg, 'the one-page report is byte for byte the UI export');
    const cliStructure = readFileSync(path.join(out, structure.name), 'utf8');
    assert(cliStructure === structure.svg, 'the structure picture is byte for byte the UI export');
    await svgToPng(cli, 'edges-report-cli.png', 1040);
  });

  await s.test('Compare: one number of decimals a row, and an export with both sides, the difference and the differential flame graph', async () => {
    await page.getByRole('tab', { name: 'Compare' }).click();
    const sel = (w) => page.getByRole('combobox', { name: `Compare ${w}` });
    const opts = await sel('A').locator('option').evaluateAll((os) => os.map((o) => ({ v: o.value, t: o.textContent })));
    const t1 = opts.filter((o) => /^Run 2 .*t1 where key = 42/.test(o.t)).pop();
    const t3 = opts.filter((o) => /^Run 2 .*t3 where key = 42/.test(o.t)).pop();
    assert(t1 && t3, 'both lookups listed');
    await sel('A').selectOption(t1.v);
    await sel('B').selectOption(t3.v);
    const rows = await page.getByRole('table', { name: 'Compared statistics' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
    for (const r of rows) {
      const dec = r.slice(1).map((v) => (v.split('.')[1] ?? '').length);
      assert(dec.every((d) => d === dec[0]), `row ${r.join(' | ')} mixes decimals`);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'edges-compare-1280.png') });
    const rep = await download(page, /One-page report/);
    for (const label of ['Statistics Name', 'Difference', 'Differential flame graph', 'STAT..consistent gets', 'A: Run 2', 'B: Run 2']) assert(rep.svg.includes(label), `compare report has ${label}`);
    assert(!rep.svg.includes('LIO Lab report'), 'not the single-step report');
    const st = await download(page, /Statistics table/);
    assert(st.svg.includes('A: Run 2') && st.svg.includes('B: Run 2'), 'statistics export has both sides');
    await svgToPng(rep.svg, 'edges-compare-report.png', 1040);
  });

  await s.test('LAB HELP prints the LAB command reference', async () => {
    await setScript(page, 'LAB HELP;\n');
    await runAll(page);
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const text = await page.getByRole('tabpanel').textContent();
    for (const c of ['LAB RUN', 'LAB SET', 'LAB VERSION', 'LAB HELP']) assert(text.includes(c), `${c} in LAB HELP`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'edges-lab-help.png') });
  });

  await s.test('set arraysize 6000 names the value', async () => {
    await setScript(page, 'set arraysize 6000\n');
    await runAll(page);
    const err = await page.locator('.errbar').textContent();
    assert(/SP2-0267: arraysize option 6000 out of range \(1 through 5000\)/.test(err), err);
  });

  await s.test('run titles after a reload do not read "LAB VERSION 18c;"', async () => {
    await page.reload();
    await waitReady(page);
    await page.getByRole('tab', { name: 'History' }).click();
    const titles = await page.getByRole('table', { name: 'Saved runs' }).locator('tbody tr td:nth-child(3)').allTextContents();
    assert(titles.length >= 2, `saved runs: ${titles.length}`);
    for (const t of titles) assert(!/^LAB VERSION/i.test(t), `title: ${t}`);
    assert(titles.includes('Heap vs hash cluster, one lookup each'), `titles: ${titles.join(' | ')}`);
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - review-edges setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
