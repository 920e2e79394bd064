// Report builder: one entry point for every export kind (UI and CLI).
import type { Catalog, Step, Trace } from '../model/types';
import type { Fragment } from './flame';
import { FlameGraph } from '../model/flame';
import { diffFlame } from '../model/flamediff';
import { HeatMap, heatOf } from '../model/heat';
import { layoutStructures } from '../model/structure';
import { NO_SEGMENT } from '../model/types';
import { fmtNum, fmtUs, type RunstatsRow } from '../model/stats';
import { flameFragment, flameSvg } from './flame';
import { compareFragment, compareSvg, planFragment, runsFragment, statsFragment, statsSvg } from './stats';
import { legendFragment, structureFragment, structureSvg } from './structure';
import { sweepFragment, sweepSvg } from './sweep';
import { devicesGridFragment, devicesSvg, devicesWhen } from './devices';
import type { DeviceAt } from '../model/deviceFrames';
import { waitHistogramSvg, type HistSeries } from './waits';
import { whySvg } from './why';
import { esc, REPORT_COLORS, svgDocument, text, truncate } from './svg';
import { shownError } from './sqlplus.mjs';

export type ReportKind = 'structure' | 'flame' | 'stats' | 'report' | 'sweep' | 'waits' | 'devices' | 'why';

export interface ReportInputs {
  step: Step | null;
  catalog: Catalog | null;
  trace?: Trace | null;
  /** Heat to draw (e.g. the playback position); defaults to the whole trace. */
  heat?: HeatMap | null;
  /** Folded stacks to draw (default: the step's). */
  folded?: string[];
  flameTitle?: string;
  /** Differential flame graph: A and B folded sets. */
  diff?: { a: string[]; b: string[]; labelA: string; labelB: string } | null;
  /** Two executions compared (the Compare tab): runstats rows, both labels. */
  compare?: { rows: RunstatsRow[]; labelA: string; labelB: string; elapsed?: [number, number] } | null;
  /** A LAB SWEEP step: the curve to draw (default: consistent gets per execution). */
  sweepMetric?: string;
  /** Wait histograms to draw (the Compare tab: A and B); default the step's. */
  waitSeries?: HistSeries[] | null;
  /** The step's devices to draw (e.g. at the playback position, model/deviceFrames.ts `devicesAt`); default the step's end state. */
  devices?: DeviceAt[] | null;
}

function oneLine(s: string, max = 90) { const t = s.replace(/\s+/g, ' ').trim(); return t.length > max ? `${t.slice(0, max - 1)}…` : t; }

export function slug(s: string) { return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40).replace(/-$/, '') || 'lio'; }

/** The devices to draw: those given (the playback position), else the step's end state. */
export function devicesOf(inp: ReportInputs, step: Step): DeviceAt[] {
  return inp.devices?.length ? inp.devices : step.devices ?? [];
}

/** The heat to draw: the one given (the playback position), else the whole trace's. */
export function heatFor(inp: ReportInputs): HeatMap | null {
  const trace = inp.trace ?? null;
  return inp.heat ?? (trace ? heatOf(trace, inp.catalog?.cache.cbc_latch_children ?? 0) : null);
}

export function touchedSegments(trace: Trace | null | undefined): Set<number> | undefined {
  if (!trace || trace.length === 0) return undefined;
  const s = new Set<number>();
  for (let i = 0; i < trace.length; i++) if (trace.segment[i] !== NO_SEGMENT) s.add(trace.segment[i]);
  trace.heat?.forEach((h) => s.add(h.segment));
  return s.size ? s : undefined;
}

export function buildReport(kind: ReportKind, inp: ReportInputs): { svg: string; name: string } {
  const step = inp.step;
  const stmt = step ? oneLine(step.statement) : 'no statement';
  const base = step ? `lio-${slug(step.statement)}-${step.index}` : 'lio';
  const title = `LIO Lab · ${stmt}`;
  const trace = inp.trace ?? null;
  const heat = heatFor(inp);
  switch (kind) {
    case 'flame': {
      if (inp.diff) {
        const d = diffFlame(inp.diff.a, inp.diff.b);
        return { svg: flameSvg(d.graph, { title: `Differential flame graph · A: ${inp.diff.labelA} · B: ${inp.diff.labelB}`, diff: d }), name: `${base}-flame-diff.svg` };
      }
      const g = FlameGraph.fromFolded(inp.folded ?? step?.folded ?? []);
      return { svg: flameSvg(g, { title: inp.flameTitle ?? `Flame graph · ${stmt}` }), name: `${base}-flame.svg` };
    }
    case 'waits': {
      const series = inp.waitSeries ?? [{ label: stmt, histograms: step?.wait_histograms ?? [] }];
      if (!series.some((s) => s.histograms.length > 0)) throw new Error('the selected step has no waits');
      const names = series.map((s) => s.label).join(' vs ');
      return { svg: waitHistogramSvg(series, `Wait histograms · ${oneLine(names, 120)}`), name: `${base}-waits.svg` };
    }
    case 'why': {
      if (!step?.optimizer) throw new Error('the selected step has no optimizer trace (set event 10053 before its hard parse)');
      return { svg: whySvg(step.optimizer, `Why this plan · ${stmt}`), name: `${base}-why.svg` };
    }
    case 'sweep': {
      if (!step?.sweep) throw new Error('select a LAB SWEEP step first');
      const metric = inp.sweepMetric ?? 'cg';
      return { svg: sweepSvg(step.sweep, metric, `LIO Lab · ${stmt}`), name: `${base}-sweep-${metric}.svg` };
    }
    case 'stats': {
      if (inp.compare) {
        const c = inp.compare;
        return { svg: compareSvg(c.rows, c.labelA, c.labelB), name: 'lio-compare-stats.svg' };
      }
      if (!step) throw new Error('select a statement first');
      return { svg: statsSvg(step, title), name: `${base}-stats.svg` };
    }
    case 'devices': {
      if (!step) throw new Error('select a statement first');
      const used = devicesOf(inp, step);
      if (used.length === 0) throw new Error('the selected step used no device (LAB DEVICE)');
      const head = `Devices · ${oneLine(step.statement, 240)}`;
      const svg = devicesSvg(used, head, {
        width: 960, cols: 2,
        heading: [head, `step #${step.index} · line ${step.line} · ${devicesWhen(used)} · simulated`],
      });
      return { svg, name: `${base}-devices.svg` };
    }
    case 'structure': {
      if (!inp.catalog) throw new Error('no catalog yet: run a script first');
      const visited = touchedSegments(trace);
      const layout = layoutStructures(inp.catalog, { width: 960, only: visited, includeCache: true, plan: step?.plan, trace, visited });
      return { svg: structureSvg(layout, heat, trace, `Structure · ${stmt}`), name: `${base}-structure.svg` };
    }
    case 'report': {
      if (inp.compare) return { svg: compareReportSvg(inp.compare, inp.diff ?? null), name: 'lio-compare-report.svg' };
      if (!step) throw new Error('select a statement first');
      const W = 1000, pad = 16;
      const parts: string[] = [];
      let y = pad;
      const head = reportHeader(step, inp, stmt, W - 2 * pad);
      parts.push(`<g transform="translate(${pad} ${y})">${head.body}</g>`);
      y += head.height;
      if (step.sweep) {
        const sf = sweepFragment(step.sweep, inp.sweepMetric ?? 'cg', { width: W - 2 * pad });
        parts.push(`<g transform="translate(${pad} ${y})">${sf.body}</g>`);
        y += sf.height + 10;
      }
      if (step.runs?.length) {
        const rf = runsFragment(step, { width: W - 2 * pad });
        parts.push(`<g transform="translate(${pad} ${y})">${rf.body}</g>`);
        y += rf.height + 10;
      }
      const plan = planFragment(step, { width: W - 2 * pad });
      parts.push(`<g transform="translate(${pad} ${y})">${plan.body}</g>`);
      y += plan.height + 10;
      const stats = statsFragment(step, { width: 420 });
      parts.push(`<g transform="translate(${pad} ${y})">${stats.body}</g>`);
      const sx = pad + 420 + 24;
      const structures = reportStructures(step, inp, trace, heat, W - sx - pad);
      if (structures.height) parts.push(`<g transform="translate(${sx} ${y})">${structures.body}</g>`);
      const right = structures.height;
      y += Math.max(stats.height, right) + 14;
      const devices = devicesOf(inp, step);
      if (devices.length) {
        // Below the statistics and structures, above the flame graph.
        const df = reportDevices(devices, W - 2 * pad);
        parts.push(`<g transform="translate(${pad} ${y})">${df.body}</g>`);
        y += df.height;
      }
      const folded = inp.folded ?? step.folded;
      if (folded.length) {
        const g = FlameGraph.fromFolded(folded);
        const ff = flameFragment(g, { width: W - 2 * pad, title: `Flame graph (simulated time, total ${fmtUs(g.total)})` });
        parts.push(`<g transform="translate(${pad} ${y})">${ff.body}</g>`);
        y += ff.height + 10;
      }
      return { svg: svgDocument(W, y + pad, title, parts.join('\n') + '\n', `LIO Lab one-page report: statistics, plan, structures${devices.length ? ', devices' : ''} and flame graph`), name: `${base}-report.svg` };
    }
  }
}

/** The one-page report's heading: what ran, its figures in one line, its error and the first lines of its output. */
export function reportHeader(step: Step, inp: ReportInputs, stmt: string, width: number): Fragment {
  const MONO_FONT = esc('ui-monospace, Menlo, Consolas, monospace');
  let body = text(0, 16, 'LIO Lab report', `font-size="18" font-weight="700" fill="${REPORT_COLORS.text}"`) +
    text(0, 36, truncate(stmt, width), `font-family="${MONO_FONT}" fill="${REPORT_COLORS.text}"`) +
    text(0, 54, `step #${step.index} · line ${step.line} · ${fmtNum(step.stats['consistent gets'] ?? 0)} consistent gets · elapsed ${fmtUs(step.elapsed_us)} (simulated)` +
      (inp.catalog ? ` · Oracle ${inp.catalog.version} profile` : ''), `fill="${REPORT_COLORS.muted}"`);
  let y = 66;
  if (step.error) {
    body += text(0, y + 14, `${shownError(step.error).code}: ${shownError(step.error).message}`, `fill="#c62828" font-weight="600"`);
    y += 24;
  }
  if (step.output?.length) {
    const lines = step.output.slice(0, 6);
    body += lines.map((l, i) => text(0, y + 12 + i * 15, truncate(l, width, 11, true), `font-family="${MONO_FONT}" font-size="11" fill="${REPORT_COLORS.muted}"`)).join('');
    y += lines.length * 15 + 8;
  }
  return { width, height: y, body };
}

/** The structures the step visited, with their legend; or why they cannot be drawn. Empty when there is nothing to draw. */
export function reportStructures(step: Step, inp: ReportInputs, trace: Trace | null, heat: HeatMap | null, width: number): Fragment {
  const label = text(0, 18, 'Structures', `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`);
  if (!trace && step.trace_events > 0) {
    // The engine no longer keeps this step's trace: say so rather than draw every segment unvisited.
    return { width, height: 62, body: label +
      text(0, 38, `${fmtNum(step.trace_events)} events recorded; the trace is no longer kept by the engine.`, `font-size="11" fill="${REPORT_COLORS.muted}"`) +
      text(0, 54, 'Run the statement again and export to include the structure picture.', `font-size="11" fill="${REPORT_COLORS.muted}"`) };
  }
  if (!inp.catalog) return { width, height: 0, body: '' };
  const layout = layoutStructures(inp.catalog, { width, only: touchedSegments(trace), includeCache: false });
  if (!layout.pictures.length) return { width, height: 0, body: '' };
  const lg = legendFragment(width);
  const sf = structureFragment(layout, heat, trace);
  return { width, height: 34 + lg.height + sf.height,
    body: `${label}<g transform="translate(0 26)">${lg.body}</g><g transform="translate(0 ${34 + lg.height})">${sf.body}</g>` };
}

/** The devices the step used, two to a row under a heading. */
export function reportDevices(devices: DeviceAt[], width: number): Fragment {
  const head = text(0, 14, 'Devices', `font-size="12" font-weight="600" fill="${REPORT_COLORS.text}"`) +
    text(60, 14, devicesWhen(devices), `font-size="11" fill="${REPORT_COLORS.muted}"`) +
    `<line x1="0" y1="22" x2="${width}" y2="22" stroke="${REPORT_COLORS.border}"/>`;
  // Two to a row; one device next to its counters (a full-width flash grid would dwarf the page).
  const df = devicesGridFragment(devices, width, 2, 'lio-report-invalid-pages');
  return { width, height: 32 + df.height + 18, body: `${head}<g class="devices" transform="translate(0 32)">${df.body}</g>` };
}

/** The Compare tab's one-page report: both sides' statistics, the difference, and the differential flame graph. */
export function compareReportSvg(c: NonNullable<ReportInputs['compare']>, diff: ReportInputs['diff']): string {
  const W = 1000, pad = 16;
  const title = `LIO Lab · A: ${oneLine(c.labelA, 60)} vs B: ${oneLine(c.labelB, 60)}`;
  const parts: string[] = [];
  let y = pad;
  const table = compareFragment(c.rows, c.labelA, c.labelB, W - 2 * pad);
  parts.push(`<g transform="translate(${pad} ${y})">${table.body}</g>`);
  y += table.height + 12;
  if (diff && (diff.a.length || diff.b.length)) {
    const d = diffFlame(diff.a, diff.b);
    const ff = flameFragment(d.graph, { width: W - 2 * pad, title: 'Differential flame graph: B vs A (red grew in B, blue shrank)', diff: d });
    parts.push(`<g transform="translate(${pad} ${y})">${ff.body}</g>`);
    y += ff.height + 10;
  }
  return svgDocument(W, y + pad, title, parts.join('\n') + '\n', 'LIO Lab comparison report: A, B, difference and differential flame graph');
}
