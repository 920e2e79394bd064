/// <reference lib="webworker" />
// The engine worker: owns the one wasm instance. See protocol.ts for the round trip.
import { loadEngine } from '@lio/engine';
import bundledWasm from '@lio/engine-wasm-url';
import { TRACE_ARRAYS, errorLine, isEngineTrap, type Reply, type Request } from './protocol';
import { runChunksWithSweeps, type RunnableEngine } from './run';
import { runSweepOnWebWorkers } from './sweep-web';

declare const self: DedicatedWorkerGlobalScope;

interface EngineHandle extends RunnableEngine {
  trace(step: number): Record<string, unknown> | null;
  activity(step: number): unknown;
  reset(): void;
}

/** The wasm to load: the binary bundled with this build, else the host's /engine/ copy. */
async function wasmUrl(): Promise<string> {
  const candidates = [bundledWasm && new URL(bundledWasm, self.location.href).href, new URL('/engine/lio_wasm_bg.wasm', self.location.href).href].filter(Boolean) as string[];
  for (const url of candidates) {
    const ok = await fetch(url, { method: 'HEAD' }).then((r) => r.ok).catch(() => false);
    if (ok) return url;
  }
  return candidates[candidates.length - 1];
}

let enginePromise: Promise<EngineHandle> | null = null;
/** The wasm the engine loaded: the sweep workers load the same. */
let loadedWasm = '';
function ensureEngine(): Promise<EngineHandle> {
  if (!enginePromise) {
    // A LAB SWEEP's points run in parallel Web Workers (sweep-web.ts).
    enginePromise = wasmUrl().then((url) => {
      loadedWasm = url;
      return (loadEngine as (u?: string, config?: object) => Promise<EngineHandle>)(url, { sweep_points_external: true, operator_events: true });
    });
    enginePromise.catch(() => { enginePromise = null; });
  }
  return enginePromise;
}

function post(msg: Reply, transfer: Transferable[] = []) {
  self.postMessage(msg, transfer);
}

// Copy a typed array out of wasm memory if it is a view on it, so it can be transferred.
function own<T extends ArrayBufferView>(a: T): T {
  const buf = a.buffer as ArrayBuffer;
  const shared = typeof SharedArrayBuffer !== 'undefined' && buf instanceof SharedArrayBuffer;
  if (a.byteOffset === 0 && buf.byteLength === a.byteLength && !shared) return a;
  return (a as unknown as { slice(): T }).slice();
}

async function handle(req: Request) {
  const engine = await ensureEngine();
  switch (req.op) {
    case 'init': {
      const c = engine.catalog() as { version?: string } | null;
      return { value: { version: c?.version ?? '' } };
    }
    case 'exec':
      // Each step leaves as its statement ends: what ran before a trap stays with the UI.
      return { value: await runChunksWithSweeps(engine, req.id, req.chunks, (m) => post(m), isEngineTrap, (plan) => runSweepOnWebWorkers(plan, loadedWasm)) };
    case 'catalog':
      return { value: engine.catalog() };
    case 'activity':
      return { value: engine.activity(req.step) };
    case 'trace': {
      const t = engine.trace(req.step);
      if (!t) return { value: null };
      const out: Record<string, unknown> = { ...t };
      const transfer: Transferable[] = [];
      for (const k of TRACE_ARRAYS) {
        const a = t[k] as ArrayBufferView | undefined;
        if (a && ArrayBuffer.isView(a)) {
          const o = own(a);
          out[k] = o;
          transfer.push(o.buffer as ArrayBuffer);
        }
      }
      return { value: out, transfer };
    }
    case 'reset':
      engine.reset();
      return { value: null };
  }
}

// Requests run strictly in order: the wasm is single-threaded and stateful.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (ev: MessageEvent<Request>) => {
  const req = ev.data;
  queue = queue.then(async () => {
    try {
      const { value, transfer } = (await handle(req)) as { value: unknown; transfer?: Transferable[] };
      post({ type: 'result', id: req.id, ok: true, value }, transfer ?? []);
    } catch (e) {
      // A trap leaves the wasm instance unusable: say so, the client replaces this worker.
      post({ type: 'result', id: req.id, ok: false, error: errorLine(e), fatal: isEngineTrap(e) });
    }
  });
};
