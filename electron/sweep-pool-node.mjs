// LAB SWEEP points on worker_threads (electron/sweep-worker.mjs), for the
// engine worker of the CLI and Node tests. The scheduling and the budget
// split are renderer/src/engine/sweep-pool.mjs's.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { runSweepPlan, sweepPoolSize } from '../renderer/src/engine/sweep-pool.mjs';

const WORKER_URL = new URL('./sweep-worker.mjs', import.meta.url);

/** Cores this process may use. */
export function cores() {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * A point worker on a worker thread.
 * @param {{ trapPoints?: number[] }} [opts]  test hook: point values that trap
 * @returns {import('../renderer/src/engine/sweep-pool.mjs').PointWorker}
 */
export function spawnPointWorker(opts = {}) {
  const worker = new Worker(WORKER_URL, { workerData: { trapPoints: opts.trapPoints ?? [] } });
  /** @type {Map<number, { resolve: (s: string) => void, reject: (e: Error) => void }>} */
  const pending = new Map();
  let nextId = 1;
  /** @type {Error | null} */
  let dead = null;
  /** @param {Error} e */
  const die = (e) => {
    if (dead) return;
    dead = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m) => {
    if (m.type === 'failed') return die(Object.assign(new Error(m.error), { unavailable: true }));
    if (m.type === 'ready') return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.run);
    else { p.reject(new Error(m.error)); die(new Error(m.error)); }
  });
  worker.on('error', (e) => die(new Error(`the sweep worker failed: ${e.message}`)));
  worker.on('exit', (code) => die(new Error(`the sweep worker exited (code ${code})`)));
  return {
    run(config, name, point) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, config, name, point });
      });
    },
    terminate() {
      die(new Error('the sweep worker was stopped'));
      void worker.terminate();
    },
  };
}

/**
 * Run a pending sweep's points (the engine's `pendingSweep()` JSON) on worker
 * threads; the runs JSON for `resumeSweepJson`.
 * @param {string} planJson
 * @param {{ maxWorkers?: number, size?: number, trapPoints?: number[], signal?: AbortSignal, onSize?: (n: number) => void, onStart?: () => void }} [opts]
 *   size: exactly this many workers (tests), else sweepPoolSize's choice
 */
export function runSweepOnThreads(planJson, { maxWorkers, size: forced, trapPoints, signal, onSize } = {}) {
  const plan = JSON.parse(planJson);
  const size = forced ?? sweepPoolSize({ points: plan.points.length, cores: cores(), memoryMb: plan.memory_mb, scenarioMb: plan.scenario_mb, ...(maxWorkers ? { max: maxWorkers } : {}) });
  onSize?.(size);
  return runSweepPlan(plan, { size, spawn: () => spawnPointWorker({ trapPoints }), signal });
}

/**
 * Run a script on `engine` (engine.mjs LioEngine, config sweep_points_external),
 * each step's JSON to `onStepJson`; a LAB SWEEP's points run on worker threads.
 * Returns the header `{lio_lab, version}`.
 * @param {any} engine @param {string} text @param {(json: string) => void} onStepJson
 * @param {Parameters<typeof runSweepOnThreads>[1]} [opts]
 */
export async function execWithParallelSweeps(engine, text, onStepJson, opts = {}) {
  let header = engine.execStepsJson(text, onStepJson);
  for (let plan = engine.pendingSweep(); plan; plan = engine.pendingSweep()) {
    // The steps before the sweep leave now, not after its points.
    opts.onStart?.();
    const runs = await runSweepOnThreads(plan, opts);
    header = engine.resumeSweepJson(runs, onStepJson);
  }
  return header;
}
