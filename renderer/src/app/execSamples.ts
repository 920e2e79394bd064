// Compare's per-execution samples: a side's LAB RUN step's figures per
// execution, from its trace (the engine's for the live run, the host's for a
// saved one; trace/samples.rs keeps them).
import { useCallback } from 'react';
import type { EngineClient } from '../engine/client';
import type { Comparable, SessionRun } from '../session';
import type { ExecSamples } from '../model/execSamples';
import type { Step, Trace } from '../model/types';

export function useExecSamples(runs: SessionRun[], client: Pick<EngineClient, 'trace'>, savedTrace: (run: SessionRun, step: Step) => Promise<Trace>) {
  return useCallback(async (c: Comparable): Promise<ExecSamples | null> => {
    const run = runs.find((r) => r.id === c.source?.run);
    const step = run?.steps.find((s) => s.index === c.source?.step);
    if (!run || !step) return null;
    if (!run.live && run.source !== 'history') throw new Error('its run is no longer in the engine (run it again, or load it from History)');
    const t = run.source === 'history' ? await savedTrace(run, step) : await client.trace(step.index);
    return t?.exec_samples ?? null;
  }, [runs, client, savedTrace]);
}
