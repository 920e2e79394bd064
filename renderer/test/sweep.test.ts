import { describe, expect, it } from 'vitest';
import { checkXml } from './xml';
import { sweepSvg } from '../src/reports/sweep';
import { buildReport } from '../src/reports/report';
import { curve, sweepMetric } from '../src/model/sweep';
import type { Step, SweepResult } from '../src/model/types';

const SWEEP: SweepResult = {
  parameter: 'HASHKEYS', scale: 'log', varies: 'ddl option',
  points: [10, 100, 1000, 10000].map((v, i) => ({
    value: v, executions: 1500, runs: 3, elapsed_us: 1000 * (4 - i), trimmed_mean_us: 300 * (4 - i),
    stats: { 'consistent gets': [37523, 11627, 1523, 1523][i], 'SQL*Net roundtrips to/from client': 3003 },
  })),
};

describe('LAB SWEEP curve', () => {
  it('draws one marker a point, at the measured figures, and parses', () => {
    const svg = sweepSvg(SWEEP, 'cg', 'LIO Lab · LAB SWEEP HASHKEYS');
    expect(checkXml(svg).ok).toBe(true);
    const marks = [...svg.matchAll(/<g class="point" data-x="([\d.]+)" data-y="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(marks).toEqual(curve(SWEEP, sweepMetric('cg')).map((p) => [p.x, p.y]));
    expect(marks[0]).toEqual([10, 37523 / 1500]);
    expect(svg).toContain('HASHKEYS (log scale)');
    expect(svg).toContain('consistent gets per execution vs HASHKEYS');
  });
  it('per-execution elapsed uses the trimmed mean of a run over its executions', () => {
    expect(curve(SWEEP, sweepMetric('el'))[0].y).toBe(1200 / 500);
    expect(curve(SWEEP, sweepMetric('rt'))[0].y).toBe(1001);
  });
  it('a failed point is left out of the curve', () => {
    const s = { ...SWEEP, points: [...SWEEP.points, { ...SWEEP.points[0], value: 5, error: { code: 'LAB-00031', message: 'x', line: 1, column: 1 } }] };
    expect(curve(s, sweepMetric('cg'))).toHaveLength(4);
  });
  it('is an export kind, and the one-page report of a sweep step holds the curve', () => {
    const step = { index: 3, line: 9, column: 1, statement: 'LAB SWEEP HASHKEYS FROM 10 TO 10000 FACTOR 10 RUN ...', kind: 'lab', error: null,
      columns: [], rows: [], rows_processed: 0, output: [], autotrace: 'off', plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 0, folded: [], trace_events: 0, sweep: SWEEP } as Step;
    const r = buildReport('sweep', { step, catalog: null, sweepMetric: 'rt' });
    expect(r.name).toMatch(/^lio-lab-sweep-hashkeys-from-10-to-10000-[a-z0-9-]*-3-sweep-rt\.svg$/);
    expect(r.svg).toContain('SQL*Net roundtrips to/from client per run vs HASHKEYS');
    expect(buildReport('report', { step, catalog: null }).svg).toContain('class="point"');
    expect(() => buildReport('sweep', { step: { ...step, sweep: undefined }, catalog: null })).toThrow(/LAB SWEEP/);
  });
});
