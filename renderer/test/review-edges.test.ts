// Issue 17's rough edges that live in the model and the report builders.
import { describe, expect, it } from 'vitest';
import { checkXml } from './xml';
import { FOLDED_T1, FOLDED_T4 } from './fixtures';
import { fmtCompared, runstatsRows } from '../src/model/stats';
import { readableStack } from '../src/model/flame';
import { runTitle, stepToShow } from '../src/session';
import { buildReport } from '../src/reports/report';
import { legendFragment } from '../src/reports/structure';
import { textWidth } from '../src/reports/svg';
import { parseDemo, focusLine } from '../src/model/demo.mjs';
import type { Step } from '../src/model/types';

const step = (o: Partial<Step>): Step => ({
  index: 0, line: 1, column: 1, statement: 'x', kind: 'query', error: null, columns: [], rows: [], rows_processed: 0, output: [], autotrace: 'off', plan: [],
  stats: {}, latches: {}, waits: {}, elapsed_us: 0, folded: [], trace_events: 0, ...o,
});

describe('Compare shows every figure of a row with the same decimals', () => {
  it('whole rows stay whole, fractional rows get one decimal on all three', () => {
    expect(fmtCompared(3, 0, -3)).toEqual(['3', '0', '-3']);
    expect(fmtCompared(120, 123.456, 3.456)).toEqual(['120.0', '123.5', '+3.5']);
    expect(fmtCompared(1500, 1500.25, 0.25)).toEqual(['1,500.0', '1,500.3', '+0.3']);
    expect(fmtCompared(0.1 + 0.2, 0.3, 0.3 - (0.1 + 0.2))).toEqual(['0.3', '0.3', '0.0']);
  });
});

describe('Export from Compare', () => {
  const a = step({ index: 3, stats: { 'consistent gets': 3, 'session logical reads': 3 }, folded: FOLDED_T1 });
  const b = step({ index: 9, stats: { 'consistent gets': 0, 'memopt r lookups': 1 }, folded: FOLDED_T4 });
  const compare = { rows: runstatsRows(a, b), labelA: 'Run 1 · #3 t1', labelB: 'Run 1 · #9 t4' };
  const diff = { a: a.folded, b: b.folded, labelA: compare.labelA, labelB: compare.labelB };
  it('the report holds both sides, the difference and the differential flame graph', () => {
    const { svg, name } = buildReport('report', { step: b, catalog: null, compare, diff });
    expect(name).toBe('lio-compare-report.svg');
    expect(checkXml(svg).ok).toBe(true);
    for (const label of ['Statistics Name', '>A<', '>B<', 'Difference', 'STAT..consistent gets', 'STAT..memopt r lookups', 'Differential flame graph', 'Run 1 · #3 t1', 'Run 1 · #9 t4']) {
      expect(svg, label).toContain(label.replace(/&/g, '&amp;'));
    }
    // A's 3 consistent gets, B's 0, and the difference -3 on one row.
    expect(svg).toMatch(/STAT\.\.consistent gets<\/text>[^\n]*\n?[^\n]*>3<\/text>[^\n]*\n?[^\n]*>0<\/text>[^\n]*\n?[^\n]*>-3<\/text>/);
    // Not the flame tab's single-step report.
    expect(svg).not.toBe(buildReport('flame', { step: b, catalog: null }).svg);
    expect(svg).not.toContain('LIO Lab report');
  });
  it('the statistics export holds both sides', () => {
    const { svg } = buildReport('stats', { step: b, catalog: null, compare });
    expect(svg).toContain('A: Run 1 · #3 t1');
    expect(svg).toContain('B: Run 1 · #9 t4');
  });
});

describe('structure legend', () => {
  it('leaves a gap after every label before the next swatch (memopt no longer runs into it)', () => {
    const f = legendFragment(2000);
    const xs = [...f.body.matchAll(/<rect x="([\d.]+)" y="2"/g)].map((m) => Number(m[1]));
    const labels = [...f.body.matchAll(/<text x="([\d.]+)"[^>]*>([^<]+)<\/text>/g)].map((m) => ({ x: Number(m[1]), s: m[2] }));
    for (let i = 0; i + 1 < xs.length; i++) {
      // The label's widest plausible extent (0.62 em per glyph) ends before the next swatch.
      expect(labels[i].x + labels[i].s.length * 11 * 0.62, labels[i].s).toBeLessThan(xs[i + 1] - 4);
    }
    expect(textWidth('memopt', 11)).toBeGreaterThan(0);
  });
});

describe('event readout', () => {
  it('names lab frames in words and Oracle functions as they are', () => {
    expect(readableStack('ipc;bequeath_pipe_roundtrip')).toBe('client round trip (bequeath pipe)');
    expect(readableStack('network;oracle_net_roundtrip')).toBe('client round trip (Oracle Net)');
    expect(readableStack('oracle;opitsk;opiodr;opifch2;qerixtFetch;kdifxs;kcbgtcr')).toBe('in kcbgtcr');
    expect(readableStack('java;T4CPreparedStatement.executeQuery')).toBe('client: T4CPreparedStatement.executeQuery');
  });
});

describe('history titles', () => {
  it('a run title is not "LAB VERSION 18c;"', () => {
    expect(runTitle('LAB VERSION 18c;\nselect 1 from dual;', null)).toBe('select 1 from dual');
    expect(runTitle('-- 100,000 lookups from PL/SQL\nLAB VERSION 18c;\n', null)).toBe('100,000 lookups from PL/SQL');
    expect(runTitle('--@ title The MemOptimized story\n-- x\nLAB VERSION 18c;', null)).toBe('The MemOptimized story');
    expect(runTitle('LAB VERSION 18c;', 'memoptimized-plsql')).toBe('memoptimized-plsql');
  });
});

describe('which step Run all selects', () => {
  const steps = [
    step({ index: 0, line: 4, kind: 'lab', statement: 'LAB VERSION 18c' }),
    step({ index: 1, line: 10, kind: 'ddl' }),
    step({ index: 2, line: 20, kind: 'plsql', stats: { 'consistent gets': 300025 } }),
    step({ index: 3, line: 30, kind: 'sqlplus' }),
  ];
  it('not the empty LAB VERSION step: the last step that did work', () => {
    expect(stepToShow(steps, null)?.index).toBe(2);
  });
  it('the step a demo marks with --@ focus', () => {
    expect(stepToShow(steps, 10)?.index).toBe(1);
  });
  it('an error wins', () => {
    expect(stepToShow([...steps, step({ index: 4, line: 40, error: { code: 'ORA-00942', message: 'x', line: 40, column: 1 } })], 10)?.index).toBe(4);
  });
});

describe('demo directives', () => {
  const script = [
    '--@ title Heap vs hash cluster',
    '--@ say A heap table behind a primary key index:',
    '--@ say three gets.',
    '--@ pause',
    'select * from dual;',
    '--@ view structure segment=t1 speed=4',
    '--@ expected consistent gets = 3 source Pachot 2018',
    '--@ highlight consistent gets',
    '--@ focus',
    'select 2 from dual;',
    '--@ pause 2.5',
    '--@ say The end.',
    '--@ view nonsense',
    '--@ frobnicate',
  ].join('\n');
  const d = parseDemo(script);
  it('reads beats attached to the next statement', () => {
    expect(d.title).toBe('Heap vs hash cluster');
    expect(d.statements).toHaveLength(2);
    expect(d.beats.map((b) => b.statement)).toEqual([0, 1, 2]);
    expect(d.beats[0]).toMatchObject({ line: 5, say: ['A heap table behind a primary key index: three gets.'], pause: 0 });
    expect(d.beats[1]).toMatchObject({ line: 10, view: { name: 'structure', segment: 'T1', speed: 4 }, highlight: ['consistent gets'], focus: true });
    expect(d.beats[1].expected).toEqual([{ stat: 'consistent gets', value: 3, op: '=', source: 'Pachot 2018', line: 7 }]);
    expect(d.beats[2]).toMatchObject({ pause: 2.5, say: ['The end.'] });
    expect(focusLine(script)).toBe(10);
  });
  it('refuses what it cannot read with a LAB error, line and column', () => {
    expect(d.errors).toEqual([
      { code: 'LAB-00061', message: 'view needs one of autotrace, structure, flame, compare, histogram', line: 13, column: 5 },
      { code: 'LAB-00061', message: "unknown demo directive 'frobnicate'; expected title, say, pause, view, highlight, expected or focus", line: 14, column: 5 },
    ]);
    expect(parseDemo('--@ pause 99999\nselect 1 from dual;').errors[0].message).toMatch(/0 to 600/);
  });
  it('bounds the directives a pasted script can hold', () => {
    const big = '--@ say x\n'.repeat(10_005);
    const r = parseDemo(big);
    expect(r.errors[0].code).toBe('LAB-00060');
  });
});

describe('visit badges', () => {
  it('stay off the group label above the cells', async () => {
    const { badgeAt } = await import('../src/model/structure');
    const big = { x: 10, y: 100, w: 80, h: 22 };
    const b = badgeAt(big, true);
    // Inside the block, right of its centred '#n', below the label line (y - 4).
    expect(b.y - 6.5).toBeGreaterThanOrEqual(big.y);
    expect(b.x - 6.5).toBeGreaterThan(big.x + big.w / 2 + 12);
    const small = { x: 10, y: 100, w: 8, h: 8 };
    expect(badgeAt(small, false).y - 6.5).toBeGreaterThan(small.y);
  });
});
