// Autotrace-style panels for one step: rows, plan, statistics, latches, waits.
import { useMemo, useState } from 'react';
import { SweepChart } from './SweepChart';
import type { Activity, PlanLine, Step } from '../model/types';
import { activityDetail, planActivity, WAIT_CLASSES, type LineShare } from '../model/activity';
import { ActivityBar, useStepActivity } from './ActivityView';
import { fmtNum, fmtUs, statRows, statUnit } from '../model/stats';
import { DEFAULT_SETTINGS, formatRows, formatStep, rowOptions, shownError } from '../reports/sqlplus.mjs';
import { WaitHistograms } from './WaitHistograms';
import { DeviceView } from './DeviceView';
import { WhyPlan } from './WhyPlan';

/** The step as SQL*Plus (or SQLcl, by LAB SET autotrace_style) prints it: the CLI's text. */
export function stepText(step: Step): string {
  return formatStep(step).join('\n') + '\n';
}

/** SQL*Plus PRINT's bind variables, each as a one-column query's rows. */
function printText(step: Step): string {
  const st = step.settings ?? DEFAULT_SETTINGS;
  return (step.prints ?? [])
    .flatMap((p, i) => [
      ...(i ? [''] : []),
      ...formatRows([p.name], [[p.value as string | number | null]], st.column_formats, [p.width], st.linesize, { ...rowOptions(st), numeric: [p.width === 0] }),
    ])
    .join('\n');
}

function CopyAsText({ step }: { step: Step }) {
  const [done, setDone] = useState<'' | 'copied' | 'failed'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(stepText(step));
      setDone('copied');
    } catch {
      setDone('failed');
    }
    window.setTimeout(() => setDone(''), 1500);
  };
  return (
    <button type="button" className="btn" onClick={copy} aria-label="Copy as text"
      title="Copy this step as SQL*Plus prints it (echo, rows, Execution Plan, Statistics)">
      {done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed' : 'Copy as text'}
    </button>
  );
}

export function ResultRows({ step }: { step: Step }) {
  // A LAB RUN workload keeps no rows: its runs table says what it fetched.
  if (step.runs && step.runs.length > 0 && step.rows.length === 0) return null;
  // SQL*Plus feedback ('Table created.', '100000 rows created.') for everything but query rows.
  if (step.feedback && !(step.kind === 'query' && step.columns.length && step.autotrace !== 'traceonly')) {
    return <div className="output" aria-label="Feedback">{step.feedback}</div>;
  }
  // SET AUTOTRACE TRACEONLY EXPLAIN: the query was explained, not run.
  const st = step.settings;
  if (step.kind === 'query' && step.autotrace === 'traceonly' && st?.autotrace_explain && !st.autotrace_statistics) {
    return <div className="output" aria-label="Rows processed">Explained, not run (autotrace traceonly explain)</div>;
  }
  if (step.autotrace === 'traceonly' || (!step.columns.length && (step.rows_processed ?? 0) > 0)) {
    const n = step.rows_processed ?? step.rows.length;
    return <div className="output" aria-label="Rows processed">{fmtNum(n)} row{n === 1 ? '' : 's'} {step.kind === 'query' ? 'selected' : 'processed'}{step.autotrace === 'traceonly' ? ' (autotrace traceonly: rows not displayed)' : ''}</div>;
  }
  if (!step.columns.length) return null;
  const max = 500;
  // A step loaded from the run history keeps its first rows only (model/saved.ts).
  const omitted = step.rows_omitted ?? 0;
  const total = step.rows.length + omitted;
  return (
    <section className="section" aria-label="Result rows">
      <div className="pane-title"><h3>Rows</h3><span className="muted">{fmtNum(total)} row{total === 1 ? '' : 's'} selected</span></div>
      <div className="scroll" style={{ maxHeight: 200 }}>
        <table className="grid result" aria-label="Result rows">
          <thead><tr>{step.columns.map((c, i) => <th key={i} scope="col" className={typeof step.rows[0]?.[i] === 'number' ? 'num' : ''}>{c}</th>)}</tr></thead>
          <tbody>
            {step.rows.slice(0, max).map((r, i) => (
              <tr key={i}>{r.map((v, j) => <td key={j} className={typeof v === 'number' ? 'num' : 'mono'}>{v === null ? <span className="muted">null</span> : String(v)}</td>)}</tr>
            ))}
          </tbody>
        </table>
        {step.rows.length > max && <div className="muted" style={{ padding: 6 }}>… {fmtNum(step.rows.length - max)} more rows</div>}
        {omitted > 0 && <div className="muted" style={{ padding: 6 }}>… {fmtNum(omitted)} more rows were not kept in the run history</div>}
      </div>
    </section>
  );
}

/**
 * The plan; with `activity` (the step's ASH samples by line), SQL Monitor's
 * Activity (%) and a bar of each line's share, coloured by wait class.
 */
export function PlanTable({ plan, activity }: { plan: PlanLine[]; activity?: Map<number, LineShare> | null }) {
  // A partitioned table's plan: DBMS_XPLAN's Pstart and Pstop after Cost.
  const parts = plan.some((p) => p.pstart !== undefined || p.pstop !== undefined);
  const act = activity && activity.size > 0 ? activity : null;
  return (
    <section className="section" aria-label="Execution plan">
      <div className="pane-title"><h3>Execution plan</h3></div>
      {plan.length === 0 ? <div className="empty">No plan for this statement.</div> : (
        <div className="scroll">
          <table className="grid" aria-label="Plan">
            <thead><tr>
              <th scope="col" className="num">Id</th><th scope="col">Operation</th><th scope="col">Name</th>
              <th scope="col" className="num">Starts</th><th scope="col" className="num">E-Rows</th><th scope="col" className="num">A-Rows</th>
              <th scope="col" className="num">Buffers</th><th scope="col" className="num">Cost</th>
              {parts && <><th scope="col" className="num">Pstart</th><th scope="col" className="num">Pstop</th></>}
              {act && <th scope="col" className="num" colSpan={2} title="SQL Monitor's Activity (%): the line's share of the statement's ASH samples">Activity (%)</th>}
            </tr></thead>
            <tbody>
              {plan.map((p) => (
                <tr key={p.id}>
                  <td className="num">{p.access || p.filter ? '*' : ''}{p.id}</td>
                  <td className="opname">{'\u00a0'.repeat(p.depth * 2)}{p.operation}</td>
                  <td className="mono">{p.name ?? ''}</td>
                  <td className="num">{fmtNum(p.starts)}</td><td className="num">{fmtNum(p.e_rows)}</td><td className="num">{fmtNum(p.a_rows)}</td>
                  <td className="num">{fmtNum(p.buffers)}</td><td className="num">{fmtNum(p.cost)}</td>
                  {parts && <><td className="num mono">{p.pstart ?? ''}</td><td className="num mono">{p.pstop ?? ''}</td></>}
                  {act && <LineActivity share={act.get(p.id)} />}
                </tr>
              ))}
            </tbody>
          </table>
          {plan.some((p) => p.access || p.filter) && (
            <pre className="output mono" aria-label="Predicate Information">{[
              'Predicate Information (identified by operation id):',
              ...plan.flatMap((p) => [
                ...(p.access ? [`${String(p.id).padStart(4)} - access(${p.access})`] : []),
                ...(p.filter ? [`${p.access ? '       ' : `${String(p.id).padStart(4)} - `}filter(${p.filter})`] : []),
              ]),
            ].join('\n')}</pre>
          )}
        </div>
      )}
    </section>
  );
}

/** A plan line's Activity (%) and its bar (title: its Activity Detail). */
function LineActivity({ share }: { share: LineShare | undefined }) {
  if (!share) return <><td className="num" /><td className="plan-activity" /></>;
  const detail = activityDetail(share);
  return (
    <>
      <td className="num">{share.pct.toFixed(2)}</td>
      <td className="plan-activity" title={detail} aria-label={`Activity ${share.pct.toFixed(2)}%: ${detail}`}>
        <ActivityBar pct={share.pct} parts={WAIT_CLASSES.filter((c) => share.byClass[c]).map((c) => [c, share.byClass[c]])} />
      </td>
    </>
  );
}

export function StatsTable({ stats, label = 'Statistics' }: { stats: Record<string, number>; label?: string }) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => statRows(stats, filter), [stats, filter]);
  const total = useMemo(() => statRows(stats).length, [stats]);
  return (
    <section className="section" aria-label={label}>
      <div className="pane-title">
        <h3>{label}</h3><span className="muted">{rows.length === total ? `${total} non-zero` : `${rows.length} of ${total}`}</span>
        <span className="spacer" />
        <input className="input filter" type="search" placeholder="Filter statistics" aria-label="Filter statistics"
          value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {rows.length === 0 ? <div className="empty">{total ? 'No statistic matches the filter.' : 'No non-zero statistics.'}</div> : (
        <table className="grid" aria-label={`${label} table`}>
          <thead><tr><th scope="col" className="num" style={{ width: 110 }}>Value</th><th scope="col">Statistic</th></tr></thead>
          <tbody>{rows.map((r) => {
            const unit = statUnit(r.name, r.value);
            return <tr key={r.name}><td className="num">{fmtNum(r.value)}</td>
              <td data-unit={unit || undefined} title={unit ? `${r.name}: counted in centiseconds (${unit})` : undefined}>{r.name}</td></tr>;
          })}</tbody>
        </table>
      )}
    </section>
  );
}

export function LatchesAndWaits({ step }: { step: Step }) {
  const latches = Object.entries(step.latches);
  const waits = Object.entries(step.waits);
  return (
    <section className="section" aria-label="Latches and waits">
      <div className="pane-title"><h3>Latches</h3></div>
      {latches.length === 0 ? <div className="empty">No latch gets.</div> : (
        <table className="grid" aria-label="Latches">
          <thead><tr><th scope="col">Latch</th><th scope="col" className="num">Gets</th><th scope="col" className="num">Misses</th><th scope="col" className="num">Sleeps</th></tr></thead>
          <tbody>{latches.map(([n, f]) => <tr key={n}><td>{n}</td><td className="num">{fmtNum(f.gets)}</td><td className="num">{fmtNum(f.misses)}</td><td className="num">{fmtNum(f.sleeps)}</td></tr>)}</tbody>
        </table>
      )}
      <div className="pane-title"><h3>Wait events</h3></div>
      {waits.length === 0 ? <div className="empty">No waits.</div> : (
        <table className="grid" aria-label="Wait events">
          <thead><tr><th scope="col">Event</th><th scope="col" className="num">Waits</th><th scope="col" className="num">Time</th></tr></thead>
          <tbody>{waits.map(([n, w]) => <tr key={n}><td>{n}</td><td className="num">{fmtNum(w.count)}</td><td className="num">{fmtUs(w.time_us)}</td></tr>)}</tbody>
        </table>
      )}
      {!!step.wait_histograms?.length && <>
        <div className="pane-title"><h3>Wait histograms</h3></div>
        <WaitHistograms series={[{ label: 'this step', histograms: step.wait_histograms }]} title={`step ${step.index}`} width={440} />
      </>}
      {!!step.devices?.length && <>
        <div className="pane-title"><h3>Devices</h3><span className="muted">at the end of the step</span></div>
        <DeviceView devices={step.devices} title={`step ${step.index}`} width={440} />
      </>}
      <div className="pane-title"><h3>Time</h3></div>
      <div className="body kv" style={{ padding: '6px 10px' }}>
        <span className="muted">Elapsed (simulated)</span><span className="num" style={{ textAlign: 'left' }}>{fmtUs(step.elapsed_us)}{step.runs && step.runs.length > 1 ? ` (${step.runs.length} runs)` : ''}</span>
        {step.stats['DB time'] !== undefined && <><span className="muted">DB time</span><span className="num" style={{ textAlign: 'left' }}>{fmtUs(step.stats['DB time'] * 1e4)}</span></>}
        {step.trimmed_mean_us !== undefined && <><span className="muted">Mean per run{step.runs && step.runs.length >= 3 ? ' (trimmed)' : ''}</span><span className="num" style={{ textAlign: 'left' }}>{fmtUs(step.trimmed_mean_us)}</span></>}
        <span className="muted">Trace events kept</span><span className="num" style={{ textAlign: 'left' }}>{fmtNum(step.trace_events)}</span>
      </div>
    </section>
  );
}

export function Autotrace({ step, sweepMetric = 'cg', onSweepMetric = () => undefined, getActivity }: {
  step: Step | null; sweepMetric?: string; onSweepMetric?(id: string): void;
  /** The step's ASH samples (a live run's): the plan's activity bars. */
  getActivity?(step: Step): Promise<Activity | null>;
}) {
  const { activity } = useStepActivity(step, getActivity);
  const lines = useMemo(() => (activity && step ? planActivity(activity.samples, step.plan) : null), [activity, step]);
  if (!step) return <div className="empty">Run a statement (Ctrl+Enter) or the whole script (Ctrl+Shift+Enter) to see its rows, plan and statistics.</div>;
  return (
    <div>
      <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0, fontSize: 12 }}>
        <span className="mono" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          #{step.index} · line {step.line} · {step.kind} · {step.statement.replace(/\s+/g, ' ').slice(0, 140)}
        </span>
        <span className="spacer" />
        <CopyAsText step={step} />
      </div>
      {step.error && (
        <div className="error-box" role="alert"><strong>{shownError(step.error).code}</strong>: {shownError(step.error).message} <span className="muted">(line {step.error.line}, column {step.error.column})</span></div>
      )}
      <ResultRows step={step} />
      {step.output && step.output.length > 0 && <pre className="output" aria-label="Output">{step.output.join('\n')}</pre>}
      {!!step.prints?.length && <pre className="output" aria-label="Bind variables">{printText(step)}</pre>}
      {step.sweep && <SweepChart sweep={step.sweep} metric={sweepMetric} onMetric={onSweepMetric} title={`LIO Lab · ${step.statement.replace(/\s+/g, ' ').trim()}`} />}
      {step.runs && step.runs.length > 0 && <RunsTable step={step} />}
      {step.optimizer ? (
        <div className="plan-why">
          <PlanTable plan={step.plan} activity={lines} />
          <WhyPlan trace={step.optimizer} traceText={step.sql_trace ?? []} />
        </div>
      ) : <PlanTable plan={step.plan} activity={lines} />}
      <div className="autotrace">
        <StatsTable stats={step.stats} />
        <LatchesAndWaits step={step} />
      </div>
    </div>
  );
}

export function RunsTable({ step }: { step: Step }) {
  const runs = step.runs!;
  // With 3 or more runs the engine's mean drops the fastest and the slowest run.
  const trimmed = runs.length >= 3;
  const sorted = [...runs].sort((a, b) => a.elapsed_us - b.elapsed_us);
  const dropped = trimmed ? new Set([sorted[0].run, sorted[sorted.length - 1].run]) : new Set<number>();
  const execs = (r: { stats: Record<string, number> }) => r.stats['execute count'] ?? 0;
  const perExec = (us: number, n: number) => (n > 0 ? fmtUs(us / n) : '');
  const memopt = runs.some((r) => (r.stats['memopt r lookups'] ?? 0) > 0);
  const dbTime = (r: { stats: Record<string, number> }) => (r.stats['DB time'] !== undefined ? fmtUs(r.stats['DB time'] * 1e4) : '');
  const mean = step.trimmed_mean_us;
  const meanExecs = runs.length ? execs(sorted[Math.floor(sorted.length / 2)]) : 0;
  return (
    <section className="section" aria-label="Workload runs">
      <div className="pane-title"><h3>Workload runs</h3>
        <span className="muted" style={{ textTransform: 'none', letterSpacing: 0 }}>{runs.length} run{runs.length === 1 ? '' : 's'}{trimmed ? ' · mean without the fastest and slowest run (struck through)' : ''}</span></div>
      <div className="scroll">
      <table className="grid" aria-label="Runs">
        <thead><tr><th scope="col" className="num">Run</th><th scope="col" className="num">Executions</th><th scope="col" className="num">Elapsed</th>
          <th scope="col" className="num" title="Elapsed time of the run divided by its executions">per execution</th>
          <th scope="col" className="num" title="DB time statistic (server time; centiseconds in V$SESSTAT)">DB time</th>
          <th scope="col" className="num">consistent gets</th>
          {memopt && <th scope="col" className="num">memopt r lookups</th>}
          <th scope="col" className="num">SQL*Net roundtrips</th></tr></thead>
        <tbody>{runs.map((r) => (
          <tr key={r.run} className={dropped.has(r.run) ? 'dropped' : undefined} title={dropped.has(r.run) ? 'Left out of the trimmed mean (fastest or slowest run)' : undefined}>
            <td className="num">{r.run}</td><td className="num">{fmtNum(execs(r))}</td><td className="num">{fmtUs(r.elapsed_us)}</td>
            <td className="num">{perExec(r.elapsed_us, execs(r))}</td><td className="num">{dbTime(r)}</td>
            <td className="num">{fmtNum(r.stats['consistent gets'] ?? 0)}</td>
            {memopt && <td className="num">{fmtNum(r.stats['memopt r lookups'] ?? 0)}</td>}
            <td className="num">{fmtNum(r.stats['SQL*Net roundtrips to/from client'] ?? 0)}</td></tr>
        ))}</tbody>
        {mean !== undefined && (
          <tfoot><tr aria-label="Trimmed mean">
            <th scope="row" className="num" colSpan={2}>{trimmed ? 'trimmed mean' : 'mean'}</th>
            <td className="num">{fmtUs(mean)}</td><td className="num"><strong>{perExec(mean, meanExecs)}</strong></td>
            <td colSpan={memopt ? 4 : 3} /></tr></tfoot>
        )}
      </table>
      </div>
    </section>
  );
}
