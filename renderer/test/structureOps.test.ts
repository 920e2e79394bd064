// Issue 34's pictures: the layout models of a partitioned table (its
// partitions' segments, the pruned ones greyed, Pstart / Pstop, local index
// partitions beside), a hash join (buckets filled by the build, looked up
// by the probe, partitions on temp) and a bitmap index (its pieces, the
// plan's BITMAP operators), and where their events light up.
import { describe, expect, it } from 'vitest';
import { checkXml } from './xml';
import { makeTrace } from './fixtures';
import { createLocator, groupRect, layoutStructures, locateEvent, roleName } from '../src/model/structure';
import { hashJoinEvents, MAX_PARTS, MAX_PIECES } from '../src/model/structureOps';
import { heatOf, opKey, OpCell } from '../src/model/heat';
import { structureSvg } from '../src/reports/structure';
import { EventKind, HASH_PICTURE_BUCKETS, type Catalog, type PlanLine, type Segment } from '../src/model/types';

const CACHE = { cbc_latch_children: 0, hash_buckets: 0, pools: [] };
const MEMOPT = { buffer_area_bytes: 0, hash_index_bytes: 0, memoptimize_read_tables: [], pool_bytes: 0, tables: [] };
const catalog = (segments: Segment[]): Catalog => ({ version: '19.0.0', block_size: 8192, cache: CACHE, memopt: MEMOPT, segments });
const line = (id: number, parent: number | null, depth: number, operation: string, name: string | null, extra: Partial<PlanLine> = {}): PlanLine =>
  ({ id, parent, depth, operation, name, starts: 1, e_rows: 1, a_rows: 1, buffers: 0, cost: 1, io_cost: 1, ...extra });

/** A 2-partition table (3 blocks each) and its LOCAL index's partitions (a root = leaf each). */
function partitioned(n = 2): Segment[] {
  const segs: Segment[] = [];
  for (let i = 0; i < n; i++) {
    segs.push({ id: 10 + i, name: `SALES:P${i + 1}`, kind: 'TABLE', table: 'SALES', pool: 'DEFAULT', blocks: 3, rows: 100, header_block: 0,
      partition: { of: 'SALES', name: `P${i + 1}`, position: i + 1, count: n, high_value: `${(i + 1) * 1000}`, method: 'RANGE', local: false } });
    segs.push({ id: 100 + i, name: `SALES_IX:P${i + 1}`, kind: 'INDEX', table: 'SALES', pool: 'DEFAULT', blocks: 2, rows: 100, header_block: 0,
      btree: { height: 1, levels: [{ first_block: 1, count: 1 }], entries_per_leaf: 100, unique: false },
      partition: { of: 'SALES_IX', name: `P${i + 1}`, position: i + 1, count: n, high_value: `${(i + 1) * 1000}`, method: 'RANGE', local: true } });
  }
  return segs;
}

describe('partitioned table picture', () => {
  const plan = [line(0, null, 0, 'SELECT STATEMENT', null), line(1, 0, 1, 'PARTITION RANGE SINGLE', null, { pstart: '2', pstop: '2' }),
    line(2, 1, 2, 'TABLE ACCESS FULL', 'SALES', { pstart: '2', pstop: '2' })];
  it('draws each partition as its own segment, the pruned one greyed, Pstart / Pstop above, the local index partition beside', () => {
    const layout = layoutStructures(catalog(partitioned()), { width: 900, plan, visited: new Set([11]) });
    const p = layout.pictures.find((q) => q.key === 'part:SALES')!;
    expect(p.title).toBe('SALES: RANGE partitioned, 2 partitions (each its own segment)');
    expect(p.subtitle).toMatch(/^1 read, 1 pruned \(greyed\) · local index SALES_IX beside its table partitions/);
    const tables = p.groups.filter((g) => g.role === 'table');
    expect(tables.map((g) => [g.segment, g.dim])).toEqual([[10, true], [11, false]]);
    expect(tables[0].label).toBe('#1 P1 · VALUES LESS THAN (1000) · 3 blocks, 100 rows · pruned');
    const ix = p.groups.filter((g) => g.role === 'index');
    expect(ix.map((g) => [g.segment, g.dim, g.list])).toEqual([[100, true, [1]], [101, true, [1]]]);
    // Beside: the index partition on the table partition's row, to its right.
    expect(groupRect(ix[1]).y).toBe(groupRect(tables[1]).y);
    expect(ix[1].x).toBeGreaterThan(groupRect(tables[1]).x + groupRect(tables[1]).w);
    expect(p.notes.map((n) => n.text)).toEqual(['PARTITION RANGE SINGLE (plan line 1): Pstart 2 · Pstop 2', 'TABLE ACCESS FULL SALES (plan line 2): Pstart 2 · Pstop 2']);
    // Nothing drawn past the picture's right edge.
    for (const g of p.groups) expect(groupRect(g).x + groupRect(g).w).toBeLessThanOrEqual(p.x + p.width);
    expect(roleName(ix[0], 1)).toBe('local index partition block');
  });
  it('prunes by the plan\'s numbers when there is no trace', () => {
    const layout = layoutStructures(catalog(partitioned()), { width: 900, plan });
    const p = layout.pictures.find((q) => q.key === 'part:SALES')!;
    expect(p.groups.filter((g) => g.role === 'table').map((g) => g.dim)).toEqual([true, false]);
  });
  it('sums up a table of many partitions instead of drawing them all', () => {
    const layout = layoutStructures(catalog(partitioned(1000)), { width: 900, visited: new Set([10 + 500]) });
    const p = layout.pictures.find((q) => q.key === 'part:SALES')!;
    const tables = p.groups.filter((g) => g.role === 'table');
    expect(tables.length).toBe(MAX_PARTS);
    // The read partition is among those drawn.
    expect(tables.some((g) => g.segment === 510 && !g.dim)).toBe(true);
    expect(p.notes.at(-1)!.text).toBe('… 988 more partitions not drawn (all pruned)');
    expect(p.height).toBeLessThan(1400);
  });
  it('lights a visit of a partition\'s block in that partition\'s row', () => {
    const layout = layoutStructures(catalog(partitioned()), { width: 900, plan, visited: new Set([11]) });
    const refs = createLocator(layout)(EventKind.BLOCK_GET, 11, 2);
    expect(refs.map((r) => [r.group.segment, r.index])).toEqual([[11, 2]]);
  });
});

const HJ_PLAN = [line(0, null, 0, 'SELECT STATEMENT', null), line(1, 0, 1, 'HASH JOIN', null, { workarea: { optimal: 139000, onepass: 47722, used: 131072, passes: 1, temp: 393216 } }),
  line(2, 1, 2, 'TABLE ACCESS FULL', 'T1', { a_rows: 1000 }), line(3, 1, 2, 'TABLE ACCESS FULL', 'T2', { a_rows: 1000 })];
const T1: Segment = { id: 0, name: 'T1', kind: 'TABLE', table: null, pool: 'DEFAULT', blocks: 20, rows: 1000, header_block: 0 };
const T2: Segment = { ...T1, id: 1, name: 'T2' };

/** Build rows into buckets 3, 3, 7; probe rows to 3 and 9; a fan-out of 8, partitions 6 and 7 spilled (a write and a read each side). */
function hjTrace() {
  const ev = (kind: number, block: number) => ({ kind, get: 255, seg: 0xffffffff, block });
  const t = makeTrace([ev(EventKind.HASH_BUILD, 3), ev(EventKind.HASH_BUILD, 3), ev(EventKind.HASH_BUILD, 7), ev(EventKind.HASH_SPILL, 8),
    ev(EventKind.TEMP_WRITE, 6), ev(EventKind.TEMP_WRITE, 7), ev(EventKind.HASH_PROBE, 3), ev(EventKind.HASH_PROBE, 9),
    ev(EventKind.TEMP_WRITE, (1 << 16) | 6), ev(EventKind.TEMP_WRITE, (1 << 16) | 7), ev(EventKind.TEMP_READ, 6), ev(EventKind.TEMP_READ, (1 << 16) | 6)]);
  t.plan_line.fill(1);
  return t;
}

describe('hash join picture', () => {
  it('reads the fan-out and the spilled partitions from the operator events', () => {
    const e = hashJoinEvents(hjTrace(), 1);
    expect([e.fanout, [...e.build], [...e.probe], e.rows]).toEqual([8, [6, 7], [6, 7], [3, 2]]);
  });
  it('draws the buckets the build fills and the probe looks up, and the partitions on temp', () => {
    const trace = hjTrace();
    const layout = layoutStructures(catalog([T1, T2]), { width: 900, plan: HJ_PLAN, trace, visited: new Set([0, 1]) });
    const p = layout.pictures[0];
    expect(p.title).toBe('HASH JOIN (plan line 1): build T1 → probe T2');
    expect(p.subtitle).toBe('one-pass: fan-out 8, 2 partitions spilled to temp · OMem 136 KB · 1Mem 47 KB · Used-Mem 128 KB · Used-Tmp 384 KB');
    expect(p.groups.map((g) => [g.role, g.count])).toEqual([['hash-bucket', HASH_PICTURE_BUCKETS], ['hash-probe', HASH_PICTURE_BUCKETS], ['temp', 2], ['temp', 2]]);
    expect(p.groups[0].label).toBe('build: T1 (line 2) · 1,000 rows hashed into the hash table\'s buckets (the first 3 traced)');
    expect(p.notes[0].text).toBe('work area: 8 partitions · #0–#5 kept in memory, 2 written to temp and read back pair by pair');
    // The heat: bucket 3 filled twice, bucket 7 once; the probe's bucket 3 and 9; build partition 6 written and read.
    const h = heatOf(trace);
    expect([h.get(opKey(1, OpCell.BUILD), 3), h.get(opKey(1, OpCell.BUILD), 7), h.get(opKey(1, OpCell.PROBE), 9)]).toEqual([2, 1, 1]);
    expect([h.get(opKey(1, OpCell.TEMP_BUILD), 6), h.get(opKey(1, OpCell.TEMP_PROBE), 6), h.get(opKey(1, OpCell.TEMP_PROBE), 7)]).toEqual([2, 2, 1]);
    // Where each event lights up: its bucket, its partition's cell.
    const loc = createLocator(layout);
    expect(loc(EventKind.HASH_BUILD, 0xffffffff, 7, 1).map((r) => [r.group.role, r.index])).toEqual([['hash-bucket', 7]]);
    expect(loc(EventKind.TEMP_READ, 0xffffffff, (1 << 16) | 7, 1).map((r) => [r.group.key, r.index])).toEqual([['hj:1:T3', 1]]);
    expect(locateEvent(layout, EventKind.HASH_PROBE, 0xffffffff, 9, 1).map((r) => r.group.role)).toEqual(['hash-probe']);
    // Another line's events are not this join's.
    expect(loc(EventKind.HASH_BUILD, 0xffffffff, 7, 4)).toEqual([]);
    for (const g of p.groups) expect(groupRect(g).x + groupRect(g).w).toBeLessThanOrEqual(p.x + p.width);
  });
  it('says so when the trace has no operator events, and an optimal join has no temp row', () => {
    const plan = HJ_PLAN.map((l) => (l.id === 1 ? { ...l, workarea: { optimal: 110, onepass: 110, used: 110, passes: 0, temp: 0 } } : l));
    const p = layoutStructures(catalog([T1, T2]), { width: 640, plan, trace: null }).pictures[0];
    expect(p.subtitle).toBe('optimal: the hash table fits the work area · OMem 110 B · 1Mem 110 B · Used-Mem 110 B');
    expect(p.groups.map((g) => g.role)).toEqual(['hash-bucket', 'hash-probe']);
    expect(p.notes[0].text).toMatch(/^this trace has no hash join events/);
    // 32 buckets a row in a narrow view: two rows.
    expect(p.groups[0].cols).toBe(32);
  });
});

/** A 3-key bitmap index (one leaf) on a 4-block table, and a BITMAP AND of two of them. */
const BM: Segment = { id: 7, name: 'BM_ST', kind: 'INDEX', table: 'BT', pool: 'DEFAULT', blocks: 2, rows: 300, header_block: 0,
  btree: { height: 1, levels: [{ first_block: 1, count: 1 }], entries_per_leaf: 300, unique: false },
  bitmap: { keys: 3, pieces: 3, sample: ['S0', 'S1', 'S2'].map((key) => ({ key: `${key}`, leaf: 1, start_block: 1, end_block: 4, rows: 100, bitmap_bytes: 44 })) } };
const BT: Segment = { id: 6, name: 'BT', kind: 'TABLE', table: null, pool: 'DEFAULT', blocks: 5, rows: 300, header_block: 0 };
const BM_PLAN = [line(0, null, 0, 'SELECT STATEMENT', null), line(1, 0, 1, 'TABLE ACCESS BY INDEX ROWID BATCHED', 'BT', { a_rows: 33 }),
  line(2, 1, 2, 'BITMAP CONVERSION TO ROWIDS', null, { a_rows: 33 }), line(3, 2, 3, 'BITMAP AND', null),
  line(4, 3, 4, 'BITMAP INDEX SINGLE VALUE', 'BM_ST', { access: '"ST"=\'S1\'' }), line(5, 3, 4, 'BITMAP INDEX SINGLE VALUE', 'BM_RG')];

describe('bitmap index picture', () => {
  it('draws the pieces under the leaves, with key and start / end rowids, and the plan combining them', () => {
    const layout = layoutStructures(catalog([BT, BM]), { width: 900, plan: BM_PLAN });
    const p = layout.pictures[0];
    expect(p.subtitle).toMatch(/bitmap index BM_ST: height 1/);
    const pieces = p.groups.find((g) => g.role === 'bitmap-piece')!;
    expect(pieces.texts![1]).toBe('leaf #1 │ key S1 │ start rowid in block 1 │ end rowid in block 4 │ 100 rows │ bitmap 44 B');
    expect(pieces.label).toMatch(/^bitmap pieces \(the leaf rows\) · 3 pieces of 3 keys in 1 leaves/);
    const leaf = p.groups.find((g) => g.role === 'leaf')!;
    const table = p.groups.find((g) => g.role === 'table')!;
    expect(groupRect(leaf).y).toBeLessThan(groupRect(pieces).y);
    expect(groupRect(pieces).y + groupRect(pieces).h).toBeLessThan(groupRect(table).y);
    expect(p.notes.map((n) => n.text)).toEqual([
      'the plan combines the bitmaps, then converts the bits to rowids:',
      'TABLE ACCESS BY INDEX ROWID BATCHED BT (line 1) · 33 rows ← the rowids the bitmaps convert to',
      'BITMAP CONVERSION TO ROWIDS (line 2) · 33 rowids',
      '\u00a0\u00a0\u00a0BITMAP AND (line 3) · 1 bitmaps',
      '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0BITMAP INDEX SINGLE VALUE BM_ST (line 4) · 1 bitmaps ["ST"=\'S1\']',
      '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0BITMAP INDEX SINGLE VALUE BM_RG (line 5) · 1 bitmaps',
    ]);
    // A visit of the leaf lights the leaf and every piece it holds.
    const refs = createLocator(layout)(EventKind.BLOCK_GET, 7, 1);
    expect(refs.map((r) => r.group.role)).toEqual(['leaf', 'bitmap-piece', 'bitmap-piece', 'bitmap-piece']);
  });
  it('draws the first pieces of a large index and says how many more', () => {
    const many = { ...BM, bitmap: { keys: 40, pieces: 400, sample: Array.from({ length: 64 }, (_, i) => ({ key: `${i}`, leaf: 1 + (i >> 3), start_block: i, end_block: i + 1, rows: 10, bitmap_bytes: 4 })) } };
    const p = layoutStructures(catalog([BT, many]), { width: 900 }).pictures[0];
    expect(p.groups.find((g) => g.role === 'bitmap-piece')!.count).toBe(MAX_PIECES);
    expect(p.notes.map((n) => n.text)).toContain('… 392 more pieces');
  });
});

describe('the pictures exported as SVG', () => {
  it('are well-formed, with the notes, the greyed partitions and the pieces in them', () => {
    const trace = hjTrace();
    const segs = [...partitioned(), T1, T2, BT, BM];
    const plan = [...HJ_PLAN, ...BM_PLAN.slice(1).map((l) => ({ ...l, id: l.id + 10, parent: l.parent === 0 ? 0 : (l.parent ?? 0) + 10 })),
      line(20, 0, 1, 'PARTITION RANGE SINGLE', null, { pstart: '2', pstop: '2' })];
    const layout = layoutStructures(catalog(segs), { width: 960, plan, trace, visited: new Set([11, 0, 1]) });
    const svg = structureSvg(layout, heatOf(trace), trace, 'Structure · issue 34');
    const r = checkXml(svg);
    expect(r.ok).toBe(true);
    expect(svg).toContain('fill-opacity="0.35"');
    expect(svg).toContain('Pstart 2');
    expect(svg).toContain('key S1');
    expect(svg).toContain('HASH JOIN (plan line 1)');
  });
});
