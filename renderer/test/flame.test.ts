import { describe, expect, it } from 'vitest';
import { FlameBuilder, FlameGraph, parseFolded } from '../src/model/flame';
import { diffFlame, diffIntensity } from '../src/model/flamediff';
import { FOLDED_T1, FOLDED_T4 } from './fixtures';

describe('parseFolded', () => {
  it('splits the weight at the last space and skips junk', () => {
    const s = parseFolded(['a;b;c 12.5', '', '# comment', 'noweight', 'a;b -3', 'x;y 0', 'frame with space;z 2']);
    expect(s).toEqual([{ stack: ['a', 'b', 'c'], weight: 12.5 }, { stack: ['frame with space', 'z'], weight: 2 }]);
  });
});

describe('FlameGraph', () => {
  const g = FlameGraph.fromFolded(FOLDED_T1);

  it('round-trips folded stacks (snapshot of a;b;c weight lines)', () => {
    expect(g.toFolded()).toEqual([...FOLDED_T1].sort());
  });

  it('interns frames once', () => {
    expect(g.frames.names.filter((n) => n === 'opitsk')).toHaveLength(1);
    expect(g.frames.names.filter((n) => n === 'kcbgtcr')).toHaveLength(1);
    // kcbgtcr appears under two parents: two nodes, one frame
    const nodes = g.nodes.filter((n) => n.frame === g.frames.lookup('kcbgtcr'));
    expect(nodes).toHaveLength(2);
  });

  it('computes totals, self and a layout where children tile their parent', () => {
    expect(g.total).toBeCloseTo(74);
    const root = g.nodes[0];
    expect(root.children).toHaveLength(1);
    const opitsk = g.nodes[root.children[0]];
    expect(g.name(opitsk.id)).toBe('opitsk');
    expect(opitsk.total).toBeCloseTo(74);
    g.visit((n) => {
      let x = n.x;
      let sum = 0;
      for (const k of n.children) { expect(g.nodes[k].x).toBeCloseTo(x); x += g.nodes[k].total; sum += g.nodes[k].total; }
      expect(n.self + sum).toBeCloseTo(n.total);
    });
    expect(g.maxDepth).toBe(6);
  });

  it('orders siblings by name (a flame graph, not a chart)', () => {
    const opitsk = g.nodes[g.nodes[0].children[0]];
    expect(opitsk.children.map((k) => g.name(k))).toEqual(['opikndf2', 'opiodr']);
  });

  it('hit-tests config space', () => {
    const opiodr = g.nodes.find((n) => g.name(n.id) === 'opiodr')!;
    expect(g.hit(opiodr.x + 0.1, opiodr.depth)).toBe(opiodr.id);
    expect(g.hit(-1, 0)).toBe(-1);
    expect(g.hit(0, 99)).toBe(-1);
  });

  it('searches frames and weighs nested matches once', () => {
    const hits = g.search('KCBGTCR');
    expect(hits.size).toBe(2);
    expect(g.matchedWeight(hits)).toBeCloseTo(4.5);
    const op = g.search('opi');
    expect(g.matchedWeight(op)).toBeCloseTo(74);
    expect(g.search('  ').size).toBe(0);
  });

  it('builds incrementally like the speedscope builder', () => {
    const b = new FlameBuilder().add(['a', 'b'], 1).add(['a', 'b'], 2).add(['a'], 1).build();
    expect(b.toFolded()).toEqual(['a 1', 'a;b 3']);
    expect(b.path(b.nodes.find((n) => n.depth === 1)!.id)).toEqual(['a', 'b']);
  });

  it('handles an empty profile', () => {
    const e = FlameGraph.fromFolded([]);
    expect(e.total).toBe(0);
    expect(e.maxDepth).toBe(-1);
    expect(e.toFolded()).toEqual([]);
  });
});

describe('differential flame graph', () => {
  const d = diffFlame(FOLDED_T1, FOLDED_T4);

  it('keeps A and B weights per node', () => {
    expect(d.totalA).toBeCloseTo(74);
    expect(d.totalB).toBeCloseTo(71.5);
    const id = (name: string) => d.graph.nodes.find((n) => d.graph.name(n.id) === name)!.id;
    expect(d.a[id('kpoxihLookup')]).toBe(0);
    expect(d.b[id('kpoxihLookup')]).toBeCloseTo(1.2);
    expect(d.a[id('qertbFetchByRowID')]).toBeCloseTo(4.5);
    expect(d.b[id('qertbFetchByRowID')]).toBe(0);
  });

  it('lays out on B and keeps frames only in A with their A width', () => {
    const g = d.graph;
    const find = (name: string) => g.nodes.find((n) => g.name(n.id) === name)!;
    expect(find('kpoxihLookup').total).toBeCloseTo(1.2);
    expect(find('qertbFetchByRowID').total).toBeCloseTo(4.5);
    // opifch2: B self 0 + children (kpoxih* 2.0, ksupucg 0.5, qertb 4.5 from A)
    expect(find('opifch2').total).toBeCloseTo(7);
    g.visit((n) => { const sum = n.children.reduce((s, k) => s + g.nodes[k].total, 0); expect(n.self + sum).toBeCloseTo(n.total); });
  });

  it('colours grown frames positive and shrunk ones negative', () => {
    const g = d.graph;
    const id = (name: string) => g.nodes.find((n) => g.name(n.id) === name)!.id;
    expect(diffIntensity(d, id('kpoxihLookup'))).toBeGreaterThan(0);
    expect(diffIntensity(d, id('qertbFetchByRowID'))).toBe(-1);
    expect(diffIntensity(d, id('kksumc'))).toBe(0);
  });
});

describe('frame totals (sandwich table)', () => {
  it('sums self time per function and counts recursion once in total', async () => {
    const { frameTotals } = await import('../src/model/flame');
    const g = FlameGraph.fromFolded(['a;b;a;c 2', 'a;b 1', 'd;c 3']);
    const t = Object.fromEntries(frameTotals(g).map((f) => [f.name, f]));
    expect(t.a).toEqual({ name: 'a', self: 0, total: 3 });
    expect(t.c).toEqual({ name: 'c', self: 5, total: 5 });
    expect(t.b.self).toBe(1);
    expect(frameTotals(g)[0].name).toBe('c');
  });
});

describe('frame self deltas', () => {
  it('sums self time per leaf function and sorts by the biggest change', async () => {
    const { frameSelfDeltas } = await import('../src/model/flamediff');
    const d = frameSelfDeltas(['a;kcbgtcr 10', 'a;b 5'], ['a;kpoxihLookup 7', 'a;b 4']);
    expect(d.map((r) => [r.name, r.a, r.b, r.delta])).toEqual([['kcbgtcr', 10, 0, -10], ['kpoxihLookup', 0, 7, 7], ['b', 5, 4, -1]]);
  });
});
