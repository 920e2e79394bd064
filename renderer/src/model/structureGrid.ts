// The structure pictures' shared geometry: the picture, group and cell
// types, the grid a group's cells are laid out on, and number formats.
// Pure: model/structure.ts and model/structureOps.ts lay pictures out with it.
export type BlockRole = 'header' | 'root' | 'branch' | 'leaf' | 'iot-leaf' | 'table' | 'bucket' | 'overflow'
  | 'hash-index' | 'buffer-area' | 'latch' | 'index' | 'hash-bucket' | 'hash-probe' | 'temp' | 'bitmap-piece';


export interface Rect { x: number; y: number; w: number; h: number }

export interface CellGroup {
  key: string;
  segment: number;
  role: BlockRole;
  label: string;
  /** Contiguous blocks first..first+count-1, or an explicit list. */
  first: number;
  count: number;
  list?: number[];
  headerBlock?: number;
  x: number; y: number; cols: number; cellW: number; cellH: number; gap: number;
  /** Cells are big enough to print their block number. */
  labelled: boolean;
  /** For buffer-area groups: this group mirrors memopt reads of that table segment. */
  mirrors?: number;
  /** The heat key its cells read, when not its segment's (an operator's pseudo key: model/heat.ts). */
  heat?: number;
  /** Greyed: a pruned partition's blocks (no visit expected). */
  dim?: boolean;
  /** The width its label may take (a column's, when groups sit side by side); the picture's by default. */
  labelW?: number;
  /** Labelled cells' own text (a bitmap piece's key and rowids), instead of `#block`. */
  texts?: string[];
}

export interface Link { x1: number; y1: number; x2: number; y2: number; kind: 'pointer' | 'chain' | 'rowid' }

export interface Picture {
  key: string; title: string; subtitle: string;
  x: number; y: number; width: number; height: number;
  segments: number[];
  groups: CellGroup[];
  links: Link[];
  /** Lines of text in the picture (Pstart / Pstop, a work area's figures, a summary of what is not drawn). */
  notes: Note[];
}

export interface Note { x: number; y: number; text: string; tone?: 'muted' | 'text' | 'warn' }

export interface StructureLayout {
  width: number; height: number; pictures: Picture[];
}

export interface CellRef { picture: Picture; group: CellGroup; index: number; block: number }

export const TITLE_H = 34;
export const PAD = 10;
export const LEVEL_GAP = 26;
export const GROUP_LABEL_H = 14;

export function groupIndexOf(g: CellGroup, block: number): number {
  if (g.list) return g.list.indexOf(block);
  const i = block - g.first;
  return i >= 0 && i < g.count ? i : -1;
}
export function groupBlockAt(g: CellGroup, index: number): number { return g.list ? g.list[index] : g.first + index; }

export function cellRect(g: CellGroup, i: number): Rect {
  const c = i % g.cols, r = Math.floor(i / g.cols);
  return { x: g.x + c * (g.cellW + g.gap), y: g.y + r * (g.cellH + g.gap), w: g.cellW, h: g.cellH };
}

/**
 * Where a visit's number badge goes: inside a labelled block's right end
 * (clear of its centred `#n` and of the group label above), below-right of
 * a small cell (the group label sits above the first row).
 */
export function badgeAt(r: { x: number; y: number; w: number; h: number }, labelled: boolean): { x: number; y: number } {
  return labelled && r.w >= 40 ? { x: r.x + r.w - 9, y: r.y + r.h / 2 } : { x: r.x + r.w + 3, y: r.y + r.h + 3 };
}

export function groupRect(g: CellGroup): Rect {
  const rows = Math.ceil(g.count / g.cols);
  const cols = Math.min(g.cols, g.count);
  return { x: g.x, y: g.y, w: cols * (g.cellW + g.gap) - g.gap, h: rows * (g.cellH + g.gap) - g.gap };
}

/** Grid parameters for n cells in a given width, preferring big cells while the height stays reasonable. */
export function gridFor(n: number, width: number, maxH: number): { cell: number; gap: number; cols: number; rows: number } {
  const sizes = [14, 12, 10, 8, 6, 5, 4, 3, 2];
  for (const cell of sizes) {
    const gap = cell >= 8 ? 2 : cell >= 3 ? 1 : 0;
    const cols = Math.max(1, Math.floor((width + gap) / (cell + gap)));
    const rows = Math.ceil(n / cols);
    if (rows * (cell + gap) <= maxH) return { cell, gap, cols, rows };
  }
  const cols = Math.max(1, Math.floor(width / 2));
  return { cell: 2, gap: 0, cols, rows: Math.ceil(n / cols) };
}

export function gridGroup(base: Omit<CellGroup, 'x' | 'y' | 'cols' | 'cellW' | 'cellH' | 'gap' | 'labelled'>, x: number, y: number,
  width: number, maxH: number): CellGroup {
  if (base.count <= 12) {
    // Few blocks: labelled boxes.
    const gap = 8;
    const cellW = Math.max(36, Math.min(78, Math.floor((width - gap * (base.count - 1)) / Math.max(1, base.count))));
    return { ...base, x, y, cols: base.count, cellW, cellH: 22, gap, labelled: true };
  }
  const g = gridFor(base.count, width, maxH);
  return { ...base, x, y, cols: g.cols, cellW: g.cell, cellH: g.cell, gap: g.gap, labelled: false };
}

export function fmt(n: number) { return n.toLocaleString('en-US'); }

export function fmtBytes(b: number): string {
  if (b >= 1 << 30) return `${Math.round((b / (1 << 30)) * 10) / 10} GB`;
  if (b >= 1 << 20) return `${Math.round((b / (1 << 20)) * 10) / 10} MB`;
  if (b >= 1 << 10) return `${Math.round(b / (1 << 10))} KB`;
  return `${b} B`;
}

