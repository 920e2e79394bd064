// The workbench's views on the right: the tab list and the panel of the tab
// shown, each view in its own error boundary.
import type { Host, RunSummary, SavedRun } from '../host';
import type { Activity, Catalog, Step, Trace } from '../model/types';
import type { ReportInputs } from '../reports/report';
import type { Comparable } from '../session';
import { Autotrace } from '../views/Autotrace';
import { StructureView } from '../views/StructureView';
import { FlameView } from '../views/FlameView';
import { CompareView } from '../views/CompareView';
import type { GetExecSamples } from '../views/CompareSamples';
import { HistoryView } from '../views/HistoryView';
import { ViewBoundary } from '../views/ViewBoundary';

export type TabId = 'autotrace' | 'structure' | 'flame' | 'compare' | 'history';
export const TABS: { id: TabId; label: string }[] = [
  { id: 'autotrace', label: 'Autotrace' }, { id: 'structure', label: 'Structure' }, { id: 'flame', label: 'Flame graph' },
  { id: 'compare', label: 'Compare' }, { id: 'history', label: 'History' },
];

export function ViewTabs({ tab, onTab, step, live, catalog, getTrace, getActivity, reportRef, items, compareKeys, onCompareKeys, getExecSamples, sweepMetric, onSweepMetric, host, history, historyError, onRefreshHistory, onLoadSaved, onOpenScript }: {
  tab: TabId; onTab(t: TabId): void;
  step: Step | null; live: boolean; catalog: Catalog | null; getTrace(step: Step): Promise<Trace | null>;
  getActivity?(step: Step): Promise<Activity | null>;
  reportRef: { current: () => Partial<ReportInputs> };
  items: Comparable[]; compareKeys: [string, string]; onCompareKeys(k: [string, string]): void; getExecSamples?: GetExecSamples;
  sweepMetric: string; onSweepMetric(m: string): void;
  host: Host; history: RunSummary[]; historyError: string | null;
  onRefreshHistory(): Promise<unknown>; onLoadSaved(saved: SavedRun): void; onOpenScript(saved: SavedRun): void;
}) {
  return (
    <div className="right">
      <div className="tabs" role="tablist" aria-label="Views">
        {TABS.map((t, i) => (
          <button key={t.id} role="tab" id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1} className="tab" title={`${t.label} (Alt+${i + 1})`} onClick={() => onTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const j = (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
                onTab(TABS[j].id); document.getElementById(`tab-${TABS[j].id}`)?.focus();
              }
            }}>{t.label}</button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={`tabpanel ${tab === 'autotrace' || tab === 'history' ? '' : 'fill'}`}>
        {/* Each view in its own boundary: one that fails says so in its panel; the editor and the steps stay. */}
        <ViewBoundary key={tab} view={TABS.find((t) => t.id === tab)?.label ?? tab}
          subject={tab === 'compare' ? 'these runs' : tab === 'history' ? 'the run history' : step ? `step #${step.index} (line ${step.line})` : 'this'}
          resetKey={tab === 'compare' ? compareKeys.join('|') : tab === 'history' ? history : step}>
        {tab === 'autotrace' && <Autotrace step={step} sweepMetric={sweepMetric} onSweepMetric={onSweepMetric} getActivity={live ? getActivity : undefined} />}
        {tab === 'structure' && <StructureView step={step} live={live} catalog={catalog} getTrace={getTrace} getActivity={getActivity} reportRef={reportRef} />}
        {tab === 'flame' && <FlameView step={step} items={items} reportRef={reportRef} />}
        {tab === 'compare' && <CompareView items={items} keys={compareKeys} onKeys={onCompareKeys} reportRef={reportRef} getExecSamples={getExecSamples} />}
        {tab === 'history' && <HistoryView host={host} runs={history} error={historyError}
          onRefresh={onRefreshHistory} onLoad={onLoadSaved} onOpenScript={onOpenScript} />}
        </ViewBoundary>
      </div>
    </div>
  );
}
