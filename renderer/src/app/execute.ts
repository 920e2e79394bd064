// Running the script: the whole of it on a fresh instance, the statement
// under the cursor (or the selection), or a range of statements (presenter
// mode). Steps reach their run as the worker streams them, so they stay on
// screen whatever happens next (a cancel, an engine that stops).
import { useCallback } from 'react';
import { CancelledError, EngineStoppedError, type EngineClient, type Progress } from '../engine/client';
import type { NewRun } from '../host';
import type { SaveTraces } from './history';
import type { Catalog, Step } from '../model/types';
import { splitScript, statementAt, scriptChunks } from '../model/script.mjs';
import { focusLine } from '../model/demo.mjs';
import { fmtNum } from '../model/stats';
import { runTitle, stepToShow, type SessionRun } from '../session';
import { keepShown } from './Toolbar';
import type { EditorApi, EditorError } from '../views/Editor';

/** Streamed steps reach the screen at most this often (ms). */
const STEPS_FLUSH_MS = 150;

export type Status = { state: 'loading' | 'ready' | 'busy' | 'error'; text: string };

/** What `execute` reads and the state it sets (App's). */
export interface ExecuteDeps {
  client: EngineClient;
  editorRef: { current: EditorApi | null };
  draftRef: { current: string };
  nextRunRef: { current: number };
  scenarioTextRef: { current: string | null };
  scenario: string | null;
  status: Status;
  liveRun: SessionRun | null;
  flash(msg: string): void;
  saveToHistory(runId: number, run: NewRun, traces?: SaveTraces): void;
  setStatus(s: Status): void;
  setProgress(p: Progress | null | ((prev: Progress | null) => Progress | null)): void;
  setRuns(f: (rs: SessionRun[]) => SessionRun[]): void;
  setCatalog(c: Catalog | null): void;
  setErrors(e: EditorError[]): void;
  setSel(s: { run: number; index: number }): void;
}

/** The statements a run takes: those in `only`, the selection's, or the one under the cursor ('all': every one). */
function chooseStatements(text: string, mode: 'all' | 'statement', editor: EditorApi | null, only?: { from: number; to: number }) {
  const stmts = splitScript(text);
  if (only) return stmts.filter((s) => s.from >= only.from && s.to <= only.to);
  if (mode !== 'statement') return stmts;
  const selRange = editor?.selection();
  if (selRange && selRange.to > selRange.from) return stmts.filter((s) => s.to > selRange.from && s.from < selRange.to);
  const one = statementAt(stmts, editor?.cursor() ?? 0);
  return one ? [one] : [];
}

/**
 * Run the script ('all', on a fresh instance) or the statement under the
 * cursor / the selection ('statement'); `only` runs the statements inside
 * [from, to) instead (presenter mode), on a fresh instance when `fresh`.
 * Resolves false when nothing ran (busy, or nothing to run).
 */
export function useExecute(d: ExecuteDeps) {
  const { client, editorRef, draftRef, nextRunRef, scenarioTextRef, scenario, status, liveRun, flash, saveToHistory, setStatus, setProgress, setRuns, setCatalog, setErrors, setSel } = d;
  const busy = status.state === 'busy';
  return useCallback(async (mode: 'all' | 'statement', only?: { from: number; to: number; fresh: boolean }): Promise<boolean> => {
    if (busy || status.state === 'loading') return false;
    const text = editorRef.current?.getText() ?? draftRef.current;
    const chosen = chooseStatements(text, mode, editorRef.current, only);
    if (chosen.length === 0) { flash('Nothing to run.'); return false; }
    setStatus({ state: 'busy', text: mode === 'all' ? 'Running script…' : 'Running statement…' });
    setProgress({ done: 0, total: chosen.length, label: '' });
    const t0 = performance.now();
    // Steps reach the run as the worker sends them, so they stay on screen whatever happens next.
    const fresh = mode === 'all' || !liveRun || !!only?.fresh;
    const runId = fresh ? nextRunRef.current++ : liveRun.id;
    const received: Step[] = [];
    let version = liveRun?.version ?? '';
    let queued: Step[] = [];
    let timer = 0;
    const flush = () => {
      window.clearTimeout(timer); timer = 0;
      if (!queued.length) return;
      const add = queued; queued = [];
      setRuns((rs) => rs.map((r) => (r.id === runId ? { ...r, steps: r.steps.concat(add), version } : r)));
    };
    const finish = (steps: Step[], note: string) => {
      flush();
      const errs = steps.filter((s) => s.error).map((s) => ({ ...s.error! }));
      setErrors(errs);
      const pick = stepToShow(steps, mode === 'all' ? focusLine(text) : null);
      if (pick) setSel({ run: runId, index: pick.index });
      const ms = performance.now() - t0;
      return `${fmtNum(steps.length)} step${steps.length === 1 ? '' : 's'} in ${fmtNum(Math.round(ms))} ms${errs.length ? ` · ${fmtNum(errs.length)} error${errs.length > 1 ? 's' : ''}` : ''}${note}`;
    };
    // The engine's reports move the toolbar only when what it shows changes.
    const shownProgress = keepShown(setProgress);
    const title = runTitle(text, scenarioTextRef.current === text ? scenario : null);
    try {
      if (mode === 'all' || only?.fresh) await client.reset();
      if (fresh) {
        const run: SessionRun = { id: runId, label: `Run ${runId}`, script: text, version, steps: [], live: true, source: 'session' };
        setRuns((rs) => [...rs.map((r) => ({ ...r, live: false })), run]);
      }
      // 'Run all' sends every character of the script (as one call would); a statement run sends just it.
      const chunks = scriptChunks(text, chosen, mode === 'all' ? { start: 0, end: text.length } : {});
      const v = await client.exec(chunks, {
        onProgress: shownProgress,
        onSteps: (steps, ver) => {
          version = ver;
          for (const s of steps) { received.push(s); queued.push(s); }
          if (!timer) timer = window.setTimeout(flush, STEPS_FLUSH_MS);
        },
      });
      const epoch = client.epoch; // the engine that holds this run's traces
      setCatalog(v.catalog);
      const done = finish(v.result.steps, '');
      if (mode === 'all') saveToHistory(runId, { title, script: text, result: v.result }, { getTrace: (i) => client.traceOf(epoch, i), catalog: v.catalog });
      setStatus({ state: 'ready', text: done });
    } catch (e) {
      if (e instanceof CancelledError) {
        flush();
        setStatus({ state: 'ready', text: `Cancelled after ${fmtNum(received.length)} step${received.length === 1 ? '' : 's'}; engine state restored` });
      } else if (e instanceof EngineStoppedError) {
        // The client has replaced the worker and said so (onReplaced); keep and save what ran.
        setCatalog(null);
        const done = finish(received, ' before the engine stopped');
        if (mode === 'all' && received.length) saveToHistory(runId, { title: `${title} (stopped)`.slice(0, 200), script: text, result: { lio_lab: version, steps: received } });
        setStatus({ state: 'error', text: `${done} · fresh engine ready` });
      } else {
        flush();
        setStatus({ state: 'error', text: `Engine error: ${(e as Error).message}` });
      }
    } finally {
      window.clearTimeout(timer);
      setProgress(null);
    }
    return true;
  }, [busy, status.state, client, liveRun, scenario, flash, saveToHistory, editorRef, draftRef, nextRunRef, scenarioTextRef, setStatus, setProgress, setRuns, setCatalog, setErrors, setSel]);
}
