// The worker's 'exec': chunks run one after another, each step handed over as
// its statement ends (execSteps). Kept apart from worker.ts so tests can run
// it on a real engine in Node. See protocol.ts for the messages.
import { placeSteps } from '../model/script.mjs';
import type { ExecChunk, ExecDone, Reply } from './protocol';
import type { Catalog, ScriptResult, Step } from '../model/types';

export interface RunnableEngine {
  exec(script: string): ScriptResult;
  /** Each step as its statement ends; returns {lio_lab, version}. Absent on older engines. */
  execSteps?(script: string, onStep: (step: Step) => void): { lio_lab: string; version: string };
  catalog(): unknown;
  version?(): string;
  /** The LAB SWEEP the last script stopped at (config sweep_points_external): its plan JSON, or null. */
  pendingSweep?(): string | null;
  /** End the pending sweep with its points' runs (JSON text), then run the rest of the script. */
  resumeSweep?(runsJson: string, onStep: (step: Step) => void): { lio_lab: string; version: string };
}

/** Runs a sweep plan's points (in workers); the runs JSON for resumeSweep. */
export type SweepRunner = (planJson: string) => Promise<string>;

/** Steps finished mid-chunk are posted at least this often (ms), so the UI shows progress. */
export const STEP_FLUSH_MS = 100;

/**
 * Run `chunks`; post a 'steps' message per chunk (and `partial` ones while a
 * long chunk runs). On a trap the steps that finished before it are posted
 * first, then the error is rethrown: nothing that ran is lost.
 */
export function runChunks(
  engine: RunnableEngine,
  id: number,
  chunks: ExecChunk[],
  post: (m: Reply) => void,
  isTrap: (e: unknown) => boolean,
  now: () => number = () => performance.now(),
): ExecDone {
  const t0 = now();
  const total = chunks.reduce((n, c) => n + c.statements, 0);
  let version = '';
  try { version = engine.version?.() ?? ''; } catch { version = ''; }
  let done = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (!engine.execSteps) {
      const r = engine.exec(chunk.text);
      version = r.lio_lab;
      done += chunk.statements;
      post({ type: 'steps', id, chunk: i, steps: placeSteps(r.steps, chunk.line), version, done, total, label: chunk.label });
      continue;
    }
    const pending: Step[] = [];
    let last = now();
    const flush = (partial: boolean) =>
      post({ type: 'steps', id, chunk: i, steps: placeSteps(pending.splice(0), chunk.line), version, done, total, label: chunk.label, ...(partial ? { partial: true } : {}) });
    try {
      const header = engine.execSteps(chunk.text, (step) => {
        pending.push(step);
        if (now() - last >= STEP_FLUSH_MS) {
          flush(true);
          last = now();
        }
      });
      version = header.lio_lab;
    } catch (e) {
      // The steps before the failing statement leave first (a trap leaves JS running).
      if (pending.length) flush(true);
      throw e;
    }
    done += chunk.statements;
    flush(false);
  }
  let catalog: Catalog | null = null;
  try { catalog = engine.catalog() as Catalog | null; } catch (e) { if (isTrap(e)) throw e; }
  return { version, catalog, ms: now() - t0 };
}

/**
 * runChunks for an engine that leaves LAB SWEEP points to the host: at each
 * sweep the steps so far are posted, `runSweep` runs the points (in Web
 * Workers) and the script goes on. Without a pending sweep it is runChunks.
 */
export async function runChunksWithSweeps(
  engine: RunnableEngine,
  id: number,
  chunks: ExecChunk[],
  post: (m: Reply) => void,
  isTrap: (e: unknown) => boolean,
  runSweep: SweepRunner,
  now: () => number = () => performance.now(),
): Promise<ExecDone> {
  if (!engine.execSteps || !engine.pendingSweep || !engine.resumeSweep) return runChunks(engine, id, chunks, post, isTrap, now);
  const t0 = now();
  const total = chunks.reduce((n, c) => n + c.statements, 0);
  let version = '';
  try { version = engine.version?.() ?? ''; } catch { version = ''; }
  let done = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    const pending: Step[] = [];
    let last = now();
    const flush = (partial: boolean) =>
      post({ type: 'steps', id, chunk: i, steps: placeSteps(pending.splice(0), chunk.line), version, done, total, label: chunk.label, ...(partial ? { partial: true } : {}) });
    const onStep = (step: Step) => {
      pending.push(step);
      if (now() - last >= STEP_FLUSH_MS) {
        flush(true);
        last = now();
      }
    };
    try {
      let header = engine.execSteps(chunk.text, onStep);
      for (let plan = engine.pendingSweep(); plan; plan = engine.pendingSweep()) {
        // The steps before the sweep leave now; its points take a while.
        flush(true);
        const runs = await runSweep(plan);
        header = engine.resumeSweep(runs, onStep);
      }
      version = header.lio_lab;
    } catch (e) {
      if (pending.length) flush(true);
      throw e;
    }
    done += chunk.statements;
    flush(false);
  }
  let catalog: Catalog | null = null;
  try { catalog = engine.catalog() as Catalog | null; } catch (e) { if (isTrap(e)) throw e; catalog = null; }
  return { version, catalog, ms: now() - t0 };
}
