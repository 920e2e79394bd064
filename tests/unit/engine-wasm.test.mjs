// The one wasm artifact, loaded from disk the way the CLI loads it.
import { describe, it, expect } from 'vitest';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';

describe('engine (wasm from disk)', () => {
  it('runs SELECT 1 FROM dual through the real engine', async () => {
    const engine = await loadEngine();
    const r = engine.exec('SELECT 1 FROM dual;');
    expect(r.lio_lab).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.steps).toHaveLength(1);
    const s = r.steps[0];
    expect(s.error).toBeNull();
    expect(s.kind).toBe('query');
    expect(s.columns).toEqual(['1']);
    expect(s.rows).toEqual([[1]]);
    expect(s.plan.map((l) => l.operation)).toEqual(['SELECT STATEMENT', 'FAST DUAL']);
    expect(s.stats['execute count']).toBe(1);
    expect(s.stats['SQL*Net roundtrips to/from client']).toBeGreaterThan(0);
  });

  it('reports bad SQL as an ORA error with line and column, and goes on', async () => {
    const engine = await loadEngine();
    const r = engine.exec('select * from nosuch;\nselect 2 from dual;');
    expect(r.steps[0].error).toMatchObject({ code: 'ORA-00942', line: 1, column: 15 });
    expect(r.steps[1].error).toBeNull();
    expect(r.steps[1].rows).toEqual([[2]]);
  });

  it('returns a columnar trace with one event per buffer visit', async () => {
    const engine = await loadEngine();
    const r = engine.exec(`
      create table t (id number, pad varchar2(100), constraint t_pk primary key (id));
      insert into t select rownum, rpad('x', 100) from dual connect by level <= 1000;
      select pad from t where id = 7;`);
    const q = r.steps[2];
    expect(q.error).toBeNull();
    const t = engine.trace(q.index);
    expect(t).not.toBeNull();
    expect(t.kind).toBeInstanceOf(Uint8Array);
    const visits = Array.from(t.kind).filter((k) => k === 0 || k === 1).length;
    expect(visits).toBe(q.stats['consistent gets']);
    const latch = Array.from(t.latch_gets).reduce((a, b) => a + b, 0);
    expect(latch).toBe(q.latches['cache buffers chains'].gets);
    const cat = engine.catalog();
    expect(cat.segments.map((s) => s.name)).toContain('T_PK');
  });

  it('hands out the same trace as often as asked, and keeps working as traces are evicted', async () => {
    const engine = await loadEngine(undefined, { traces_kept: 2 });
    const r = engine.exec(`
      create table t (id number, constraint t_pk primary key (id));
      insert into t select rownum from dual connect by level <= 100;
      select id from t where id = 7;`);
    const q = r.steps[2].index;
    const a = engine.trace(q), b = engine.trace(q);
    expect(a.length).toBeGreaterThan(0);
    expect(Array.from(b.block)).toEqual(Array.from(a.block));
    expect(Array.from(b.t_us)).toEqual(Array.from(a.t_us));
    // Later steps evict it; the engine reuses its memory and goes on.
    for (let i = 0; i < 4; i++) engine.exec('select id from t where id = 8;');
    expect(engine.trace(q)).toBeNull();
    const later = engine.exec('select id from t where id = 9;').steps[0];
    const t = engine.trace(later.index);
    expect(Array.from(t.kind).filter((k) => k === 0 || k === 1).length).toBe(later.stats['consistent gets']);
  });

  it('refuses to run before initialisation', async () => {
    const { LioEngine } = await import('../../engine-wasm/js/engine.mjs');
    expect(() => new LioEngine(undefined)).toThrow(/not initialised/);
  });
});
