// LAB SWEEP points on Web Workers (sweep-worker.ts), started by the engine
// worker; the scheduling and the budget split are sweep-pool.mjs's. The
// point workers are the engine worker's children: a cancel, which
// terminates the engine worker, stops them with it.
import { runSweepPlan, sweepPoolSize, type PointWorker } from './sweep-pool.mjs';
import type { PointReply, PointRequest } from './sweep-worker';

function spawnPointWorker(wasm: string): PointWorker {
  const worker = new Worker(new URL('./sweep-worker.ts', import.meta.url), { type: 'module', name: 'lio-sweep' });
  const pending = new Map<number, { resolve: (s: string) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  let ran = false;
  const die = (e: Error) => {
    if (dead) return;
    dead = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.onmessage = (ev: MessageEvent<PointReply>) => {
    const m = ev.data;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) {
      ran = true;
      p.resolve(m.run);
    } else {
      const e = Object.assign(new Error(m.error), { unavailable: Boolean(m.unavailable) });
      p.reject(e);
      die(e);
    }
  };
  worker.onerror = (ev) => {
    ev.preventDefault?.();
    // A worker script that never ran a point did not load: the engine runs the points itself.
    die(Object.assign(new Error(ev.message || 'the sweep worker failed'), { unavailable: !ran }));
  };
  return {
    run(config, name, point) {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, wasm, config, name, point } satisfies PointRequest);
      });
    },
    terminate() {
      die(new Error('the sweep worker was stopped'));
      worker.terminate();
    },
  };
}

/** Run a pending sweep's points (plan JSON) on Web Workers; the runs JSON for resumeSweep. */
export function runSweepOnWebWorkers(planJson: string, wasm: string): Promise<string> {
  const plan = JSON.parse(planJson);
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  const size = sweepPoolSize({ points: plan.points.length, cores, memoryMb: plan.memory_mb, scenarioMb: plan.scenario_mb });
  return runSweepPlan(plan, { size, spawn: () => spawnPointWorker(wasm) });
}
