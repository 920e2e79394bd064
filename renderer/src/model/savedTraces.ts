// A saved run's traces (and the catalog its structure view draws them on):
// how a step's trace is packed for the run history, compressed, capped, and
// read back.
//
// Format of one step's trace, before compression ("LIOT" version 1):
//   0..3   'LIOT'
//   4      format version (1)
//   5..7   0
//   8..11  header length H (u32, little-endian)
//   12..   the header: UTF-8 JSON { meta, columns: [[name, type, count], ...] },
//          meta being the trace without its columns (length, truncated,
//          stacks, heat, devices, sessions, window_us)
//   then   each column's bytes in TRACE_ARRAYS order, each starting at a
//          multiple of 8 (little-endian, as the typed arrays hold them on
//          every platform Chromium and Electron run on). A column of 2-, 4-
//          or 8-byte values is stored transformed, exactly reversibly, so that
//          deflate finds runs in it: each 16- or 32-bit word XORed with the
//          previous value's (times, blocks and executions change little from
//          one event to the next), then its bytes shuffled into planes (every
//          value's byte 0, then every byte 1, ...). A 1,000,000-event trace
//          (35.8 MB of columns) deflates to 2.1 MB so, 4.0 MB without.
// The whole is compressed with deflate (zlib format), in the renderer, by
// CompressionStream: what crosses to the host (IPC or HTTP) is already small,
// and the host only stores bytes, never reads a trace.
//
// Caps: one step's compressed trace is at most SAVED_TRACE_STEP_BYTES (the
// host's PUT /api/runs/:id/traces/:step takes it base64 in JSON, under its
// own body cap and under web.mjs's 10 MB ceiling); a run's traces together
// at most SAVED_TRACE_RUN_BYTES (services.mjs LIMITS.runTraceBytes). Steps
// that do not fit are left out and the save message says how many.
import { TRACE_ARRAYS } from '../engine/contract.gen';
import type { Catalog, Step, Trace } from './types';
import { fmtBytes } from './saved';

/** One step's compressed trace, at most (services.mjs LIMITS.traceBytes). */
export const SAVED_TRACE_STEP_BYTES = 4 * 1024 * 1024;
/** A run's compressed traces and catalog, in all (services.mjs LIMITS.runTraceBytes). */
export const SAVED_TRACE_RUN_BYTES = 16 * 1024 * 1024;
/** The part number the run's catalog is saved under (steps are 0 and up). */
export const CATALOG_PART = -1;

const MAGIC = [0x4c, 0x49, 0x4f, 0x54]; // 'LIOT'
const VERSION = 1;

type ColumnType = 'u8' | 'u16' | 'u32' | 'f64';
const CTORS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const;
type Col = (typeof TRACE_ARRAYS)[number];

function typeOf(a: ArrayBufferView): ColumnType {
  if (a instanceof Uint8Array) return 'u8';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Float64Array) return 'f64';
  throw new Error(`a trace column of an unexpected type (${a.constructor.name})`);
}

/** A saved trace that cannot be read back; `message` says which and why. */
export class SavedTraceError extends Error {
  constructor(message: string) { super(message); this.name = 'SavedTraceError'; }
}

const pad8 = (n: number) => (n + 7) & ~7;

/** The words a column's values are XORed in: 16-bit for u16, 32-bit for u32 and f64 (two words a value). */
function words(b: Uint8Array, size: number): Uint16Array | Uint32Array {
  return size === 2 ? new Uint16Array(b.buffer, b.byteOffset, b.length / 2) : new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
}

/** A column's bytes as stored: XOR with the previous value, then byte planes. `b` is an aligned copy (changed). */
export function packColumn(b: Uint8Array, size: number): Uint8Array {
  if (size === 1) return b;
  const w = words(b, size), stride = size === 8 ? 2 : 1;
  for (let i = w.length - 1; i >= stride; i--) w[i] ^= w[i - stride];
  const n = b.length / size, out = new Uint8Array(b.length);
  for (let i = 0; i < n; i++) for (let j = 0; j < size; j++) out[j * n + i] = b[i * size + j];
  return out;
}

/** packColumn undone: the column's bytes back (a new, aligned buffer). */
export function unpackColumn(p: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(p.length);
  if (size === 1) { b.set(p); return b; }
  const n = p.length / size;
  for (let i = 0; i < n; i++) for (let j = 0; j < size; j++) b[i * size + j] = p[j * n + i];
  const w = words(b, size), stride = size === 8 ? 2 : 1;
  for (let i = stride; i < w.length; i++) w[i] ^= w[i - stride];
  return b;
}

/** A step's trace as bytes (uncompressed), every column and the metadata. */
export function encodeTrace(t: Trace): Uint8Array {
  const meta: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) if (!(TRACE_ARRAYS as readonly string[]).includes(k)) meta[k] = v;
  const cols = TRACE_ARRAYS.map((k) => {
    const a = t[k as Col] as ArrayBufferView;
    return { k, a, type: typeOf(a), count: (a as Uint8Array).length };
  });
  const header = new TextEncoder().encode(JSON.stringify({ meta, columns: cols.map((c) => [c.k, c.type, c.count]) }));
  let size = pad8(12 + header.length);
  for (const c of cols) size += pad8(c.a.byteLength);
  const out = new Uint8Array(size);
  out.set(MAGIC, 0);
  out[4] = VERSION;
  new DataView(out.buffer).setUint32(8, header.length, true);
  out.set(header, 12);
  let at = pad8(12 + header.length);
  for (const c of cols) {
    const copy = new Uint8Array(c.a.byteLength);
    copy.set(new Uint8Array(c.a.buffer, c.a.byteOffset, c.a.byteLength));
    out.set(packColumn(copy, CTORS[c.type].BYTES_PER_ELEMENT), at);
    at += pad8(c.a.byteLength);
  }
  return out;
}

/** The trace back from encodeTrace's bytes; SavedTraceError when they are not one. */
export function decodeTrace(b: Uint8Array): Trace {
  const bad = (why: string) => new SavedTraceError(`not a saved trace: ${why}`);
  if (b.length < 12 || MAGIC.some((m, i) => b[i] !== m)) throw bad('it does not start with LIOT');
  if (b[4] !== VERSION) throw bad(`format version ${b[4]}, this LIO Lab reads version ${VERSION}`);
  const h = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(8, true);
  if (12 + h > b.length) throw bad('its header runs past its end');
  let head: { meta?: unknown; columns?: unknown };
  try { head = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(12, 12 + h))); } catch { throw bad('its header is not JSON'); }
  const meta = head?.meta as Record<string, unknown> | undefined;
  if (!meta || typeof meta !== 'object' || !Array.isArray(head.columns)) throw bad('its header has no meta or columns');
  const length = meta.length;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) throw bad('its length is not a count');
  const out: Record<string, unknown> = { ...meta };
  let at = pad8(12 + h);
  const seen = new Set<string>();
  for (const c of head.columns as unknown[]) {
    if (!Array.isArray(c) || c.length !== 3) throw bad('a column entry is malformed');
    const [name, type, count] = c as [unknown, unknown, unknown];
    if (typeof name !== 'string' || !(TRACE_ARRAYS as readonly string[]).includes(name) || seen.has(name)) throw bad(`unknown or repeated column ${String(name)}`);
    if (typeof type !== 'string' || !(type in CTORS)) throw bad(`column ${name} has an unknown type`);
    if (count !== length) throw bad(`column ${name} holds ${String(count)} values, not ${length}`);
    const Ctor = CTORS[type as ColumnType];
    const bytes = length * Ctor.BYTES_PER_ELEMENT;
    if (at + bytes > b.length) throw bad(`column ${name} runs past its end`);
    // A copy: aligned, and owning its buffer (the views may transfer or keep it).
    out[name] = new Ctor(unpackColumn(b.subarray(at, at + bytes), Ctor.BYTES_PER_ELEMENT).buffer);
    seen.add(name);
    at += pad8(bytes);
  }
  for (const k of TRACE_ARRAYS) if (!seen.has(k)) throw bad(`column ${k} is missing`);
  if (!Array.isArray(out.stacks)) throw bad('it has no stacks');
  return out as unknown as Trace;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const s = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(s).arrayBuffer());
}

/** Deflate (zlib format). */
export const deflate = (bytes: Uint8Array) => through(bytes, new CompressionStream('deflate'));
/** Inflate; SavedTraceError when the bytes are not deflate's. */
export async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  try { return await through(bytes, new DecompressionStream('deflate')); } catch (e) {
    throw new SavedTraceError(`its compressed bytes are damaged (${(e as Error).message || String(e)})`);
  }
}

export function toBase64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}
export function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** One part of a run's traces as the host stores it: a step's trace (step >= 0) or the catalog (CATALOG_PART). */
export interface TracePart { step: number; data: Uint8Array; raw_bytes: number }

export interface PackedTraces {
  parts: TracePart[];
  /** Sentences for the save message ('' parts: none). */
  notes: string[];
}

/**
 * Collect, encode and compress a run's traces (the steps that have one) and
 * its catalog, within the caps. The catalog goes first (without it no trace
 * can be drawn); then the steps in order until the run's cap is reached.
 */
export async function packRunTraces(
  steps: Step[], getTrace: (index: number) => Promise<Trace | null>, catalog: Catalog | null,
  caps: { step: number; run: number } = { step: SAVED_TRACE_STEP_BYTES, run: SAVED_TRACE_RUN_BYTES },
): Promise<PackedTraces> {
  const parts: TracePart[] = [];
  let total = 0;
  if (catalog) {
    const raw = new TextEncoder().encode(JSON.stringify(catalog));
    const data = await deflate(raw);
    if (data.length > caps.step || data.length > caps.run) return { parts: [], notes: [`traces not kept: the catalog alone is ${fmtBytes(data.length)} compressed (over ${fmtBytes(Math.min(caps.step, caps.run))})`] };
    parts.push({ step: CATALOG_PART, data, raw_bytes: raw.length });
    total += data.length;
  }
  let overStep = 0, overRun = 0, gone = 0;
  for (const s of steps) {
    if (!(s.trace_events > 0)) continue;
    const t = await getTrace(s.index).catch(() => null);
    if (!t) { gone++; continue; }
    const raw = encodeTrace(t);
    const data = await deflate(raw);
    if (data.length > caps.step) { overStep++; continue; }
    if (total + data.length > caps.run) { overRun++; continue; }
    parts.push({ step: s.index, data, raw_bytes: raw.length });
    total += data.length;
  }
  const notes: string[] = [];
  const steps_ = (n: number) => `${n.toLocaleString('en-US')} step${n === 1 ? '' : 's'}`;
  if (overStep) notes.push(`traces of ${steps_(overStep)} not kept: over ${fmtBytes(caps.step)} compressed each`);
  if (overRun) notes.push(`traces of ${steps_(overRun)} not kept: over ${fmtBytes(caps.run)} for the run`);
  if (gone) notes.push(`traces of ${steps_(gone)} not kept: the engine no longer held them`);
  return { parts, notes };
}

/** A saved part back: the trace of a step. */
export async function unpackTrace(step: number, data: Uint8Array): Promise<Trace> {
  try { return decodeTrace(await inflate(data)); } catch (e) {
    throw new SavedTraceError(`the saved trace of step #${step} cannot be read: ${(e as Error).message.replace(/^not a saved trace: /, '')}`);
  }
}

/** A saved part back: the run's catalog. */
export async function unpackCatalog(data: Uint8Array): Promise<Catalog> {
  try {
    const c = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await inflate(data))) as Catalog;
    if (!c || typeof c !== 'object' || !Array.isArray(c.segments)) throw new Error('it holds no segments');
    return c;
  } catch (e) {
    throw new SavedTraceError(`the saved catalog cannot be read: ${(e as Error).message}`);
  }
}
