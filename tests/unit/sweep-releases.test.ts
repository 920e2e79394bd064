// A release sweep (LAB SWEEP VERSION IN (...), issue 35's evolution table)
// as the UI and the export draw it: the curve's axis names the releases,
// and a small chart a statistic that moves, a bar a release, a dash where a
// release does not count it.
import { describe, expect, it } from 'vitest';
import { movingStats } from '../../renderer/src/model/sweep';
import { evolutionFragment, sweepSvg } from '../../renderer/src/reports/sweep';
import type { SweepResult } from '../../renderer/src/model/types';

const point = (value: number, label: string, stats: Record<string, number>) => ({ value, label, executions: 100, runs: 1, elapsed_us: 12_300, stats });
const sweep: SweepResult = {
  parameter: 'VERSION', scale: 'releases', varies: 'release',
  points: [
    point(1, '10g', { 'consistent gets': 300, 'consistent gets - examination': 300, 'buffer is not pinned count': 200 }),
    point(2, '11.2.0.1', { 'consistent gets': 300, 'consistent gets - examination': 300, 'buffer is not pinned count': 200 }),
    point(3, '19c', { 'consistent gets': 300, 'consistent gets examination': 300, 'buffer is not pinned count': 300 }),
  ],
};

describe('a release sweep', () => {
  it('lists the statistics that move, in name order, as the engine\'s table does', () => {
    expect(movingStats(sweep)).toEqual(['buffer is not pinned count', 'consistent gets - examination', 'consistent gets examination']);
  });

  it('draws a panel a moving statistic with a bar a release, and a dash where a release does not count it', () => {
    const f = evolutionFragment(sweep, { width: 760 });
    expect([...f.body.matchAll(/data-stat="([^"]+)"/g)].map((m) => m[1])).toEqual(movingStats(sweep));
    const panel = f.body.split('<g class="panel"')[3];
    expect(panel).toContain('consistent gets examination');
    expect((panel.match(/<rect /g) ?? []).length).toBe(1);
    expect(panel).toContain('>–</text>');
    // Three panels a row at 760 px: one row.
    expect(f.height).toBe(30 + 162);
  });

  it('names the releases on the curve\'s axis and adds the small multiples to the exported picture', () => {
    const svg = sweepSvg(sweep, 'cg', 'LIO Lab · sweep');
    for (const r of ['10g', '11.2.0.1', '19c']) expect(svg).toContain(`>${r}</text>`);
    expect(svg).toContain('How the counters move from release to release (3 of the workload');
  });
});
