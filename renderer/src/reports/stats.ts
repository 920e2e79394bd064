// Statistics table -> SVG (autotrace-style: value, name), with latches and waits.
import type { Step } from '../model/types';
import { statRows, statUnit, fmtCompared, fmtNum, fmtUs, type RunstatsRow } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, truncate } from './svg';
import type { Fragment } from './flame';

const ROW = 17;
/** Plan columns: the Name column starts NAME_X from the right; numbers get 75 px each. */
const NAME_X = 460;

/** One line of the statistics listing: a section heading, a value and its name, or the closing note. */
type StatItem = { kind: 'heading'; s: string } | { kind: 'row'; value: string; name: string; i: number } | { kind: 'note'; s: string };

const ITEM_HEIGHT = { heading: 22, row: ROW, note: 24 } as const;

/** The statistics, latches and waits of `step` as listing lines, in autotrace's order. */
function statItems(step: Step, title?: string): StatItem[] {
  const items: StatItem[] = [];
  if (title) items.push({ kind: 'heading', s: title });
  items.push({ kind: 'heading', s: 'Statistics' });
  const rows = statRows(step.stats);
  if (rows.length === 0) items.push({ kind: 'row', value: '', name: 'no non-zero statistics', i: -1 });
  rows.forEach((r, i) => { const u = statUnit(r.name, r.value); items.push({ kind: 'row', value: fmtNum(r.value), name: u ? `${r.name}  (${u})` : r.name, i }); });
  const latches = Object.entries(step.latches);
  if (latches.length) {
    items.push({ kind: 'heading', s: 'Latches (gets / misses / sleeps)' });
    latches.forEach(([name, f], i) => items.push({ kind: 'row', value: fmtNum(f.gets), name: `${name}  (${fmtNum(f.misses)} misses, ${fmtNum(f.sleeps)} sleeps)`, i }));
  }
  const waits = Object.entries(step.waits);
  if (waits.length) {
    items.push({ kind: 'heading', s: 'Wait events (waits, time)' });
    waits.forEach(([name, w], i) => items.push({ kind: 'row', value: fmtNum(w.count), name: `${name}  ${fmtUs(w.time_us)}`, i }));
  }
  items.push({ kind: 'note', s: `elapsed (simulated) ${fmtUs(step.elapsed_us)}` });
  return items;
}

/**
 * The statistics listing of `step` (autotrace-style: value, name; then latches and waits), in one column of
 * `width`, or flowed into `columns` columns of that width (a slide: the listing as wide as it is tall).
 */
export function statsFragment(step: Step, opts: { width?: number; title?: string; columns?: number } = {}): Fragment {
  const width = opts.width ?? 460;
  const items = statItems(step, opts.title);
  const columns = Math.max(1, opts.columns ?? 1);
  const total = items.reduce((h, it) => h + ITEM_HEIGHT[it.kind], 0);
  // A column ends at the first line that passes its share of the height (a heading never ends one).
  const limit = columns > 1 ? Math.ceil(total / columns) : Infinity;
  const gap = 30;
  const parts: string[] = [];
  let y = 0, x = 0, col = 0, tallest = 0;
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (col < columns - 1 && y > 0 && y + ITEM_HEIGHT[it.kind] > limit && items[k - 1].kind !== 'heading') {
      tallest = Math.max(tallest, y); col += 1; x = col * (width + gap); y = 0;
    }
    const g = (body: string) => parts.push(x ? `<g transform="translate(${n(x)} 0)">${body}</g>` : body);
    if (it.kind === 'heading') {
      y += 18;
      g(text(0, y, it.s, `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`));
      y += 4;
      g(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${REPORT_COLORS.border}"/>`);
    } else if (it.kind === 'row' && it.i < 0) {
      y += ROW; g(text(0, y - 3, it.name, `fill="${REPORT_COLORS.muted}"`));
    } else if (it.kind === 'row') {
      if (it.i % 2 === 1) g(`<rect x="0" y="${n(y + 2)}" width="${n(width)}" height="${ROW}" fill="${REPORT_COLORS.panel}"/>`);
      y += ROW;
      g(text(110, y - 3, it.value, `text-anchor="end" font-family="${esc(MONO)}" fill="${REPORT_COLORS.text}"`));
      g(text(122, y - 3, truncate(it.name, width - 126), `fill="${REPORT_COLORS.text}"`));
    } else {
      y += 6;
      g(text(0, y + 12, it.s, `fill="${REPORT_COLORS.muted}" font-size="11"`));
      y += 18;
    }
  }
  tallest = Math.max(tallest, y);
  return { width: col * (width + gap) + width, height: tallest, body: parts.join('\n') };
}

export function planFragment(step: Step, opts: { width?: number } = {}): Fragment {
  const width = opts.width ?? 700;
  const parts: string[] = [];
  let y = 18;
  parts.push(text(0, y, 'Execution plan', `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`));
  y += 4;
  parts.push(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${REPORT_COLORS.border}"/>`);
  const cols = [
    { h: 'Id', x: 24, a: 'end' }, { h: 'Operation', x: 34, a: 'start' }, { h: 'Name', x: width - NAME_X, a: 'start' },
    { h: 'Starts', x: width - 300, a: 'end' }, { h: 'E-Rows', x: width - 225, a: 'end' }, { h: 'A-Rows', x: width - 150, a: 'end' },
    { h: 'Buffers', x: width - 75, a: 'end' }, { h: 'Cost', x: width - 4, a: 'end' },
  ];
  y += ROW;
  for (const c of cols) parts.push(text(c.x, y - 3, c.h, `text-anchor="${c.a}" fill="${REPORT_COLORS.muted}" font-size="11"`));
  if (step.plan.length === 0) { y += ROW; parts.push(text(0, y - 3, 'no plan', `fill="${REPORT_COLORS.muted}"`)); }
  step.plan.forEach((p, i) => {
    if (i % 2 === 0) parts.push(`<rect x="0" y="${n(y + 2)}" width="${n(width)}" height="${ROW}" fill="${REPORT_COLORS.panel}"/>`);
    y += ROW;
    const vals = [String(p.id), ' '.repeat(p.depth * 2) + p.operation, p.name ?? '', fmtNum(p.starts), fmtNum(p.e_rows), fmtNum(p.a_rows), fmtNum(p.buffers), fmtNum(p.cost)];
    cols.forEach((c, j) => {
      const v = j === 1 ? truncate(vals[j], width - NAME_X - 44, 12, true) : j === 2 ? truncate(vals[j], NAME_X - 300 - 64, 12, true) : vals[j];
      parts.push(`<text x="${n(c.x)}" y="${n(y - 4)}" text-anchor="${c.a}" font-family="${esc(MONO)}" fill="${REPORT_COLORS.text}"${j === 1 ? ' xml:space="preserve"' : ''}>${esc(v)}</text>`);
    });
  });
  return { width, height: y + 6, body: parts.join('\n') };
}

/** A LAB RUN workload's runs: elapsed, per execution, DB time, gets; the trimmed mean below. */
export function runsFragment(step: Step, opts: { width?: number } = {}): Fragment {
  const width = opts.width ?? 700;
  const runs = step.runs ?? [];
  const parts: string[] = [];
  let y = 18;
  const trimmed = runs.length >= 3;
  parts.push(text(0, y, `Workload runs${trimmed ? ' (mean without the fastest and slowest run)' : ''}`, `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`));
  y += 4;
  parts.push(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${REPORT_COLORS.border}"/>`);
  const cols = ['Run', 'Executions', 'Elapsed', 'per execution', 'DB time', 'consistent gets', 'memopt r lookups', 'SQL*Net roundtrips'];
  const xs = cols.map((_, i) => 30 + (i * (width - 34)) / (cols.length - 1));
  y += ROW;
  cols.forEach((h, i) => parts.push(text(xs[i], y - 3, h, `text-anchor="end" fill="${REPORT_COLORS.muted}" font-size="11"`)));
  const anchor = (j: number, v: string) => (j === 0 && !/^\d+$/.test(v) ? `x="0" text-anchor="start"` : `x="${n(xs[j])}" text-anchor="end"`);
  const execs = (st: Record<string, number>) => st['execute count'] ?? 0;
  const per = (us: number, k: number) => (k > 0 ? fmtUs(us / k) : '');
  const line = (vals: string[], i: number, strong = false) => {
    if (i % 2 === 0) parts.push(`<rect x="0" y="${n(y + 2)}" width="${n(width)}" height="${ROW}" fill="${REPORT_COLORS.panel}"/>`);
    y += ROW;
    vals.forEach((v, j) => parts.push(`<text ${anchor(j, v)} y="${n(y - 4)}" font-family="${esc(MONO)}" fill="${REPORT_COLORS.text}"${strong ? ' font-weight="700"' : ''}>${esc(v)}</text>`));
  };
  runs.forEach((r, i) => line([String(r.run), fmtNum(execs(r.stats)), fmtUs(r.elapsed_us), per(r.elapsed_us, execs(r.stats)),
    r.stats['DB time'] !== undefined ? fmtUs(r.stats['DB time'] * 1e4) : '', fmtNum(r.stats['consistent gets'] ?? 0),
    fmtNum(r.stats['memopt r lookups'] ?? 0), fmtNum(r.stats['SQL*Net roundtrips to/from client'] ?? 0)], i));
  if (step.trimmed_mean_us !== undefined && runs.length) {
    const k = execs(runs[runs.length - 1].stats);
    line([trimmed ? 'trimmed mean' : 'mean', '', fmtUs(step.trimmed_mean_us), per(step.trimmed_mean_us, k), '', '', '', ''], runs.length, true);
  }
  return { width, height: y + 6, body: parts.join('\n') };
}

export function statsSvg(step: Step, title: string): string {
  const f = statsFragment(step, { width: 520, title });
  const pad = 14;
  return svgDocument(f.width + 2 * pad, f.height + 2 * pad, title, `<g transform="translate(${pad} ${pad})">\n${f.body}\n</g>\n`, 'LIO Lab statistics (non-zero session statistic deltas, V$STATNAME names)');
}

/** Two executions' statistics side by side (runstats order): A, B and the difference. */
export function compareSvg(rows: RunstatsRow[], labelA: string, labelB: string): string {
  const f = compareFragment(rows, labelA, labelB);
  const pad = 14;
  return svgDocument(f.width + 2 * pad, f.height + 2 * pad, COMPARE_TITLE, `<g transform="translate(${pad} ${pad})">\n${f.body}\n</g>\n`, 'LIO Lab statistics comparison: both sides and B - A');
}

const COMPARE_TITLE = 'LIO Lab · statistics compared (runstats order)';

/** The comparison table: Statistics Name, A, B, Difference (B - A), same decimals across a row. */
export function compareFragment(rows: RunstatsRow[], labelA: string, labelB: string, width = 760): Fragment {
  const parts: string[] = [];
  let y = 18;
  const title = COMPARE_TITLE;
  parts.push(text(0, y, title, `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`));
  y += 16;
  parts.push(text(0, y, `A: ${truncate(labelA, width - 20)}`, `fill="${REPORT_COLORS.muted}" font-size="11"`));
  y += 14;
  parts.push(text(0, y, `B: ${truncate(labelB, width - 20)}`, `fill="${REPORT_COLORS.muted}" font-size="11"`));
  y += 6;
  parts.push(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${REPORT_COLORS.border}"/>`);
  const xs = [width - 250, width - 130, width - 4];
  y += ROW;
  parts.push(text(0, y - 3, 'Statistics Name', `fill="${REPORT_COLORS.muted}" font-size="11"`));
  ['A', 'B', 'Difference'].forEach((h, i) => parts.push(text(xs[i], y - 3, h, `text-anchor="end" fill="${REPORT_COLORS.muted}" font-size="11"`)));
  if (rows.length === 0) { y += ROW; parts.push(text(0, y - 3, 'no statistic differs from zero', `fill="${REPORT_COLORS.muted}"`)); }
  rows.forEach((r, i) => {
    if (i % 2 === 1) parts.push(`<rect x="0" y="${n(y + 2)}" width="${n(width)}" height="${ROW}" fill="${REPORT_COLORS.panel}"/>`);
    y += ROW;
    parts.push(text(0, y - 3, truncate(r.name, width - 380), `fill="${REPORT_COLORS.text}"`));
    const diffColor = r.diff > 0 ? REPORT_COLORS.text : r.diff < 0 ? REPORT_COLORS.text : REPORT_COLORS.muted;
    fmtCompared(r.a, r.b, r.diff).forEach((v, j) =>
      parts.push(text(xs[j], y - 3, v, `text-anchor="end" font-family="${esc(MONO)}" fill="${j === 2 ? diffColor : REPORT_COLORS.text}"`)));
  });
  y += 8;
  return { width, height: y, body: parts.join('\n') };
}
