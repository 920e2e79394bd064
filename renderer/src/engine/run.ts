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
  /** A long LAB RUN's executions as it runs (done, total); null stops the reports. Absent on older engines. */
  setProgress?(onProgress: ((done: number, total: number) => void) | null): void;
}

/**
 * A long LAB RUN's executions are posted at most this often (ms), and its last
 * report: the engine reports every 1,024 executions or 262,144 units of work
 * (config.rs PROGRESS_WORK, a quarter second or less), which would be tens of
 * messages a second for short executions; the room needs a few a second (the
 * count moves at least every 500 ms), and each message is a render in the UI.
 */
export const WORK_POST_MS = 250;

/**
 * Post a long LAB RUN's executions as the engine reports them, at most every
 * WORK_POST_MS (and its last report), while the statement runs.
 */
function watchWork(engine: RunnableEngine, id: number, post: (m: Reply) => void, now: () => number): () => void {
  if (!engine.setProgress) return () => undefined;
  let last = -Infinity;
  engine.setProgress((executed, executions) => {
    const t = now();
    if (executed < executions && t - last < WORK_POST_MS) return;
    last = t;
    post({ type: 'work', id, executed, executions });
  });
  // After a trap the instance refuses every call: the trap is what the caller must see, not this.
  return () => { try { engine.setProgress?.(null); } catch { /* the engine stopped */ } };
}

/** Runs a sweep plan's points (in workers); the runs JSON for resumeSweep. */
export type SweepRunner = (planJson: string) => Promise<string>;

/** Steps finished mid-chunk are posted at least this often (ms), so the UI shows progress. */
export const STEP_FLUSH_MS = 100;

/** The engine's version, '' when it cannot say. */
function versionOf(engine: RunnableEngine): string {
  try { return engine.version?.() ?? ''; } catch { return ''; }
}

/** The catalogue after the run; a trap is rethrown, another failure is no catalogue. */
function catalogOf(engine: RunnableEngine, isTrap: (e: unknown) => boolean): Catalog | null {
  try { return engine.catalog() as Catalog | null; } catch (e) { if (isTrap(e)) throw e; return null; }
}

/**
 * A chunk's steps as they end: `add` keeps one and posts those kept (as
 * `partial`) at least every STEP_FLUSH_MS; `flush` posts those kept.
 */
function stepBatch(post: (m: Reply) => void, now: () => number, head: () => Omit<Extract<Reply, { type: 'steps' }>, 'steps' | 'partial'>, line: number) {
  const pending: Step[] = [];
  let last = now();
  const flush = (partial: boolean) =>
    post({ ...head(), steps: placeSteps(pending.splice(0), line), ...(partial ? { partial: true } : {}) });
  const add = (step: Step) => {
    pending.push(step);
    if (now() - last >= STEP_FLUSH_MS) {
      flush(true);
      last = now();
    }
  };
  return { add, flush, pendingCount: () => pending.length };
}

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
  let version = versionOf(engine);
  let done = 0;
  const unwatch = watchWork(engine, id, post, now);
  try {
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (!engine.execSteps) {
      const r = engine.exec(chunk.text);
      version = r.lio_lab;
      done += chunk.statements;
      post({ type: 'steps', id, chunk: i, steps: placeSteps(r.steps, chunk.line), version, done, total, label: chunk.label });
      continue;
    }
    const batch = stepBatch(post, now, () => ({ type: 'steps', id, chunk: i, version, done, total, label: chunk.label }), chunk.line);
    try {
      version = engine.execSteps(chunk.text, batch.add).lio_lab;
    } catch (e) {
      // The steps before the failing statement leave first (a trap leaves JS running).
      if (batch.pendingCount()) batch.flush(true);
      throw e;
    }
    done += chunk.statements;
    batch.flush(false);
  }
  } finally { unwatch(); }
  return { version, catalog: catalogOf(engine, isTrap), ms: now() - t0 };
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
  let version = versionOf(engine);
  let done = 0;
  const unwatch = watchWork(engine, id, post, now);
  try {
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    const batch = stepBatch(post, now, () => ({ type: 'steps', id, chunk: i, version, done, total, label: chunk.label }), chunk.line);
    try {
      let header = engine.execSteps(chunk.text, batch.add);
      for (let plan = engine.pendingSweep(); plan; plan = engine.pendingSweep()) {
        // The steps before the sweep leave now; its points take a while.
        batch.flush(true);
        const runs = await runSweep(plan);
        header = engine.resumeSweep(runs, batch.add);
      }
      version = header.lio_lab;
    } catch (e) {
      if (batch.pendingCount()) batch.flush(true);
      throw e;
    }
    done += chunk.statements;
    batch.flush(false);
  }
  } finally { unwatch(); }
  return { version, catalog: catalogOf(engine, isTrap), ms: now() - t0 };
}
