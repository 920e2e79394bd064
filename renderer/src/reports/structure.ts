// Structure pictures -> SVG: the same layout the canvas draws, heat as fill,
// and for short traces the visit order numbered and outlined by get kind.
import { badgeAt, cellRect, groupRect, heatKey, locateEvent, type CellGroup, type StructureLayout } from '../model/structure';
import type { HeatMap } from '../model/heat';
import { heatLevel, isVisit } from '../model/heat';
import { GET_KIND_NAMES, NO_SEGMENT, type Trace } from '../model/types';
import { esc, MONO, mix, n, REPORT_COLORS, svgDocument, text, textWidth, truncate } from './svg';
import type { Fragment } from './flame';

function cellFill(g: CellGroup, block: number, heat: HeatMap | null): string {
  const seg = heatKey(g);
  const v = g.role === 'latch' ? heat?.latch[block] ?? 0 : heat?.get(seg, block) ?? 0;
  const max = g.role === 'latch' ? heat?.latchMax ?? 0 : heat?.max ?? 0;
  if (v > 0) return mix(REPORT_COLORS.heatLo, REPORT_COLORS.heatHi, heatLevel(v, max));
  if (g.headerBlock === block) return REPORT_COLORS.header;
  return REPORT_COLORS.grid;
}

/** A row of text in a picture (a bitmap piece): its fill by heat, its words in the monospace face. */
function pieceRow(g: CellGroup, i: number, fill: string, type: number): string {
  const r = cellRect(g, i);
  const words = truncate(g.texts?.[i] ?? '', r.w - 12, 10.5 * type * 1.1);
  return `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="3" fill="${fill}" stroke="${REPORT_COLORS.stroke}"/>` +
    text(r.x + 6, r.y + r.h / 2 + 4, words, `font-family="${esc(MONO)}" font-size="${n(10.5 * type)}" fill="${REPORT_COLORS.text}"`);
}

/**
 * The pictures as SVG. `type`: the text this many times its page size, in the same layout (a slide
 * draws a picture that is tall for 16:9 smaller, and grows its type back up to 1.3x to keep it at 18 px).
 */
export function structureFragment(layout: StructureLayout, heat: HeatMap | null, trace: Trace | null, type = 1): Fragment {
  const parts: string[] = [];
  const fs = (px: number) => n(px * type);
  const C = REPORT_COLORS;
  for (const p of layout.pictures) {
    parts.push(`<g>`);
    parts.push(`<rect x="${n(p.x + 0.5)}" y="${n(p.y + 0.5)}" width="${n(p.width - 1)}" height="${n(p.height - 1)}" rx="6" fill="none" stroke="${C.border}"/>`);
    parts.push(text(p.x + 10, p.y + 16, p.title, `${type === 1 ? '' : `font-size="${fs(12)}" `}font-weight="600" fill="${C.text}"`));
    parts.push(text(p.x + 10, p.y + 29, truncate(p.subtitle, p.width - 20, 10.5 * type), `font-size="${fs(10.5)}" fill="${C.muted}"`));
    for (const l of p.links) {
      parts.push(`<line x1="${n(l.x1)}" y1="${n(l.y1)}" x2="${n(l.x2)}" y2="${n(l.y2)}" stroke="${l.kind === 'chain' ? C.heatHi : C.link}" stroke-width="${l.kind === 'rowid' ? 0.6 : 0.8}"${l.kind === 'rowid' ? ' stroke-dasharray="3 3"' : ''}/>`);
    }
    for (const g of p.groups) {
      const heatSeg = heatKey(g);
      // Cells too small to see (a few px: thousands of latch children or blocks): a visited one
      // is drawn again as a dot over it, and the label says how many were visited.
      const tiny = g.cellW < 4;
      const visited: number[] = [];
      if (tiny && heat) {
        for (let i = 0; i < g.count; i++) {
          const block = g.list ? g.list[i] : g.first + i;
          if ((g.role === 'latch' ? heat.latch[block] ?? 0 : heat.get(heatSeg, block)) > 0) visited.push(i);
        }
      }
      const label = visited.length ? `${g.label} · ${visited.length.toLocaleString('en-US')} visited (dots)` : g.label;
      parts.push(text(g.x, g.y - 4, truncate(label, g.labelW ?? p.x + p.width - 10 - g.x, 10.5 * type), `font-size="${fs(10.5)}" fill="${C.muted}"${g.dim ? ' font-style="italic"' : ''}`));
      // Merge runs of identical, unvisited cells in big grids into one rect per row segment.
      for (let i = 0; i < g.count; i++) {
        const block = g.list ? g.list[i] : g.first + i;
        const r = cellRect(g, i);
        const fill = cellFill(g, block, heat);
        if (g.texts) { parts.push(pieceRow(g, i, fill, type)); continue; }
        // A pruned partition's blocks are faint (a visit shows in full).
        const faint = g.dim && fill === cellFill(g, block, null) ? ' fill-opacity="0.35"' : '';
        parts.push(`<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}"${g.labelled ? ' rx="3"' : ''} fill="${fill}"${faint}${g.labelled ? ` stroke="${C.stroke}"` : ''}>` +
          (g.labelled || (heat && heat.get(heatSeg, block) > 0) ? `<title>${esc(`${g.label.split(' ·')[0]}: block ${block}${heat ? `, ${heat.get(heatSeg, block)} visits` : ''}`)}</title>` : '') + `</rect>`);
        if (g.labelled) parts.push(text(r.x + r.w / 2, r.y + 15, `#${block}`, `text-anchor="middle" font-family="${esc(MONO)}" font-size="${fs(10)}" fill="${C.text}"`));
      }
      for (const i of visited) {
        const block = g.list ? g.list[i] : g.first + i;
        const r = cellRect(g, i);
        parts.push(`<circle cx="${n(r.x + r.w / 2)}" cy="${n(r.y + r.h / 2)}" r="3.5" fill="${cellFill(g, block, heat)}" stroke="${C.text}" stroke-width="0.7"/>`);
      }
      void groupRect;
    }
    for (const nt of p.notes) {
      const fill = nt.tone === 'text' ? C.text : nt.tone === 'warn' ? C.grew : C.muted;
      parts.push(text(nt.x, nt.y, truncate(nt.text, p.x + p.width - 10 - nt.x, 10.5 * type * 1.1), `font-family="${esc(MONO)}" font-size="${fs(10.5)}" fill="${fill}"`));
    }
    parts.push(`</g>`);
  }
  // Short traces: number the visits in order, outlined by get kind.
  if (trace && trace.length > 0 && trace.length <= 64) {
    let k = 0;
    for (let i = 0; i < trace.length; i++) {
      if (!isVisit(trace.kind[i]) || trace.segment[i] === NO_SEGMENT) continue;
      k++;
      const refs = locateEvent(layout, trace.kind[i], trace.segment[i], trace.block[i]);
      const col = C.get[trace.get_kind[i]] ?? C.get[255];
      for (const ref of refs) {
        const r = cellRect(ref.group, ref.index);
        const b = badgeAt(r, ref.group.labelled);
        parts.push(`<g><title>${esc(`visit ${k}: ${GET_KIND_NAMES[trace.get_kind[i]] ?? 'get'} of block ${trace.block[i]}`)}</title>` +
          `<rect x="${n(r.x - 1.5)}" y="${n(r.y - 1.5)}" width="${n(r.w + 3)}" height="${n(r.h + 3)}" rx="3" fill="none" stroke="${col}" stroke-width="2"/>` +
          `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${fs(6.5)}" fill="${col}"/>` +
          `<text x="${n(b.x)}" y="${n(b.y + 3.5 * type)}" text-anchor="middle" font-size="${fs(9)}" font-weight="700" fill="#ffffff">${k}</text></g>`);
      }
    }
  }
  return { width: layout.width, height: layout.height, body: parts.join('\n') };
}

/** The get kinds' and the heat's colours, in rows `width` wide; `type` as structureFragment's. */
export function legendFragment(width: number, type = 1): Fragment {
  const C = REPORT_COLORS;
  const items: [string, string][] = [
    [C.get[0], 'examination get'], [C.get[1], 'normal get'], [C.get[2], 'pin get'], [C.get[3], 'pinned revisit'], [C.get[4], 'memopt'],
    [C.heatLo, 'few visits'], [C.heatHi, 'many visits'], [C.header, 'segment header'],
  ];
  const t = (px: number) => px * type;
  let x = 0, y = 0;
  const parts = items.map(([c, label]) => {
    // Swatch, gap, the label at its widest (wide glyphs such as 'm'), then a clear gap before the next swatch.
    const w = t(14) + textWidth(label, t(11)) * 1.15 + t(16);
    if (x > 0 && x + w > width) { x = 0; y += t(16); }
    const s = `<rect x="${n(x)}" y="${n(y + t(2))}" width="${n(t(10))}" height="${n(t(10))}" rx="2" fill="${c}"/>${text(x + t(14), y + t(11), label, `font-size="${n(t(11))}" fill="${C.muted}"`)}`;
    x += w;
    return s;
  });
  return { width, height: y + t(16), body: parts.join('') };
}

export function structureSvg(layout: StructureLayout, heat: HeatMap | null, trace: Trace | null, title: string): string {
  const f = structureFragment(layout, heat, trace);
  const lg = legendFragment(f.width);
  const pad = 12;
  const top = 32 + lg.height;
  const body = `<g transform="translate(${pad} ${pad})">${text(0, 14, title, `font-size="14" font-weight="600" fill="${REPORT_COLORS.text}"`)}</g>\n` +
    `<g transform="translate(${pad} ${pad + 24})">\n${lg.body}\n</g>\n<g transform="translate(${pad} ${pad + top})">\n${f.body}\n</g>\n`;
  return svgDocument(f.width + 2 * pad, f.height + top + 2 * pad, title, body, 'LIO Lab structure picture: blocks coloured by visit count');
}
