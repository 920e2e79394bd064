// Compare's samples (issue 35, "the statistics the seed does in R"): two LAB
// RUN steps' runs, each run a sample. Welch's t-test of the time an execution
// takes (p-value and 95% interval, as R's t.test), each side's percentiles,
// Pearson's r of the time against consistent gets over both sides' runs with
// the least-squares line on a scatter plot, and the samples as CSV for R or pandas.
import { useMemo } from 'react';
import type { Comparable } from '../session';
import { fmtNum, fmtUs } from '../model/stats';
import { correlation, percentile, samplesCsv, welchTest } from '../model/sampleStats';

type Sample = NonNullable<Comparable['samples']>[number];
const execs = (s: Sample) => Math.max(1, s.stats['execute count'] ?? 1);
/** Microseconds an execution took in the run. */
const perExec = (s: Sample) => s.elapsed_us / execs(s);
const gets = (s: Sample) => (s.stats['consistent gets'] ?? 0) / execs(s);
const CSV_STATS = ['consistent gets', 'db block gets', 'physical reads', 'SQL*Net roundtrips to/from client', 'execute count', 'DB time'];

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a); a.click(); a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A scatter of the runs (time an execution against consistent gets an execution) and the least-squares line. */
function Scatter({ a, b, line }: { a: Sample[]; b: Sample[]; line: ReturnType<typeof correlation> }) {
  const W = 360, H = 200, L = 56, B = 30;
  const all = [...a, ...b];
  const xs = all.map(gets), ys = all.map(perExec);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)], [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const sx = (v: number) => L + ((v - x0) / (x1 - x0 || 1)) * (W - L - 10);
  const sy = (v: number) => H - B - ((v - y0) / (y1 - y0 || 1)) * (H - B - 10);
  return (
    <svg width={W} height={H} role="img" aria-label="Runs: time an execution against consistent gets an execution, with the least-squares line">
      <line x1={L} y1={H - B} x2={W - 10} y2={H - B} stroke="var(--border)" /><line x1={L} y1={10} x2={L} y2={H - B} stroke="var(--border)" />
      {a.map((s, i) => <circle key={`a${i}`} cx={sx(gets(s))} cy={sy(perExec(s))} r={4} fill="#2166ac" />)}
      {b.map((s, i) => <circle key={`b${i}`} cx={sx(gets(s))} cy={sy(perExec(s))} r={4} fill="#d7301f" />)}
      {line && x1 > x0 && <line className="regression" x1={sx(x0)} y1={sy(line.intercept + line.slope * x0)} x2={sx(x1)} y2={sy(line.intercept + line.slope * x1)} stroke="var(--text)" strokeDasharray="4 3" />}
      <text x={L} y={H - 8} fontSize={11} fill="var(--muted)">consistent gets an execution: {fmtNum(x0)} to {fmtNum(x1)}</text>
      <text x={4} y={14} fontSize={11} fill="var(--muted)">{fmtUs(y1)}</text>
      <text x={4} y={H - B} fontSize={11} fill="var(--muted)">{fmtUs(y0)}</text>
    </svg>
  );
}

export function CompareSamples({ a, b }: { a: Comparable | null; b: Comparable | null }) {
  const sa = useMemo(() => a?.samples ?? [], [a]), sb = useMemo(() => b?.samples ?? [], [b]);
  const w = useMemo(() => welchTest(sa.map(perExec), sb.map(perExec)), [sa, sb]);
  const line = useMemo(() => correlation([...sa, ...sb].map(gets), [...sa, ...sb].map(perExec)), [sa, sb]);
  if (sa.length < 2 || sb.length < 2) {
    return <div className="empty">Pick two LAB RUN steps of two runs or more each (RUNS n): each run is a sample, and A's and B's are compared by Welch's t-test.</div>;
  }
  const pct = (x: Sample[]) => [0.5, 0.9, 0.99].map((p) => fmtUs(percentile(x.map(perExec), p)));
  const csv = () => download('lio-compare-samples.csv', samplesCsv(['elapsed_us', 'us_per_execution', ...CSV_STATS.map((n) => n.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''))],
    [{ side: 'A', rows: sa }, { side: 'B', rows: sb }].map(({ side, rows }) => ({ side, rows: rows.map((s) => [s.elapsed_us, perExec(s), ...CSV_STATS.map((n) => s.stats[n] ?? 0)]) }))));
  return (
    <div className="compare-samples" aria-label="Samples compared">
      <table className="grid" aria-label="Welch's t-test">
        <thead><tr><th scope="col">Time an execution (each run a sample)</th><th scope="col" className="num">A</th><th scope="col" className="num">B</th></tr></thead>
        <tbody>
          <tr><td>runs</td><td className="num">{sa.length}</td><td className="num">{sb.length}</td></tr>
          <tr><td>mean</td><td className="num">{fmtUs(w?.meanA ?? NaN)}</td><td className="num">{fmtUs(w?.meanB ?? NaN)}</td></tr>
          <tr><td>median · 90th · 99th percentile</td><td className="num">{pct(sa).join(' · ')}</td><td className="num">{pct(sb).join(' · ')}</td></tr>
        </tbody>
      </table>
      <p className="welch" aria-label="Welch's t-test result">
        {w ? <>Welch&apos;s t-test, A − B: t = {w.t.toFixed(4)}, df = {w.df.toFixed(3)}, p-value = {w.p < 1e-4 ? w.p.toExponential(2) : w.p.toFixed(5)};
          95% confidence interval {fmtUs(w.ci[0])} to {fmtUs(w.ci[1])}{w.p < 0.05 ? ' (the difference is unlikely to be chance at the 5% level)' : ' (not significant at the 5% level)'}.</>
          : 'No t-test: the runs of a side do not vary (the simulation is deterministic without jitter).'}
      </p>
      {line ? <p aria-label="Correlation">Over both sides&apos; runs: Pearson&apos;s r = {line.r.toFixed(4)} between consistent gets and the time of an execution; least squares: time = {fmtUs(line.intercept)} + {fmtUs(line.slope)} a get.</p>
        : <p className="muted">No correlation: consistent gets or the time do not vary over the runs.</p>}
      <Scatter a={sa} b={sb} line={line} />
      <div><button type="button" className="btn" onClick={csv} title="The runs as CSV: side, sample, elapsed_us, us_per_execution and the statistics (R: read.csv; pandas: read_csv)">Export samples (CSV)</button></div>
    </div>
  );
}
