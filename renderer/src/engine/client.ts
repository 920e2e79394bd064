// EngineClient: the UI side of the worker RPC (round trip drawn in protocol.ts).
import { isEngineTrap, type ExecChunk, type ExecValue, type OpValues, type Reply, type Request } from './protocol';
import type { Activity, Catalog, Step, Trace } from '../model/types';

export class CancelledError extends Error {
  constructor() { super('cancelled'); this.name = 'CancelledError'; }
}

/**
 * The engine's worker stopped (a wasm trap, a worker error, or it was killed)
 * and was replaced by a fresh, empty one. `steps` are those the failed run had
 * already received; `reason` is one line (`RuntimeError: unreachable`).
 */
export class EngineStoppedError extends Error {
  constructor(readonly reason: string, readonly steps: Step[] = [], readonly running: ExecChunk | null = null) {
    super(`the engine stopped (${reason})`);
    this.name = 'EngineStoppedError';
  }
}

export interface Progress {
  done: number; total: number; label: string;
  /** A long LAB RUN's executions so far and in all (the statement `label` names is running). */
  executed?: number; executions?: number;
  /** The statement's first execution report: when (performance.now()) and how many had run, for the rate. */
  since?: { at: number; executed: number };
  /** The time left at the rate since the first report (ms), once there is a rate. */
  leftMs?: number;
}

/** `last` with a LAB RUN's execution report: the same statement's clock goes on, a new one starts its own. */
export function withWork(last: Progress, executed: number, executions: number, at: number): Progress {
  const same = last.executed !== undefined && last.executions === executions && executed >= last.executed && last.since;
  const since = same ? last.since! : { at, executed };
  const rate = executed > since.executed ? (at - since.at) / (executed - since.executed) : undefined;
  return { ...last, executed, executions, since, leftMs: rate === undefined ? undefined : rate * (executions - executed) };
}

export interface ExecHandlers {
  onProgress?: (p: Progress) => void;
  /** A chunk's steps, as soon as the worker has them (positions already in script lines). */
  onSteps?: (steps: Step[], version: string) => void;
}

type Pending = {
  resolve: (v: unknown) => void; reject: (e: unknown) => void;
  handlers: ExecHandlers; chunks?: ExecChunk[]; steps: Step[]; chunksDone: number;
  /** The last statements progress, which a LAB RUN's execution reports add to. */
  last?: Progress;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Body = DistributiveOmit<Request, 'id'>;

/** Calls failing in a row (without a recognised trap) before the worker is replaced anyway. */
const FAILURES_BEFORE_REPLACING = 3;

export class EngineClient {
  private worker!: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Chunks that built the current engine state, replayed after a cancel. */
  private history: ExecChunk[] = [];
  private replaying: Promise<unknown> = Promise.resolve();
  private traceCache = new Map<number, Promise<Trace | null>>();
  private failures = 0;
  /** Counts the engines this client has had (a reset, a cancel or a replaced worker starts a new one): a trace asked for under an older count is another run's. */
  epoch = 0;
  /**
   * Told whenever a stopped worker was replaced by a fresh one: the reason (one line)
   * and the chunk it was running, if it was running one.
   */
  onReplaced: ((reason: string, running: ExecChunk | null) => void) | null = null;
  /** Set (null: clear) what runs when the engine is replaced. */
  setOnReplaced(f: ((reason: string, running: ExecChunk | null) => void) | null) { this.onReplaced = f; }

  constructor(private readonly factory: () => Worker) { this.spawn(); }

  private spawn() {
    this.epoch++;
    const worker = this.factory();
    this.worker = worker;
    worker.onmessage = (ev: MessageEvent<Reply>) => {
      if (worker !== this.worker) return;
      const m = ev.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === 'steps') {
        p.steps.push(...m.steps);
        if (!m.partial) {
          p.chunksDone = m.chunk + 1;
          const chunk = p.chunks?.[m.chunk];
          if (chunk) this.history.push(chunk);
        }
        if (m.steps.length || !m.partial) p.handlers.onSteps?.(m.steps, m.version);
        p.last = { done: m.done, total: m.total, label: m.label };
        p.handlers.onProgress?.(p.last);
        return;
      }
      if (m.type === 'work') {
        p.last = withWork(p.last ?? { done: 0, total: 0, label: '' }, m.executed, m.executions, performance.now());
        p.handlers.onProgress?.(p.last);
        return;
      }
      this.pending.delete(m.id);
      if (m.ok) { this.failures = 0; p.resolve(m.value); return; }
      if (m.fatal || isEngineTrap(m.error) || ++this.failures >= FAILURES_BEFORE_REPLACING) {
        const running = p.chunks?.[p.chunksDone] ?? null;
        p.reject(new EngineStoppedError(m.error, p.steps, running));
        this.replace(m.error, running);
      } else {
        p.reject(new Error(m.error));
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault?.();
      if (worker === this.worker) this.replace(ev.message || 'the engine worker failed');
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.replace('a message from the engine worker could not be read');
    };
  }

  /**
   * Terminate the worker, reject what is pending (keeping the steps already
   * received), start a fresh engine. Its state is empty: replaying the history
   * could run into the same failure.
   */
  private replace(reason: string, running: ExecChunk | null = null) {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    for (const p of pending) running ??= p.chunks?.[p.chunksDone] ?? null;
    this.pending.clear();
    this.history = [];
    this.traceCache.clear();
    this.failures = 0;
    this.spawn();
    this.replaying = Promise.resolve();
    for (const p of pending) p.reject(new EngineStoppedError(reason, p.steps, p.chunks?.[p.chunksDone] ?? null));
    this.onReplaced?.(reason, running);
  }

  private call<K extends keyof OpValues>(body: Body & { op: K }, handlers: ExecHandlers = {}): Promise<OpValues[K]> {
    const id = this.nextId++;
    return new Promise<OpValues[K]>((resolve, reject) => {
      const chunks = body.op === 'exec' ? (body as { chunks: ExecChunk[] }).chunks : undefined;
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, handlers, chunks, steps: [], chunksDone: 0 });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }

  async init() { await this.replaying; return this.call({ op: 'init' }); }

  /**
   * Run chunks; steps arrive through `onSteps` as each chunk finishes. On a
   * trap the promise rejects with EngineStoppedError carrying the steps received.
   */
  async exec(chunks: ExecChunk[], handlers: ExecHandlers = {}): Promise<ExecValue> {
    await this.replaying;
    const steps: Step[] = [];
    const v = await this.call({ op: 'exec', chunks }, {
      ...handlers,
      onSteps: (s, version) => { steps.push(...s); handlers.onSteps?.(s, version); },
    });
    return { result: { lio_lab: v.version, steps }, catalog: v.catalog, ms: v.ms };
  }

  async catalog(): Promise<Catalog | null> { await this.replaying; return this.call({ op: 'catalog' }); }

  /** The trace of a step of the engine numbered `epoch` (null once another engine replaced it). */
  async traceOf(epoch: number, step: number): Promise<Trace | null> {
    if (epoch !== this.epoch) return null;
    const t = await this.trace(step);
    return epoch === this.epoch ? t : null;
  }

  /** A step's sampled activity (ASH samples and latch profile). */
  async activity(step: number): Promise<Activity | null> {
    await this.replaying;
    return this.call({ op: 'activity', step });
  }

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

  /**
   * A fresh engine: the worker and its wasm instance are replaced, since
   * wasm memory never shrinks (an engine reset inside it would free nothing).
   */
  async reset() {
    await this.replaying;
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new CancelledError());
    this.pending.clear();
    this.history = [];
    this.traceCache.clear();
    this.failures = 0;
    this.spawn();
  }

  /** Stop whatever runs: terminate the worker, start a fresh one, replay the setup. */
  cancel(onProgress?: (p: Progress) => void): Promise<unknown> {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new CancelledError());
    this.pending.clear();
    this.traceCache.clear();
    this.spawn();
    const replay = this.history;
    this.history = []; // the replay puts each chunk back as it runs again
    this.replaying = replay.length ? this.call({ op: 'exec', chunks: replay }, { onProgress }).catch(() => undefined) : Promise.resolve();
    return this.replaying;
  }

  /**
   * Test hook (window.__lioTest.killEngine): the worker dies as if it had
   * crashed; the client must notice and replace it.
   */
  killForTest() {
    this.worker.terminate();
    this.replace('the engine worker was killed');
  }

  dispose() { this.worker.terminate(); }
}

export function createEngineClient(): EngineClient {
  return new EngineClient(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'lio-engine' }));
}
