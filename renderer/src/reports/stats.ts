// Statistics table -> SVG (autotrace-style: value, name), with latches and waits.
import type { Step } from '../model/types';
import { statRows, fmtNum, fmtUs } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, truncate } from './svg';
import type { Fragment } from './flame';

const ROW = 17;

export function statsFragment(step: Step, opts: { width?: number; title?: string } = {}): Fragment {
  const width = opts.width ?? 460;
  const parts: string[] = [];
  let y = 0;
  const heading = (s: string) => {
    y += 18;
    parts.push(text(0, y, s, `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`));
    y += 4;
    parts.push(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${REPORT_COLORS.border}"/>`);
  };
  const row = (value: string, name: string, i: number) => {
    if (i % 2 === 1) parts.push(`<rect x="0" y="${n(y + 2)}" width="${n(width)}" height="${ROW}" fill="${REPORT_COLORS.panel}"/>`);
    y += ROW;
    parts.push(text(110, y - 3, value, `text-anchor="end" font-family="${esc(MONO)}" fill="${REPORT_COLORS.text}"`));
    parts.push(text(122, y - 3, truncate(name, width - 126), `fill="${REPORT_COLORS.text}"`));
  };
  if (opts.title) heading(opts.title);
  heading('Statistics');
  const rows = statRows(step.stats);
  if (rows.length === 0) { y += ROW; parts.push(text(0, y - 3, 'no non-zero statistics', `fill="${REPORT_COLORS.muted}"`)); }
  rows.forEach((r, i) => row(fmtNum(r.value), r.name, i));
  const latches = Object.entries(step.latches);
  if (latches.length) {
    heading('Latches (gets / misses / sleeps)');
    latches.forEach(([name, f], i) => row(fmtNum(f.gets), `${name}  (${fmtNum(f.misses)} misses, ${fmtNum(f.sleeps)} sleeps)`, i));
  }
  const waits = Object.entries(step.waits);
  if (waits.length) {
    heading('Wait events (waits, time)');
    waits.forEach(([name, w], i) => row(fmtNum(w.count), `${name}  ${fmtUs(w.time_us)}`, i));
  }
  y += 6;
  parts.push(text(0, y + 12, `elapsed (simulated) ${fmtUs(step.elapsed_us)}`, `fill="${REPORT_COLORS.muted}" font-size="11"`));
  y += 18;
  return { width, height: y, body: parts.join('\n') };
}

export function planFragment(step: Step, opts: { width?: number } = {}): Fragment {
  const width = opts.width ?? 700;
  const parts: string[] = [];
  let y = 18;
  parts.push(text(0, y, 'Execution plan', `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`));
  y += 4;
  parts.push(`<line x1="0" y1="${n(y)}" x2="${n(width)}" y2="${n(y)}" stroke="${REPORT_COLORS.border}"/>`);
  const cols = [
    { h: 'Id', x: 24, a: 'end' }, { h: 'Operation', x: 34, a: 'start' }, { h: 'Name', x: width - 330, a: 'start' },
    { h: 'Starts', x: width - 230, a: 'end' }, { h: 'E-Rows', x: width - 180, a: 'end' }, { h: 'A-Rows', x: width - 125, a: 'end' },
    { h: 'Buffers', x: width - 60, a: 'end' }, { h: 'Cost', x: width - 4, a: 'end' },
  ];
  y += ROW;
  for (const c of cols) parts.push(text(c.x, y - 3, c.h, `text-anchor="${c.a}" fill="${REPORT_COLORS.muted}" font-size="11"`));
  if (step.plan.length === 0) { y += ROW; parts.push(text(0, y - 3, 'no plan', `fill="${REPORT_COLORS.muted}"`)); }
  step.plan.forEach((p, i) => {
    if (i % 2 === 0) parts.push(`<rect x="0" y="${n(y + 2)}" width="${n(width)}" height="${ROW}" fill="${REPORT_COLORS.panel}"/>`);
    y += ROW;
    const vals = [String(p.id), ' '.repeat(p.depth * 2) + p.operation, p.name ?? '', fmtNum(p.starts), fmtNum(p.e_rows), fmtNum(p.a_rows), fmtNum(p.buffers), fmtNum(p.cost)];
    cols.forEach((c, j) => {
      const v = j === 1 ? truncate(vals[j], width - 330 - 40, 12, true) : vals[j];
      parts.push(`<text x="${n(c.x)}" y="${n(y - 4)}" text-anchor="${c.a}" font-family="${esc(MONO)}" fill="${REPORT_COLORS.text}"${j === 1 ? ' xml:space="preserve"' : ''}>${esc(v)}</text>`);
    });
  });
  return { width, height: y + 6, body: parts.join('\n') };
}

export function statsSvg(step: Step, title: string): string {
  const f = statsFragment(step, { width: 520, title });
  const pad = 14;
  return svgDocument(f.width + 2 * pad, f.height + 2 * pad, title, `<g transform="translate(${pad} ${pad})">\n${f.body}\n</g>\n`, 'LIO Lab statistics (non-zero session statistic deltas, V$STATNAME names)');
}
