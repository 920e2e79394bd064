// Slides laid out for 16:9 (issue 35: "Exports are not slide-ready"). A
// picture made for a page (the one-page report is portrait, the statistics
// one long column) scaled into a 1920 x 1080 slide leaves its text at 4 to
// 12 px in the middle of the slide. Here they are laid out for the slide
// first: the statistics flowed into columns, the structures' pictures side
// by side, the report cut to what a slide can say at 24 px (what ran, its
// figures, plan and autotrace's statistics), so the slide scales them up
// instead of down. Every other kind is already landscape and goes into
// `slideSvg` as it is.
import { FlameGraph } from '../model/flame';
import { fmtNum, fmtUs } from '../model/stats';
import { flameFragment, type Fragment } from './flame';
import { layoutStructures, type Picture } from '../model/structure';
import { buildReport, heatFor, touchedSegments, type ReportInputs, type ReportKind } from './report';
import { legendFragment, structureFragment } from './structure';
import { slideSvg, SLIDE } from './slide';
import { CLASSIC_AUTOTRACE_STATS as SLIDE_STATS, shownError } from './sqlplus.mjs';
import { planFragment, statsFragment } from './stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, textWidth, truncate } from './svg';

/** The room the picture gets on a slide (slideSvg's box: below the title band, above the footer). */
const BOX = { w: SLIDE.width - 120, h: SLIDE.height - 120 - 50 - 20 };

/** How much a picture of w x h grows (or shrinks) to fill the slide's box. */
export function slideScale(w: number, h: number): number {
  return Math.min(BOX.w / w, BOX.h / h);
}

/** The statistics flowed into the number of columns (1 to 4) that fills the slide best. */
export function statsSlideFragment(inp: ReportInputs): Fragment {
  const step = inp.step!;
  let best: Fragment | null = null;
  for (let k = 1; k <= 4; k++) {
    const f = statsFragment(step, { width: 460, columns: k });
    if (!best || slideScale(f.width, f.height) > slideScale(best.width, best.height)) best = f;
  }
  return best!;
}

/** Pictures in order, cut into `k` columns of about equal height (a picture never split). */
function columns(pictures: Picture[], k: number): Picture[][] {
  const total = pictures.reduce((a, p) => a + p.height + 12, 0);
  const out: Picture[][] = [[]];
  let h = 0;
  for (const p of pictures) {
    if (h > 0 && h + p.height / 2 > total / k && out.length < k) { out.push([]); h = 0; }
    out[out.length - 1].push(p);
    h += p.height + 12;
  }
  return out;
}

/**
 * The structures the step visited, laid out to fill 16:9: the pictures (a table and its index, the
 * data dictionary a hard parse read, the buffer cache's chains) side by side in the number of
 * columns, and at the column width, that make the slide's scale largest; the legend across the top.
 */
export function structureSlideFragment(inp: ReportInputs): Fragment | null {
  if (!inp.catalog) return null;
  const trace = inp.trace ?? null;
  const heat = heatFor(inp);
  const only = touchedSegments(trace);
  const gap = 24;
  let best: { f: Fragment; scale: number } | null = null;
  for (const colW of [960, 760, 620, 520]) {
    const layout = layoutStructures(inp.catalog, { width: colW, only, includeCache: true });
    if (!layout.pictures.length) return null;
    for (let k = 1; k <= Math.min(3, layout.pictures.length); k++) {
      const cols = columns(layout.pictures, k);
      const width = cols.length * colW + (cols.length - 1) * gap;
      const lg = legendFragment(width);
      const top = lg.height + 10;
      const parts = [`<g>${lg.body}</g>`];
      let height = 0;
      cols.forEach((pics, c) => {
        const y0 = pics[0].y, last = pics[pics.length - 1];
        const f = structureFragment({ ...layout, pictures: pics }, heat, trace);
        parts.push(`<g transform="translate(${c * (colW + gap)} ${top - y0})">${f.body}</g>`);
        height = Math.max(height, top + last.y + last.height - y0);
      });
      const scale = slideScale(width, height);
      if (!best || scale > best.scale) best = { f: { width, height, body: parts.join('\n') }, scale };
    }
  }
  return best?.f ?? null;
}

/**
 * The one-page report as a slide: where it ran (the statement is the slide's title), its
 * consistent gets and elapsed time large, its plan, and autotrace's classic statistics in two
 * columns (rows processed from the step, as SQL*Plus counts it). The page's full statistics,
 * structures and flame graph each have their own slide (`--slide` writes one of every kind): on
 * one 16:9 slide together they drew the text at 5 to 7 px. About 800 x 400, so the slide draws
 * its 11-13 px type at 24 px and over (a plan of up to about 6 lines).
 */
export function reportSlideFragment(inp: ReportInputs): Fragment {
  const step = inp.step!;
  const W = 800, C = REPORT_COLORS;
  const parts: string[] = [];
  // The statement is the slide's title; under it where it ran.
  let y = 16;
  parts.push(text(0, y, `step #${step.index} · line ${step.line}${inp.catalog ? ` · Oracle ${inp.catalog.version} profile` : ''} · simulated`, `font-size="13" fill="${C.muted}"`));
  if (step.error) { y += 20; parts.push(text(0, y, truncate(`${shownError(step.error).code}: ${shownError(step.error).message}`, W, 13), `font-size="13" font-weight="600" fill="#c62828"`)); }
  // The two figures the room asks for first.
  y += 12;
  const big: [string, string][] = [[fmtNum(step.stats['consistent gets'] ?? 0), 'consistent gets'], [fmtUs(step.elapsed_us), 'elapsed (simulated)']];
  big.forEach(([v, label], i) => {
    parts.push(text(i * 300, y + 30, v, `font-size="30" font-weight="700" fill="${C.accent}"`));
    parts.push(text(i * 300 + textWidth(v, 30) * 1.1 + 10, y + 30, label, `font-size="13" fill="${C.text}"`));
  });
  y += 44;
  const plan = planFragment(step, { width: W });
  parts.push(`<g transform="translate(0 ${n(y)})">${plan.body}</g>`);
  y += plan.height + 8;
  parts.push(text(0, y + 14, 'Statistics (autotrace)', `font-size="12" font-weight="600" fill="${C.text}"`));
  y += 18;
  parts.push(`<line x1="0" y1="${n(y)}" x2="${W}" y2="${n(y)}" stroke="${C.border}"/>`);
  const half = Math.ceil(SLIDE_STATS.length / 2), colW = W / 2;
  SLIDE_STATS.forEach((name, i) => {
    const x = i < half ? 0 : colW + 10, row = i < half ? i : i - half;
    const ry = y + 17 * (row + 1);
    const v = name === 'rows processed' ? step.rows_processed ?? step.rows?.length ?? 0 : step.stats[name] ?? 0;
    parts.push(text(x + 110, ry - 3, fmtNum(v), `text-anchor="end" font-family="${esc(MONO)}" font-size="12" fill="${C.text}"`));
    parts.push(text(x + 122, ry - 3, truncate(name, colW - 132, 12), `font-size="12" fill="${C.text}"`));
  });
  y += 17 * half + 4;
  return { width: W, height: y, body: parts.join('\n') };
}

/**
 * A flame graph on a slide: the graph alone, 980 wide, and its total (the page's table of
 * functions stays on the page export): the slide draws its frames' 11 px names and times at
 * about 20 px (the page picture, table included, at 16).
 */
export function flameSlideFragment(inp: ReportInputs): Fragment | null {
  const g = FlameGraph.fromFolded(inp.folded ?? inp.step?.folded ?? []);
  if (!g.total) return null;
  const f = flameFragment(g, { width: 980 });
  const note = text(0, f.height + 18, `total ${fmtUs(g.total)} (simulated) · each frame: its time and share of the total, where it fits`, `font-size="12" fill="${REPORT_COLORS.muted}"`);
  return { width: f.width, height: f.height + 26, body: `${f.body}\n${note}` };
}

/** The slide of one export kind: laid out for 16:9 where the page layout is tall, else the page picture scaled. */
export function buildSlide(kind: ReportKind, inp: ReportInputs, title: string, footer: string): { svg: string; name: string } {
  const page = buildReport(kind, inp);
  const name = page.name.replace(/\.svg$/, '-slide.svg');
  const wide = !inp.step || inp.compare ? null
    : kind === 'stats' ? statsSlideFragment(inp) : kind === 'report' ? reportSlideFragment(inp) : kind === 'structure' ? structureSlideFragment(inp)
      : kind === 'flame' && !inp.diff ? flameSlideFragment(inp) : null;
  if (!wide) return { svg: slideSvg(page.svg, title, footer), name };
  const pad = 8;
  const picture = svgDocument(wide.width + 2 * pad, wide.height + 2 * pad, title,
    `<g transform="translate(${pad} ${pad})">\n${wide.body}\n</g>\n`, `LIO Lab ${kind} laid out for a 16:9 slide`);
  return { svg: slideSvg(picture, title, footer), name };
}
