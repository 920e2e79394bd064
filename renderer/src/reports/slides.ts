// Slides laid out for 16:9 (issue 35: "Exports are not slide-ready"). A
// picture made for a page (the one-page report is portrait, the statistics
// one long column) scaled into a 1920 x 1080 slide leaves its text at 4 to
// 12 px in the middle of the slide. Here the same fragments are laid out as
// wide as the slide first: the statistics flowed into columns, the report as
// two columns (what ran, the plan and the structures; the statistics and the
// flame graph), so the slide scales them up instead of down. Every other
// kind is already landscape and goes into `slideSvg` as it is.
import { FlameGraph } from '../model/flame';
import { fmtUs } from '../model/stats';
import type { Fragment } from './flame';
import { flameFragment } from './flame';
import { buildReport, devicesOf, heatFor, reportDevices, reportHeader, reportStructures, type ReportInputs, type ReportKind } from './report';
import { slideSvg, SLIDE } from './slide';
import { planFragment, runsFragment, statsFragment } from './stats';
import { sweepFragment } from './sweep';
import { svgDocument } from './svg';

/** The room the picture gets on a slide (slideSvg's box: below the title band, above the footer). */
const BOX = { w: SLIDE.width - 120, h: SLIDE.height - 120 - 50 - 20 };

/** How much a picture of w x h grows (or shrinks) to fill the slide's box. */
export function slideScale(w: number, h: number): number {
  return Math.min(BOX.w / w, BOX.h / h);
}

/** Fragments stacked top to bottom with `gap` between them (empty ones left out). */
function stack(parts: Fragment[], width: number, gap = 10): Fragment {
  let y = 0;
  const body: string[] = [];
  for (const p of parts) {
    if (!p.height) continue;
    body.push(`<g transform="translate(0 ${y})">${p.body}</g>`);
    y += p.height + gap;
  }
  return { width, height: Math.max(0, y - gap), body: body.join('\n') };
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

/** The one-page report as two columns: what ran, its runs, plan and structures; its statistics, devices and flame graph. */
export function reportSlideFragment(inp: ReportInputs): Fragment {
  const step = inp.step!;
  const trace = inp.trace ?? null;
  const heat = heatFor(inp);
  const L = 820, R = 620, gap = 40;
  const stmt = step.statement.replace(/\s+/g, ' ').trim();
  const left = stack([
    reportHeader(step, inp, stmt, L),
    step.sweep ? sweepFragment(step.sweep, inp.sweepMetric ?? 'cg', { width: L }) : { width: L, height: 0, body: '' },
    step.runs?.length ? runsFragment(step, { width: L }) : { width: L, height: 0, body: '' },
    planFragment(step, { width: L }),
    reportStructures(step, inp, trace, heat, L),
  ], L);
  const folded = inp.folded ?? step.folded;
  const g = folded.length ? FlameGraph.fromFolded(folded) : null;
  const devices = devicesOf(inp, step);
  const right = stack([
    statsFragment(step, { width: R }),
    devices.length ? reportDevices(devices, R) : { width: R, height: 0, body: '' },
    g ? flameFragment(g, { width: R, title: `Flame graph (simulated time, total ${fmtUs(g.total)})` }) : { width: R, height: 0, body: '' },
  ], R, 14);
  return { width: L + gap + R, height: Math.max(left.height, right.height),
    body: `<g>${left.body}</g>\n<g transform="translate(${L + gap} 0)">${right.body}</g>` };
}

/** The slide of one export kind: laid out for 16:9 where the page layout is tall, else the page picture scaled. */
export function buildSlide(kind: ReportKind, inp: ReportInputs, title: string, footer: string): { svg: string; name: string } {
  const page = buildReport(kind, inp);
  const name = page.name.replace(/\.svg$/, '-slide.svg');
  const wide = inp.step && !inp.compare && (kind === 'stats' || kind === 'report')
    ? (kind === 'stats' ? statsSlideFragment(inp) : reportSlideFragment(inp)) : null;
  if (!wide) return { svg: slideSvg(page.svg, title, footer), name };
  const pad = 8;
  const picture = svgDocument(wide.width + 2 * pad, wide.height + 2 * pad, title,
    `<g transform="translate(${pad} ${pad})">\n${wide.body}\n</g>\n`, `LIO Lab ${kind} laid out for a 16:9 slide`);
  return { svg: slideSvg(picture, title, footer), name };
}
