/*
 * The renderer <-> engine worker protocol.
 *
 *   UI thread (EngineClient)                        Worker (worker.ts)
 *   ------------------------                        ------------------
 *   call('exec', {chunks})  --- {id, op, ...} --->  ensureEngine()  (loadEngine(wasmUrl), once)
 *        |  pending.set(id, {resolve, reject})       for each chunk:
 *        |                                             engine.exec(chunk)  (synchronous wasm)
 *        |  <-- {type:'progress', id, done, total} --  post progress after each chunk
 *        |                                           merge steps
 *   resolve(value)          <--- {type:'result', id, ok:true, value}
 *
 *   call('trace', {step})   --- {id, op:'trace'} -->  engine.trace(step) -> typed arrays
 *   resolve(Trace)          <--- result + transfer list [kind.buffer, block.buffer, ...]
 *                                (one message per trace, never one per event)
 *
 *   cancel():  worker.terminate(); pending promises reject with CancelledError;
 *              a fresh worker is started and the chunks that built the engine
 *              state are replayed (exec) before new calls run.
 *
 * Chunks carry their position: a statement cut from the middle of a script is
 * sent padded with the newlines and spaces that precede it, so every line and
 * column the engine reports is already a position in the editor.
 */
import type { Catalog, ScriptResult, Trace } from '../model/types';

export type Request =
  | { id: number; op: 'init' }
  | { id: number; op: 'exec'; chunks: string[] }
  | { id: number; op: 'catalog' }
  | { id: number; op: 'trace'; step: number }
  | { id: number; op: 'reset' };

export type Op = Request['op'];

export interface ExecValue { result: ScriptResult; catalog: Catalog | null; ms: number }

export type Reply =
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string }
  | { type: 'progress'; id: number; done: number; total: number; label: string };

export interface OpValues {
  init: { version: string };
  exec: ExecValue;
  catalog: Catalog | null;
  trace: Trace | null;
  reset: null;
}

export { TRACE_ARRAYS } from './contract.gen';
