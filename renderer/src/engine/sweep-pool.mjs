// LAB SWEEP points in parallel workers: the scheduling shared by the CLI
// (worker_threads, electron/sweep-pool-node.mjs) and the UI (Web Workers,
// sweep-worker.ts). The engine stops a script at a sweep and hands out its
// plan (`pendingSweep()`); the points run here, each in a worker with its own
// wasm instance on a fresh engine, and their runs go back to the engine
// (`resumeSweepJson`) in point order, which ends the step exactly as the
// serial sweep does (the engine builds both from the same runs).
//
// Budget (docs/MODEL.md, "Sweeps in parallel"):
// - memory: the plan's `memory_mb` (the script's max_memory_mb) is shared:
//   each of the n workers runs its points with `memory_cap_mb` = memory_mb / n,
//   and n is chosen so a share is at least twice what the scenario held when
//   the sweep began. A point refused for memory under its share runs again,
//   alone, with the whole budget once the others are done, so it answers as
//   the serial run would.
// - work: points' work counts in point order against `budget` (max_script_work);
//   once the points so far have passed it no further point starts (the engine
//   then stops the sweep where the serial run stops it).
// A worker that fails (a wasm trap) answers its point with `{"failed": line}`
// (the engine makes it LAB-00097 at the sweep's position); it is replaced and
// the other points run on. A worker that cannot load the engine at all (an
// error with `unavailable: true`) answers `null`: the engine runs that point
// itself, as a serial sweep would.

/** At most this many sweep workers, whatever the cores. */
export const SWEEP_WORKERS_MAX = 4;

/**
 * @typedef {object} SweepPlan  the engine's `pendingSweep()` JSON, parsed
 * @property {string} parameter
 * @property {number} budget
 * @property {number} memory_mb
 * @property {number} [scenario_mb]
 * @property {Record<string, unknown>} config
 * @property {{ value: number, setup: string, run: string }[]} points
 */

/**
 * @typedef {object} PointWorker  one worker with its own wasm instance
 * @property {(configJson: string, name: string, pointJson: string) => Promise<string>} run
 *   a point's run JSON; rejects when the worker failed (it is not used again), with
 *   `unavailable: true` when it could not load the engine
 * @property {() => void} terminate
 */

/**
 * How many workers a sweep gets: at most one a point, one a core and
 * SWEEP_WORKERS_MAX, and few enough that each worker's share of the memory
 * budget is at least twice the scenario's memory.
 * @param {{ points: number, cores: number, memoryMb: number, scenarioMb?: number, max?: number }} o
 */
export function sweepPoolSize({ points, cores, memoryMb, scenarioMb = 0, max = SWEEP_WORKERS_MAX }) {
  let n = Math.max(1, Math.min(points, cores, max));
  const need = Math.max(1, 2 * Math.ceil(scenarioMb));
  while (n > 1 && Math.floor(memoryMb / n) < need) n--;
  return n;
}

/** A worker's share of the memory budget, in MB (at least 1). */
/** @param {number} memoryMb @param {number} workers */
export function memoryShare(memoryMb, workers) {
  return Math.max(1, Math.floor(memoryMb / Math.max(1, workers)));
}

/**
 * Run a sweep plan's points on `size` workers from `spawn`. Resolves to the
 * JSON text of the runs array for `resumeSweepJson` (a point not run, past the
 * work budget, is `null`). Rejects with the signal's reason when aborted (all
 * workers terminated).
 * @param {SweepPlan} plan
 * @param {{ size: number, spawn: () => PointWorker, signal?: AbortSignal, onPoint?: (done: number, total: number) => void }} o
 * @returns {Promise<string>}
 */
export async function runSweepPlan(plan, { size, spawn, signal, onPoint }) {
  const total = plan.points.length;
  /** @type {(string | null)[]} */
  const runs = new Array(total).fill(null);
  /** @type {number[]} */
  const spent = new Array(total).fill(-1);
  const workers = Math.max(1, Math.min(size, total));
  const shared = workers > 1;
  const cappedConfig = JSON.stringify(shared ? { ...plan.config, memory_cap_mb: memoryShare(plan.memory_mb, workers) } : plan.config);
  const wholeConfig = JSON.stringify(plan.config);
  /** @type {Set<PointWorker>} */
  const live = new Set();
  const stopAll = () => { for (const w of live) w.terminate(); live.clear(); };
  const aborted = () => signal?.aborted === true;
  let next = 0;
  let done = 0;
  /** The points so far, in order, have passed the work budget: start no more. */
  const overBudget = () => {
    let sum = 0;
    for (let i = 0; i < total; i++) {
      if (spent[i] < 0) return false;
      sum += spent[i];
      if (sum > plan.budget) return true;
    }
    return false;
  };
  /** @type {number[]} */
  const again = [];
  /**
   * One point on worker `w` (replaced by a fresh one if it failed).
   * @param {{ w: PointWorker }} slot @param {number} i @param {string} config
   */
  const runOne = async (slot, i, config) => {
    try {
      const r = await slot.w.run(config, plan.parameter, JSON.stringify(plan.points[i]));
      return r;
    } catch (e) {
      if (aborted()) throw signal?.reason ?? e;
      // No worker can run points here: the engine runs this one itself.
      if (/** @type {{ unavailable?: boolean }} */ (e)?.unavailable) return 'null';
      live.delete(slot.w);
      slot.w.terminate();
      slot.w = spawn();
      live.add(slot.w);
      const msg = String(/** @type {Error} */ (e)?.message ?? e).split('\n')[0];
      return JSON.stringify({ failed: msg });
    }
  };
  /** The work a point's run spent (0 for a failed or unreadable run). @param {string} r */
  const spentOf = (r) => {
    try { return Number(JSON.parse(r).spent) || 0; } catch { return 0; }
  };
  /** @param {string} r @param {number} i */
  const record = (r, i) => {
    runs[i] = r === 'null' ? null : r;
    spent[i] = spentOf(r);
    done++;
    onPoint?.(done, total);
  };
  const onAbort = () => stopAll();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const lane = async () => {
      const slot = { w: spawn() };
      live.add(slot.w);
      while (next < total && !aborted() && !overBudget()) {
        const i = next++;
        const r = await runOne(slot, i, cappedConfig);
        if (aborted()) break;
        if (r === 'null') { record(r, i); spent[i] = 0; continue; }
        if (shared && /"memory_refused":true/.test(r)) { again.push(i); spent[i] = 0; continue; }
        record(r, i);
      }
      return slot;
    };
    const slots = await Promise.all(Array.from({ length: workers }, lane));
    if (aborted()) throw signal?.reason ?? new Error('the sweep was cancelled');
    // Points refused for memory under a share: again, one at a time, with the whole budget.
    again.sort((a, b) => a - b);
    for (const i of again) {
      if (aborted()) throw signal?.reason ?? new Error('the sweep was cancelled');
      record(await runOne(slots[0], i, wholeConfig), i);
    }
    // A point that never ran past the budget stays null; the engine stops the sweep before it.
    return `[${runs.map((r) => r ?? 'null').join(',')}]`;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stopAll();
  }
}
