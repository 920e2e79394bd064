// LAB SWEEP points in parallel worker threads (issue 29): the same steps,
// byte for byte, as the serial sweep; a point whose worker traps is that
// point's error and the others still return; the memory budget is shared.
import fs from 'node:fs';
import { describe, it, expect } from 'vitest';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';
import { execWithParallelSweeps, runSweepOnThreads } from '../../electron/sweep-pool-node.mjs';
import { startEngineWorker } from '../../electron/engine-node.mjs';
import { memoryShare, runSweepPlan, sweepPoolSize, SWEEP_WORKERS_MAX } from '../../renderer/src/engine/sweep-pool.mjs';

const HASHKEYS = `create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
insert into t3 select level, 'v' || level from dual connect by level <= 2000;
commit;
exec dbms_stats.gather_table_stats(user, 'T3')
LAB SWEEP HASHKEYS FROM 10 TO 10000 FACTOR 10 RUN 'select value from t3 where key = :1' BIND 1 TO 200 VIA jdbc_thin RUNS 3;
select count(*) from t3;
LAB SWEEP ARRAYSIZE FROM 1 TO 50 STEP 7 RUN 'select value from t3 where key <= 100' VIA jdbc_thin;
`;

/** The steps' JSON texts of a serial run (the engine runs the points itself). */
async function serial(script, config = {}) {
  const e = await loadEngine(undefined, config);
  const steps = [];
  e.execStepsJson(script, (j) => steps.push(j));
  expect(e.pendingSweep()).toBeNull();
  e.free();
  return steps;
}

/** The same on an engine that leaves the points to worker threads. */
async function parallel(script, opts = {}, config = {}) {
  const e = await loadEngine(undefined, { ...config, sweep_points_external: true });
  const steps = [];
  await execWithParallelSweeps(e, script, (j) => steps.push(j), opts);
  e.free();
  return steps;
}

describe('LAB SWEEP in parallel worker threads', () => {
  it('gives the serial run\'s steps byte for byte, and the script goes on after the sweep', async () => {
    const a = await serial(HASHKEYS);
    const sizes = [];
    const b = await parallel(HASHKEYS, { size: 2, onSize: (n) => sizes.push(n) });
    expect(sizes).toEqual([2, 2]);
    expect(b).toEqual(a);
    const steps = b.map((j) => JSON.parse(j));
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const sweep = steps[5];
    expect(sweep.error).toBeNull();
    expect(sweep.sweep.points.map((p) => p.value)).toEqual([10, 100, 1000, 10000]);
    expect(sweep.sweep.points.every((p) => !p.error && p.stats['consistent gets'] > 0)).toBe(true);
    expect(steps[6].rows).toEqual([[2000]]);
    expect(steps[7].sweep.points.map((p) => p.value)).toEqual([1, 8, 15, 22, 29, 36, 43, 50]);
    // Three workers for four points: the merge is still in point order.
    expect(await parallel(HASHKEYS, { size: 3 })).toEqual(a);
  });

  it('through the CLI\'s engine worker: the same steps as the serial sweep', async () => {
    const run = async (workers) => {
      const before = process.env.LIO_SWEEP_WORKERS;
      process.env.LIO_SWEEP_WORKERS = workers;
      const w = startEngineWorker();
      try {
        await w.ready;
        const steps = [];
        await w.exec(HASHKEYS, (s) => steps.push(s));
        return steps;
      } finally {
        w.terminate();
        if (before === undefined) delete process.env.LIO_SWEEP_WORKERS;
        else process.env.LIO_SWEEP_WORKERS = before;
      }
    };
    const one = await run('1');
    const two = await run('2');
    expect(two).toEqual(one);
    expect(two[5].sweep.points).toHaveLength(4);
  });

  it('a point whose worker traps is that point\'s error, at the sweep\'s position; the others return', async () => {
    const a = (await serial(HASHKEYS)).map((j) => JSON.parse(j));
    const b = (await parallel(HASHKEYS, { size: 2, trapPoints: [100] })).map((j) => JSON.parse(j));
    const pts = b[5].sweep.points;
    expect(pts.map((p) => p.value)).toEqual([10, 100, 1000, 10000]);
    expect(pts[1].error).toEqual({
      code: 'LAB-00097',
      message: expect.stringMatching(/^the engine failed at this point \(RuntimeError: unreachable[^)]*\); the other points ran$/),
      line: 6,
      column: 11,
    });
    for (const i of [0, 2, 3]) expect(pts[i]).toEqual(a[5].sweep.points[i]);
    expect(b[5].output.join('\n')).toMatch(/^ +100 {2}LAB-00097: the engine failed at this point/m);
    // The worker that trapped was replaced: the script ran on, and the next sweep too.
    expect(b[6].rows).toEqual([[2000]]);
    expect(b[7]).toEqual(a[7]);
  });

  it('shares the memory budget: n workers get max_memory_mb / n each, and fewer workers when the scenario is large', () => {
    expect(sweepPoolSize({ points: 20, cores: 2, memoryMb: 1024, scenarioMb: 1 })).toBe(2);
    expect(sweepPoolSize({ points: 20, cores: 16, memoryMb: 1024, scenarioMb: 1 })).toBe(SWEEP_WORKERS_MAX);
    expect(sweepPoolSize({ points: 3, cores: 16, memoryMb: 1024, scenarioMb: 1 })).toBe(3);
    // A 300 MB scenario: a worker's share must be at least 600 MB, so one worker (the serial run).
    expect(sweepPoolSize({ points: 20, cores: 16, memoryMb: 1024, scenarioMb: 300 })).toBe(1);
    expect(sweepPoolSize({ points: 20, cores: 16, memoryMb: 1500, scenarioMb: 300 })).toBe(2);
    expect(sweepPoolSize({ points: 20, cores: 16, memoryMb: 3072, scenarioMb: 300 })).toBe(4);
    expect(memoryShare(1024, 4)).toBe(256);
    expect(memoryShare(1025, 2)).toBe(512);
  });

  it('a point refused for memory under its share runs again alone with the whole budget: the serial answer', async () => {
    // About 4.5 MB of rows under an 8 MB budget: with 4 workers a share is 2 MB, too small for the scenario.
    // (Each pad differs: packed rows hold a repeated long string once.)
    const script = `LAB SET max_memory_mb = 8;
create table t (id number, pad varchar2(100));
insert into t select level, rpad(level, 100, 'x') from dual connect by level <= 40000;
commit;
LAB SWEEP ARRAYSIZE FROM 10 TO 40 STEP 10 RUN 'select id from t where id <= 50' VIA jdbc_thin;
`;
    const e = await loadEngine(undefined, { sweep_points_external: true });
    e.execStepsJson(script, () => {});
    const plan = JSON.parse(e.pendingSweep());
    expect(plan.memory_mb).toBe(8);
    // The pool would take fewer workers for it; forced to 4, each runs with 2 MB, less than the scenario holds.
    expect(sweepPoolSize({ points: 4, cores: 4, memoryMb: plan.memory_mb, scenarioMb: plan.scenario_mb })).toBeLessThan(4);
    expect(memoryShare(plan.memory_mb, 4)).toBeLessThan(plan.scenario_mb);
    const { sweepPoint } = await import('../../engine-wasm/js/engine.mjs');
    const capped = JSON.parse(sweepPoint(JSON.stringify({ ...plan.config, memory_cap_mb: 2 }), plan.parameter, JSON.stringify(plan.points[0])));
    expect(capped.memory_refused).toBe(true);
    const whole = JSON.parse(sweepPoint(JSON.stringify(plan.config), plan.parameter, JSON.stringify(plan.points[0])));
    expect(whole.memory_refused).toBe(false);
    expect(whole.error).toBeNull();
    e.free();
    expect(await parallel(script, { size: 4 })).toEqual(await serial(script));
  });

  it('stops the sweep where the serial run stops it when the points pass the work budget', async () => {
    const script = HASHKEYS.replace('LAB SWEEP HASHKEYS', 'LAB SET max_script_work = 200000;\nLAB SWEEP HASHKEYS');
    const a = await serial(script);
    // Each point does about 90,000 units: the third passes the budget.
    expect(JSON.parse(a[6]).error?.message).toMatch(/^LAB SWEEP stopped after 3 of 4 points/);
    expect(await parallel(script, { size: 2 })).toEqual(a);
  });

  it.skipIf(!fs.existsSync('/proc/self/task'))('terminating the CLI\'s engine worker mid-sweep (--timeout) stops its sweep workers', async () => {
    const threads = () => fs.readdirSync('/proc/self/task').length;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    // The workers of the tests before end asynchronously: wait until the count holds still.
    let before = threads();
    for (let i = 0; i < 40; i++) {
      await sleep(250);
      const now = threads();
      if (now === before && i >= 3) break;
      before = now;
    }
    const w = startEngineWorker();
    await w.ready;
    const long = HASHKEYS.replace('FROM 10 TO 10000 FACTOR 10', 'FROM 25 TO 1000 STEP 25').replace('BIND 1 TO 200', 'BIND 1 TO 2000');
    const run = w.exec(long, () => {}).catch((e) => e);
    const t0 = Date.now();
    while (threads() < before + 3 && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 50));
    expect(threads()).toBeGreaterThanOrEqual(before + 3);
    w.terminate();
    expect(String(await run)).toMatch(/the engine was stopped/);
    const t1 = Date.now();
    while (threads() > before && Date.now() - t1 < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(threads()).toBe(before);
  });

  it('when no worker can load the engine, the engine runs the points itself: the serial steps', async () => {
    const e = await loadEngine(undefined, { sweep_points_external: true });
    const steps = [];
    e.execStepsJson(HASHKEYS, (j) => steps.push(j));
    const spawn = () => ({ run: () => Promise.reject(Object.assign(new Error('no wasm here'), { unavailable: true })), terminate() {} });
    while (e.pendingSweep()) {
      const runs = await runSweepPlan(JSON.parse(e.pendingSweep()), { size: 2, spawn });
      expect(runs).toMatch(/^\[null(,null)*\]$/);
      e.resumeSweepJson(runs, (j) => steps.push(j));
    }
    e.free();
    expect(steps).toEqual(await serial(HASHKEYS));
  });

  it('an aborted sweep stops its workers and rejects', async () => {
    const e = await loadEngine(undefined, { sweep_points_external: true });
    e.execStepsJson(HASHKEYS, () => {});
    const ac = new AbortController();
    const p = runSweepOnThreads(e.pendingSweep(), { size: 2, signal: ac.signal });
    setTimeout(() => ac.abort(new Error('cancelled')), 20);
    await expect(p).rejects.toThrow(/cancelled/);
    e.free();
  });
});
