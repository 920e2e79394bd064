// A statement on a presenter's slide: what SQL*Plus's autotrace shows the
// room (the rows or feedback, a sweep's curve, a workload's runs, the plan
// with its predicates, the classic 11 statistics, the waits), laid out to fit
// the 1920x1080 slide at 18 px and over. The workbench's every non-zero
// statistic, latch and histogram stay in the workbench's Autotrace.
import { useState } from 'react';
import type { Step } from '../model/types';
import { fmtNum, fmtUs } from '../model/stats';
import { CLASSIC_AUTOTRACE_STATS, shownError } from '../reports/sqlplus.mjs';
import { PlanTable, ResultRows, RunsTable } from './Autotrace';
import { SweepChart } from './SweepChart';

/** The waits a slide lists, longest first. */
export const SLIDE_WAITS = 4;

/** SQL*Plus's autotrace Statistics (zeros included, `rows processed` from the step). */
export function classicStats(step: Step): [string, number][] {
  const rows = step.rows_processed ?? step.stats['rows processed'] ?? step.rows.length;
  return CLASSIC_AUTOTRACE_STATS.map((name) => [name, name === 'rows processed' ? rows : step.stats[name] ?? 0]);
}

/** The step's waits by time, the longest `SLIDE_WAITS`, and how many more there are. */
export function slideWaits(step: Step): { shown: [string, { count: number; time_us: number }][]; more: number } {
  const all = Object.entries(step.waits).sort((a, b) => b[1].time_us - a[1].time_us);
  return { shown: all.slice(0, SLIDE_WAITS), more: Math.max(0, all.length - SLIDE_WAITS) };
}

export function SlideAutotrace({ step }: { step: Step }) {
  const [sweepMetric, onSweepMetric] = useState('cg');
  const { shown, more } = slideWaits(step);
  // A statement that read or changed rows, or a workload: its figures (a DDL or a LAB setting has only its feedback).
  const figures = step.kind === 'query' || step.kind === 'dml' || step.plan.length > 0 || !!step.runs?.length;
  return (
    <div className={`slide-autotrace${step.sweep ? ' with-sweep' : ''}`}>
      {step.error && (
        <div className="error-box" role="alert"><strong>{shownError(step.error).code}</strong>: {shownError(step.error).message} <span className="muted">(line {step.error.line}, column {step.error.column})</span></div>
      )}
      {step.sweep ? (
        <div className="slide-sweep">
          {step.output && step.output.length > 0 && <pre className="output" aria-label="Output">{step.output.join('\n')}</pre>}
          <SweepChart sweep={step.sweep} metric={sweepMetric} onMetric={onSweepMetric} title={`LIO Lab · ${step.statement.replace(/\s+/g, ' ').trim()}`} />
        </div>
      ) : <>
        <ResultRows step={step} />
        {/* A workload's output says what its runs table shows: the table alone. */}
        {step.output && step.output.length > 0 && !step.runs?.length && <pre className="output" aria-label="Output">{step.output.join('\n')}</pre>}
        {step.runs && step.runs.length > 0 && <RunsTable step={step} />}
        {step.plan.length > 0 && <PlanTable plan={step.plan} />}
        {figures && (
          <div className="slide-figures">
            <section className="section" aria-label="Statistics">
              <div className="pane-title"><h3>Statistics</h3><span className="muted">as autotrace prints them</span></div>
              <table className="grid" aria-label="Statistics table">
                <tbody>{classicStats(step).map(([name, v]) => <tr key={name}><td className="num">{fmtNum(v)}</td><td>{name}</td></tr>)}</tbody>
              </table>
            </section>
            <section className="section" aria-label="Wait events">
              <div className="pane-title"><h3>Wait events</h3>{more > 0 && <span className="muted">the {SLIDE_WAITS} longest of {shown.length + more}</span>}</div>
              {shown.length === 0 ? <div className="empty">No waits.</div> : (
                <table className="grid" aria-label="Wait events">
                  <thead><tr><th scope="col">Event</th><th scope="col" className="num">Waits</th><th scope="col" className="num">Time</th></tr></thead>
                  <tbody>{shown.map(([n, w]) => <tr key={n}><td>{n}</td><td className="num">{fmtNum(w.count)}</td><td className="num">{fmtUs(w.time_us)}</td></tr>)}</tbody>
                </table>
              )}
            </section>
          </div>
        )}
      </>}
    </div>
  );
}
