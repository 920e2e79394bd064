// Differential flame graph of two folded sets (A = baseline, B = compared).
// Layout follows B's weights (like Brendan Gregg's difffolded), and frames
// that exist only in A are kept with A's weight, so removed work stays visible.
// Each node carries its A and B inclusive weights; delta = B - A.
import { FlameGraph, FrameTable, parseFolded } from './flame';

export interface DiffFlame {
  graph: FlameGraph;           // geometry (x, total = drawn width)
  a: Float64Array;             // inclusive weight in A, by node id
  b: Float64Array;             // inclusive weight in B, by node id
  totalA: number;
  totalB: number;
  /** Largest |delta| over nodes, for colour scaling. */
  maxAbsDelta: number;
}

interface Raw { frame: number; parent: number; depth: number; total: number; self: number; children: Map<number, number>;
                a: number; b: number; aSelf: number; bSelf: number }

export function diffFlame(foldedA: Iterable<string>, foldedB: Iterable<string>): DiffFlame {
  const frames = new FrameTable();
  const raw: Raw[] = [{ frame: -1, parent: -1, depth: -1, total: 0, self: 0, children: new Map(), a: 0, b: 0, aSelf: 0, bSelf: 0 }];
  const add = (lines: Iterable<string>, side: 'a' | 'b') => {
    for (const s of parseFolded(lines)) {
      let cur = 0;
      raw[0][side] += s.weight;
      for (let d = 0; d < s.stack.length; d++) {
        const f = frames.intern(s.stack[d]);
        let next = raw[cur].children.get(f);
        if (next === undefined) {
          next = raw.length;
          raw.push({ frame: f, parent: cur, depth: d, total: 0, self: 0, children: new Map(), a: 0, b: 0, aSelf: 0, bSelf: 0 });
          raw[cur].children.set(f, next);
        }
        raw[next][side] += s.weight;
        cur = next;
      }
      if (side === 'a') raw[cur].aSelf += s.weight; else raw[cur].bSelf += s.weight;
    }
  };
  add(foldedA, 'a');
  add(foldedB, 'b');
  // Drawn width: B's self time (A's when the node is absent from B) plus the children.
  const width = (id: number): number => {
    const r = raw[id];
    r.self = r.b > 0 ? r.bSelf : r.aSelf;
    let w = r.self;
    for (const k of r.children.values()) w += width(k);
    r.total = w;
    return w;
  };
  width(0);
  const graph = new FlameGraph(frames, raw);
  const a = new Float64Array(raw.length), b = new Float64Array(raw.length);
  let maxAbsDelta = 0;
  raw.forEach((r, i) => {
    a[i] = r.a; b[i] = r.b;
    if (i > 0) maxAbsDelta = Math.max(maxAbsDelta, Math.abs(r.b - r.a));
  });
  return { graph, a, b, totalA: raw[0].a, totalB: raw[0].b, maxAbsDelta };
}

/** -1 (shrank fully) .. 0 (same) .. +1 (grew most), relative to the largest change. */
export function diffIntensity(d: DiffFlame, id: number): number {
  if (d.maxAbsDelta === 0) return 0;
  return Math.max(-1, Math.min(1, (d.b[id] - d.a[id]) / d.maxAbsDelta));
}

export interface FrameDelta { name: string; a: number; b: number; delta: number }

/** Self time per function name in A and in B, biggest change first (the table next to a differential flame graph). */
export function frameSelfDeltas(foldedA: Iterable<string>, foldedB: Iterable<string>): FrameDelta[] {
  const m = new Map<string, FrameDelta>();
  const add = (lines: Iterable<string>, side: 'a' | 'b') => {
    for (const s of parseFolded(lines)) {
      const leaf = s.stack[s.stack.length - 1];
      if (leaf === undefined) continue;
      let r = m.get(leaf);
      if (!r) { r = { name: leaf, a: 0, b: 0, delta: 0 }; m.set(leaf, r); }
      r[side] += s.weight;
    }
  };
  add(foldedA, 'a');
  add(foldedB, 'b');
  const out = [...m.values()];
  for (const r of out) r.delta = r.b - r.a;
  return out.sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || (x.name < y.name ? -1 : 1));
}
