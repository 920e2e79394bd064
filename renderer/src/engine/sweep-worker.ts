/// <reference lib="webworker" />
// One LAB SWEEP point worker for the UI (a Web Worker the engine worker
// starts): its own wasm instance; each point runs on a fresh engine.
// Scheduling and budget: sweep-pool.mjs.
//
//   engine worker -> here   { id, wasm, config, name, point }   (JSON texts; wasm: the binary's URL)
//   here -> engine worker   { id, ok: true, run } | { id, ok: false, error }
import { loadEngineModule, sweepPoint } from '@lio/engine';
import { errorLine } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

export interface PointRequest { id: number; wasm: string; config: string; name: string; point: string }
export type PointReply = { id: number; ok: true; run: string } | { id: number; ok: false; error: string; unavailable?: boolean };

let loaded: Promise<void> | null = null;
self.onmessage = async (ev: MessageEvent<PointRequest>) => {
  const m = ev.data;
  try {
    loaded ??= loadEngineModule(m.wasm);
    await loaded;
  } catch (e) {
    // No engine here: the engine worker runs the point itself.
    self.postMessage({ id: m.id, ok: false, error: errorLine(e), unavailable: true } satisfies PointReply);
    return;
  }
  try {
    self.postMessage({ id: m.id, ok: true, run: sweepPoint(m.config, m.name, m.point) } satisfies PointReply);
  } catch (e) {
    self.postMessage({ id: m.id, ok: false, error: errorLine(e) } satisfies PointReply);
  }
};
