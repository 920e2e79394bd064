// Exported slides of every kind (issue 35, "Exports are not slide-ready"):
// `lio report --slide` and the UI's Export menu with "As 16:9 slides" write
// 1920x1080 SVGs whose every text is drawn at 18 px and over on the slide
// (its size times the picture's scale, measured in Chromium, as a projector
// shows the slide at 1920x1080). One script reaches every kind: a hard parse
// traced by 10053 on an Exadata cell (report, structures with the data
// dictionary, flame graph, statistics, wait histograms, devices, why this
// plan), a LAB RUN and two LAB SWEEPs (a curve, and a release sweep's curve
// with the counters that move); the UI's Compare view adds
// its own (statistics of A and B, the differential flame graph, the two
// sides' wait histograms, the structures of A and of B). Each slide is drawn
// to PNG in artifacts/ (slide-cli-<kind>.png, slide-ui-<kind>.png) to be looked at.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';

const s = suite('export-slides');
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIN_PX = 18;
const KINDS = ['report', 'structure', 'flame', 'stats', 'waits', 'devices', 'why', 'sweep'];
const SCRIPT = `LAB DEVICE cell1 TYPE exadata_cell;
create tablespace cell_ts datafile '+CELL1' size 1g;
create table t (id number primary key, n number, pad varchar2(100)) tablespace cell_ts;
insert into t select rownum, mod(rownum, 10), rpad('x', 100, 'x') from dual connect by level <= 2000;
commit;
alter system flush buffer_cache;
alter session set events '10053 trace name context forever, level 1';
select n, pad from t where id = 42;
alter session set events '10053 trace name context off';
LAB RUN 'select n from t where id = :1' BIND 1 TO 100 VIA jdbc_thin;
LAB SWEEP FETCHSIZE FROM 1 TO 100 FACTOR 10 RUN 'select n from t' VIA jdbc_thin;
LAB SWEEP VERSION IN (10g, 11.2.0.1, 19c) RUN 'select n from t where id = :1' BIND 1 TO 10;
`;
let app;

/** The slide drawn at 1920x1080 in a page of its own: its size, every text's size on it, and a PNG in artifacts/ when `png`. */
async function onSlide(svg, png) {
  const page = await app.context.newPage();
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg.replace(/^<\?xml[^>]*>\s*/, '')}</body></html>`);
    const r = await page.evaluate(() => {
      const root = document.querySelector('svg');
      const sizes = [];
      for (const t of root.querySelectorAll('text')) {
        if (!t.textContent.trim()) continue;
        const m = t.getScreenCTM();
        sizes.push([parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), t.textContent.trim().slice(0, 40)]);
      }
      // The picture's own marks: a sweep's curve and bars, a flame graph's frames (their union, in px of the slide).
      const union = (sel) => {
        const rs = [...root.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width || r.height);
        if (!rs.length) return null;
        return { w: Math.max(...rs.map((r) => r.right)) - Math.min(...rs.map((r) => r.left)), h: Math.max(...rs.map((r) => r.bottom)) - Math.min(...rs.map((r) => r.top)) };
      };
      const texts = [...root.querySelectorAll('svg svg text')].map((t) => t.textContent.trim()).filter((t) => /[a-z]{3}/i.test(t));
      return { w: root.getBoundingClientRect().width, h: root.getBoundingClientRect().height, sizes, texts,
        chart: union('g.point circle, g.panel rect, g.panel text, path[fill="none"]'), frames: union('rect[rx="2"]') };
    });
    if (png) await page.screenshot({ path: path.join(ARTIFACTS, png) });
    return r;
  } finally {
    await page.close();
  }
}

/**
 * The slide is 1920x1080, no text on it is under 18 px, and its picture fills it: a sweep's chart
 * (curve and counters) spans 80% of the slide's width, a flame graph's frames 70% of its height.
 */
async function checkSlide(svg, what, png) {
  const r = await onSlide(svg, png);
  if (/-sweep(-[a-z]+)?-slide\.svg/.test(what)) assert(r.chart && r.chart.w >= 0.8 * 1920, `${what}: the chart spans ${Math.round(r.chart?.w ?? 0)} px of 1920`);
  if (/-flame(-diff)?-slide\.svg/.test(what) && !r.texts.some((t) => /no cost stacks/.test(t))) assert(r.frames && r.frames.h >= 0.7 * 1080, `${what}: the frames span ${Math.round(r.frames?.h ?? 0)} px of 1080`);
  assertEq(`${Math.round(r.w)}x${Math.round(r.h)}`, '1920x1080', `${what}: the slide's size`);
  const small = r.sizes.filter(([px]) => px < MIN_PX - 0.05).map(([px, t]) => `${px.toFixed(1)}px '${t}'`);
  assertEq(small.slice(0, 8).join('; '), '', `${what}: text under ${MIN_PX} px (${small.length})`);
  assert(r.sizes.length >= 3, `${what}: text on the slide (title, picture, footer)`);
  return r;
}

const kindOf = (name) => /-(report|structure|flame-diff|flame|stats|waits|devices|why|sweep)(-[a-z]+)?-slide\.svg$/.exec(name)?.[1];

try {
  app = await launchApp({ width: 1440, height: 900 });
  const { page } = app;

  await s.test('lio report --slide: every kind\'s slide has its text at 18 px and over at 1920x1080', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lio-slides-'));
    try {
      const file = path.join(dir, 'kinds.sql');
      writeFileSync(file, SCRIPT);
      execFileSync(process.execPath, [path.join(ROOT, 'electron/cli.mjs'), 'report', '--out', path.join(dir, 'out'), '--slide', file], { stdio: 'pipe', timeout: 300_000 });
      const slides = readdirSync(path.join(dir, 'out')).filter((f) => f.endsWith('-slide.svg'));
      const seen = new Set();
      for (const f of slides) {
        const kind = `${kindOf(f)}${kindOf(f) === 'sweep' && /-version-in-/.test(f) ? '-releases' : ''}`;
        await checkSlide(readFileSync(path.join(dir, 'out', f), 'utf8'), f, seen.has(kind) ? null : `slide-cli-${kind}.png`);
        seen.add(kind);
      }
      assertEq([...seen].sort().join(' '), [...KINDS, 'sweep-releases'].sort().join(' '), 'every kind');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Export one picture from the menu as a slide (the checkbox on). */
  async function exportSlide(label) {
    await page.getByRole('button', { name: /^Export/ }).click();
    const box = page.getByRole('menuitemcheckbox', { name: /As 16:9 slides/ });
    if ((await box.getAttribute('aria-checked')) !== 'true') await box.click();
    const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('menuitem', { name: label }).click()]);
    const file = path.join(ARTIFACTS, `slide-ui-${d.suggestedFilename()}`);
    await d.saveAs(file);
    return { name: d.suggestedFilename(), svg: readFileSync(file, 'utf8') };
  }

  async function menuItems() {
    await page.getByRole('button', { name: /^Export/ }).click();
    const box = page.getByRole('menuitemcheckbox', { name: /As 16:9 slides/ });
    if ((await box.getAttribute('aria-checked')) !== 'true') await box.click();
    const items = (await page.getByRole('menuitem').allTextContents()).filter((t) => /slide SVG/.test(t));
    await page.keyboard.press('Escape');
    return items;
  }

  const uiSeen = new Set();
  /** Each exported slide's lines of words, by kind. */
  const shown = new Map();
  async function exportAll(what) {
    const items = await menuItems();
    assert(items.length >= 2, `${what}: slide items ${items.join(' | ')}`);
    for (const label of items) {
      const { name, svg } = await exportSlide(label);
      assert(/-slide\.svg$/.test(name), `${label}: ${name}`);
      const kind = `${what === 'compare' ? 'compare-' : ''}${kindOf(name)}${/ of A /.test(label) ? '-a' : / of B /.test(label) ? '-b' : ''}${what === 'releases' && kindOf(name) === 'sweep' ? '-releases' : ''}`;
      const r = await checkSlide(svg, `${what}: ${label} (${name})`, uiSeen.has(kind) ? null : `slide-ui-${kind}.png`);
      uiSeen.add(kind);
      shown.set(kind, r.texts);
    }
  }

  await s.test('the Export menu\'s slides, every kind of a step: text at 18 px and over', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'select n, pad from t' }).first().click();
    await exportAll('step');
    await page.locator('.steps tr', { hasText: 'LAB SWEEP' }).first().click();
    await exportAll('sweep');
    await page.locator('.steps tr', { hasText: 'SWEEP VERSION' }).first().click();
    await exportAll('releases');
    assert(uiSeen.has('sweep-releases'), `a release sweep's slide: ${[...uiSeen].join(', ')}`);
    for (const k of KINDS) assert(uiSeen.has(k), `${k} exported from the UI: ${[...uiSeen].join(', ')}`);
  });

  await s.test('the Compare view\'s slides (statistics, differential flame, both sides\' waits, A and B): text at 18 px and over', async () => {
    await page.locator('.steps tr', { hasText: 'LAB RUN' }).first().click();
    await page.getByRole('tab', { name: 'Compare' }).click();
    await page.getByRole('table', { name: 'Compared statistics' }).waitFor();
    // A: the traced query, B: the LAB RUN (the last two, the sweeps, have no cost stacks to draw).
    for (const [side, re] of [['A', /select n, pad from t/], ['B', /LAB RUN/]]) {
      const select = page.getByLabel(`Compare ${side}`);
      const label = (await select.locator('option').allTextContents()).find((t) => re.test(t));
      await select.selectOption({ label });
    }
    await exportAll('compare');
    for (const k of ['compare-structure-a', 'compare-structure-b', 'compare-stats', 'compare-report']) assert(uiSeen.has(k), `${k}: ${[...uiSeen].join(', ')}`);
    // The Report slide is A vs B at a glance, not the Statistics slide again (it repeated every line of it).
    const stats = shown.get('compare-stats'), report = shown.get('compare-report');
    const repeated = stats.filter((t) => report.includes(t));
    assert(repeated.length < 0.3 * stats.length, `the Report slide repeats ${repeated.length} of the Statistics slide's ${stats.length} lines: ${repeated.slice(0, 6).join(' | ')}`);
    assert(report.some((t) => t === 'consistent gets') && report.some((t) => /^elapsed/.test(t)), `the Report slide's headline: ${report.slice(0, 12).join(' | ')}`);
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - export-slides setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
