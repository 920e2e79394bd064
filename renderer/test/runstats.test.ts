import { describe, expect, it } from 'vitest';
import { runstatsRows, runstatsText } from '../src/model/stats';
import { buildReport } from '../src/reports/report';

// The 11g article's unique vs non-unique comparison (data in different
// random orders), a few of its rows.
const unique = { stats: { 'table scan blocks gotten': 10000, 'consistent gets': 310012, 'index fetch by key': 100000, 'index scans kdiixs1': 0 },
  latches: { 'cache buffers chains': { gets: 320024, misses: 0, sleeps: 0 } } };
const nonUnique = { stats: { 'table scan blocks gotten': 10000, 'consistent gets': 311108, 'index fetch by key': 2, 'index scans kdiixs1': 100000 },
  latches: { 'cache buffers chains': { gets: 522216, misses: 0, sleeps: 0 } } };

describe('runstats comparison', () => {
  it('names STAT.. and LATCH. rows and orders them by the absolute difference', () => {
    const rows = runstatsRows(unique, nonUnique);
    expect(rows.map((r) => [r.name, r.diff])).toEqual([
      ['STAT..table scan blocks gotten', 0],
      ['STAT..consistent gets', 1096],
      ['STAT..index fetch by key', -99998],
      ['STAT..index scans kdiixs1', 100000],
      ['LATCH.cache buffers chains', 202192],
    ]);
  });

  it('prints the article layout', () => {
    const text = runstatsText(runstatsRows(unique, nonUnique), 'Unique', 'Non-Unique').split('\n');
    expect(text[0]).toBe(`${'Statistics Name'.padEnd(53)} ${'Unique'.padStart(8)} ${'Non-Unique'.padStart(11)} ${'Difference'.padStart(11)}`);
    expect(text[1]).toBe(`${'-'.repeat(53)} -------- ----------- -----------`);
    expect(text[3]).toBe(`${'STAT..consistent gets'.padEnd(53)} ${'310,012'.padStart(8)} ${'311,108'.padStart(11)} ${'1,096'.padStart(11)}`);
    expect(text[4]).toContain('    -99,998');
  });

  it('exports both sides and the difference from Compare', () => {
    const { svg, name } = buildReport('stats', { step: null, catalog: null, compare: { rows: runstatsRows(unique, nonUnique), labelA: 'unique', labelB: 'non-unique' } });
    expect(name).toBe('lio-compare-stats.svg');
    expect(svg).toContain('310,012');
    expect(svg).toContain('311,108');
    expect(svg).toContain('+1,096');
    expect(svg).toContain('LATCH.cache buffers chains');
  });
});
