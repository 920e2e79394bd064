/*
 * The renderer <-> engine worker protocol.
 *
 *   UI thread (EngineClient)                        Worker (worker.ts)
 *   ------------------------                        ------------------
 *   call('exec', {chunks})  --- {id, op, ...} --->  ensureEngine()  (loadEngine(wasmUrl), once)
 *        |  pending.set(id, {resolve, reject})       for each chunk (run.ts):
 *        |                                             engine.execSteps(chunk.text, onStep)  (synchronous wasm;
 *        |                                             each step reaches JS as its statement ends)
 *        |  <-- {type:'steps', partial:true, ...} --   a long chunk's finished steps, every 100 ms, and
 *        |                                             those before a trap, before its error
 *        |  <-- {type:'work', executed, executions} --  a long LAB RUN's executions so far (engine.setProgress),
 *        |                                             at most every 100 ms, while its statement runs
 *        |  <-- {type:'steps', id, chunk, steps} --    the rest of the chunk's steps when it ends
 *        |      (kept by the client as they come)      (a trap loses no finished statement)
 *   resolve(value)          <--- {type:'result', id, ok:true, value: {version, catalog, ms}}
 *
 *   call('trace', {step})   --- {id, op:'trace'} -->  engine.trace(step) -> typed arrays
 *   resolve(Trace)          <--- result + transfer list [kind.buffer, block.buffer, ...]
 *                                (one message per trace, never one per event)
 *   call('activity', {step}) -> engine.activity(step): the step's ASH samples and latch profile (one JSON)
 *
 *   a wasm trap (RuntimeError: unreachable, memory access out of bounds, ...):
 *                           <--- {type:'result', ok:false, error, fatal:true}
 *              the instance is unusable from then on: the client terminates the
 *              worker, rejects what is pending with EngineStoppedError (carrying
 *              the steps already received), starts a fresh worker and says so.
 *              A worker `error` event is handled the same way.
 *
 *   cancel():  worker.terminate(); pending promises reject with CancelledError;
 *              a fresh worker is started and the chunks that built the engine
 *              state are replayed (exec) before new calls run.
 *
 * Chunks carry their position: `text` starts at script line `line`, its first
 * line padded with spaces so columns there are script columns; the worker adds
 * `line - 1` to every line the engine reports, so each position is already a
 * position in the editor.
 */
import type { Activity, Catalog, ScriptResult, Step, Trace } from '../model/types';

export interface ExecChunk { text: string; line: number; statements: number; label: string }

export type Request =
  | { id: number; op: 'init' }
  | { id: number; op: 'exec'; chunks: ExecChunk[] }
  | { id: number; op: 'catalog' }
  | { id: number; op: 'trace'; step: number }
  | { id: number; op: 'activity'; step: number }
  | { id: number; op: 'reset' };

export type Op = Request['op'];

export interface ExecValue { result: ScriptResult; catalog: Catalog | null; ms: number }
/** What the worker answers to 'exec': the steps came before, one message per chunk. */
export interface ExecDone { version: string; catalog: Catalog | null; ms: number }

export type Reply =
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string; fatal?: boolean }
  | { type: 'steps'; id: number; chunk: number; steps: Step[]; version: string; done: number; total: number; label: string;
      /** The chunk runs on: more of its steps follow (the client records it as run only on its last message). */
      partial?: boolean }
  /** A long LAB RUN's executions so far (posted from inside the statement, at most every 100 ms). */
  | { type: 'work'; id: number; executed: number; executions: number };

export interface OpValues {
  init: { version: string };
  exec: ExecDone;
  catalog: Catalog | null;
  trace: Trace | null;
  activity: Activity | null;
  reset: null;
}

export { TRACE_ARRAYS } from './contract.gen';

/**
 * True when an error means the wasm instance can no longer be trusted: a trap
 * (Rust panic -> `unreachable`, an out-of-bounds access, a stack overflow, a
 * failed allocation) or wasm-bindgen refusing every call after one.
 */
export function isEngineTrap(e: unknown): boolean {
  if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) return true;
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return /RuntimeError|unreachable|memory access out of bounds|recursive use of an object|Maximum call stack size exceeded|out of memory|Out of memory|null function|table index is out of bounds/.test(msg);
}

/** An error as one line for the user: `RuntimeError: unreachable`, else the message. */
export function errorLine(e: unknown): string {
  if (e instanceof Error) {
    const m = (e.message || '').split('\n')[0];
    return e.name && e.name !== 'Error' ? `${e.name}: ${m}` : m || e.name;
  }
  return String(e).split('\n')[0];
}
