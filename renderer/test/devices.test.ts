import { describe, expect, it } from 'vitest';
import { devicesSvg, fmtBytes, gridShape, wrapParts } from '../src/reports/devices';
import type { DeviceFigures } from '../src/model/types';

const c = (name: string, delta: number, total: number) => ({ name, delta, total });

/** 6 erase blocks of 4 pages: two full of valid, one mixed (the frontier), one all invalid, two free. */
const flash: DeviceFigures = {
  name: 'FL', kind: 'pcie_flash',
  counters: [c('physical read total IO requests', 2, 9), c('physical write total IO requests', 7, 30), c('erases', 1, 3), c('gc_background', 0, 2), c('gc_foreground', 1, 1)],
  snapshot: {
    flash: {
      erase_blocks: 6, pages_per_block: 4, group: 1,
      blocks: [[4, 0, 0], [4, 0, 0], [1, 1, 2], [0, 4, 0], [0, 0, 4], [0, 0, 4]],
      open: 2, valid_pages: 9, invalid_pages: 5, free_pages: 10,
      erases: 3, gc_background: 2, gc_foreground: 1, gc_pages_moved: 4, write_amplification: 1.25,
    },
  },
};

const disk: DeviceFigures = {
  name: 'SLOW', kind: 'hdd',
  counters: [c('physical write total IO requests', 40, 40)],
  snapshot: { queue: { queue_depth: 2, max_queue_depth: 5, dirty_bytes: 3 * 1048576, write_cache_bytes: 8_000_000 } },
};

describe('device view', () => {
  it('draws one bar per erase block with its valid, invalid and free pages', () => {
    const svg = devicesSvg([flash], 'step 3');
    const blocks = [...svg.matchAll(/class="eblock" data-i="(\d+)" data-valid="(\d+)" data-invalid="(\d+)" data-free="(\d+)"/g)].map((m) => m.slice(1).join(':'));
    expect(blocks).toEqual(['0:4:0:0', '1:4:0:0', '2:1:1:2', '3:0:4:0', '4:0:0:4', '5:0:0:4']);
    // The frontier is named, the invalid pages are hatched, the legend is there.
    expect(svg).toContain('erase block 2: 1 valid, 1 invalid, 2 free pages (write frontier)');
    expect(svg).toContain('fill="url(#lio-invalid-pages)"');
    for (const l of ['valid', 'invalid', 'free (erased)', 'write frontier']) expect(svg).toContain(`>${l}</text>`);
    expect(svg).toContain('pages: 9 valid (38%) · 5 invalid (21%) · 10 free (42%)');
    expect(svg).toContain('GC in this step: 1 erase · 0 background, 1 foreground<');
    expect(svg).toContain('write amplification 1.25 · so far 3 erases, 4 pages moved<');
    // Nothing cut short at 440 px.
    expect(svg).not.toContain('…');
    expect(svg).toContain('PCIe flash · this step 2 reads, 7 writes');
  });
  it('says when blocks are grouped', () => {
    const big: DeviceFigures = { ...flash, snapshot: { flash: { ...flash.snapshot.flash!, erase_blocks: 8192, pages_per_block: 128, group: 8, blocks: Array.from({ length: 1024 }, () => [0, 0, 1024] as [number, number, number]), open: undefined } } };
    const svg = devicesSvg([big], 'big');
    expect(svg.match(/class="eblock"/g)?.length).toBe(1024);
    expect(svg).toContain('8,192 erase blocks of 128 pages · shown 8 to a cell (1,024 cells)');
    expect(svg).toContain('erase blocks 8-15: 0 valid, 0 invalid, 1,024 free pages');
  });
  it('lays the grid out within 440 px', () => {
    for (const n of [1, 6, 64, 300, 1024]) {
      const g = gridShape(n, 440);
      expect(g.cols * g.cw).toBeLessThanOrEqual(440.001);
      expect(g.cw).toBeGreaterThanOrEqual(6);
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(n);
    }
    const svg = devicesSvg([flash, disk], 't', { width: 440 });
    // Nothing drawn past the panel's right edge.
    for (const m of svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)) expect(Number(m[1]) + Number(m[2])).toBeLessThanOrEqual(440 + 2 * 12 + 0.01);
  });
  it('wraps captions at their separators in a narrow column instead of cutting them', () => {
    const svg = devicesSvg([flash], 't', { width: 300 });
    expect(svg).not.toContain('…');
    expect(svg).toContain('>pages: 9 valid (38%) · 5 invalid (21%)</text>');
    expect(svg).toContain('>10 free (42%)</text>');
    expect(wrapParts('a · b · c', 1000)).toEqual(['a · b · c']);
    expect(wrapParts('aaaa · bbbb', 40)).toEqual(['aaaa', 'bbbb']);
  });
  it('draws a disk as its queue and write cache', () => {
    const svg = devicesSvg([disk], 't');
    expect(svg).toMatch(/class="queue" data-depth="2" data-max="5"/);
    expect(svg).toContain('request queue: 2 in the device at its last request (max 5)');
    expect(svg).toContain('write cache: 3.1 MB dirty of 8.0 MB');
    expect(fmtBytes(512)).toBe('512 B');
    expect(fmtBytes(4096)).toBe('4.0 KB');
  });
  it('says so when no device was used', () => {
    expect(devicesSvg([], 't')).toContain('No device I/O in this step.');
  });
});
