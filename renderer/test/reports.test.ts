import { describe, expect, it } from 'vitest';
import { checkXml } from './xml';
import { CATALOG, FOLDED_T1, FOLDED_T4, REPORT_STEP as STEP, T1_LOOKUP, makeTrace } from './fixtures';
import { FlameGraph } from '../src/model/flame';
import { diffFlame } from '../src/model/flamediff';
import { heatOf } from '../src/model/heat';
import { createLocator, hitCell, layoutStructures, cellRect, groupRect, locateEvent, roleName, gridFor } from '../src/model/structure';
import { flameSvg } from '../src/reports/flame';
import { statsSvg } from '../src/reports/stats';
import { structureSvg } from '../src/reports/structure';
import { buildReport } from '../src/reports/report';
import { slideSvg } from '../src/reports/slide';
import { esc } from '../src/reports/svg';
import type { Catalog } from '../src/model/types';


function wellFormed(svg: string) {
  const r = checkXml(svg);
  if (!r.ok) throw new Error(`${r.error} at ${r.at}: ${svg.slice(Math.max(0, r.at - 60), r.at + 60)}`);
  expect(r.root).toBe('svg');
  return r;
}

describe('xml checker', () => {
  it('accepts well-formed and rejects broken documents', () => {
    expect(checkXml('<a x="1"><b/>t &amp; u</a>').ok).toBe(true);
    expect(checkXml('<a><b></a>').ok).toBe(false);
    expect(checkXml('<a x=1/>').ok).toBe(false);
    expect(checkXml('<a>x & y</a>').ok).toBe(false);
    expect(checkXml('<a x="1" x="2"/>').ok).toBe(false);
    expect(checkXml('<a/><b/>').ok).toBe(false);
  });
  it('escapes text for XML', () => {
    expect(esc(`<a href="x">'&'</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

describe('structure layout', () => {
  const layout = layoutStructures(CATALOG, { width: 900 });
  it('draws one picture per access structure, plus the memopt pool and the cache', () => {
    expect(layout.pictures.map((p) => p.title)).toEqual([
      'T1 (KEEP) + T1_PK', 'T2 (KEEP)', 'C3 hash cluster (KEEP): T3', 'T4 (DEFAULT) + T4_PK', 'MemOptimized RowStore pool', 'Buffer cache hash chains',
    ]);
    for (let i = 1; i < layout.pictures.length; i++) expect(layout.pictures[i].y).toBeGreaterThanOrEqual(layout.pictures[i - 1].y + layout.pictures[i - 1].height);
  });
  it('puts the B-tree root on top, leaves below, table blocks under them', () => {
    const p = layout.pictures[0];
    const [root, leaves, table] = p.groups;
    expect(root.role).toBe('root');
    expect(root.labelled).toBe(true);
    expect(leaves.role).toBe('leaf');
    expect(leaves.count).toBe(208);
    expect(leaves.labelled).toBe(false); // a strip of small cells
    expect(table.role).toBe('table');
    expect(groupRect(root).y).toBeLessThan(groupRect(leaves).y);
    expect(groupRect(leaves).y).toBeLessThan(groupRect(table).y);
    expect(p.links.some((l) => l.kind === 'rowid')).toBe(true);
  });
  it('draws a hash cluster as buckets with overflow chains', () => {
    const p = layout.pictures[2];
    expect(p.groups.map((g) => g.role)).toEqual(['bucket', 'overflow']);
    expect(p.links.filter((l) => l.kind === 'chain')).toHaveLength(3);
  });
  it('lays a 10,000-block table out as a grid of small cells', () => {
    const big = { ...CATALOG, segments: [{ id: 0, name: 'BIG', kind: 'TABLE' as const, table: null, pool: 'DEFAULT' as const, blocks: 10000, rows: 100000, header_block: 0 }],
      memopt: { pool_bytes: 0, buffer_area_bytes: 0, hash_index_bytes: 0, memoptimize_read_tables: [], tables: [] } };
    const l = layoutStructures(big, { width: 900, includeCache: false });
    const g = l.pictures[0].groups[0];
    expect(g.count).toBe(10000);
    expect(g.cellW).toBeLessThanOrEqual(6);
    expect(groupRect(g).w).toBeLessThanOrEqual(900);
    expect(groupRect(g).h).toBeLessThanOrEqual(260);
    const r = cellRect(g, 9999);
    expect(hitCell(l, r.x + r.w / 2, r.y + r.h / 2)?.block).toBe(9999);
  });
  it('draws the data dictionary in a picture of its own, after the lab objects, and lights its blocks', () => {
    const dict: Catalog = {
      ...CATALOG,
      segments: [
        ...CATALOG.segments,
        { id: 20, name: 'SYS.OBJ$', kind: 'TABLE', table: null, pool: 'DEFAULT', blocks: 1045, rows: 73012, header_block: 0, dictionary: true },
        { id: 21, name: 'SYS.I_OBJ2', kind: 'INDEX', table: 'SYS.OBJ$', pool: 'DEFAULT', blocks: 664, rows: 73012, header_block: 0, dictionary: true,
          btree: { height: 3, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 6 }, { first_block: 8, count: 656 }], entries_per_leaf: 112, unique: true } },
        { id: 22, name: 'SYS.C_OBJ#', kind: 'CLUSTER', table: null, pool: 'DEFAULT', blocks: 6254, rows: 25008, header_block: 0, dictionary: true },
        { id: 23, name: 'SYS.I_OBJ#', kind: 'INDEX', table: 'SYS.C_OBJ#', pool: 'DEFAULT', blocks: 57, rows: 25008, header_block: 0, dictionary: true,
          btree: { height: 2, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 55 }], entries_per_leaf: 455, unique: true } },
      ],
    };
    const l = layoutStructures(dict, { width: 900, includeCache: false });
    const titles = l.pictures.map((p) => p.title);
    expect(titles[titles.length - 1]).toBe('Data dictionary (SYS), read by recursive SQL');
    const p = l.pictures[l.pictures.length - 1];
    expect(p.groups.map((g) => g.label.split(' · ')[0])).toEqual([
      'SYS.I_OBJ2 root', 'SYS.I_OBJ2 branch level 1', 'SYS.I_OBJ2 leaf blocks', 'SYS.OBJ$ table blocks',
      'SYS.I_OBJ# root', 'SYS.I_OBJ# leaf blocks', 'SYS.C_OBJ# cluster blocks',
    ]);
    // The lab's own pictures do not change.
    expect(titles.slice(0, -1)).toEqual(layoutStructures(CATALOG, { width: 900, includeCache: false }).pictures.map((q) => q.title));
    const loc = createLocator(l);
    expect(loc(0, 21, 8 + 300).map((c) => roleName(c.group, 308))).toEqual(['index leaf block']);
    expect(loc(0, 22, 6253).map((c) => c.group.key)).toEqual(['22:T']);
    // Only when the step touched it.
    expect(layoutStructures(dict, { width: 900, only: new Set([0]) }).pictures.some((q) => q.key === 'dictionary')).toBe(false);
  });
  it('locates events: root -> leaf -> table for a t1 lookup, latches on the cache grid', () => {
    const loc = createLocator(layout);
    const roles = [0, 1, 2].map((i) => loc(T1_LOOKUP.kind[i], T1_LOOKUP.segment[i], T1_LOOKUP.block[i]).map((c) => roleName(c.group, T1_LOOKUP.block[i])));
    expect(roles).toEqual([['index root block'], ['index leaf block'], ['table block']]);
    expect(locateEvent(layout, 0, 1, 1)[0].group.role).toBe('root');
    // memopt lookups light the hash index, memopt reads the buffer area
    expect(loc(2, 5, 3)[0].group.role).toBe('hash-index');
    expect(loc(3, 5, 3)[0].group.role).toBe('buffer-area');
    expect(loc(0, 5, 3)[0].group.role).toBe('table');
  });
  it('filters to the segments a trace touched', () => {
    const l = layoutStructures(CATALOG, { width: 900, only: new Set([0, 1]) });
    expect(l.pictures.map((p) => p.title)).toEqual(['T1 (KEEP) + T1_PK', 'Buffer cache hash chains']);
  });
  it('picks grid sizes that fit', () => {
    const g = gridFor(200, 880, 120);
    expect(g.cols * (g.cell + g.gap)).toBeLessThanOrEqual(880 + g.gap);
    expect(g.rows * (g.cell + g.gap)).toBeLessThanOrEqual(120);
  });
});

describe('SVG reports', () => {
  it('flame graph: well-formed, frames keep <title> tooltips with time and share', () => {
    const svg = flameSvg(FlameGraph.fromFolded(FOLDED_T1), { title: 'Flame graph · t1 <lookup>' });
    const r = wellFormed(svg);
    expect(r.elements).toBeGreaterThan(10);
    expect(svg).toContain('<title>kcbgtcr\n');
    expect(svg).toMatch(/<title>opitsk\n74 µs \(100\.0%\)/);
    expect(svg).toContain('Flame graph · t1 &lt;lookup&gt;');
    expect(svg).toContain('font-family="ui-monospace, Menlo, Consolas, monospace"');
  });
  it('differential flame graph: well-formed, A/B in tooltips', () => {
    const d = diffFlame(FOLDED_T1, FOLDED_T4);
    const svg = flameSvg(d.graph, { title: 'diff', diff: d });
    wellFormed(svg);
    expect(svg).toMatch(/<title>kpoxihLookup\nA: 0 µs \(0\.0%\)\nB: 1\.2 µs/);
    expect(svg).toContain('grew (B &gt; A)');
  });
  it('statistics table: well-formed, Oracle names, escaped', () => {
    const svg = statsSvg(STEP, `LIO Lab · ${STEP.statement}`);
    wellFormed(svg);
    expect(svg).toContain('consistent gets examination');
    expect(svg).toContain('24,576');
    expect(svg).toContain('cache buffers chains');
    expect(svg).toContain('&lt;&amp;&gt;');
  });
  it('structure picture: well-formed, numbered visits', () => {
    const layout = layoutStructures(CATALOG, { width: 900, only: new Set([0, 1]) });
    const svg = structureSvg(layout, heatOf(T1_LOOKUP, 1024), T1_LOOKUP, 'Structure · t1');
    wellFormed(svg);
    expect(svg).toContain('T1 (KEEP) + T1_PK');
    expect(svg).toContain('visit 1: examination of block 1');
    expect(svg).toContain('visit 3: examination of block 1');
    expect(svg).toContain('Buffer cache hash chains');
  });
  it('one-page report and every kind through buildReport are well-formed', () => {
    for (const kind of ['structure', 'flame', 'stats', 'report'] as const) {
      const { svg, name } = buildReport(kind, { step: STEP, catalog: CATALOG, trace: T1_LOOKUP });
      wellFormed(svg);
      expect(name).toMatch(/^lio-select-from-t1-where-key-42.*\.svg$/);
    }
    const { svg } = buildReport('report', { step: STEP, catalog: CATALOG, trace: T1_LOOKUP });
    expect(svg).toContain('LIO Lab report');
    expect(svg).toContain('Execution plan');
    expect(svg).toContain('INDEX UNIQUE SCAN');
    expect(svg).toContain('T1_PK');
    expect(svg).toContain('Flame graph (simulated time');
  });
  it('a slide says the picture\'s title once: in its band, not again in the picture', () => {
    for (const kind of ['structure', 'flame', 'stats', 'report'] as const) {
      const { svg } = buildReport(kind, { step: STEP, catalog: CATALOG, trace: T1_LOOKUP });
      const heading = /<title>([^<]*)<\/title>/.exec(svg)![1];
      const shown = (doc: string) => doc.split(`>${heading}</text>`).length - 1;
      // The one-page report's own heading is not its title: nothing to take out.
      expect(shown(svg), kind).toBe(kind === 'report' ? 0 : 1);
      const slide = slideSvg(svg, heading.replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'), 'footer');
      wellFormed(slide);
      expect(shown(slide), kind).toBe(1);
      // The picture keeps the rest: its subtitle and its content.
      expect(slide.length).toBeGreaterThan(svg.length - heading.length - 200);
    }
  });
  it('a slide wraps a long title on two lines instead of cutting it', () => {
    const { svg } = buildReport('flame', { step: STEP, catalog: CATALOG, trace: T1_LOOKUP });
    const title = `Flame graph · LAB RUN '${'select value from t1 where key = :1 and note is not null '.repeat(2).trim()}' BIND 1 TO 100000`;
    const band = slideSvg(svg, title, 'footer').split('<line x1="60" y1="100"')[0];
    const lines = [...band.matchAll(/<text[^>]*font-size="32"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toBe(esc(title));
  });
  it('handles a workload heat map of 100,000 lookups', () => {
    const evs = [];
    for (let k = 0; k < 20000; k++) evs.push({ kind: 0, get: 0, seg: 0, block: 1 + (k % 243), latch: k % 1024, gets: 1, exec: k });
    const t = makeTrace(evs);
    const { svg } = buildReport('structure', { step: STEP, catalog: CATALOG, trace: t });
    wellFormed(svg);
  });
});

describe('flame graph SVG on paper (issue 35)', () => {
  it('prints each wide frame\'s time and share after its name, and says so in the legend', () => {
    const svg = flameSvg(FlameGraph.fromFolded(FOLDED_T1), { title: 't1' });
    // The root frame spans the whole width: name, time and share.
    expect(svg).toMatch(/>opitsk 74 µs · 100\.0%<\/text>/);
    expect(svg).not.toContain('hover a frame');
    expect(svg).toContain('each frame: its time and share of the total');
  });
  it('a differential graph prints each frame\'s change', () => {
    const d = diffFlame(FOLDED_T1, FOLDED_T4);
    const svg = flameSvg(d.graph, { title: 'diff', diff: d });
    expect(svg).toMatch(/>opiodr -2\.5 µs<\/text>/);
    expect(svg).toMatch(/>nsbasic_brc \+0 µs<\/text>/);
  });
  it('a narrow frame falls back to its name and share, then to its name cut', async () => {
    const { frameLabel } = await import('../src/reports/flame');
    expect(frameLabel('kcbgtcr', '12 µs · 30.0%', '30.0%', 200)).toBe('kcbgtcr 12 µs · 30.0%');
    expect(frameLabel('kcbgtcr', '12 µs · 30.0%', '30.0%', 90)).toBe('kcbgtcr 30.0%');
    expect(frameLabel('kcbgtcr', '12 µs · 30.0%', '30.0%', 40)).toBe('kcbgt…');
  });
});
