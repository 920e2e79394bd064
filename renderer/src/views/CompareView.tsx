// Compare any two executed statements or workload runs: statistics side by
// side with a difference column, and the differential flame graph.
import { useEffect, useMemo, useState } from 'react';
import { comparableFigures, diffStats, fmtCompared, fmtNum, runstatsRows, runstatsText } from '../model/stats';
import { diffFlame } from '../model/flamediff';
import { pickerItems, type Comparable } from '../session';
import type { ReportInputs } from '../reports/report';
import { FlameCanvas } from './FlameCanvas';
import { PlanCompare } from './PlanCompare';
import { CompareSamples, type GetExecSamples } from './CompareSamples';
import { WaitHistograms } from './WaitHistograms';

export function CompareView({ items, keys, onKeys, reportRef, getExecSamples }: {
  items: Comparable[]; keys: [string, string]; onKeys(k: [string, string]): void; reportRef: { current: () => Partial<ReportInputs> };
  /** A side's per-execution figures (its step's trace), for Samples' "each sample: an execution". */
  getExecSamples?: GetExecSamples;
}) {
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  const [changedOnly, setChangedOnly] = useState(false);
  // Runstats layout: STAT../LATCH. rows ordered by the absolute difference.
  const [runstats, setRunstats] = useState(false);
  const [copied, setCopied] = useState<'' | 'copied' | 'failed'>('');
  // The statistics, or the two plans aligned.
  const [show, setShow] = useState<'stats' | 'plans' | 'samples'>('stats');
  // Default: the last two comparable items.
  useEffect(() => {
    if ((!keys[0] || !keys[1]) && items.length >= 2) onKeys([keys[0] || items[items.length - 2].key, keys[1] || items[items.length - 1].key]);
  }, [items, keys, onKeys]);
  const a = items.find((i) => i.key === keys[0]) ?? null;
  const b = items.find((i) => i.key === keys[1]) ?? null;
  const rows = useMemo(() => {
    if (!a || !b) return [];
    const q = filter.trim().toLowerCase();
    const all = runstats
      ? runstatsRows(a, b).filter((r) => !q || r.name.toLowerCase().includes(q))
      : diffStats(comparableFigures(a), comparableFigures(b), filter);
    return all.filter((r) => !changedOnly || r.diff !== 0);
  }, [a, b, filter, changedOnly, runstats]);
  const diff = useMemo(() => (a && b && (a.folded.length || b.folded.length) ? diffFlame(a.folded, b.folded) : null), [a, b]);
  const waitSeries = useMemo(() => (a && b ? [{ label: `A: ${a.label}`, histograms: a.wait_histograms ?? [] }, { label: `B: ${b.label}`, histograms: b.wait_histograms ?? [] }] : []), [a, b]);
  useEffect(() => {
    reportRef.current = () => (a && b
      ? { diff: { a: a.folded, b: b.folded, labelA: a.label, labelB: b.label }, compare: { rows: runstatsRows(a, b), labelA: a.label, labelB: b.label, elapsed: [a.elapsed_us, b.elapsed_us] }, waitSeries }
      : {});
  });
  const copyRunstats = async () => {
    if (!a || !b) return;
    try {
      await navigator.clipboard.writeText(runstatsText(runstatsRows(a, b), 'A', 'B') + '\n');
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
    window.setTimeout(() => setCopied(''), 1500);
  };
  const listed = useMemo(() => pickerItems(items, keys), [items, keys]);
  if (items.length < 2) return <div className="empty">Run at least two statements (or a LAB RUN workload) to compare them.</div>;
  const picker = (i: 0 | 1, label: string) => (
    <label style={{ display: 'flex', gap: 6, alignItems: 'center', minWidth: 0, flex: 1 }}>
      <span style={{ fontWeight: 600 }}>{label}</span>
      <select className="input" aria-label={`Compare ${label}`} value={keys[i]} style={{ minWidth: 0, flex: 1 }}
        onChange={(e) => onKeys(i === 0 ? [e.target.value, keys[1]] : [keys[0], e.target.value])}>
        {listed.shown.map((it) => <option key={it.key} value={it.key}>{it.label}</option>)}
        {listed.omitted > 0 && <option disabled value="">… {fmtNum(listed.omitted)} steps between are not listed</option>}
      </select>
    </label>
  );
  const hasWaits = waitSeries.some((s) => s.histograms.length > 0);
  return (
    <div className={`compare ${hasWaits ? 'with-waits' : ''}`}>
      <section aria-label="Statistics comparison">
        <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0, flexWrap: 'wrap', gap: 6, paddingTop: 6, paddingBottom: 6 }}>
          <div style={{ display: 'flex', gap: 8, width: '100%' }}>{picker(0, 'A')}{picker(1, 'B')}</div>
          <div className="seg" role="group" aria-label="Compare what">
            <button type="button" className={`btn small ${show === 'stats' ? 'primary' : ''}`} aria-pressed={show === 'stats'} onClick={() => setShow('stats')}>Statistics</button>
            <button type="button" className={`btn small ${show === 'plans' ? 'primary' : ''}`} aria-pressed={show === 'plans'} onClick={() => setShow('plans')}>Plans</button>
            <button type="button" className={`btn small ${show === 'samples' ? 'primary' : ''}`} aria-pressed={show === 'samples'} onClick={() => setShow('samples')}
              title="Each side's runs or executions as samples: Welch's t-test, percentiles, correlation, CSV">Samples</button>
          </div>
          <input className="input filter" type="search" placeholder="Filter statistics" aria-label="Filter compared statistics" value={filter} onChange={(e) => setFilter(e.target.value)} />
          <label style={{ display: 'flex', gap: 4, alignItems: 'center' }}><input type="checkbox" checked={changedOnly} onChange={(e) => setChangedOnly(e.target.checked)} />changed only</label>
          <label style={{ display: 'flex', gap: 4, alignItems: 'center' }} title="STAT.. and LATCH.. rows ordered by the absolute difference, as runstats prints them">
            <input type="checkbox" checked={runstats} onChange={(e) => setRunstats(e.target.checked)} aria-label="Runstats order" />runstats order
          </label>
          <button type="button" className="btn" onClick={copyRunstats} aria-label="Copy runstats text"
            title="Copy the comparison as runstats text (Statistics Name, A, B, Difference)">
            {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy runstats'}
          </button>
        </div>
        {show === 'plans' ? <PlanCompare a={a?.plan ?? []} b={b?.plan ?? []} /> : show === 'samples' ? <div className="scroll"><CompareSamples a={a} b={b} getExecSamples={getExecSamples} /></div> : <div className="scroll">
          <table className="grid" aria-label="Compared statistics">
            <thead><tr><th scope="col">Statistic</th><th scope="col" className="num">A</th><th scope="col" className="num">B</th><th scope="col" className="num">Difference</th></tr></thead>
            <tbody>
              {rows.map((r) => {
                const [fa, fb, fd] = fmtCompared(r.a, r.b, r.diff);
                return (
                  <tr key={r.name}>
                    <td>{r.name}</td><td className="num">{fa}</td><td className="num">{fb}</td>
                    <td className={`num ${r.diff > 0 ? 'diff-pos' : r.diff < 0 ? 'diff-neg' : 'muted'}`}>{fd}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {rows.length === 0 && <div className="empty">No statistic to show.</div>}
        </div>}
      </section>
      {hasWaits && (
        <section aria-label="Wait histograms comparison" className="section waits">
          <div className="pane-title"><h3>Wait histograms: A and B</h3></div>
          <WaitHistograms series={waitSeries} title="A and B" />
        </section>
      )}
      <section aria-label="Flame graph difference" className="flame">
        <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0 }}>
          <h3 style={{ textTransform: 'uppercase', letterSpacing: '.6px' }}>Flame graph: B vs A</h3><span className="spacer" />
          <input className="input" type="search" placeholder="Search frames" aria-label="Search compared frames" value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 150 }} />
        </div>
        {diff ? <FlameCanvas graph={diff.graph} diff={diff} search={search} label="Differential flame graph" /> : <div className="empty">Neither side has cost stacks.</div>}
        <div className="legend" style={{ padding: '4px 10px', borderTop: '1px solid var(--border)' }}>
          <span><span className="sw" style={{ background: '#d7301f' }} />grew in B</span><span><span className="sw" style={{ background: '#2166ac' }} />shrank in B</span><span>width follows B; frames only in A keep A's width</span>
        </div>
      </section>
    </div>
  );
}
