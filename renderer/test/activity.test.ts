import { describe, expect, it } from 'vitest';
import { activityBuckets, activityDetail, classColor, intervalText, planActivity, topEvents, topPlanLines } from '../src/model/activity';
import type { AshSample } from '../src/model/types';

function s(sample_id: number, sid: number, event: string | null, wait_class: string, plan_line: number | null = null, operation: string | null = null): AshSample {
  return { sample_id, t_us: sample_id * 1000, sid, state: event ? 'WAITING' : 'ON CPU', event, wait_class, sql_id: plan_line == null ? null : 'abcd1234efgh5',
    plan_line, operation, object: null, time_waited_us: event ? 1000 : 0 };
}

// Two sessions over four instants (1 ms apart): SID 10 on CPU at all four on
// line 2; SID 11 waiting for a read at instants 1 and 2 (line 3), on CPU at 3.
const samples: AshSample[] = [
  s(1, 10, null, 'CPU', 2, 'TABLE ACCESS BY INDEX ROWID'),
  s(1, 11, 'db file sequential read', 'User I/O', 3, 'INDEX RANGE SCAN'),
  s(2, 10, null, 'CPU', 2, 'TABLE ACCESS BY INDEX ROWID'),
  s(2, 11, 'db file sequential read', 'User I/O', 3, 'INDEX RANGE SCAN'),
  s(3, 10, null, 'CPU', 2, 'TABLE ACCESS BY INDEX ROWID'),
  s(3, 11, null, 'CPU'),
  s(4, 10, null, 'CPU', 2, 'TABLE ACCESS BY INDEX ROWID'),
];

describe('activity from ASH samples', () => {
  it('stacks average active sessions per wait class in buckets of whole instants', () => {
    const one = activityBuckets(samples, 1000, 10);
    expect(one.map((b) => b.aas)).toEqual([{ CPU: 1, 'User I/O': 1 }, { CPU: 1, 'User I/O': 1 }, { CPU: 2 }, { CPU: 1 }]);
    expect(one[3]).toMatchObject({ from: 3000, to: 4000 });
    // Two instants a bucket: 2 + 2 samples over 2 instants, and 3 over 2.
    const two = activityBuckets(samples, 1000, 2);
    expect(two.map((b) => b.aas)).toEqual([{ CPU: 1, 'User I/O': 1 }, { CPU: 1.5 }]);
    expect(activityBuckets([], 1000, 10)).toEqual([]);
  });
  it('ranks events as ashtop does, ON CPU for samples that wait for nothing', () => {
    expect(topEvents(samples).map((r) => [r.key, r.waitClass, r.samples, Math.round(r.pct)])).toEqual([
      ['ON CPU', 'CPU', 5, 71],
      ['db file sequential read', 'User I/O', 2, 29],
    ]);
  });
  it('gives each plan line its Activity (%) of the samples that name a line', () => {
    const rows = topPlanLines(samples);
    expect(rows.map((r) => [r.line, r.operation, r.samples, r.pct.toFixed(2)])).toEqual([
      [2, 'TABLE ACCESS BY INDEX ROWID', 4, '66.67'],
      [3, 'INDEX RANGE SCAN', 2, '33.33'],
    ]);
    expect(rows[1].byEvent).toEqual({ 'db file sequential read': 2 });
  });
  it('names the interval and colours the classes as Enterprise Manager does', () => {
    expect(intervalText(1e6)).toBe('1 s');
    expect(intervalText(1000)).toBe('1 ms');
    expect(intervalText(100)).toBe('100 µs');
    expect(classColor('CPU')).toBe('#00cc00');
    expect(classColor('User I/O')).toBe('#004ae7');
  });
  it("gives a step's plan lines SQL Monitor's Activity (%) of the statement's samples", () => {
    const plan = [
      { id: 0, operation: 'SELECT STATEMENT' },
      { id: 1, operation: 'NESTED LOOPS' },
      { id: 2, operation: 'TABLE ACCESS BY INDEX ROWID' },
      { id: 3, operation: 'INDEX RANGE SCAN' },
    ];
    // Six of the seven samples name the statement; one (SID 11 at 3) names no SQL.
    const lines = planActivity(samples, plan);
    expect(lines && [...lines.entries()].map(([id, r]) => [id, r.samples, r.pct.toFixed(2), activityDetail(r)])).toEqual([
      [2, 4, '66.67', 'Cpu (4)'],
      [3, 2, '33.33', 'db file sequential read (2)'],
    ]);
    // A plan whose lines no sample names: no activity.
    expect(planActivity(samples, [{ id: 2, operation: 'HASH JOIN' }])).toBeNull();
  });
});
