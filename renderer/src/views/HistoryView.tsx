import { useState } from 'react';
import type { Host, RunSummary, SavedRun } from '../host';
import { fmtNum, fmtUs } from '../model/stats';

export function HistoryView({ host, runs, onRefresh, onLoad, onOpenScript }: {
  host: Host; runs: RunSummary[]; onRefresh(): void; onLoad(run: SavedRun): void; onOpenScript(run: SavedRun): void;
}) {
  const [busy, setBusy] = useState<string | number | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const act = async (id: string | number, f: (r: SavedRun) => void) => {
    setBusy(id); setErr(null);
    try { f(await host.getRun(id)); } catch (e) { setErr((e as Error).message); } finally { setBusy(null); }
  };
  return (
    <section aria-label="Run history">
      <div className="pane-title"><h3>Saved runs</h3><span className="muted">{runs.length}</span><span className="spacer" />
        <button className="btn small" onClick={onRefresh}>Refresh</button></div>
      {err && <div className="error-box" role="alert">{err}</div>}
      {runs.length === 0 ? <div className="empty">No saved runs yet. Every “Run all” is saved here.</div> : (
        <table className="grid" aria-label="Saved runs">
          <thead><tr><th scope="col" className="num">Id</th><th scope="col">Saved</th><th scope="col">Title</th><th scope="col" className="num">Steps</th>
            <th scope="col" className="num">Errors</th><th scope="col" className="num">CR gets</th><th scope="col" className="num">Elapsed</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            {runs.map((r) => (
              <tr key={String(r.id)}>
                <td className="num">{String(r.id)}</td>
                <td className="mono">{r.created_at ? r.created_at.replace('T', ' ').slice(0, 19) : ''}</td>
                <td>{r.title ?? ''}</td>
                <td className="num">{fmtNum(r.summary?.steps ?? 0)}</td>
                <td className="num">{fmtNum(r.summary?.errors ?? 0)}</td>
                <td className="num">{fmtNum(r.summary?.consistent_gets ?? 0)}</td>
                <td className="num">{fmtUs(r.summary?.elapsed_us ?? 0)}</td>
                <td>
                  <button className="btn small" disabled={busy === r.id} onClick={() => act(r.id, onLoad)} aria-label={`Load run ${r.id} for comparison`}>Load</button>{' '}
                  <button className="btn small" disabled={busy === r.id} onClick={() => act(r.id, onOpenScript)} aria-label={`Open script of run ${r.id}`}>Open script</button>{' '}
                  <button className="btn small danger" disabled={busy === r.id} aria-label={`Delete run ${r.id}`}
                    onClick={async () => { setErr(null); await host.deleteRun(r.id).catch((e: Error) => setErr(`Run ${r.id} was not deleted: ${e.message}`)); onRefresh(); }}>Delete</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
