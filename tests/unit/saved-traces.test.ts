// Issue 35: a saved run keeps its steps' traces (renderer/src/model/savedTraces.ts):
// the LIOT format round-trips every column and the metadata, deflate round-trips,
// the per-step and per-run caps leave steps out with a sentence saying so, and a
// damaged blob is a stated error for its step, never a crash.
import { describe, expect, it } from 'vitest';
import { TRACE_ARRAYS } from '../../renderer/src/engine/contract.gen';
import {
  CATALOG_PART, SAVED_TRACE_RUN_BYTES, SAVED_TRACE_STEP_BYTES, SavedTraceError, decodeTrace, deflate, encodeTrace, fromBase64, inflate,
  packRunTraces, toBase64, unpackCatalog, unpackTrace,
} from '../../renderer/src/model/savedTraces';
import { createSavedTraceLoader, sendRunTraces } from '../../renderer/src/app/savedTraces';
import { savedInPartText } from '../../renderer/src/app/history';
import type { Catalog, Step, Trace } from '../../renderer/src/model/types';
import type { SessionRun } from '../../renderer/src/session';

/** A pseudo-random trace of n events (a fixed seed: the same bytes every run). */
function makeTrace(n: number, seed = 1): Trace {
  let x = seed >>> 0 || 1;
  const rnd = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  const fill = <T extends { length: number; [i: number]: number }>(a: T, f: (i: number) => number) => { for (let i = 0; i < a.length; i++) a[i] = f(i); return a; };
  let t = 1000;
  return {
    kind: fill(new Uint8Array(n), () => rnd() % 12),
    get_kind: fill(new Uint8Array(n), () => rnd() % 6),
    segment: fill(new Uint32Array(n), () => (rnd() % 7 === 0 ? 0xffffffff : rnd() % 40)),
    block: fill(new Uint32Array(n), () => rnd() % 100000),
    latch_child: fill(new Uint16Array(n), () => rnd() % 0x10000),
    latch_gets: fill(new Uint8Array(n), () => rnd() % 4),
    plan_line: fill(new Uint16Array(n), () => rnd() % 9),
    exec: fill(new Uint32Array(n), (i) => i >> 4),
    t_us: fill(new Float64Array(n), () => (t += (rnd() % 1000) / 7)),
    stack: fill(new Uint32Array(n), () => rnd() % 5),
    sid: fill(new Uint32Array(n), () => 17 + (rnd() % 3)),
    length: n,
    truncated: n > 100,
    stacks: ['sql;exec;fetch', 'sql;exec;fetch;kcbgtcr', 'sql;exec;fetch;kcbgtcr;ksl_get_shared_latch', 'sql;parse', 'éèü;ñ'],
    heat: [{ segment: 3, block: 9, visits: 12 }],
    devices: [{ name: 'disk0', frames: [{ t_us: 1001.5, reads: 3, writes: 0 }] }],
    sessions: [{ sid: 17 }, { sid: 18 }] as unknown as Trace['sessions'],
    window_us: 123456.75,
  };
}

const step = (index: number, trace_events: number) => ({ index, trace_events } as Step);
const CATALOG = { version: '19c', block_size: 8192, segments: [{ id: 1, name: 'T1' }] } as unknown as Catalog;

function expectSameTrace(a: Trace, b: Trace) {
  for (const k of TRACE_ARRAYS) {
    expect(b[k].constructor).toBe(a[k].constructor);
    expect(Array.from(b[k] as ArrayLike<number>)).toEqual(Array.from(a[k] as ArrayLike<number>));
  }
  const meta = (t: Trace) => Object.fromEntries(Object.entries(t).filter(([k]) => !(TRACE_ARRAYS as readonly string[]).includes(k)));
  expect(meta(b)).toEqual(meta(a));
}

describe('saved traces: the LIOT format', () => {
  it('round-trips every column and the metadata, through deflate and base64', async () => {
    for (const n of [0, 1, 7, 5000]) {
      const t = makeTrace(n, n + 3);
      const raw = encodeTrace(t);
      expectSameTrace(t, decodeTrace(raw));
      const z = await deflate(raw);
      expect(await inflate(z)).toEqual(raw);
      expectSameTrace(t, await unpackTrace(4, fromBase64(toBase64(z))));
    }
  });

  it('reads columns that are views into a larger buffer (as the worker transfers them)', () => {
    const t = makeTrace(33);
    const big = new Float64Array(100);
    big.set(t.t_us, 5);
    big[6] = -0; big[7] = NaN; big[8] = Infinity; big[9] = Number.MIN_VALUE; // bit patterns come back exactly
    const shifted = { ...t, t_us: big.subarray(5, 38) };
    expectSameTrace(shifted, decodeTrace(encodeTrace(shifted)));
  });

  it('a damaged blob is a stated error for its step, never a crash', async () => {
    const good = encodeTrace(makeTrace(50));
    const z = await deflate(good);
    const flipped = z.slice(); flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    const cases: Uint8Array[] = [new Uint8Array(0), new Uint8Array([1, 2, 3]), z.subarray(0, z.length - 9), flipped, await deflate(new TextEncoder().encode('hello'))];
    // Bytes that inflate but are not a trace: header length past the end, a short column, a bad header.
    const longHeader = good.slice(); new DataView(longHeader.buffer).setUint32(8, 1e9, true);
    const shortCol = good.slice(0, good.length - 100);
    const badJson = good.slice(); badJson[12] = 0x7b + 1;
    for (const b of [longHeader, shortCol, badJson]) cases.push(await deflate(b));
    for (const c of cases) {
      const e = await unpackTrace(12, c).then(() => null, (x: unknown) => x);
      expect(e).toBeInstanceOf(SavedTraceError);
      expect((e as Error).message).toMatch(/^the saved trace of step #12 cannot be read: /);
    }
    await expect(unpackCatalog(flipped)).rejects.toThrow(/^the saved catalog cannot be read: /);
  });
});

describe('saved traces: packing a run within the caps', () => {
  it('keeps the catalog and each traced step, skips steps without events', async () => {
    const traces = new Map([[0, makeTrace(10, 1)], [2, makeTrace(20, 2)]]);
    const got = await packRunTraces([step(0, 10), step(1, 0), step(2, 20)], async (i) => traces.get(i) ?? null, CATALOG);
    expect(got.notes).toEqual([]);
    expect(got.parts.map((p) => p.step)).toEqual([CATALOG_PART, 0, 2]);
    expect(await unpackCatalog(got.parts[0].data)).toEqual(CATALOG);
    expectSameTrace(traces.get(2)!, await unpackTrace(2, got.parts[2].data));
    expect(got.parts[2].raw_bytes).toBe(encodeTrace(traces.get(2)!).length);
  });

  it('leaves out what is over the caps, and says so', async () => {
    const t = makeTrace(20000, 9); // random columns: deflate cannot shrink them much
    const size = (await deflate(encodeTrace(t))).length;
    // Per step: a cap below the trace's size leaves every step out.
    const perStep = await packRunTraces([step(0, 1), step(1, 1)], async () => t, null, { step: size - 1, run: 100 * size });
    expect(perStep.parts).toEqual([]);
    expect(perStep.notes).toEqual([`traces of 2 steps not kept: over ${size - 1 >= 1024 ? `${Math.round((size - 1) / 1024)} KB` : `${size - 1} bytes`} compressed each`]);
    // Per run: two fit, the third and fourth do not.
    const perRun = await packRunTraces([0, 1, 2, 3].map((i) => step(i, 1)), async () => t, null, { step: size, run: 2 * size + 10 });
    expect(perRun.parts.map((p) => p.step)).toEqual([0, 1]);
    expect(perRun.notes).toEqual([expect.stringMatching(/^traces of 2 steps not kept: over \d+ KB for the run$/)]);
    // The engine no longer holding a step's trace is said too.
    const gone = await packRunTraces([step(0, 1)], async () => null, null);
    expect(gone.notes).toEqual(['traces of 1 step not kept: the engine no longer held them']);
  });

  it('the caps are those the host takes, and a step fits the web body cap in base64', async () => {
    const { LIMITS } = await import('../../electron/host/services.mjs');
    const { ROUTE_BODY_LIMITS, MAX_BODY_BYTES } = await import('../../electron/web.mjs');
    expect(SAVED_TRACE_STEP_BYTES).toBe(LIMITS.traceBytes);
    expect(SAVED_TRACE_RUN_BYTES).toBe(LIMITS.runTraceBytes);
    const body = (ROUTE_BODY_LIMITS as Record<string, number>)['PUT /api/runs/:id/traces'];
    expect(Math.ceil(SAVED_TRACE_STEP_BYTES / 3) * 4 + 200).toBeLessThan(body);
    expect(MAX_BODY_BYTES).toBeLessThanOrEqual(10 * 1024 * 1024);
  });
});

describe('saved traces: sending and loading through a host', () => {
  it('a run sent part by part loads back lazily; a corrupt part is that step\'s error', async () => {
    const stored = new Map<string, { step: number; data: string; raw_bytes: number }>();
    let gets = 0;
    const host = {
      putRunTrace: async (id: string | number, t: { step: number; data: string; raw_bytes: number }) => { stored.set(`${id}:${t.step}`, t); },
      getRunTrace: async (id: string | number, s: number) => { gets++; return stored.get(`${id}:${s}`) ?? null; },
    };
    const traces = new Map([[0, makeTrace(40, 4)], [1, makeTrace(60, 5)]]);
    const notes = await sendRunTraces(host, 9, [step(0, 40), step(1, 60)], async (i) => traces.get(i) ?? null, CATALOG);
    expect(notes).toEqual([]);
    expect([...stored.keys()].sort()).toEqual(['9:-1', '9:0', '9:1']);
    const loader = createSavedTraceLoader(host);
    const info = [...stored.values()].map((t) => ({ step: t.step, bytes: 1, raw_bytes: t.raw_bytes }));
    expect(await loader.catalog({ id: 9, title: 't', script: '', result: { lio_lab: '', steps: [] }, traces: info })).toEqual(CATALOG);
    const run = { savedId: 9, traces: info, source: 'history' } as SessionRun;
    expectSameTrace(traces.get(0)!, await loader.trace(run, step(0, 40)));
    const before = gets;
    await loader.trace(run, step(0, 40));
    expect(gets).toBe(before); // loaded once
    stored.set('9:1', { ...stored.get('9:1')!, data: toBase64(new Uint8Array([120, 156, 1, 2, 3, 4])) });
    await expect(loader.trace(run, step(1, 60))).rejects.toThrow(/^the saved trace of step #1 cannot be read: its compressed bytes are damaged/);
    await expect(loader.trace(run, step(5, 3))).rejects.toThrow(/^the trace of step #5 was not kept with the saved run/);
  });

  it('a trace over the size cap is left out and the save\'s message states the cap', async () => {
    const sent: number[] = [];
    const host = { putRunTrace: async (_id: string | number, t: { step: number }) => { sent.push(t.step); } };
    const t = makeTrace(20000, 9);
    const notes = await sendRunTraces(host, 4, [step(0, 1), step(1, 1)], async () => t, null, { step: 1024, run: 1 << 20 });
    expect(sent).toEqual([]);
    expect(savedInPartText(7, 4, notes)).toBe('Run 7 was saved to history as #4, in part: traces of 2 steps not kept: over 1 KB compressed each.');
    // Under the default caps (those the host takes) the same traces are sent.
    expect(await sendRunTraces(host, 4, [step(0, 1), step(1, 1)], async () => t, null)).toEqual([]);
    expect(sent).toEqual([0, 1]);
  });

  it('a host that refuses a part stops the sending and says why', async () => {
    const host = { putRunTrace: async (_id: string | number, t: { step: number }) => { if (t.step === 1) throw new Error('trace not saved: the disk is full'); } };
    const notes = await sendRunTraces(host, 3, [step(0, 1), step(1, 1), step(2, 1)], async (i) => makeTrace(5, i + 1), null);
    expect(notes).toEqual(['traces of 2 steps not kept: trace not saved: the disk is full']);
  });
});
