import { useState } from 'react';
import { isDamagedHistory, type Host, type RunSummary, type SavedRun } from '../host';
import { fmtNum, fmtUs } from '../model/stats';

/**
 * Move the damaged history aside (the host keeps it next to the new one),
 * then reload the list. Resolves to what to tell the user.
 */
export async function startNewHistory(host: Pick<Host, 'startNewHistory'>, reload: () => unknown): Promise<string> {
  const r = await host.startNewHistory();
  await reload();
  return `A new run history was started${r.moved_to ? `; the damaged one was kept as ${r.moved_to}` : ''}.`;
}

/**
 * The runs whose title, id or saved time contain every word of `query`
 * (case-insensitive); all of them for an empty query.
 */
export function filterRuns(runs: RunSummary[], query: string): RunSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return runs;
  return runs.filter((r) => {
    const text = `${String(r.id)} ${r.title ?? ''} ${(r.created_at ?? '').replace('T', ' ')}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function HistoryView({ host, runs, error, onRefresh, onLoad, onOpenScript }: {
  host: Host; runs: RunSummary[];
  /** Why the list could not be read (the host's message), if it could not. */
  error?: string | null;
  onRefresh(): unknown; onLoad(run: SavedRun): void; onOpenScript(run: SavedRun): void;
}) {
  const [busy, setBusy] = useState<string | number | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [query, setQuery] = useState('');
  const shown = filterRuns(runs, query);
  const startNew = async () => {
    setStarting(true); setErr(null); setDone(null);
    try { setDone(await startNewHistory(host, onRefresh)); } catch (e) { setErr(`A new history was not started: ${(e as Error).message}`); } finally { setStarting(false); }
  };
  const act = async (id: string | number, f: (r: SavedRun) => void) => {
    setBusy(id); setErr(null);
    try { f(await host.getRun(id)); } catch (e) { setErr((e as Error).message); } finally { setBusy(null); }
  };
  return (
    <section aria-label="Run history">
      <div className="pane-title"><h3>Saved runs</h3><span className="muted">{query ? `${shown.length} of ${runs.length}` : runs.length}</span><span className="spacer" />
        <input className="input" type="search" placeholder="Search title, id, date" aria-label="Search saved runs" value={query}
          onChange={(e) => setQuery(e.target.value)} style={{ width: 220 }} />
        <button className="btn small" onClick={onRefresh}>Refresh</button></div>
      {error && <div className="error-box" role="alert">{error}
        {isDamagedHistory(error) && <div><button className="btn small primary" disabled={starting} onClick={startNew}>Start a new history</button></div>}</div>}
      {done && !error && <div className="muted" role="status">{done}</div>}
      {err && <div className="error-box" role="alert">{err}</div>}
      {runs.length === 0 ? (error ? null : <div className="empty">No saved runs yet. Every “Run all” is saved here.</div>) : (
        <div className="scroll history-list">
        <table className="grid" aria-label="Saved runs">
          <thead><tr><th scope="col" className="num">Id</th><th scope="col">Actions</th><th scope="col">Title</th><th scope="col">Saved</th><th scope="col" className="num">Steps</th>
            <th scope="col" className="num">Errors</th><th scope="col" className="num">CR gets</th><th scope="col" className="num">Elapsed</th></tr></thead>
          <tbody>
            {shown.map((r) => (
              <tr key={String(r.id)}>
                <td className="num">{String(r.id)}</td>
                <td className="actions">
                  <button className="btn small" disabled={busy === r.id} onClick={() => act(r.id, onLoad)} aria-label={`Load run ${r.id} for comparison`}>Load</button>{' '}
                  <button className="btn small" disabled={busy === r.id} onClick={() => act(r.id, onOpenScript)} aria-label={`Open script of run ${r.id}`}>Open script</button>{' '}
                  <button className="btn small danger" disabled={busy === r.id} aria-label={`Delete run ${r.id}`}
                    onClick={async () => { setErr(null); await host.deleteRun(r.id).catch((e: Error) => setErr(`Run ${r.id} was not deleted: ${e.message}`)); onRefresh(); }}>Delete</button>
                </td>
                <td className="title" title={r.title ?? ''}>{r.title ?? ''}</td>
                <td className="mono">{r.created_at ? r.created_at.replace('T', ' ').slice(0, 19) : ''}</td>
                <td className="num">{fmtNum(r.summary?.steps ?? 0)}</td>
                <td className="num">{fmtNum(r.summary?.errors ?? 0)}</td>
                <td className="num">{fmtNum(r.summary?.consistent_gets ?? 0)}</td>
                <td className="num">{fmtUs(r.summary?.elapsed_us ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <div className="empty">No saved run matches “{query}”.</div>}
        </div>
      )}
    </section>
  );
}
