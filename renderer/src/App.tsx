// The LIO Lab workbench: editor + executed steps on the left, views on the right.
// Its pieces are in app/: the draft, the scenarios, running the script, the run
// history, the engine's life, presenter mode, the toolbar and the views' tabs.
import { useCallback, useMemo, useRef, useState } from 'react';
import { createEngineClient, type Progress } from './engine/client';
import { getHost, type SavedRun } from './host';
import { stripBom } from './model/script.mjs';
import type { Catalog, Step, Trace } from './model/types';
import { fmtNum, fmtUs } from './model/stats';
import { Editor, type EditorApi, type EditorError } from './views/Editor';
import { StepsList } from './views/StepsList';
import { Notices, upsertNotice, type Notice } from './views/Notices';
import { comparables, type SessionRun } from './session';
import { Presenter } from './views/Presenter';
import { ViewBoundary } from './views/ViewBoundary';
import type { ReportInputs } from './reports/report';
import { useDraft } from './app/draft';
import { loadedText, useRunHistory } from './app/history';
import { useExecute, type Status } from './app/execute';
import { usePresenting } from './app/presenting';
import { useEngineLife } from './app/engine';
import { useScenarios } from './app/scenarios';
import { keepShown, Toolbar } from './app/Toolbar';
import { ViewTabs, type TabId } from './app/ViewTabs';
import { useShortcuts } from './app/shortcuts';
import { useExportReport } from './app/exportReport';
import { HelpDialog, SaveDialog } from './app/dialogs';
import { useSelectedTraces } from './app/savedTraces';
import { useExecSamples } from './app/execSamples';

/** Engine errors underlined in the editor, at most (the error bar counts them all). */
const MAX_DIAGNOSTICS = 1000;

export function App() {
  const host = useMemo(() => getHost(), []);
  const client = useMemo(() => createEngineClient(), []);
  const editorRef = useRef<EditorApi | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'loading', text: 'Loading engine…' });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [runs, setRuns] = useState<SessionRun[]>([]);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [sel, setSel] = useState<{ run: number; index: number } | null>(null);
  const [tab, setTab] = useState<TabId>('autotrace');
  const [errors, setErrors] = useState<EditorError[]>([]);
  const [toast, setToast] = useState<string | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [compareKeys, setCompareKeys] = useState<[string, string]>(['', '']);
  const [helpOpen, setHelpOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [sweepMetric, setSweepMetric] = useState('cg');
  const nextRunRef = useRef(1);
  const reportRef = useRef<() => Partial<ReportInputs>>(() => ({}));
  const busy = status.state === 'busy';

  const switchTab = useCallback((t: TabId) => { reportRef.current = () => ({}); setTab(t); }, []);
  const flash = useCallback((msg: string) => { setToast(msg); window.setTimeout(() => setToast((t) => (t === msg ? null : t)), 3000); }, []);
  const notify = useCallback((n: Notice) => setNotices((ns) => upsertNotice(ns, n)), []);
  const dismiss = useCallback((id: string) => setNotices((ns) => ns.filter((n) => n.id !== id)), []);
  const { initial, draftRef, storeDraft, onChange } = useDraft(notify, dismiss);
  const getText = useCallback(() => editorRef.current?.getText() ?? draftRef.current, [draftRef]);
  const { history, historyError, refresh, saveToHistory } = useRunHistory(host, setRuns, notify, dismiss);
  const { scenarios, scenario, setScenario, scenarioTextRef, openScenario, saveScenario } = useScenarios({ host, editorRef, draftRef, storeDraft, flash, setErrors });

  const liveRun = runs.find((r) => r.live) ?? null;
  const allSteps = useMemo(() => runs.flatMap((r) => r.steps.map((s) => ({ run: r, step: s }))), [runs]);
  const selected = useMemo(() => {
    if (!sel) return null;
    return allSteps.find((x) => x.run.id === sel.run && x.step.index === sel.index) ?? null;
  }, [allSteps, sel]);
  const selectedStep: Step | null = selected?.step ?? null;

  const execute = useExecute({ client, editorRef, draftRef, nextRunRef, scenarioTextRef, scenario, status, liveRun, flash, saveToHistory, setStatus, setProgress, setRuns, setCatalog, setErrors, setSel });
  const { presenting, present, runTo, rebuild, stopOnReplace, leave } = usePresenting({ getText, execute, flash, setErrors });
  useEngineLife({ client, setStatus, setRuns, notify, stopOnReplace });

  const cancel = useCallback(() => {
    setStatus({ state: 'busy', text: 'Cancelling: restoring engine state…' });
    client.cancel(keepShown(setProgress)).then(() => setStatus({ state: 'ready', text: 'Cancelled; engine state restored' }));
  }, [client]);

  const getTrace = useCallback((step: Step): Promise<Trace | null> => client.trace(step.index), [client]);
  const getActivity = useCallback((step: Step) => client.activity(step.index), [client]);
  // The views' trace and catalog: the engine's for this session's runs, the host's for a saved run.
  const shown = useSelectedTraces(host, selected?.run ?? null, getTrace, catalog);

  const exportReport = useExportReport({ reportRef, step: selectedStep, live: shown.traced, catalog: shown.catalog, getTrace: shown.getTrace, savedTrace: shown.loader.trace, compare: tab === 'compare', compareKeys, runs, sweepMetric, client, host, flash, notify });
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useShortcuts({ execute, busy, cancel, switchTab, openHelp });

  const items = useMemo(() => comparables(runs), [runs]);
  const getExecSamples = useExecSamples(runs, client, shown.loader.trace);
  const diagnostics = useMemo(() => errors.slice(0, MAX_DIAGNOSTICS), [errors]);
  const openScript = (saved: SavedRun) => { const t = stripBom(saved.script); editorRef.current?.setText(t); draftRef.current = t; setScenario(saved.title ?? null); };
  const loadSaved = (saved: SavedRun) => {
    const id = nextRunRef.current++;
    const traces = saved.traces?.filter((t) => t.step >= 0).length ?? 0;
    setRuns((rs) => [...rs, { id, label: `Saved ${saved.id}`, script: saved.script, version: saved.result?.lio_lab ?? '', steps: saved.result?.steps ?? [], live: false, source: 'history', savedId: saved.id, traces: saved.traces ?? [] }]);
    // The editor shows the run's script (an undoable edit: Ctrl+Z brings back what was there).
    const restored = stripBom(saved.script) !== getText();
    if (restored) openScript(saved);
    flash(loadedText(saved, traces, restored));
    // The catalog the structure view draws its steps on (the traces load when a step's view asks).
    shown.loader.catalog(saved).then((c) => { if (c) setRuns((rs) => rs.map((r) => (r.id === id ? { ...r, catalog: c } : r))); },
      (e: Error) => notify({ id: `saved-${id}`, tone: 'warning', text: `Saved run ${saved.id}: ${e.message}; its structures cannot be drawn.` }));
  };

  return (
    <div className="app">
      <Toolbar scenarios={scenarios} status={status} progress={progress} selectedStep={selectedStep} compare={tab === 'compare'}
        onOpen={openScenario} onRun={execute} onCancel={cancel} onPresent={present} onSave={() => setSaveOpen(true)} onExport={exportReport} onHelp={openHelp} />
      <Notices notices={notices} onDismiss={dismiss} />
      <main className="main">
        <div className="left">
          <section aria-label="Scenario editor" style={{ display: 'grid', gridTemplateRows: 'auto auto 1fr', minHeight: 0 }}>
            <div className="pane-title"><h2>Scenario</h2><span className="muted" style={{ textTransform: 'none', letterSpacing: 0 }}>{scenario ?? 'draft'} · draft kept in this browser</span></div>
            <Editor initial={initial} onChange={onChange} onRunAll={() => execute('all')} onRunStatement={() => execute('statement')} errors={diagnostics} apiRef={editorRef} />
          </section>
          {errors.length > 0
            ? <div className="errbar" role="alert">{errors[0].code} at line {errors[0].line}, column {errors[0].column}: {errors[0].message}{errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}</div>
            : <div />}
          <section aria-label="Executed statements" style={{ display: 'grid', gridTemplateRows: 'auto 1fr', minHeight: 0 }}>
            <div className="pane-title"><h2>Executed statements</h2><span className="spacer" />{liveRun && <span className="muted">{liveRun.label} · engine {liveRun.version}</span>}</div>
            <ViewBoundary view="Executed statements" subject="the steps" resetKey={runs}>
              <StepsList runs={runs} selected={sel} onSelect={(r, i) => setSel({ run: r, index: i })}
                onReveal={(s) => editorRef.current?.reveal(s.line, s.column)} />
            </ViewBoundary>
          </section>
        </div>
        <ViewTabs tab={tab} onTab={switchTab} step={selectedStep} live={shown.traced} catalog={shown.catalog} getTrace={shown.getTrace} getActivity={getActivity} reportRef={reportRef}
          items={items} compareKeys={compareKeys} onCompareKeys={setCompareKeys} getExecSamples={getExecSamples} sweepMetric={sweepMetric} onSweepMetric={setSweepMetric}
          host={host} history={history} historyError={historyError} onRefreshHistory={refresh} onLoadSaved={loadSaved} onOpenScript={openScript} />
      </main>

      <StatusFooter catalog={shown.catalog} saved={savedState(selected?.run ?? null)} step={selectedStep} desktop={host.kind === 'electron'} />

      {presenting && (
        <Presenter demo={presenting.demo} steps={presenting.upTo >= 0 ? liveRun?.steps ?? [] : []} runId={liveRun?.id ?? 0} live={!!liveRun} catalog={catalog}
          getTrace={getTrace} items={items} busy={busy} onRunTo={runTo} onExit={leave}
          stopped={presenting.stopped} builds={presenting.builds} onRebuild={rebuild} notice={toast} />
      )}
      {/* In presenter mode the message is in the slide's footer (Presenter's notice), clear of the caption and the slide. */}
      {toast && !presenting && <div className="toast" role="status">{toast}</div>}
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      {saveOpen && <SaveDialog initial={scenario ?? ''} onClose={() => setSaveOpen(false)} onSave={saveScenario} />}
    </div>
  );
}

type SavedState = 'live' | 'saved' | 'loading' | 'not kept';

/** Whether the selected run is the engine's or a saved one, and where its catalog is. */
function savedState(run: SessionRun | null): SavedState {
  if (!run || run.source !== 'history') return 'live';
  if (run.catalog) return 'saved';
  return run.traces?.some((t) => t.step < 0) ? 'loading' : 'not kept';
}

/** The footer: the instance's profile (the saved run's, for one loaded from History), the selected step's gets and time, where the workbench runs. */
function StatusFooter({ catalog, saved, step, desktop }: { catalog: Catalog | null; saved: SavedState; step: Step | null; desktop: boolean }) {
  const none = { live: 'No catalog yet', saved: 'No catalog yet', loading: 'Saved run: loading its catalog', 'not kept': 'Saved run: its catalog was not kept' }[saved];
  return (
    <footer className="footer">
      <span>{catalog ? `Oracle ${catalog.version} profile · ${catalog.block_size / 1024} KB blocks · ${catalog.segments.filter((s) => !s.dictionary).length} segments${saved === 'saved' ? ' (saved run)' : ''}` : none}</span>
      {step && <span className="mono">step #{step.index}: {fmtNum(step.stats['consistent gets'] ?? 0)} consistent gets · {fmtUs(step.elapsed_us)}</span>}
      <span className="spacer" style={{ flex: 1 }} />
      <span>{desktop ? 'Desktop' : 'Browser mode'}</span>
    </footer>
  );
}
