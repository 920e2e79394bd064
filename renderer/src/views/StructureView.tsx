// Structure view + trace playback. One picture per access structure, heat
// per block, and the trace played event by event: each event lights its
// block in its get kind's colour, latch gets pulse their CBC child latch.
// All drawing goes through the one requestAnimationFrame scheduler.
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { Catalog, Step, Trace } from '../model/types';
import { EVENT_KIND_NAMES, GET_KIND_NAMES, GetKind, NO_LATCH, NO_PLAN_LINE, NO_SEGMENT, EventKind } from '../model/types';
import { HeatMap, heatTarget, isVisit } from '../model/heat';
import { createLocator, hitCell, latchGroup, layoutStructures, roleName, heatKey, type CellGroup, type CellRef, type StructureLayout } from '../model/structure';
import { initialPlayback, pause, play, RATES, seek, setRate, stepBack, stepForward, tick, type PlaybackState } from '../model/playback';
import { fmtNum, fmtUs } from '../model/stats';
import { SessionTimeline } from './SessionTimeline';
import { sidAt } from '../model/sessionTrace';
import { SessionPicker, useSessionTrace } from './SessionPicker';
import { DeviceView } from './DeviceView';
import { devicesAt } from '../model/deviceFrames';
import { readableStack } from '../model/flame';
import { touchedSegments, type ReportInputs } from '../reports/report';
import { heatLut, palette } from './colors';
import { badgeCell, drawBase, markCell, paintCell, pulseCell } from './structureDraw';
import { requestRedraw, startAnimator, stopAnimator } from './scheduler';
import { IconBack, IconFirst, IconFwd, IconLast, IconPause, IconPlay } from './icons';
import { useResizeRef } from './useResizeRef';

const GET_LEGEND: [number, string][] = [
  [GetKind.EXAMINATION, 'examination'], [GetKind.NORMAL, 'normal'], [GetKind.PIN, 'pin'], [GetKind.PINNED, 'pinned revisit'], [GetKind.MEMOPT, 'memopt'],
  [GetKind.CURRENT, 'current (db block get)'],
];

interface Pulse { group: CellGroup; index: number; t0: number }

export function StructureView({ step, live, catalog, getTrace, reportRef, rate, segment }: {
  step: Step | null; live: boolean; catalog: Catalog | null; getTrace(step: Step): Promise<Trace | null>;
  reportRef: { current: () => Partial<ReportInputs> };
  /** Playback speed to start with (events per second; a demo's `--@ view structure speed=N`). */
  rate?: number;
  /** The segment to bring into view (a demo's `segment=NAME`). */
  segment?: string;
}) {
  // The trace loaded for a step; what shows is derived from the step selected now (a trace loaded
  // for another step is not this one's, and shows as loading until this one's arrives).
  const [loaded, setLoaded] = useState<{ step: Step; trace: Trace | null; state: 'ready' | 'evicted' | 'error' } | null>(null);
  const wanted = !step ? 'none' : !live ? 'unavailable' : step.trace_events === 0 ? 'none' : 'loading';
  const mine = wanted === 'loading' && loaded?.step === step ? loaded : null;
  // A SESSIONS step's trace holds every session's events: all of them play, or one session's (its SID).
  const { trace, picker } = useSessionTrace(mine?.trace ?? null);
  const traceState: 'none' | 'loading' | 'ready' | 'unavailable' | 'evicted' | 'error' = mine ? mine.state : wanted;
  const [showAll, setShowAll] = useState(false);
  const [showDevices, setShowDevices] = useState(true);
  const [size, setSize] = useState({ w: 800, h: 400 });
  const [ui, setUi] = useState<PlaybackState>(() => initialPlayback(0));
  // The cell under the pointer and its visits so far (taken when the pointer moves and as the playback publishes).
  const [hoverState, setHover] = useState<{ ref: CellRef; x: number; y: number; visits: number; trace: Trace | null } | null>(null);
  // A cell hovered over another trace's picture is not this one's.
  const hover = hoverState && hoverState.trace === trace ? hoverState : null;
  const [theme, setTheme] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pb = useRef<PlaybackState>(initialPlayback(0));
  const heat = useRef<HeatMap>(new HeatMap(0));
  const applied = useRef(0);
  const maxRef = useRef({ max: 0, latch: 0 });
  const base = useRef<HTMLCanvasElement | null>(null);
  const layer = useRef<HTMLCanvasElement | null>(null);
  const pulses = useRef<Pulse[]>([]);
  const lastUi = useRef(0);

  // Load the trace of the selected step.
  useEffect(() => {
    if (!step || !live || step.trace_events === 0) return;
    let stale = false;
    // The engine keeps the traces of its most recent steps only: null for an older step that had events.
    getTrace(step).then((t) => { if (!stale) setLoaded({ step, trace: t, state: t ? 'ready' : 'evicted' }); })
      .catch(() => { if (!stale) setLoaded({ step, trace: null, state: 'error' }); });
    return () => { stale = true; };
  }, [step, live, getTrace]);

  // Theme changes repaint everything.
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const on = () => setTheme((t) => t + 1);
    mq?.addEventListener?.('change', on);
    return () => mq?.removeEventListener?.('change', on);
  }, []);

  // The canvas's box comes and goes (no step or no catalog shows a message instead): watched while it is there.
  const scrollerRef = useResizeRef<HTMLDivElement>((el) => {
    const w = Math.max(320, el.clientWidth), h = Math.max(120, el.clientHeight);
    setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
  }, scroller);

  const segNames = useMemo(() => new Map((catalog?.segments ?? []).map((s) => [s.id, s.name])), [catalog]);
  const only = useMemo(() => (showAll ? undefined : touchedSegments(trace)), [showAll, trace]);
  const layout: StructureLayout | null = useMemo(
    () => (catalog ? layoutStructures(catalog, { width: size.w - 2, only, includeCache: true }) : null), [catalog, size.w, only]);
  const locate = useMemo(() => (layout ? createLocator(layout) : null), [layout]);
  const latches = useMemo(() => (layout ? latchGroup(layout) : null), [layout]);
  // palette() is cached until the colour scheme changes (`theme` then moves on and this render reads the new one).
  const colors = palette();
  const lut = useMemo(() => heatLut(colors.heatLo, colors.heatHi), [colors]);

  // The base layer (frames, links, empty cells) is painted once per layout/theme.
  const baseFor = useRef<unknown>(null);
  const ensureBase = useCallback(() => {
    if (!layout) return false;
    const dpr = window.devicePixelRatio || 1;
    const W = Math.ceil(layout.width * dpr), H = Math.max(1, Math.ceil(layout.height * dpr));
    if (!base.current) base.current = document.createElement('canvas');
    if (!layer.current) layer.current = document.createElement('canvas');
    const stamp = `${theme}|${W}x${H}`;
    if (baseFor.current === layout && base.current.dataset.stamp === stamp) return true;
    for (const c of [base.current, layer.current]) { if (c.width !== W || c.height !== H) { c.width = W; c.height = H; } }
    const bctx = base.current.getContext('2d')!;
    bctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBase(bctx, layout, palette());
    base.current.dataset.stamp = stamp;
    baseFor.current = layout;
    return true;
  }, [layout, theme]);

  /** Heat layer = base + every non-zero cell (after a rebuild or a colour-scale change). */
  const repaintAll = useCallback(() => {
    if (!layout || !ensureBase() || !layer.current || !base.current) return;
    const dpr = window.devicePixelRatio || 1;
    const P = palette();
    const lctx = layer.current.getContext('2d')!;
    lctx.setTransform(1, 0, 0, 1, 0, 0);
    lctx.clearRect(0, 0, layer.current.width, layer.current.height);
    lctx.drawImage(base.current, 0, 0);
    lctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const h = heat.current;
    for (const p of layout.pictures) for (const g of p.groups) {
      const arr = g.role === 'latch' ? h.latch : h.blocks(heatKey(g));
      if (!arr) continue;
      for (let i = 0; i < g.count; i++) {
        const b = g.list ? g.list[i] : g.first + i;
        if (arr[b]) paintCell(lctx, g, i, h, P, lut);
      }
    }
    maxRef.current = { max: h.max, latch: h.latchMax };
  }, [layout, lut, ensureBase]);

  /** Bring the heat to the playback position; paint what changed. */
  const syncHeat = useCallback((pos: number, now: number) => {
    if (!trace || !layout || !locate) return;
    const h = heat.current;
    let full = false;
    if (pos < applied.current) { h.clear(); applied.current = 0; full = true; }
    const from = applied.current;
    h.applyRange(trace, from, pos);
    applied.current = pos;
    if (trace.truncated && trace.heat && pos >= trace.length) { h.clear(); h.applySummaryOf(trace); h.applyRange({ ...trace, kind: new Uint8Array(trace.length).fill(255) }, 0, trace.length); full = true; }
    const mr = maxRef.current;
    if (h.max > mr.max * 1.25 + 1 || h.latchMax > mr.latch * 1.25 + 1) full = true;
    if (full || pos - from > 30000) { repaintAll(); }
    else if (pos > from && layer.current) {
      const dpr = window.devicePixelRatio || 1;
      const ctx = layer.current.getContext('2d')!;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const P = palette();
      const dirty = new Map<CellGroup, Set<number>>();
      const mark = (g: CellGroup, i: number) => { let d = dirty.get(g); if (!d) { d = new Set(); dirty.set(g, d); } d.add(i); };
      for (let i = from; i < pos; i++) {
        if (trace.segment[i] !== NO_SEGMENT && (isVisit(trace.kind[i]) || trace.kind[i] === EventKind.PHYSICAL_READ)) {
          for (const c of locate(trace.kind[i], trace.segment[i], trace.block[i])) mark(c.group, c.index);
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
        if (lc !== NO_LATCH && trace.latch_gets[i] > 0 && lc < latches.count) pulses.current.push({ group: latches, index: lc, t0: now });
      }
      if (pulses.current.length > 24) pulses.current.splice(0, pulses.current.length - 24);
    }
  }, [trace, layout, locate, latches, repaintAll, lut]);

  const draw = useCallback((now: number) => {
    const c = canvas.current;
    if (!c || !layout || !layer.current) return;
    const dpr = window.devicePixelRatio || 1;
    const w = layout.width, h = Math.min(size.h, layout.height);
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr); c.height = Math.round(h * dpr); c.style.width = `${w}px`; c.style.height = `${h}px`;
    }
    const top = Math.min(scroller.current?.scrollTop ?? 0, Math.max(0, layout.height - h));
    const ctx = c.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.drawImage(layer.current, 0, Math.round(top * dpr), c.width, c.height, 0, 0, c.width, c.height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, -top * dpr);
    const P = palette();
    const s = pb.current;
    if (trace && locate && s.pos > 0) {
      // Trail of the most recent visits, newest strongest.
      const trail = s.playing && s.rate > 100 ? 2 : 6;
      let shown = 0;
      for (let i = s.pos - 1; i >= 0 && shown < trail; i--) {
        if (trace.segment[i] === NO_SEGMENT) continue;
        const color = trace.kind[i] === EventKind.PHYSICAL_READ ? P.get[GetKind.NONE] : P.get[trace.get_kind[i]] ?? P.get[GetKind.NONE];
        for (const ref of locate(trace.kind[i], trace.segment[i], trace.block[i])) markCell(ctx, ref.group, ref.index, color, shown === 0 ? 1 : 0.75 - shown * 0.11, shown === 0);
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
    pulses.current = pulses.current.filter((p) => now - p.t0 < 600);
    for (const p of pulses.current) { pulseCell(ctx, p.group, p.index, P.get[GetKind.NORMAL], (now - p.t0) / 600); live = true; }
    if (hover) {
      const r = hover.ref;
      markCell(ctx, r.group, r.index, P.text, 0.9, false);
    }
    return live;
  }, [layout, size.h, trace, locate, hover]);

  // New trace or layout: reset heat, paint, position at the start (short) or the end (workloads).
  // An effect event: it reads the latest catalog, demo speed and painters, and runs only when the
  // trace, the layout or the theme changes (a new hover or speed does not restart the playback).
  const reset = useEffectEvent(() => {
    stopAnimator('playback');
    const n = trace?.length ?? 0;
    heat.current = new HeatMap(catalog?.cache.cbc_latch_children ?? 0);
    applied.current = 0;
    pulses.current = [];
    repaintAll();
    // Open on the whole picture (every visit numbered, or a workload's final heat map); Play restarts.
    const start = seek(initialPlayback(n), n);
    // A demo's speed, as the nearest offered rate (the Speed menu lists those).
    const s = rate ? setRate(start, RATES.reduce((a, b) => (Math.abs(b - rate) < Math.abs(a - rate) ? b : a))) : start;
    pb.current = s;
    const pic = segment ? layout?.pictures.find((p) => p.title.toUpperCase().split(/[^A-Z0-9_$#]+/).includes(segment.toUpperCase())) : undefined;
    if (pic && scroller.current) scroller.current.scrollTop = Math.max(0, pic.y - 4);
    syncHeat(s.pos, performance.now());
    setUi(s);
    requestRedraw('structure', (now) => { draw(now); });
  });
  useEffect(() => { reset(); }, [trace, layout, theme]);

  useEffect(() => { requestRedraw('structure', (now) => { draw(now); }); }, [draw, hover]);

  const visitsOf = useCallback((r: CellRef) => (r.group.role === 'latch' ? heat.current.latch[r.block] ?? 0 : heat.current.get(heatKey(r.group), r.block)), []);

  const publish = useCallback((s: PlaybackState, force: boolean) => {
    const now = performance.now();
    if (force || now - lastUi.current > 90 || !s.playing) {
      lastUi.current = now;
      setUi(s);
      setHover((h) => (h && h.visits !== visitsOf(h.ref) ? { ...h, visits: visitsOf(h.ref) } : h));
    }
  }, [visitsOf]);

  const run = useCallback(() => {
    startAnimator('playback', (now, dt) => {
      const before = pb.current;
      const s = tick(before, dt);
      pb.current = s;
      if (s.pos !== before.pos) syncHeat(s.pos, now);
      const pulsing = draw(now);
      publish(s, false);
      return s.playing || !!pulsing;
    });
  }, [syncHeat, draw, publish]);

  useEffect(() => () => stopAnimator('playback'), []);

  const apply = useCallback((s: PlaybackState) => {
    pb.current = s;
    syncHeat(s.pos, performance.now());
    publish(s, true);
    run();
  }, [syncHeat, publish, run]);

  const n = trace?.length ?? 0;
  const controls = {
    toggle: () => apply(pb.current.playing ? pause(pb.current) : play(pb.current)),
    back: () => apply(stepBack(pb.current)),
    fwd: () => apply(stepForward(pb.current)),
    first: () => apply(seek(pause(pb.current), 0)),
    last: () => apply(seek(pause(pb.current), n)),
  };

  useEffect(() => {
    reportRef.current = () => {
      // The devices at the playhead (its true position, not the last one drawn); the end of the step at the end of the trace.
      const pos = pb.current.pos;
      const at = trace && n > 0 && pos < n ? (pos > 0 ? trace.t_us[pos - 1] : -Infinity) : null;
      return { trace, heat: heat.current, devices: step?.devices?.length ? devicesAt(step.devices, trace?.devices, at, trace?.t_us[0]) : null };
    };
  });

  const onKey = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('select, input:not([type=range])')) return;
    if (e.key === ' ') { e.preventDefault(); controls.toggle(); }
    else if (e.key === 'ArrowRight' && !(e.target as HTMLElement).matches('input[type=range]')) { e.preventDefault(); controls.fwd(); }
    else if (e.key === 'ArrowLeft' && !(e.target as HTMLElement).matches('input[type=range]')) { e.preventDefault(); controls.back(); }
    else if (e.key === 'Home') { e.preventDefault(); controls.first(); }
    else if (e.key === 'End') { e.preventDefault(); controls.last(); }
  };

  const cur = describeEvent(trace, ui.pos - 1, locate, segNames);
  // The devices at the playhead: the frame at the current event's time; the
  // end-of-step state once the whole trace is shown.
  const atUs = trace && n > 0 && ui.pos < n ? (ui.pos > 0 ? trace.t_us[ui.pos - 1] : -Infinity) : null;
  const hasDevices = !!step?.devices?.length;
  const liveDevices = useMemo(() => (hasDevices && showDevices ? devicesAt(step!.devices!, trace?.devices, atUs, trace?.t_us[0]) : []),
    [hasDevices, showDevices, step, trace, atUs]);
  const shownFrame = liveDevices.find((d) => 'live' in d && d.live)?.live;

  const onMove = (e: React.MouseEvent) => {
    if (!layout) return;
    const r = canvas.current!.getBoundingClientRect();
    const top = scroller.current?.scrollTop ?? 0;
    const ref = hitCell(layout, e.clientX - r.left, e.clientY - r.top + Math.min(top, Math.max(0, layout.height - size.h)));
    setHover(ref ? { ref, x: e.clientX, y: e.clientY, visits: visitsOf(ref), trace } : null);
  };

  if (!step) return <div className="empty">Select an executed statement to see the structures it visited.</div>;
  if (!catalog) {
    return <div className="empty">{live ? 'No catalog yet: run a script that creates tables.'
      : 'The structures of this step are not kept with it (a saved run, or a run before the engine restarted): open its script and run it again to see them.'}</div>;
  }
  const hv = hover?.ref;
  const hvVisits = hover?.visits ?? 0;
  return (
    <section className="structure" aria-label="Structure view" onKeyDown={onKey}>
      <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0, flexWrap: 'wrap' }}>
        <h3 style={{ textTransform: 'uppercase', letterSpacing: '.6px' }}>Structures</h3>
        <span className="muted">
          {traceState === 'loading' ? 'loading trace…' : traceState === 'unavailable' ? 'trace not kept for earlier runs: re-run to play it'
            : traceState === 'evicted' ? `${fmtNum(step.trace_events)} events recorded, but the engine keeps only the most recent steps' traces: run this statement again (Ctrl+Enter) to play it`
            : traceState === 'error' ? 'could not load the trace' : n ? `${fmtNum(n)} events${trace?.truncated ? ` (truncated; final heat from the engine's per-block totals)` : ''}` : 'no trace events for this statement'}
        </span>
        <span className="spacer" />
        <div className="legend" aria-label="Get kinds">
          {GET_LEGEND.map(([k, label]) => <span key={k}><span className="sw" style={{ background: `var(${['--get-exam', '--get-normal', '--get-pin', '--get-pinned', '--get-memopt', '--get-current'][k]})` }} />{label}</span>)}
          <span><span className="sw" style={{ background: 'linear-gradient(90deg, var(--heat-lo), var(--heat-hi))', width: 24 }} />visits</span>
        </div>
        <label style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />All segments
        </label>
        <SessionPicker {...picker} />
        {hasDevices && <label style={{ display: 'flex', alignItems: 'center', gap: 4 }} title="The devices the step used, at the playhead">
          <input type="checkbox" checked={showDevices} onChange={(e) => setShowDevices(e.target.checked)} />Devices
        </label>}
      </div>
      <div className="canvas-wrap" ref={scrollerRef} onScroll={() => requestRedraw('structure', (now) => { draw(now); })}>
        <canvas ref={canvas} role="img" tabIndex={0} style={{ position: 'sticky', top: 0 }}
          title="Space: play / pause · ← →: step · Home / End: first / last event"
          aria-label={`Structure picture: ${layout?.pictures.map((p) => p.title).join('; ') ?? ''}`}
          data-pos={ui.pos} data-event={cur.data}
          onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        {layout && <div style={{ height: Math.max(0, layout.height - size.h) }} />}
      </div>
      <div className="playback" role="group" aria-label="Trace playback">
        <button className="btn icon" onClick={controls.first} disabled={!n} aria-label="First event" title="First event (Home)"><IconFirst /></button>
        <button className="btn icon" onClick={controls.back} disabled={!n || ui.pos === 0} aria-label="Step back" title="Step back (←)"><IconBack /></button>
        <button className="btn icon primary" onClick={controls.toggle} disabled={!n} aria-label={ui.playing ? 'Pause' : 'Play'} title="Play / pause (Space)" style={{ minWidth: 64 }}>
          {ui.playing ? <><IconPause /> Pause</> : <><IconPlay /> Play</>}</button>
        <button className="btn icon" onClick={controls.fwd} disabled={!n || ui.pos >= n} aria-label="Step forward" title="Step forward (→)"><IconFwd /></button>
        <button className="btn icon" onClick={controls.last} disabled={!n} aria-label="Last event" title="Last event (End)"><IconLast /></button>
        <label className="muted" htmlFor="speed" style={{ marginLeft: 6 }}>Speed</label>
        <select id="speed" className="input" aria-label="Speed" value={ui.rate} onChange={(e) => { pb.current = setRate(pb.current, Number(e.target.value)); setUi(pb.current); }}>
          {RATES.map((r) => <option key={r} value={r}>{fmtNum(r)} ev/s</option>)}
        </select>
        <input type="range" aria-label="Trace position" min={0} max={n} step={1} value={ui.pos} disabled={!n}
          aria-valuetext={`${fmtNum(ui.pos)} of ${fmtNum(n)} events`}
          onChange={(e) => apply(seek(pause(pb.current), Number(e.target.value)))} />
        <span className="mono" style={{ minWidth: 120, textAlign: 'right' }}>{fmtNum(ui.pos)} / {fmtNum(n)}</span>
      </div>
      <div className="readout" aria-label="Current event" data-pos={ui.pos} data-event={cur.data}>{cur.text || '\u00a0'}</div>
      {step.sessions?.length ? <SessionTimeline step={step} atUs={trace && ui.pos > 0 ? trace.t_us[ui.pos - 1] - step.sessions[0].start_us : undefined} atSid={sidAt(trace, ui.pos)} traced={picker.traced} /> : null}
      {hasDevices && showDevices && (
        <div className="device-live" data-live={atUs !== null && !!trace?.devices?.length ? 'frame' : 'end'}>
          <div className="timeline-head">
            <strong>Devices</strong>
            <span className="muted">{atUs !== null && trace?.devices?.length
              ? `at the playhead: ${shownFrame ? `state at +${fmtUs(shownFrame.rel_us)}, frame ${fmtNum(shownFrame.frame + 1)} of ${fmtNum(shownFrame.frames)} ` : ''}(the engine samples each device at most 48 times a step, as requests arrive)`
              : trace && !trace.devices?.length ? 'at the end of the step (no frames kept for this trace)' : 'at the end of the step · press Play or drag the slider to follow the trace'}</span>
          </div>
          <DeviceView devices={liveDevices} title={`step ${step.index}`} width={440} counters={false} label="Devices at the playhead" />
        </div>
      )}
      {hv && hover && (
        <div className="tooltip" style={{ left: Math.min(hover.x + 14, window.innerWidth - 430), top: hover.y + 14 }}>
          <div className="t-title">{hv.picture.title}</div>
          <div className="t-row"><span>{roleName(hv.group, hv.block)}</span><span>{hv.group.role === 'latch' ? `child #${hv.block}` : `block ${hv.block}`}</span></div>
          <div className="t-row"><span>{hv.group.role === 'latch' ? 'latch gets' : 'visits'} so far</span><span>{fmtNum(hvVisits)}</span></div>
          <div className="muted" style={{ fontSize: 11 }}>{hv.group.label}</div>
        </div>
      )}
    </section>
  );
}

/** The readout of event `i` of the playback: its words, and the data attribute tests read. */
function describeEvent(trace: Trace | null, i: number, locate: ReturnType<typeof createLocator> | null, segNames: Map<number, string>): { text: string; data: string } {
  const n = trace?.length ?? 0;
  if (!trace || i < 0 || i >= trace.length) return { text: n ? 'Before the first event. Press Play or Step forward.' : '', data: '' };
  const k = trace.kind[i];
  const seg = trace.segment[i];
  const parts = [`event ${fmtNum(i + 1)}/${fmtNum(n)}`];
  if ((trace.sessions?.length ?? 0) > 1) parts.push(`SID ${trace.sid[i]}`);
  if (trace.exec[i] || n > 64) parts.push(`exec ${fmtNum(trace.exec[i] + 1)}`);
  parts.push(`t=+${fmtUs(trace.t_us[i] - trace.t_us[0])}`);
  parts.push(EVENT_KIND_NAMES[k] ?? `kind ${k}`);
  let role = '';
  if (seg !== NO_SEGMENT) {
    if (isVisit(k) || k === EventKind.PHYSICAL_READ) parts.push(`${GET_KIND_NAMES[trace.get_kind[i]] ?? ''}`.trim());
    const refs = locate ? locate(k, seg, trace.block[i]) : [];
    role = refs[0] ? roleName(refs[0].group, trace.block[i]) : '';
    parts.push(`${segNames.get(seg) ?? `segment ${seg}`} block ${trace.block[i]}${role ? ` (${role})` : ''}`);
  }
  if (trace.latch_child[i] !== NO_LATCH && trace.latch_gets[i] > 0) parts.push(`CBC child #${trace.latch_child[i]} × ${trace.latch_gets[i]}`);
  if (trace.plan_line[i] !== NO_PLAN_LINE) parts.push(`plan line ${trace.plan_line[i]}`);
  const stack = trace.stacks[trace.stack[i]];
  if (stack) parts.push(readableStack(stack));
  const [hs, hb] = heatTarget(k, seg, trace.block[i]);
  return { text: parts.filter(Boolean).join(' · '), data: seg === NO_SEGMENT ? EVENT_KIND_NAMES[k] : `${segNames.get(seg) ?? seg}:${trace.block[i]}:${role}:${GET_KIND_NAMES[trace.get_kind[i]]}:${hs}:${hb}` };
}
