// A long LAB RUN's progress in the toolbar (issue 35, "Long runs show no
// progress"): the executions so far and the time left at the rate since the
// statement's first report; a new statement starts its own clock.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withWork, type Progress } from '../../renderer/src/engine/client';
import { workText } from '../../renderer/src/app/Toolbar';
import { runChunks, type RunnableEngine } from '../../renderer/src/engine/run';
import { isEngineTrap, type Reply } from '../../renderer/src/engine/protocol';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';
import { ENGINE_MODULE } from '../../electron/engine-node.mjs';
import { ENGINE_PKG_DIR } from '../../electron/paths.mjs';

const engineBuilt = fs.existsSync(ENGINE_MODULE) && fs.existsSync(path.join(ENGINE_PKG_DIR, 'lio_wasm_bg.wasm'));

const base: Progress = { done: 5, total: 7, label: 'LAB RUN' };

describe('LAB RUN progress', () => {
  it('the rate comes from the reports after the first: 1,024 executions in 500 ms leave 98,976 for about 48 s', () => {
    const a = withWork(base, 1024, 100_000, 1000);
    expect(a.leftMs).toBeUndefined();
    expect(workText(a)).toBe('1,024 / 100,000 executions');
    const b = withWork(a, 2048, 100_000, 1500);
    expect(b.leftMs).toBeCloseTo((500 / 1024) * 97_952, 6);
    expect(workText(b)).toBe('2,048 / 100,000 executions · about 48 s left');
  });
  it('a new statement (another total, or fewer executions) starts its own clock', () => {
    const a = withWork(withWork(base, 1024, 100_000, 0), 50_000, 100_000, 10_000);
    const b = withWork(a, 1024, 4096, 20_000);
    expect(b.since).toEqual({ at: 20_000, executed: 1024 });
    expect(b.leftMs).toBeUndefined();
  });
  it('says nothing once the statement has run its last execution, or without a LAB RUN', () => {
    expect(workText(withWork(base, 4096, 4096, 5))).toBeNull();
    expect(workText(base)).toBeNull();
    const near = withWork(withWork(base, 1024, 3000, 0), 2048, 3000, 100);
    expect(workText(near)).toBe('2,048 / 3,000 executions · about a second left');
  });
});

describe.skipIf(!engineBuilt)('the worker posts a LAB RUN\'s executions while the statement runs', () => {
  it('one work message a report (the clock moves 200 ms a call here), none after the run', async () => {
    const engine = (await loadEngine(undefined, { trace: false })) as unknown as RunnableEngine;
    const script = "create table t (id number primary key, n number);\ninsert into t select rownum, 0 from dual connect by level <= 5000;\ncommit;\n" +
      "LAB RUN 'select n from t where id = :1' BIND 1 TO 5000;\n";
    const posted: Reply[] = [];
    let clock = 0;
    runChunks(engine, 7, [{ text: script, line: 1, statements: 4, label: 'all' }], (m) => posted.push(m), isEngineTrap, () => (clock += 200));
    const work = posted.filter((m) => m.type === 'work').map((m) => (m.type === 'work' ? [m.executed, m.executions] : []));
    expect(work).toEqual([[1024, 5000], [2048, 5000], [3072, 5000], [4096, 5000], [5000, 5000]]);
    // The work messages came before the LAB RUN's step (from inside its statement).
    const lastWork = posted.findLastIndex((m) => m.type === 'work');
    const runStep = posted.findIndex((m) => m.type === 'steps' && m.steps.some((st) => st.statement.startsWith('LAB RUN')));
    expect(lastWork).toBeLessThan(runStep);
    posted.length = 0;
    engine.execSteps!("LAB RUN 'select n from t where id = :1' BIND 1 TO 3000;", () => undefined);
    expect(posted).toEqual([]);
  });
});

describe('the toolbar\'s short form (below 1500 px, so the toolbar never wraps)', () => {
  it('keeps the counts and the seconds left, without the words', () => {
    const p: Progress = { done: 4, total: 5, executed: 2_048, executions: 100_000, leftMs: 47_900 };
    expect(workText(p, true)).toBe('2,048 / 100,000 · 48 s left');
    expect(workText({ ...p, leftMs: undefined }, true)).toBe('2,048 / 100,000');
  });
});
