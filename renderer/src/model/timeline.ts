// The session timeline's picture and legend, from the step's own ledger.
//
// Each lane is drawn as ASH would: per pixel column, every state gets the
// share of the column's height that it took of the column's time (stacked,
// CPU at the bottom). A column where a session ran 1 µs in 4 on CPU and
// queued the rest is a quarter green: summed over the picture, each state's
// area is its time, as the step's statistics count it. (Painting each column
// in the state that took most of it made 8 sessions on 2 CPUs look queued
// all the time while the step booked a quarter of DB time to CPU.)
//
// The legend names each state as the engine does: a state per wait event
// the sessions book (V$SESSION_EVENT's names; the cell and flash cache reads
// have their own states, session/workload.rs), with its time.
import { TIMELINE_STATE_NAMES, TimelineState } from '../engine/contract.gen';
import type { SessionFigures } from './types';

export const STATES = TIMELINE_STATE_NAMES.length;

/**
 * The events lane 4 held before the engine gave the cell and flash cache
 * reads their own states: a run saved then still has them there.
 */
const OLD_READ_LANE_EVENTS = [
  'db file sequential read', 'cell single block physical read', 'cell multiblock physical read',
  'cell smart table scan', 'db flash cache single block physical read',
];

/**
 * Per pixel column, the share of the column each state took: `out[col * STATES + s]`
 * in [0, 1], a column's shares adding up to at most 1 (the rest: the session had ended).
 */
export function columnShares(timeline: [number, number, number][], spanUs: number, width: number): Float32Array {
  const acc = new Float32Array(width * STATES);
  const k = width / Math.max(spanUs, 1e-9);
  for (const [a, b, s] of timeline) {
    if (s < 0 || s >= STATES || !(b > a)) continue;
    let x = Math.max(0, a * k);
    const end = Math.min(b * k, width);
    while (x < end) {
      const col = Math.floor(x);
      const next = Math.min(col + 1, end);
      acc[col * STATES + s] += next - x;
      x = next;
    }
  }
  return acc;
}

/** Time per state over all the sessions' lanes, µs. */
export function laneTotals(sessions: SessionFigures[]): number[] {
  const t = new Array<number>(STATES).fill(0);
  for (const s of sessions) for (const [a, b, st] of s.timeline) if (st >= 0 && st < STATES && b > a) t[st] += b - a;
  return t;
}

export interface LegendEntry {
  state: number;
  /** What the colour stands for: the state's wait event (CPU, the run queue). */
  label: string;
  /** Its time over all lanes, µs. */
  us: number;
}

/** The legend: every state that took time, as the engine names it. */
export function timelineLegend(sessions: SessionFigures[]): LegendEntry[] {
  const totals = laneTotals(sessions);
  const out: LegendEntry[] = [];
  for (let s = 0; s < STATES; s++) {
    if (!(totals[s] > 0)) continue;
    out.push({ state: s, label: TIMELINE_STATE_NAMES[s], us: totals[s] });
  }
  const read = out.find((e) => e.state === TimelineState.DB_FILE_SEQUENTIAL_READ);
  if (read && !out.some((e) => e.state > TimelineState.RDBMS_IPC_REPLY)) {
    // A run saved before the split: when lane 4 holds more than the
    // sessions' db file sequential read, it is named after the events it held.
    const waited = (name: string) => sessions.reduce((a, x) => a + (x.waits?.[name]?.time_us ?? 0), 0);
    const events = OLD_READ_LANE_EVENTS.filter((name) => waited(name) > 0);
    if (read.us > waited('db file sequential read') * (1 + 1e-6) + 1e-3 && events.length) read.label = events.join(' + ');
  }
  return out;
}
