// Issue 28: the session timeline must agree with the step's statistics.
// 8 sessions on 2 CPUs interleave executions of a few µs: a lane is on CPU a
// quarter of the time and queued the rest. Painting each pixel column in the
// state that took most of it showed "run queue" everywhere; each state's
// share of a column (renderer/src/model/timeline.ts) keeps its time. Each
// wait event the sessions book is its own state (cell single block physical
// read on a cell), not always "db file sequential read".
import { describe, expect, it } from 'vitest';
import { columnShares, laneTotals, STATES, timelineLegend } from '../../renderer/src/model/timeline';
import { TimelineState } from '../../renderer/src/engine/contract.gen';
import type { SessionFigures } from '../../renderer/src/model/types';

/** A lane that alternates 1 µs of CPU and 3 µs queued for `us` µs, as a 2-CPU, 8-session workload does. */
function interleaved(us: number, offset = 0): [number, number, number][] {
  const t: [number, number, number][] = [];
  for (let a = 0; a < us; a += 4) {
    const c = a + ((offset + a / 4) % 4);
    if (c > a) t.push([a, c, TimelineState.RUN_QUEUE]);
    t.push([c, c + 1, TimelineState.CPU]);
    if (c + 1 < a + 4) t.push([c + 1, a + 4, TimelineState.RUN_QUEUE]);
  }
  return t;
}

function session(sid: number, timeline: [number, number, number][], waits: SessionFigures['waits'] = {}): SessionFigures {
  return { sid, start_us: 0, executions: 1, stats: {}, waits, elapsed_us: timeline.at(-1)?.[1] ?? 0, timeline };
}

describe('session timeline', () => {
  it('a column split 1 µs CPU / 3 µs queued draws a quarter CPU, as the ledger counts it', () => {
    const span = 80_000, width = 600;
    const lanes = Array.from({ length: 8 }, (_, k) => session(k + 1, interleaved(span, k)));
    const totals = laneTotals(lanes);
    expect(totals[TimelineState.CPU] / (totals[TimelineState.CPU] + totals[TimelineState.RUN_QUEUE])).toBeCloseTo(0.25, 6);
    for (const s of lanes) {
      const shares = columnShares(s.timeline, span, width);
      let cpu = 0, queue = 0;
      for (let c = 0; c < width; c++) {
        cpu += shares[c * STATES + TimelineState.CPU];
        queue += shares[c * STATES + TimelineState.RUN_QUEUE];
        // Every column shows both, in proportion (not the majority state alone).
        expect(shares[c * STATES + TimelineState.CPU]).toBeGreaterThan(0.2);
        expect(shares[c * STATES + TimelineState.CPU]).toBeLessThan(0.3);
      }
      // Area drawn = time booked: pixels × µs per pixel.
      expect(cpu * (span / width)).toBeCloseTo(span / 4, 0);
      expect(queue * (span / width)).toBeCloseTo((span * 3) / 4, 0);
    }
  });

  it('the legend gives each state its lane time', () => {
    const lanes = [session(1, interleaved(4000)), session(2, interleaved(4000, 2))];
    const legend = timelineLegend(lanes);
    expect(legend.map((e) => [e.label, e.us])).toEqual([['CPU', 2000], ['CPU run queue', 6000]]);
  });

  it("a cell workload's reads are their own state, named as the sessions' waits name them", () => {
    const lane: [number, number, number][] = [[0, 10, TimelineState.CPU], [10, 410, TimelineState.CELL_SINGLE_BLOCK], [410, 420, TimelineState.CPU]];
    const cell = { 'cell single block physical read': { count: 1, time_us: 400 } };
    const legend = timelineLegend([session(1, lane, cell), session(2, lane, cell)]);
    expect(legend.map((e) => [e.label, e.us])).toEqual([['CPU', 40], ['cell single block physical read', 800]]);
    // Plain disk reads keep their name.
    const disk: [number, number, number][] = [[0, 10, TimelineState.CPU], [10, 410, TimelineState.DB_FILE_SEQUENTIAL_READ]];
    expect(timelineLegend([session(1, disk, { 'db file sequential read': { count: 1, time_us: 400 } })])[1].label).toBe('db file sequential read');
  });

  it('a run saved before the cell states names lane 4 after the events it held', () => {
    const lane: [number, number, number][] = [[0, 10, TimelineState.CPU], [10, 410, TimelineState.DB_FILE_SEQUENTIAL_READ]];
    const mixed = timelineLegend([session(1, lane, { 'db file sequential read': { count: 1, time_us: 100 }, 'db flash cache single block physical read': { count: 3, time_us: 300 } })]);
    expect(mixed[1].label).toBe('db file sequential read + db flash cache single block physical read');
  });
});
