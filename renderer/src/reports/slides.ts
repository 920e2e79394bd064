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
import { diffLegend, flameFragment, type Fragment } from './flame';
import { diffFlame } from '../model/flamediff';
import { layoutStructures, type Picture } from '../model/structure';
import { buildReport, heatFor, touchedSegments, type ReportInputs, type ReportKind } from './report';
import { legendFragment, structureFragment } from './structure';
import { slideSvg, SLIDE } from './slide';
import { CLASSIC_AUTOTRACE_STATS as SLIDE_STATS, shownError } from './sqlplus.mjs';
import { compareFragment, planFragment, statsFragment } from './stats';
import { compareReportSlideFragment } from './compareSlide';
import { sweepSlideFragment } from './sweep';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, textWidth, truncate } from './svg';
import { histogramEvents, waitHistogramFragment, type HistSeries } from './waits';

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

/** The smallest type on an exported slide, in px of the 1920x1080 slide (a picture's smallest type times its scale). */
export const SLIDE_MIN_PX = 18;
/** The slide's room around a wide picture (buildSlide's padding), counted when its scale is chosen. */
const PAD = 8;
/** The scale a wide picture of w x h gets on the slide, its padding counted. */
const padded = (w: number, h: number) => slideScale(w + 2 * PAD, h + 2 * PAD);

/** How much a structure slide may grow its pictures' type in their layout (more would crowd the labels). */
const MAX_TYPE = 1.3;

/** The pictures a structure slide leaves out, least needed first, when it cannot draw them all with its type at 18 px. */
const OPTIONAL_PICTURES: [string, string][] = [['cache', 'the cache\'s hash chains'], ['dictionary', 'the dictionary the hard parse read']];

/** The structure pictures in `cols` columns of `colW`, the legend across the top (and a note under them when there is one). */
function structureColumns(pics: Picture[], k: number, colW: number, heat: ReturnType<typeof heatFor>, trace: ReportInputs['trace'], note: string, type = 1): Fragment {
  const gap = 24;
  const cols = columns(pics, k);
  const width = cols.length * colW + (cols.length - 1) * gap;
  const lg = legendFragment(width, type);
  const top = lg.height + 10;
  const parts = [`<g>${lg.body}</g>`];
  let height = 0;
  cols.forEach((col, c) => {
    const y0 = col[0].y, last = col[col.length - 1];
    const f = structureFragment({ width: colW, height: 0, pictures: col }, heat, trace ?? null, type);
    parts.push(`<g transform="translate(${c * (colW + gap)} ${top - y0})">${f.body}</g>`);
    height = Math.max(height, top + last.y + last.height - y0);
  });
  if (note) { parts.push(text(0, height + 18 * type, truncate(note, width, 11 * type), `font-size="${n(11 * type)}" fill="${REPORT_COLORS.muted}"`)); height += 24 * type; }
  return { width, height, body: parts.join('\n') };
}

/**
 * The structures the step visited, laid out to fill 16:9: the pictures (a table and its index, the
 * data dictionary a hard parse read, the buffer cache's chains) side by side in the number of
 * columns, and at the column width, that make the slide's scale largest; the legend across the top.
 * Where even the best layout would draw the pictures' smallest type (a visit's 9 px number, 10 px
 * block labels) under 18 px, the buffer cache's chains and then the dictionary are left off the
 * slide, said in a note (the page export keeps them).
 */
export function structureSlideFragment(inp: ReportInputs): Fragment | null {
  if (!inp.catalog) return null;
  const trace = inp.trace ?? null;
  const heat = heatFor(inp);
  const only = touchedSegments(trace);
  // The smallest type: the visits' numbers on a short trace (9 px), else the block labels (10 px).
  const minFont = trace && trace.length <= 64 ? 9 : 10;
  let best: { pics: Picture[]; k: number; colW: number; note: string; scale: number } | null = null;
  const left: string[] = [];
  for (let drop = 0; drop <= OPTIONAL_PICTURES.length; drop++) {
    const dropped = new Set(OPTIONAL_PICTURES.slice(0, drop).map(([key]) => key));
    const note = left.length === 0 ? '' : `Left off to keep the type at ${SLIDE_MIN_PX} px: ${left.join(', ')} (in the page export).`;
    best = null;
    for (const colW of [960, 760, 620, 520]) {
      const layout = layoutStructures(inp.catalog, { width: colW, only, includeCache: true });
      const pics = layout.pictures.filter((p) => !dropped.has(p.key));
      if (!pics.length) return null;
      for (let k = 1; k <= Math.min(3, pics.length); k++) {
        const f = structureColumns(pics, k, colW, heat, trace, note);
        const scale = padded(f.width, f.height);
        if (!best || scale > best.scale) best = { pics, k, colW, note, scale };
      }
    }
    if (best && best.scale * minFont * MAX_TYPE >= SLIDE_MIN_PX) break;
    const next = OPTIONAL_PICTURES[drop];
    if (!next) break;
    // Only a picture that is there is said to be left off.
    if (layoutStructures(inp.catalog, { width: 520, only, includeCache: true }).pictures.some((p) => p.key === next[0])) left.push(next[1]);
  }
  if (!best) return null;
  // The type grown (in the same layout) as far as the slide's scale needs, never shrunk; the larger
  // legend and note make the picture taller, so the scale is taken again.
  const b = best;
  let type = 1, f = structureColumns(b.pics, b.k, b.colW, heat, trace, b.note);
  for (let i = 0; i < 4; i++) {
    const want = Math.min(MAX_TYPE, Math.max(1, (SLIDE_MIN_PX + 0.1) / (padded(f.width, f.height) * minFont)));
    if (want <= type + 0.001) break;
    type = want;
    f = structureColumns(b.pics, b.k, b.colW, heat, trace, b.note, type);
  }
  return f;
}

/**
 * Wait histograms on a slide: one panel an event, in the number of columns (1 to 3) that draws
 * their 10 px labels at 18 px and over, the most waited-on events first when not all of them fit
 * (a note says how many more the page export has).
 */
export function waitsSlideFragment(series: HistSeries[]): Fragment | null {
  const events = histogramEvents(series);
  if (!events.length) return null;
  const waits = (ev: string) => series.reduce((a, s) => a + (s.histograms.find((h) => h.event === ev)?.buckets.reduce((b, x) => b + x.count, 0) ?? 0), 0);
  const byWaits = [...events].sort((a, b) => waits(b) - waits(a));
  const gap = 28, minFont = 10;
  let best: { f: Fragment; scale: number } | null = null;
  // Two series overlaid (Compare's A and B): their key once, across the top.
  const key = series.length > 1 ? series.map((s, i) => `<rect x="0" y="${i * 18 + 2}" width="12" height="12" fill="${i ? REPORT_COLORS.grew : REPORT_COLORS.accent}"/>` +
    text(17, i * 18 + 12, truncate(s.label, 700, 12), `font-size="12" fill="${REPORT_COLORS.text}"`)).join('') : '';
  const keyH = series.length > 1 ? series.length * 18 + 8 : 0;
  for (let shown = events.length; shown >= 1; shown--) {
    const keep = new Set(byWaits.slice(0, shown));
    const evs = events.filter((e) => keep.has(e));
    const note = shown < events.length ? `${shown === 1 ? 'The event' : `The ${shown} events`} with the most waits of ${events.length}: the page export has every one.` : '';
    for (let c = 1; c <= Math.min(3, evs.length); c++) {
      const colW = c === 1 ? 760 : c === 2 ? 460 : 330;
      const panels = evs.map((ev) => waitHistogramFragment(series.map((s) => ({ ...s, histograms: s.histograms.filter((h) => h.event === ev) })), { width: colW, legend: false }));
      const rowH = Math.max(...panels.map((p) => p.height));
      const rows = Math.ceil(evs.length / c);
      const width = c * colW + (c - 1) * gap;
      const parts = panels.map((p, i) => `<g transform="translate(${(i % c) * (colW + gap)} ${keyH + Math.floor(i / c) * (rowH + 12)})">${p.body}</g>`);
      if (key) parts.unshift(key);
      let height = keyH + rows * (rowH + 12) - 12;
      if (note) { parts.push(text(0, height + 18, truncate(note, width, 11), `font-size="11" fill="${REPORT_COLORS.muted}"`)); height += 24; }
      const scale = padded(width, height);
      if (!best || scale > best.scale) best = { f: { width, height, body: parts.join('\n') }, scale };
    }
    if (best && best.scale * minFont >= SLIDE_MIN_PX) break;
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
    parts.push(text(i * 300 + textWidth(v, 30) * 1.15 + 14, y + 30, label, `font-size="13" fill="${C.text}"`));
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

/** A picture laid out at the slide's own size (drawn at scale 1): the slide's box less buildSlide's padding. */
const FULL = { w: BOX.w - 2 * PAD, h: BOX.h - 2 * PAD };

/** A sweep slide's type, times the page's: a curve's 10.5 px labels at 21 px; a release sweep's (its panels need the room) at 18.4. */
const SWEEP_TYPE = { curve: 2, releases: 1.75 };

/** The flame frames' type on a slide (the 980-wide graph's 11 px drawn at 1.8x, as before) and the note's. */
const FLAME_FONT = 20, NOTE_FONT = 22;

/** A flame graph at the slide's width, its rows as tall as the slide's height allows (two lines a frame where they fit). */
function slideFlame(graph: FlameGraph, diff?: ReturnType<typeof diffFlame>): Fragment {
  const levels = Math.max(1, Math.round((flameFragment(graph, { width: FULL.w, diff }).height - 4) / 18));
  const row = Math.max(1.5 * FLAME_FONT, Math.floor((FULL.h - NOTE_FONT * 1.8 - 4) / levels));
  return flameFragment(graph, { width: FULL.w, diff, row, font: FLAME_FONT });
}

/**
 * A flame graph on a slide: the graph alone (the page's table of functions stays on the page
 * export), as wide as the slide and its frames as tall as the slide's height allows, so a shallow
 * graph fills the slide (it was a 980 x 150 strip across the middle third) and a frame prints its
 * name, and under it its time and share, at 20 px; its total under it. Compare's differential
 * graph the same way, with its key; a statement without cost stacks says so.
 */
export function flameSlideFragment(inp: ReportInputs): Fragment | null {
  const k = NOTE_FONT / 11;
  if (inp.diff) {
    const d = diffFlame(inp.diff.a, inp.diff.b);
    if (!d.graph.total) return null;
    const f = slideFlame(d.graph, d);
    return { width: f.width, height: f.height + 14 * k, body: `${f.body}\n${diffLegend(f.height + 4, k)}` };
  }
  if (!inp.step && !inp.folded) return null;
  const g = FlameGraph.fromFolded(inp.folded ?? inp.step?.folded ?? []);
  if (!g.total) return { width: 640, height: 30, body: text(0, 20, 'This statement has no cost stacks: no flame graph to draw.', `font-size="14" fill="${REPORT_COLORS.muted}"`) };
  const f = slideFlame(g);
  const note = text(0, f.height + NOTE_FONT * 1.1, `total ${fmtUs(g.total)} (simulated) · each frame: its time and share of the total, where it fits`, `font-size="${NOTE_FONT}" fill="${REPORT_COLORS.muted}"`);
  return { width: f.width, height: f.height + NOTE_FONT * 1.6, body: `${f.body}\n${note}` };
}

/**
 * Compare's statistics on a slide: the statistics that changed most (by the size of the
 * difference), as many as keep the table's 11 px type at 18 px and over; a note says how many
 * more the page export has. (Its Report slide is A vs B at a glance: compareSlide.ts.)
 */
export function compareSlideFragment(c: NonNullable<ReportInputs['compare']>): Fragment {
  const changed = c.rows.filter((r) => r.diff !== 0).sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff));
  const rows = changed.length ? changed : c.rows;
  const minFont = 11;
  let best: Fragment | null = null;
  for (let shown = rows.length; shown >= 1; shown = Math.min(shown - 1, Math.floor(shown * 0.9))) {
    const more = c.rows.length - shown;
    const note = more > 0 ? `The ${shown} statistics that changed most (of ${c.rows.length}; every one in the page export).` : '';
    const t = compareFragment(rows.slice(0, shown), c.labelA, c.labelB, 760);
    const body = note ? `${t.body}\n${text(0, t.height + 14, truncate(note, 760, 11), `font-size="11" fill="${REPORT_COLORS.muted}"`)}` : t.body;
    best = { width: 760, height: t.height + (note ? 20 : 0), body };
    if (padded(best.width, best.height) * minFont >= SLIDE_MIN_PX) break;
  }
  return best!;
}

/** What a slide of each kind is called in its title band. */
const SLIDE_LABELS: Record<ReportKind, string> = {
  report: 'Report', structure: 'Structures', flame: 'Flame graph', stats: 'Statistics', sweep: 'What-if sweep', waits: 'Wait histograms', devices: 'Devices', why: 'Why this plan',
};

/** A slide's title (the kind and the statement) and footer (where it ran), as the UI and `lio report --slide` write them. */
export function slideText(kind: ReportKind, step: { index: number; line: number; statement: string }, runLabel: string): { title: string; footer: string } {
  return {
    title: `${SLIDE_LABELS[kind] ?? kind} · ${step.statement.replace(/\s+/g, ' ').trim()}`,
    footer: `LIO Lab · ${runLabel} · step #${step.index}, line ${step.line} · simulated`,
  };
}

/** The slide of one export kind: laid out for 16:9 where the page layout is tall, else the page picture scaled. */
export function buildSlide(kind: ReportKind, inp: ReportInputs, title: string, footer: string): { svg: string; name: string } {
  const page = buildReport(kind, inp);
  const name = page.name.replace(/\.svg$/, '-slide.svg');
  const waits = kind === 'waits' && inp.step
    ? waitsSlideFragment(inp.waitSeries ?? [{ label: inp.step.statement.replace(/\s+/g, ' ').trim(), histograms: inp.step.wait_histograms ?? [] }]) : null;
  const compared = !inp.compare ? null : kind === 'stats' ? compareSlideFragment(inp.compare)
    : kind === 'report' ? compareReportSlideFragment(inp.compare, inp.diff, FULL.w, FULL.h) : null;
  const sweep = kind === 'sweep' && inp.step?.sweep
    ? sweepSlideFragment(inp.step.sweep, inp.sweepMetric ?? 'cg', FULL.w, FULL.h, inp.step.sweep.scale === 'releases' ? SWEEP_TYPE.releases : SWEEP_TYPE.curve) : null;
  const wide = waits ?? compared ?? sweep ?? (kind === 'flame' ? flameSlideFragment(inp) : !inp.step || inp.compare ? null
    : kind === 'stats' ? statsSlideFragment(inp) : kind === 'report' ? reportSlideFragment(inp) : kind === 'structure' ? structureSlideFragment(inp) : null);
  if (!wide) return { svg: slideSvg(page.svg, title, footer), name };
  const pad = 8;
  const picture = svgDocument(wide.width + 2 * pad, wide.height + 2 * pad, title,
    `<g transform="translate(${pad} ${pad})">\n${wide.body}\n</g>\n`, `LIO Lab ${kind} laid out for a 16:9 slide`);
  return { svg: slideSvg(picture, title, footer), name };
}
