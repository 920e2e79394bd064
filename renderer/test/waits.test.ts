import { describe, expect, it } from 'vitest';
import { bucketLabel, histogramEvents, waitHistogramSvg } from '../src/reports/waits';
import type { WaitHistogram } from '../src/model/types';

const sync: WaitHistogram = { event: 'log file sync', wait_class: 'Commit', buckets: [{ lt_us: 512, count: 3 }, { lt_us: 2048, count: 1000 }] };
const net: WaitHistogram = { event: 'SQL*Net message from client', wait_class: 'Idle', buckets: [{ lt_us: null, count: 2 }] };

describe('wait histograms', () => {
  it('labels buckets by their upper bound in us, ms and s', () => {
    expect(bucketLabel(512, 256)).toBe('<512us');
    expect(bucketLabel(2048, 1024)).toBe('<2ms');
    expect(bucketLabel(1 << 21, 1 << 20)).toBe('<2s');
    expect(bucketLabel(null, 1 << 30)).toBe('≥1024s');
  });
  it('draws every bucket between the smallest and largest, one bar per side with waits', () => {
    const svg = waitHistogramSvg([{ label: 'A', histograms: [sync] }, { label: 'B', histograms: [sync, net] }], 't');
    expect(histogramEvents([{ label: 'A', histograms: [sync] }, { label: 'B', histograms: [net] }])).toEqual(['log file sync', 'SQL*Net message from client']);
    // Buckets 512, 1024 (empty), 2048: two bars each for 512 and 2048.
    const bars = [...svg.matchAll(/class="bucket" data-event="log file sync" data-lt="(\d+)" data-count="(\d+)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(bars).toEqual(['512:3', '512:3', '2048:1000', '2048:1000']);
    expect(svg).toContain('&lt;1ms');
    expect(svg).toContain('1,003 waits vs 1,003 waits');
    // The open bucket of the network wait, on side B only.
    expect(svg).toMatch(/data-event="SQL\*Net message from client" data-lt="null" data-count="2"/);
  });
  it('says so when there are no waits', () => {
    expect(waitHistogramSvg([{ label: 'A', histograms: [] }], 't')).toContain('No waits.');
  });
});
