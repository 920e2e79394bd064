// The Compare view's plan diff (issue 35): plans aligned as a unified diff
// aligns lines, hand-checked on the two plans the nested-loop demo compares
// (a unique probe against a range scan of a non-unique index).
import { describe, expect, it } from 'vitest';
import { planDiff, plansDiffer } from '../../renderer/src/model/plandiff';
import type { PlanLine } from '../../renderer/src/model/types';

const line = (id: number, depth: number, operation: string, name: string | null, a_rows = 1, buffers = 0): PlanLine =>
  ({ id, parent: null, depth, operation, name, starts: 1, e_rows: 1, a_rows, buffers, cost: 1 });

describe('plan diff', () => {
  const a = [line(0, 0, 'SELECT STATEMENT', null), line(1, 1, 'SORT AGGREGATE', null), line(2, 2, 'NESTED LOOPS', null, 100000, 310012),
    line(3, 3, 'TABLE ACCESS FULL', 'T2', 100000, 10000), line(4, 3, 'TABLE ACCESS BY INDEX ROWID', 'T1', 100000, 300012), line(5, 4, 'INDEX UNIQUE SCAN', 'T1_PK', 100000, 200000)];
  const b = [line(0, 0, 'SELECT STATEMENT', null), line(1, 1, 'SORT AGGREGATE', null), line(2, 2, 'NESTED LOOPS', null, 100000, 311108),
    line(3, 3, 'TABLE ACCESS FULL', 'T1', 100000, 10000), line(4, 3, 'TABLE ACCESS BY INDEX ROWID', 'T2', 100000, 301108), line(5, 4, 'INDEX RANGE SCAN', 'T2_I', 100000, 201100)];
  it('keeps the common lines as one row and marks the rest, A before B', () => {
    const rows = planDiff(a, b);
    const shown = rows.map((r) => `${r.same ? ' ' : r.a ? '-' : '+'}${(r.a ?? r.b)!.operation} ${(r.a ?? r.b)!.name ?? ''}`.trim());
    expect(shown).toEqual([
      'SELECT STATEMENT', 'SORT AGGREGATE', 'NESTED LOOPS',
      '-TABLE ACCESS FULL T2', '+TABLE ACCESS FULL T1',
      '-TABLE ACCESS BY INDEX ROWID T1', '+TABLE ACCESS BY INDEX ROWID T2',
      '-INDEX UNIQUE SCAN T1_PK', '+INDEX RANGE SCAN T2_I',
    ]);
    expect(rows[2].a!.buffers).toBe(310012);
    expect(rows[2].b!.buffers).toBe(311108);
    expect(plansDiffer(rows)).toBe(true);
  });
  it('the same plan is all common rows', () => {
    const rows = planDiff(a, a);
    expect(rows.every((r) => r.same && r.a === r.b)).toBe(true);
    expect(plansDiffer(rows)).toBe(false);
  });
  it('a line added in the middle is one + row', () => {
    const withFilter = [...a.slice(0, 2), line(9, 2, 'FILTER', null), ...a.slice(2)];
    const rows = planDiff(a, withFilter);
    expect(rows.filter((r) => !r.same).map((r) => [r.a, r.b?.operation])).toEqual([[null, 'FILTER']]);
    expect(planDiff([], a).every((r) => !r.same && r.a === null)).toBe(true);
  });
});
