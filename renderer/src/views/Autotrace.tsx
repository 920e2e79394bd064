// Autotrace-style panels for one step: rows, plan, statistics, latches, waits.
import { useMemo, useState } from 'react';
import type { PlanLine, Step } from '../model/types';
import { fmtNum, fmtUs, statRows } from '../model/stats';

export function ResultRows({ step }: { step: Step }) {
  if (step.autotrace === 'traceonly' || (!step.columns.length && (step.rows_processed ?? 0) > 0)) {
    const n = step.rows_processed ?? step.rows.length;
    return <div className="output" aria-label="Rows processed">{fmtNum(n)} row{n === 1 ? '' : 's'} {step.kind === 'query' ? 'selected' : 'processed'}{step.autotrace === 'traceonly' ? ' (autotrace traceonly: rows not displayed)' : ''}</div>;
  }
  if (!step.columns.length) return null;
  const max = 500;
  return (
    <section className="section" aria-label="Result rows">
      <div className="pane-title"><h3>Rows</h3><span className="muted">{fmtNum(step.rows.length)} row{step.rows.length === 1 ? '' : 's'} selected</span></div>
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
      </div>
    </section>
  );
}

export function PlanTable({ plan }: { plan: PlanLine[] }) {
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
            </tr></thead>
            <tbody>
              {plan.map((p) => (
                <tr key={p.id}>
                  <td className="num">{p.id}</td>
                  <td className="opname">{'\u00a0'.repeat(p.depth * 2)}{p.operation}</td>
                  <td className="mono">{p.name ?? ''}</td>
                  <td className="num">{fmtNum(p.starts)}</td><td className="num">{fmtNum(p.e_rows)}</td><td className="num">{fmtNum(p.a_rows)}</td>
                  <td className="num">{fmtNum(p.buffers)}</td><td className="num">{fmtNum(p.cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
          <tbody>{rows.map((r) => <tr key={r.name}><td className="num">{fmtNum(r.value)}</td><td>{r.name}</td></tr>)}</tbody>
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
      <div className="pane-title"><h3>Time</h3></div>
      <div className="body kv" style={{ padding: '6px 10px' }}>
        <span className="muted">Elapsed (simulated)</span><span className="num" style={{ textAlign: 'left' }}>{fmtUs(step.elapsed_us)}</span>
        <span className="muted">Trace events kept</span><span className="num" style={{ textAlign: 'left' }}>{fmtNum(step.trace_events)}</span>
      </div>
    </section>
  );
}

export function Autotrace({ step }: { step: Step | null }) {
  if (!step) return <div className="empty">Run a statement (Ctrl+Enter) or the whole script (Ctrl+Shift+Enter) to see its rows, plan and statistics.</div>;
  return (
    <div>
      <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0, fontSize: 12 }}>
        <span className="mono" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          #{step.index} · line {step.line} · {step.kind} · {step.statement.replace(/\s+/g, ' ').slice(0, 140)}
        </span>
      </div>
      {step.error && (
        <div className="error-box" role="alert"><strong>{step.error.code}</strong>: {step.error.message} <span className="muted">(line {step.error.line}, column {step.error.column})</span></div>
      )}
      <ResultRows step={step} />
      {step.output && step.output.length > 0 && <pre className="output" aria-label="Output">{step.output.join('\n')}</pre>}
      {step.runs && step.runs.length > 0 && <RunsTable step={step} />}
      <PlanTable plan={step.plan} />
      <div className="autotrace">
        <StatsTable stats={step.stats} />
        <LatchesAndWaits step={step} />
      </div>
    </div>
  );
}

function RunsTable({ step }: { step: Step }) {
  const runs = step.runs!;
  return (
    <section className="section" aria-label="Workload runs">
      <div className="pane-title"><h3>Workload runs</h3></div>
      <table className="grid" aria-label="Runs">
        <thead><tr><th scope="col" className="num">Run</th><th scope="col" className="num">Elapsed</th><th scope="col" className="num">consistent gets</th><th scope="col" className="num">session logical reads</th><th scope="col" className="num">SQL*Net roundtrips</th></tr></thead>
        <tbody>{runs.map((r) => (
          <tr key={r.run}><td className="num">{r.run}</td><td className="num">{fmtUs(r.elapsed_us)}</td>
            <td className="num">{fmtNum(r.stats['consistent gets'] ?? 0)}</td><td className="num">{fmtNum(r.stats['session logical reads'] ?? 0)}</td>
            <td className="num">{fmtNum(r.stats['SQL*Net roundtrips to/from client'] ?? 0)}</td></tr>
        ))}</tbody>
      </table>
    </section>
  );
}
