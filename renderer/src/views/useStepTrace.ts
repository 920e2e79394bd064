// The Structure view's inputs from outside: the trace of the step selected
// (loaded from the engine, which keeps its most recent steps' traces only),
// and a count of colour-scheme changes (each one repaints everything).
import { useEffect, useState } from 'react';
import type { Step, Trace } from '../model/types';
import type { TraceState } from './StructureParts';

export function useStepTrace(step: Step | null, live: boolean, getTrace: (step: Step) => Promise<Trace | null>): { trace: Trace | null; traceState: TraceState; traceError?: string } {
  // The trace loaded for a step; what shows is derived from the step selected now (a trace loaded
  // for another step is not this one's, and shows as loading until this one's arrives).
  const [loaded, setLoaded] = useState<{ step: Step; trace: Trace | null; state: 'ready' | 'evicted' | 'error'; error?: string } | null>(null);
  const wanted = !step ? 'none' : !live ? 'unavailable' : step.trace_events === 0 ? 'none' : 'loading';
  const mine = wanted === 'loading' && loaded?.step === step ? loaded : null;

  useEffect(() => {
    if (!step || !live || step.trace_events === 0) return;
    let stale = false;
    // The engine keeps the traces of its most recent steps only: null for an older step that had events.
    getTrace(step).then((t) => { if (!stale) setLoaded({ step, trace: t, state: t ? 'ready' : 'evicted' }); })
      .catch((e: unknown) => { if (!stale) setLoaded({ step, trace: null, state: 'error', error: (e as Error)?.message }); });
    return () => { stale = true; };
  }, [step, live, getTrace]);

  return { trace: mine?.trace ?? null, traceState: mine ? mine.state : wanted, traceError: mine?.error };
}

/** Counts the colour-scheme changes (light / dark). */
export function useThemeCount(): number {
  const [theme, setTheme] = useState(0);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const on = () => setTheme((t) => t + 1);
    mq?.addEventListener?.('change', on);
    return () => mq?.removeEventListener?.('change', on);
  }, []);
  return theme;
}
