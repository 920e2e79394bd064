// Playback cursor over a trace: pure state, no timers. A view calls tick(dt)
// from the one requestAnimationFrame scheduler and applies events [from, to).

export interface PlaybackState {
  /** Number of events applied: 0 = nothing shown, length = all shown. */
  pos: number;
  length: number;
  playing: boolean;
  /** Events per second. */
  rate: number;
  /** Fractional events carried between frames. */
  carry: number;
}

export const RATES = [1, 2, 5, 20, 100, 1_000, 10_000, 100_000, 1_000_000] as const;

/** A rate that plays the whole trace in about `seconds` (at least 1 ev/s, slow for short traces). */
export function defaultRate(length: number, seconds = 8): number {
  if (length <= 12) return 2;
  const want = length / seconds;
  let best: number = RATES[0];
  for (const r of RATES) if (r <= want) best = r;
  return best;
}

export function initialPlayback(length: number): PlaybackState {
  return { pos: 0, length, playing: false, rate: defaultRate(length), carry: 0 };
}

export function tick(s: PlaybackState, dtMs: number): PlaybackState {
  if (!s.playing || s.pos >= s.length) return s.playing && s.pos >= s.length ? { ...s, playing: false } : s;
  const exact = s.carry + (s.rate * Math.min(dtMs, 250)) / 1000;
  const whole = Math.floor(exact);
  const pos = Math.min(s.length, s.pos + whole);
  return { ...s, pos, carry: exact - whole, playing: pos < s.length };
}

export function play(s: PlaybackState): PlaybackState {
  // Playing from the end restarts.
  return { ...s, playing: true, carry: s.rate <= 5 ? 1 : 0, pos: s.pos >= s.length ? 0 : s.pos };
}
export function pause(s: PlaybackState): PlaybackState { return { ...s, playing: false, carry: 0 }; }
export function seek(s: PlaybackState, pos: number): PlaybackState {
  return { ...s, pos: Math.max(0, Math.min(s.length, Math.round(pos))), carry: 0 };
}
export function stepForward(s: PlaybackState, n = 1): PlaybackState { return seek(pause(s), s.pos + n); }
export function stepBack(s: PlaybackState, n = 1): PlaybackState { return seek(pause(s), s.pos - n); }
export function setRate(s: PlaybackState, rate: number): PlaybackState { return { ...s, rate: Math.max(0.1, rate) }; }

/** What changed between two positions: forward deltas are applied, backward ones need a rebuild. */
export function delta(prev: number, next: number): { rebuild: boolean; from: number; to: number } {
  if (next >= prev) return { rebuild: false, from: prev, to: next };
  return { rebuild: true, from: 0, to: next };
}
