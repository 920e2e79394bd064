// The MemOptimized scenario flows, shared by memopt.e2e.mjs (real engine)
// and ui-mock.e2e.mjs (the contract-shaped mock engine).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, assert, assertEq, runAll, waitReady } from './harness.mjs';

/** Value of one statistic in the Autotrace statistics table of the selected step (0 when absent). */
export async function statValue(page, name) {
  await page.getByRole('tab', { name: 'Autotrace' }).click();
  const table = page.getByRole('table', { name: 'Statistics table' });
  if (!(await table.count())) return 0;
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  const row = rows.find((r) => r[1] === name);
  return row ? Number(row[0].replace(/,/g, '')) : 0;
}

/** The last executed step whose statement matches re; clicks it. */
export async function selectStep(page, re) {
  const buttons = page.getByRole('button', { name: re });
  const n = await buttons.count();
  assert(n > 0, `a step matching ${re}`);
  // the list shows the newest run first, in statement order: take the last match of the first run
  const names = await buttons.evaluateAll((bs) => bs.map((b) => b.closest('tbody')?.rows[0]?.textContent ?? ''));
  const firstRun = names[0];
  let idx = 0;
  for (let i = 0; i < n; i++) if (names[i] === firstRun) idx = i;
  await buttons.nth(idx).click();
  return buttons.nth(idx);
}


/** Runs every check after the sample ran; `prefix` names the screenshots. */
export async function memoptFlows(s, app, prefix = '') {
  const { page } = app;
    await s.test('consistent gets per lookup: t1 3, t2 2, t3 1, t4 0', async () => {
      const got = [];
      for (const t of ['t1', 't2', 't3', 't4']) {
        await selectStep(page, new RegExp(`SELECT \\* FROM ${t} WHERE key = 42`, 'i'));
        got.push(await statValue(page, 'consistent gets'));
      }
      assertEq(got.join('/'), '3/2/1/0', 'consistent gets t1/t2/t3/t4');
    });

    await s.test('stepping through a t1 lookup lights root, then leaf, then table block', async () => {
      await selectStep(page, /SELECT \* FROM t1 WHERE key = 42/i);
      await page.getByRole('tab', { name: 'Structure' }).click();
      const fwd = page.getByRole('button', { name: 'Step forward' });
      await fwd.waitFor();
      await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.max) > 0, null, { timeout: 10_000 });
      await page.getByRole('button', { name: 'First event' }).click();
      const roles = [];
      for (let i = 0; i < 40 && (await fwd.isEnabled()); i++) {
        await fwd.click();
        const ev = await page.getByLabel('Current event').getAttribute('data-event');
        const role = (ev || '').split(':')[2];
        if (role && roles[roles.length - 1] !== role) roles.push(role);
        if (i === 1) await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}step-leaf.png`) });
      }
      const order = ['index root block', 'index leaf block', 'table block'].map((r) => roles.indexOf(r));
      assert(order.every((x) => x >= 0) && order[0] < order[1] && order[1] < order[2], `lighting order root -> leaf -> table, got ${roles.join(' > ')}`);
    });

    await s.test('playback animates (mid-animation screenshot)', async () => {
      await page.getByRole('button', { name: 'First event' }).click();
      await page.getByRole('combobox', { name: 'Speed' }).selectOption('2');
      await page.getByRole('button', { name: 'Play' }).click();
      // Screenshot while a block is lit (the first events of a statement are parse/execute).
      await page.waitForFunction(() => /:index (root|leaf) block:/.test(document.querySelector('[aria-label="Current event"]')?.getAttribute('data-event') ?? ''), null, { timeout: 15_000 });
      const pos = Number(await page.getByLabel('Current event').getAttribute('data-pos'));
      await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}playback-mid.png`) });
      assert(pos >= 1, `playback advanced (pos ${pos})`);
      await page.getByRole('button', { name: 'Pause' }).click().catch(() => {});
    });

    await s.test('flame graph with search', async () => {
      await page.getByRole('tab', { name: 'Flame graph' }).click();
      await page.getByRole('img', { name: /Flame graph/ }).waitFor();
      await page.getByRole('searchbox', { name: 'Search frames' }).fill('kcb');
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}flame.png`) });
      const meta = await page.locator('.flame-meta').textContent();
      assert(/match/.test(meta), `search summary: ${meta}`);
      await page.getByRole('searchbox', { name: 'Search frames' }).fill('');
    });

    await s.test('compare t1 and t4: consistent gets differ by -3', async () => {
      await page.getByRole('tab', { name: 'Compare' }).click();
      const pick = async (which, re) => {
        const sel = page.getByRole('combobox', { name: `Compare ${which}` });
        const opts = await sel.locator('option').evaluateAll((os) => os.map((o) => ({ v: o.value, t: o.textContent })));
        const matches = opts.filter((o) => re.test(o.t) && !/ · run \d+$/.test(o.t));
        assert(matches.length, `option for ${re}`);
        await sel.selectOption(matches[matches.length - 1].v);
      };
      await pick('A', /SELECT \* FROM t1 WHERE key = 42/i);
      await pick('B', /SELECT \* FROM t4 WHERE key = 42/i);
      const rows = await page.getByRole('table', { name: 'Compared statistics' }).locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
      const cg = rows.find((r) => r[0] === 'consistent gets');
      assert(cg, 'consistent gets row');
      assertEq(cg[3].replace(/[−]/g, '-'), '-3', 'difference');
      await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}compare.png`) });
    });

    await s.test('export a one-page SVG report, parse and render it', async () => {
      await selectStep(page, /SELECT \* FROM t1 WHERE key = 42/i);
      // From the Compare tab the report is the comparison (issue 17); the step's own report comes from Autotrace.
      await page.getByRole('tab', { name: 'Autotrace' }).click();
      await page.getByRole('button', { name: /^Export/ }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 20_000 }),
        page.getByRole('menuitem', { name: /One-page report/ }).click(),
      ]);
      const file = path.join(ARTIFACTS, `${prefix}report.svg`);
      await download.saveAs(file);
      const svg = readFileSync(file, 'utf8');
      for (const label of ['LIO Lab report', 'consistent gets', 'T1_PK', 'INDEX UNIQUE SCAN', 'Execution plan']) assert(svg.includes(label), `report contains ${label}`);
      const view = await app.context.newPage();
      await view.setViewportSize({ width: 1040, height: 1400 });
      await view.setContent(`<html><body style="margin:0;background:#fff"><img id="svg" alt="report" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
      await view.waitForFunction(() => document.getElementById('svg')?.complete);
      const parsed = await view.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        return { error: doc.getElementsByTagName('parsererror').length, root: doc.documentElement.nodeName, titles: doc.getElementsByTagName('title').length };
      }, svg);
      assertEq(parsed.error, 0, 'SVG parses');
      assertEq(parsed.root, 'svg', 'root element');
      assert(parsed.titles > 5, 'frames keep <title> tooltips');
      await view.locator('#svg').screenshot({ path: path.join(ARTIFACTS, `${prefix}report-svg.png`) });
      await view.close();
    });

    await s.test('compare two runs of the sample: the same lookup gives the same figures', async () => {
      await runAll(page, 300_000);
      await page.getByRole('tab', { name: 'Compare' }).click();
      const sel = (w) => page.getByRole('combobox', { name: `Compare ${w}` });
      const opts = await sel('A').locator('option').evaluateAll((os) => os.map((o) => ({ v: o.value, t: o.textContent })));
      const t1 = opts.filter((o) => /select \* from t1 where key = 42/i.test(o.t) && !/ · run \d+$/.test(o.t));
      const run1 = t1.filter((o) => /^Run 1 /.test(o.t)).pop(), run2 = t1.filter((o) => /^Run 2 /.test(o.t)).pop();
      assert(run1 && run2, `t1 lookups in both runs: ${t1.map((o) => o.t).join(' | ')}`);
      await sel('A').selectOption(run1.v);
      await sel('B').selectOption(run2.v);
      const rows = await page.getByRole('table', { name: 'Compared statistics' }).locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
      const cg = rows.find((r) => r[0] === 'consistent gets');
      assert(cg && cg[1] === '3' && cg[2] === '3' && cg[3] === '0', `consistent gets A/B/diff: ${cg}`);
      await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}compare-runs.png`) });
    });

    await s.test('the run was saved to history', async () => {
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('table', { name: 'Saved runs' }).waitFor();
      assert(await page.getByRole('table', { name: 'Saved runs' }).locator('tbody tr').count() >= 2, 'both runs saved');
      await waitReady(page);
    });

}
