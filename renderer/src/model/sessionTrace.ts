// The events of one session of a `LAB RUN ... SESSIONS n` step's trace (the
// `sid` column says whose each event is). The result is a trace like any
// other: the views play it unchanged.
import { TRACE_ARRAYS } from '../engine/contract.gen';
import type { Trace } from './types';

/** The sessions a trace holds (SIDs, the step's session first); one or none for a step of one session. */
export function traceSids(t: Trace | null): number[] {
  return t?.sessions?.map((s) => s.sid) ?? [];
}

/** Only session `sid`'s events of `t` (`t` itself when it holds no other session's). */
export function traceOfSession(t: Trace, sid: number): Trace {
  const sessions = t.sessions;
  if (!sessions || sessions.length < 2 || !t.sid) return t;
  const keep: number[] = [];
  for (let i = 0; i < t.length; i++) if (t.sid[i] === sid) keep.push(i);
  const me = sessions.find((s) => s.sid === sid);
  const out = {
    ...t,
    length: keep.length,
    // The engine's per-block totals count every session: not this one's.
    heat: undefined,
    truncated: me?.truncated ?? false,
    sessions: me ? [me] : [],
  } as Trace;
  const cols = out as unknown as Record<string, ArrayLike<number>>;
  for (const k of TRACE_ARRAYS) {
    const src = (t as unknown as Record<string, ArrayLike<number> & { constructor: new (n: number) => { [i: number]: number } & ArrayLike<number> }>)[k];
    const dst = new src.constructor(keep.length);
    for (let j = 0; j < keep.length; j++) dst[j] = src[keep[j]];
    cols[k] = dst;
  }
  return out;
}

/** The SID of the event before position `pos` of the playback (undefined before the first). */
export function sidAt(t: Trace | null, pos: number): number | undefined {
  if (!t || pos <= 0 || pos > t.length || !t.sid) return undefined;
  return t.sid[pos - 1];
}
