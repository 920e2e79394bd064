// Session timeline of a `LAB RUN ... SESSIONS n` step: one lane per session,
// coloured by what it was doing (CPU, the CPU run queue, each wait event),
// like an ASH chart over simulated time. Each pixel column of a lane takes the
// state that filled most of it. A vertical line marks the trace playback's
// time (the trace is the first session's).
import { useEffect, useMemo, useRef, useState } from 'react';
import { TIMELINE_STATE_NAMES, TimelineState } from '../engine/contract.gen';
import type { Step } from '../model/types';
import { fmtNum, fmtUs } from '../model/stats';
import { palette } from './colors';

/** Lane colours by state, after Enterprise Manager's wait-class colours. */
export const STATE_COLORS: Record<number, string> = {
  [TimelineState.CPU]: '#2e9e44',
  [TimelineState.RUN_QUEUE]: '#a5d6a7',
  [TimelineState.LATCH_CBC]: '#b3261e',
  [TimelineState.BUFFER_BUSY]: '#e8710a',
  [TimelineState.DB_FILE_SEQUENTIAL_READ]: '#1a5fd0',
  [TimelineState.LOG_FILE_SYNC]: '#d4a017',
  [TimelineState.SQLNET_FROM_CLIENT]: '#d5d9df',
  [TimelineState.DIRECT_PATH_TEMP]: '#7b1fa2',
  [TimelineState.DB_FILE_SCATTERED_READ]: '#5b8ee6',
  [TimelineState.DIRECT_PATH_READ]: '#0b3d91',
  [TimelineState.FREE_BUFFER_WAITS]: '#c2185b',
  [TimelineState.ENQ_KO]: '#6d4c41',
  [TimelineState.RDBMS_IPC_REPLY]: '#f48fb1',
};

const LANE_H = 16;
const GAP = 3;
const LABEL_W = 64;
const STATES = TIMELINE_STATE_NAMES.length;

/** Per pixel column, the state that took most of it (-1: nothing). */
export function columns(timeline: [number, number, number][], spanUs: number, width: number): Int8Array {
  const acc = new Float64Array(width * STATES);
  const k = width / Math.max(spanUs, 1e-9);
  for (const [a, b, s] of timeline) {
    if (s < 0 || s >= STATES) continue;
    let x = a * k;
    const end = Math.min(b * k, width);
    while (x < end) {
      const col = Math.floor(x);
      const next = Math.min(col + 1, end);
      acc[col * STATES + s] += next - x;
      x = next;
    }
  }
  const out = new Int8Array(width).fill(-1);
  for (let c = 0; c < width; c++) {
    let best = -1, most = 0;
    for (let s = 0; s < STATES; s++) if (acc[c * STATES + s] > most) { most = acc[c * STATES + s]; best = s; }
    out[c] = best;
  }
  return out;
}

export function SessionTimeline({ step, atUs }: { step: Step; atUs?: number }) {
  const sessions = step.sessions ?? [];
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(600);
  const span = Math.max(1, ...sessions.map((s) => s.elapsed_us), ...sessions.flatMap((s) => s.timeline.slice(-1).map((t) => t[1])));
  const plotW = Math.max(50, width - LABEL_W - 8);

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);

  const cols = useMemo(() => sessions.map((s) => columns(s.timeline, span, plotW)), [sessions, span, plotW]);
  /** Time per state over all sessions, for the legend. */
  const totals = useMemo(() => {
    const t = new Array<number>(STATES).fill(0);
    for (const s of sessions) for (const [a, b, st] of s.timeline) t[st] += b - a;
    return t;
  }, [sessions]);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    const h = sessions.length * (LANE_H + GAP);
    c.width = plotW * dpr; c.height = h * dpr;
    c.style.width = `${plotW}px`; c.style.height = `${h}px`;
    const g = c.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = palette().panel2 || '#f0f2f5';
    g.fillRect(0, 0, plotW, h);
    cols.forEach((col, i) => {
      const y = i * (LANE_H + GAP);
      let run = 0;
      for (let x = 1; x <= col.length; x++) {
        if (x === col.length || col[x] !== col[run]) {
          if (col[run] >= 0) { g.fillStyle = STATE_COLORS[col[run]]; g.fillRect(run, y, x - run, LANE_H); }
          run = x;
        }
      }
    });
    if (atUs !== undefined && atUs >= 0) {
      const x = Math.min(plotW - 1, (atUs / span) * plotW);
      g.fillStyle = palette().text || '#1d2433';
      g.fillRect(x, 0, 1.5, h);
    }
  }, [cols, plotW, atUs, span, sessions.length]);

  if (!sessions.length) return null;
  return (
    <section className="timeline" aria-label="Session timeline" ref={wrap} data-sessions={sessions.length} data-span-us={Math.round(span)}>
      <div className="timeline-head">
        <strong>Sessions</strong>
        <span className="muted">{sessions.length} sessions · {fmtUs(span)} · playback line: SID {sessions[0].sid}</span>
        <span className="spacer" />
        <span className="legend" aria-label="Timeline states">
          {TIMELINE_STATE_NAMES.map((name, s) => totals[s] > 0 && (
            <span key={s} title={`${fmtUs(totals[s])} over all sessions`}><span className="sw" style={{ background: STATE_COLORS[s] }} />{name}</span>
          ))}
        </span>
      </div>
      <div className="timeline-body">
        <div className="timeline-labels" style={{ width: LABEL_W }}>
          {sessions.map((s) => (
            <div key={s.sid} className="mono" style={{ height: LANE_H, marginBottom: GAP }}
              title={`SID ${s.sid}: ${fmtNum(s.executions)} executions, ${fmtUs(s.elapsed_us)}`}>SID {s.sid}</div>
          ))}
        </div>
        <canvas ref={canvas} role="img" aria-label={`Session timeline: ${sessions.length} lanes over ${fmtUs(span)}`} />
      </div>
      <div className="timeline-axis mono muted" style={{ marginLeft: LABEL_W }}>
        <span>0</span><span>{fmtUs(span / 2)}</span><span>{fmtUs(span)}</span>
      </div>
    </section>
  );
}
