// Flame graph -> SVG. Root at the top (callers above callees), widths are
// time; each frame keeps a <title> tooltip with its time and share, and
// prints them after its name where the frame is wide enough (on paper and
// on a slide there is nothing to hover).
import { frameTotals, type FlameGraph } from '../model/flame';
import type { DiffFlame } from '../model/flamediff';
import { diffIntensity } from '../model/flamediff';
import { fmtUs } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, truncate } from './svg';
import { diffColor, frameColor } from './palette';

export interface Fragment { width: number; height: number; body: string }

const ROW = 18;

/**
 * A flame graph `width` wide. `row` (default 18) is a frame's height and `font` (default 11) its
 * label's size: a slide gives the frames the slide's height (rows of 60 to 120 px) and prints a
 * frame's name on one line and its time and share on the next, where the row holds two lines.
 */
export function flameFragment(graph: FlameGraph, opts: { width: number; title?: string; diff?: DiffFlame; minPx?: number; row?: number; font?: number }): Fragment {
  const width = opts.width;
  const row = opts.row ?? ROW, font = opts.font ?? 11;
  const twoLines = row >= 2.6 * font;
  const top = opts.title ? 24 : 0;
  const total = graph.total || 1;
  const scale = (width - 2) / total;
  const parts: string[] = [];
  if (opts.title) parts.push(text(0, 15, opts.title, `font-size="13" font-weight="600" fill="${REPORT_COLORS.text}"`));
  const minPx = opts.minPx ?? 0.4;
  let maxDepth = -1;
  const d = opts.diff;
  graph.visit((node) => {
    const w = node.total * scale;
    if (w < minPx) return;
    const x = 1 + node.x * scale;
    const y = top + node.depth * row;
    if (node.depth > maxDepth) maxDepth = node.depth;
    const name = graph.name(node.id);
    let tip: string;
    let fill: string;
    if (d) {
      const a = d.a[node.id], b = d.b[node.id];
      const delta = b - a;
      tip = `${name}\nA: ${fmtUs(a)} (${pct(a, d.totalA)})\nB: ${fmtUs(b)} (${pct(b, d.totalB)})\nchange: ${delta >= 0 ? '+' : ''}${fmtUs(delta)}`;
      fill = diffColor(diffIntensity(d, node.id));
    } else {
      tip = `${name}\n${fmtUs(node.total)} (${pct(node.total, total)}), self ${fmtUs(node.self)}`;
      fill = frameColor(name);
    }
    const figures = d ? `${d.b[node.id] - d.a[node.id] >= 0 ? '+' : ''}${fmtUs(d.b[node.id] - d.a[node.id])}` : `${fmtUs(node.total)} · ${pct(node.total, total)}`;
    const share = d ? '' : pct(node.total, total);
    const lines = w <= 28 * (font / 11) ? [] : twoLines ? frameLines(name, figures, share, w - 0.55 * font, font) : [frameLabel(name, figures, share, w - 6, font)];
    const attrs = `font-family="${esc(MONO)}" font-size="${n(font)}" fill="#1a1a1a"`;
    const ty = lines.length === 2 ? [y + row / 2 - 0.2 * font, y + row / 2 + 1.0 * font] : [row === ROW ? y + 12.5 : y + row / 2 + 0.36 * font];
    parts.push(`<g><title>${esc(tip)}</title><rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0.5, w - 1))}" height="${n(row - 1)}" rx="2" fill="${fill}"/>` +
      lines.map((l, i) => (l ? `<text x="${n(x + (3 * font) / 11)}" y="${n(ty[i])}" ${attrs}>${esc(l)}</text>` : '')).join('') + `</g>`);
  });
  const height = top + (maxDepth + 1) * row + 4;
  return { width, height: Math.max(height, top + row), body: parts.join('\n') };
}

/** A tall frame's two lines in `room` px of `font` px monospace: its name (cut), then its figures, else its share, else nothing. */
export function frameLines(name: string, figures: string, share: string, room: number, font: number): string[] {
  const fits = (t: string) => truncate(t, room, font, true) === t;
  const second = [figures, share].find((t) => t && fits(t)) ?? '';
  return [truncate(name, room, font, true), second];
}

/** A frame's label in `room` px of `font` px monospace: its name and figures, else its name and share, else its name (cut). */
export function frameLabel(name: string, figures: string, share: string, room: number, font = 11): string {
  const fits = (t: string) => truncate(t, room, font, true) === t;
  for (const t of [`${name} ${figures}`, share ? `${name} ${share}` : '']) if (t && fits(t)) return t;
  return truncate(name, room, font, true);
}

function pct(v: number, total: number): string {
  if (!total) return '0%';
  return `${(Math.round((v / total) * 1000) / 10).toFixed(1)}%`;
}

/** Functions listed under an exported flame graph, by time. */
const TABLE_ROWS = 20;
const TABLE_ROW = 15;

/**
 * The functions by total time (every stack a function is on, counted once),
 * each with its time, its share and its self time: on paper the narrow
 * frames' figures are not printed on them (seed 000's table, a function's
 * share of the server process, reads off this list).
 */
export function functionTable(graph: FlameGraph, y: number, rows = TABLE_ROWS): { body: string; height: number } {
  const fns = frameTotals(graph).sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : 1)).slice(0, rows);
  if (!fns.length) return { body: '', height: 0 };
  const total = graph.total || 1;
  const mono = `font-family="${esc(MONO)}" font-size="11"`;
  const head = `fill="${REPORT_COLORS.muted}" font-size="11" font-weight="600"`;
  const cols = [0, 330, 430, 500];
  const lines = [text(cols[0], 11, `Functions by total time (top ${fns.length})`, head), text(cols[1], 11, 'total', head),
    text(cols[2], 11, 'share', head), text(cols[3], 11, 'self', head)];
  fns.forEach((f, i) => {
    const ly = 11 + (i + 1) * TABLE_ROW;
    lines.push(text(cols[0], ly, truncate(f.name, cols[1] - 12, 11, true), `${mono} fill="${REPORT_COLORS.text}"`),
      text(cols[1], ly, fmtUs(f.total), mono), text(cols[2], ly, pct(f.total, total), mono), text(cols[3], ly, fmtUs(f.self), mono));
  });
  return { body: `<g transform="translate(0 ${n(y)})" aria-label="Functions by total time">${lines.join('')}</g>`, height: (fns.length + 1) * TABLE_ROW + 6 };
}

/** A differential flame graph's key under it (at `y`, its type `k` times 11 px): grew, shrank, and what a frame's label says. */
export function diffLegend(y: number, k = 1): string {
  return `<g transform="translate(0 ${n(y)})${k === 1 ? '' : ` scale(${n(k)})`}" font-size="11" fill="${REPORT_COLORS.muted}">` +
    `<rect x="0" y="0" width="10" height="10" fill="${REPORT_COLORS.grew}"/>${text(14, 9, 'grew (B > A)')}` +
    `<rect x="110" y="0" width="10" height="10" fill="${REPORT_COLORS.shrank}"/>${text(124, 9, 'shrank (B < A)')}${text(240, 9, 'each frame: its change in time, B − A (where it fits)')}</g>`;
}

export function flameSvg(graph: FlameGraph, opts: { title: string; width?: number; diff?: DiffFlame }): string {
  const f = flameFragment(graph, { width: opts.width ?? 1200, title: opts.title, diff: opts.diff });
  const table = opts.diff ? { body: '', height: 0 } : functionTable(graph, f.height + 30);
  const legend = opts.diff
    ? diffLegend(f.height + 6)
    : `<g transform="translate(0 ${n(f.height + 6)})" font-size="11" fill="${REPORT_COLORS.muted}">${text(0, 9, `total ${fmtUs(graph.total)} · each frame: its time and share of the total (where it fits; every frame's in its tooltip)`)}</g>`;
  const pad = 12;
  return svgDocument(f.width + 2 * pad, f.height + 24 + table.height + 2 * pad, opts.title,
    `<g transform="translate(${pad} ${pad})">\n${f.body}\n${legend}\n${table.body}\n</g>\n`, 'LIO Lab flame graph: frame width is simulated time');
}
