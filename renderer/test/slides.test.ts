// Slides laid out for 16:9 (issue 35, "Exports are not slide-ready"): the
// one-page report was a portrait page shrunk into the slide (its 12 px text
// drawn at about 4 px), the statistics one long column in the middle 40% of
// the slide at about 12 px. Now the report is two columns and the
// statistics flow into columns, so the slide draws them larger than on the
// page, and a slide is as wide as its box.
import { describe, expect, it } from 'vitest';
import { buildSlide, slideScale } from '../src/reports/slides';
import { buildReport } from '../src/reports/report';
import { slideSvg } from '../src/reports/slide';
import { runstatsRows } from '../src/model/stats';
import { CATALOG, FOLDED_T4, REPORT_STEP as STEP, T1_LOOKUP } from './fixtures';

/** The type sizes inside the slide's picture (the nested <svg>; the slide's own title and footer are 32 to 44 and 24 px). */
function fontSizes(slide: string): number[] {
  const inner = slide.slice(slide.indexOf('preserveAspectRatio'), slide.lastIndexOf('</svg>', slide.lastIndexOf('</svg>') - 1));
  const k = [...inner.matchAll(/scale\(([\d.]+)\)[^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]) * Number(m[2]));
  return [...[...inner.matchAll(/<text[^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1])), ...k];
}

/** The scale the slide draws its picture at, and the share of the slide's width the picture takes. */
function drawn(slide: string): { scale: number; share: number } {
  const m = /<svg x="[\d.]+" y="[\d.]+" preserveAspectRatio="xMidYMid meet"[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"[^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(slide);
  expect(m, 'the nested picture').toBeTruthy();
  const [w, , vw] = [Number(m![1]), Number(m![2]), Number(m![3])];
  return { scale: w / vw, share: w / 1920 };
}

describe('slides laid out for 16:9', () => {
  const inp = { step: STEP, catalog: CATALOG, trace: T1_LOOKUP };
  it('the report slide draws the page\'s 12 px text at 14 px or more, across the slide', () => {
    const after = drawn(buildSlide('report', inp, 'Report', 'f').svg);
    expect(after.scale * 12).toBeGreaterThanOrEqual(14);
    expect(after.share).toBeGreaterThan(0.8);
  });
  it('the statistics slide flows into columns and draws its text at 16 px or more across the slide', () => {
    const slide = buildSlide('stats', inp, 'Statistics', 'f');
    const d = drawn(slide.svg);
    expect(d.scale * 12).toBeGreaterThanOrEqual(16);
    expect(d.share).toBeGreaterThan(0.75);
    expect(slide.name).toMatch(/-stats-slide\.svg$/);
    // Every statistic is still there.
    for (const name of Object.keys(STEP.stats).filter((k) => STEP.stats[k])) expect(slide.svg).toContain(name);
  });
  it('the report slide is what a slide can say at 24 px: its smallest (11 px) type drawn at 24 px and over', () => {
    const slide = buildSlide('report', inp, 'Report', 'f');
    expect(drawn(slide.svg).scale * 11).toBeGreaterThanOrEqual(24);
    // The smallest type on it is 11 px (the plan's headings), the slide's footer 24.
    const sizes = [...slide.svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
    // Autotrace's classic statistics, in SQL*Plus's order, and the plan.
    for (const name of ['recursive calls', 'db block gets', 'consistent gets', 'physical reads', 'redo size', 'rows processed']) expect(slide.svg).toContain(name);
    expect(slide.svg.indexOf('recursive calls')).toBeLessThan(slide.svg.indexOf('rows processed'));
    for (const p of STEP.plan) expect(slide.svg).toContain(p.operation);
  });
  it('the structure slide lays its pictures side by side and draws them larger than the page', () => {
    const slide = buildSlide('structure', inp, 'Structures', 'f');
    const page = drawn(slideSvg(buildReport('structure', inp).svg, 'Structures', 'f'));
    const d = drawn(slide.svg);
    expect(d.scale).toBeGreaterThanOrEqual(page.scale);
    expect(d.share).toBeGreaterThan(0.6);
    expect(slide.name).toMatch(/-structure-slide\.svg$/);
  });
  it('the flame slide is the graph alone across the slide, its frames filling 70% of its height, each frame\'s name and time at 18 px and over', () => {
    const slide = buildSlide('flame', inp, 'Flame', 'f');
    const d = drawn(slide.svg);
    // The frames (rx="2") from the first row's top to the last row's bottom: 7 rows of 18 px at 1.8x were 21% of the slide's height.
    const frames = [...slide.svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="2"/g)].map((m) => m.slice(1).map(Number));
    const top = Math.min(...frames.map((f) => f[1])), bottom = Math.max(...frames.map((f) => f[1] + f[3]));
    expect(((bottom - top) * d.scale) / 1080).toBeGreaterThanOrEqual(0.7);
    expect(((Math.max(...frames.map((f) => f[0] + f[2])) - Math.min(...frames.map((f) => f[0]))) * d.scale) / 1920).toBeGreaterThanOrEqual(0.9);
    expect(slide.svg).not.toContain('Functions by total time');
    // A frame's name, and under it its time and share.
    expect(slide.svg).toMatch(/>opitsk<\/text><text [^>]*>74 µs · 100.0%</);
    for (const px of fontSizes(slide.svg)) expect(px * d.scale).toBeGreaterThanOrEqual(18);
  });
  it('Compare\'s differential flame graph is laid out for the slide too: its labels at 18 px and over, its key under it', () => {
    const diff = { ...inp, diff: { a: STEP.folded, b: STEP.folded, labelA: 'A', labelB: 'B' } };
    const slide = buildSlide('flame', diff, 'Flame', 'f');
    expect(slide.svg).not.toBe(slideSvg(buildReport('flame', diff).svg, 'Flame', 'f'));
    const d = drawn(slide.svg);
    expect(d.share).toBeGreaterThan(0.9);
    expect(slide.svg).toContain('grew (B &gt; A)');
  });
  it('a sweep slide is laid out for the slide: a release sweep\'s curve and counters across 80% of its width, every label at 18 px and over', () => {
    const rel = { parameter: 'VERSION', scale: 'releases', varies: 'release', points: ['10g', '11.2.0.1', '19c'].map((label, i) => ({
      value: i, label, executions: 100, runs: 1, elapsed_us: 900 - i * 100, trimmed_mean_us: 900 - i * 100,
      stats: { 'consistent gets': 300, 'redo size': 100 + i, ...(i < 2 ? { 'consistent gets - examination': 300 } : { 'consistent gets examination': 300 }) } })) };
    for (const sweep of [rel, { parameter: 'FETCHSIZE', scale: 'log', points: [1, 10, 100].map((value, i) => ({ ...rel.points[i], value, label: undefined })) }]) {
      const slide = buildSlide('sweep', { ...inp, step: { ...STEP, sweep } as typeof STEP }, 'Sweep', 'f');
      const d = drawn(slide.svg);
      // The release sweep's page picture (its curve over its small multiples) took 45% of the width, its labels at 12 px.
      expect(d.share).toBeGreaterThan(0.9);
      for (const px of fontSizes(slide.svg)) expect(px * d.scale).toBeGreaterThanOrEqual(18);
      // The curve's points and (a release sweep) the bars of the statistics that move, spread across the slide.
      const xs = [...slide.svg.matchAll(/<circle cx="([\d.]+)"/g)].map((m) => Number(m[1]));
      expect(xs).toHaveLength(3);
      if (sweep === rel) {
        expect(slide.svg).toContain('data-stat="consistent gets examination"');
        expect(slide.svg).toContain('(the 3 that move)');
        const bars = [...slide.svg.matchAll(/<g class="panel"[^>]*translate\(([\d.]+) /g)].map((m) => Number(m[1]));
        expect(bars.length).toBe(3);
      } else expect((Math.max(...xs) - Math.min(...xs)) * d.scale / 1920).toBeGreaterThan(0.75);
    }
  });
  it('Compare\'s Report slide is A vs B at a glance, not its Statistics slide again: both named, the headline figures large, autotrace\'s statistics', () => {
    const b = { ...STEP, stats: { ...STEP.stats, 'consistent gets': 1, 'session logical reads': 1 } };
    const compare = { rows: runstatsRows(STEP, b), labelA: 'select from t1', labelB: 'select from t4', elapsed: [121, 80] as [number, number] };
    const cin = { ...inp, compare, diff: { a: STEP.folded, b: FOLDED_T4, labelA: 'A', labelB: 'B' } };
    const report = buildSlide('report', cin, 'Report', 'f').svg, stats = buildSlide('stats', cin, 'Statistics', 'f').svg;
    // The Statistics slide's lines of words (its title, headings, names) that the Report slide repeats: it was every one of them.
    const words = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).filter((t) => /[a-z]{3}/i.test(t) && !['Report', 'Statistics', 'f'].includes(t));
    const repeated = words(stats).filter((t) => words(report).includes(t));
    expect(repeated.length / words(stats).length).toBeLessThan(0.3);
    for (const t of ['select from t1', 'select from t4', 'elapsed (simulated)', '121 µs', '80 µs', '-66.7%', 'Differential flame graph']) expect(report).toContain(t);
    const d = drawn(report);
    expect(d.share).toBeGreaterThan(0.9);
    for (const px of fontSizes(report)) expect(px * d.scale).toBeGreaterThanOrEqual(18);
  });
  it('the scale is the box over the picture', () => {
    expect(slideScale(1800, 890)).toBeCloseTo(1, 5);
    expect(slideScale(900, 200)).toBeCloseTo(2, 5);
  });
});
