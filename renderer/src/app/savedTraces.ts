// A saved run's traces on the host: sending them after the run is saved,
// and loading them back, a step's when a view asks for it (the catalog, which
// the structure view draws every step on, when the run is loaded).
import { useCallback, useMemo } from 'react';
import type { Host, SavedRun } from '../host';
import { CATALOG_PART, fromBase64, packRunTraces, SavedTraceError, toBase64, unpackCatalog, unpackTrace } from '../model/savedTraces';
import type { Catalog, Step, Trace } from '../model/types';
import type { SessionRun } from '../session';

/**
 * Pack a run's traces and send them to the host under its saved id. Resolves
 * to the sentences the save message adds (steps left out, and why); a part
 * the host refuses stops the sending and says so.
 */
export async function sendRunTraces(host: Pick<Host, 'putRunTrace'>, savedId: string | number, steps: Step[],
  getTrace: (index: number) => Promise<Trace | null>, catalog: Catalog | null, caps?: { step: number; run: number }): Promise<string[]> {
  const packed = await packRunTraces(steps, getTrace, catalog, caps);
  let sent = 0;
  for (const p of packed.parts) {
    try {
      await host.putRunTrace(savedId, { step: p.step, data: toBase64(p.data), raw_bytes: p.raw_bytes });
      sent++;
    } catch (e) {
      const left = packed.parts.slice(sent).filter((q) => q.step !== CATALOG_PART).length;
      return [...packed.notes, `traces of ${left} step${left === 1 ? '' : 's'} not kept: ${(e as Error).message}`];
    }
  }
  return packed.notes;
}

/** Loads a saved run's parts from the host, each once (a failed load is tried again next time). */
export function createSavedTraceLoader(host: Pick<Host, 'getRunTrace'>) {
  const cache = new Map<string, Promise<unknown>>();
  function once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      p.catch(() => cache.delete(key));
      cache.set(key, p);
    }
    return p;
  }
  const fetchPart = async (id: string | number, step: number) => {
    const t = await host.getRunTrace(id, step);
    if (!t || typeof t.data !== 'string') throw new SavedTraceError(step === CATALOG_PART ? 'the run\'s catalog was not kept with it' : `the trace of step #${step} was not kept with the saved run`);
    return fromBase64(t.data);
  };
  return {
    trace: (run: SessionRun, step: Step): Promise<Trace> => once(`${run.savedId}:${step.index}`, async () => {
      if (!run.traces?.some((t) => t.step === step.index)) {
        throw new SavedTraceError(`the trace of step #${step.index} was not kept with the saved run (it was over the size cap, or the engine no longer held it when the run was saved)`);
      }
      return unpackTrace(step.index, await fetchPart(run.savedId!, step.index));
    }),
    catalog: (saved: SavedRun): Promise<Catalog | null> => once(`${saved.id}:catalog`, async () =>
      (saved.traces?.some((t) => t.step === CATALOG_PART) ? unpackCatalog(await fetchPart(saved.id, CATALOG_PART)) : null)),
  };
}

/**
 * What the views get for the step selected: its trace (the engine's for a
 * session's run, the host's for a saved one), the catalog to draw it on, and
 * whether there is a trace to load at all.
 */
export function useSelectedTraces(host: Host, selectedRun: SessionRun | null, engineTrace: (step: Step) => Promise<Trace | null>, catalog: Catalog | null) {
  const loader = useMemo(() => createSavedTraceLoader(host), [host]);
  const saved = selectedRun?.source === 'history' ? selectedRun : null;
  const getTrace = useCallback((step: Step): Promise<Trace | null> => (saved ? loader.trace(saved, step) : engineTrace(step)), [saved, loader, engineTrace]);
  return {
    loader,
    getTrace,
    catalog: saved ? saved.catalog ?? null : catalog,
    traced: saved ? !!saved.catalog : !!selectedRun?.live,
  };
}
