// "Why this plan": beside the plan, every access path the optimizer costed
// for each table (event 10053's record, Step.optimizer), cheapest first, the
// winner marked, each with its I/O and CPU parts and the formula and
// statistics it came from; the join steps; the 10053 text on demand.
import { useState } from 'react';
import type { OptimizerTrace } from '../engine/result.gen';
import { columnStatsLines, costText, indexStatsLines, joinLine, orderRows, tableStatsLine, whyRows } from '../reports/why';

export function WhyPlan({ trace, traceText }: { trace: OptimizerTrace; traceText: string[] }) {
  const [raw, setRaw] = useState(false);
  return (
    <section className="section why-plan" aria-label="Why this plan">
      <div className="pane-title"><h3>Why this plan</h3>
        <span className="muted" style={{ textTransform: 'none', letterSpacing: 0 }}>event 10053 · level {trace.level}</span>
        <span className="spacer" />
        <button type="button" className="btn" aria-pressed={raw} onClick={() => setRaw((r) => !r)}>{raw ? 'Show the candidates' : 'Show the 10053 trace'}</button>
      </div>
      {raw ? <pre className="output mono why-raw" aria-label="10053 trace">{traceText.join('\n')}</pre> : trace.blocks.map((b) => (
        <div key={b.name} className="why-block">
          <div className="why-head"><strong>{b.name}</strong> · final cost <strong>{Math.round(b.cost)}</strong> · {Math.round(b.card)} rows · join order {b.tables.map((t) => `${t.name}[${t.alias}]`).join(' → ')} <span className="muted">({b.join_order_source})</span></div>
          {b.tables.map((t) => {
            const rows = whyRows(t);
            const max = Math.max(1e-9, ...rows.map((r) => r.cost));
            return (
              <div key={`${t.alias}${t.number}`} className="why-table" aria-label={`Access paths of ${t.alias}`}>
                <div className="why-tname"><strong>{t.name}</strong>{t.alias !== t.name ? ` ${t.alias}` : ''}{t.inner && <span className="muted"> · inner table of a nested loop: costs are outer cost + outer rows × path cost</span>}</div>
                <div className="why-stats mono muted">{[tableStatsLine(t), ...indexStatsLines(t), ...columnStatsLines(t)].map((l) => <div key={l}>{l}</div>)}</div>
                {rows.length > 0 && (
                  <div className="scroll">
                    <table className="grid why-paths" aria-label={`Candidates for ${t.alias}`}>
                      <thead><tr><th scope="col">Access path</th><th scope="col" className="num">Cost</th><th scope="col">Verdict</th><th scope="col" style={{ width: '18%' }} /><th scope="col" className="num">I/O</th><th scope="col" className="num">CPU</th><th scope="col" className="num">Card</th><th scope="col" className="num">ix_sel</th></tr></thead>
                      {rows.map((r) => (
                        <tbody key={r.label} className={r.chosen ? 'why-chosen' : undefined}>
                          <tr data-chosen={r.chosen} title={r.path.why}>
                            <td>{r.chosen ? '\u2714 ' : ''}{r.label}</td>
                            <td className="num">{costText(r.cost)}</td>
                            <td>{r.verdict}</td>
                            <td><div className="why-bar" style={{ width: `${Math.max(1, (r.cost / max) * 100)}%` }} /></td>
                            <td className="num">{r.path.io}</td><td className="num">{Math.round(r.path.cpu).toLocaleString('en-US')}</td>
                            <td className="num">{Math.round(r.path.card)}</td>
                            <td className="num">{r.path.ix_sel === null || r.path.ix_sel === undefined ? '' : r.path.ix_sel.toFixed(6)}</td>
                          </tr>
                          <tr className="why-formula-row"><td colSpan={8} className="why-formula mono muted">{r.path.formula}</td></tr>
                        </tbody>
                      ))}
                    </table>
                  </div>
                )}
              </div>
            );
          })}
          {b.joins.map((j) => (
            <div key={j.inner} className="why-join">{joinLine(j)}</div>
          ))}
          {b.orders.length > 0 && (
            <div className="scroll">
              <table className="grid why-orders" aria-label={`Join orders of ${b.name}`}>
                <caption className="muted">{b.permutations} join permutations tried</caption>
                <thead><tr><th scope="col" className="num">#</th><th scope="col">Join order</th><th scope="col" className="num">Cost</th><th scope="col">Verdict</th></tr></thead>
                <tbody>
                  {orderRows(b).map((r) => (
                    <tr key={r.n} data-chosen={r.chosen} className={r.chosen ? 'why-chosen' : undefined}>
                      <td className="num">{r.n}</td><td>{r.chosen ? '\u2714 ' : ''}{r.tables}</td><td className="num">{costText(r.cost)}</td><td>{r.verdict}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ))}
      <div className="muted why-note">Left-deep join orders are costed from the tables by increasing cardinality (after LEADING; ORDERED keeps the FROM clause&apos;s), an order abandoned once its partial cost passes the best; a block with an inline view keeps its FROM order.</div>
    </section>
  );
}
