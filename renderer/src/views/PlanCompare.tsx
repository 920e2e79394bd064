// The Compare view's plans (issue 35, "Plan diff"): A's and B's execution
// plans as one table aligned like a unified diff. A line both plans have
// shows both sides' A-Rows and Buffers and their difference; a line only
// one plan has is marked − (A only) or + (B only).
import { useMemo } from 'react';
import type { PlanLine } from '../model/types';
import { planDiff, plansDiffer } from '../model/plandiff';
import { fmtNum } from '../model/stats';

function delta(a: number | undefined, b: number | undefined): { text: string; cls: string } {
  if (a === undefined || b === undefined) return { text: '', cls: '' };
  const d = b - a;
  return { text: d === 0 ? '0' : `${d > 0 ? '+' : ''}${fmtNum(d)}`, cls: d > 0 ? 'diff-pos' : d < 0 ? 'diff-neg' : 'muted' };
}

export function PlanCompare({ a, b }: { a: PlanLine[]; b: PlanLine[] }) {
  const rows = useMemo(() => planDiff(a, b), [a, b]);
  if (!a.length && !b.length) return <div className="empty">Neither side has an execution plan.</div>;
  return (
    <div className="scroll plan-compare">
      <div className="muted plan-compare-note" role="status">
        {plansDiffer(rows) ? 'The plans differ: − a line only A has, + a line only B has.' : 'Same plan on both sides: the figures differ only.'}
      </div>
      <table className="grid" aria-label="Compared plans">
        <thead><tr>
          <th scope="col" aria-label="Side" /><th scope="col" className="num">Id A</th><th scope="col" className="num">Id B</th><th scope="col">Operation</th><th scope="col">Name</th>
          <th scope="col" className="num">A-Rows A</th><th scope="col" className="num">A-Rows B</th><th scope="col" className="num">Δ</th>
          <th scope="col" className="num">Buffers A</th><th scope="col" className="num">Buffers B</th><th scope="col" className="num">Δ</th>
        </tr></thead>
        <tbody>
          {rows.map((r, k) => {
            const line = (r.a ?? r.b)!;
            const rowsD = delta(r.a?.a_rows, r.b?.a_rows), bufD = delta(r.a?.buffers, r.b?.buffers);
            const side = r.same ? '' : r.a ? 'only-a' : 'only-b';
            return (
              <tr key={k} className={side} data-side={side || 'both'}>
                <td className="mono plan-mark">{r.same ? '' : r.a ? '−' : '+'}</td>
                <td className="num">{r.a?.id ?? ''}</td><td className="num">{r.b?.id ?? ''}</td>
                <td className="mono" style={{ whiteSpace: 'pre' }}>{' '.repeat(line.depth * 2) + line.operation}</td>
                <td className="mono">{line.name ?? ''}</td>
                <td className="num">{r.a ? fmtNum(r.a.a_rows) : ''}</td><td className="num">{r.b ? fmtNum(r.b.a_rows) : ''}</td><td className={`num ${rowsD.cls}`}>{rowsD.text}</td>
                <td className="num">{r.a ? fmtNum(r.a.buffers) : ''}</td><td className="num">{r.b ? fmtNum(r.b.buffers) : ''}</td><td className={`num ${bufD.cls}`}>{bufD.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
