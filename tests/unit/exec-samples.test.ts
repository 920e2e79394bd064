// Compare's per-execution samples (issue 35, "the statistics the seed does
// in R"): the executions of a LAB RUN step, or of one of its runs, from the
// figures the engine keeps with the step's trace; what was left out beyond
// the 10,000 kept; and the CSV R's read.csv and pandas' read_csv take as it is.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';
import { ENGINE_MODULE } from '../../electron/engine-node.mjs';
import { ENGINE_PKG_DIR } from '../../electron/paths.mjs';
import { executionRows, executionsCsv, keptNote, type ExecSamples } from '../../renderer/src/model/execSamples';
import { welchTest } from '../../renderer/src/model/sampleStats';

const engineBuilt = fs.existsSync(ENGINE_MODULE) && fs.existsSync(path.join(ENGINE_PKG_DIR, 'lio_wasm_bg.wasm'));

// 2 runs of 3 executions: hand-made figures.
const s: ExecSamples = {
  executions: 6, per_run: 3,
  elapsed_us: [100, 110, 120, 200, 210, 220],
  cpu_us: [80, 85, 90, 150, 155, 160],
  wait_us: [20, 25, 30, 50, 55, 60],
  buffer_gets: [3, 3, 4, 7, 7, 8],
  physical_reads: [0, 0, 1, 0, 1, 0],
};

describe('a LAB RUN\'s executions as samples', () => {
  it('the whole step, run after run, each numbered within its run', () => {
    const rows = executionRows(s);
    expect(rows.map((r) => [r.run, r.execution, r.elapsed_us])).toEqual([[1, 1, 100], [1, 2, 110], [1, 3, 120], [2, 1, 200], [2, 2, 210], [2, 3, 220]]);
    expect(keptNote(s, rows)).toBe('');
  });
  it('one run\'s executions (Compare\'s "· run 2" item)', () => {
    const rows = executionRows(s, 2);
    expect(rows.map((r) => r.elapsed_us)).toEqual([200, 210, 220]);
    expect(rows[0]).toEqual({ run: 2, execution: 1, elapsed_us: 200, cpu_us: 150, wait_us: 50, buffer_gets: 7, physical_reads: 0 });
  });
  it('says how many were kept when the step ran more than the engine keeps', () => {
    const big: ExecSamples = { ...s, executions: 12_000, per_run: 6_000 };
    expect(keptNote(big, executionRows(big))).toBe('the first 6 of 12,000 executions (the step keeps 6)');
    expect(keptNote(big, executionRows(big, 2), 2)).toBe('the first 0 of 6,000 executions (the step keeps 6)');
  });
  it('run 1 against run 2 by Welch\'s t-test (R: t.test(c(100,110,120), c(200,210,220)) gives t = -12.247, df = 4)', () => {
    const w = welchTest(executionRows(s, 1).map((r) => r.elapsed_us), executionRows(s, 2).map((r) => r.elapsed_us))!;
    expect(w.t).toBeCloseTo(-12.2474, 3);
    expect(w.df).toBeCloseTo(4, 6);
  });
  it('CSV: a header, one row an execution, numbers only (read.csv and read_csv take it as it is)', () => {
    const csv = executionsCsv(executionRows(s, 1), executionRows(s, 2).slice(0, 1));
    expect(csv).toBe('side,sample,run,execution,elapsed_us,cpu_us,wait_us,buffer_gets,physical_reads\n' +
      'A,1,1,1,100,80,20,3,0\nA,2,1,2,110,85,25,3,0\nA,3,1,3,120,90,30,4,1\nB,1,2,1,200,150,50,7,0\n');
  });
});

describe.skipIf(!engineBuilt)('the engine hands a LAB RUN\'s executions over with its trace', () => {
  it('trace(step).exec_samples: one number an execution in each column, none for other steps', async () => {
    const engine = await loadEngine(undefined, { trace: true });
    const r = engine.exec("create table t (id number primary key, n number);\ninsert into t select rownum, 0 from dual connect by level <= 500;\ncommit;\n" +
      "LAB RUN 'select n from t where id = :1' BIND 1 TO 50 RUNS 2;\nselect count(*) from t;\n");
    const run = r.steps[3], last = r.steps[4];
    const s = engine.trace(run.index)?.exec_samples as ExecSamples;
    expect([s.executions, s.per_run, s.elapsed_us.length, s.cpu_us.length, s.buffer_gets.length]).toEqual([100, 50, 100, 100, 100]);
    expect(s.elapsed_us.reduce((a, b) => a + b, 0)).toBeCloseTo(run.runs!.reduce((a, w) => a + w.elapsed_us, 0), -1);
    expect(engine.trace(last.index)?.exec_samples).toBeUndefined();
    engine.free();
  });
});
