// The activity of a `LAB RUN ... SESSIONS n` step from its Active Session
// History samples (engine.activity): active sessions by wait class over
// simulated time, stacked in Enterprise Manager's colours; the top events
// (as ashtop's `session_state, event`); the plan lines' Activity (%) as
// SQL Monitor draws it; and the latch profile of its cache buffers chains
// gets, in latchprof's columns. The sampling interval is stated: Oracle
// samples once a second, and a lab run is often shorter than that.
import { useEffect, useMemo, useState } from 'react';
import type { Activity, Step } from '../model/types';
import { activityBuckets, classColor, intervalText, topEvents, topPlanLines, WAIT_CLASSES } from '../model/activity';
import { fmtNum, fmtUs } from '../model/stats';

const CHART_W = 640;
const CHART_H = 150;
const COLUMNS = 120;

/** A step's activity (engine.activity), as answered for that step (a stale answer is not returned). */
export function useStepActivity(step: Step | null, getActivity?: (step: Step) => Promise<Activity | null>): { activity: Activity | null; error: string | null } {
  const [got, setGot] = useState<{ step: Step; activity: Activity | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!step || !getActivity) return undefined;
    let live = true;
    getActivity(step).then((activity) => { if (live) setGot({ step, activity, error: null }); },
      (e: Error) => { if (live) setGot({ step, activity: null, error: e.message }); });
    return () => { live = false; };
  }, [step, getActivity]);
  return got && got.step === step ? got : { activity: null, error: null };
}

export function ActivityView({ step, getActivity }: { step: Step; getActivity(step: Step): Promise<Activity | null> }) {
  const { activity, error } = useStepActivity(step, getActivity);
  if (error) return <div className="activity" role="region" aria-label="Activity">Activity not available: {error}</div>;
  if (!activity) return null;
  return <ActivityBody step={step} a={activity} />;
}

function ActivityBody({ step, a }: { step: Step; a: Activity }) {
  const samples = a.samples;
  const buckets = useMemo(() => activityBuckets(samples, a.interval_us, COLUMNS), [samples, a.interval_us]);
  const events = useMemo(() => topEvents(samples), [samples]);
  const lines = useMemo(() => topPlanLines(samples), [samples]);
  const sessions = new Set(samples.map((s) => s.sid)).size;
  const oracle = a.interval_us === 1e6;
  return (
    <section className="activity" role="region" aria-label="Activity">
      {/* Open on a tall screen; folded to its first line below 1000 px, so the structure picture keeps its room. */}
      <details open={typeof window === 'undefined' || window.innerHeight >= 1000}>
      <summary className="activity-head">
        <strong>Activity (ASH)</strong>
        <span>{fmtNum(samples.length)} samples of {sessions} session{sessions === 1 ? '' : 's'}, one every <b data-testid="ash-interval">{intervalText(a.interval_us)}</b> of simulated time
          {oracle ? ' (Oracle\'s interval)' : ' (Oracle samples every 1 s; this run is sampled finer: LAB SET ash_sampling_interval_us)'}</span>
        {a.dropped > 0 && <span className="activity-warn">{fmtNum(a.dropped)} samples lost (ASH buffer full or memory budget)</span>}
      </summary>
      {samples.length === 0
        ? <p className="activity-empty">No samples: the run took {fmtUs(step.elapsed_us)}, less than one sampling interval ({intervalText(a.interval_us)}).
          Sample finer with <code>LAB SET ash_sampling_interval_us = 100;</code> before the run.</p>
        : <AasChart buckets={buckets} />}
      <div className="activity-tables">
        <TopEventsTable rows={events} />
        <PlanLinesTable rows={lines} />
        <LatchProfTable a={a} />
      </div>
      </details>
    </section>
  );
}

function AasChart({ buckets }: { buckets: ReturnType<typeof activityBuckets> }) {
  const max = Math.max(1, ...buckets.map((b) => Object.values(b.aas).reduce((x, y) => x + y, 0)));
  const top = Math.ceil(max);
  const span = buckets.length ? buckets[buckets.length - 1].to : 1;
  const x = (us: number) => 44 + (us / span) * (CHART_W - 54);
  const y = (v: number) => CHART_H - 22 - (v / top) * (CHART_H - 32);
  const present = WAIT_CLASSES.filter((c) => buckets.some((b) => b.aas[c]));
  return (
    <div className="activity-chart">
      <svg viewBox={`0 0 ${CHART_W} ${CHART_H}`} width="100%" role="img" aria-label="Average active sessions by wait class over simulated time">
        {Array.from({ length: top + 1 }, (_, i) => (
          <g key={i}>
            <line x1={44} x2={CHART_W - 10} y1={y(i)} y2={y(i)} stroke="var(--border)" strokeWidth={0.5} />
            <text x={38} y={y(i) + 4} fontSize={12} textAnchor="end" fill="var(--muted)">{i}</text>
          </g>
        ))}
        {buckets.map((b, i) => {
          let acc = 0;
          return WAIT_CLASSES.filter((c) => b.aas[c]).map((c) => {
            const v = b.aas[c];
            const r = <rect key={`${i}-${c}`} x={x(b.from)} width={Math.max(0.5, x(b.to) - x(b.from))} y={y(acc + v)} height={y(acc) - y(acc + v)} fill={classColor(c)}>
              <title>{`${fmtUs(b.from)}–${fmtUs(b.to)}: ${c} ${v.toFixed(2)} active sessions`}</title></rect>;
            acc += v;
            return r;
          });
        })}
        <text x={44} y={CHART_H - 6} fontSize={12} fill="var(--muted)">0</text>
        <text x={CHART_W - 10} y={CHART_H - 6} fontSize={12} textAnchor="end" fill="var(--muted)">{fmtUs(span)}</text>
        <text x={12} y={14} fontSize={12} fill="var(--muted)">Active sessions</text>
      </svg>
      <div className="activity-legend">{present.map((c) => <span key={c}><i style={{ background: classColor(c) }} />{c}</span>)}</div>
    </div>
  );
}

/** A bar `pct` wide, its parts coloured by wait class in proportion. */
export function ActivityBar({ pct, parts }: { pct: number; parts: [string, number][] }) {
  const total = parts.reduce((a, [, n]) => a + n, 0) || 1;
  return (
    <span className="activity-bar" style={{ width: `${Math.max(1, pct)}%` }}>
      {parts.map(([c, n]) => <i key={c} style={{ background: classColor(c), width: `${(100 * n) / total}%` }} />)}
    </span>
  );
}

function TopEventsTable({ rows }: { rows: ReturnType<typeof topEvents> }) {
  return (
    <table className="activity-table" aria-label="Top events">
      <caption>Top events</caption>
      <thead><tr><th>Event</th><th>Wait class</th><th className="num">Samples</th><th className="num">%</th><th /></tr></thead>
      <tbody>{rows.slice(0, 10).map((r) => (
        <tr key={r.key}><td>{r.key}</td><td>{r.waitClass}</td><td className="num">{fmtNum(r.samples)}</td><td className="num">{r.pct.toFixed(0)}%</td>
          <td className="barcell"><ActivityBar pct={r.pct} parts={[[r.waitClass, 1]]} /></td></tr>))}
      </tbody>
    </table>
  );
}

function PlanLinesTable({ rows }: { rows: ReturnType<typeof topPlanLines> }) {
  return (
    <table className="activity-table" aria-label="Top plan lines">
      <caption>Top plan lines (SQL Monitor's Activity %)</caption>
      <thead><tr><th className="num">Id</th><th>Operation</th><th>SQL_ID</th><th className="num">Samples</th><th className="num">Activity (%)</th><th /></tr></thead>
      <tbody>{rows.slice(0, 10).map((r) => (
        <tr key={`${r.sqlId}:${r.line}`}><td className="num">{r.line}</td><td>{r.operation}</td><td className="mono">{r.sqlId}</td>
          <td className="num">{fmtNum(r.samples)}</td><td className="num">{r.pct.toFixed(2)}</td>
          <td className="barcell" title={Object.entries(r.byEvent).map(([e, n]) => `${e} (${n})`).join(', ')}>
            <ActivityBar pct={r.pct} parts={WAIT_CLASSES.filter((c) => r.byClass[c]).map((c) => [c, r.byClass[c]])} /></td></tr>))}
      </tbody>
    </table>
  );
}

function LatchProfTable({ a }: { a: Activity }) {
  return (
    <table className="activity-table" aria-label="Latch profile">
      <caption>Latch profile (latchprof: name, sid, child, object){a.truncated ? ' of the events kept' : ''}</caption>
      <thead><tr><th>Name</th><th className="num">SID</th><th className="num">CHILD#</th><th>Object</th><th className="num">Gets</th>
        <th className="num">Held %</th><th className="num">Held ms</th><th className="num">Avg hold µs</th></tr></thead>
      <tbody>{a.latchprof.slice(0, 12).map((r) => (
        <tr key={`${r.sid}:${r.child}:${r.object}`}><td>{r.name}</td><td className="num">{r.sid}</td><td className="num">{r.child}</td><td>{r.object ?? ''}</td>
          <td className="num">{fmtNum(r.gets)}</td><td className="num">{r.held_pct.toFixed(2)}</td><td className="num">{(r.held_us / 1000).toFixed(3)}</td>
          <td className="num">{r.avg_hold_us.toFixed(3)}</td></tr>))}
      </tbody>
    </table>
  );
}
