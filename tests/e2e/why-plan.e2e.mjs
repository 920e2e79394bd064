// "Why this plan": with event 10053 set, a query's step shows beside its
// plan every access path the optimizer costed, cheapest first, the winner
// marked, each with the statistics its cost came from; the 10053 text on
// demand; the SVG export is the one `lio report` writes. Screenshots at
// 1280x720, 1920x1080 and 1440x900.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';
import { main } from '../../electron/cli.mjs';
import { loadNodeEngine } from '../../electron/engine-node.mjs';

const SCRIPT = `-- Why not the index? STATUS has two values.
create table t (id number, status varchar2(10), pad varchar2(20));
insert into t select level, case when mod(level, 2) = 0 then 'OPEN' else 'CLOSED' end, 'x' from dual connect by level <= 10000;
commit;
create index t_status on t (status);
exec dbms_stats.gather_table_stats(user,'T')
alter session set events '10053 trace name context forever, level 1';
select * from t where status = 'OPEN';
`;

// Three tables: D (1 row after its filter) leads, E by its index on DEPT,
// G by its key; the other orders are listed with what they cost.
const JOIN_SCRIPT = `create table d (id number primary key, name varchar2(20));
insert into d select rownum, 'D'||rownum from dual connect by level <= 7;
create table e (id number primary key, dept number, grade number);
insert into e select rownum, mod(rownum,7)+1, mod(rownum,5)+1 from dual connect by level <= 200;
create index e_dept on e (dept);
create table g (id number primary key, label varchar2(10));
insert into g select rownum, 'G'||rownum from dual connect by level <= 5;
commit;
exec dbms_stats.gather_table_stats(user,'D')
exec dbms_stats.gather_table_stats(user,'E')
exec dbms_stats.gather_table_stats(user,'G')
alter session set events '10053 trace name context forever, level 1';
select e.id, g.label, d.name from e, g, d where e.dept = d.id and e.grade = g.id and d.name = 'D3';
`;

const s = suite('why-plan');
let app;
try {
  app = await launchApp({ width: 1280, height: 720 });
  const { page } = app;
  await s.test('the full scan is marked chosen over the index, with the statistics', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: "where status = 'OPEN'" }).first().click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const why = page.getByRole('region', { name: 'Why this plan' });
    await why.waitFor();
    const rows = why.getByRole('table', { name: 'Candidates for T' }).locator('tr[data-chosen]');
    assertEq(await rows.count(), 2, 'two candidates: the full scan and the index');
    const chosen = why.locator('tr[data-chosen="true"]');
    assertEq(await chosen.count(), 1, 'one winner');
    assert((await chosen.innerText()).includes('TableScan'), await chosen.innerText());
    const loser = why.locator('tbody:has(tr[data-chosen="false"])');
    const t = await loser.innerText();
    assert(t.includes('T_STATUS') && t.includes('not taken') && t.includes('CLUF 48'), t);
    assert((await why.innerText()).includes('CLUSTERING_FACTOR 48'), 'the index statistics are shown');
    await why.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'why-plan-1280x720.png') });
    for (const [w, h] of [[1920, 1080], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await why.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, `why-plan-${w}x${h}.png`) });
    }
  });
  await s.test('the 10053 text is there on demand', async () => {
    const why = page.getByRole('region', { name: 'Why this plan' });
    await why.getByRole('button', { name: 'Show the 10053 trace' }).click();
    const raw = await why.getByLabel('10053 trace').innerText();
    for (const l of ['SINGLE TABLE ACCESS PATH', 'Best:: AccessPath: TableScan', 'Final cost for query block SEL$1']) assert(raw.includes(l), `no ${l}`);
    await why.getByRole('button', { name: 'Show the candidates' }).click();
  });
  await s.test('the SVG export is what lio report writes', async () => {
    await page.getByRole('button', { name: /^Export/ }).click();
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Why this plan/ }).click()]);
    const file = path.join(ARTIFACTS, d.suggestedFilename());
    await d.saveAs(file);
    const ui = readFileSync(file, 'utf8');
    assert(ui.includes('data-chosen="true"') && ui.includes('T_STATUS'), 'the picture has the winner and the index');
    const out = mkdtempSync(path.join(os.tmpdir(), 'lio-why-'));
    const script = path.join(out, 'why.sql');
    writeFileSync(script, SCRIPT);
    assertEq(await main(['report', script, '--out', out], { out: () => {}, err: () => {}, loadEngine: loadNodeEngine }), 0, 'lio report');
    const cli = readFileSync(path.join(out, d.suggestedFilename()), 'utf8');
    assert(cli === ui, 'the UI export is lio report\'s, byte for byte');
  });
  await s.test('the join orders considered are listed with their costs, the winner marked', async () => {
    await setScript(page, JOIN_SCRIPT);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'from e, g, d' }).first().click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const why = page.getByRole('region', { name: 'Why this plan' });
    await why.waitFor();
    const orders = why.getByRole('table', { name: 'Join orders of SEL$1' });
    const rows = orders.locator('tbody tr');
    assert(await rows.count() >= 2, `join orders listed: ${await rows.count()}`);
    const chosen = orders.locator('tr[data-chosen="true"]');
    assertEq(await chosen.count(), 1, 'one winner');
    const t = await chosen.innerText();
    assert(t.includes('chosen: the cheapest') && t.includes('D[D]'), t);
    assert((await orders.innerText()).includes('join permutations tried'), 'the count is shown');
    await orders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'why-plan-orders-1440x900.png') });
    await page.getByRole('button', { name: /^Export/ }).click();
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Why this plan/ }).click()]);
    const file = path.join(ARTIFACTS, 'why-plan-orders.svg');
    await d.saveAs(file);
    const svg = readFileSync(file, 'utf8');
    assert((svg.match(/class="why-order"/g) ?? []).length >= 2, 'the picture lists the join orders');
    assertEq((svg.match(/class="why-order" data-chosen="true"/g) ?? []).length, 1, 'one winning order in the picture');
  });
  await s.test('a histogram column shows the dictionary DENSITY and the NewDensity costed', async () => {
    await setScript(page, SCRIPT.replace("exec dbms_stats.gather_table_stats(user,'T')", "exec dbms_stats.gather_table_stats(user,'T', method_opt => 'for columns status size 254')"));
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: "where status = 'OPEN'" }).first().click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const why = page.getByRole('region', { name: 'Why this plan' });
    await why.waitFor();
    const t = await why.innerText();
    assert(t.includes('STATUS: NDV 2 · NULLS 0 · DENSITY 0.000050 · FREQUENCY histogram, NewDensity 0.250000'), t);
    await why.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'why-plan-histogram-1440x900.png') });
  });
  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - why-plan setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
