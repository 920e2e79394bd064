// Wait-time histograms -> SVG: one panel per wait event, x the power-of-two
// microsecond buckets of V$EVENT_HISTOGRAM_MICRO, y the number of waits on
// a log scale (counts span decades), with up to two runs side by side in
// each bucket (A and B of the Compare tab). The UI draws and exports this.
import { scaleBand, scaleLog } from 'd3-scale';
import type { WaitHistogram } from '../model/types';
import { fmtNum } from '../model/stats';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, type ReportColors } from './svg';
import type { Fragment } from './flame';

export interface HistSeries { label: string; histograms: WaitHistogram[] }

/** A bucket's upper bound in words: 512us, 1ms, 2s; '≥1s'-style for the open bucket. */
export function bucketLabel(lt: number | null, prevLt: number | null): string {
  const f = (us: number) => (us < 1024 ? `${us}us` : us < 1 << 20 ? `${us / 1024}ms` : `${us / (1 << 20)}s`);
  if (lt === null) return `≥${f(prevLt ?? 1)}`;
  return `<${f(lt)}`;
}

/** The histogram's colours on a projector (presenter mode's dark palette: light type, A blue, B amber). */
export const PROJECTOR_COLORS: Partial<ReportColors> = { text: '#ffffff', muted: '#c8c8c8', border: '#6a6a6a', grid: '#2c2c2c', accent: '#5aa0ff', grew: '#ffb000' };
export const PROJECTOR_BACKGROUND = '#0b0b0b';
/** The histogram's type on a projector: 1.9 times the page's (10 px labels at 19 in the picture, 18 px and over on a 1920x1080 slide). */
export const PROJECTOR_SCALE = 1.9;

/** `scale`: the type (and the margins around it) this many times the page's: a projector's 10-13 px labels at 15 px and over. */
type HistOpts = { width?: number; panelHeight?: number; colors?: Partial<ReportColors>; background?: string; scale?: number; legend?: boolean };

/** The events of the series, in first-seen order. */
export function histogramEvents(series: HistSeries[]): string[] {
  const out: string[] = [];
  for (const s of series) for (const h of s.histograms) if (!out.includes(h.event)) out.push(h.event);
  return out;
}

export function waitHistogramFragment(series: HistSeries[], opts: HistOpts = {}): Fragment {
  const k = opts.scale ?? 1;
  const fs = (px: number) => n(px * k);
  const width = opts.width ?? 760, ph = opts.panelHeight ?? 200 * k;
  const C = { ...REPORT_COLORS, ...opts.colors };
  const SERIES_COLORS = [C.accent, C.grew];
  const events = histogramEvents(series);
  const parts: string[] = [];
  if (events.length === 0) {
    parts.push(text(0, 16, 'No waits.', `fill="${C.muted}"`));
    return { width, height: 28, body: parts.join('\n') };
  }
  const left = 64 * k, right = 16, top = 26 * k, bottom = 40 * k;
  let y0 = 0;
  // Legend when two runs are overlaid: one line each.
  // `legend: false`: the caller draws the series' key once (a slide's panels in columns).
  if (series.length > 1 && opts.legend !== false) {
    series.forEach((s, i) => {
      const label = s.label.length > 110 ? `${s.label.slice(0, 109)}…` : s.label;
      parts.push(`<rect x="0" y="${n(y0 + 2 * k)}" width="${fs(12)}" height="${fs(12)}" fill="${SERIES_COLORS[i % 2]}"/>`);
      parts.push(text(17 * k, y0 + 12 * k, label, `font-size="${fs(12)}" fill="${C.text}"`));
      y0 += 18 * k;
    });
    y0 += 6 * k;
  }
  for (const ev of events) {
    const hs = series.map((s) => s.histograms.find((h) => h.event === ev));
    // Buckets from the smallest to the largest bound seen on any side.
    const bounds = Array.from(new Set(hs.flatMap((h) => h?.buckets.map((b) => b.lt_us ?? Infinity) ?? []))).sort((a, b) => a - b);
    const finite = bounds.filter(Number.isFinite);
    const all: (number | null)[] = [];
    if (finite.length > 0) {
      // The buckets in range and two either side (at least 12 buckets, so
      // one busy bucket reads as a bar among its neighbours); at most the
      // engine's 32.
      let lo = Math.max(1, Math.min(...finite) / 4), hi = Math.max(...finite) * 4;
      while (Math.log2(hi / lo) + 1 < 12) { if (lo > 1) lo /= 2; hi *= 2; }
      for (let b = lo; b <= hi && all.length < 32; b *= 2) all.push(b);
    }
    if (bounds.includes(Infinity)) all.push(null);
    const x = scaleBand<string>().domain(all.map(String)).range([left, width - right]).paddingInner(0.15);
    const counts = hs.map((h) => new Map((h?.buckets ?? []).map((b) => [String(b.lt_us), b.count])));
    const maxCount = Math.max(1, ...counts.flatMap((m) => Array.from(m.values())));
    const y = scaleLog().domain([0.8, maxCount * 1.4]).range([y0 + ph - bottom, y0 + top]).clamp(true);
    const total = hs.map((h) => (h?.buckets ?? []).reduce((a, b) => a + b.count, 0));
    const cls = hs.find(Boolean)?.wait_class ?? '';
    parts.push(text(0, y0 + 14 * k, `${ev}`, `font-size="${fs(13)}" font-weight="600" fill="${C.text}"`));
    parts.push(text(width, y0 + 14 * k, `${cls} · ${total.map((t) => `${fmtNum(t)} waits`).join(' vs ')}`, `text-anchor="end" font-size="${fs(11.5)}" fill="${C.muted}"`));
    // Axes, decade grid lines.
    const base = y0 + ph - bottom;
    parts.push(`<line x1="${left}" y1="${n(base)}" x2="${n(width - right)}" y2="${n(base)}" stroke="${C.border}"/>`);
    for (let d = 1; d <= maxCount * 1.4; d *= 10) {
      parts.push(`<line x1="${left}" y1="${n(y(d))}" x2="${n(width - right)}" y2="${n(y(d))}" stroke="${C.grid}"/>`);
      parts.push(text(left - 6, y(d) + 4 * k, fmtNum(d), `text-anchor="end" font-family="${esc(MONO)}" font-size="${fs(10.5)}" fill="${C.muted}"`));
    }
    const bw = x.bandwidth() / Math.max(1, series.length);
    // A label per bucket where they fit (about 40 px each), else every other one or fewer.
    const step = Math.max(1, Math.ceil((40 * k) / Math.max(1, x.step())));
    all.forEach((b, i) => {
      const key = String(b);
      const bx = x(key) ?? left;
      if (i % step === 0) {
        parts.push(text(bx + x.bandwidth() / 2, base + 15 * k, bucketLabel(b, i > 0 ? all[i - 1] : null), `text-anchor="middle" font-family="${esc(MONO)}" font-size="${fs(10)}" fill="${C.muted}"`));
      }
      counts.forEach((m, si) => {
        const c = m.get(key) ?? 0;
        if (c <= 0) return;
        const top = y(c);
        parts.push(`<g class="bucket" data-event="${esc(ev)}" data-lt="${key}" data-count="${c}"><title>${esc(`${series[si].label}: ${fmtNum(c)} waits ${bucketLabel(b, i > 0 ? all[i - 1] : null)}`)}</title>` +
          `<rect x="${n(bx + si * bw)}" y="${n(top)}" width="${n(Math.max(1, bw - 1))}" height="${n(Math.max(1, base - top))}" fill="${SERIES_COLORS[si % 2]}"/></g>`);
      });
    });
    parts.push(text((left + width - right) / 2, base + 31 * k, 'wait time bucket (power of two; count on a log scale)', `text-anchor="middle" font-size="${fs(11)}" fill="${C.muted}"`));
    y0 += ph;
  }
  return { width, height: y0, body: parts.join('\n') };
}

export function waitHistogramSvg(series: HistSeries[], title: string, opts: HistOpts = {}): string {
  const f = waitHistogramFragment(series, opts);
  const pad = 14;
  return svgDocument(f.width + 2 * pad, f.height + 2 * pad, title, `<g transform="translate(${pad} ${pad})">\n${f.body}\n</g>\n`,
    'LIO Lab wait histograms: waits by duration in power-of-two microsecond buckets (simulated)', opts.background);
}
