// The pictures of partitioned tables, hash joins and bitmap indexes (issue
// 34), in the geometry of model/structureGrid.ts, so the canvas and the SVG
// export draw them as they draw the rest:
// - a partitioned table: one row per partition, each its own segment (its
//   blocks), its local index partition beside it, the pruned ones greyed,
//   the plan's Pstart / Pstop above;
// - a HASH JOIN: the hash table's buckets the build rows fill and the probe
//   rows look up (the engine's operator events: HASH_BUILD / HASH_PROBE),
//   and a spilled join's partitions on temp (HASH_SPILL, TEMP_WRITE /
//   TEMP_READ);
// - a bitmap index: its pieces (leaf rows: key, start rowid, end rowid,
//   bitmap) under its leaves, and the plan's BITMAP operators combining them.
// Large objects are drawn as summaries: at most MAX_PARTS partitions, the
// first MAX_PIECES pieces, 64 buckets.
import { EventKind, HASH_PICTURE_BUCKETS, type PlanLine, type Segment, type Trace } from './types';
import { OpCell, opKey } from './heat';
import { fmt, fmtBytes, gridGroup, groupRect, GROUP_LABEL_H, PAD, TITLE_H, type CellGroup, type Note, type Picture } from './structureGrid';

/** A segment with its size (model/structure.ts's). */
export type Sized = Segment & { blocks: number; rows: number };

/** Partitions drawn of one table (the read ones first); the rest are summed up in a note. */
export const MAX_PARTS = 12;
/** Bitmap pieces drawn of one index (its first, in key order). */
export const MAX_PIECES = 8;
const NOTE_H = 15;
/** A note's baseline below its line's top. */
const NOTE_BASE = 11;

/** What a picture of an operator knows of the step: its plan and trace, the segments the trace visited. */
export interface StepFacts {
  plan?: PlanLine[];
  trace?: Trace | null;
  /** Segments the step visited (undefined: not known, e.g. no trace). */
  visited?: Set<number>;
}

function notesAt(lines: { text: string; tone?: Note['tone'] }[], x: number, y: number): { notes: Note[]; h: number } {
  return { notes: lines.map((l, i) => ({ x, y: y + i * NOTE_H + NOTE_BASE, text: l.text, tone: l.tone })), h: lines.length * NOTE_H };
}

/** Pstart / Pstop of the plan lines that read partitions of `table` (or name no object: PARTITION RANGE ...). */
export function pruningLines(plan: PlanLine[] | undefined, table: string): PlanLine[] {
  if (!plan) return [];
  return plan.filter((l) => l.pstart !== undefined && (l.name === null || l.name.toUpperCase() === table || l.operation.startsWith('PARTITION')));
}

/** Whether partition `position` is outside every numeric Pstart..Pstop of `lines` (false when none is numeric). */
function prunedByPlan(lines: PlanLine[], position: number): boolean {
  const ranges = lines.map((l) => [Number(l.pstart), Number(l.pstop)]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
  return ranges.length > 0 && !ranges.some(([a, b]) => position >= a && position <= b);
}

/** The partitioned tables among `segs`: each table's name and its partitions' segments, in position order. */
export function partitionedTables(segs: Sized[]): Map<string, Sized[]> {
  const out = new Map<string, Sized[]>();
  for (const s of segs) {
    if (s.kind !== 'TABLE' || !s.partition) continue;
    const k = s.partition.of.toUpperCase();
    const l = out.get(k) ?? [];
    l.push(s);
    out.set(k, l);
  }
  for (const l of out.values()) l.sort((a, b) => a.partition!.position - b.partition!.position);
  return out;
}

/** A local index's partition segments of `table`, by index name, each by its position. */
export function localIndexes(segs: Sized[], table: string): Map<string, Map<number, Sized>> {
  const out = new Map<string, Map<number, Sized>>();
  for (const s of segs) {
    if (s.kind !== 'INDEX' || !s.partition?.local || s.table?.toUpperCase() !== table) continue;
    const m = out.get(s.partition.of) ?? new Map<number, Sized>();
    m.set(s.partition.position, s);
    out.set(s.partition.of, m);
  }
  return out;
}

/** All of a B-tree's blocks, root first (a local index partition drawn as one group). */
function btreeBlocks(s: Sized): number[] {
  const out: number[] = [];
  for (const lv of s.btree?.levels ?? []) for (let i = 0; i < lv.count && out.length < 4096; i++) out.push(lv.first_block + i);
  return out;
}

/** One picture of a partitioned table: a row a partition, its local index partition(s) beside it. */
export function partitionPicture(table: string, parts: Sized[], segs: Sized[], facts: StepFacts, x: number, y: number, width: number): Picture {
  const inner = width - 2 * PAD;
  const locals = localIndexes(segs, table);
  const lines = pruningLines(facts.plan, table);
  const isPruned = (s: Sized) => (facts.visited ? !facts.visited.has(s.id) : prunedByPlan(lines, s.partition!.position));
  const read = parts.filter((p) => !isPruned(p));
  // The read partitions first (in position order), then the pruned ones, up to MAX_PARTS.
  const shown = [...read, ...parts.filter(isPruned)].slice(0, MAX_PARTS).sort((a, b) => a.partition!.position - b.partition!.position);
  const groups: CellGroup[] = [];
  const head: { text: string; tone?: Note['tone'] }[] = lines.map((l) => ({
    text: `${l.operation}${l.name ? ` ${l.name}` : ''} (plan line ${l.id}): Pstart ${l.pstart} · Pstop ${l.pstop}`, tone: 'text' as const }));
  if (!head.length && facts.plan) head.push({ text: 'no Pstart / Pstop in this step\'s plan: every partition is a segment of its own', tone: 'muted' });
  const top = notesAt(head, x + PAD, y + TITLE_H);
  const notes = [...top.notes];
  let cy = y + TITLE_H + top.h + 6;
  const split = locals.size > 0;
  const leftW = split ? Math.floor(inner * 0.58) : inner;
  const rightX = x + PAD + leftW + 16, rightW = inner - leftW - 16;
  for (const p of shown) {
    const pruned = isPruned(p);
    const pt = p.partition!;
    cy += GROUP_LABEL_H;
    const bound = pt.high_value ? (pt.method === 'LIST' ? `VALUES (${pt.high_value})` : pt.method === 'RANGE' ? `VALUES LESS THAN (${pt.high_value})` : pt.high_value) : pt.method;
    const label = `#${pt.position} ${pt.name} · ${bound} · ${fmt(p.blocks)} blocks, ${fmt(p.rows)} rows${pruned ? ' · pruned' : ' · read'}`;
    const g = gridGroup({ key: `${p.id}:T`, segment: p.id, role: 'table', label, first: 0, count: Math.max(1, p.blocks), headerBlock: p.header_block },
      x + PAD, cy, leftW, 48);
    g.dim = pruned;
    if (split) g.labelW = leftW;
    groups.push(g);
    let h = groupRect(g).h;
    let iy = cy;
    for (const [name, byPos] of locals) {
      const ix = byPos.get(pt.position);
      if (!ix) continue;
      const blocks = btreeBlocks(ix);
      const ig = gridGroup({ key: `${ix.id}:I`, segment: ix.id, role: 'index', list: blocks, first: 0, count: blocks.length,
        label: `${name} (LOCAL) ${ix.partition!.name} · height ${ix.btree?.height ?? 0}, ${fmt(blocks.length)} blocks` }, rightX, iy, rightW, 40);
      ig.dim = facts.visited ? !facts.visited.has(ix.id) : pruned;
      ig.labelW = rightW;
      groups.push(ig);
      iy += groupRect(ig).h + GROUP_LABEL_H + 4;
    }
    h = Math.max(h, iy - cy - GROUP_LABEL_H - 4);
    cy += h + 10;
  }
  if (parts.length > shown.length) {
    const more = parts.length - shown.length;
    const moreRead = read.length - shown.filter((s) => !isPruned(s)).length;
    const n = notesAt([{ text: `… ${fmt(more)} more partitions not drawn${moreRead ? ` (${fmt(moreRead)} of them read)` : ' (all pruned)'}`, tone: 'muted' }], x + PAD, cy);
    notes.push(...n.notes);
    cy += n.h + 4;
  }
  const pt0 = parts[0]?.partition;
  const idx = [...locals.keys()];
  return {
    key: `part:${table}`,
    title: `${table}: ${pt0?.method ?? ''} partitioned, ${fmt(pt0?.count ?? parts.length)} partitions (each its own segment)`,
    subtitle: `${fmt(read.length)} read, ${fmt(parts.length - read.length)} pruned (greyed)${idx.length ? ` · local index${idx.length > 1 ? 'es' : ''} ${idx.join(', ')} beside ${idx.length > 1 ? 'their' : 'its'} table partitions` : ''}`,
    x, y, width, height: cy - y + PAD - 4,
    segments: [...parts.map((p) => p.id), ...[...locals.values()].flatMap((m) => [...m.values()].map((s) => s.id))],
    groups, links: [], notes,
  };
}

/** The lines of a plan line's subtree (itself first). */
function subtree(plan: PlanLine[], line: PlanLine): PlanLine[] {
  const i = plan.indexOf(line);
  const out = [line];
  for (let j = i + 1; j < plan.length && plan[j].depth > line.depth; j++) out.push(plan[j]);
  return out;
}

/** The object a subtree reads (its first named line's). */
function objectOf(plan: PlanLine[], line: PlanLine): string {
  return subtree(plan, line).find((l) => l.name)?.name ?? line.operation;
}

/** What a hash join's operator events say: its fan-out, its spilled partitions, its rows traced. */
export function hashJoinEvents(trace: Trace | null | undefined, line: number): { fanout: number; build: Set<number>; probe: Set<number>; rows: [number, number] } {
  const out = { fanout: 0, build: new Set<number>(), probe: new Set<number>(), rows: [0, 0] as [number, number] };
  if (!trace) return out;
  for (let i = 0; i < trace.length; i++) {
    if (trace.plan_line[i] !== line) continue;
    const k = trace.kind[i], b = trace.block[i];
    if (k === EventKind.HASH_SPILL) out.fanout = Math.max(out.fanout, b);
    else if (k === EventKind.TEMP_WRITE || k === EventKind.TEMP_READ) (b >>> 16 ? out.probe : out.build).add(b & 0xffff);
    else if (k === EventKind.HASH_BUILD) out.rows[0]++;
    else if (k === EventKind.HASH_PROBE) out.rows[1]++;
  }
  return out;
}

/** A row of the picture's 64 buckets (two rows of 32 small cells). */
function bucketGroup(key: string, heat: number, role: 'hash-bucket' | 'hash-probe', label: string, x: number, y: number, inner: number): CellGroup {
  const cols = Math.min(HASH_PICTURE_BUCKETS, inner >= 640 ? 64 : 32);
  const gap = 3;
  const cellW = Math.max(6, Math.min(22, Math.floor((inner - gap * (cols - 1)) / cols)));
  return { key, segment: heat, heat, role, label, first: 0, count: HASH_PICTURE_BUCKETS, x, y, cols, cellW, cellH: 14, gap, labelled: false };
}

/** The work area's state in words: optimal, one-pass or multi-pass, with DBMS_XPLAN's figures. */
function workareaText(line: PlanLine, fanout: number, spilled: number): string {
  const w = line.workarea;
  if (!w) return 'no work area figures in this step (its plan has none)';
  const figs = `OMem ${fmtBytes(w.optimal)} · 1Mem ${fmtBytes(w.onepass)} · Used-Mem ${fmtBytes(w.used)}${w.temp ? ` · Used-Tmp ${fmtBytes(w.temp)}` : ''}`;
  if (!w.passes) return `optimal: the hash table fits the work area · ${figs}`;
  const how = w.passes > 1 ? `multi-pass (${w.passes} passes)` : 'one-pass';
  return `${how}: ${fanout ? `fan-out ${fanout}, ${spilled} partitions spilled to temp` : 'partitions spilled to temp'} · ${figs}`;
}

/** One picture of a HASH JOIN plan line: its buckets, filled by the build and looked up by the probe, and its partitions on temp. */
export function hashJoinPicture(plan: PlanLine[], line: PlanLine, trace: Trace | null | undefined, x: number, y: number, width: number): Picture {
  const inner = width - 2 * PAD;
  const kids = plan.filter((l) => l.parent === line.id);
  const [build, probe] = kids;
  const ev = hashJoinEvents(trace, line.id);
  const spilled = new Set([...ev.build, ...ev.probe]);
  const groups: CellGroup[] = [];
  let cy = y + TITLE_H + GROUP_LABEL_H;
  const capped = (n: number, rows: number) => (rows > n && n > 0 ? ` (the first ${fmt(n)} traced)` : '');
  const b = bucketGroup(`hj:${line.id}:B`, opKey(line.id, OpCell.BUILD), 'hash-bucket',
    `build: ${build ? objectOf(plan, build) : '?'} (line ${build?.id ?? '?'}) · ${fmt(build?.a_rows ?? 0)} rows hashed into the hash table's buckets${capped(ev.rows[0], build?.a_rows ?? 0)}`, x + PAD, cy, inner);
  groups.push(b);
  cy += groupRect(b).h + GROUP_LABEL_H + 10;
  const p = bucketGroup(`hj:${line.id}:P`, opKey(line.id, OpCell.PROBE), 'hash-probe',
    `probe: ${probe ? objectOf(plan, probe) : '?'} (line ${probe?.id ?? '?'}) · ${fmt(probe?.a_rows ?? 0)} rows look their bucket up${capped(ev.rows[1], probe?.a_rows ?? 0)}`, x + PAD, cy, inner);
  groups.push(p);
  cy += groupRect(p).h + 8;
  const lines: { text: string; tone?: Note['tone'] }[] = [];
  if (spilled.size) {
    const parts = [...spilled].sort((a, c) => a - c);
    const kept = ev.fanout ? ev.fanout - parts.length : 0;
    lines.push({ text: `work area: ${fmt(ev.fanout)} partitions · ${kept ? `#0–#${kept - 1} kept in memory, ` : 'none kept in memory, '}${fmt(parts.length)} written to temp and read back pair by pair`, tone: 'text' });
    const n = notesAt(lines, x + PAD, cy);
    cy += n.h + 4;
    for (const [side, label] of [[OpCell.TEMP_BUILD, 'temp: build partitions (direct path write temp, then read temp)'], [OpCell.TEMP_PROBE, 'temp: probe partitions (written as the probe reads them, read back against their build partition)']] as const) {
      cy += GROUP_LABEL_H;
      const g = gridGroup({ key: `hj:${line.id}:T${side}`, segment: opKey(line.id, side), role: 'temp', label, first: 0, count: parts.length, list: parts }, x + PAD, cy, inner, 40);
      g.heat = opKey(line.id, side);
      groups.push(g);
      cy += groupRect(g).h + 8;
    }
    return finishHashJoin(line, build, probe, plan, ev.fanout, parts.length, groups, n.notes, x, y, width, cy);
  }
  if (!ev.rows[0] && !ev.rows[1]) lines.push({ text: 'this trace has no hash join events (a saved run or the command line): run the script here to watch the buckets fill', tone: 'muted' });
  const n = notesAt(lines, x + PAD, cy);
  return finishHashJoin(line, build, probe, plan, 0, 0, groups, n.notes, x, y, width, cy + n.h);
}

function finishHashJoin(line: PlanLine, build: PlanLine | undefined, probe: PlanLine | undefined, plan: PlanLine[], fanout: number, spilled: number,
  groups: CellGroup[], notes: Note[], x: number, y: number, width: number, cy: number): Picture {
  return {
    key: `hj:${line.id}`,
    title: `${line.operation} (plan line ${line.id}): build ${build ? objectOf(plan, build) : '?'} → probe ${probe ? objectOf(plan, probe) : '?'}`,
    subtitle: workareaText(line, fanout, spilled),
    x, y, width, height: cy - y + PAD, segments: [], groups, links: [], notes,
  };
}

/** A bitmap index's pieces as rows of text (leaf, key, start / end rowid, rows, bitmap bytes), each lit with its leaf. */
export function bitmapPieces(index: Sized, x: number, y: number, inner: number): { group: CellGroup; notes: Note[]; h: number } | null {
  const bm = index.bitmap;
  if (!bm || !bm.sample.length) return null;
  const shown = bm.sample.slice(0, MAX_PIECES);
  const texts = shown.map((pc) => `leaf #${pc.leaf} │ key ${pc.key} │ start rowid in block ${pc.start_block} │ end rowid in block ${pc.end_block} │ ${fmt(pc.rows)} rows │ bitmap ${fmt(pc.bitmap_bytes)} B`);
  const leaves = index.btree?.levels.at(-1)?.count ?? 0;
  const group: CellGroup = {
    key: `${index.id}:BM`, segment: index.id, role: 'bitmap-piece', list: shown.map((pc) => pc.leaf), first: 0, count: shown.length,
    label: `bitmap pieces (the leaf rows) · ${fmt(bm.pieces)} pieces of ${fmt(bm.keys)} keys in ${fmt(leaves)} leaves: key, start rowid, end rowid, compressed bitmap`,
    x, y, cols: 1, cellW: inner, cellH: 20, gap: 3, labelled: true, texts,
  };
  let h = groupRect(group).h + 6;
  const notes: Note[] = [];
  if (bm.pieces > shown.length) {
    const n = notesAt([{ text: `… ${fmt(bm.pieces - shown.length)} more pieces`, tone: 'muted' }], x, y + h);
    notes.push(...n.notes);
    h += n.h;
  }
  return { group, notes, h };
}

/** The plan's bitmap operators over `index` (and the other bitmap indexes they combine), as an indented tree with their rows. */
export function bitmapPlanLines(plan: PlanLine[] | undefined, index: string): string[] {
  if (!plan) return [];
  const uses = plan.find((l) => l.name?.toUpperCase() === index && l.operation.startsWith('BITMAP'));
  if (!uses) return [];
  // The top of the bitmap subtree: the highest BITMAP ancestor of the index's line.
  let top = uses;
  for (let p = plan.find((l) => l.id === top.parent); p && p.operation.startsWith('BITMAP'); p = plan.find((l) => l.id === p!.parent)) top = p;
  const parent = plan.find((l) => l.id === top.parent);
  const base = top.depth;
  const out = subtree(plan, top).filter((l) => l.operation.startsWith('BITMAP')).map((l) => {
    const what = l.operation.startsWith('BITMAP CONVERSION TO') ? 'rowids' : l.operation.startsWith('BITMAP INDEX') ? 'bitmaps' : 'bitmaps';
    const access = l.access ? ` [${l.access}]` : '';
    // Indented with no-break spaces (an SVG's text collapses plain ones).
    return `${'\u00a0\u00a0\u00a0'.repeat(l.depth - base)}${l.operation}${l.name ? ` ${l.name}` : ''} (line ${l.id}) · ${fmt(l.a_rows)} ${what}${access}`;
  });
  if (parent) out.unshift(`${parent.operation}${parent.name ? ` ${parent.name}` : ''} (line ${parent.id}) · ${fmt(parent.a_rows)} rows ← the rowids the bitmaps convert to`);
  return out;
}

export { notesAt, NOTE_H };
