// Presenter mode at 1920x1080 (a projector): step through the MemOptimized
// demo with the keys a clicker sends, check the captions, the views and the
// simulated vs published panel, auto-advance, and that leaving keeps the
// script. Screenshots: tests/e2e/artifacts/presenter-*.png.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, launchApp, setScript, suite, assert, assertEq, waitReady } from './harness.mjs';
import { parseDemo } from '../../renderer/src/model/demo.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEMO = readFileSync(path.join(here, '..', '..', 'samples', 'demos', 'memoptimized-story.sql'), 'utf8');
const s = suite('presenter');
let app;

const caption = (page) => page.locator('.presenter .p-caption').innerText();
const count = async (page) => (await page.locator('.presenter .p-count').textContent()).split('/').map((x) => Number(x.trim()));

try {
  app = await launchApp({ width: 1920, height: 1080, colorScheme: 'light' });
  const { page } = app;
  const demo = parseDemo(DEMO);

  await s.test('Present runs the demo and opens full-window slides', async () => {
    // Demos are listed in the sample picker as "demo <name>".
    await page.getByRole('combobox', { name: 'Open sample' }).selectOption('demo memoptimized-story');
    await page.waitForTimeout(200);
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 300_000 });
    await waitReady(page, 300_000);
    const [i, n] = await count(page);
    assertEq(i, 1, 'first slide');
    assert(n >= 10, `slides: ${n}`);
    const box = await page.locator('.presenter').boundingBox();
    assert(box.width === 1920 && box.height === 1080, `covers the window: ${JSON.stringify(box)}`);
    assert((await caption(page)).includes('Four ways to store the same 100,000 rows'), 'first caption');
    const size = await page.locator('.presenter .p-say').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert(size >= 32, `caption type is large: ${size}px`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'presenter-1-intro.png') });
  });

  await s.test('PageDown reaches the heap lookup: structure view, 3 gets equal to the article', async () => {
    await page.keyboard.press('PageDown');
    assertEq((await count(page))[0], 2, 'PageDown moves on');
    // Presenter mode runs the demo up to the slide's statement: 400,000 rows to load first.
    await page.waitForTimeout(100);
    await waitReady(page, 300_000);
    assert((await caption(page)).includes('The heap table: root block, leaf block, table block'), 'caption of the t1 beat');
    await page.locator('.presenter .canvas-wrap canvas').waitFor();
    const panel = page.getByRole('complementary', { name: 'Simulated vs published' });
    await panel.waitFor();
    const state = await page.locator('.presenter .structure .pane-title .muted').first().textContent();
    assert(/^\d+ events/.test(state), `the lookup's trace is there to play: ${state}`);
    assertEq(await page.locator('.presenter select#speed').inputValue(), '5', 'the demo\'s speed=5');
    const row = await panel.locator('tbody tr').first().locator('td').allTextContents();
    assertEq(row.join('|'), 'consistent gets|3|3|=', 'published row');
    assert((await panel.innerText()).includes("MemOptimized RowStore in Oracle Database 18c"), 'source shown');
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(ARTIFACTS, 'presenter-2-heap-structure.png') });
  });

  await s.test('arrows and space step back and forth', async () => {
    await page.keyboard.press('ArrowLeft');
    assertEq((await count(page))[0], 1, 'ArrowLeft');
    await page.keyboard.press(' ');
    assertEq((await count(page))[0], 2, 'Space');
    await page.keyboard.press('ArrowRight');
    assertEq((await count(page))[0], 3, 'ArrowRight');
    await page.keyboard.press('PageUp');
    assertEq((await count(page))[0], 2, 'PageUp');
  });

  await s.test('the populated t4 slide: 0 gets and a memopt hit, as published', async () => {
    const target = demo.beats.filter((b) => b.say.length || b.view || b.expected.length || b.highlight.length || b.pause !== null || b.focus)
      .findIndex((b) => b.focus);
    assert(target > 0, 'the focus beat');
    for (let k = 2; k < target + 1; k++) { await page.keyboard.press('PageDown'); await page.waitForTimeout(50); await waitReady(page, 120_000); }
    assertEq((await count(page))[0], target + 1, 'on the focus slide');
    await page.getByRole('complementary', { name: 'Simulated vs published' }).waitFor();
    const state = await page.locator('.presenter .structure .pane-title .muted').first().textContent();
    assert(/^\d+ events/.test(state), `the t4 lookup's trace is there to play: ${state}`);
    assert((await caption(page)).includes('Populated: the row comes from the memoptimize pool'), 'caption');
    const rows = await page.getByRole('complementary', { name: 'Simulated vs published' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assertEq(JSON.stringify(rows), JSON.stringify([['consistent gets', '0', '0', '='], ['memopt r hits', '1', '1', '=']]), 'figures');
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(ARTIFACTS, 'presenter-3-memopt-populated.png') });
  });

  await s.test('the PL/SQL slide shows the flame graph and a difference from the article, not hidden', async () => {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(50);
    await waitReady(page, 120_000);
    assert((await caption(page)).includes('But from PL/SQL'), 'PL/SQL caption');
    await page.getByRole('complementary', { name: 'Simulated vs published' }).waitFor();
    await page.getByRole('img', { name: /flame graph/i }).first().waitFor({ timeout: 10_000 }).catch(() => {});
    const rows = await page.getByRole('complementary', { name: 'Simulated vs published' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assertEq(rows[0][0], 'consistent gets', 'statistic');
    assertEq(rows[0][2], '300,025', 'published');
    await page.screenshot({ path: path.join(ARTIFACTS, 'presenter-4-plsql-flame.png') });
  });

  await s.test('the JDBC slides: compare view, End reaches the last slide', async () => {
    for (let k = 0; k < 10 && !(await caption(page)).includes('now t4 wins'); k++) { await page.keyboard.press('PageDown'); await page.waitForTimeout(50); await waitReady(page, 120_000); }
    const cap = await caption(page);
    assert(cap.includes('now t4 wins'), `compare caption: ${cap}`);
    await page.getByRole('table', { name: 'Compared statistics' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'presenter-5-compare.png') });
    await page.keyboard.press('End');
    const [i, n] = await count(page);
    assertEq(i, n, 'End');
  });

  await s.test('Esc leaves presenter mode and the script is intact', async () => {
    await page.keyboard.press('Escape');
    assertEq(await page.getByRole('dialog', { name: 'Presenter mode' }).count(), 0, 'closed');
    await page.waitForTimeout(400);
    const text = await page.evaluate(() => localStorage.getItem('lio.draft.v1') ?? '');
    assert(text.includes('--@ title The MemOptimized RowStore story'), 'editor keeps the demo');
  });

  await s.test('auto-advance follows a beat\'s pause time', async () => {
    await setScript(page, '--@ title Auto\n--@ say one\n--@ pause 1\nselect 1 from dual;\n--@ say two\nselect 2 from dual;\n');
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 60_000 });
    await waitReady(page, 60_000);
    await page.getByRole('checkbox', { name: 'Auto-advance' }).check();
    await page.waitForFunction(() => /^2 \//.test(document.querySelector('.presenter .p-count')?.textContent ?? ''), null, { timeout: 5_000 });
    await page.keyboard.press('Escape');
  });

  await s.test('a directive that cannot be read is refused with line and column', async () => {
    await setScript(page, 'select 1 from dual;\n--@ view sideways\n');
    await page.getByRole('button', { name: 'Present' }).click();
    await page.waitForTimeout(200);
    assertEq(await page.getByRole('dialog', { name: 'Presenter mode' }).count(), 0, 'not opened');
    const toast = await page.locator('.toast').textContent();
    assert(/LAB-00061 at line 2, column 5/.test(toast), toast);
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - presenter setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
