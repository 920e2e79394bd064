// Session timeline of a `LAB RUN ... SESSIONS n` step: one lane per session,
// coloured by what it was doing (CPU, the CPU run queue, each wait event),
// like an ASH chart over simulated time. Each pixel column of a lane is
// split between the states in proportion to their time in it (stacked, CPU
// at the bottom), so each state's area is the time the step's statistics
// book to it (model/timeline.ts). A vertical line marks the trace
// playback's time, and a mark on a lane the session of the event played
// (the trace holds every session's events, or the one chosen).
import { useEffect, useMemo, useRef, useState } from 'react';
import { TimelineState } from '../engine/contract.gen';
import type { SessionFigures, Step } from '../model/types';
import { columnShares, STATES, timelineLegend } from '../model/timeline';
import { fmtNum, fmtUs } from '../model/stats';
import { palette } from './colors';
import { useResizeRef } from './useResizeRef';

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
  [TimelineState.CELL_SINGLE_BLOCK]: '#0d7fa8',
  [TimelineState.CELL_MULTIBLOCK]: '#4fb3d9',
  [TimelineState.CELL_SMART_TABLE_SCAN]: '#00838f',
  [TimelineState.FLASH_CACHE_SINGLE_BLOCK]: '#5e35b1',
  [TimelineState.DIRECT_PATH_WRITE]: '#3949ab',
};

const LANE_H = 16;
const GAP = 3;
const LABEL_W = 64;

/** Columns are drawn as one when no state's share differs by a pixel of the lane (their mean is drawn: the area stays). */
const SAME = 1 / LANE_H;

/** A step without sessions: one empty list, so the memos below keep their value across renders. */
const NO_SESSIONS: SessionFigures[] = [];

export function SessionTimeline({ step, atUs, atSid, traced }: {
  step: Step; atUs?: number;
  /** The session of the event at the playhead: its lane is marked. */
  atSid?: number;
  /** The sessions the playback plays: all, or one SID (undefined: the first session's, a trace of one session). */
  traced?: number | 'all';
}) {
  const sessions = step.sessions ?? NO_SESSIONS;
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(600);
  const span = Math.max(1, ...sessions.map((s) => s.elapsed_us), ...sessions.flatMap((s) => s.timeline.slice(-1).map((t) => t[1])));
  const plotW = Math.max(50, width - LABEL_W - 8);

  const wrapRef = useResizeRef<HTMLDivElement>((el) => setWidth(el.clientWidth), wrap);

  const cols = useMemo(() => sessions.map((s) => columnShares(s.timeline, span, plotW)), [sessions, span, plotW]);
  /** What the colours stand for and their time, from the sessions' lanes. */
  const legend = useMemo(() => timelineLegend(sessions), [sessions]);
  const dbUs = legend.reduce((a, e) => a + e.us, 0);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    const h = sessions.length * (LANE_H + GAP);
    c.width = plotW * dpr; c.height = h * dpr;
    c.style.width = `${plotW}px`; c.style.height = `${h}px`;
    const g = c.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = palette(c).panel2 || '#f0f2f5';
    g.fillRect(0, 0, plotW, h);
    cols.forEach((shares, i) => {
      const y = i * (LANE_H + GAP);
      // Runs of columns with the same shares are one stack of rectangles.
      const same = (a: number, b: number) => {
        for (let s = 0; s < STATES; s++) if (Math.abs(shares[a * STATES + s] - shares[b * STATES + s]) > SAME) return false;
        return true;
      };
      let run = 0;
      for (let x = 1; x <= plotW; x++) {
        if (x < plotW && same(x, run)) continue;
        // The run's mean shares, stacked from the lane's bottom: CPU first.
        let bottom = y + LANE_H;
        for (let s = 0; s < STATES; s++) {
          let share = 0;
          for (let c = run; c < x; c++) share += shares[c * STATES + s];
          share /= x - run;
          if (share <= 0) continue;
          const h = Math.min(share, 1) * LANE_H;
          g.fillStyle = STATE_COLORS[s];
          g.fillRect(run, bottom - h, x - run, h);
          bottom -= h;
        }
        run = x;
      }
    });
    if (atUs !== undefined && atUs >= 0) {
      const x = Math.min(plotW - 1, (atUs / span) * plotW);
      g.fillStyle = palette(c).text || '#1d2433';
      g.fillRect(x, 0, 1.5, h);
      // The lane of the event's session: a mark across it at the line.
      const lane = atSid === undefined ? -1 : sessions.findIndex((s) => s.sid === atSid);
      if (lane >= 0) g.fillRect(Math.max(0, x - 2.5), lane * (LANE_H + GAP), 6, LANE_H);
    }
  }, [cols, plotW, atUs, atSid, span, sessions]);

  if (!sessions.length) return null;
  return (
    <section className="timeline" aria-label="Session timeline" ref={wrapRef} data-sessions={sessions.length} data-span-us={Math.round(span)}
      data-at-sid={atSid}>
      <div className="timeline-head">
        <strong>Sessions</strong>
        <span className="muted">{sessions.length} sessions · {fmtUs(span)} · playback line: {traced === 'all' ? 'all sessions' : `SID ${traced ?? sessions[0].sid}`}</span>
        <span className="spacer" />
        <span className="legend" aria-label="Timeline states">
          {legend.map((e) => (
            <span key={e.state} data-state={e.state} data-us={Math.round(e.us)}
              title={`${fmtUs(e.us)} over all sessions (${dbUs > 0 ? Math.round((e.us / dbUs) * 100) : 0}% of their time)`}>
              <span className="sw" style={{ background: STATE_COLORS[e.state] }} />{e.label} <span className="muted">{fmtUs(e.us)}</span>
            </span>
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
