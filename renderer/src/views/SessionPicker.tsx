// Which sessions a SESSIONS step's playback plays: all of them (the trace's
// `sid` column says whose each event is) or one session's events.
import { useMemo, useState } from 'react';
import type { Trace } from '../model/types';
import { traceOfSession, traceSids } from '../model/sessionTrace';

interface Picker {
  sids: number[];
  /** The session played alone; null: all. */
  shown: number | null;
  /** The other sessions were cut by the step's trace budget. */
  cut: boolean;
  onPick(sid: number | null): void;
  /** What the playback plays, for the session timeline (undefined: a trace of one session). */
  traced: number | 'all' | undefined;
}

/** The trace to play (all sessions, or the one picked) and the picker's state. */
export function useSessionTrace(loaded: Trace | null): { trace: Trace | null; picker: Picker } {
  const [picked, setPicked] = useState<number | null>(null);
  const sids = useMemo(() => traceSids(loaded), [loaded]);
  // A pick that the trace loaded now does not hold plays all of it.
  const shown = picked !== null && sids.includes(picked) ? picked : null;
  const trace = useMemo(() => (loaded && shown !== null ? traceOfSession(loaded, shown) : loaded), [loaded, shown]);
  const traced = sids.length > 1 ? shown ?? 'all' : undefined;
  return { trace, picker: { sids, shown, cut: loaded?.window_us !== undefined, onPick: setPicked, traced } };
}

/** The session selector (nothing for a trace of one session). */
export function SessionPicker({ sids, shown, cut, onPick }: Picker) {
  if (sids.length < 2) return null;
  return (
    <label style={{ display: 'flex', alignItems: 'center', gap: 4 }}
      title={cut ? "Play every session's events, or one session's (the others' events are kept up to a time: the step's trace budget)" : "Play every session's events, or one session's"}>
      Session <select className="input" aria-label="Session" value={shown ?? 'all'} onChange={(e) => onPick(e.target.value === 'all' ? null : Number(e.target.value))}>
        <option value="all">all {sids.length}{cut ? ' (others cut)' : ''}</option>
        {sids.map((sid) => <option key={sid} value={sid}>SID {sid}</option>)}
      </select>
    </label>
  );
}
