// The Structure view's pieces around the canvas: its title bar (trace state,
// legend, options), the playback controls, the devices at the playhead and
// the hovered cell's tooltip.
import type { Step, Trace } from '../model/types';
import { GetKind } from '../model/types';
import { roleName, type CellRef } from '../model/structure';
import { RATES, type PlaybackState } from '../model/playback';
import { fmtNum, fmtUs } from '../model/stats';
import type { DeviceAt } from '../model/deviceFrames';
import { DeviceView } from './DeviceView';
import { IconBack, IconFirst, IconFwd, IconLast, IconPause, IconPlay } from './icons';

const GET_LEGEND: [number, string][] = [
  [GetKind.EXAMINATION, 'examination'], [GetKind.NORMAL, 'normal'], [GetKind.PIN, 'pin'], [GetKind.PINNED, 'pinned revisit'], [GetKind.MEMOPT, 'memopt'],
  [GetKind.CURRENT, 'current (db block get)'],
];

export type TraceState = 'none' | 'loading' | 'ready' | 'unavailable' | 'evicted' | 'error';

export function StructureTitle({ step, trace, traceState, traceError, showAll, onShowAll, hasDevices, showDevices, onShowDevices, picker }: {
  step: Step; trace: Trace | null; traceState: TraceState; traceError?: string; showAll: boolean; onShowAll(on: boolean): void;
  hasDevices: boolean; showDevices: boolean; onShowDevices(on: boolean): void;
  /** The session selector of a SESSIONS step's trace. */
  picker?: React.ReactNode;
}) {
  const n = trace?.length ?? 0;
  return (
    <div className="pane-title" style={{ textTransform: 'none', letterSpacing: 0, flexWrap: 'wrap' }}>
      <h3 style={{ textTransform: 'uppercase', letterSpacing: '.6px' }}>Structures</h3>
      <span className="muted">
        {traceState === 'loading' ? 'loading trace…' : traceState === 'unavailable' ? 'trace not kept for earlier runs: re-run to play it'
          : traceState === 'evicted' ? `${fmtNum(step.trace_events)} events recorded, but the engine keeps only the most recent steps' traces: run this statement again (Ctrl+Enter) to play it`
          : traceState === 'error' ? `could not load the trace${traceError ? `: ${traceError}` : ''}` : n ? `${fmtNum(n)} events${trace?.truncated ? ` (truncated; final heat from the engine's per-block totals)` : ''}` : 'no trace events for this statement'}
      </span>
      <span className="spacer" />
      <div className="legend" aria-label="Get kinds">
        {GET_LEGEND.map(([k, label]) => <span key={k}><span className="sw" style={{ background: `var(${['--get-exam', '--get-normal', '--get-pin', '--get-pinned', '--get-memopt', '--get-current'][k]})` }} />{label}</span>)}
        <span><span className="sw" style={{ background: 'linear-gradient(90deg, var(--heat-lo), var(--heat-hi))', width: 24 }} />visits</span>
      </div>
      <label style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <input type="checkbox" checked={showAll} onChange={(e) => onShowAll(e.target.checked)} />All segments
      </label>
      {picker}
      {hasDevices && <label style={{ display: 'flex', alignItems: 'center', gap: 4 }} title="The devices the step used, at the playhead">
        <input type="checkbox" checked={showDevices} onChange={(e) => onShowDevices(e.target.checked)} />Devices
      </label>}
    </div>
  );
}

export interface PlaybackControls { toggle(): void; back(): void; fwd(): void; first(): void; last(): void; rate(r: number): void; seek(pos: number): void }

export function PlaybackBar({ ui, n, controls }: { ui: PlaybackState; n: number; controls: PlaybackControls }) {
  return (
    <div className="playback" role="group" aria-label="Trace playback">
      <button className="btn icon" onClick={controls.first} disabled={!n} aria-label="First event" title="First event (Home)"><IconFirst /></button>
      <button className="btn icon" onClick={controls.back} disabled={!n || ui.pos === 0} aria-label="Step back" title="Step back (←)"><IconBack /></button>
      <button className="btn icon primary" onClick={controls.toggle} disabled={!n} aria-label={ui.playing ? 'Pause' : 'Play'} title="Play / pause (Space)" style={{ minWidth: 64 }}>
        {ui.playing ? <><IconPause /> Pause</> : <><IconPlay /> Play</>}</button>
      <button className="btn icon" onClick={controls.fwd} disabled={!n || ui.pos >= n} aria-label="Step forward" title="Step forward (→)"><IconFwd /></button>
      <button className="btn icon" onClick={controls.last} disabled={!n} aria-label="Last event" title="Last event (End)"><IconLast /></button>
      <label className="muted" htmlFor="speed" style={{ marginLeft: 6 }}>Speed</label>
      <select id="speed" className="input" aria-label="Speed" value={ui.rate} onChange={(e) => controls.rate(Number(e.target.value))}>
        {RATES.map((r) => <option key={r} value={r}>{fmtNum(r)} ev/s</option>)}
      </select>
      <input type="range" aria-label="Trace position" min={0} max={n} step={1} value={ui.pos} disabled={!n}
        aria-valuetext={`${fmtNum(ui.pos)} of ${fmtNum(n)} events`}
        onChange={(e) => controls.seek(Number(e.target.value))} />
      <span className="mono" style={{ minWidth: 120, textAlign: 'right' }}>{fmtNum(ui.pos)} / {fmtNum(n)}</span>
    </div>
  );
}

/** The devices the step used, at the playhead (`atUs`: the current event's time; null: the end of the step). */
export function DevicesAtPlayhead({ step, trace, atUs, devices }: { step: Step; trace: Trace | null; atUs: number | null; devices: DeviceAt[] }) {
  const shownFrame = devices.find((d) => 'live' in d && d.live)?.live;
  return (
    <div className="device-live" data-live={atUs !== null && !!trace?.devices?.length ? 'frame' : 'end'}>
      <div className="timeline-head">
        <strong>Devices</strong>
        <span className="muted">{atUs !== null && trace?.devices?.length
          ? `at the playhead: ${shownFrame ? `state at +${fmtUs(shownFrame.rel_us)}, frame ${fmtNum(shownFrame.frame + 1)} of ${fmtNum(shownFrame.frames)} ` : ''}(the engine samples each device at most 48 times a step, as requests arrive)`
          : trace && !trace.devices?.length ? 'at the end of the step (no frames kept for this trace)' : 'at the end of the step · press Play or drag the slider to follow the trace'}</span>
      </div>
      <DeviceView devices={devices} title={`step ${step.index}`} width={440} counters={false} label="Devices at the playhead" />
    </div>
  );
}

export function CellTooltip({ cell, x, y, visits }: { cell: CellRef; x: number; y: number; visits: number }) {
  return (
    <div className="tooltip" style={{ left: Math.min(x + 14, window.innerWidth - 430), top: y + 14 }}>
      <div className="t-title">{cell.picture.title}</div>
      <div className="t-row"><span>{roleName(cell.group, cell.block)}</span><span>{cell.group.role === 'latch' ? `child #${cell.block}` : `block ${cell.block}`}</span></div>
      <div className="t-row"><span>{cell.group.role === 'latch' ? 'latch gets' : 'visits'} so far</span><span>{fmtNum(visits)}</span></div>
      <div className="muted" style={{ fontSize: 11 }}>{cell.group.label}</div>
    </div>
  );
}

/** The playback's keys: Space play / pause, ← → step, Home / End first / last (a picker or a text box keeps its keys). */
export function playbackKey(e: React.KeyboardEvent, controls: PlaybackControls) {
  const target = e.target as HTMLElement;
  if (target.closest('select, input:not([type=range])')) return;
  if (e.key === ' ') { e.preventDefault(); controls.toggle(); }
  else if (e.key === 'ArrowRight' && !target.matches('input[type=range]')) { e.preventDefault(); controls.fwd(); }
  else if (e.key === 'ArrowLeft' && !target.matches('input[type=range]')) { e.preventDefault(); controls.back(); }
  else if (e.key === 'Home') { e.preventDefault(); controls.first(); }
  else if (e.key === 'End') { e.preventDefault(); controls.last(); }
}
