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
import { CATALOG, REPORT_STEP as STEP, T1_LOOKUP } from './fixtures';

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
  it('the flame slide is the graph alone, its 11 px frame labels at 18 px and over, each frame\'s time printed', () => {
    const slide = buildSlide('flame', inp, 'Flame', 'f');
    expect(drawn(slide.svg).scale * 11).toBeGreaterThanOrEqual(18);
    expect(slide.svg).not.toContain('Functions by total time');
    expect(slide.svg).toMatch(/>[\w$#]+ [\d.,]+ (µs|ms|s) · [\d.]+%</);
  });
  it('Compare\'s differential flame graph is laid out for the slide too: its 11 px labels at 18 px and over, its key under it', () => {
    const diff = { ...inp, diff: { a: STEP.folded, b: STEP.folded, labelA: 'A', labelB: 'B' } };
    const slide = buildSlide('flame', diff, 'Flame', 'f');
    expect(slide.svg).not.toBe(slideSvg(buildReport('flame', diff).svg, 'Flame', 'f'));
    expect(drawn(slide.svg).scale * 11).toBeGreaterThanOrEqual(18);
    expect(slide.svg).toContain('grew (B &gt; A)');
  });
  it('other kinds (here the sweep curve) are the page picture scaled, as before', () => {
    const sweep = { ...inp, step: { ...STEP, sweep: { parameter: 'FETCHSIZE', scale: 'linear', points: [] } } } as unknown as typeof inp;
    expect(buildSlide('sweep', sweep, 'Sweep', 'f').svg).toBe(slideSvg(buildReport('sweep', sweep).svg, 'Sweep', 'f'));
  });
  it('the scale is the box over the picture', () => {
    expect(slideScale(1800, 890)).toBeCloseTo(1, 5);
    expect(slideScale(900, 200)).toBeCloseTo(2, 5);
  });
});
