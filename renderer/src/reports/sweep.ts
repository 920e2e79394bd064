// A LAB SWEEP curve -> SVG (the UI draws and exports this, `lio report`
// writes it). D3 scales and ticks, a line with a marker a point, values
// labelled; log x when the sweep went by FACTOR.
import { scaleLinear, scaleLog } from 'd3-scale';
import type { SweepResult } from '../model/types';
import { curve, movingStats, pointLabel, sweepMetric } from '../model/sweep';
import { fmtNum } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, type ReportColors } from './svg';
import type { Fragment } from './flame';

/**
 * How a sweep is drawn: its size, and on a projector (presenter mode) its
 * colours, background and type `scale` times the page's (10.5-13 px labels
 * at 19-23 px).
 */
export interface SweepOpts { width?: number; height?: number; colors?: Partial<ReportColors>; background?: string; scale?: number }

/** The sweep's dark palette on a projector (light type on black, the curve in the projector's heat red). */
export const SWEEP_PROJECTOR: SweepOpts = {
  colors: { text: '#ffffff', muted: '#c8c8c8', border: '#6a6a6a', panel: '#2c2c2c', heatHi: '#ff5a3c' }, background: '#0b0b0b', scale: 1.8,
};

export function sweepFragment(s: SweepResult, metricId: string, opts: SweepOpts = {}): Fragment {
  const k = opts.scale ?? 1;
  const width = opts.width ?? 760, height = opts.height ?? 380;
  const m = sweepMetric(metricId);
  const pts = curve(s, m);
  const C = { ...REPORT_COLORS, ...opts.colors };
  const left = 78 * k, right = 24, top = 34 * k, bottom = 48 * k;
  const fs = (px: number) => n(px * k);
  const parts: string[] = [];
  parts.push(text(0, 16 * k, `${m.label} vs ${s.parameter}`, `font-size="${fs(13)}" font-weight="600" fill="${C.text}"`));
  if (pts.length === 0) {
    parts.push(text(0, 44 * k, 'no point measured', `${k === 1 ? '' : `font-size="${fs(12)}" `}fill="${C.muted}"`));
    return { width, height: 60 * k, body: parts.join('\n') };
  }
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  const log = s.scale === 'log' && Math.min(...xs) > 0;
  const xDomain = [Math.min(...xs), Math.max(...xs)];
  if (xDomain[0] === xDomain[1]) { xDomain[0] = log ? xDomain[0] / 2 : xDomain[0] - 1; xDomain[1] = log ? xDomain[1] * 2 : xDomain[1] + 1; }
  const x = (log ? scaleLog() : scaleLinear()).domain(xDomain).range([left, width - right]);
  const y = scaleLinear().domain([0, Math.max(...ys) || 1]).nice().range([height - bottom, top]);
  // Axes and grid.
  parts.push(`<line x1="${left}" y1="${n(height - bottom)}" x2="${n(width - right)}" y2="${n(height - bottom)}" stroke="${C.border}"/>`);
  parts.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${n(height - bottom)}" stroke="${C.border}"/>`);
  for (const t of y.ticks(5)) {
    parts.push(`<line x1="${left}" y1="${n(y(t))}" x2="${n(width - right)}" y2="${n(y(t))}" stroke="${C.panel}"/>`);
    parts.push(text(left - 6, y(t) + 4 * k, fmtNum(t), `text-anchor="end" font-family="${esc(MONO)}" font-size="${fs(11)}" fill="${C.muted}"`));
  }
  // A release sweep's axis names its releases; a range's, its values.
  const releases = s.scale === 'releases';
  const xt = log || releases ? xs : x.ticks(Math.min(8, pts.length + 2));
  const tick = (t: number) => { const p = releases ? s.points.find((q) => q.value === t) : undefined; return p ? pointLabel(p) : fmtNum(t); };
  for (const t of xt) {
    parts.push(`<line x1="${n(x(t))}" y1="${n(height - bottom)}" x2="${n(x(t))}" y2="${n(height - bottom + 4)}" stroke="${C.border}"/>`);
    parts.push(text(x(t), height - bottom + 17 * k, tick(t), `text-anchor="middle" font-family="${esc(MONO)}" font-size="${fs(11)}" fill="${C.muted}"`));
  }
  parts.push(text((left + width - right) / 2, height - 8, `${s.parameter}${log ? ' (log scale)' : ''}`, `text-anchor="middle" font-size="${fs(12)}" fill="${C.text}"`));
  // The curve, a marker and its value at each point.
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${n(x(p.x))} ${n(y(p.y))}`).join(' ');
  parts.push(`<path d="${d}" fill="none" stroke="${C.heatHi}" stroke-width="2"/>`);
  for (const p of pts) {
    parts.push(`<g class="point" data-x="${p.x}" data-y="${p.y}"><title>${esc(`${s.parameter} ${releases ? tick(p.x) : fmtNum(p.x)}: ${fmtNum(Math.round(p.y * 1000) / 1000)}`)}</title>` +
      `<circle cx="${n(x(p.x))}" cy="${n(y(p.y))}" r="4" fill="${C.heatHi}"/></g>`);
    parts.push(text(x(p.x), y(p.y) - 9 * k, fmtNum(Math.round(p.y * 100) / 100), `text-anchor="middle" font-size="${fs(10.5)}" fill="${C.text}"`));
  }
  return { width, height, body: parts.join('\n') };
}

export function sweepSvg(s: SweepResult, metricId: string, title: string, opts: SweepOpts = {}): string {
  if (s.scale === 'releases') return evolutionSvg(s, metricId, title, opts);
  const f = sweepFragment(s, metricId, opts);
  const pad = 14;
  return svgDocument(f.width + 2 * pad, f.height + 2 * pad, title, `<g transform="translate(${pad} ${pad})">\n${f.body}\n</g>\n`,
    `LIO Lab what-if sweep of ${s.parameter}: each point a fresh instance replaying the scenario (simulated)`, opts.background);
}

/**
 * A release sweep as small multiples: a panel a statistic that moves, a bar
 * a release (in the order the sweep wrote them) with its value; a release
 * that does not count the statistic has no bar and a dash.
 */
export function evolutionFragment(s: SweepResult, opts: SweepOpts = {}): Fragment {
  const width = opts.width ?? 760;
  const k = opts.scale ?? 1;
  const fs = (px: number) => n(px * k);
  const C = { ...REPORT_COLORS, ...opts.colors };
  const names = movingStats(s);
  const parts: string[] = [text(0, 16 * k, `How the counters move from release to release (${names.length} of the workload's statistics)`, `font-size="${fs(13)}" font-weight="600" fill="${C.text}"`)];
  if (!names.length) {
    parts.push(text(0, 40 * k, 'every statistic is the same in every release', `${k === 1 ? '' : `font-size="${fs(12)}" `}fill="${C.muted}"`));
    return { width, height: 52 * k, body: parts.join('\n') };
  }
  const cols = Math.max(1, Math.floor(width / (250 * k))), pw = width / cols, ph = 150 * k, top = 30 * k;
  names.forEach((name, j) => {
    const ox = (j % cols) * pw, oy = top + Math.floor(j / cols) * (ph + 12 * k);
    const values = s.points.map((p) => (p.error ? null : p.stats[name] ?? null));
    const max = Math.max(1, ...values.map((v) => v ?? 0));
    const bw = (pw - 24) / s.points.length;
    parts.push(`<g class="panel" data-stat="${esc(name)}" transform="translate(${n(ox)} ${n(oy)})">`);
    parts.push(text(0, 12 * k, name, `font-size="${fs(12)}" font-weight="600" fill="${C.text}"`));
    parts.push(`<line x1="0" y1="${n(ph - 22 * k)}" x2="${n(pw - 24)}" y2="${n(ph - 22 * k)}" stroke="${C.border}"/>`);
    s.points.forEach((p, i) => {
      const v = values[i];
      const h = v === null ? 0 : ((ph - 56 * k) * v) / max;
      const x = i * bw;
      if (h > 0) parts.push(`<rect x="${n(x + 3)}" y="${n(ph - 22 * k - h)}" width="${n(Math.max(1, bw - 6))}" height="${n(h)}" fill="${C.heatHi}"><title>${esc(`${pointLabel(p)}: ${v === null ? 'not counted' : fmtNum(v)}`)}</title></rect>`);
      parts.push(text(x + bw / 2, ph - 26 * k - h, v === null ? '–' : fmtNum(v), `text-anchor="middle" font-size="${fs(10.5)}" fill="${C.text}"`));
      parts.push(text(x + bw / 2, ph - 8 * k, pointLabel(p), `text-anchor="middle" font-family="${esc(MONO)}" font-size="${fs(10.5)}" fill="${C.muted}"`));
    });
    parts.push('</g>');
  });
  const rows = Math.ceil(names.length / cols);
  return { width, height: top + rows * (ph + 12 * k), body: parts.join('\n') };
}

/** The UI's and the export's picture of a release sweep: the curve picked, then the small multiples. */
export function evolutionSvg(s: SweepResult, metricId: string, title: string, opts: SweepOpts = {}): string {
  const curveF = sweepFragment(s, metricId, opts);
  const multi = evolutionFragment(s, { ...opts, width: curveF.width });
  const pad = 14;
  return svgDocument(curveF.width + 2 * pad, curveF.height + multi.height + 3 * pad, title,
    `<g transform="translate(${pad} ${pad})">\n${curveF.body}\n</g>\n<g transform="translate(${pad} ${curveF.height + 2 * pad})">\n${multi.body}\n</g>\n`,
    `LIO Lab release sweep of ${s.parameter}: each release a fresh instance replaying the scenario (simulated)`, opts.background);
}

/** How much a statistic moves across the releases: 1 where a release does not count it, else its range over its largest value. */
function movement(s: SweepResult, name: string): number {
  const values = s.points.filter((p) => !p.error).map((p) => p.stats[name]);
  if (values.some((v) => v === undefined)) return 1;
  const v = values as number[], hi = Math.max(...v.map(Math.abs));
  return hi ? (Math.max(...v) - Math.min(...v)) / hi : 0;
}

/**
 * A release sweep's statistics as panels of horizontal bars (a panel a statistic, a bar a release:
 * its label left, its value at the bar's end; '–' where the release does not count it), `cols`
 * panels a row of `panelHeight`: on a slide the releases' labels (11.2.0.1) need no bar's width.
 */
export function releaseBarsFragment(s: SweepResult, names: string[], width: number, cols: number, panelHeight: number, k: number): Fragment {
  const C = REPORT_COLORS, gap = 28, fs = 10.5 * k;
  const pw = (width - gap * (cols - 1)) / cols, head = 12 * k * 1.7;
  const labelW = Math.max(...s.points.map((p) => pointLabel(p).length)) * 0.6 * fs + 10;
  const rowH = (panelHeight - head) / Math.max(1, s.points.length);
  const parts: string[] = [];
  names.forEach((name, j) => {
    const values = s.points.map((p) => (p.error ? null : p.stats[name] ?? null));
    const max = Math.max(1, ...values.map((v) => v ?? 0));
    const valueW = Math.max(...values.map((v) => (v === null ? 1 : fmtNum(v).length))) * 0.55 * fs + 12;
    const barW = pw - labelW - valueW;
    const ox = (j % cols) * (pw + gap), oy = Math.floor(j / cols) * (panelHeight + 12 * k);
    parts.push(`<g class="panel" data-stat="${esc(name)}" transform="translate(${n(ox)} ${n(oy)})">`, text(0, 12 * k, name, `font-size="${n(12 * k)}" font-weight="600" fill="${C.text}"`));
    s.points.forEach((p, i) => {
      const v = values[i], y = head + i * rowH, w = v === null ? 0 : (barW * v) / max;
      parts.push(text(labelW - 10, y + rowH / 2 + 0.36 * fs, pointLabel(p), `text-anchor="end" font-family="${esc(MONO)}" font-size="${n(fs)}" fill="${C.muted}"`));
      if (w > 0) parts.push(`<rect x="${n(labelW)}" y="${n(y + rowH * 0.12)}" width="${n(Math.max(1, w))}" height="${n(rowH * 0.76)}" fill="${C.heatHi}"><title>${esc(`${pointLabel(p)}: ${fmtNum(v!)}`)}</title></rect>`);
      parts.push(text(labelW + w + 6, y + rowH / 2 + 0.36 * fs, v === null ? '–' : fmtNum(v), `font-size="${n(fs)}" fill="${C.text}"`));
    });
    parts.push('</g>');
  });
  const rows = Math.ceil(names.length / cols);
  return { width, height: rows * (panelHeight + 12 * k) - 12 * k, body: parts.join('\n') };
}

/**
 * A sweep laid out for a 16:9 slide at the slide's own size (`width` x `height`, drawn at scale
 * 1), its type `k` times the page's so its 10.5 px labels print at 18 px and over. A sweep of
 * values is its curve across the slide; a release sweep puts the curve on the left and the
 * statistics that move beside it, a panel of horizontal bars each, as many as the slide holds
 * (those that move most when not all fit: a note says how many more the page export has). On
 * the page picture scaled into the slide, a release sweep filled 45% of the slide's width with
 * its labels at 12 px.
 */
export function sweepSlideFragment(s: SweepResult, metricId: string, width: number, height: number, k: number): Fragment {
  const all = s.scale === 'releases' ? movingStats(s) : [];
  if (!all.length) return sweepFragment(s, metricId, { width, height, scale: k });
  const gap = 28, fs = 10.5 * k, top = 30 * k, noteH = 24 * k;
  const label = Math.max(...s.points.map((p) => pointLabel(p).length)) * 0.6 * fs;
  // The curve as wide as its releases' labels need under its axis (78k left of it), and no less than a third of the slide.
  const curveW = Math.max(Math.round(width / 3), Math.round(78 * k + 24 + s.points.length * (label + 10)));
  const right = width - curveW - gap;
  const panelMin = label + 130 + 8 * fs, phMin = 12 * k * 1.7 + s.points.length * fs * 1.35;
  const cols = Math.max(1, Math.min(all.length, Math.floor((right + gap) / (panelMin + gap))));
  const rowsFit = Math.max(1, Math.floor((height - top - noteH + 12 * k) / (phMin + 12 * k)));
  const names = all.length <= cols * rowsFit ? all
    : [...all].sort((a, b) => movement(s, b) - movement(s, a) || (a < b ? -1 : 1)).slice(0, cols * rowsFit).sort();
  const note = names.length < all.length ? `The ${names.length} statistics that move most (of ${all.length}; every one in the page export).` : '';
  const rows = Math.ceil(names.length / cols);
  const panelHeight = Math.min(phMin * 1.6, (height - top - noteH + 12 * k) / rows - 12 * k);
  const curveF = sweepFragment(s, metricId, { width: curveW, height, scale: k });
  const heading = text(0, 16 * k, `How the counters move from release to release (${names.length === all.length ? `the ${all.length}` : `${names.length} of ${all.length}`} that move)`,
    `font-size="${n(13 * k)}" font-weight="600" fill="${REPORT_COLORS.text}"`);
  const bars = releaseBarsFragment(s, names, right, cols, panelHeight, k);
  const parts = [curveF.body, `<g transform="translate(${n(curveW + gap)} 0)">${heading}<g transform="translate(0 ${n(top)})">${bars.body}</g></g>`];
  if (note) parts.push(text(curveW + gap, top + bars.height + 18 * k, note, `font-size="${n(11 * k)}" fill="${REPORT_COLORS.muted}"`));
  return { width, height: Math.max(curveF.height, top + bars.height + (note ? noteH : 0)), body: parts.join('\n') };
}
