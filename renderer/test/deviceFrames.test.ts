import { describe, expect, it } from 'vitest';
import { deviceAtFrame, devicesAt, flashCells, frameIndex } from '../src/model/deviceFrames';
import { devicesSvg } from '../src/reports/devices';
import type { DeviceFigures, DeviceFrame, DeviceFrames } from '../src/model/types';

const c = (name: string, delta: number, total: number) => ({ name, delta, total });
const fl = (cells: number[], erases = 0, fg = 0, open?: number, moved = 0) => {
  return { valid_pages: 0, invalid_pages: 0, free_pages: 0, erases, gc_background: 0, gc_foreground: fg, gc_pages_moved: moved, open, cells };
};

/** 4 erase blocks of 4 pages. The step's end: block 0 erased and refilled in part. */
const flash: DeviceFigures = {
  name: 'FL', kind: 'pcie_flash',
  counters: [c('physical write total IO requests', 9, 9), c('erases', 1, 1), c('gc_pages_moved', 1, 1)],
  snapshot: {
    flash: {
      erase_blocks: 4, pages_per_block: 4, group: 1,
      blocks: [[1, 0, 3], [3, 1, 0], [0, 0, 4], [0, 0, 4]], open: 0,
      valid_pages: 4, invalid_pages: 1, free_pages: 11,
      erases: 1, gc_background: 0, gc_foreground: 1, gc_pages_moved: 1, write_amplification: 1.1,
    },
  },
};
/**
 * Frames: at 100 all free; at 200 three pages written into block 0; at 300
 * they are overwritten (block 0 all but one invalid... full) and block 1
 * takes two; at 400 GC has moved block 0's valid page and erased it.
 */
const frames: DeviceFrame[] = [
  { t_us: 100, reads: 0, writes: 0, flash: fl([0, 0, 0, 4, 1, 0, 0, 4, 2, 0, 0, 4, 3, 0, 0, 4]) },
  { t_us: 200, reads: 0, writes: 3, flash: fl([0, 3, 0, 1], 0, 0, 0) },
  { t_us: 300, reads: 1, writes: 6, flash: fl([0, 1, 3, 0, 1, 2, 0, 2], 0, 0, 1) },
  { t_us: 400, reads: 1, writes: 8, flash: fl([0, 0, 0, 4, 1, 3, 0, 1], 1, 1, 1, 1) },
];
const track: DeviceFrames = { name: 'FL', frames };

const disk: DeviceFigures = {
  name: 'SLOW', kind: 'hdd', counters: [c('physical read total IO requests', 5, 5)],
  snapshot: { queue: { queue_depth: 0, max_queue_depth: 3, dirty_bytes: 0, write_cache_bytes: 0 } },
};
const q = (depth: number) => ({ queue_depth: depth, max_queue_depth: 3, dirty_bytes: 0, write_cache_bytes: 0 });
const diskTrack: DeviceFrames = {
  name: 'SLOW',
  frames: [{ t_us: 0, reads: 0, writes: 0, queue: q(0) }, { t_us: 5000, reads: 3, writes: 0, queue: q(3) }, { t_us: 10000, reads: 5, writes: 0, queue: q(1) }],
};

describe('device frames at the playhead', () => {
  it('finds the last frame at or before a time', () => {
    expect([50, 100, 150, 200, 399, 400, 1e9].map((t) => frameIndex(frames, t))).toEqual([0, 0, 0, 1, 2, 3, 3]);
    expect(frameIndex(frames, -Infinity)).toBe(0);
  });
  it('rebuilds the pages from each frame\'s changes', () => {
    expect(flashCells(frames, 0, 4).now).toEqual([[0, 0, 4], [0, 0, 4], [0, 0, 4], [0, 0, 4]]);
    expect(flashCells(frames, 2, 4).now).toEqual([[1, 3, 0], [2, 0, 2], [0, 0, 4], [0, 0, 4]]);
    const { now, before } = flashCells(frames, 3, 4);
    expect(before).toEqual([[1, 3, 0], [2, 0, 2], [0, 0, 4], [0, 0, 4]]);
    expect(now).toEqual([[0, 0, 4], [3, 0, 1], [0, 0, 4], [0, 0, 4]]);
  });
  it('keeps the end of the step when not playing or without frames', () => {
    const devs = [flash, disk];
    expect(devicesAt(devs, [track], null)).toBe(devs);
    expect(devicesAt(devs, undefined, 250)).toBe(devs);
    expect(devicesAt(devs, [track], 250)[1]).toBe(disk);
  });
  it('shows a flash device at its frame, with the blocks GC erased since the previous one', () => {
    const mid = devicesAt([flash], [track], 250)[0];
    expect(mid.snapshot.flash!.blocks).toEqual([[3, 0, 1], [0, 0, 4], [0, 0, 4], [0, 0, 4]]);
    expect(mid.live).toMatchObject({ frame: 1, frames: 4, rel_us: 100, writes: 3, erased: [], gc: { erases: 0 } });
    const gc = deviceAtFrame(flash, track, 3);
    expect(gc.live).toMatchObject({ frame: 3, erased: [0], gc: { erases: 1, foreground: 1, background: 0 }, gcStep: { erases: 1, moved: 1 } });
    expect(gc.snapshot.flash!.open).toBe(1);
    // The end-of-step figures are not touched.
    expect(flash.snapshot.flash!.blocks[0]).toEqual([1, 0, 3]);
    const svg = devicesSvg([gc], 'step 7');
    expect(svg).toMatch(/class="device" data-name="FL" data-kind="pcie_flash" data-frame="3" data-t="300"/);
    expect(svg).toMatch(/class="eblock" data-i="0" data-valid="0" data-invalid="0" data-free="4" data-erased="1"/);
    expect(svg).toContain('erase block 0: 0 valid, 0 invalid, 4 free pages (erased by GC since the previous frame)');
    expect(svg).toContain('>erased by GC</text>');
    expect(svg).toContain('>GC now: 1 erase since the previous frame<');
    expect(svg).toContain('>0 background, 1 foreground<');
    // The legend wraps rather than running past the column.
    for (const m of svg.matchAll(/<g class="legend"><rect x="([\d.]+)"/g)) expect(Number(m[1])).toBeLessThan(440 - 60);
    expect(svg).toContain('PCIe flash · so far 1 reads, 8 writes');
    expect(svg).toContain('at the trace playback');
    const quiet = devicesSvg([mid], 'step 7');
    expect(quiet).toContain('no GC since the previous frame · 0 erases so far in this step');
    expect(quiet).not.toContain('device so far');
    expect(svg).toContain('device so far: 1 erase, 1 valid page moved by GC (1 in this step)');
    expect(quiet).not.toContain('data-erased');
  });
  it('shows a disk\'s queue at the frame time', () => {
    const at = (t: number) => devicesAt([disk], [diskTrack], t)[0];
    expect([0, 4999, 5000, 7000, 20000].map((t) => at(t).snapshot.queue!.queue_depth)).toEqual([0, 0, 3, 3, 1]);
    const svg = devicesSvg([at(7000)], 't');
    expect(svg).toMatch(/class="queue" data-depth="3" data-max="3"/);
    expect(svg).toContain('request queue: 3 in flight at +5 ms (deepest sampled: 3)');
    // Counted from the trace's first event when given; the gauge scales to the step's frames.
    const late = devicesAt([{ ...disk, snapshot: { queue: { ...q(0), max_queue_depth: 158 } } }], [diskTrack], 12000, 2000)[0];
    expect(late.live).toMatchObject({ rel_us: 8000, queueMax: 3 });
    expect(devicesSvg([late], 't')).toContain('>4</text>');
    expect(svg).toContain('hard disk · so far 3 reads, 0 writes');
  });
});
