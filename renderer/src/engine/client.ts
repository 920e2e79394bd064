// EngineClient: the UI side of the worker RPC (round trip drawn in protocol.ts).
import type { ExecValue, OpValues, Reply, Request } from './protocol';
import type { Catalog, Trace } from '../model/types';

export class CancelledError extends Error {
  constructor() { super('cancelled'); this.name = 'CancelledError'; }
}

export interface Progress { done: number; total: number; label: string }

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void; onProgress?: (p: Progress) => void };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Body = DistributiveOmit<Request, 'id'>;

export class EngineClient {
  private worker!: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Chunks that built the current engine state, replayed after a cancel. */
  private history: string[] = [];
  private replaying: Promise<unknown> = Promise.resolve();
  private traceCache = new Map<number, Promise<Trace | null>>();

  constructor(private readonly factory: () => Worker) { this.spawn(); }

  private spawn() {
    this.worker = this.factory();
    this.worker.onmessage = (ev: MessageEvent<Reply>) => {
      const m = ev.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === 'progress') { p.onProgress?.({ done: m.done, total: m.total, label: m.label }); return; }
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value); else p.reject(new Error(m.error));
    };
    this.worker.onerror = (ev) => {
      const err = new Error(ev.message || 'engine worker failed');
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
  }

  private call<K extends keyof OpValues>(body: Body & { op: K }, onProgress?: (p: Progress) => void): Promise<OpValues[K]> {
    const id = this.nextId++;
    return new Promise<OpValues[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }

  async init() { await this.replaying; return this.call({ op: 'init' }); }

  async exec(chunks: string[], onProgress?: (p: Progress) => void): Promise<ExecValue> {
    await this.replaying;
    const v = await this.call({ op: 'exec', chunks }, onProgress);
    this.history.push(...chunks);
    return v;
  }

  async catalog(): Promise<Catalog | null> { await this.replaying; return this.call({ op: 'catalog' }); }

  /** Trace of one step, fetched once and cached (the arrays arrive transferred). */
  trace(step: number): Promise<Trace | null> {
    let t = this.traceCache.get(step);
    if (!t) {
      t = this.replaying.then(() => this.call({ op: 'trace', step }));
      t.catch(() => this.traceCache.delete(step));
      this.traceCache.set(step, t);
    }
    return t;
  }

  async reset() {
    await this.replaying;
    await this.call({ op: 'reset' });
    this.history = [];
    this.traceCache.clear();
  }

  /** Stop whatever runs: terminate the worker, start a fresh one, replay the setup. */
  cancel(onProgress?: (p: Progress) => void): Promise<unknown> {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new CancelledError());
    this.pending.clear();
    this.traceCache.clear();
    this.spawn();
    const replay = this.history.slice();
    this.replaying = replay.length ? this.call({ op: 'exec', chunks: replay }, onProgress).catch(() => undefined) : Promise.resolve();
    return this.replaying;
  }

  dispose() { this.worker.terminate(); }
}

export function createEngineClient(): EngineClient {
  return new EngineClient(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'lio-engine' }));
}
