// Compare's Report slide: what a room asks first of two executions, A vs B
// at a glance. Its Statistics slide lists the statistics that changed most
// (latches included) and the Flame graph slide draws the differential flame
// graph; the Report slide was the Statistics slide again with a note. Here it
// is its own summary: both sides named, their consistent gets and elapsed
// time large with the difference and the ratio, and autotrace's classic
// statistics of A and B (those not zero on both sides), laid out at the
// slide's own size (drawn at scale 1) with its smallest type at 22 px.
import { fmtCompared, fmtNum, fmtUs, type RunstatsRow } from '../model/stats';
import { CLASSIC_AUTOTRACE_STATS } from './sqlplus.mjs';
import { diffLegend, flameFragment, type Fragment } from './flame';
import { diffFlame } from '../model/flamediff';
import type { ReportInputs } from './report';
import { esc, MONO, n, REPORT_COLORS, text, truncate } from './svg';

/** B against A as a share: "+12.5%", "−66.7%", "=" when equal, "" when A is zero. */
function change(a: number, b: number): string {
  if (a === b) return '=';
  if (!a) return '';
  const p = Math.round(((b - a) / Math.abs(a)) * 1000) / 10;
  return `${p > 0 ? '+' : '-'}${Math.abs(p).toFixed(1)}%`;
}

/** A row of right-aligned cells at `xs` (the name at 0), in `size` px. */
function cells(y: number, name: string, values: string[], xs: number[], size: number, attrs: string, nameRoom: number): string {
  return text(0, y, truncate(name, nameRoom, size), `font-size="${n(size)}" ${attrs}`) +
    values.map((v, i) => text(xs[i], y, v, `text-anchor="end" font-family="${esc(MONO)}" font-size="${n(size)}" ${attrs}`)).join('');
}

/**
 * Compare's one-page report as a slide `width` x `height` (the slide's box): A and B named, the
 * headline figures (consistent gets, and elapsed when the Compare view gave it) at 40 px with
 * B − A and the change, then autotrace's classic statistics of both sides at 24 px; a note
 * sends the room to the Statistics and Flame graph slides for the rest.
 */
export function compareReportSlideFragment(c: NonNullable<ReportInputs['compare']>, diff: ReportInputs['diff'], width: number, height: number): Fragment {
  const C = REPORT_COLORS, parts: string[] = [];
  const stat = (name: string): RunstatsRow | undefined => c.rows.find((r) => r.name === `STAT..${name}` || r.name === name);
  let y = 0;
  [['A', c.labelA], ['B', c.labelB]].forEach(([side, label]) => {
    y += 40;
    parts.push(`<rect x="0" y="${n(y - 27)}" width="34" height="34" rx="4" fill="${side === 'A' ? C.accent : C.grew}"/>`,
      text(17, y - 2, side, `text-anchor="middle" font-size="26" font-weight="700" fill="#ffffff"`),
      text(48, y, truncate(label, width - 48, 26, true), `font-family="${esc(MONO)}" font-size="26" fill="${C.text}"`));
  });
  // The headline figures: large, with B − A and the change.
  const big = 40, xs = [width * 0.5, width * 0.66, width * 0.85, width];
  y += 58;
  parts.push(cells(y, '', ['A', 'B', 'B − A', 'change'], xs, 24, `fill="${C.muted}"`, 0));
  const cg = stat('consistent gets');
  const head: [string, number, number, (v: number) => string][] = [['consistent gets', cg?.a ?? 0, cg?.b ?? 0, fmtNum]];
  if (c.elapsed) head.push(['elapsed (simulated)', c.elapsed[0], c.elapsed[1], fmtUs]);
  for (const [name, a, b, f] of head) {
    y += big * 1.5;
    const d = b - a;
    parts.push(cells(y, name, [f(a), f(b), `${d > 0 ? '+' : d < 0 ? '-' : ''}${f(Math.abs(d))}`, change(a, b)], xs, big, `font-weight="700" fill="${C.text}"`, xs[0] - textRoom(f(a), big)));
  }
  // Autotrace's classic statistics, A and B.
  y += 40;
  parts.push(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${C.border}" stroke-width="2"/>`);
  const classic = CLASSIC_AUTOTRACE_STATS.map((name) => [name, stat(name)] as const).filter(([, r]) => r);
  const row = 34, size = 24, sx = [width * 0.5, width * 0.66, width * 0.85];
  y += 38;
  parts.push(text(0, y, `Statistics (autotrace's, not zero on both sides: ${classic.length} of ${CLASSIC_AUTOTRACE_STATS.length})`, `font-size="${size}" font-weight="600" fill="${C.text}"`));
  const room = Math.max(row, height - y - 50);
  const shown = classic.slice(0, Math.max(1, Math.floor(room / row)));
  shown.forEach(([name, r], i) => {
    y += row;
    if (i % 2 === 1) parts.push(`<rect x="0" y="${n(y - row + 8)}" width="${n(width)}" height="${row}" fill="${C.panel}"/>`);
    parts.push(cells(y, name, fmtCompared(r!.a, r!.b, r!.diff), sx, size, `fill="${C.text}"`, sx[0] - 220));
  });
  y += 24;
  const flame = diffFlameBelow(diff, width, height - y - 44);
  if (flame) { parts.push(`<g transform="translate(0 ${n(y)})">${flame.body}</g>`); y += flame.height; }
  parts.push(text(0, height - 10, truncate(`${fmtNum(c.rows.length)} statistics and latches compared: those that changed most on the Statistics slide${flame ? '' : ', the differential flame graph on the Flame graph slide'}`, width, 22),
    `font-size="22" fill="${C.muted}"`));
  return { width, height: Math.max(y + 44, height), body: parts.join('\n') };
}

/** The differential flame graph in the `room` left under the statistics (its frames' type at 20 px), with its key; null when it does not fit. */
function diffFlameBelow(diff: ReportInputs['diff'], width: number, room: number): Fragment | null {
  if (!diff || !(diff.a.length || diff.b.length)) return null;
  const d = diffFlame(diff.a, diff.b);
  if (!d.graph.total) return null;
  const head = 34, key = 30, levels = Math.max(1, Math.round((flameFragment(d.graph, { width, diff: d }).height - 4) / 18));
  const row = Math.min(64, Math.floor((room - head - key - 4) / levels));
  if (row < 30) return null;
  const f = flameFragment(d.graph, { width, diff: d, row, font: 20 });
  const title = text(0, 24, 'Differential flame graph, B against A (red grew in B, blue shrank)', `font-size="24" font-weight="600" fill="${REPORT_COLORS.text}"`);
  return { width, height: head + f.height + key, body: `${title}<g transform="translate(0 ${head})">${f.body}</g>${diffLegend(head + f.height + 2, 2)}` };
}

/** The room a figure of `size` px takes at the left of its column. */
function textRoom(v: string, size: number): number { return v.length * size * 0.6 + 40; }
