// The device view in the exports: buildReport('devices') and the one-page
// report's Devices section, on a step that used a flash device and a disk.
import { describe, expect, it } from 'vitest';
import { checkXml } from './xml';
import { CATALOG, FOLDED_T1 } from './fixtures';
import { buildReport } from '../src/reports/report';
import { esc } from '../src/reports/svg';
import { devicesAt } from '../src/model/deviceFrames';
import { wrapWords } from '../src/reports/svg';
import type { DeviceFigures, DeviceFrames, Step } from '../src/model/types';

const c = (name: string, delta: number, total: number) => ({ name, delta, total });

/** 6 erase blocks of 4 pages: two full, the frontier, one all invalid, two free; GC erased one block in the step. */
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

/** A disk with an 8 MB controller write cache, 3 MB dirty at the step's end. */
const disk: DeviceFigures = {
  name: 'SLOW', kind: 'hdd',
  counters: [c('physical write total IO requests', 40, 40)],
  snapshot: { queue: { queue_depth: 2, max_queue_depth: 5, dirty_bytes: 3 * 1048576, write_cache_bytes: 8_000_000 } },
};

const STEP: Step = {
  index: 9, line: 21, column: 1, statement: "LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 2000 AUTOCOMMIT", kind: 'lab', error: null,
  columns: [], rows: [], rows_processed: 0, output: [], autotrace: 'off', plan: [],
  stats: { 'consistent gets': 4000, 'db block gets': 6000, 'redo size': 1_200_000, 'user commits': 2000 },
  latches: {}, waits: { 'log file sync': { count: 2000, time_us: 1_500_000 } },
  elapsed_us: 2_100_000, folded: FOLDED_T1, trace_events: 0,
  devices: [flash, disk],
};

function wellFormed(svg: string) {
  const r = checkXml(svg);
  if (!r.ok) throw new Error(`${r.error} at ${r.at}: ${svg.slice(Math.max(0, r.at - 60), r.at + 60)}`);
  expect(r.root).toBe('svg');
}

const size = (svg: string) => {
  const m = /<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg)!;
  return { w: Number(m[1]), h: Number(m[2]) };
};

describe('device export', () => {
  it('draws the step\'s devices at its end, side by side, with a heading', () => {
    const { svg, name } = buildReport('devices', { step: STEP, catalog: CATALOG });
    wellFormed(svg);
    expect(name).toBe('lio-lab-run-update-t-set-v-v-1-where-id-1-bi-9-devices.svg');
    // Both devices, the flash's six blocks, the disk's queue and cache.
    expect([...svg.matchAll(/class="device" data-name="(\w+)" data-kind="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['FL:pcie_flash', 'SLOW:hdd']);
    expect(svg.match(/class="eblock"/g)).toHaveLength(6);
    expect(svg).toMatch(/class="queue" data-depth="2" data-max="5"/);
    expect(svg).toContain('write cache: 3.1 MB dirty of 8.0 MB');
    expect(svg).toContain('GC in this step: 1 erase · 0 background, 1 foreground<');
    // The heading says what and when.
    expect(svg).toContain(`>${esc(`Devices · ${STEP.statement}`)}</text>`);
    expect(svg).toContain('>step #9 · line 21 · at the end of the step · simulated</text>');
    // Side by side: the disk's panel starts right of the flash's, on the same row.
    const at = [...svg.matchAll(/class="device" data-name="\w+" data-kind="\w+" transform="translate\(([\d.]+) ([\d.]+)\)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(at[0]).toEqual([0, 0]);
    expect(at[1][0]).toBeGreaterThan(400);
    expect(at[1][1]).toBe(0);
    // Landscape, nothing cut short, nothing past the right edge.
    const { w, h } = size(svg);
    expect(w).toBeGreaterThan(h);
    expect(svg).not.toContain('…');
    for (const m of svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)) expect(Number(m[1]) + Number(m[2])).toBeLessThanOrEqual(w + 0.01);
  });

  it('one device: its panel, and its counters that moved in the other column', () => {
    const { svg } = buildReport('devices', { step: { ...STEP, devices: [flash] }, catalog: CATALOG });
    wellFormed(svg);
    expect(size(svg).w).toBe(960 + 24);
    expect(svg.match(/class="device"/g)).toHaveLength(1);
    expect(svg).toMatch(/<g class="device-counters" transform="translate\(496 0\)">/);
    expect([...svg.matchAll(/class="counter" data-name="([^"]+)"/g)].map((m) => m[1])).toEqual(
      ['physical read total IO requests', 'physical write total IO requests', 'erases', 'gc_foreground']);
    expect(svg).toMatch(/>physical write total IO requests<\/text><text[^>]*>\+7<\/text><text[^>]*>30<\/text>/);
  });

  it('draws the devices at the playhead when the UI passes them', () => {
    const track: DeviceFrames = {
      name: 'SLOW',
      frames: [
        { t_us: 1000, reads: 0, writes: 0, queue: { queue_depth: 0, max_queue_depth: 5, dirty_bytes: 0, write_cache_bytes: 8_000_000 } },
        { t_us: 1500, reads: 0, writes: 12, queue: { queue_depth: 4, max_queue_depth: 5, dirty_bytes: 2_000_000, write_cache_bytes: 8_000_000 } },
        { t_us: 2500, reads: 0, writes: 30, queue: { queue_depth: 1, max_queue_depth: 5, dirty_bytes: 3_000_000, write_cache_bytes: 8_000_000 } },
      ],
    };
    const devices = devicesAt(STEP.devices!, [track], 1800, 1000);
    const { svg } = buildReport('devices', { step: STEP, catalog: CATALOG, devices });
    wellFormed(svg);
    expect(svg).toMatch(/class="device" data-name="SLOW" data-kind="hdd" data-frame="1" data-t="500"/);
    expect(svg).toMatch(/class="queue" data-depth="4"/);
    expect(svg).toContain('request queue: 4 in flight at +500 µs');
    expect(svg).toContain('>step #9 · line 21 · at +500 µs into the trace (playback position; frame 2 of 3) · simulated</text>');
    expect(svg).toContain('at the trace playback&apos;s time');
    // At the end of the trace (null): the end of the step again.
    const end = buildReport('devices', { step: STEP, catalog: CATALOG, devices: devicesAt(STEP.devices!, [track], null) }).svg;
    expect(end).toContain('at the end of the step · simulated');
    expect(end).toMatch(/class="queue" data-depth="2"/);
  });

  it('refuses a step that used no device', () => {
    expect(() => buildReport('devices', { step: { ...STEP, devices: [] }, catalog: CATALOG })).toThrow(/used no device/);
    expect(() => buildReport('devices', { step: { ...STEP, devices: undefined }, catalog: CATALOG })).toThrow(/used no device/);
    expect(() => buildReport('devices', { step: null, catalog: CATALOG })).toThrow(/select a statement/);
  });
});

describe('the one-page report\'s Devices section', () => {
  it('sits below the statistics and above the flame graph when the step used devices', () => {
    const { svg } = buildReport('report', { step: STEP, catalog: CATALOG, trace: null });
    wellFormed(svg);
    expect(svg).toContain('>Devices</text>');
    expect(svg).toContain('>at the end of the step</text>');
    expect(svg.match(/class="device" data-name/g)).toHaveLength(2);
    expect(svg.match(/class="eblock"/g)).toHaveLength(6);
    // Its own hatch pattern id, defined once.
    expect(svg.match(/<pattern id="lio-report-invalid-pages"/g)).toHaveLength(1);
    expect(svg).toContain('fill="url(#lio-report-invalid-pages)"');
    const yOf = (re: RegExp) => {
      const i = svg.search(re);
      expect(i).toBeGreaterThan(-1);
      const before = svg.slice(0, i);
      return Number([...before.matchAll(/<g (?:class="devices" )?transform="translate\([\d.]+ ([\d.]+)\)"/g)].pop()![1]);
    };
    const stats = yOf(/>consistent gets</);
    const devices = yOf(/>Devices</);
    const flame = yOf(/>Flame graph \(simulated time/);
    expect(stats).toBeLessThan(devices);
    expect(devices).toBeLessThan(flame);
    expect(svg).toContain('statistics, plan, structures, devices and flame graph');
    // Nothing in the section cut short.
    expect(/<g class="devices"[^\n]*/.exec(svg)![0]).not.toContain('…');
  });
  it('is left out when the step used no device', () => {
    const { svg } = buildReport('report', { step: { ...STEP, devices: [] }, catalog: CATALOG, trace: null });
    wellFormed(svg);
    expect(svg).not.toContain('>Devices</text>');
    expect(svg).not.toContain('class="device"');
  });
});

describe('the device export\'s heading', () => {
  it('puts a long statement on two lines rather than cutting it', () => {
    const long = `UPDATE t SET payload = RPAD('y', 3000, 'y') WHERE id BETWEEN :1 AND :1 + 10 AND owner = 'SCOTT'`;
    const { svg } = buildReport('devices', { step: { ...STEP, statement: `${long} ${long}`, devices: [disk] }, catalog: CATALOG });
    wellFormed(svg);
    const heads = [...svg.matchAll(/<text x="0" y="(\d+)" font-size="15" font-weight="700"[^>]*>([^<]*)<\/text>/g)];
    expect(heads.map((m) => m[1])).toEqual(['15', '34']);
    expect(heads.map((m) => m[2]).join(' ')).toBe(esc(`Devices · ${long} ${long}`));
    expect(svg).not.toContain('…');
    expect(wrapWords('a b c', 1000, 12, 2)).toEqual(['a b c']);
    expect(wrapWords('aaaa bbbb cccc', 40, 12, 2)).toEqual(['aaaa', 'bbbb …']);
  });
});

describe('a cell in the device view', () => {
  const q = (depth: number, dirty: number) => ({ queue_depth: depth, max_queue_depth: 9, dirty_bytes: dirty, write_cache_bytes: 1_000_000 });
  const cell: DeviceFigures = {
    name: 'CELL', kind: 'exadata_cell',
    counters: [c('physical write total IO requests', 100, 100), c('FL_FLASH_FIRST', 40, 40), c('FL_DISK_FIRST', 60, 60), c('flash_log_skipped', 7, 7),
      c('FL_PREVENTED_OUTLIERS', 0, 0), c('flash_cache_writeback_blocks', 12, 12), c('flash_cache_destaged_blocks', 5, 5),
      c('flash_cache_dirty_blocks', 2, 7)],
    snapshot: {
      flash: { ...flash.snapshot.flash!, blocks: Array.from({ length: 6 }, () => [0, 0, 4] as [number, number, number]), open: undefined,
        valid_pages: 0, invalid_pages: 0, free_pages: 24, erases: 0, gc_background: 0, gc_foreground: 0, gc_pages_moved: 0, write_amplification: 0 },
      disks: [q(9, 950_000), q(2, 990_000), q(0, 0)],
    },
  };
  it('draws each disk\'s write cache and says how many are full', () => {
    const { svg } = buildReport('devices', { step: { ...STEP, devices: [cell] }, catalog: CATALOG });
    wellFormed(svg);
    expect([...svg.matchAll(/class="disk" data-depth="(\d+)" data-max="9" data-dirty="(\d+)"/g)].map((m) => `${m[1]}/${m[2]}`)).toEqual(['9/950000', '2/990000', '0/0']);
    expect(svg).toContain('disk 1: queue 2, max 9; write cache 990 kB dirty of 1.0 MB');
    expect(svg).toMatch(/class="disk-caches" data-dirty="1940000" data-full="2"/);
    expect(svg).toContain('write caches: 1.9 MB dirty of 3.0 MB · 2 of 3 disks 90% full or more');
  });
  it('names the flash cache and smart flash logging figures of the step', () => {
    const { svg } = buildReport('devices', { step: { ...STEP, devices: [cell] }, catalog: CATALOG });
    const fc = [...svg.matchAll(/class="flash-cache"[^>]*>([^<]*)</g)].map((m) => m[1]).join(' · ');
    // The dirty blocks are the level at the step's end (7), not the step's change (2).
    expect(fc).toBe('flash cache in this step: 12 blocks written back · 5 destaged · 7 still dirty in flash when the step ended');
    // Wrapped at its separators in the 560 px column.
    const fl = [...svg.matchAll(/class="flash-log"[^>]*>([^<]*)</g)].map((m) => m[1]).join(' · ');
    expect(fl).toBe('smart flash logging in this step: FL_FLASH_FIRST 40 · FL_DISK_FIRST 60 (7 with the flash log busy) · FL_PREVENTED_OUTLIERS 0');
    // A flash nothing was written to has no write amplification to speak of.
    expect(svg).toContain('no page written yet · so far 0 erases, 0 pages moved');
  });
});

describe('the flash cache line', () => {
  it('counts in the singular for one', () => {
    const cell: DeviceFigures = {
      name: 'CEL', kind: 'exadata_cell', counters: [c('flash_cache_read_misses', 1, 1), c('flash_cache_read_hits', 2, 2)],
      snapshot: { disks: [{ queue_depth: 0, max_queue_depth: 1, dirty_bytes: 0, write_cache_bytes: 0 }] },
    };
    const { svg } = buildReport('devices', { step: { ...STEP, devices: [cell] }, catalog: CATALOG });
    expect(svg).toContain('>flash cache in this step: 2 read hits · 1 read miss</text>');
    // No controller cache: no cache strip.
    expect(svg).not.toContain('class="disk-caches"');
  });
});

describe('the report with one device', () => {
  it('draws it in half the page\'s width, its counters in the other half', () => {
    const { svg } = buildReport('report', { step: { ...STEP, devices: [flash] }, catalog: CATALOG, trace: null });
    wellFormed(svg);
    const panel = /<g class="device" [^\n]*/.exec(svg)![0];
    const right = Math.max(...[...panel.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]) + Number(m[2])));
    expect(right).toBeLessThanOrEqual((1000 - 32 - 32) / 2 + 0.01);
    expect(svg).toContain('>FL counters</text>');
  });
});
