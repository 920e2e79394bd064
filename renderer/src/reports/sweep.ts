// A LAB SWEEP curve -> SVG (the UI draws and exports this, `lio report`
// writes it). D3 scales and ticks, a line with a marker a point, values
// labelled; log x when the sweep went by FACTOR.
import { scaleLinear, scaleLog } from 'd3-scale';
import type { SweepResult } from '../model/types';
import { curve, sweepMetric } from '../model/sweep';
import { fmtNum } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text } from './svg';
import type { Fragment } from './flame';

export function sweepFragment(s: SweepResult, metricId: string, opts: { width?: number; height?: number } = {}): Fragment {
  const width = opts.width ?? 760, height = opts.height ?? 380;
  const m = sweepMetric(metricId);
  const pts = curve(s, m);
  const C = REPORT_COLORS;
  const left = 78, right = 24, top = 34, bottom = 48;
  const parts: string[] = [];
  parts.push(text(0, 16, `${m.label} vs ${s.parameter}`, `font-size="13" font-weight="600" fill="${C.text}"`));
  if (pts.length === 0) {
    parts.push(text(0, 44, 'no point measured', `fill="${C.muted}"`));
    return { width, height: 60, body: parts.join('\n') };
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
    parts.push(text(left - 6, y(t) + 4, fmtNum(t), `text-anchor="end" font-family="${esc(MONO)}" font-size="11" fill="${C.muted}"`));
  }
  const xt = log ? xs : x.ticks(Math.min(8, pts.length + 2));
  for (const t of xt) {
    parts.push(`<line x1="${n(x(t))}" y1="${n(height - bottom)}" x2="${n(x(t))}" y2="${n(height - bottom + 4)}" stroke="${C.border}"/>`);
    parts.push(text(x(t), height - bottom + 17, fmtNum(t), `text-anchor="middle" font-family="${esc(MONO)}" font-size="11" fill="${C.muted}"`));
  }
  parts.push(text((left + width - right) / 2, height - 8, `${s.parameter}${log ? ' (log scale)' : ''}`, `text-anchor="middle" font-size="12" fill="${C.text}"`));
  // The curve, a marker and its value at each point.
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${n(x(p.x))} ${n(y(p.y))}`).join(' ');
  parts.push(`<path d="${d}" fill="none" stroke="${C.heatHi}" stroke-width="2"/>`);
  for (const p of pts) {
    parts.push(`<g class="point" data-x="${p.x}" data-y="${p.y}"><title>${esc(`${s.parameter} ${fmtNum(p.x)}: ${fmtNum(Math.round(p.y * 1000) / 1000)}`)}</title>` +
      `<circle cx="${n(x(p.x))}" cy="${n(y(p.y))}" r="4" fill="${C.heatHi}"/></g>`);
    parts.push(text(x(p.x), y(p.y) - 9, fmtNum(Math.round(p.y * 100) / 100), `text-anchor="middle" font-size="10.5" fill="${C.text}"`));
  }
  return { width, height, body: parts.join('\n') };
}

export function sweepSvg(s: SweepResult, metricId: string, title: string): string {
  const f = sweepFragment(s, metricId);
  const pad = 14;
  return svgDocument(f.width + 2 * pad, f.height + 2 * pad, title, `<g transform="translate(${pad} ${pad})">\n${f.body}\n</g>\n`,
    `LIO Lab what-if sweep of ${s.parameter}: each point a fresh instance replaying the scenario (simulated)`);
}
