// Per-block heat (visit counts) aggregated from a trace or from the engine's summary.
import { EventKind, NO_LATCH, NO_SEGMENT, type HeatEntry, type Trace } from './types';

/** Event kinds that are a visit to a block (and so count as heat). */
/** Pseudo segment keys for the memoptimize pool (not buffer-cache segments). */
export const MEMOPT_HASH_SEGMENT = -3;
export const MEMOPT_HASH_CELLS = 256;
export function memoptAreaKey(segment: number): number { return -1000 - segment; }

/** The hash-index cell a memopt probe of (segment, block) lands in (a stable mixing hash). */
export function hashCell(segment: number, block: number): number {
  let h = (Math.imul(segment + 1, 0x9e3779b1) ^ Math.imul(block + 1, 0x85ebca6b)) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  return h % MEMOPT_HASH_CELLS;
}

/** The heat key and block an event counts against: memopt probes and reads have their own. */
export function heatTarget(kind: number, segment: number, block: number): [number, number] {
  if (kind === EventKind.MEMOPT_LOOKUP) return [MEMOPT_HASH_SEGMENT, hashCell(segment, block)];
  if (kind === EventKind.MEMOPT_READ) return [memoptAreaKey(segment), block];
  return [segment, block];
}

/** An operator's cells (model/structureOps.ts): a hash join's buckets, as its build rows fill them and
 * its probe rows look them up, and its partitions on temp, build's and probe's. */
export const OpCell = { BUILD: 0, PROBE: 1, TEMP_BUILD: 2, TEMP_PROBE: 3 } as const;

/** The heat key of plan line `line`'s operator cells of one kind (`OpCell`). */
export function opKey(line: number, cell: number): number { return -100_000 - line * 4 - cell; }

/** An operator event (the engine's `operator_events`): it lights an operator's cell, not a block. */
export function isOperatorCell(kind: number): boolean {
  return kind === EventKind.HASH_BUILD || kind === EventKind.HASH_PROBE || kind === EventKind.TEMP_WRITE || kind === EventKind.TEMP_READ;
}

/**
 * The heat key and cell of an operator event: a bucket (HASH_BUILD / HASH_PROBE's `block`), or a
 * spilled partition (TEMP_WRITE / TEMP_READ's `block`: side << 16 | partition).
 */
export function opTarget(kind: number, block: number, line: number): [number, number] {
  if (kind === EventKind.HASH_BUILD) return [opKey(line, OpCell.BUILD), block];
  if (kind === EventKind.HASH_PROBE) return [opKey(line, OpCell.PROBE), block];
  return [opKey(line, block >>> 16 ? OpCell.TEMP_PROBE : OpCell.TEMP_BUILD), block & 0xffff];
}

export function isVisit(kind: number): boolean {
  return kind === EventKind.BLOCK_GET || kind === EventKind.PINNED_REVISIT ||
    kind === EventKind.MEMOPT_LOOKUP || kind === EventKind.MEMOPT_READ;
}

export class HeatMap {
  private seg = new Map<number, Uint32Array>();
  /** CBC latch gets per child latch. */
  latch: Uint32Array;
  max = 0;
  latchMax = 0;
  total = 0;
  /** Bumped on every change, so views can tell a stale picture. */
  version = 0;

  constructor(latchChildren = 0) { this.latch = new Uint32Array(Math.max(0, latchChildren)); }

  clear() {
    for (const a of this.seg.values()) a.fill(0);
    this.latch.fill(0);
    this.max = 0; this.latchMax = 0; this.total = 0; this.version++;
  }

  blocks(segment: number): Uint32Array | undefined { return this.seg.get(segment); }

  get(segment: number, block: number): number { return this.seg.get(segment)?.[block] ?? 0; }

  private add(segment: number, block: number, n: number) {
    let a = this.seg.get(segment);
    if (!a || block >= a.length) {
      const bigger = new Uint32Array(Math.max(block + 1, (a?.length ?? 0) * 2, 64));
      if (a) bigger.set(a);
      a = bigger;
      this.seg.set(segment, a);
    }
    const v = (a[block] += n);
    if (v > this.max) this.max = v;
    this.total += n;
  }

  /** Apply events [from, to) of a trace. */
  applyRange(t: Trace, from: number, to: number) {
    const end = Math.min(to, t.length);
    for (let i = Math.max(0, from); i < end; i++) {
      if (isVisit(t.kind[i]) && t.segment[i] !== NO_SEGMENT) {
        const [s, b] = heatTarget(t.kind[i], t.segment[i], t.block[i]);
        this.add(s, b, 1);
      } else if (isOperatorCell(t.kind[i])) {
        const [s, b] = opTarget(t.kind[i], t.block[i], t.plan_line[i]);
        this.add(s, b, 1);
      }
      const c = t.latch_child[i];
      const g = t.latch_gets[i];
      if (c !== NO_LATCH && g > 0) {
        if (c >= this.latch.length) {
          const bigger = new Uint32Array(c + 1); bigger.set(this.latch); this.latch = bigger;
        }
        const v = (this.latch[c] += g);
        if (v > this.latchMax) this.latchMax = v;
      }
    }
    this.version++;
  }

  /** The operator events of events [from, to) (their cells' heat), alone. */
  applyOperators(t: Trace, from: number, to: number) {
    for (let i = Math.max(0, from); i < Math.min(to, t.length); i++) {
      if (!isOperatorCell(t.kind[i])) continue;
      const [s, b] = opTarget(t.kind[i], t.block[i], t.plan_line[i]);
      this.add(s, b, 1);
    }
    this.version++;
  }

  /** Replace the block heat with the engine's per-block totals. */
  applySummary(entries: readonly HeatEntry[]) {
    for (const e of entries) this.add(e.segment, e.block, e.visits);
    this.version++;
  }

  /**
   * The engine's per-block totals of a truncated trace, split by visit kind.
   * A HeatEntry does not say whether its visits were buffer-cache gets, memopt
   * hash-index probes or memopt buffer-area reads; each segment's totals are
   * shared out in the mix of those kinds among the events the trace kept, so a
   * memoptimized workload heats the memoptimize pool, not the table's buffers.
   */
  applySummaryOf(t: Trace) {
    const mix = new Map<number, [number, number, number]>();
    for (let i = 0; i < t.length; i++) {
      const k = t.kind[i];
      if (!isVisit(k) || t.segment[i] === NO_SEGMENT) continue;
      let m = mix.get(t.segment[i]);
      if (!m) { m = [0, 0, 0]; mix.set(t.segment[i], m); }
      m[k === EventKind.MEMOPT_LOOKUP ? 1 : k === EventKind.MEMOPT_READ ? 2 : 0]++;
    }
    for (const e of t.heat ?? []) {
      const m = mix.get(e.segment);
      if (!m || m[1] + m[2] === 0) { this.add(e.segment, e.block, e.visits); continue; }
      const tot = m[0] + m[1] + m[2];
      const cache = Math.round((e.visits * m[0]) / tot), probe = Math.round((e.visits * m[1]) / tot);
      const read = e.visits - cache - probe;
      if (cache > 0) this.add(e.segment, e.block, cache);
      if (probe > 0) this.add(MEMOPT_HASH_SEGMENT, hashCell(e.segment, e.block), probe);
      if (read > 0) this.add(memoptAreaKey(e.segment), e.block, read);
    }
    this.version++;
  }

  /** Heat of one segment as [block, visits] pairs (non-zero only). */
  entries(segment: number): [number, number][] {
    const a = this.seg.get(segment);
    const out: [number, number][] = [];
    if (a) for (let i = 0; i < a.length; i++) if (a[i]) out.push([i, a[i]]);
    return out;
  }

  segments(): number[] { return [...this.seg.keys()]; }
}

/** Heat of a whole trace (or its summary when the trace was truncated). */
export function heatOf(t: Trace, latchChildren = 0): HeatMap {
  const h = new HeatMap(latchChildren);
  if (t.truncated && t.heat) { h.applySummaryOf(t); h.applyOperators(t, 0, t.length); }
  else h.applyRange(t, 0, t.length);
  return h;
}

/** 0..1 on a log scale, so one visit shows and hot blocks don't wash the rest out. */
export function heatLevel(v: number, max: number): number {
  if (v <= 0 || max <= 0) return 0;
  // A floor of 8 on the scale keeps a handful of visits light; hot means many.
  return 0.25 + 0.75 * (Math.log(v) / Math.log(Math.max(8, max)));
}
