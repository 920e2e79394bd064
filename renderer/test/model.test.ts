import { describe, expect, it } from 'vitest';
import { HeatMap, heatLevel, heatOf, hashCell, MEMOPT_HASH_CELLS, MEMOPT_HASH_SEGMENT, memoptAreaKey } from '../src/model/heat';
import { diffStats, statRows, comparableFigures, fmtUs } from '../src/model/stats';
import { initialPlayback, play, tick, seek, stepBack, stepForward, defaultRate, delta, pause } from '../src/model/playback';
import { splitScript, statementAt, positionedChunk, offsetOf } from '../src/model/script.mjs';
import { makeTrace, T1_LOOKUP } from './fixtures';

describe('heat', () => {
  it('counts visits per block and CBC latch gets per child', () => {
    const h = heatOf(T1_LOOKUP, 1024);
    expect(h.get(1, 1)).toBe(1);
    expect(h.get(1, 2)).toBe(1);
    expect(h.get(0, 1)).toBe(1);
    expect(h.total).toBe(3);
    expect(h.latch[17]).toBe(1);
    expect(h.latch[901]).toBe(1);
    expect(h.max).toBe(1);
  });

  it('aggregates a workload: the root gets every lookup', () => {
    const evs = [];
    for (let k = 0; k < 1000; k++) {
      evs.push({ kind: 0, get: 0, seg: 1, block: 1, latch: 17, gets: 1, exec: k });
      evs.push({ kind: 0, get: 0, seg: 1, block: 2 + (k % 200), latch: 3, gets: 1, exec: k });
      evs.push({ kind: 0, get: 0, seg: 0, block: 1 + (k % 244), latch: 5, gets: 1, exec: k });
    }
    const h = heatOf(makeTrace(evs), 1024);
    expect(h.get(1, 1)).toBe(1000);
    expect(h.get(1, 2)).toBe(5);
    expect(h.max).toBe(1000);
    expect(h.entries(1)).toHaveLength(201);
    expect(h.latch[17]).toBe(1000);
  });

  it('puts memopt probes on the hash index and reads on the buffer area, never on the table', () => {
    const t = makeTrace([{ kind: 2, get: 4, seg: 5, block: 7 }, { kind: 3, get: 4, seg: 5, block: 7 }, { kind: 5, get: 255, seg: 0xffffffff, block: 0 }]);
    const h = heatOf(t);
    expect(h.get(5, 7)).toBe(0);
    expect(h.get(memoptAreaKey(5), 7)).toBe(1);
    expect(h.blocks(MEMOPT_HASH_SEGMENT)?.reduce((a, b) => a + b, 0)).toBe(1);
    expect(h.total).toBe(2);
  });

  it('hashes memopt probes into the hash-index cells', () => {
    for (let s = 0; s < 50; s++) for (let b = 0; b < 500; b += 7) {
      const c = hashCell(s, b);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThan(MEMOPT_HASH_CELLS);
    }
  });

  it('uses the engine summary for truncated traces', () => {
    const t = makeTrace([{ kind: 0, get: 0, seg: 1, block: 1 }], { truncated: true, heat: [{ segment: 1, block: 1, visits: 100000 }, { segment: 0, block: 3, visits: 5 }] });
    const h = heatOf(t);
    expect(h.get(1, 1)).toBe(100000);
    expect(h.get(0, 3)).toBe(5);
  });

  it('applies ranges incrementally and clears', () => {
    const h = new HeatMap(1024);
    h.applyRange(T1_LOOKUP, 0, 1);
    expect(h.total).toBe(1);
    h.applyRange(T1_LOOKUP, 1, 99);
    expect(h.total).toBe(3);
    const v = h.version;
    h.clear();
    expect(h.total).toBe(0);
    expect(h.get(1, 1)).toBe(0);
    expect(h.version).toBeGreaterThan(v);
  });

  it('scales heat on a log scale', () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(1, 1)).toBeCloseTo(0.25);
    expect(heatLevel(8, 8)).toBeCloseTo(1);
    expect(heatLevel(10, 10)).toBeCloseTo(1);
    expect(heatLevel(1, 1000)).toBeCloseTo(0.25);
  });
});

describe('statistics', () => {
  const a = { 'consistent gets': 3, 'session logical reads': 3, 'memopt r lookups': 0, 'execute count': 1 };
  const b = { 'consistent gets': 0, 'memopt r lookups': 1, 'memopt r hits': 1, 'execute count': 1 };
  it('lists non-zero statistics in name order with a filter', () => {
    expect(statRows(a).map((r) => r.name)).toEqual(['consistent gets', 'execute count', 'session logical reads']);
    expect(statRows(a, 'CONSISTENT').map((r) => r.name)).toEqual(['consistent gets']);
  });
  it('diffs two sets side by side', () => {
    const d = diffStats(a, b);
    expect(d).toContainEqual({ name: 'consistent gets', a: 3, b: 0, diff: -3 });
    expect(d).toContainEqual({ name: 'memopt r hits', a: 0, b: 1, diff: 1 });
    expect(d).toContainEqual({ name: 'execute count', a: 1, b: 1, diff: 0 });
    expect(d.find((r) => r.name === 'memopt r lookups')).toEqual({ name: 'memopt r lookups', a: 0, b: 1, diff: 1 });
    expect(diffStats(a, b, 'memopt').map((r) => r.name)).toEqual(['memopt r hits', 'memopt r lookups']);
  });
  it('flattens latches and waits for comparison', () => {
    const f = comparableFigures({ stats: { x: 1 }, latches: { 'cache buffers chains': { gets: 3, misses: 0, sleeps: 0 } }, waits: { 'log file sync': { count: 2, time_us: 900 } }, elapsed_us: 5 });
    expect(f['latch: cache buffers chains gets']).toBe(3);
    expect(f['wait: log file sync count']).toBe(2);
    expect(f['elapsed time (us, simulated)']).toBe(5);
  });
  it('formats simulated time', () => {
    expect(fmtUs(12.34)).toBe('12.3 µs');
    expect(fmtUs(1500)).toBe('1.5 ms');
    expect(fmtUs(11_672_000)).toBe('11.672 s');
  });
});

describe('playback cursor', () => {
  it('plays short traces slowly, event by event', () => {
    let s = initialPlayback(3);
    expect(s.rate).toBe(2);
    s = play(s);
    s = tick(s, 16);
    expect(s.pos).toBe(1); // the first event shows at once
    s = tick(s, 250); s = tick(s, 250);
    expect(s.pos).toBe(2);
    s = tick(s, 250); s = tick(s, 250);
    expect(s.pos).toBe(3);
    expect(s.playing).toBe(false);
  });
  it('steps, seeks and clamps', () => {
    let s = initialPlayback(10);
    s = stepForward(s); s = stepForward(s);
    expect(s.pos).toBe(2);
    s = stepBack(s, 5);
    expect(s.pos).toBe(0);
    s = seek(s, 99);
    expect(s.pos).toBe(10);
    s = play(s);
    expect(s.pos).toBe(0); // playing from the end restarts
    s = pause(s);
    expect(s.playing).toBe(false);
  });
  it('scales the rate with the trace length', () => {
    expect(defaultRate(300_000)).toBe(10_000); // 37,500 events a second over 8 s: the largest rate not above it
    expect(defaultRate(100)).toBeLessThanOrEqual(20);
  });
  it('caps a frame at 250 ms so a stalled tab does not jump', () => {
    let s = play({ ...initialPlayback(1_000_000), rate: 1000, carry: 0 });
    s = tick(s, 5000);
    expect(s.pos).toBe(250);
  });
  it('tells forward deltas from rebuilds', () => {
    expect(delta(5, 9)).toEqual({ rebuild: false, from: 5, to: 9 });
    expect(delta(9, 5)).toEqual({ rebuild: true, from: 0, to: 5 });
  });
});

describe('script splitting', () => {
  const script = `-- setup
SET AUTOTRACE ON STATISTICS
CREATE TABLE t1 (key INTEGER NOT NULL, value VARCHAR2(30 CHAR) NOT NULL, PRIMARY KEY (key));
BEGIN
  FOR i IN 1..10 LOOP
    INSERT INTO t1 VALUES (i, 'a;b');
  END LOOP;
END;
/
exec dbms_stats.gather_table_stats(user, 'T1')
SELECT * FROM t1
 WHERE key = 42;
LAB RUN 'SELECT value FROM t4 WHERE key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
`;
  const st = splitScript(script);
  it('splits SQL, PL/SQL blocks, SQL*Plus and LAB commands', () => {
    expect(st.map((s) => s.kind)).toEqual(['sqlplus', 'sql', 'plsql', 'sqlplus', 'sql', 'sql']);
    expect(st[2].text.startsWith('BEGIN')).toBe(true);
    expect(st[2].text.endsWith('/')).toBe(true);
    expect(st[4].text).toBe('SELECT * FROM t1\n WHERE key = 42;');
    expect(st[4].line).toBe(11);
    expect(st[5].text.startsWith('LAB RUN')).toBe(true);
  });
  it('finds the statement under the cursor', () => {
    const pos = script.indexOf('WHERE key = 42');
    expect(statementAt(st, pos)?.line).toBe(11);
    expect(statementAt(st, 0)?.kind).toBe('sqlplus');
  });
  it('pads a chunk so engine positions are script positions', () => {
    const c = positionedChunk(st[4]);
    expect(c.split('\n')).toHaveLength(12);
    expect(c.split('\n')[10]).toBe('SELECT * FROM t1');
    expect(offsetOf(script, 11, 1)).toBe(script.indexOf('SELECT * FROM t1'));
  });
  it('ignores semicolons in strings and comments', () => {
    const s = splitScript(`SELECT ';' FROM dual; -- a;b\nSELECT 2 /* ; */ FROM dual;`);
    expect(s.map((x) => x.text)).toEqual([`SELECT ';' FROM dual;`, `SELECT 2 /* ; */ FROM dual;`]);
  });
});

describe('statement labels', () => {
  it('a LAB RUN label keeps table, driver and runs ahead of the SQL', async () => {
    const { stmtLabel } = await import('../src/session');
    expect(stmtLabel("LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_bequeath RUNS 5", 80))
      .toBe('LAB RUN t1 via jdbc_oci_bequeath ×5: select value from t1 where key = :1');
    expect(stmtLabel("LAB RUN 'SELECT value FROM t4 WHERE key = :1' BIND 1 TO 2000 VIA jdbc_thin RUNS 3;", 32)).toBe('LAB RUN t4 via jdbc_thin ×3: SE…');
    expect(stmtLabel('select * from t1 where key = 42')).toBe('select * from t1 where key = 42');
  });
  it('centisecond statistics carry a unit hint', async () => {
    const { statUnit } = await import('../src/model/stats');
    expect(statUnit('DB time', 655)).toBe('cs = 6.55 s');
    expect(statUnit('consistent gets', 3)).toBe('');
  });
});

describe('heat of a truncated memoptimized workload', () => {
  it('puts the engine totals of memopt visits on the memoptimize pool, not on the table buffers', () => {
    const t = makeTrace([
      { kind: 2, get: 4, seg: 4, block: 7 }, { kind: 3, get: 4, seg: 4, block: 7 },
      { kind: 0, get: 0, seg: 6, block: 3, latch: 5, gets: 1 },
    ], { truncated: true, heat: [{ segment: 4, block: 7, visits: 10 }, { segment: 6, block: 3, visits: 4 }] });
    const h = heatOf(t, 16);
    expect(h.get(4, 7)).toBe(0);
    expect(h.get(memoptAreaKey(4), 7)).toBe(5);
    expect(h.get(MEMOPT_HASH_SEGMENT, hashCell(4, 7))).toBe(5);
    expect(h.get(6, 3)).toBe(4);
  });
});
