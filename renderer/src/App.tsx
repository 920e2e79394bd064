// The LIO Lab workbench: editor + executed steps on the left, views on the right.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createEngineClient, CancelledError, EngineStoppedError, type Progress } from './engine/client';
import { getHost, isDamagedHistory, keyedSave, type NewRun, type RunSummary, type ScenarioInfo, type ReportKind } from './host';
import { splitScript, statementAt, scriptChunks, stripBom } from './model/script.mjs';
import { fitForHistory, fmtBytes, utf8Bytes } from './model/saved';
import type { Catalog, Step, Trace } from './model/types';
import { fmtNum, fmtUs } from './model/stats';
import { Editor, type EditorApi, type EditorError } from './views/Editor';
import { Autotrace } from './views/Autotrace';
import { StepsList } from './views/StepsList';
import { StructureView } from './views/StructureView';
import { FlameView } from './views/FlameView';
import { CompareView } from './views/CompareView';
import { HistoryView } from './views/HistoryView';
import { ExportMenu } from './views/ExportMenu';
import { Notices, upsertNotice, type Notice } from './views/Notices';
import { comparables, runTitle, shortStmt, stepToShow, type SessionRun } from './session';
import { focusLine, parseDemo, type Demo } from './model/demo.mjs';
import { Presenter, type PresenterStop } from './views/Presenter';
import { ViewBoundary, viewFailuresForTest } from './views/ViewBoundary';
import { buildReport, type ReportInputs } from './reports/report';
import { useLatest } from './views/useLatest';

const DRAFT_KEY = 'lio.draft.v1';
/** Engine errors underlined in the editor, at most (the error bar counts them all). */
const MAX_DIAGNOSTICS = 1000;
/** Streamed steps reach the screen at most this often (ms). */
const STEPS_FLUSH_MS = 150;
const DEFAULT_SCRIPT = `-- LIO Lab: type SQL*Plus-style statements, then
--   Ctrl+Enter        run the statement under the cursor
--   Ctrl+Shift+Enter  run the whole script (fresh instance)
SET AUTOTRACE ON STATISTICS
SELECT 1 FROM dual;
`;

type TabId = 'autotrace' | 'structure' | 'flame' | 'compare' | 'history';
const TABS: { id: TabId; label: string }[] = [
  { id: 'autotrace', label: 'Autotrace' }, { id: 'structure', label: 'Structure' }, { id: 'flame', label: 'Flame graph' },
  { id: 'compare', label: 'Compare' }, { id: 'history', label: 'History' },
];

type Status = { state: 'loading' | 'ready' | 'busy' | 'error'; text: string };

function loadDraft(): string {
  try { return localStorage.getItem(DRAFT_KEY) ?? DEFAULT_SCRIPT; } catch { return DEFAULT_SCRIPT; }
}

export function App() {
  const host = useMemo(() => getHost(), []);
  const client = useMemo(() => createEngineClient(), []);
  const editor = useRef<EditorApi | null>(null);
  const initial = useMemo(() => loadDraft(), []);
  const draft = useRef(initial);
  const saveTimer = useRef<number | null>(null);

  const [status, setStatus] = useState<Status>({ state: 'loading', text: 'Loading engine…' });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [runs, setRuns] = useState<SessionRun[]>([]);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [sel, setSel] = useState<{ run: number; index: number } | null>(null);
  const [tab, setTab] = useState<TabId>('autotrace');
  const [errors, setErrors] = useState<EditorError[]>([]);
  const [scenarios, setScenarios] = useState<ScenarioInfo[]>([]);
  const [scenario, setScenario] = useState<string | null>(null);
  const scenarioText = useRef<string | null>(null);
  const [history, setHistory] = useState<RunSummary[]>([]);
  /** Why the run history could not be read (the History view shows it, with "Start a new history" when the file is damaged). */
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [compareKeys, setCompareKeys] = useState<[string, string]>(['', '']);
  const [helpOpen, setHelpOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [sweepMetric, setSweepMetric] = useState('cg');
  /**
   * Presenter mode: the demo, and the last statement run so far on its fresh instance (-1: none yet).
   * `stopped`: the engine died during the presentation (its instance is gone): nothing more runs
   * until the presenter rebuilds the demo up to a slide; `builds` counts those rebuilds.
   */
  const [presenting, setPresenting] = useState<{ demo: Demo; upTo: number; stopped: PresenterStop | null; builds: number } | null>(null);
  const presentingRef = useLatest(presenting);
  const nextRun = useRef(1);
  const reportRef = useRef<() => Partial<ReportInputs>>(() => ({}));
  const busy = status.state === 'busy';

  const switchTab = useCallback((t: TabId) => { reportRef.current = () => ({}); setTab(t); }, []);
  const flash = useCallback((msg: string) => { setToast(msg); window.setTimeout(() => setToast((t) => (t === msg ? null : t)), 3000); }, []);
  const notify = useCallback((n: Notice) => setNotices((ns) => upsertNotice(ns, n)), []);
  const dismiss = useCallback((id: string) => setNotices((ns) => ns.filter((n) => n.id !== id)), []);
  /** Keep the draft in this browser; when it does not fit, say so (once) rather than lose it on reload. */
  const draftWarned = useRef(false);
  const storeDraft = useCallback((text: string) => {
    try {
      localStorage.setItem(DRAFT_KEY, text);
      if (draftWarned.current) { draftWarned.current = false; dismiss('draft'); }
    } catch {
      if (draftWarned.current) return;
      draftWarned.current = true;
      notify({ id: 'draft', tone: 'warning', text: `This script (${fmtBytes(utf8Bytes(text))}) is too large to keep as a draft in this browser: it will not survive a reload. Keep a copy in a file.` });
    }
  }, [notify, dismiss]);

  /** Save a run to history; a failure stays on screen with its reason and a Retry. */
  const saveToHistory = useCallback((runId: number, run: NewRun) => {
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
        .then((saved) => {
          setRuns((rs) => rs.map((r) => (r.id === runId ? { ...r, savedId: saved?.id, saveError: undefined } : r)));
          if (fitted.notes.length) notify({ id, tone: 'warning', text: `Run ${runId} was saved to history as #${saved?.id ?? '?'}, in part: ${fitted.notes.join('; ')}.` });
          else dismiss(id);
          return host.listRuns().then((h) => { setHistory(h); setHistoryError(null); });
        }, (e: unknown) => failed((e as Error)?.message || String(e), attempt))
        .catch(() => { /* the list refreshes on the next save or with Refresh */ });
    };
    attempt();
  }, [host, notify, dismiss]);

  useEffect(() => {
    client.setOnReplaced((reason, running) => {
      setRuns((rs) => rs.map((r) => (r.live ? { ...r, live: false } : r)));
      const first = running?.label.replace(/;\s*$/, '') ?? '';
      const where = !running ? '' : running.statements > 1
        ? ` while running the ${running.statements} statements from line ${running.line} (${shortStmt(first, 48)} …)`
        : ` while running line ${running.line} (${shortStmt(first, 60)})`;
      notify({ id: 'engine-replaced', tone: 'error', text: `The engine stopped (${reason})${where}; a fresh engine was started, with an empty instance. Steps before the failure are kept.` });
      // A presentation stops there: its next slide would run on the empty instance (ORA-00942 on the projector).
      const p = presentingRef.current;
      if (p && !p.stopped && (p.upTo >= 0 || running)) {
        const stop: PresenterStop = { reason, line: running?.line ?? null, label: running ? shortStmt(first, 60) : null };
        setPresenting({ ...p, stopped: stop });
        presentingRef.current = { ...p, stopped: stop };
      }
    });
    // Test-only: the end-to-end tests kill the engine's worker mid-run.
    if (new URLSearchParams(window.location.search).has('lio-test')) {
      window.__lioTest = { killEngine: () => client.killForTest(), failView: viewFailuresForTest.fail, clearViewFailures: viewFailuresForTest.clear };
    }
    return () => { client.setOnReplaced(null); delete window.__lioTest; };
  }, [client, notify, presentingRef]);

  useEffect(() => {
    client.init().then(() => setStatus({ state: 'ready', text: 'Engine ready' }))
      .catch((e) => setStatus({ state: 'error', text: `Engine failed to load: ${e.message ?? e}` }));
    host.listScenarios().then(setScenarios).catch(() => setScenarios([]));
    host.listRuns().then((h) => { setHistory(h); setHistoryError(null); }).catch((e: Error) => { setHistory([]); setHistoryError(e.message); notify({ id: 'history', tone: 'error', text: `The run history could not be read: ${e.message}` }); });
    const save = () => storeDraft(draft.current);
    window.addEventListener('beforeunload', save);
    return () => { window.removeEventListener('beforeunload', save); client.dispose(); };
  }, [client, host, notify, storeDraft]);

  const onChange = useCallback((text: string) => {
    draft.current = text;
    if (saveTimer.current) window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => storeDraft(text), 250);
  }, [storeDraft]);

  const liveRun = runs.find((r) => r.live) ?? null;
  const allSteps = useMemo(() => runs.flatMap((r) => r.steps.map((s) => ({ run: r, step: s }))), [runs]);
  const selected = useMemo(() => {
    if (!sel) return null;
    return allSteps.find((x) => x.run.id === sel.run && x.step.index === sel.index) ?? null;
  }, [allSteps, sel]);
  const selectedStep: Step | null = selected?.step ?? null;
  const selectedLive = !!selected?.run.live;

  /**
   * Run the script ('all', on a fresh instance) or the statement under the
   * cursor / the selection ('statement'); `only` runs the statements inside
   * [from, to) instead (presenter mode), on a fresh instance when `fresh`.
   * Resolves false when nothing ran (busy, or nothing to run).
   */
  const execute = useCallback(async (mode: 'all' | 'statement', only?: { from: number; to: number; fresh: boolean }): Promise<boolean> => {
    if (busy || status.state === 'loading') return false;
    const text = editor.current?.getText() ?? draft.current;
    const stmts = splitScript(text);
    let chosen = stmts;
    if (only) chosen = stmts.filter((s) => s.from >= only.from && s.to <= only.to);
    else if (mode === 'statement') {
      const selRange = editor.current?.selection();
      if (selRange && selRange.to > selRange.from) chosen = stmts.filter((s) => s.to > selRange.from && s.from < selRange.to);
      else { const one = statementAt(stmts, editor.current?.cursor() ?? 0); chosen = one ? [one] : []; }
    }
    if (chosen.length === 0) { flash('Nothing to run.'); return false; }
    setStatus({ state: 'busy', text: mode === 'all' ? 'Running script…' : 'Running statement…' });
    setProgress({ done: 0, total: chosen.length, label: '' });
    const t0 = performance.now();
    // Steps reach the run as the worker sends them, so they stay on screen whatever happens next.
    const fresh = mode === 'all' || !liveRun || !!only?.fresh;
    const runId = fresh ? nextRun.current++ : liveRun.id;
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
    const title = runTitle(text, scenarioText.current === text ? scenario : null);
    try {
      if (mode === 'all' || only?.fresh) await client.reset();
      if (fresh) {
        const run: SessionRun = { id: runId, label: `Run ${runId}`, script: text, version, steps: [], live: true, source: 'session' };
        setRuns((rs) => [...rs.map((r) => ({ ...r, live: false })), run]);
      }
      // 'Run all' sends every character of the script (as one call would); a statement run sends just it.
      const chunks = scriptChunks(text, chosen, mode === 'all' ? { start: 0, end: text.length } : {});
      const v = await client.exec(chunks, {
        onProgress: setProgress,
        onSteps: (steps, ver) => {
          version = ver;
          for (const s of steps) { received.push(s); queued.push(s); }
          if (!timer) timer = window.setTimeout(flush, STEPS_FLUSH_MS);
        },
      });
      setCatalog(v.catalog);
      const done = finish(v.result.steps, '');
      if (mode === 'all') saveToHistory(runId, { title, script: text, result: v.result });
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
  }, [busy, status.state, client, liveRun, scenario, flash, saveToHistory]);

  /** Presenter mode: the script's demo beats as slides, on this script's latest Run all (run first if needed). */
  const present = useCallback(async () => {
    const text = editor.current?.getText() ?? draft.current;
    const demo = parseDemo(text);
    if (demo.errors.length) {
      const e = demo.errors[0];
      setErrors(demo.errors.map((x) => ({ ...x })));
      flash(`${e.code} at line ${e.line}, column ${e.column}: ${e.message}`);
      return;
    }
    setPresenting({ demo, upTo: -1, stopped: null, builds: 0 });
  }, [flash]);

  /** Presenter mode runs the demo as it goes: up to statement k, from where it stands (a fresh instance first). */
  const runTo = useCallback(async (k: number) => {
    const p = presentingRef.current;
    const st = p?.demo.statements ?? [];
    const last = Math.min(k, st.length - 1);
    if (!p || p.stopped || last <= p.upTo) return;
    const ran = await execute('statement', { from: st[p.upTo + 1].from, to: st[last].to, fresh: p.upTo < 0 });
    // Not when the engine stopped meanwhile (onReplaced marked the presentation stopped: another object).
    if (ran && presentingRef.current === p) setPresenting({ ...p, upTo: last });
  }, [execute, presentingRef]);

  /** After a stop: a fresh engine, and the demo run again from its first statement (the slide then runs up to its own). */
  const rebuild = useCallback(() => {
    const p = presentingRef.current;
    if (!p) return;
    const next = { ...p, upTo: -1, stopped: null, builds: p.builds + 1 };
    presentingRef.current = next;
    setPresenting(next);
  }, [presentingRef]);

  const cancel = useCallback(() => {
    setStatus({ state: 'busy', text: 'Cancelling: restoring engine state…' });
    client.cancel(setProgress).then(() => setStatus({ state: 'ready', text: 'Cancelled; engine state restored' }));
  }, [client]);

  const openScenario = useCallback(async (name: string) => {
    if (!name) return;
    try {
      const s = await host.openScenario(name);
      const before = editor.current?.getText() ?? draft.current;
      if (before.trim() && before !== scenarioText.current && before !== DEFAULT_SCRIPT) {
        try { localStorage.setItem(`${DRAFT_KEY}.previous`, before); } catch { /* quota */ }
      }
      const script = stripBom(s.script);
      editor.current?.setText(script);
      draft.current = script;
      storeDraft(script);
      setScenario(s.name);
      scenarioText.current = script;
      setErrors([]);
      flash(`Opened “${s.name}”. Run it with Ctrl+Shift+Enter. Your previous text: Ctrl+Z in the editor.`);
    } catch (e) { flash(`Could not open ${name}: ${(e as Error).message}`); }
  }, [host, flash, storeDraft]);

  const getTrace = useCallback((step: Step): Promise<Trace | null> => client.trace(step.index), [client]);

  const exportReport = useCallback(async (kind: ReportKind) => {
    const fromView = reportRef.current();
    const inputs = { ...fromView, step: selectedStep, catalog, compare: tab === 'compare' ? fromView.compare ?? null : null, waitSeries: tab === 'compare' ? fromView.waitSeries ?? null : null, sweepMetric } as ReportInputs;
    try {
      if (kind === 'structure' || kind === 'report') {
        if (selectedStep && selectedLive && selectedStep.trace_events > 0 && !inputs.trace) inputs.trace = await client.trace(selectedStep.index);
      }
      const { svg, name } = buildReport(kind, inputs);
      const r = await host.exportReport({ kind, svg, suggestedName: name });
      if (r.copyError) notify({ id: 'export', tone: 'warning', text: `Downloaded ${name}; the host could not keep a copy in its exports folder: ${r.copyError}` });
      else flash(r.canceled ? 'Export cancelled.' : r.path ? `Exported ${name} to ${r.path}` : `Exported ${name}`);
    } catch (e) { flash(`Export failed: ${(e as Error).message}`); }
  }, [selectedStep, selectedLive, catalog, client, host, flash, notify, tab, sweepMetric]);

  // Global shortcuts.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === 'F5') { e.preventDefault(); execute('all'); }
      else if (mod && e.key === 'Enter' && !(e.target as HTMLElement)?.closest?.('.cm-editor')) { e.preventDefault(); execute(e.shiftKey ? 'all' : 'statement'); }
      else if (e.altKey && /^[1-5]$/.test(e.key)) { e.preventDefault(); switchTab(TABS[Number(e.key) - 1].id); }
      else if (e.key === 'Escape' && busy) cancel();
      else if (e.key === '?' && !(e.target as HTMLElement)?.closest?.('input, textarea, .cm-editor, select')) setHelpOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [execute, busy, cancel, switchTab]);

  const items = useMemo(() => comparables(runs), [runs]);
  const diagnostics = useMemo(() => errors.slice(0, MAX_DIAGNOSTICS), [errors]);

  return (
    <div className="app">
      <header className="toolbar" role="toolbar" aria-label="Workbench">
        <div className="brand"><span className="logo" aria-hidden="true" />LIO Lab</div>
        <label className="sr-only" htmlFor="sample">Open sample</label>
        <select id="sample" className="input" aria-label="Open sample" value="" onChange={(e) => openScenario(e.target.value)} disabled={busy}>
          <option value="">Open sample…</option>
          {scenarios.map((s) => <option key={s.name} value={s.name}>{s.name}{s.source === 'saved' ? ' (saved)' : ''}</option>)}
        </select>
        <span className="sep" />
        <button className="btn primary" onClick={() => execute('all')} disabled={busy || status.state === 'loading'} title="Run the whole script on a fresh instance (Ctrl+Shift+Enter, F5)">
          Run all<span className="kbd">Ctrl⇧↵ · F5</span></button>
        <button className="btn" onClick={() => execute('statement')} disabled={busy || status.state === 'loading'} title="Run the statement under the cursor (Ctrl+Enter)">
          Run statement<span className="kbd">Ctrl↵</span></button>
        {busy && <button className="btn danger" onClick={cancel}>Cancel</button>}
        <div className="status" role="status" aria-live="polite">
          <span className={`dot ${status.state === 'busy' ? 'busy' : status.state}`} aria-hidden="true" />
          <span>{status.text}</span>
          {progress && progress.total > 1 && (
            <><progress max={progress.total} value={progress.done} aria-label="Progress" /><span className="mono">{progress.done}/{progress.total}</span></>
          )}
        </div>
        <span className="spacer" />
        <button className="btn" onClick={present} disabled={busy || status.state === 'loading'} title="Presenter mode: the demo's narration and views, full screen (docs/DEMOS.md)">Present</button>
        <button className="btn" onClick={() => setSaveOpen(true)} title="Save the script as a named scenario">Save scenario…</button>
        <ExportMenu onExport={exportReport} disabled={!selectedStep} sweep={!!selectedStep?.sweep} waits={!!selectedStep?.wait_histograms?.length || tab === 'compare'} devices={!!selectedStep?.devices?.length && tab !== 'compare'} />
        <button className="btn icon" onClick={() => setHelpOpen(true)} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">?</button>
      </header>

      <Notices notices={notices} onDismiss={dismiss} />
      <main className="main">
        <div className="left">
          <section aria-label="Scenario editor" style={{ display: 'grid', gridTemplateRows: 'auto auto 1fr', minHeight: 0 }}>
            <div className="pane-title"><h2>Scenario</h2><span className="muted" style={{ textTransform: 'none', letterSpacing: 0 }}>{scenario ?? 'draft'} · draft kept in this browser</span></div>
            <Editor initial={initial} onChange={onChange} onRunAll={() => execute('all')} onRunStatement={() => execute('statement')} errors={diagnostics} apiRef={editor} />
          </section>
          {errors.length > 0
            ? <div className="errbar" role="alert">{errors[0].code} at line {errors[0].line}, column {errors[0].column}: {errors[0].message}{errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}</div>
            : <div />}
          <section aria-label="Executed statements" style={{ display: 'grid', gridTemplateRows: 'auto 1fr', minHeight: 0 }}>
            <div className="pane-title"><h2>Executed statements</h2><span className="spacer" />{liveRun && <span className="muted">{liveRun.label} · engine {liveRun.version}</span>}</div>
            <ViewBoundary view="Executed statements" subject="the steps" resetKey={runs}>
              <StepsList runs={runs} selected={sel} onSelect={(r, i) => setSel({ run: r, index: i })}
                onReveal={(s) => editor.current?.reveal(s.line, s.column)} />
            </ViewBoundary>
          </section>
        </div>

        <div className="right">
          <div className="tabs" role="tablist" aria-label="Views">
            {TABS.map((t, i) => (
              <button key={t.id} role="tab" id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} aria-selected={tab === t.id}
                tabIndex={tab === t.id ? 0 : -1} className="tab" title={`${t.label} (Alt+${i + 1})`} onClick={() => switchTab(t.id)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                    const j = (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
                    switchTab(TABS[j].id); document.getElementById(`tab-${TABS[j].id}`)?.focus();
                  }
                }}>{t.label}</button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={`tabpanel ${tab === 'autotrace' || tab === 'history' ? '' : 'fill'}`}>
            {/* Each view in its own boundary: one that fails says so in its panel; the editor and the steps stay. */}
            <ViewBoundary key={tab} view={TABS.find((t) => t.id === tab)?.label ?? tab}
              subject={tab === 'compare' ? 'these runs' : tab === 'history' ? 'the run history' : selectedStep ? `step #${selectedStep.index} (line ${selectedStep.line})` : 'this'}
              resetKey={tab === 'compare' ? compareKeys.join('|') : tab === 'history' ? history : selectedStep}>
            {tab === 'autotrace' && <Autotrace step={selectedStep} sweepMetric={sweepMetric} onSweepMetric={setSweepMetric} />}
            {tab === 'structure' && <StructureView step={selectedStep} live={selectedLive} catalog={catalog} getTrace={getTrace} reportRef={reportRef} />}
            {tab === 'flame' && <FlameView step={selectedStep} items={items} reportRef={reportRef} />}
            {tab === 'compare' && <CompareView items={items} keys={compareKeys} onKeys={setCompareKeys} reportRef={reportRef} />}
            {tab === 'history' && <HistoryView host={host} runs={history} error={historyError}
              onRefresh={() => host.listRuns().then((h) => { setHistory(h); setHistoryError(null); dismiss('history'); }, (e: Error) => { setHistoryError(e.message); notify({ id: 'history', tone: 'error', text: `The run history could not be read: ${e.message}` }); })}
              onLoad={(saved) => {
                const id = nextRun.current++;
                setRuns((rs) => [...rs, { id, label: `Saved ${saved.id}`, script: saved.script, version: saved.result?.lio_lab ?? '', steps: saved.result?.steps ?? [], live: false, source: 'history', savedId: saved.id }]);
                flash(`Loaded saved run ${saved.id} (${saved.title ?? ''}): its steps can be selected and compared.`);
              }}
              onOpenScript={(saved) => { const t = stripBom(saved.script); editor.current?.setText(t); draft.current = t; setScenario(saved.title ?? null); }} />}
            </ViewBoundary>
          </div>
        </div>
      </main>

      <footer className="footer">
        <span>{catalog ? `Oracle ${catalog.version} profile · ${catalog.block_size / 1024} KB blocks · ${catalog.segments.filter((s) => !s.dictionary).length} segments` : 'No catalog yet'}</span>
        {selectedStep && <span className="mono">step #{selectedStep.index}: {fmtNum(selectedStep.stats['consistent gets'] ?? 0)} consistent gets · {fmtUs(selectedStep.elapsed_us)}</span>}
        <span className="spacer" style={{ flex: 1 }} />
        <span>{host.kind === 'electron' ? 'Desktop' : 'Browser mode'}</span>
      </footer>

      {presenting && (
        <Presenter demo={presenting.demo} steps={presenting.upTo >= 0 ? liveRun?.steps ?? [] : []} runId={liveRun?.id ?? 0} live={!!liveRun} catalog={catalog}
          getTrace={getTrace} items={items} busy={busy} onRunTo={runTo} onExit={() => setPresenting(null)}
          stopped={presenting.stopped} builds={presenting.builds} onRebuild={rebuild} />
      )}
      {/* In presenter mode the toast moves to the top right, clear of the slide controls. */}
      {toast && <div className={presenting ? 'toast toast-top' : 'toast'} role="status">{toast}</div>}
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      {saveOpen && <SaveDialog initial={scenario ?? ''} onClose={() => setSaveOpen(false)} onSave={async (name) => {
        const script = editor.current?.getText() ?? draft.current;
        await host.saveScenario({ name, script });
        setScenario(name); scenarioText.current = script;
        host.listScenarios().then(setScenarios).catch(() => undefined);
        flash(`Saved scenario “${name}”.`);
      }} />}
    </div>
  );
}

function SaveDialog({ initial, onClose, onSave }: { initial: string; onClose(): void; onSave(name: string): Promise<void> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(initial);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => { ref.current?.showModal(); }, []);
  return (
    <dialog ref={ref} className="help" aria-label="Save scenario" onClose={onClose}>
      <form onSubmit={async (e) => {
        e.preventDefault();
        try { await onSave(name.trim()); ref.current?.close(); } catch (x) { setErr((x as Error).message); }
      }}>
        <h2 style={{ marginTop: 0, fontSize: 15 }}>Save scenario</h2>
        <label style={{ display: 'grid', gap: 4 }}>Name
          <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} pattern="[A-Za-z0-9][A-Za-z0-9 _.\-]*" maxLength={80} required style={{ width: 320 }} />
        </label>
        <div className="muted" style={{ fontSize: 11, marginTop: 4 }}>Letters, digits, space, _ . - (a saved scenario shadows a sample of the same name)</div>
        {err && <div className="error-box" role="alert">{err}</div>}
        <div style={{ textAlign: 'right', marginTop: 10, display: 'flex', gap: 6, justifyContent: 'flex-end' }}>
          <button type="button" className="btn" onClick={() => ref.current?.close()}>Cancel</button>
          <button type="submit" className="btn primary">Save</button>
        </div>
      </form>
    </dialog>
  );
}

function HelpDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => { ref.current?.showModal(); }, []);
  const rows: [string, string][] = [
    ['Ctrl/Cmd + Enter', 'Run the statement under the cursor (or the selection)'],
    ['Ctrl/Cmd + Shift + Enter, F5', 'Run the whole script on a fresh instance'],
    ['Esc', 'Cancel a running script'], ['Alt + 1…5', 'Switch view'],
    ['Space', 'Play / pause the trace (Structure view)'], ['← / →', 'Step back / forward one event'],
    ['Home / End', 'First / last event'], ['?', 'This help'],
  ];
  return (
    <dialog ref={ref} className="help" aria-label="Keyboard shortcuts" onClose={onClose}>
      <h2 style={{ marginTop: 0, fontSize: 15 }}>Keyboard shortcuts</h2>
      <table><tbody>{rows.map(([k, v]) => <tr key={k}><td className="mono">{k}</td><td>{v}</td></tr>)}</tbody></table>
      <form method="dialog" style={{ textAlign: 'right', marginTop: 10 }}><button className="btn">Close</button></form>
    </dialog>
  );
}
