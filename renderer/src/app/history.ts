// The run history (the host's saved runs): the list the History view shows,
// why it could not be read, and saving a run to it (a failure stays on
// screen with its reason and a Retry).
import { useCallback, useEffect, useState } from 'react';
import { isDamagedHistory, keyedSave, type Host, type NewRun, type RunSummary, type SavedRun } from '../host';
import { fitForHistory } from '../model/saved';
import type { Notice } from '../views/Notices';
import type { SessionRun } from '../session';
import type { Catalog, Trace } from '../model/types';
import { sendRunTraces } from './savedTraces';

/** What a save keeps besides the result: the steps' traces (from the engine) and the catalog they are drawn on. */
export interface SaveTraces { getTrace(index: number): Promise<Trace | null>; catalog: Catalog | null }

type SetRuns = (f: (rs: SessionRun[]) => SessionRun[]) => void;

export function useRunHistory(host: Host, setRuns: SetRuns, notify: (n: Notice) => void, dismiss: (id: string) => void) {
  const [history, setHistory] = useState<RunSummary[]>([]);
  /** Why the run history could not be read (the History view shows it, with "Start a new history" when the file is damaged). */
  const [historyError, setHistoryError] = useState<string | null>(null);
  const unreadable = useCallback((e: Error) => {
    setHistoryError(e.message);
    notify({ id: 'history', tone: 'error', text: `The run history could not be read: ${e.message}` });
  }, [notify]);

  useEffect(() => {
    host.listRuns().then((h) => { setHistory(h); setHistoryError(null); }).catch((e: Error) => { setHistory([]); unreadable(e); });
  }, [host, unreadable]);

  /** Read the list again (Refresh, and after a new history was started: its promise settles once the list is in). */
  const refresh = useCallback(
    () => host.listRuns().then((h) => { setHistory(h); setHistoryError(null); dismiss('history'); }, unreadable),
    [host, dismiss, unreadable]);

  /** Save a run to history; a failure stays on screen with its reason and a Retry. */
  const saveToHistory = useCallback((runId: number, run: NewRun, traces?: SaveTraces) => {
    const id = `save-${runId}`;
    const failed = (message: string, retry: (() => void) | null) => {
      const why = message.replace(/^run not saved: /, '');
      setRuns((rs) => rs.map((r) => (r.id === runId ? { ...r, saveError: why } : r)));
      if (isDamagedHistory(message)) setHistoryError(message);
      notify({ id, tone: 'error', text: `Run ${runId} was not saved to history: ${why}`, ...(retry ? { action: { label: 'Retry', run: retry } } : {}) });
    };
    let fitted: ReturnType<typeof fitForHistory>;
    // Refused before sending (the script is over the cap): retrying would not help.
    try { fitted = fitForHistory(run.script, run.result); } catch (e) { failed((e as Error).message, null); return; }
    // One key for this save and each Retry of it: a save the host stored
    // but whose answer was lost is not stored a second time.
    const send = keyedSave(host, { ...run, result: fitted.result });
    const attempt = () => {
      send()
        .then(async (saved) => {
          setRuns((rs) => rs.map((r) => (r.id === runId ? { ...r, savedId: saved?.id, saveError: undefined } : r)));
          // The traces go after the run (each step's on its own, under the host's caps): what is left out is said.
          const traceNotes = traces && saved?.id !== undefined
            ? await sendRunTraces(host, saved.id, fitted.result.steps, traces.getTrace, traces.catalog).catch((e: Error) => [`traces not kept: ${e.message}`])
            : [];
          const notes = [...fitted.notes, ...traceNotes];
          if (notes.length) notify({ id, tone: 'warning', text: savedInPartText(runId, saved?.id, notes) });
          else dismiss(id);
          return host.listRuns().then((h) => { setHistory(h); setHistoryError(null); });
        }, (e: unknown) => failed((e as Error)?.message || String(e), attempt))
        .catch(() => { /* the list refreshes on the next save or with Refresh */ });
    };
    attempt();
  }, [host, notify, dismiss, setRuns]);

  return { history, historyError, refresh, saveToHistory };
}

/** What a save says when part of the run was left out (rows over the cap, traces over their size cap, and why). */
export function savedInPartText(runId: number, savedId: string | number | undefined, notes: string[]): string {
  return `Run ${runId} was saved to history as #${savedId ?? '?'}, in part: ${notes.join('; ')}.`;
}

/**
 * What Load says: the run is in the steps list, the editor shows its script (or already did), and
 * how many of its steps' traces were stored, or plainly that none was (a run saved before traces
 * were kept, or each over the size cap): its structure, flame graph and timeline cannot be replayed.
 */
export function loadedText(saved: Pick<SavedRun, 'id' | 'title'>, traces: number, restored: boolean): string {
  return `Loaded saved run ${saved.id} (${saved.title ?? ''}): its steps can be selected and compared` +
    `${restored ? '; the editor shows its script (Ctrl+Z brings back what was there)' : ''}` +
    (traces ? `; ${traces} step trace${traces === 1 ? '' : 's'} kept.` : '; its traces were not stored, so its structure, flame graph and timeline cannot be replayed (run its script again to see them).');
}
