// Issue 11 on the renderer side: long scripts run in chunks, what a run
// produced survives an engine that traps or dies, and what goes to history
// is cut to fit with the user told what was left out.
import { describe, expect, it } from 'vitest';
import { chunkStatements, placeSteps, positionAfter, scriptChunks, splitScript, stripBom } from '../src/model/script.mjs';
import { SAVED_ROWS_PER_STEP, SaveRefusedError, fitForHistory, utf8Bytes } from '../src/model/saved';
import { EngineClient, EngineStoppedError } from '../src/engine/client';
import type { ExecChunk, Reply, Request } from '../src/engine/protocol';
import { isEngineTrap, errorLine } from '../src/engine/protocol';
import { ipcMessage } from '../src/host';
import type { Step } from '../src/model/types';

const step = (over: Partial<Step> = {}): Step => ({
  index: 0, line: 1, column: 1, statement: 'select 1 from dual', kind: 'query', error: null, columns: ['1'], rows: [[1]], rows_processed: 0, output: [], autotrace: 'off',
  plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 1, folded: [], trace_events: 0, ...over,
});

describe('chunks', () => {
  it('500,000 statements: chunks of whole statements, text sent once (no padding per statement)', () => {
    const n = 500_000;
    const script = Array.from({ length: n }, (_, i) => `insert into t values (${i});`).join('\n') + '\n';
    const t0 = performance.now();
    const chunks = scriptChunks(script, splitScript(script), { start: 0, end: script.length });
    expect(performance.now() - t0).toBeLessThan(20_000);
    expect(chunks.reduce((a, c) => a + c.statements, 0)).toBe(n);
    expect(chunks.length).toBe(n / 50);
    // every chunk starts on a fresh line: no padding at all, only the newline between chunks is left out
    expect(chunks.reduce((a, c) => a + c.text.length, 0)).toBe(script.length - (chunks.length - 1));
    expect(chunks[1234].line).toBe(1234 * 50 + 1);
    expect(chunks[1234].text.startsWith('insert into t values (61700);')).toBe(true);
  });

  it('PL/SQL blocks and LAB commands run alone; columns on a chunk\'s first line are script columns', () => {
    const script = 'select 1 from dual; select 2 from dual;\nLAB RUN \'select 1 from dual\' BIND 1 TO 5 VIA jdbc_thin RUNS 1;\nbegin\n  null;\nend;\n/\nselect 3 from dual;\n';
    const st = splitScript(script);
    const one = chunkStatements(script, [st[1], st[2], st[3], st[4]], { maxStatements: 50 });
    expect(one.map((c) => c.statements)).toEqual([1, 1, 1, 1]);
    expect(one[0].text.startsWith(' '.repeat(20) + 'select 2 from dual;')).toBe(true);
    expect(one[0].line).toBe(1);
    expect(one[1].line).toBe(2); // the blank rest of line 1 is not sent
    expect(one[1].text.startsWith('LAB RUN')).toBe(true);
    expect(one[2].text.trim().startsWith('begin')).toBe(true);
    expect(one[3].line).toBe(7);
  });

  it('a long statement is a chunk of its own; maxChars bounds the others', () => {
    const big = `select '${'x'.repeat(100_000)}' from dual;`;
    const script = `select 1 from dual;\n${big}\nselect 2 from dual;\nselect 3 from dual;\n`;
    const chunks = scriptChunks(script, splitScript(script), { maxChars: 1000 });
    expect(chunks.map((c) => c.statements)).toEqual([1, 1, 2]);
  });

  it('placeSteps moves engine lines to script lines; positionAfter follows a cut', () => {
    const steps = [step({ line: 1, error: { code: 'ORA-00942', message: 'x', line: 2, column: 5 } })];
    placeSteps(steps, 10);
    expect(steps[0].line).toBe(10);
    expect(steps[0].error?.line).toBe(11);
    expect(positionAfter('ab\ncd', 4, { line: 3, column: 7 })).toEqual({ line: 4, column: 2 });
    expect(positionAfter('abc', 2, { line: 3, column: 7 })).toEqual({ line: 3, column: 9 });
    expect(stripBom('\uFEFFselect')).toBe('select');
  });
});

describe('what goes into the run history', () => {
  it('rows beyond the cap per step become a count; the user is told', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => [i, `row ${i}`]);
    const { result, notes } = fitForHistory('select * from t;', { lio_lab: 'x', steps: [step({ rows }), step({ index: 1 })] });
    expect(result.steps[0].rows).toHaveLength(SAVED_ROWS_PER_STEP);
    expect(result.steps[0].rows_omitted).toBe(100_000 - SAVED_ROWS_PER_STEP);
    expect(result.steps[1].rows_omitted).toBeUndefined();
    expect(notes).toEqual(['rows beyond 500 per statement were not saved (99,500 rows in 1 statement)']);
  });

  it('steps beyond the byte budget become a count, and the result fits', () => {
    const steps = Array.from({ length: 2000 }, (_, i) => step({ index: i, statement: `select ${'y'.repeat(1000)} from dual` }));
    const { result, notes } = fitForHistory('s', { lio_lab: 'x', steps }, 200_000);
    expect(utf8Bytes(JSON.stringify(result))).toBeLessThanOrEqual(200_000);
    expect(result.steps.length + (result.steps_omitted ?? 0)).toBe(2000);
    expect(result.steps_omitted).toBeGreaterThan(0);
    expect(notes[0]).toMatch(/^only the first [\d,]+ steps fit in the 195 KB a saved run holds \([\d,]+ later steps were not saved\)$/);
  });

  it('a script over the cap is refused with its size', () => {
    expect(() => fitForHistory('x'.repeat(2 * 1024 * 1024), { lio_lab: 'x', steps: [] })).toThrow(SaveRefusedError);
    expect(() => fitForHistory('x'.repeat(2 * 1024 * 1024), { lio_lab: 'x', steps: [] })).toThrow(/^the script is 2\.0 MB; the run history keeps scripts up to 1\.0 MB/);
  });

  it('counts UTF-8 bytes like the host does', () => {
    for (const s of ['abc', 'é', '€', '𝄞', 'a\u{1F600}b']) expect(utf8Bytes(s)).toBe(new TextEncoder().encode(s).length);
  });

  it('Electron IPC errors reach the user as the host said them', () => {
    expect(ipcMessage(new Error("Error invoking remote method 'runs:save': HostError: run not saved: x")).message).toBe('run not saved: x');
  });
});

/** A worker in this thread, speaking protocol.ts: one step per statement line, TRAP traps, DIE dies. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((ev: MessageEvent<Reply>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  private index = 0;
  constructor() { FakeWorker.made.push(this); }
  private post(m: Reply) { queueMicrotask(() => { if (!this.terminated) this.onmessage?.({ data: m } as MessageEvent<Reply>); }); }
  postMessage(req: Request) {
    if (this.terminated) return;
    if (req.op !== 'exec') { this.post({ type: 'result', id: req.id, ok: true, value: req.op === 'init' ? { version: 'fake' } : null }); return; }
    let done = 0;
    const total = req.chunks.reduce((a, c) => a + c.statements, 0);
    for (let i = 0; i < req.chunks.length; i++) {
      const c = req.chunks[i];
      if (c.text.includes('TRAP')) { this.post({ type: 'result', id: req.id, ok: false, error: 'RuntimeError: unreachable', fatal: true }); return; }
      if (c.text.includes('DIE')) { queueMicrotask(() => this.onerror?.({ message: 'Uncaught Error: worker died', preventDefault() {} } as ErrorEvent)); return; }
      if (c.text.includes('HANG')) return;
      done += c.statements;
      const steps = c.text.split('\n').filter((l) => l.trim()).map((l, k) => step({ index: this.index++, line: c.line + k, statement: l.trim() }));
      this.post({ type: 'steps', id: req.id, chunk: i, steps, version: 'fake', done, total, label: c.label });
    }
    this.post({ type: 'result', id: req.id, ok: true, value: { version: 'fake', catalog: null, ms: 1 } });
  }
  terminate() { this.terminated = true; }
}

const chunk = (text: string, line: number): ExecChunk => ({ text, line, statements: text.split('\n').filter((l) => l.trim()).length, label: text });

describe('EngineClient replaces a trapped or dead worker', () => {
  const client = () => {
    FakeWorker.made = [];
    const c = new EngineClient(() => new FakeWorker() as unknown as Worker);
    const replaced: string[] = [];
    c.onReplaced = (r) => replaced.push(r);
    return { c, replaced };
  };

  it('streams steps per chunk and resolves with all of them', async () => {
    const { c } = client();
    const seen: string[] = [];
    const v = await c.exec([chunk('a;\nb;', 1), chunk('c;', 3)], { onSteps: (s) => seen.push(...s.map((x) => x.statement)) });
    expect(seen).toEqual(['a;', 'b;', 'c;']);
    expect(v.result.steps.map((s) => s.line)).toEqual([1, 2, 3]);
  });

  it('a trap: the call rejects with the steps already received, a fresh worker runs the next call', async () => {
    const { c, replaced } = client();
    const err = await c.exec([chunk('a;\nb;', 1), chunk('TRAP;', 3), chunk('never;', 4)]).catch((e) => e);
    expect(err).toBeInstanceOf(EngineStoppedError);
    expect(err.reason).toBe('RuntimeError: unreachable');
    expect(err.steps.map((s: Step) => s.statement)).toEqual(['a;', 'b;']);
    expect(replaced).toEqual(['RuntimeError: unreachable']);
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0].terminated).toBe(true);
    const v = await c.exec([chunk('again;', 1)]);
    expect(v.result.steps.map((s) => s.statement)).toEqual(['again;']);
  });

  it('a worker error event, or a killed worker, is handled the same way', async () => {
    const { c, replaced } = client();
    const died = await c.exec([chunk('a;', 1), chunk('DIE;', 2)]).catch((e) => e);
    expect(died).toBeInstanceOf(EngineStoppedError);
    expect(died.steps).toHaveLength(1);
    const hanging = c.exec([chunk('x;', 1), chunk('HANG;', 2)]);
    await new Promise((r) => setTimeout(r, 10));
    c.killForTest();
    const killed = await hanging.catch((e) => e);
    expect(killed).toBeInstanceOf(EngineStoppedError);
    expect(killed.steps.map((s: Step) => s.statement)).toEqual(['x;']);
    expect(replaced).toEqual(['Uncaught Error: worker died', 'the engine worker was killed']);
    expect((await c.exec([chunk('ok;', 1)])).result.steps).toHaveLength(1);
  });

  it('recognises traps by their messages', () => {
    expect(isEngineTrap(new WebAssembly.RuntimeError('unreachable'))).toBe(true);
    expect(isEngineTrap('RuntimeError: memory access out of bounds')).toBe(true);
    expect(isEngineTrap(new Error('recursive use of an object detected which would lead to unsafe aliasing in rust'))).toBe(true);
    expect(isEngineTrap(new Error('ORA-00942: table or view does not exist'))).toBe(false);
    expect(errorLine(new WebAssembly.RuntimeError('unreachable'))).toBe('RuntimeError: unreachable');
  });
});
