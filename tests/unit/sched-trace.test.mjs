// Issue 30: a LAB RUN ... SESSIONS n step's trace holds every session's
// events with a `sid` column. The structure view plays all of them or one
// session's (renderer/src/model/sessionTrace.ts); the session timeline
// marks the lane of the event at the playhead.
import { describe, expect, it } from 'vitest';
import { sidAt, traceOfSession, traceSids } from '../../renderer/src/model/sessionTrace';
import { TRACE_ARRAYS } from '../../renderer/src/engine/contract.gen';
import { makeTrace } from '../../renderer/test/fixtures';

/** Two sessions' events interleaved in time: SID 7 (the step's) and SID 12. */
function twoSessions() {
  const t = makeTrace([
    { kind: 0, get: 0, seg: 1, block: 1, exec: 0 },
    { kind: 0, get: 1, seg: 1, block: 2, exec: 0 },
    { kind: 0, get: 0, seg: 0, block: 3, exec: 0 },
    { kind: 0, get: 1, seg: 0, block: 4, exec: 1 },
    { kind: 0, get: 0, seg: 1, block: 5, exec: 1 },
  ], { sessions: [{ sid: 7, events: 3, truncated: false }, { sid: 12, events: 2, truncated: true }], window_us: 9, heat: [{ segment: 1, block: 1, visits: 3 }], truncated: true });
  t.sid.set([7, 12, 7, 12, 7]);
  return t;
}

describe('a trace of several sessions', () => {
  it('is a column of the contract', () => {
    expect(TRACE_ARRAYS).toContain('sid');
  });

  it('lists its sessions, the step\'s first', () => {
    expect(traceSids(twoSessions())).toEqual([7, 12]);
    expect(traceSids(makeTrace([{ kind: 0, get: 0, seg: 1, block: 1 }]))).toEqual([]);
    expect(traceSids(null)).toEqual([]);
  });

  it('filters to one session\'s events, every column', () => {
    const t = twoSessions();
    const a = traceOfSession(t, 7);
    expect(a.length).toBe(3);
    expect(Array.from(a.block)).toEqual([1, 3, 5]);
    expect(Array.from(a.t_us)).toEqual([0, 3, 6]);
    expect(Array.from(a.exec)).toEqual([0, 0, 1]);
    expect(Array.from(a.sid)).toEqual([7, 7, 7]);
    for (const k of TRACE_ARRAYS) expect(a[k].length).toBe(3);
    expect(a.block).toBeInstanceOf(Uint32Array);
    expect(a.t_us).toBeInstanceOf(Float64Array);
    // The engine's heat counts every session: a filtered trace has none, and is cut only if its session was.
    expect(a.heat).toBeUndefined();
    expect(a.truncated).toBe(false);
    const b = traceOfSession(t, 12);
    expect(Array.from(b.block)).toEqual([2, 4]);
    expect(b.truncated).toBe(true);
    expect(b.sessions).toEqual([{ sid: 12, events: 2, truncated: true }]);
    // The trace itself is untouched.
    expect(t.length).toBe(5);
    expect(Array.from(t.block)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is itself for a trace of one session', () => {
    const one = makeTrace([{ kind: 0, get: 0, seg: 1, block: 1 }]);
    expect(traceOfSession(one, 0)).toBe(one);
  });

  it('says whose event is at the playhead', () => {
    const t = twoSessions();
    expect(sidAt(t, 0)).toBeUndefined();
    expect(sidAt(t, 2)).toBe(12);
    expect(sidAt(t, 5)).toBe(7);
    expect(sidAt(t, 6)).toBeUndefined();
    expect(sidAt(null, 1)).toBeUndefined();
  });
});
