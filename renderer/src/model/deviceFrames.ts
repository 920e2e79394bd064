// The device view at the playhead: a traced step keeps a bounded number of
// frames of each device it used (engine-wasm/core/src/io/frames.rs: at
// most 48, on the trace's simulated clock, taken as requests arrive). At
// the playhead's time the view shows the last frame at or before it: a
// disk's queue then, a flash device's pages (each frame carries the cells
// that changed since the previous one), and what happened since the
// previous frame (blocks GC erased). At the end of the trace, or without
// frames, the step's end-of-step snapshot stands.
import type { DeviceFigures, DeviceFrame, DeviceFrames, FlashSnapshot } from './types';
import { deviceType } from '../engine/deviceTypes.gen';

/** What the view says about the frame it shows. */
export interface LiveFrame {
  /** The frame's time, and since the step's first frame. */
  t_us: number;
  rel_us: number;
  /** Frame index (0-based) and how many frames the device has. */
  frame: number;
  frames: number;
  /** Requests the device took in the step up to the frame. */
  reads: number;
  writes: number;
  /** Flash: cells a GC erase freed since the previous frame. */
  erased: number[];
  /** Flash: erases since the previous frame, and so far in the step. */
  gc: { erases: number; background: number; foreground: number };
  gcStep: { erases: number; moved: number };
  /** Disk: the deepest queue among the step's frames (the gauge's scale). */
  queueMax: number;
}

export type DeviceAt = DeviceFigures & { live?: LiveFrame };

/** The last frame at or before `tUs` (the first frame when `tUs` is before them all). */
export function frameIndex(frames: readonly DeviceFrame[], tUs: number): number {
  let lo = 0, hi = frames.length - 1, best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid].t_us <= tUs) { best = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return best;
}

/** A flash device's cells after frames 0..k (each frame's changes over the previous), and before frame k. */
export function flashCells(frames: readonly DeviceFrame[], k: number, cells: number): { now: [number, number, number][]; before: [number, number, number][] } {
  const grid: [number, number, number][] = Array.from({ length: cells }, () => [0, 0, 0]);
  let before = grid.map((c) => [...c] as [number, number, number]);
  for (let i = 0; i <= k && i < frames.length; i++) {
    if (i === k) before = grid.map((c) => [...c] as [number, number, number]);
    const cs = frames[i].flash?.cells ?? [];
    for (let j = 0; j + 3 < cs.length; j += 4) {
      const c = cs[j];
      if (c < cells) grid[c] = [cs[j + 1], cs[j + 2], cs[j + 3]];
    }
  }
  return { now: grid, before };
}

function counter(d: DeviceFigures, name: string): { delta: number; total: number } {
  return d.counters.find((c) => c.name === name) ?? { delta: 0, total: 0 };
}

/** One device at frame k of its frames. */
export function deviceAtFrame(d: DeviceFigures, track: DeviceFrames, k: number, originUs?: number): DeviceAt {
  const fs = track.frames;
  const f = fs[k];
  const prev = k > 0 ? fs[k - 1] : undefined;
  const snapshot = { ...d.snapshot };
  let erased: number[] = [];
  const gc = { erases: 0, background: 0, foreground: 0 };
  const gcStep = { erases: 0, moved: 0 };
  const end = d.snapshot.flash;
  if (end && f.flash) {
    const { now, before } = flashCells(fs, k, end.blocks.length);
    if (k > 0) erased = now.flatMap((c, i) => (c[2] > before[i][2] ? [i] : []));
    const fl = f.flash;
    const flash: FlashSnapshot = {
      ...end, blocks: now, open: fl.open,
      valid_pages: fl.valid_pages, invalid_pages: fl.invalid_pages, free_pages: fl.free_pages,
      erases: fl.erases, gc_background: fl.gc_background, gc_foreground: fl.gc_foreground, gc_pages_moved: fl.gc_pages_moved,
    };
    snapshot.flash = flash;
    if (prev?.flash) {
      gc.erases = fl.erases - prev.flash.erases;
      gc.background = fl.gc_background - prev.flash.gc_background;
      gc.foreground = fl.gc_foreground - prev.flash.gc_foreground;
    }
    // The step started with the end's totals less the step's changes (a cell's flash counts as the cell's).
    const e = counter(d, 'erases'), m = counter(d, 'gc_pages_moved');
    if (!deviceType(d.kind)?.flashPart) {
      gcStep.erases = Math.max(0, fl.erases - (e.total - e.delta));
      gcStep.moved = Math.max(0, fl.gc_pages_moved - (m.total - m.delta));
    } else {
      gcStep.erases = Math.max(0, fl.erases - (fs[0].flash?.erases ?? fl.erases));
      gcStep.moved = Math.max(0, fl.gc_pages_moved - (fs[0].flash?.gc_pages_moved ?? fl.gc_pages_moved));
    }
  }
  if (f.queue) snapshot.queue = f.queue;
  const queueMax = fs.reduce((m, x) => Math.max(m, x.queue?.queue_depth ?? 0, ...(x.disks ?? []).map((q) => q.queue_depth)), 0);
  if (f.disks && f.disks.length) snapshot.disks = f.disks;
  return {
    ...d, snapshot,
    live: { t_us: f.t_us, rel_us: Math.max(0, f.t_us - (originUs ?? fs[0].t_us)), frame: k, frames: fs.length, reads: f.reads, writes: f.writes, erased, gc, gcStep, queueMax },
  };
}

/**
 * The step's devices at trace time `tUs`: each device with frames as its
 * last frame at or before then; `tUs` null (the end of the trace, or not
 * playing) keeps the end-of-step figures. `originUs`: the time the frames'
 * `rel_us` count from (the trace's first event; the first frame by default).
 */
export function devicesAt(devices: DeviceFigures[], frames: DeviceFrames[] | undefined, tUs: number | null, originUs?: number): DeviceAt[] {
  if (tUs === null || !frames?.length) return devices;
  return devices.map((d) => {
    const track = frames.find((f) => f.name === d.name);
    if (!track || track.frames.length === 0) return d;
    return deviceAtFrame(d, track, frameIndex(track.frames, tUs), originUs);
  });
}
