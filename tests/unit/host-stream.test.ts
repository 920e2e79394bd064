// Issue 29: "Results already computed are lost." A result leaves the engine
// when its statement ends: the facade's execSteps hands each step to JS at
// once, the UI's worker (renderer/src/engine/run.ts) posts those that
// finished before a trap, and the CLI prints each step as it arrives. A step
// too large to hand over is LAB-00090, not a lost chunk.
//
// The trap is forced with the engine's test hook `trap_at_step` (a panic,
// i.e. `RuntimeError: unreachable` in wasm), as the known trapping inputs
// are being fixed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';
import { ENGINE_MODULE, startEngineWorker } from '../../electron/engine-node.mjs';
import { ENGINE_PKG_DIR } from '../../electron/paths.mjs';
import { main } from '../../electron/cli.mjs';
import { runChunks, type RunnableEngine } from '../../renderer/src/engine/run';
import { EngineClient, EngineStoppedError } from '../../renderer/src/engine/client';
import { isEngineTrap, type ExecChunk, type Reply, type Request } from '../../renderer/src/engine/protocol';

const engineBuilt = fs.existsSync(ENGINE_MODULE) && fs.existsSync(path.join(ENGINE_PKG_DIR, 'lio_wasm_bg.wasm'));

let dir = '';
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-host-stream-')); });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FIVE = 'prompt one\nprompt two\nprompt three\nprompt four\nprompt five\n';

async function cli(argv: string[], config: object) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s), startEngine: () => startEngineWorker({ config }) });
  return { code, out, err };
}

describe.skipIf(!engineBuilt)('a result leaves the engine when its statement ends', () => {
  it('execSteps hands each step over before the next statement runs; a trap keeps them', async () => {
    const engine = await loadEngine(undefined, { trap_at_step: 3 });
    const got: string[] = [];
    let thrown: unknown = null;
    try {
      engine.execSteps(FIVE, (s: { statement: string }) => got.push(s.statement));
    } catch (e) {
      thrown = e;
    }
    expect(String(thrown)).toMatch(/RuntimeError: unreachable/);
    expect(got).toEqual(['prompt one', 'prompt two', 'prompt three']);
  });

  it('the UI worker posts the steps that finished before a trap in the same chunk; the client keeps them', async () => {
    const engine = (await loadEngine(undefined, { trap_at_step: 3 })) as unknown as RunnableEngine;
    const chunks: ExecChunk[] = [
      { text: 'prompt one\nprompt two\n', line: 1, statements: 2, label: 'a' },
      // one chunk of three, the second of which traps: on main all three were lost
      { text: 'prompt three\nprompt four\nprompt five\n', line: 3, statements: 3, label: 'b' },
    ];
    const posted: Reply[] = [];
    expect(() => runChunks(engine, 1, chunks, (m) => posted.push(m), isEngineTrap)).toThrow(/unreachable/);
    const steps = posted.flatMap((m) => (m.type === 'steps' ? m.steps : []));
    expect(steps.map((s) => [s.statement, s.line])).toEqual([['prompt one', 1], ['prompt two', 2], ['prompt three', 3]]);
    expect(posted.map((m) => m.type === 'steps' && Boolean(m.partial))).toEqual([false, true]);

    // The same through EngineClient and a worker in this thread running run.ts on the real engine.
    let spawned = 0;
    class InThreadWorker {
      onmessage: ((ev: MessageEvent<Reply>) => void) | null = null;
      onerror = null;
      onmessageerror = null;
      private engine: Promise<RunnableEngine>;
      constructor() {
        this.engine = loadEngine(undefined, spawned++ === 0 ? { trap_at_step: 3 } : {}) as Promise<RunnableEngine>;
      }
      postMessage(req: Request) {
        void this.engine.then((e) => {
          const send = (m: Reply) => this.onmessage?.({ data: m } as MessageEvent<Reply>);
          if (req.op !== 'exec') return send({ type: 'result', id: req.id, ok: true, value: null });
          try {
            send({ type: 'result', id: req.id, ok: true, value: runChunks(e, req.id, req.chunks, send, isEngineTrap) });
          } catch (err) {
            send({ type: 'result', id: req.id, ok: false, error: String(err), fatal: isEngineTrap(err) });
          }
        });
      }
      terminate() {}
    }
    const client = new EngineClient(() => new InThreadWorker() as unknown as Worker);
    const stopped = await client.exec(chunks).catch((e) => e);
    expect(stopped).toBeInstanceOf(EngineStoppedError);
    expect(stopped.steps.map((s: { statement: string }) => s.statement)).toEqual(['prompt one', 'prompt two', 'prompt three']);
    expect(stopped.running?.label).toBe('b');
    client.dispose();
  });

  it('lio run prints every step before a trap in the same chunk, and says so in one line', async () => {
    const p = path.join(dir, 'five.sql');
    fs.writeFileSync(p, FIVE);
    const r = await cli(['run', '--no-echo', p], { trap_at_step: 3 });
    expect(r.code).toBe(1);
    // PROMPT's text follows the one before it directly, as in SQL*Plus.
    expect(r.out).toBe('one\ntwo\nthree\n');
    expect(r.err).toBe('lio: the engine failed: RuntimeError: unreachable; the steps before it are printed above\n');
  });

  it('lio run --json holds the steps before the trap and says why it stopped', async () => {
    const p = path.join(dir, 'five-json.sql');
    fs.writeFileSync(p, FIVE);
    const r = await cli(['run', '--json', p], { trap_at_step: 3 });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out);
    expect(doc.steps.map((s: { statement: string }) => s.statement)).toEqual(['prompt one', 'prompt two', 'prompt three']);
    expect(doc.stopped).toBe('the engine failed: RuntimeError: unreachable');
  });

  it('a trap at the first statement does not claim that steps were printed', async () => {
    const p = path.join(dir, 'first.sql');
    fs.writeFileSync(p, FIVE);
    const r = await cli(['run', p], { trap_at_step: 0 });
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe("lio: the engine failed: RuntimeError: unreachable, at the script's first statement; nothing ran before it\n");
  });

  it('a step too large to hand over is LAB-00090; the statements after it run', async () => {
    const p = path.join(dir, 'big.sql');
    // about 2 MB of DBMS_OUTPUT, over a 1 MB cap (the default cap is 64 MB)
    fs.writeFileSync(p, "set serveroutput on\nbegin for i in 1..20000 loop dbms_output.put_line(rpad('x', 100, 'x')); end loop; end;\n/\nprompt after\n");
    const r = await cli(['run', '--json', p], { max_step_result_mb: 1 });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.steps).toHaveLength(3);
    expect(doc.steps[1].error).toMatchObject({ code: 'LAB-00090', line: 2 });
    expect(doc.steps[1].error.message).toContain('larger than 1 MB');
    expect(doc.steps[2].output).toEqual(['after']);
  });
});

describe('lio run --json and --timeout', () => {
  it('a timeout before the engine is ready still ends one valid document', async () => {
    const p = path.join(dir, 'slow-start.sql');
    fs.writeFileSync(p, 'prompt one\n');
    let out = '';
    let err = '';
    const code = await main(['run', '--json', '--timeout', '0.2', p], {
      out: (s) => (out += s),
      err: (s) => (err += s),
      // an engine that never finishes loading (terminating it rejects what waits, as the worker's does)
      startEngine: () => {
        let fail: (e: Error) => void = () => {};
        const ready = new Promise<{ version: string }>((_ok, no) => { fail = no; });
        return { ready, exec: () => new Promise(() => {}), catalog: async () => null, trace: async () => null, terminate: () => fail(new Error('the engine was stopped')) };
      },
    });
    expect(code).toBe(3);
    expect(JSON.parse(out)).toEqual({ lio_lab: '', steps: [], stopped: 'LAB-00035: script stopped after 0.2 s (--timeout)' });
    expect(err).toBe('lio: LAB-00035: script stopped after 0.2 s (--timeout)\n');
  });
});
