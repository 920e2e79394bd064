import { useEffect, useRef } from 'react';
import type { SessionRun } from '../session';
import type { Step } from '../model/types';
import { fmtNum, fmtUs } from '../model/stats';
import { stmtLabel } from '../session';
import { shownError } from '../reports/sqlplus.mjs';

/** A run lists its first and last LISTED_EACH_END steps; the ones between are summarized in one row. */
export const LISTED_EACH_END = 1000;

export function StepsList({ runs, selected, onSelect, onReveal }: {
  runs: SessionRun[];
  selected: { run: number; index: number } | null;
  onSelect(run: number, index: number): void;
  onReveal(step: Step): void;
}) {
  const body = useRef<HTMLDivElement>(null);
  // A new run is listed first: show it.
  useEffect(() => { body.current?.scrollTo({ top: 0 }); }, [runs.length]);
  useEffect(() => {
    body.current?.querySelector('tr[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const shown = [...runs].reverse();
  if (runs.length === 0) return <div className="steps empty">No statements executed yet.</div>;
  const flat = shown.flatMap((r) => r.steps.map((s) => ({ r, s })));
  const move = (d: number) => {
    const i = flat.findIndex((x) => selected && x.r.id === selected.run && x.s.index === selected.index);
    const j = Math.max(0, Math.min(flat.length - 1, (i < 0 ? 0 : i) + d));
    if (flat[j]) onSelect(flat[j].r.id, flat[j].s.index);
  };
  return (
    <div className="steps" ref={body}>
      <table className="grid" role="grid" aria-label="Executed statements" tabIndex={0}
        onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); move(1); } else if (e.key === 'ArrowUp') { e.preventDefault(); move(-1); } }}>
        <thead><tr><th scope="col" className="num">#</th><th scope="col" className="num">Line</th><th scope="col">Statement</th>
          <th scope="col" className="num" title="consistent gets">CR gets</th><th scope="col" className="num">Elapsed</th></tr></thead>
        {shown.map((r) => (
          <tbody key={r.id}>
            <tr><td colSpan={5} className="muted" style={{ fontSize: 11, background: 'var(--panel-2)' }}>
              {r.label}{r.live ? ' · live' : r.source === 'history' ? ` · saved${r.traces?.some((t) => t.step >= 0) ? '' : ' · its traces were not stored'}` : ' · earlier run (no trace)'}{r.savedId !== undefined ? ` · saved #${r.savedId}` : ''}{r.saveError ? ' · not saved to history' : ''}</td></tr>
            {listed(r.steps).map((s) => {
              if (typeof s === 'number') {
                return <tr key="gap" className="gap"><td colSpan={5} className="muted" style={{ textAlign: 'center' }}>… {fmtNum(s)} more steps not listed here (all are kept: errors are underlined in the editor, and every step can be compared) …</td></tr>;
              }
              const isSel = !!selected && selected.run === r.id && selected.index === s.index;
              return (
                <tr key={s.index} aria-selected={isSel} onClick={() => onSelect(r.id, s.index)} onDoubleClick={() => onReveal(s)}
                  title={s.error ? `${shownError(s.error).code}: ${shownError(s.error).message}` : s.statement}>
                  <td className="num">{s.index}</td>
                  <td className="num">{s.line}</td>
                  <td className={`stmt ${s.error ? 'err' : ''}`}>
                    <button className="linklike" aria-label={`Step ${s.index}: ${stmtLabel(s.statement, 80)}`}
                      onClick={(e) => { e.stopPropagation(); onSelect(r.id, s.index); }}>
                      {s.error ? `${shownError(s.error).code} · ` : ''}{stmtLabel(s.statement, 70)}
                    </button>
                  </td>
                  <td className="num">{s.stats['consistent gets'] !== undefined ? fmtNum(s.stats['consistent gets']) : (s.kind === 'query' || s.kind === 'lab') && !s.error && s.elapsed_us > 0 ? '0' : ''}</td>
                  <td className="num">{s.elapsed_us ? fmtUs(s.elapsed_us) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** The steps to draw: all of them, or the first and last LISTED_EACH_END with the count between. */
function listed(steps: Step[]): (Step | number)[] {
  if (steps.length <= 2 * LISTED_EACH_END) return steps;
  return [...steps.slice(0, LISTED_EACH_END), steps.length - 2 * LISTED_EACH_END, ...steps.slice(-LISTED_EACH_END)];
}
