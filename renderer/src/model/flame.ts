// Flame graphs from folded stacks ("opitsk;opiodr;kcbgtcr 12.5"), speedscope-style:
// frames are interned once and referred to by index; a builder takes the
// stacks, then FlameGraph is immutable and its layout is computed once, in
// the constructor. Geometry is in "config space": x in weight units
// [0, total), y in frame rows (depth). Views map it to pixels with one transform.

export interface FoldedSample { stack: string[]; weight: number }

/** Parse folded lines. The weight is the last space-separated field. */
export function parseFolded(lines: Iterable<string>): FoldedSample[] {
  const out: FoldedSample[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const sp = line.lastIndexOf(' ');
    if (sp <= 0) continue;
    const weight = Number(line.slice(sp + 1));
    if (!Number.isFinite(weight) || weight <= 0) continue;
    const stack = line.slice(0, sp).split(';').filter((f) => f.length > 0);
    if (stack.length) out.push({ stack, weight });
  }
  return out;
}

export class FrameTable {
  readonly names: string[] = [];
  private index = new Map<string, number>();
  intern(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) { i = this.names.length; this.names.push(name); this.index.set(name, i); }
    return i;
  }
  lookup(name: string): number | undefined { return this.index.get(name); }
}

export interface FlameNode {
  readonly id: number;
  readonly frame: number;          // index into frames.names
  readonly parent: number;         // node id, -1 for the root
  readonly depth: number;          // 0 = first real frame
  readonly x: number;              // config-space start (weight units)
  readonly total: number;          // inclusive weight
  readonly self: number;
  readonly children: readonly number[];
}

interface MutableNode { frame: number; parent: number; depth: number; total: number; self: number; children: Map<number, number> }

/** Builds a call tree by appending stacks; then `build()` freezes it. */
export class FlameBuilder {
  readonly frames = new FrameTable();
  private nodes: MutableNode[] = [{ frame: -1, parent: -1, depth: -1, total: 0, self: 0, children: new Map() }];

  add(stack: readonly string[], weight: number): this {
    let cur = 0;
    this.nodes[0].total += weight;
    for (let d = 0; d < stack.length; d++) {
      const f = this.frames.intern(stack[d]);
      let next = this.nodes[cur].children.get(f);
      if (next === undefined) {
        next = this.nodes.length;
        this.nodes.push({ frame: f, parent: cur, depth: d, total: 0, self: 0, children: new Map() });
        this.nodes[cur].children.set(f, next);
      }
      this.nodes[next].total += weight;
      cur = next;
    }
    this.nodes[cur].self += weight;
    return this;
  }

  addFolded(lines: Iterable<string>): this {
    for (const s of parseFolded(lines)) this.add(s.stack, s.weight);
    return this;
  }

  build(): FlameGraph { return new FlameGraph(this.frames, this.nodes); }
}

export class FlameGraph {
  readonly frames: FrameTable;
  /** nodes[0] is the synthetic root (depth -1, spans everything). */
  readonly nodes: readonly FlameNode[];
  readonly total: number;
  readonly maxDepth: number;
  /** Node ids per depth, in x order: rows[d] for drawing and hit-testing. */
  readonly rows: readonly (readonly number[])[];

  constructor(frames: FrameTable, raw: readonly MutableNode[]) {
    this.frames = frames;
    const nodes: FlameNode[] = new Array(raw.length);
    const rows: number[][] = [];
    let maxDepth = -1;
    // Layout once: children sorted by frame name (a flame graph, not a chart).
    const place = (id: number, x: number) => {
      const r = raw[id];
      const kids = [...r.children.values()].sort((a, b) => {
        const na = frames.names[raw[a].frame], nb = frames.names[raw[b].frame];
        return na < nb ? -1 : na > nb ? 1 : 0;
      });
      nodes[id] = { id, frame: r.frame, parent: r.parent, depth: r.depth, x, total: r.total, self: r.self, children: kids };
      if (r.depth >= 0) {
        (rows[r.depth] ??= []).push(id);
        if (r.depth > maxDepth) maxDepth = r.depth;
      }
      let cx = x;
      for (const k of kids) { place(k, cx); cx += raw[k].total; }
    };
    place(0, 0);
    this.nodes = nodes;
    this.total = raw[0].total;
    this.maxDepth = maxDepth;
    this.rows = rows;
  }

  static fromFolded(lines: Iterable<string>): FlameGraph { return new FlameBuilder().addFolded(lines).build(); }

  name(id: number): string { return id === 0 ? 'all' : this.frames.names[this.nodes[id].frame]; }

  /** Path of frame names from the first frame down to node id. */
  path(id: number): string[] {
    const out: string[] = [];
    for (let n = id; n > 0; n = this.nodes[n].parent) out.push(this.name(n));
    return out.reverse();
  }

  /** Node at config-space (x, depth), or -1. */
  hit(x: number, depth: number): number {
    const row = this.rows[depth];
    if (!row) return -1;
    let lo = 0, hi = row.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const n = this.nodes[row[mid]];
      if (x < n.x) hi = mid - 1; else if (x >= n.x + n.total) lo = mid + 1; else return n.id;
    }
    return -1;
  }

  /** Visit nodes depth-first (pre-order), root excluded. */
  visit(fn: (n: FlameNode) => void) {
    const walk = (id: number) => { for (const k of this.nodes[id].children) { fn(this.nodes[k]); walk(k); } };
    walk(0);
  }

  /** Re-emit as folded lines (a;b;c weight), sorted: for snapshot tests and exports. */
  toFolded(): string[] {
    const out: string[] = [];
    this.visit((n) => { if (n.self > 0) out.push(`${this.path(n.id).join(';')} ${round(n.self)}`); });
    return out.sort();
  }

  /** Ids of nodes whose frame name contains the query (case-insensitive). */
  search(query: string): Set<number> {
    const q = query.trim().toLowerCase();
    const hits = new Set<number>();
    if (!q) return hits;
    this.visit((n) => { if (this.frames.names[n.frame].toLowerCase().includes(q)) hits.add(n.id); });
    return hits;
  }

  /** Total weight of matched nodes, counting nested matches once. */
  matchedWeight(hits: Set<number>): number {
    let w = 0;
    const walk = (id: number) => {
      for (const k of this.nodes[id].children) { if (hits.has(k)) w += this.nodes[k].total; else walk(k); }
    };
    walk(0);
    return w;
  }
}

export function round(v: number): number { return Math.round(v * 1000) / 1000; }

export interface FrameTotal { name: string; self: number; total: number }

/** Per-function totals (speedscope's sandwich table): self time, and total time counting recursion once. */
export function frameTotals(g: FlameGraph): FrameTotal[] {
  const self = new Float64Array(g.frames.names.length);
  const total = new Float64Array(g.frames.names.length);
  const onStack = new Uint32Array(g.frames.names.length);
  const walk = (id: number) => {
    const n = g.nodes[id];
    if (id > 0) {
      self[n.frame] += n.self;
      if (onStack[n.frame] === 0) total[n.frame] += n.total;
      onStack[n.frame]++;
    }
    for (const k of n.children) walk(k);
    if (id > 0) onStack[n.frame]--;
  };
  walk(0);
  return g.frames.names.map((name, i) => ({ name, self: self[i], total: total[i] }))
    .filter((f) => f.total > 0)
    .sort((a, b) => b.self - a.self || b.total - a.total || (a.name < b.name ? -1 : 1));
}

/** Lab-made frames (the client's round trip) in words; Oracle's kernel functions stay as they are. */
const LAB_FRAMES: Record<string, string> = {
  'ipc;bequeath_pipe_roundtrip': 'client round trip (bequeath pipe)',
  'network;oracle_net_roundtrip': 'client round trip (Oracle Net)',
};

/** A cost stack as a readout shows it: the innermost function, or the lab frame in words. */
export function readableStack(stack: string): string {
  if (LAB_FRAMES[stack]) return LAB_FRAMES[stack];
  const frames = stack.split(';');
  const inner = frames[frames.length - 1];
  if (frames[0] === 'java' || frames[0] === 'sqlplus') return `client: ${inner}`;
  return `in ${inner}`;
}

/** The root frame of the server (shadow) process's stacks; the others are the client, the network and the driver. */
export const SERVER_ROOT = 'oracle';

/**
 * The stacks of the server process only, as perf on the database host sees
 * them: the `oracle;` root taken off, the client's and the network's stacks
 * left out (seed 000 profiled the server process while the Java client ran).
 */
export function serverOnly(folded: string[]): string[] {
  const prefix = `${SERVER_ROOT};`;
  return folded.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
}
