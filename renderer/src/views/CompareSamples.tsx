// Compare's samples (issue 35, "the statistics the seed does in R"): each
// side's samples, a run each (a LAB RUN step's runs) or an execution each
// (the figures per execution the engine keeps with a LAB RUN's trace, of the
// step or of one of its runs, as seed 004 tests and correlates them in R).
// Welch's t-test of the time an execution takes (p-value and 95% interval, as
// R's t.test), each side's percentiles, Pearson's r of the time against the
// gets with the least-squares line on a scatter plot, and the samples as CSV
// for R or pandas.
import { useEffect, useMemo, useState } from 'react';
import type { Comparable } from '../session';
import { fmtNum, fmtUs } from '../model/stats';
import { correlation, percentile, samplesCsv, welchTest } from '../model/sampleStats';
import { executionRows, executionsCsv, keptNote, type ExecRow, type ExecSamples } from '../model/execSamples';

type Sample = NonNullable<Comparable['samples']>[number];
const execs = (s: Sample) => Math.max(1, s.stats['execute count'] ?? 1);
const CSV_STATS = ['consistent gets', 'db block gets', 'physical reads', 'SQL*Net roundtrips to/from client', 'execute count', 'DB time'];

/** A side's samples as the view uses them: the time of an execution (y) and its gets (x). */
interface Point { time: number; gets: number }
const runPoint = (s: Sample): Point => ({ time: s.elapsed_us / execs(s), gets: (s.stats['consistent gets'] ?? 0) / execs(s) });
const execPoint = (r: ExecRow): Point => ({ time: r.elapsed_us, gets: r.buffer_gets });

/** Fetches a comparable's per-execution figures (its step's trace), null when it has none. */
export type GetExecSamples = (c: Comparable) => Promise<ExecSamples | null>;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a); a.click(); a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A scatter of the samples (time an execution against gets an execution) and the least-squares line. */
function Scatter({ a, b, line, unit, gets }: { a: Point[]; b: Point[]; line: ReturnType<typeof correlation>; unit: string; gets: string }) {
  const W = 360, H = 200, L = 56, B = 30;
  const all = [...a, ...b];
  const xs = all.map((p) => p.gets), ys = all.map((p) => p.time);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)], [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const sx = (v: number) => L + ((v - x0) / (x1 - x0 || 1)) * (W - L - 10);
  const sy = (v: number) => H - B - ((v - y0) / (y1 - y0 || 1)) * (H - B - 10);
  // Beyond a few thousand dots a side, every n-th is drawn (the statistics use them all).
  const thin = (p: Point[]) => (p.length <= 2000 ? p : p.filter((_, i) => i % Math.ceil(p.length / 2000) === 0));
  return (
    <svg width={W} height={H} role="img" aria-label={`${unit}: time an execution against ${gets} an execution, with the least-squares line`}>
      <line x1={L} y1={H - B} x2={W - 10} y2={H - B} stroke="var(--border)" /><line x1={L} y1={10} x2={L} y2={H - B} stroke="var(--border)" />
      {thin(a).map((p, i) => <circle key={`a${i}`} cx={sx(p.gets)} cy={sy(p.time)} r={3.5} fill="#2166ac" fillOpacity={0.7} />)}
      {thin(b).map((p, i) => <circle key={`b${i}`} cx={sx(p.gets)} cy={sy(p.time)} r={3.5} fill="#d7301f" fillOpacity={0.7} />)}
      {line && x1 > x0 && <line className="regression" x1={sx(x0)} y1={sy(line.intercept + line.slope * x0)} x2={sx(x1)} y2={sy(line.intercept + line.slope * x1)} stroke="var(--text)" strokeDasharray="4 3" />}
      <text x={L} y={H - 8} fontSize={11} fill="var(--muted)">{gets} an execution: {fmtNum(x0)} to {fmtNum(x1)}</text>
      <text x={4} y={14} fontSize={11} fill="var(--muted)">{fmtUs(y1)}</text>
      <text x={4} y={H - B} fontSize={11} fill="var(--muted)">{fmtUs(y0)}</text>
    </svg>
  );
}

/** Each side's executions, fetched from the steps' traces when asked for. */
function useExecutions(a: Comparable | null, b: Comparable | null, get: GetExecSamples | undefined, on: boolean) {
  const [got, setGot] = useState<{ key: string; a: ExecRow[] | string; b: ExecRow[] | string; notes: string[] } | null>(null);
  const key = `${a?.key ?? ''}|${b?.key ?? ''}`;
  useEffect(() => {
    if (!on || !get || !a || !b) return;
    let live = true;
    const side = async (c: Comparable): Promise<[ExecRow[] | string, string]> => {
      const s = await get(c).catch((e: Error) => e.message);
      if (typeof s === 'string') return [s, ''];
      if (!s || !s.elapsed_us.length) return ['it keeps no figures per execution (a LAB RUN of a query keeps them, with its trace)', ''];
      const rows = executionRows(s, c.source?.runNo);
      return [rows, keptNote(s, rows, c.source?.runNo)];
    };
    Promise.all([side(a), side(b)]).then(([[ra, na], [rb, nb]]) => {
      if (live) setGot({ key, a: ra, b: rb, notes: [na && `A: ${na}`, nb && `B: ${nb}`].filter(Boolean) });
    });
    return () => { live = false; };
  }, [on, get, a, b, key]);
  return got?.key === key ? got : null;
}

export function CompareSamples({ a, b, getExecSamples }: { a: Comparable | null; b: Comparable | null; getExecSamples?: GetExecSamples }) {
  const [unit, setUnit] = useState<'run' | 'execution'>('run');
  const ex = useExecutions(a, b, getExecSamples, unit === 'execution');
  const sa = useMemo(() => a?.samples ?? [], [a]), sb = useMemo(() => b?.samples ?? [], [b]);
  const rowsA = ex && typeof ex.a !== 'string' ? ex.a : null, rowsB = ex && typeof ex.b !== 'string' ? ex.b : null;
  const pa = useMemo(() => (unit === 'run' ? sa.map(runPoint) : (rowsA ?? []).map(execPoint)), [unit, sa, rowsA]);
  const pb = useMemo(() => (unit === 'run' ? sb.map(runPoint) : (rowsB ?? []).map(execPoint)), [unit, sb, rowsB]);
  const w = useMemo(() => welchTest(pa.map((p) => p.time), pb.map((p) => p.time)), [pa, pb]);
  const line = useMemo(() => correlation([...pa, ...pb].map((p) => p.gets), [...pa, ...pb].map((p) => p.time)), [pa, pb]);
  const both = useMemo(() => [...(rowsA ?? []), ...(rowsB ?? [])], [rowsA, rowsB]);
  const r = (f: (x: ExecRow) => number) => correlation(both.map(f), both.map((x) => x.elapsed_us))?.r;
  const picker = getExecSamples && (
    <div className="seg" role="group" aria-label="Each sample">
      <span className="muted" style={{ marginRight: 6 }}>Each sample:</span>
      <button type="button" className={`btn small ${unit === 'run' ? 'primary' : ''}`} aria-pressed={unit === 'run'} onClick={() => setUnit('run')} title="Each run of a LAB RUN step (RUNS n) is a sample">a run</button>
      <button type="button" className={`btn small ${unit === 'execution' ? 'primary' : ''}`} aria-pressed={unit === 'execution'} onClick={() => setUnit('execution')}
        title="Each execution of a LAB RUN (of the step, or of the run picked) is a sample: its elapsed time, CPU, waits and gets">an execution</button>
    </div>
  );
  const noun = unit === 'run' ? 'runs' : 'executions';
  if (unit === 'run' && (sa.length < 2 || sb.length < 2)) {
    return <div className="compare-samples">{picker}<div className="empty">Pick two LAB RUN steps of two runs or more each (RUNS n): each run is a sample, and A&apos;s and B&apos;s are compared by Welch&apos;s t-test.{getExecSamples ? ' Or take each execution as a sample (a LAB RUN of a query, a step or one of its runs).' : ''}</div></div>;
  }
  if (unit === 'execution' && (!ex || !rowsA || !rowsB || rowsA.length < 2 || rowsB.length < 2)) {
    const why = !ex ? 'Reading the executions from the steps\' traces…'
      : [typeof ex.a === 'string' ? `A: ${ex.a}` : (rowsA?.length ?? 0) < 2 ? 'A has fewer than two executions' : '',
        typeof ex.b === 'string' ? `B: ${ex.b}` : (rowsB?.length ?? 0) < 2 ? 'B has fewer than two executions' : ''].filter(Boolean).join('; ') + '.';
    return <div className="compare-samples">{picker}<div className="empty" role="status">{why} Pick two LAB RUN steps of a query (or two of their runs): each execution is a sample.</div></div>;
  }
  const pct = (x: Point[]) => [0.5, 0.9, 0.99].map((p) => fmtUs(percentile(x.map((q) => q.time), p)));
  const csv = () => (unit === 'execution'
    ? download('lio-compare-executions.csv', executionsCsv(rowsA!, rowsB!))
    : download('lio-compare-samples.csv', samplesCsv(['elapsed_us', 'us_per_execution', ...CSV_STATS.map((n) => n.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''))],
      [{ side: 'A', rows: sa }, { side: 'B', rows: sb }].map(({ side, rows }) => ({ side, rows: rows.map((s) => [s.elapsed_us, runPoint(s).time, ...CSV_STATS.map((n) => s.stats[n] ?? 0)]) })))));
  const gets = unit === 'run' ? 'consistent gets' : 'buffer gets';
  const rc = unit === 'execution' ? { cpu: r((x) => x.cpu_us), wait: r((x) => x.wait_us) } : null;
  return (
    <div className="compare-samples" aria-label="Samples compared">
      {picker}
      <table className="grid" aria-label="Welch's t-test">
        <thead><tr><th scope="col">Time an execution (each {unit} a sample)</th><th scope="col" className="num">A</th><th scope="col" className="num">B</th></tr></thead>
        <tbody>
          <tr><td>{noun}</td><td className="num">{fmtNum(pa.length)}</td><td className="num">{fmtNum(pb.length)}</td></tr>
          <tr><td>mean</td><td className="num">{fmtUs(w?.meanA ?? NaN)}</td><td className="num">{fmtUs(w?.meanB ?? NaN)}</td></tr>
          <tr><td>median · 90th · 99th percentile</td><td className="num">{pct(pa).join(' · ')}</td><td className="num">{pct(pb).join(' · ')}</td></tr>
        </tbody>
      </table>
      {ex && unit === 'execution' && ex.notes.length > 0 && <p className="muted" aria-label="Executions kept">Samples: {ex.notes.join('; ')}.</p>}
      <p className="welch" aria-label="Welch's t-test result">
        {w ? <>Welch&apos;s t-test, A − B: t = {w.t.toFixed(4)}, df = {w.df.toFixed(3)}, p-value = {w.p < 1e-4 ? w.p.toExponential(2) : w.p.toFixed(5)};
          95% confidence interval {fmtUs(w.ci[0])} to {fmtUs(w.ci[1])}{w.p < 0.05 ? ' (the difference is unlikely to be chance at the 5% level)' : ' (not significant at the 5% level)'}.</>
          : `No t-test: the ${noun} of a side do not vary (the simulation is deterministic without jitter).`}
      </p>
      {line ? <p aria-label="Correlation">Over both sides&apos; {noun}: Pearson&apos;s r = {line.r.toFixed(4)} between {gets} and the time of an execution; least squares: time = {fmtUs(line.intercept)} + {fmtUs(line.slope)} a get.
        {rc && <> With the time: r = {rc.cpu?.toFixed(4) ?? 'n/a'} for CPU, {rc.wait?.toFixed(4) ?? 'n/a'} for waits.</>}</p>
        : <p className="muted">No correlation: {gets} or the time do not vary over the {noun}.</p>}
      <Scatter a={pa} b={pb} line={line} unit={unit === 'run' ? 'Runs' : 'Executions'} gets={gets} />
      <div><button type="button" className="btn" onClick={csv}
        title={unit === 'run' ? 'The runs as CSV: side, sample, elapsed_us, us_per_execution and the statistics (R: read.csv; pandas: read_csv)'
          : 'The executions as CSV: side, sample, run, execution, elapsed_us, cpu_us, wait_us, buffer_gets, physical_reads (R: read.csv; pandas: read_csv)'}>
        Export samples (CSV)</button></div>
    </div>
  );
}
