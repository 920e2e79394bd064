// The Structure view's canvases and heat, outside React: the base layer
// (frames, links, empty cells, painted once per layout and theme), the heat
// layer (the base plus every visited cell, painted as the playback moves on),
// the latch pulses, and the frame drawn on screen (heat, the trail of the
// latest visits, numbered visits on short traces, pulses, the hovered cell).
import type { Trace } from '../model/types';
import { EventKind, GetKind, NO_LATCH, NO_SEGMENT } from '../model/types';
import { HeatMap, isOperatorCell, isVisit } from '../model/heat';
import { heatKey, type CellGroup, type CellRef, type Locator, type StructureLayout } from '../model/structure';
import type { PlaybackState } from '../model/playback';
import { heatLut, palette, type Palette } from './colors';
import { badgeCell, drawBase, markCell, paintCell, pulseCell } from './structureDraw';

interface Pulse { group: CellGroup; index: number; t0: number }

/** Event `i` lights a cell: a block visit or read, or an operator's (model/structureOps.ts). */
function lightsCell(trace: Trace, i: number): boolean {
  const k = trace.kind[i];
  return (trace.segment[i] !== NO_SEGMENT && (isVisit(k) || k === EventKind.PHYSICAL_READ)) || isOperatorCell(k);
}

/** The CSS zoom in effect at `el` (a presenter's slide is zoomed to the window: 2 on a 4K projector, 0.67 at 1280x720). */
export function cssZoom(el: Element | null): number {
  return (el as (Element & { currentCSSZoom?: number }) | null)?.currentCSSZoom ?? 1;
}

/** Device pixels per CSS pixel of `el`: the screen's ratio times a CSS zoom above it. */
export function devicePx(el: Element | null): number {
  return (window.devicePixelRatio || 1) * cssZoom(el);
}

/** What is painted: the layout, its locator and latch group, the trace played, the theme's count. */
export interface Scene {
  layout: StructureLayout | null;
  locate: Locator | null;
  latches: CellGroup | null;
  trace: Trace | null;
  theme: number;
  /**
   * CSS pixels per layout pixel: 1 in the workbench (the default); more on a projector (presenter
   * mode), where the picture is laid out narrower and drawn larger, its 9-12.5 px labels at 14 px and over.
   */
  zoom?: number;
}

export class StructurePainter {
  heat = new HeatMap(0);
  /** Events applied to the heat so far. */
  private applied = 0;
  private max = { max: 0, latch: 0 };
  private base: HTMLCanvasElement | null = null;
  private layer: HTMLCanvasElement | null = null;
  private baseFor: unknown = null;
  private pulses: Pulse[] = [];
  /** The element the picture is shown in: its colours are the ones in effect there (presenter mode has its own). */
  private scope: Element | null = null;
  private lut: { for: Palette | null; lut: string[] } = { for: null, lut: [] };

  /** Device pixels per layout pixel, where the picture is shown. */
  private px(zoom: number | undefined): number { return devicePx(this.scope) * (zoom ?? 1); }

  /** A new trace or layout (shown in `scope`): no heat, no pulses. */
  reset(latchChildren: number, scope: Element | null) {
    this.heat = new HeatMap(latchChildren);
    this.applied = 0;
    this.pulses = [];
    if (scope) this.scope = scope;
  }

  /** The palette in effect where the picture is, and its heat colours. */
  private colors(): { P: Palette; lut: string[] } {
    const P = palette(this.scope);
    if (this.lut.for !== P) this.lut = { for: P, lut: heatLut(P.heatLo, P.heatHi) };
    return { P, lut: this.lut.lut };
  }

  /** The visits (or latch gets) of a cell so far. */
  visits(r: CellRef): number {
    return r.group.role === 'latch' ? this.heat.latch[r.block] ?? 0 : this.heat.get(heatKey(r.group), r.block);
  }

  /** The base layer (frames, links, empty cells) is painted once per layout/theme. */
  private ensureBase({ layout, theme, zoom }: Scene): boolean {
    if (!layout) return false;
    const dpr = this.px(zoom);
    const W = Math.ceil(layout.width * dpr), H = Math.max(1, Math.ceil(layout.height * dpr));
    if (!this.base) this.base = document.createElement('canvas');
    if (!this.layer) this.layer = document.createElement('canvas');
    const stamp = `${theme}|${W}x${H}`;
    if (this.baseFor === layout && this.base.dataset.stamp === stamp) return true;
    for (const c of [this.base, this.layer]) { if (c.width !== W || c.height !== H) { c.width = W; c.height = H; } }
    const bctx = this.base.getContext('2d')!;
    bctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBase(bctx, layout, this.colors().P);
    this.base.dataset.stamp = stamp;
    this.baseFor = layout;
    return true;
  }

  /** Heat layer = base + every non-zero cell (after a rebuild or a colour-scale change). */
  repaintAll(scene: Scene) {
    const { layout } = scene;
    if (!layout || !this.ensureBase(scene) || !this.layer || !this.base) return;
    const dpr = this.px(scene.zoom);
    const { P, lut } = this.colors();
    const lctx = this.layer.getContext('2d')!;
    lctx.setTransform(1, 0, 0, 1, 0, 0);
    lctx.clearRect(0, 0, this.layer.width, this.layer.height);
    lctx.drawImage(this.base, 0, 0);
    lctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const h = this.heat;
    for (const p of layout.pictures) for (const g of p.groups) {
      const arr = g.role === 'latch' ? h.latch : h.blocks(heatKey(g));
      if (!arr) continue;
      for (let i = 0; i < g.count; i++) {
        const b = g.list ? g.list[i] : g.first + i;
        if (arr[b]) paintCell(lctx, g, i, h, P, lut);
      }
    }
    this.max = { max: h.max, latch: h.latchMax };
  }

  /** Bring the heat to the playback position; paint what changed. */
  syncHeat(scene: Scene, pos: number, now: number) {
    const { trace, layout, locate, latches } = scene;
    if (!trace || !layout || !locate) return;
    const h = this.heat;
    let full = false;
    if (pos < this.applied) { h.clear(); this.applied = 0; full = true; }
    const from = this.applied;
    h.applyRange(trace, from, pos);
    this.applied = pos;
    if (trace.truncated && trace.heat && pos >= trace.length) {
      h.clear(); h.applySummaryOf(trace); h.applyRange({ ...trace, kind: new Uint8Array(trace.length).fill(255) }, 0, trace.length);
      h.applyOperators(trace, 0, trace.length);
      full = true;
    }
    const mr = this.max;
    if (h.max > mr.max * 1.25 + 1 || h.latchMax > mr.latch * 1.25 + 1) full = true;
    if (full || pos - from > 30000) { this.repaintAll(scene); }
    else if (pos > from && this.layer) {
      const dpr = this.px(scene.zoom);
      const ctx = this.layer.getContext('2d')!;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const { P, lut } = this.colors();
      const dirty = new Map<CellGroup, Set<number>>();
      const mark = (g: CellGroup, i: number) => { let d = dirty.get(g); if (!d) { d = new Set(); dirty.set(g, d); } d.add(i); };
      for (let i = from; i < pos; i++) {
        if (lightsCell(trace, i)) {
          for (const c of locate(trace.kind[i], trace.segment[i], trace.block[i], trace.plan_line[i])) mark(c.group, c.index);
        }
        const lc = trace.latch_child[i];
        if (latches && lc !== NO_LATCH && trace.latch_gets[i] > 0 && lc < latches.count) mark(latches, lc);
      }
      for (const [g, set] of dirty) for (const i of set) paintCell(ctx, g, i, h, P, lut);
    }
    // Latch pulses for the newest events.
    if (latches && pos > from) {
      for (let i = Math.max(from, pos - 4); i < pos; i++) {
        const lc = trace.latch_child[i];
        if (lc !== NO_LATCH && trace.latch_gets[i] > 0 && lc < latches.count) this.pulses.push({ group: latches, index: lc, t0: now });
      }
      if (this.pulses.length > 24) this.pulses.splice(0, this.pulses.length - 24);
    }
  }

  /**
   * Draw the visible part (`viewH` tall, from `scrollTop`) on `c`; whether a
   * pulse is still fading (the animation goes on for it).
   */
  draw(c: HTMLCanvasElement | null, scene: Scene, view: { h: number; scrollTop: number }, s: PlaybackState, hover: CellRef | null, now: number): boolean {
    const { layout, trace, locate } = scene;
    if (!c || !layout || !this.layer) return false;
    const dpr = this.px(scene.zoom);
    // The view's height and scroll are in CSS pixels; the layout's in layout pixels (zoom of them a CSS pixel).
    const z = scene.zoom ?? 1;
    const w = layout.width, h = Math.min(view.h / z, layout.height);
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr); c.height = Math.round(h * dpr); c.style.width = `${w * z}px`; c.style.height = `${h * z}px`;
    }
    const top = Math.min(view.scrollTop / z, Math.max(0, layout.height - h));
    const ctx = c.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.drawImage(this.layer, 0, Math.round(top * dpr), c.width, c.height, 0, 0, c.width, c.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, -top * dpr);
    const { P } = this.colors();
    if (trace && locate && s.pos > 0) {
      // Trail of the most recent visits, newest strongest.
      const trail = s.playing && s.rate > 100 ? 2 : 6;
      let shown = 0;
      for (let i = s.pos - 1; i >= 0 && shown < trail; i--) {
        const op = isOperatorCell(trace.kind[i]);
        if (trace.segment[i] === NO_SEGMENT && !op) continue;
        // An operator's cell (a bucket, a partition on temp) in the accent colour; a block in its get kind's.
        const color = op ? P.accent : trace.kind[i] === EventKind.PHYSICAL_READ ? P.get[GetKind.NONE] : P.get[trace.get_kind[i]] ?? P.get[GetKind.NONE];
        for (const ref of locate(trace.kind[i], trace.segment[i], trace.block[i], trace.plan_line[i])) markCell(ctx, ref.group, ref.index, color, shown === 0 ? 1 : 0.75 - shown * 0.11, shown === 0);
        shown++;
      }
    }
    // Short traces: number the visits shown so far, in get-kind colours.
    if (trace && locate && trace.length <= 64) {
      let k = 0;
      for (let i = 0; i < s.pos; i++) {
        if (trace.segment[i] === NO_SEGMENT || !isVisit(trace.kind[i])) continue;
        k++;
        for (const ref of locate(trace.kind[i], trace.segment[i], trace.block[i])) badgeCell(ctx, ref.group, ref.index, P.get[trace.get_kind[i]] ?? P.get[GetKind.NONE], String(k), P.sans);
      }
    }
    let live = false;
    this.pulses = this.pulses.filter((p) => now - p.t0 < 600);
    // A pulse starts at the click (performance.now()), the frame at its own start (the animation
    // frame's time, which can be earlier under load): one not started yet is drawn at its start.
    for (const p of this.pulses) { pulseCell(ctx, p.group, p.index, P.get[GetKind.NORMAL], Math.max(0, (now - p.t0) / 600)); live = true; }
    if (hover) markCell(ctx, hover.group, hover.index, P.text, 0.9, false);
    return live;
  }
}
