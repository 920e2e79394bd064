// The workbench's toolbar: open a sample, run, cancel, the engine's status and
// progress, present, save, export, help.
import type { Progress } from '../engine/client';
import type { ExportKind, ScenarioInfo } from '../host';
import type { Step } from '../model/types';
import { ExportMenu, type CompareSide } from '../views/ExportMenu';
import type { Status } from './execute';

export function Toolbar({ scenarios, status, progress, selectedStep, compare, onOpen, onRun, onCancel, onPresent, onSave, onExport, onHelp }: {
  scenarios: ScenarioInfo[]; status: Status; progress: Progress | null; selectedStep: Step | null;
  /** The Compare view is shown (its waits can be exported; devices cannot). */
  compare: boolean;
  onOpen(name: string): void; onRun(mode: 'all' | 'statement'): void; onCancel(): void; onPresent(): void; onSave(): void;
  onExport(kind: ExportKind, side?: CompareSide, slide?: boolean): void; onHelp(): void;
}) {
  const busy = status.state === 'busy';
  return (
    <header className="toolbar" role="toolbar" aria-label="Workbench">
      <div className="brand"><span className="logo" aria-hidden="true" />LIO Lab</div>
      <label className="sr-only" htmlFor="sample">Open sample</label>
      <select id="sample" className="input" aria-label="Open sample" value="" onChange={(e) => onOpen(e.target.value)} disabled={busy}>
        <option value="">Open sample…</option>
        {scenarios.map((s) => <option key={s.name} value={s.name}>{s.name}{s.source === 'saved' ? ' (saved)' : ''}</option>)}
      </select>
      <span className="sep" />
      <button className="btn primary" onClick={() => onRun('all')} disabled={busy || status.state === 'loading'} title="Run the whole script on a fresh instance (Ctrl+Shift+Enter, F5)">
        Run all<span className="kbd">Ctrl⇧↵ · F5</span></button>
      <button className="btn" onClick={() => onRun('statement')} disabled={busy || status.state === 'loading'} title="Run the statement under the cursor (Ctrl+Enter)">
        Run statement<span className="kbd">Ctrl↵</span></button>
      {busy && <button className="btn danger" onClick={onCancel}>Cancel</button>}
      <div className="status" role="status" aria-live="polite">
        <span className={`dot ${status.state === 'busy' ? 'busy' : status.state}`} aria-hidden="true" />
        {!(progress && workText(progress)) && <span>{status.text}</span>}
        {progress && progress.total > 1 && (
          <>{!workText(progress) && <progress max={progress.total} value={progress.done} aria-label="Progress" />}<span className="mono" title="Steps done of the script's">{progress.done}/{progress.total}</span></>
        )}
        {progress && <WorkProgress progress={progress} />}
      </div>
      <button className="btn" onClick={onPresent} disabled={busy || status.state === 'loading'} title="Presenter mode: the demo's narration and views, full screen (docs/DEMOS.md)">Present</button>
      <button className="btn" onClick={onSave} title="Save the script as a named scenario">Save scenario…</button>
      <ExportMenu onExport={onExport} disabled={!selectedStep} sweep={!!selectedStep?.sweep} waits={!!selectedStep?.wait_histograms?.length || compare} devices={!!selectedStep?.devices?.length && !compare} compare={compare} why={!!selectedStep?.optimizer && !compare} />
      <button className="btn icon" onClick={onHelp} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">?</button>
    </header>
  );
}

/**
 * A long LAB RUN's executions so far, and the time left at its rate; `short`
 * is the same without words, for a toolbar too narrow for the long form.
 */
export function workText(p: Progress, short = false): string | null {
  if (p.executions === undefined || p.executed === undefined || p.executed >= p.executions) return null;
  const n = (v: number) => v.toLocaleString('en-US');
  if (short) return `${n(p.executed)} / ${n(p.executions)}${p.leftMs === undefined ? '' : ` · ${p.leftMs < 1500 ? '1' : n(Math.round(p.leftMs / 1000))} s left`}`;
  const left = p.leftMs === undefined ? '' : p.leftMs < 1500 ? ' · about a second left' : ` · about ${n(Math.round(p.leftMs / 1000))} s left`;
  return `${n(p.executed)} / ${n(p.executions)} executions${left}`;
}

/**
 * What the toolbar shows of `p` (the steps' count, a LAB RUN's executions and
 * time left, long and short): a progress report that leaves it the same is
 * not a render (see keepShown).
 */
export function progressShown(p: Progress | null): string {
  if (!p) return '';
  const work = workText(p);
  return `${p.done}/${p.total}|${work ?? ''}|${work ? workText(p, true) : ''}`;
}

/**
 * `set` (a React state setter of the toolbar's progress) for the engine's
 * reports: the state moves only when what the toolbar shows changes, so a
 * report that changes nothing on screen re-renders nothing.
 */
export function keepShown(set: (f: (prev: Progress | null) => Progress | null) => void): (p: Progress | null) => void {
  return (p) => set((prev) => (prev === p || progressShown(prev) !== progressShown(p) ? p : prev));
}

function WorkProgress({ progress }: { progress: Progress }) {
  const text = workText(progress);
  if (!text) return null;
  // Below 1500 px the bar and the words give way (styles.css), so the toolbar never wraps at 1280 or 1440.
  return (<><progress max={progress.executions} value={progress.executed} aria-label="Executions" />
    <span className="mono work-progress" title={text}><span className="wide">{text}</span><span className="narrow" aria-hidden="true">{workText(progress, true)}</span></span></>);
}
