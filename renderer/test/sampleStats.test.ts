// The statistics the seed does in R, against R's own published output
// (issue 35). R's documentation example of t.test on Student's sleep data
// (?t.test, ?sleep: datasets::sleep, Cushny and Peebles 1905), R 4.x:
//   t.test(extra ~ group, data = sleep)
//   Welch Two Sample t-test
//   t = -1.8608, df = 17.776, p-value = 0.07939
//   95 percent confidence interval: -3.3654832  0.2054832
//   sample estimates: mean in group 1 0.75, mean in group 2 2.33
// and the cars data (?cars, Ezekiel 1930): cor(cars$speed, cars$dist) =
// 0.8068949, coef(lm(dist ~ speed, cars)) = -17.579095 3.932409.
import { describe, expect, it } from 'vitest';
import { correlation, percentile, samplesCsv, studentCdf, welchTest } from '../src/model/sampleStats';

const G1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const G2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
const SPEED = [4, 4, 7, 7, 8, 9, 10, 10, 10, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 16, 16, 17, 17, 17, 18, 18, 18, 18, 19, 19, 19, 20, 20, 20, 20, 20, 22, 23, 24, 24, 24, 24, 25];
const DIST = [2, 10, 4, 22, 16, 10, 18, 26, 34, 17, 28, 14, 20, 24, 28, 26, 34, 34, 46, 26, 36, 60, 80, 20, 26, 54, 32, 40, 32, 40, 50, 42, 56, 76, 84, 36, 46, 68, 32, 48, 52, 56, 64, 66, 54, 70, 92, 93, 120, 85];

describe('statistics as R prints them', () => {
  it('Welch\'s t-test of the sleep data: t, df, p-value and the 95% interval as R\'s t.test', () => {
    const w = welchTest(G1, G2)!;
    expect(w.meanA).toBeCloseTo(0.75, 10);
    expect(w.meanB).toBeCloseTo(2.33, 10);
    expect(w.t).toBeCloseTo(-1.8608, 4);
    expect(w.df).toBeCloseTo(17.776, 3);
    expect(w.p).toBeCloseTo(0.07939, 5);
    expect(w.ci[0]).toBeCloseTo(-3.3654832, 6);
    expect(w.ci[1]).toBeCloseTo(0.2054832, 6);
  });
  it('Student\'s t distribution: the 97.5% point at 10 degrees of freedom is 2.228139 (qt(0.975, 10))', () => {
    expect(studentCdf(2.228139, 10)).toBeCloseTo(0.975, 6);
    expect(studentCdf(0, 3)).toBeCloseTo(0.5, 12);
  });
  it('no test on fewer than two samples a side, or none that vary', () => {
    expect(welchTest([1], [1, 2])).toBeNull();
    expect(welchTest([1, 1], [2, 2])).toBeNull();
  });
  it('percentiles as R\'s quantile (type 7)', () => {
    // quantile(sleep$extra[1:10], c(.5, .9)) = 0.35, 3.43; quantile(1:10, .95) = 9.55
    expect(percentile(G1, 0.5)).toBeCloseTo(0.35, 10);
    expect(percentile(G1, 0.9)).toBeCloseTo(3.43, 10);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBeCloseTo(9.55, 10);
  });
  it('the cars data: Pearson\'s r and the regression line as R\'s cor and lm', () => {
    const c = correlation(SPEED, DIST)!;
    expect(c.r).toBeCloseTo(0.8068949, 6);
    expect(c.intercept).toBeCloseTo(-17.579095, 5);
    expect(c.slope).toBeCloseTo(3.932409, 5);
  });
  it('CSV that read.csv and pandas read as they are: a header, one row a sample, quoted names, NA for no value', () => {
    expect(samplesCsv(['elapsed_us', 'consistent gets'], [{ side: 'A', rows: [[10.5, 3], [11, 3]] }, { side: 'B, "t4"', rows: [[NaN, 2]] }]))
      .toBe('side,sample,elapsed_us,consistent gets\nA,1,10.5,3\nA,2,11,3\n"B, ""t4""",1,NA,2\n');
  });
});

describe('Compare\'s Samples view', () => {
  // Each run a sample: the sleep data shifted by 2 (a time is not negative; the test's t, df and p do not move), 1,000 executions a run.
  const side = (xs: number[]) => xs.map((x, i) => ({ elapsed_us: (x + 2) * 1000, stats: { 'execute count': 1000, 'consistent gets': 3000 + 100 * i } }));
  const item = (key: string, xs: number[]) => ({ key, label: key, stats: {}, elapsed_us: 0, folded: [], samples: side(xs) });
  it('prints R\'s t.test figures for two LAB RUN steps\' runs, the percentiles, r and the regression line', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { CompareSamples } = await import('../src/views/CompareSamples');
    const html = renderToStaticMarkup(createElement(CompareSamples, { a: item('A', G1), b: item('B', G2) }));
    expect(html).toContain('t = -1.8608, df = 17.776, p-value = 0.07939');
    expect(html).toContain('not significant at the 5% level');
    expect(html).toMatch(/Pearson&#x27;s r = 0\.\d{4}/);
    expect(html).toContain('class="regression"');
    expect(html).toContain('Export samples (CSV)');
  });
  it('says what it needs when a side has fewer than two runs', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { CompareSamples } = await import('../src/views/CompareSamples');
    expect(renderToStaticMarkup(createElement(CompareSamples, { a: item('A', G1), b: { ...item('B', G2), samples: undefined } }))).toContain('Pick two LAB RUN steps of two runs or more each');
  });
  it('a LAB RUN step\'s runs are its samples in the Compare picker\'s items', async () => {
    const { comparables } = await import('../src/session');
    const step = { index: 3, line: 3, kind: 'lab', statement: 'LAB RUN x', stats: {}, latches: {}, waits: {}, elapsed_us: 9, folded: [], plan: [],
      runs: [{ run: 1, elapsed_us: 4, stats: { 'execute count': 2 }, waits: {}, folded: [] }, { run: 2, elapsed_us: 5, stats: { 'execute count': 2 }, waits: {}, folded: [] }] };
    const items = comparables([{ id: 1, label: 'Run 1', steps: [step] }] as never);
    expect(items[0].samples).toEqual([{ elapsed_us: 4, stats: { 'execute count': 2 } }, { elapsed_us: 5, stats: { 'execute count': 2 } }]);
  });
});
