// Structure view + trace playback. One picture per access structure, heat
// per block, and the trace played event by event: each event lights its
// block in its get kind's colour, latch gets pulse their CBC child latch.
// All drawing goes through the one requestAnimationFrame scheduler; the
// canvases and the heat are a StructurePainter's (structurePainter.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Activity, Catalog, Step, Trace } from '../model/types';
import { createLocator, hitCell, latchGroup, layoutStructures, type CellRef, type StructureLayout } from '../model/structure';
import { initialPlayback, type PlaybackState } from '../model/playback';
import { SessionTimeline } from './SessionTimeline';
import { ActivityView } from './ActivityView';
import { sidAt } from '../model/sessionTrace';
import { SessionPicker, useSessionTrace } from './SessionPicker';
import { devicesAt } from '../model/deviceFrames';
import { touchedSegments, type ReportInputs } from '../reports/report';
import { requestRedraw } from './scheduler';
import { useResizeRef } from './useResizeRef';
import { cssZoom, StructurePainter, type Scene } from './structurePainter';
import { STRUCTURE_MIN_FONT } from './structureDraw';
import { describeEvent } from './structureEvent';
import { CellTooltip, DevicesAtPlayhead, PlaybackBar, playbackKey, StructureTitle } from './StructureParts';
import { useStepTrace, useThemeCount } from './useStepTrace';
import { useStructurePlayback } from './useStructurePlayback';

export function StructureView({ step, live, catalog, getTrace, getActivity, reportRef, rate, segment, playRef, from, zoom = 1 }: {
  step: Step | null; live: boolean; catalog: Catalog | null; getTrace(step: Step): Promise<Trace | null>;
  /** A step's ASH samples and latch profile (the live engine's; none for a saved run). */
  getActivity?(step: Step): Promise<Activity | null>;
  reportRef: { current: () => Partial<ReportInputs> };
  /** Playback speed to start with (events per second; a demo's `--@ view structure speed=N`). */
  rate?: number;
  /** The segment to bring into view (a demo's `segment=NAME`). */
  segment?: string;
  /** Where the view puts its play / pause while it is shown (presenter mode plays it from the clicker). */
  playRef?: { current: (() => void) | null };
  /** Where a trace opens: the whole picture (default) or its first event (a presenter's slide). */
  from?: 'start' | 'end';
  /** CSS pixels per layout pixel (presenter mode draws the picture larger: labels of 14 px and over). */
  zoom?: number;
}) {
  const { trace: loaded, traceState, traceError } = useStepTrace(step, live, getTrace);
  // A SESSIONS step's trace holds every session's events: all of them play, or one session's (its SID).
  const { trace, picker } = useSessionTrace(loaded);
  const [showAll, setShowAll] = useState(false);
  const [showDevices, setShowDevices] = useState(true);
  const [size, setSize] = useState({ w: 800, h: 400 });
  // The cell under the pointer and its visits so far (taken when the pointer moves and as the playback publishes).
  const [hoverState, setHover] = useState<{ ref: CellRef; x: number; y: number; visits: number; trace: Trace | null } | null>(null);
  // A cell hovered over another trace's picture is not this one's.
  const hover = hoverState && hoverState.trace === trace ? hoverState : null;
  const theme = useThemeCount();
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pb = useRef<PlaybackState>(initialPlayback(0));
  const painter = useRef(new StructurePainter());

  // The canvas's box comes and goes (no step or no catalog shows a message instead): watched while it is there.
  const scrollerRef = useResizeRef<HTMLDivElement>((el) => {
    const w = Math.max(320, el.clientWidth), h = Math.max(120, el.clientHeight);
    setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
  }, scroller);

  const segNames = useMemo(() => new Map((catalog?.segments ?? []).map((s) => [s.id, s.name])), [catalog]);
  const visited = useMemo(() => touchedSegments(trace), [trace]);
  const only = showAll ? undefined : visited;
  const plan = step?.plan;
  // The step's plan and trace too: its hash joins, its partitions' Pstart / Pstop and pruning, its bitmap operators.
  const layout: StructureLayout | null = useMemo(
    () => (catalog ? layoutStructures(catalog, { width: (size.w - 2) / zoom, only, includeCache: true, plan, trace, visited }) : null),
    [catalog, size.w, only, zoom, plan, trace, visited]);
  const locate = useMemo(() => (layout ? createLocator(layout) : null), [layout]);
  const latches = useMemo(() => (layout ? latchGroup(layout) : null), [layout]);
  // The painter reads the palette in effect where the picture is (cached until the colour scheme changes: `theme` then moves on).
  const scene: Scene = useMemo(() => ({ layout, locate, latches, trace, theme, zoom }), [layout, locate, latches, trace, theme, zoom]);

  const draw = useCallback((now: number) => painter.current.draw(canvas.current, scene, { h: size.h, scrollTop: scroller.current?.scrollTop ?? 0 }, pb.current, hover?.ref ?? null, now),
    [scene, size.h, hover]);

  const { ui, controls } = useStructurePlayback({ painterRef: painter, pbRef: pb, scrollerRef: scroller, scene, catalog, rate, segment, from, draw, setHover });
  useEffect(() => { requestRedraw('structure', (now) => { draw(now); }); }, [draw, hover]);

  const toggle = controls.toggle;
  useEffect(() => {
    if (!playRef) return;
    playRef.current = toggle;
    return () => { if (playRef.current === toggle) playRef.current = null; };
  }, [playRef, toggle]);

  const n = trace?.length ?? 0;
  useEffect(() => {
    reportRef.current = () => {
      // The devices at the playhead (its true position, not the last one drawn); the end of the step at the end of the trace.
      const pos = pb.current.pos;
      const at = trace && n > 0 && pos < n ? (pos > 0 ? trace.t_us[pos - 1] : -Infinity) : null;
      return { trace, heat: painter.current.heat, devices: step?.devices?.length ? devicesAt(step.devices, trace?.devices, at, trace?.t_us[0]) : null };
    };
  });

  const cur = describeEvent(trace, ui.pos - 1, locate, segNames);
  // The devices at the playhead: the frame at the current event's time; the
  // end-of-step state once the whole trace is shown.
  const atUs = trace && n > 0 && ui.pos < n ? (ui.pos > 0 ? trace.t_us[ui.pos - 1] : -Infinity) : null;
  const hasDevices = !!step?.devices?.length;
  const liveDevices = useMemo(() => (hasDevices && showDevices ? devicesAt(step!.devices!, trace?.devices, atUs, trace?.t_us[0]) : []),
    [hasDevices, showDevices, step, trace, atUs]);

  const onMove = (e: React.MouseEvent) => {
    if (!layout) return;
    const r = canvas.current!.getBoundingClientRect();
    const top = scroller.current?.scrollTop ?? 0;
    // The pointer is in window pixels: a slide's CSS zoom (to the window) and the picture's own zoom undone.
    const k = zoom * cssZoom(canvas.current);
    const ref = hitCell(layout, (e.clientX - r.left) / k, (e.clientY - r.top) / k + Math.min(top / zoom, Math.max(0, layout.height - size.h / zoom)));
    setHover(ref ? { ref, x: e.clientX, y: e.clientY, visits: painter.current.visits(ref), trace } : null);
  };

  if (!step) return <div className="empty">Select an executed statement to see the structures it visited.</div>;
  if (!catalog) {
    return <div className="empty">{live ? 'No catalog yet: run a script that creates tables.'
      : 'The structures of this step are not kept with it (a saved run, or a run before the engine restarted): open its script and run it again to see them.'}</div>;
  }
  return (
    <section className="structure" aria-label="Structure view" onKeyDown={(e) => playbackKey(e, controls)}>
      <StructureTitle step={step} trace={trace} traceState={traceState} traceError={traceError} showAll={showAll} onShowAll={setShowAll}
        hasDevices={hasDevices} showDevices={showDevices} onShowDevices={setShowDevices}
        picker={<SessionPicker {...picker} />} />
      <div className="canvas-wrap" ref={scrollerRef} onScroll={() => requestRedraw('structure', (now) => { draw(now); })}>
        <canvas ref={canvas} role="img" tabIndex={0} style={{ position: 'sticky', top: 0 }}
          title="Space: play / pause · ← →: step · Home / End: first / last event"
          aria-label={`Structure picture: ${layout?.pictures.map((p) => p.title).join('; ') ?? ''}`}
          data-pos={ui.pos} data-event={cur.data} data-min-font={STRUCTURE_MIN_FONT * zoom}
          onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
        {layout && <div style={{ height: Math.max(0, layout.height * zoom - size.h) }} />}
      </div>
      <PlaybackBar ui={ui} n={n} controls={controls} />
      <div className="readout" aria-label="Current event" data-pos={ui.pos} data-event={cur.data}>{cur.text || '\u00a0'}</div>
      {step.sessions?.length ? <SessionTimeline step={step} atUs={trace && ui.pos > 0 ? trace.t_us[ui.pos - 1] - step.sessions[0].start_us : undefined}
        atSid={sidAt(trace, ui.pos)} traced={picker.traced} /> : null}
      {step.sessions?.length && live && getActivity ? <ActivityView step={step} getActivity={getActivity} /> : null}
      {hasDevices && showDevices && <DevicesAtPlayhead step={step} trace={trace} atUs={atUs} devices={liveDevices} />}
      {hover && <CellTooltip cell={hover.ref} x={hover.x} y={hover.y} visits={hover.visits} />}
    </section>
  );
}
