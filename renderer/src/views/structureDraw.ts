// Canvas drawing of structure pictures (layout from model/structure).
// The base layer (frames, titles, links, empty cells) is drawn once per
// layout; heat cells are painted incrementally onto a copy of it.
import { badgeAt, cellRect, groupBlockAt, heatKey, type CellGroup, type Picture, type StructureLayout } from '../model/structure';
import { heatLevel, type HeatMap } from '../model/heat';
import type { Palette } from './colors';

/** The smallest type drawn in a structure picture (a visit's number badge), in layout px. */
export const STRUCTURE_MIN_FONT = 9;

export function drawBase(ctx: CanvasRenderingContext2D, layout: StructureLayout, P: Palette) {
  ctx.fillStyle = P.panel;
  ctx.fillRect(0, 0, layout.width, layout.height);
  for (const p of layout.pictures) drawPicture(ctx, p, P);
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath();
}

/** Truncate text with an ellipsis to fit maxWidth (current ctx font). */
export function fitText(ctx: CanvasRenderingContext2D, s: string, maxWidth: number): string {
  if (ctx.measureText(s).width <= maxWidth) return s;
  let lo = 0, hi = s.length;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ctx.measureText(`${s.slice(0, mid)}…`).width <= maxWidth) lo = mid; else hi = mid - 1; }
  return `${s.slice(0, lo)}…`;
}

function drawPicture(ctx: CanvasRenderingContext2D, p: Picture, P: Palette) {
  ctx.strokeStyle = P.border; ctx.lineWidth = 1;
  roundRect(ctx, p.x + 0.5, p.y + 0.5, p.width - 1, p.height - 1, 6);
  ctx.stroke();
  ctx.fillStyle = P.text; ctx.font = `600 12.5px ${P.sans}`; ctx.textBaseline = 'alphabetic';
  ctx.fillText(p.title, p.x + 10, p.y + 16);
  ctx.fillStyle = P.muted; ctx.font = `11px ${P.sans}`;
  ctx.fillText(fitText(ctx, p.subtitle, p.width - 20), p.x + 10, p.y + 29);
  for (const l of p.links) {
    ctx.strokeStyle = l.kind === 'chain' ? P.heatHi : P.link;
    ctx.lineWidth = l.kind === 'rowid' ? 0.7 : 0.9;
    ctx.setLineDash(l.kind === 'rowid' ? [3, 3] : []);
    ctx.beginPath(); ctx.moveTo(l.x1, l.y1); ctx.lineTo(l.x2, l.y2); ctx.stroke();
  }
  ctx.setLineDash([]);
  for (const g of p.groups) {
    ctx.fillStyle = P.muted; ctx.font = `${g.dim ? 'italic ' : ''}11px ${P.sans}`;
    ctx.fillText(fitText(ctx, g.label, g.labelW ?? p.x + p.width - 10 - g.x), g.x, g.y - 4);
    for (let i = 0; i < g.count; i++) paintCell(ctx, g, i, null, P, null);
  }
  ctx.font = `11px ${P.mono}`;
  for (const n of p.notes) {
    ctx.fillStyle = n.tone === 'text' ? P.text : n.tone === 'warn' ? P.danger : P.muted;
    ctx.fillText(fitText(ctx, n.text, p.x + p.width - 10 - n.x), n.x, n.y);
  }
}

/** Paint one cell with its heat (or empty/header colour). */
export function paintCell(ctx: CanvasRenderingContext2D, g: CellGroup, i: number, heat: HeatMap | null, P: Palette, lut: string[] | null) {
  const r = cellRect(g, i);
  const block = groupBlockAt(g, i);
  let v = 0, max = 0;
  if (heat) {
    if (g.role === 'latch') { v = heat.latch[block] ?? 0; max = heat.latchMax; }
    else { v = heat.get(heatKey(g), block); max = heat.max; }
  }
  let fill = g.headerBlock === block ? P.header : P.cellEmpty;
  if (v > 0 && lut) fill = lut[Math.max(0, Math.min(255, Math.round(heatLevel(v, max) * 255)))];
  ctx.fillStyle = fill;
  // A pruned partition's blocks: faint, over the panel (a visit still shows in full).
  if (g.dim && v === 0) { ctx.fillStyle = P.panel; ctx.fillRect(r.x, r.y, r.w, r.h); ctx.globalAlpha = 0.35; ctx.fillStyle = fill; }
  if (g.texts) {
    // A row of text (a bitmap piece): its fill, its outline, its words.
    roundRect(ctx, r.x, r.y, r.w, r.h, 3);
    ctx.fill();
    ctx.strokeStyle = P.cellStroke; ctx.lineWidth = 1; ctx.stroke();
    ctx.fillStyle = P.text; ctx.font = `11px ${P.mono}`;
    ctx.fillText(fitText(ctx, g.texts[i] ?? '', r.w - 12), r.x + 6, r.y + r.h / 2 + 4);
  } else if (g.labelled) {
    roundRect(ctx, r.x, r.y, r.w, r.h, 3);
    ctx.fill();
    ctx.strokeStyle = P.cellStroke; ctx.lineWidth = 1; ctx.stroke();
    ctx.fillStyle = P.text; ctx.font = `10.5px ${P.mono}`; ctx.textAlign = 'center';
    ctx.fillText(`#${block}`, r.x + r.w / 2, r.y + 15);
    ctx.textAlign = 'start';
  } else {
    ctx.fillRect(r.x, r.y, r.w, r.h);
  }
  ctx.globalAlpha = 1;
}

/** An outline marking a visit, in the get kind's colour; alpha fades the trail. */
export function markCell(ctx: CanvasRenderingContext2D, g: CellGroup, i: number, color: string, alpha: number, strong: boolean) {
  const r = cellRect(g, i);
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = color;
  const grow = strong ? (g.cellW < 6 ? 3 : 2) : 1;
  ctx.lineWidth = strong ? 2.5 : 1.5;
  ctx.strokeRect(r.x - grow, r.y - grow, r.w + 2 * grow, r.h + 2 * grow);
  if (strong || g.cellW < 6) { ctx.fillStyle = color; ctx.globalAlpha = alpha * (g.labelled ? 0.35 : 0.9); ctx.fillRect(r.x, r.y, r.w, r.h); }
  ctx.globalAlpha = 1;
}

/** A ring pulsing out of a latch cell. */
export function pulseCell(ctx: CanvasRenderingContext2D, g: CellGroup, i: number, color: string, phase: number) {
  const r = cellRect(g, i);
  const rad = Math.max(r.w, r.h) / 2 + 2 + phase * 10;
  ctx.globalAlpha = Math.max(0, 1 - phase);
  ctx.strokeStyle = color; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.arc(r.x + r.w / 2, r.y + r.h / 2, rad, 0, Math.PI * 2); ctx.stroke();
  ctx.fillStyle = color; ctx.fillRect(r.x, r.y, r.w, r.h);
  ctx.globalAlpha = 1;
}

/** A numbered badge (visit order) at a cell's top-right corner. */
export function badgeCell(ctx: CanvasRenderingContext2D, g: CellGroup, i: number, color: string, label: string, font: string) {
  const b = badgeAt(cellRect(g, i), g.labelled);
  const cx = b.x, cy = b.y;
  ctx.fillStyle = color;
  ctx.beginPath(); ctx.arc(cx, cy, 6.5, 0, Math.PI * 2); ctx.fill();
  ctx.fillStyle = '#ffffff'; ctx.font = `700 ${STRUCTURE_MIN_FONT}px ${font}`; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
  ctx.fillText(label, cx, cy + 0.5);
  ctx.textAlign = 'start'; ctx.textBaseline = 'alphabetic';
}
