// Structure pictures: the geometry of each segment (B-tree levels over table
// blocks, IOT, hash cluster buckets with overflow chains, memoptimize pool,
// buffer cache hash chains by CBC child latch), in config space (CSS pixels
// at zoom 1). Pure: the canvas view and the SVG report both draw this.
import { EventKind, NO_PLAN_LINE, type Catalog, type PlanLine, type Segment, type Trace } from './types';
import { bitmapPieces, bitmapPlanLines, hashJoinPicture, notesAt, partitionedTables, partitionPicture } from './structureOps';

import { cellRect, fmt, fmtBytes, gridGroup, groupBlockAt, groupIndexOf, groupRect, GROUP_LABEL_H, LEVEL_GAP, PAD, TITLE_H,
  type BlockRole, type CellGroup, type CellRef, type Link, type Note, type Picture, type StructureLayout } from './structureGrid';
export * from './structureGrid';

/** Pseudo segment ids for structures that are not segments. */
export const LATCH_SEGMENT = -2;
export { MEMOPT_HASH_SEGMENT, MEMOPT_HASH_CELLS, hashCell, memoptAreaKey } from './heat';
import { MEMOPT_HASH_CELLS, MEMOPT_HASH_SEGMENT, hashCell, isOperatorCell, memoptAreaKey, opTarget } from './heat';

function centerX(g: CellGroup, i: number) { const r = cellRect(g, i); return r.x + r.w / 2; }


/** Role and label of B-tree level `l` (0 = root) of `height` levels. */
function btreeLevel(l: number, height: number, iot: boolean): { role: BlockRole; name: string } {
  const leaf = l === height - 1;
  const role: BlockRole = l === 0 && !leaf ? 'root' : leaf ? (iot ? 'iot-leaf' : 'leaf') : 'branch';
  const name = l === 0 ? (leaf ? 'root = leaf' : 'root') : leaf ? (iot ? 'leaf blocks (rows)' : 'leaf blocks') : `branch level ${l}`;
  return { role, name };
}

/** A link from the bottom centre of one group to the top centre of the next. */
function linkBelow(a: CellGroup, b: CellGroup, kind: Link['kind']): Link {
  const ra = groupRect(a), rb = groupRect(b);
  return { x1: ra.x + ra.w / 2, y1: ra.y + ra.h, x2: rb.x + rb.w / 2, y2: rb.y, kind };
}

/** B-tree levels (root on top), optionally over a table's blocks. */
function btreePicture(index: Sized, table: Sized | null, iot: boolean, x: number, y: number, width: number, plan?: PlanLine[]): Picture {
  const bt = index.btree!;
  const groups: CellGroup[] = [];
  const links: Link[] = [];
  const notes: Note[] = [];
  const inner = width - 2 * PAD;
  let cy = y + TITLE_H;
  bt.levels.forEach((lv, l) => {
    const { role, name } = btreeLevel(l, bt.levels.length, iot);
    const label = `${name}${lv.count > 1 ? ` · ${fmt(lv.count)}` : ''}`;
    cy += GROUP_LABEL_H;
    const g = gridGroup({ key: `${index.id}:L${l}`, segment: index.id, role, label, first: lv.first_block, count: lv.count }, x + PAD, cy, inner, 120);
    // Centre small levels.
    if (g.labelled) {
      const w = groupRect(g).w;
      g.x = x + PAD + Math.max(0, (inner - w) / 2);
    }
    groups.push(g);
    cy += groupRect(g).h + LEVEL_GAP;
  });
  // Parent -> child pointers between consecutive levels.
  for (let l = 0; l + 1 < groups.length; l++) {
    const p = groups[l], c = groups[l + 1];
    const pr = groupRect(p), cr = groupRect(c);
    const fan = Math.min(p.count, 24);
    for (let k = 0; k < fan; k++) {
      const pi = Math.floor((k * p.count) / fan);
      const c0 = Math.floor((pi * c.count) / p.count), c1 = Math.max(c0, Math.floor(((pi + 1) * c.count) / p.count) - 1);
      const pRect = cellRect(p, pi);
      const x1 = pRect.x + pRect.w / 2, y1 = pRect.y + pRect.h;
      if (c.labelled || c.count <= 48) {
        for (let ci = c0; ci <= c1 && ci - c0 < 12; ci++) links.push({ x1, y1, x2: centerX(c, ci), y2: cellRect(c, ci).y, kind: 'pointer' });
      } else {
        // A strip: point at the span of children.
        const a = cellRect(c, c0), b = cellRect(c, c1);
        const y2 = cr.y;
        links.push({ x1, y1, x2: a.y === b.y ? (a.x + b.x + b.w) / 2 : cr.x + ((c0 + c1) / 2 / c.count) * cr.w, y2, kind: 'pointer' });
      }
    }
    void pr;
  }
  const segments = [index.id];
  const what = index.bitmap ? 'bitmap index' : index.kind === 'IOT' ? 'index-organized table' : 'B-tree index';
  let subtitle = `${what} ${index.name}: height ${bt.height}, ${fmt(index.blocks)} blocks, ${fmt(bt.entries_per_leaf)} ${index.bitmap ? 'rows' : 'entries'}/leaf${bt.unique ? ', unique' : ''}`;
  // A bitmap index: its pieces under its leaves, and the plan's bitmap operators that combine them.
  const leafGroup = groups[groups.length - 1];
  const pieces = index.bitmap ? bitmapPieces(index, x + PAD, cy + GROUP_LABEL_H, inner) : null;
  let bitmapNotes = false;
  if (pieces) {
    links.push(linkBelow(leafGroup, pieces.group, 'pointer'));
    groups.push(pieces.group);
    notes.push(...pieces.notes);
    cy += GROUP_LABEL_H + pieces.h;
    const ops = bitmapPlanLines(plan, index.name.toUpperCase());
    bitmapNotes = ops.length > 0;
    if (ops.length) {
      const n = notesAt([{ text: 'the plan combines the bitmaps, then converts the bits to rowids:', tone: 'muted' }, ...ops.map((text) => ({ text, tone: 'text' as const }))], x + PAD, cy);
      notes.push(...n.notes);
      cy += n.h + 6;
    }
    cy += LEVEL_GAP - 8;
  }
  if (table && table.blocks > 0) {
    cy += GROUP_LABEL_H;
    const g = gridGroup({ key: `${table.id}:T`, segment: table.id, role: 'table', label: `table blocks · ${fmt(table.blocks)} (block ${table.header_block} = segment header)`,
      first: 0, count: table.blocks, headerBlock: table.header_block }, x + PAD, cy, inner, 240);
    groups.push(g);
    const leaves = groups[groups.length - 2];
    const lr = groupRect(leaves), tr = groupRect(g);
    // A bitmap index's plan notes sit between its pieces and the table: the notes say where the rowids lead.
    for (let k = 0; k <= (bitmapNotes ? -1 : 4); k++) {
      links.push({ x1: lr.x + (lr.w * k) / 4, y1: lr.y + lr.h, x2: tr.x + (tr.w * k) / 4, y2: tr.y, kind: 'rowid' });
    }
    cy += tr.h + 8;
    segments.push(table.id);
    subtitle = `heap table ${table.name}: ${fmt(table.blocks)} blocks, ${fmt(table.rows)} rows · ` + subtitle;
  } else cy -= LEVEL_GAP - 8;
  const title = table ? `${table.name} (${table.pool}) + ${index.name}` : `${index.name} (${index.pool})`;
  return { key: `seg:${index.id}`, title, subtitle, x, y, width, height: cy - y + PAD, segments, groups, links, notes };
}

/** The data dictionary segments recursive SQL reads at hard parse: each
 *  dictionary index (levels, root first) above its base table's blocks. */
function dictionaryPicture(dict: Sized[], x: number, y: number, width: number): Picture {
  const inner = width - 2 * PAD;
  const groups: CellGroup[] = [];
  const links: Link[] = [];
  let cy = y + TITLE_H;
  for (const ix of dict) {
    if (!ix.btree) continue;
    const table = dict.find((t) => !t.btree && t.name === ix.table);
    const levels = ix.btree.levels;
    let above: CellGroup | null = null;
    levels.forEach((lv, l) => {
      const { role, name } = btreeLevel(l, levels.length, false);
      cy += GROUP_LABEL_H;
      const g = gridGroup({ key: `${ix.id}:L${l}`, segment: ix.id, role, label: `${ix.name} ${name}${lv.count > 1 ? ` · ${fmt(lv.count)}` : ''}`,
        first: lv.first_block, count: lv.count }, x + PAD, cy, inner, 36);
      if (g.labelled) g.x = x + PAD + Math.max(0, (inner - groupRect(g).w) / 2);
      if (above) links.push(linkBelow(above, g, 'pointer'));
      groups.push(g);
      above = g;
      cy += groupRect(g).h + 10;
    });
    if (table && table.blocks > 1) {
      cy += GROUP_LABEL_H;
      const what = table.kind === 'CLUSTER' ? 'cluster' : 'table';
      const g = gridGroup({ key: `${table.id}:T`, segment: table.id, role: 'table',
        label: `${table.name} ${what} blocks · ${fmt(table.blocks - 1)} (${fmt(table.rows)} rows)`,
        first: 1, count: table.blocks - 1 }, x + PAD, cy, inner, 48);
      if (above) links.push(linkBelow(above, g, 'rowid'));
      groups.push(g);
      cy += groupRect(g).h;
    }
    cy += LEVEL_GAP;
  }
  return { key: 'dictionary', title: 'Data dictionary (SYS), read by recursive SQL',
    subtitle: 'a hard parse loads the row cache entries it lacks: one unique index probe and one block per missing row',
    x, y, width, height: cy - LEVEL_GAP - y + PAD, segments: dict.map((s) => s.id), groups, links, notes: [] };
}

function heapPicture(table: Sized, x: number, y: number, width: number): Picture {
  const inner = width - 2 * PAD;
  let cy = y + TITLE_H + GROUP_LABEL_H;
  const g = gridGroup({ key: `${table.id}:T`, segment: table.id, role: 'table', label: `table blocks · ${fmt(table.blocks)}`,
    first: 0, count: table.blocks, headerBlock: table.header_block }, x + PAD, cy, inner, 260);
  cy += groupRect(g).h + 8;
  return { key: `seg:${table.id}`, title: `${table.name} (${table.pool})`, subtitle: `heap table: ${fmt(table.blocks)} blocks, ${fmt(table.rows)} rows`,
    x, y, width, height: cy - y + PAD, segments: [table.id], groups: [g], links: [], notes: [] };
}

function clusterPicture(seg: Sized, tables: Sized[], x: number, y: number, width: number): Picture {
  const c = seg.cluster!;
  const inner = width - 2 * PAD;
  const groups: CellGroup[] = [];
  const links: Link[] = [];
  let cy = y + TITLE_H + GROUP_LABEL_H;
  const first = seg.header_block + 1;
  const buckets = gridGroup({ key: `${seg.id}:B`, segment: seg.id, role: 'bucket',
    label: `bucket blocks · ${fmt(c.bucket_blocks)} (${fmt(c.keys_per_block)} hash keys per block, SIZE ${fmt(c.size)})`,
    first, count: c.bucket_blocks }, x + PAD, cy, inner, 220);
  groups.push(buckets);
  cy += groupRect(buckets).h + LEVEL_GAP;
  if (c.overflow_blocks > 0) {
    cy += GROUP_LABEL_H;
    const ov = gridGroup({ key: `${seg.id}:O`, segment: seg.id, role: 'overflow', label: `overflow blocks · ${fmt(c.overflow_blocks)} (chained to their bucket block)`,
      first: first + c.bucket_blocks, count: c.overflow_blocks }, x + PAD, cy, inner, 120);
    groups.push(ov);
    cy += groupRect(ov).h + 8;
    // Overflow chains: bucket -> first overflow -> next ...
    let drawn = 0;
    for (const ch of c.chains) {
      if (drawn > 1500) break;
      const bi = groupIndexOf(buckets, ch.block);
      if (bi < 0) continue;
      const prev = cellRect(buckets, bi);
      let px = prev.x + prev.w / 2, py = prev.y + prev.h;
      for (const o of ch.overflow) {
        const oi = groupIndexOf(ov, o);
        if (oi < 0) break;
        const r = cellRect(ov, oi);
        links.push({ x1: px, y1: py, x2: r.x + r.w / 2, y2: r.y, kind: 'chain' });
        px = r.x + r.w / 2; py = r.y + r.h / 2;
        drawn++;
      }
    }
  } else cy -= LEVEL_GAP - 8;
  const names = tables.map((t) => t.name).join(', ');
  return { key: `seg:${seg.id}`, title: `${seg.name} hash cluster (${seg.pool})${names ? `: ${names}` : ''}`,
    subtitle: `HASHKEYS ${fmt(c.hashkeys)} · ${fmt(seg.blocks)} blocks · ${fmt(c.chains.length)} buckets with overflow chains`,
    x, y, width, height: cy - y + PAD, segments: [seg.id, ...tables.map((t) => t.id)], groups, links, notes: [] };
}

function memoptPicture(cat: Catalog, bySeg: Map<string, Sized>, x: number, y: number, width: number): Picture {
  const m = cat.memopt;
  const inner = width - 2 * PAD;
  const groups: CellGroup[] = [];
  let cy = y + TITLE_H + GROUP_LABEL_H;
  const hash = gridGroup({ key: 'memopt:H', segment: MEMOPT_HASH_SEGMENT, role: 'hash-index',
    label: `hash index · ${fmtBytes(m.hash_index_bytes)} (PK -> buffer-area block)`, first: 0, count: MEMOPT_HASH_CELLS }, x + PAD, cy, inner, 60);
  groups.push(hash);
  cy += groupRect(hash).h + LEVEL_GAP;
  const segments: number[] = [MEMOPT_HASH_SEGMENT];
  for (const t of m.tables) {
    const seg = bySeg.get(t.name.toUpperCase());
    if (!seg || seg.blocks <= 0) continue;
    cy += GROUP_LABEL_H;
    const g = gridGroup({ key: `memopt:${seg.id}`, segment: seg.id, role: 'buffer-area', mirrors: seg.id,
      label: `buffer area: ${t.name} · ${t.populated ? `${fmt(t.rows_populated)} rows populated` : 'not populated'}`,
      first: 0, count: seg.blocks, headerBlock: seg.header_block }, x + PAD, cy, inner, 160);
    groups.push(g);
    segments.push(seg.id);
    cy += groupRect(g).h + 8;
  }
  return { key: 'memopt', title: 'MemOptimized RowStore pool',
    subtitle: `${fmtBytes(m.pool_bytes)}: buffer area ${fmtBytes(m.buffer_area_bytes)} + hash index ${fmtBytes(m.hash_index_bytes)}`,
    x, y, width, height: cy - y + PAD, segments, groups, links: [], notes: [] };
}

function cachePicture(cat: Catalog, x: number, y: number, width: number): Picture {
  const inner = width - 2 * PAD;
  const n = cat.cache.cbc_latch_children;
  const cy = y + TITLE_H + GROUP_LABEL_H;
  const g = gridGroup({ key: 'cbc', segment: LATCH_SEGMENT, role: 'latch',
    label: `cache buffers chains child latches · ${fmt(n)} (each covers ${fmt(Math.ceil(cat.cache.hash_buckets / Math.max(1, n)))} hash buckets)`,
    first: 0, count: n }, x + PAD, cy, inner, 90);
  const pools = cat.cache.pools.map((p) => `${p.name} ${fmt(p.used)}/${fmt(p.buffers)} buffers`).join(' · ');
  return { key: 'cache', title: 'Buffer cache hash chains', subtitle: `${fmt(cat.cache.hash_buckets)} hash buckets · ${pools}`,
    x, y, width, height: cy + groupRect(g).h + 8 - y + PAD, segments: [LATCH_SEGMENT], groups: [g], links: [], notes: [] };
}

export interface LayoutOptions {
  width: number;
  /** Only pictures that contain one of these segment ids (plus the cache); all when undefined. */
  only?: Set<number>;
  includeCache?: boolean;
  /** The step's plan (its HASH JOIN lines have pictures; Pstart / Pstop; the bitmap operators). */
  plan?: PlanLine[];
  /** The step's trace (a hash join's spill is read from its operator events). */
  trace?: Trace | null;
  /** Segments the step visited: a partition not among them is pruned (greyed). */
  visited?: Set<number>;
}

/** A segment with its size: the catalog leaves `blocks` and `rows` out of
 * a segment whose owning object it does not find, drawn as empty. */
type Sized = Segment & { blocks: number; rows: number };
function sized(segments: Segment[]): Sized[] { return segments.map((s) => ({ ...s, blocks: s.blocks ?? 0, rows: s.rows ?? 0 })); }

/** One picture per access structure, stacked vertically. */
export function layoutStructures(cat: Catalog, opts: LayoutOptions): StructureLayout {
  const width = Math.max(320, opts.width);
  const pictures: Picture[] = [];
  const segs = sized(cat.segments);
  const byName = new Map(segs.map((s) => [s.name.toUpperCase(), s]));
  const used = new Set<number>();
  const candidates: (() => Picture | null)[] = [];
  let y = 0;
  const place = (p: Picture | null) => {
    if (!p) return;
    const keep = !opts.only || p.segments.some((s) => opts.only!.has(s));
    if (keep) { pictures.push(p); y += p.height + 12; }
  };
  void candidates;
  // The step's hash joins first (drawn whatever the filter: they are the step's operators).
  for (const l of opts.plan ?? []) {
    if (!l.operation.startsWith('HASH JOIN')) continue;
    const p = hashJoinPicture(opts.plan!, l, opts.trace, 0, y, width);
    pictures.push(p); y += p.height + 12;
  }
  // Partitioned tables: a picture each, its partitions' segments and local index partitions in it.
  for (const [name, parts] of partitionedTables(segs)) {
    const p = partitionPicture(name, parts, segs, { plan: opts.plan, trace: opts.trace, visited: opts.visited }, 0, y, width);
    p.segments.forEach((s) => used.add(s));
    place(p);
  }
  // The data dictionary has a picture of its own, after the lab's objects.
  const dict = segs.filter((s) => s.dictionary);
  dict.forEach((s) => used.add(s.id));
  // Indexes (with their table), IOTs, clusters, then tables without an index.
  for (const s of segs) {
    if (used.has(s.id)) continue;
    if ((s.kind === 'INDEX' || s.kind === 'IOT') && s.btree) {
      const table = s.kind === 'INDEX' && s.table ? byName.get(s.table.toUpperCase()) ?? null : null;
      const tableFree = table && !used.has(table.id) && table.kind === 'TABLE' ? table : null;
      used.add(s.id); if (tableFree) used.add(tableFree.id);
      place(btreePicture(s, tableFree, s.kind === 'IOT', 0, y, width, opts.plan));
    } else if (s.kind === 'CLUSTER' && s.cluster) {
      const tables = segs.filter((t) => t.kind === 'TABLE' && t.table && t.table.toUpperCase() === s.name.toUpperCase());
      used.add(s.id); tables.forEach((t) => used.add(t.id));
      place(clusterPicture(s, tables, 0, y, width));
    }
  }
  for (const s of segs) {
    if (used.has(s.id)) continue;
    if (s.kind === 'TABLE' && s.blocks > 0) { used.add(s.id); place(heapPicture(s, 0, y, width)); }
  }
  if (cat.memopt.pool_bytes > 0) place(memoptPicture(cat, byName, 0, y, width));
  if (dict.length > 0) place(dictionaryPicture(dict, 0, y, width));
  if (opts.includeCache !== false && cat.cache.cbc_latch_children > 0) {
    const p = cachePicture(cat, 0, y, width);
    pictures.push(p); y += p.height + 12;
  }
  return { width, height: Math.max(0, y - 12), pictures };
}

/** The heat key a cell of this group reads. */
export function heatKey(g: CellGroup): number {
  if (g.heat !== undefined) return g.heat;
  if (g.role === 'hash-index') return MEMOPT_HASH_SEGMENT;
  if (g.role === 'buffer-area') return memoptAreaKey(g.mirrors ?? g.segment);
  return g.segment;
}

/** Where an event lights up: every cell that shows (segment, block) for this event kind. */
export function locateEvent(layout: StructureLayout, kind: number, segment: number, block: number, line = NO_PLAN_LINE): CellRef[] {
  const out: CellRef[] = [];
  const memopt = kind === EventKind.MEMOPT_LOOKUP || kind === EventKind.MEMOPT_READ;
  if (isOperatorCell(kind)) [segment, block] = opTarget(kind, block, line);
  for (const p of layout.pictures) {
    for (const g of p.groups) {
      if (memopt) {
        if (kind === EventKind.MEMOPT_LOOKUP && g.role === 'hash-index') {
          const i = hashCell(segment, block);
          out.push({ picture: p, group: g, index: i, block: i });
        } else if (kind === EventKind.MEMOPT_READ && g.role === 'buffer-area' && g.mirrors === segment) {
          const i = groupIndexOf(g, block);
          if (i >= 0) out.push({ picture: p, group: g, index: i, block });
        }
        continue;
      }
      if (g.segment !== segment || g.role === 'buffer-area' || g.role === 'hash-index') continue;
      const cells: { group: CellGroup; index: number }[] = [];
      cellsOf(g, block, cells);
      for (const c of cells) out.push({ picture: p, group: g, index: c.index, block });
    }
  }
  return out;
}


/** The CBC latch cell for a child latch. */
export function locateLatch(layout: StructureLayout, child: number): CellRef | null {
  for (const p of layout.pictures) for (const g of p.groups) {
    if (g.role === 'latch' && child < g.count) return { picture: p, group: g, index: child, block: child };
  }
  return null;
}

/** Hit test in config space. */
export function hitCell(layout: StructureLayout, x: number, y: number): CellRef | null {
  for (const p of layout.pictures) {
    if (y < p.y || y > p.y + p.height) continue;
    for (const g of p.groups) {
      const r = groupRect(g);
      if (x < g.x || y < g.y || x > r.x + r.w || y > r.y + r.h) continue;
      const c = Math.floor((x - g.x) / (g.cellW + g.gap)), row = Math.floor((y - g.y) / (g.cellH + g.gap));
      if (c >= g.cols) continue;
      const i = row * g.cols + c;
      if (i < 0 || i >= g.count) continue;
      const cr = cellRect(g, i);
      if (x > cr.x + cr.w + 0.5 || y > cr.y + cr.h + 0.5) continue;
      return { picture: p, group: g, index: i, block: groupBlockAt(g, i) };
    }
  }
  return null;
}

/** Human text for a block's role within its group. */
export function roleName(g: CellGroup, block: number): string {
  if (g.headerBlock === block && (g.role === 'table' || g.role === 'buffer-area')) return 'segment header';
  switch (g.role) {
    case 'root': return 'index root block';
    case 'branch': return 'index branch block';
    case 'leaf': return 'index leaf block';
    case 'iot-leaf': return 'IOT leaf block (holds rows)';
    case 'table': return 'table block';
    case 'bucket': return 'hash cluster bucket block';
    case 'overflow': return 'hash cluster overflow block';
    case 'hash-index': return 'memoptimize hash index';
    case 'buffer-area': return 'memoptimize buffer area block';
    case 'latch': return 'cache buffers chains child latch';
    case 'index': return 'local index partition block';
    case 'hash-bucket': return 'hash table bucket (build rows in)';
    case 'hash-probe': return 'hash table bucket (probe lookups)';
    case 'temp': return 'hash join partition on temp';
    case 'bitmap-piece': return 'bitmap piece (leaf row)';
    default: return g.role;
  }
}

/** Where an event lights up: (kind, segment, block, plan line: an operator event's cells are its line's). */
export type Locator = (kind: number, segment: number, block: number, line?: number) => { group: CellGroup; index: number }[];

/** Every cell of `g` showing `block` (a bitmap index's pieces share their leaf). */
function cellsOf(g: CellGroup, block: number, out: { group: CellGroup; index: number }[]) {
  if (g.role !== 'bitmap-piece' || !g.list) { const i = groupIndexOf(g, block); if (i >= 0) out.push({ group: g, index: i }); return; }
  for (let i = 0; i < g.list.length; i++) if (g.list[i] === block) out.push({ group: g, index: i });
}

/** A fast event -> cells lookup for one layout (segment-indexed). */
export function createLocator(layout: StructureLayout): Locator {
  const bySeg = new Map<number, CellGroup[]>();
  const hash: CellGroup[] = [];
  const area = new Map<number, CellGroup[]>();
  for (const p of layout.pictures) for (const g of p.groups) {
    if (g.role === 'hash-index') hash.push(g);
    else if (g.role === 'buffer-area') { const l = area.get(g.mirrors ?? g.segment) ?? []; l.push(g); area.set(g.mirrors ?? g.segment, l); }
    else if (g.role !== 'latch') { const l = bySeg.get(g.segment) ?? []; l.push(g); bySeg.set(g.segment, l); }
  }
  const none: { group: CellGroup; index: number }[] = [];
  return (kind, segment, block, line = NO_PLAN_LINE) => {
    if (kind === EventKind.MEMOPT_LOOKUP) return hash.map((g) => ({ group: g, index: hashCell(segment, block) }));
    if (isOperatorCell(kind)) [segment, block] = opTarget(kind, block, line);
    const groups = kind === EventKind.MEMOPT_READ ? area.get(segment) : bySeg.get(segment);
    if (!groups) return none;
    const out: { group: CellGroup; index: number }[] = [];
    for (const g of groups) cellsOf(g, block, out);
    return out;
  };
}

export function latchGroup(layout: StructureLayout): CellGroup | null {
  for (const p of layout.pictures) for (const g of p.groups) if (g.role === 'latch') return g;
  return null;
}
