// Flame graph of the selected statement (or one run of a workload), with a
// search box and a differential mode against another statement or run.
import { useEffect, useMemo, useState } from 'react';
import type { Step } from '../model/types';
import { FlameGraph, frameTotals, serverOnly } from '../model/flame';
import { diffFlame, frameSelfDeltas } from '../model/flamediff';
import { fmtUs } from '../model/stats';
import { pickerItems, stmtLabel, type Comparable } from '../session';
import type { ReportInputs } from '../reports/report';
import { FlameCanvas } from './FlameCanvas';

export function FlameView({ step, items, reportRef }: { step: Step | null; items: Comparable[]; reportRef: { current: () => Partial<ReportInputs> } }) {
  const [search, setSearch] = useState('');
  // The run shown, for the step it was picked on: another step shows all its runs.
  const [picked, setPicked] = useState<{ step: Step | null; run: string }>({ step, run: 'all' });
  const run = picked.step === step ? picked.run : 'all';
  const setRun = (r: string) => setPicked({ step, run: r });
  const [baseline, setBaseline] = useState<string>('');
  // Every process's stacks, or the server process's only (what perf on the database host sees).
  const [server, setServer] = useState(false);
  const folded = useMemo(() => {
    if (!step) return [];
    const all = run !== 'all' && step.runs ? step.runs.find((r) => String(r.run) === run)?.folded ?? [] : step.folded;
    return server ? serverOnly(all) : all;
  }, [step, run, server]);
  const chosen = items.find((i) => i.key === baseline) ?? null;
  const base = useMemo(() => (chosen && server ? { ...chosen, folded: serverOnly(chosen.folded) } : chosen), [chosen, server]);
  const listed = useMemo(() => pickerItems(items, [baseline]), [items, baseline]);
  const graph = useMemo(() => FlameGraph.fromFolded(folded), [folded]);
  const diff = useMemo(() => (base ? diffFlame(base.folded, folded) : undefined), [base, folded]);
  const title = step ? `${stmtLabel(step.statement, 80)}${run !== 'all' ? ` (run ${run})` : ''}${server ? ' · server process' : ''}` : '';
  useEffect(() => {
    reportRef.current = () => ({
      folded, flameTitle: `Flame graph · ${title}`,
      diff: base ? { a: base.folded, b: folded, labelA: base.label, labelB: title } : null,
    });
  });
  if (!step) return <div className="empty">Select an executed statement to see where its simulated time goes.</div>;
  return (
    <section className="flame" aria-label="Flame graph">
      <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0, flexWrap: 'wrap' }}>
        <h3 style={{ textTransform: 'uppercase', letterSpacing: '.6px' }}>Flame graph</h3>
        <span className="muted">total {fmtUs(graph.total)} · {graph.nodes.length - 1} frames</span>
        {step.runs && step.runs.length > 0 && (
          <select className="input" aria-label="Workload run" value={run} onChange={(e) => setRun(e.target.value)}>
            <option value="all">statement (all runs)</option>
            {step.runs.map((r) => <option key={r.run} value={String(r.run)}>run {r.run}</option>)}
          </select>
        )}
        <select className="input" aria-label="Process" value={server ? 'server' : 'all'} onChange={(e) => setServer(e.target.value === 'server')}
          title="The server process only: its stacks as perf on the database host samples them (the client and the network left out)">
          <option value="all">all processes</option>
          <option value="server">server process only</option>
        </select>
        <span className="spacer" />
        <select className="input" aria-label="Differential baseline" value={baseline} onChange={(e) => setBaseline(e.target.value)} style={{ maxWidth: 300 }}>
          <option value="">Differential: off</option>
          {listed.shown.map((i) => <option key={i.key} value={i.key}>vs A = {i.label}</option>)}
          {listed.omitted > 0 && <option disabled value="">… {listed.omitted.toLocaleString('en-US')} steps between are not listed</option>}
        </select>
        <input className="input" type="search" placeholder="Search frames" aria-label="Search frames" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {graph.total === 0 ? <div className="empty">{server ? 'The server process has no cost stacks in this statement.' : 'This statement has no cost stacks.'}</div> : (
        <div className="flame-body">
          <FlameCanvas graph={diff ? diff.graph : graph} diff={diff} search={search} label="Flame graph" />
          {base ? <DeltaFrames a={base.folded} b={folded} onPick={setSearch} /> : <TopFrames graph={graph} onPick={setSearch} />}
        </div>
      )}
      <div className="legend" style={{ padding: '4px 10px', borderTop: '1px solid var(--border)' }}>
        {diff ? (<><span><span className="sw" style={{ background: '#d7301f' }} />grew (B &gt; A)</span><span><span className="sw" style={{ background: '#2166ac' }} />shrank (B &lt; A)</span><span>A = {base?.label} · B = this statement</span></>)
          : <span>Frame width = simulated time. Callers above callees. Click to zoom, hover for time and share.</span>}
      </div>
    </section>
  );
}

/** Differential mode: self time per function in A and B, biggest change first. */
function DeltaFrames({ a, b, onPick }: { a: string[]; b: string[]; onPick(name: string): void }) {
  const rows = useMemo(() => frameSelfDeltas(a, b).slice(0, 40), [a, b]);
  const ms = (us: number) => fmtUs(us);
  return (
    <div className="top-frames scroll" aria-label="Functions by change in self time">
      <table className="grid" aria-label="Functions by change in self time" style={{ tableLayout: 'fixed', width: '100%' }}>
        <colgroup><col /><col style={{ width: 58 }} /><col style={{ width: 58 }} /><col style={{ width: 66 }} /></colgroup>
        <thead><tr><th scope="col">Function</th><th scope="col" className="num" title="Self time in A (the baseline)">A</th>
          <th scope="col" className="num" title="Self time in B (this statement)">B</th><th scope="col" className="num" title="B − A">Δ self</th></tr></thead>
        <tbody>{rows.map((r) => (
          <tr key={r.name} onClick={() => onPick(r.name)} title={`${r.name}: A ${ms(r.a)}, B ${ms(r.b)} (click to highlight)`} style={{ cursor: 'pointer' }}>
            <td className="mono" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{r.name}</td>
            <td className="num">{r.a ? ms(r.a) : ''}</td><td className="num">{r.b ? ms(r.b) : ''}</td>
            <td className={`num ${r.delta > 0 ? 'diff-pos' : r.delta < 0 ? 'diff-neg' : 'muted'}`}>{r.delta === 0 ? '0' : `${r.delta > 0 ? '+' : '−'}${ms(Math.abs(r.delta))}`}</td>
          </tr>
        ))}</tbody>
      </table>
    </div>
  );
}

function TopFrames({ graph, onPick }: { graph: FlameGraph; onPick(name: string): void }) {
  const rows = useMemo(() => frameTotals(graph).slice(0, 40), [graph]);
  const pct = (v: number) => (graph.total ? `${((v / graph.total) * 100).toFixed(1)}%` : '');
  return (
    <div className="top-frames scroll" aria-label="Functions by self time">
      <table className="grid" aria-label="Functions by self time">
        <thead><tr><th scope="col">Function</th><th scope="col" className="num">Self</th><th scope="col" className="num">Total</th></tr></thead>
        <tbody>{rows.map((r) => (
          <tr key={r.name} onClick={() => onPick(r.name)} title={`Highlight ${r.name}`} style={{ cursor: 'pointer' }}>
            <td className="mono" style={{ maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis' }}>{r.name}</td>
            <td className="num" title={fmtUs(r.self)}>{pct(r.self)}</td>
            <td className="num" title={fmtUs(r.total)}>{pct(r.total)}</td>
          </tr>
        ))}</tbody>
      </table>
    </div>
  );
}
