// A contract-shaped stand-in for the engine (docs/ENGINE-API.md), for UI
// development without a wasm build (LIO_MOCK_ENGINE=1) and for unit tests.
// It knows a handful of statements only; it is never shipped.
import { splitScript } from '../src/model/script.mjs';
import type { EngineTrace, PlanLine } from '../src/model/types';
// The mock's results, catalog and traces are the engine's generated types
// (result.gen, catalog.gen, contract.gen: EngineTrace), not the UI's looser
// ones: a field the engine adds is a type error here until the mock gives it.
import type { ScriptResult, Step } from '../src/engine/result.gen';
import type { Catalog, Segment } from '../src/engine/catalog.gen';
import type { HeatEntry } from '../src/engine/contract.gen';

interface Ev { kind: number; get: number; seg: number; block: number; latch: number; gets: number; line: number; exec: number; t: number; stack: number }

const STACKS = ['opitsk;opiodr;opifch2;kdsttgr;kcbgtcr', 'opitsk;opiodr;opifch2;qerixtFetch;kdifxs;kcbgtcr',
  'opitsk;opiodr;opifch2;qertbFetchByRowID;kcbgtcr', 'opitsk;opiodr;opifch2;kpoxihLookup', 'opitsk;opiodr;opifch2;kpoxihFetch',
  'opitsk;opikndf2;nsbasic_brc', 'opitsk;opiodr;kksumc;kksfbc'];

export class MockEngine {
  private stepNo = 0;
  private segs: Segment[] = [];
  private traces = new Map<number, EngineTrace>();
  private populated = new Set<string>();

  exec(script: string): ScriptResult {
    const steps: Step[] = [];
    for (const st of splitScript(script)) steps.push(this.run(st.text, st.line, st.column));
    return { lio_lab: 'mock-0.0', version: '18.0.0', steps };
  }

  catalog(): Catalog {
    const t4 = this.seg('T4');
    return {
      version: '18.0.0', block_size: 8192, segments: this.segs,
      cache: { pools: [{ name: 'DEFAULT', buffers: 20000, used: 1200 }, { name: 'KEEP', buffers: 8000, used: 3900 }], hash_buckets: 65536, cbc_latch_children: 1024 },
      // The pool is all zero until a MEMOPTIMIZE FOR READ table (T4) exists.
      memopt: t4 ? { pool_bytes: 100 << 20, buffer_area_bytes: 75 << 20, hash_index_bytes: 25 << 20, memoptimize_read_tables: ['T4'],
        tables: [{ name: 'T4', blocks: t4.blocks ?? 0, rows_populated: this.populated.has('T4') ? 100000 : 0, populated: this.populated.has('T4') }] }
        : { pool_bytes: 0, buffer_area_bytes: 0, hash_index_bytes: 0, memoptimize_read_tables: [], tables: [] },
    };
  }

  trace(step: number): EngineTrace | null { return this.traces.get(step) ?? null; }
  /** No ASH samples in the mock (the plan's Activity column stays away). */
  activity(_step: number): null { return null; }
  reset() { this.segs = []; this.traces.clear(); this.stepNo = 0; this.populated.clear(); }

  private seg(name: string) { return this.segs.find((s) => s.name === name.toUpperCase()); }

  private addSeg(s: Omit<Segment, 'id'>) { const seg = { ...s, id: this.segs.length }; this.segs.push(seg); return seg; }

  private step(text: string, line: number, column: number, extra: Partial<Step>): Step {
    return { index: this.stepNo++, line, column, statement: text, kind: 'sqlplus', error: null, columns: [], rows: [], rows_processed: 0, plan: [],
      stats: {}, latches: {}, waits: {}, elapsed_us: 0, folded: [], output: [], autotrace: 'off', trace_events: 0, ...extra };
  }

  private run(text: string, line: number, column: number): Step {
    const u = text.toUpperCase().replace(/\s+/g, ' ').trim();
    const base = { 'execute count': 1, 'parse count (total)': 1, 'SQL*Net roundtrips to/from client': 2 };
    if (/^SELECT 1 FROM DUAL/.test(u)) {
      return this.step(text, line, column, { kind: 'query', columns: ['1'], rows: [[1]], stats: { ...base }, elapsed_us: 180,
        plan: [{ id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: 0, cost: 2, io_cost: 2 },
          { id: 1, parent: 0, depth: 1, operation: 'FAST DUAL', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: 0, cost: 2, io_cost: 2 }],
        folded: ['opitsk;opiodr;kksumc 40', 'opitsk;opikndf2 120', 'opitsk;opiodr;opifch2 20'] });
    }
    let m = /^CREATE TABLE (T\d)/.exec(u);
    if (m) {
      const name = m[1];
      if (/ORGANIZATION INDEX/.test(u)) {
        this.addSeg({ name, kind: 'IOT', table: null, pool: 'KEEP', blocks: 260, rows: 100000, header_block: 0,
          btree: { height: 2, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 258 }], entries_per_leaf: 388, unique: true } });
      } else if (/CLUSTER/.test(u)) {
        this.addSeg({ name, kind: 'TABLE', table: 'C3', pool: 'KEEP', blocks: 0, rows: 100000, header_block: 0 });
      } else {
        const big = /FILLER/.test(u);
        this.addSeg({ name, kind: 'TABLE', table: null, pool: name === 'T4' ? 'DEFAULT' : 'KEEP', blocks: big ? 10001 : 244, rows: 100000, header_block: 0,
          memoptimize_read: name === 'T4' });
        this.addSeg({ name: `${name}_PK`, kind: 'INDEX', table: name, pool: 'KEEP', blocks: 210, rows: 100000, header_block: 0,
          btree: { height: 2, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 208 }], entries_per_leaf: 482, unique: true } });
      }
      return this.step(text, line, column, { kind: 'ddl', output: ['Table created.'], stats: { 'recursive calls': 12 } });
    }
    if (/^CREATE CLUSTER (C\d)/.test(u)) {
      const chains = Array.from({ length: 40 }, (_, i) => ({ block: 1 + i * 77, overflow: [3126 + i, ...(i % 5 === 0 ? [3166 + i] : [])] }));
      this.addSeg({ name: 'C3', kind: 'CLUSTER', table: null, pool: 'KEEP', blocks: 3200, rows: 100000, header_block: 0,
        cluster: { hashkeys: 100003, size: 256, keys_per_block: 32, bucket_blocks: 3125, overflow_blocks: 48, chains } });
      return this.step(text, line, column, { kind: 'ddl', output: ['Cluster created.'] });
    }
    if (/DBMS_MEMOPTIMIZE.POPULATE/.test(u)) { this.populated.add('T4'); return this.step(text, line, column, { kind: 'plsql', output: ['PL/SQL procedure successfully completed.'], stats: { 'memopt r populate tasks accepted': 1, 'memopt r rows populated': 100000 } }); }
    m = /^SELECT .* FROM (\w+) WHERE KEY = (\d+)/.exec(u);
    if (m) {
      const t = m[1];
      const key = Number(m[2]);
      const col = text.toUpperCase().indexOf(t, text.toUpperCase().indexOf('FROM'));
      if (!this.seg(t) && t !== 'T3') {
        return this.step(text, line, column, { kind: 'query', error: { code: 'ORA-00942', message: 'table or view does not exist', line, column: column + col } });
      }
      const evs: Ev[] = [];
      const r = this.lookup(t, key, 0, 0, evs);
      const step = this.step(text, line, column, { kind: 'query', columns: ['KEY', 'VALUE'], rows: [[key, 'KX3B9Q0ZJ']], ...r });
      this.keep(step, evs);
      return step;
    }
    m = /^LAB RUN '.* FROM (\w+) WHERE (?:KEY|ID) = :1' BIND 1 TO (\d+)/.exec(u);
    if (m) {
      const t = m[1], n = Number(m[2]);
      const evs: Ev[] = [];
      let tt = 0;
      for (let k = 1; k <= n; k++) { tt = this.lookup(t, k, k - 1, tt, evs).t_end; }
      const cg = evs.filter((e) => e.kind === 0).length;
      const folded = [`opitsk;opikndf2;nsbasic_brc ${n * 60}`, `opitsk;opiodr;kksumc ${n * 9}`, `opitsk;opiodr;opifch2;kcbgtcr ${cg * 1.2}`];
      const stats = { 'consistent gets': cg, 'session logical reads': cg, 'execute count': n, 'SQL*Net roundtrips to/from client': n };
      const runs = [1, 2, 3].map((run) => ({ run, elapsed_us: n * (110 + run), stats, waits: {}, folded }));
      const step = this.step(text, line, column, { kind: 'lab', stats, elapsed_us: n * 111, folded, runs, output: [`${n} executions`],
        latches: { 'cache buffers chains': { gets: cg * 1, misses: 0, sleeps: 0 } } });
      this.keep(step, evs);
      return step;
    }
    // A broken wasm instance: the worker must be replaced (renderer/src/engine/client.ts).
    if (/^LAB TRAP\b/.test(u)) throw new WebAssembly.RuntimeError('unreachable');
    const spin = /^LAB SPIN (\d+)/.exec(u);
    if (spin) { const end = Date.now() + Number(spin[1]); while (Date.now() < end) { /* a long workload */ } return this.step(text, line, column, { kind: 'lab' }); }
    if (/^SET |^SHUTDOWN|^STARTUP|^ALTER|^EXEC|^BEGIN|^LAB|^PROMPT/.test(u)) return this.step(text, line, column, { kind: /^LAB/.test(u) ? 'lab' : 'sqlplus' });
    if (/^INSERT|^COMMIT/.test(u)) return this.step(text, line, column, { kind: 'dml' });
    return this.step(text, line, column, { kind: 'query', error: { code: 'ORA-00900', message: 'invalid SQL statement', line, column } });
  }

  private keep(step: Step, evs: Ev[]) {
    const n = evs.length;
    const visits = new Map<string, HeatEntry>();
    for (const e of evs) {
      const k = `${e.seg}:${e.block}`;
      const h = visits.get(k) ?? { segment: e.seg, block: e.block, visits: 0 };
      h.visits++; visits.set(k, h);
    }
    const t: EngineTrace = { length: n, kind: new Uint8Array(n), get_kind: new Uint8Array(n), segment: new Uint32Array(n), block: new Uint32Array(n),
      latch_child: new Uint16Array(n), latch_gets: new Uint8Array(n), plan_line: new Uint16Array(n), exec: new Uint32Array(n),
      t_us: new Float64Array(n), stack: new Uint32Array(n), sid: new Uint32Array(n), stacks: STACKS, truncated: false,
      heat: [...visits.values()], devices: [] };
    evs.forEach((e, i) => { t.kind[i] = e.kind; t.get_kind[i] = e.get; t.segment[i] = e.seg; t.block[i] = e.block; t.latch_child[i] = e.latch;
      t.latch_gets[i] = e.gets; t.plan_line[i] = e.line; t.exec[i] = e.exec; t.t_us[i] = e.t; t.stack[i] = e.stack; });
    this.traces.set(step.index, t);
    step.trace_events = n;
  }

  private lookup(t: string, key: number, exec: number, t0: number, evs: Ev[]) {
    const latch = (s: number, b: number) => (s * 7919 + b * 104729) % 1024;
    let tt = t0;
    const ev = (kind: number, get: number, seg: number, block: number, gets: number, line: number, stack: number) => {
      tt += 1.5; evs.push({ kind, get, seg, block, latch: gets ? latch(seg, block) : 0xffff, gets, line, exec, t: tt, stack });
    };
    const stats: Record<string, number> = { 'execute count': 1, 'SQL*Net roundtrips to/from client': 2 };
    let plan: PlanLine[] = [];
    const tab = this.seg(t), idx = tab?.kind === 'IOT' ? tab : this.seg(`${t}_PK`);
    if (t === 'T3') {
      const c = this.seg('C3')!;
      const b = 1 + Math.floor(((key * 2654435761) >>> 0) % 100003 / 32);
      ev(0, 2, c.id, b, 2, 1, 0);
      Object.assign(stats, { 'consistent gets': 1, 'consistent gets pin': 1, 'consistent gets pin (fastpath)': 1, 'cluster key scans': 1, 'cluster key scan block gets': 1, 'session logical reads': 1, 'buffer is not pinned count': 1 });
      plan = [{ id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: 1, cost: 1, io_cost: 1 },
        { id: 1, parent: 0, depth: 1, operation: 'TABLE ACCESS HASH', name: 'T3', starts: 1, e_rows: 1, a_rows: 1, buffers: 1, cost: 1, io_cost: 1 }];
    } else if (idx && idx.kind === 'IOT') {
      ev(0, 0, idx.id, 1, 1, 1, 1); ev(0, 0, idx.id, 2 + Math.floor((key - 1) / 388), 1, 1, 1);
      Object.assign(stats, { 'consistent gets': 2, 'consistent gets examination': 2, 'consistent gets examination (fastpath)': 2, 'index fetch by key': 1, 'session logical reads': 2 });
      plan = [{ id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: 2, cost: 1, io_cost: 1 },
        { id: 1, parent: 0, depth: 1, operation: 'INDEX UNIQUE SCAN', name: `${t}_PK`, starts: 1, e_rows: 1, a_rows: 1, buffers: 2, cost: 1, io_cost: 1 }];
    } else if (tab && idx) {
      const memo = t === 'T4' && this.populated.has('T4');
      if (t === 'T4') ev(2, 4, tab.id, 1 + Math.floor((key - 1) / 410), 0, 2, 3);
      if (memo) {
        ev(3, 4, tab.id, 1 + Math.floor((key - 1) / 410), 0, 1, 4);
        Object.assign(stats, { 'memopt r lookups': 1, 'memopt r hits': 1 });
      } else {
        ev(0, 0, idx.id, 1, 1, 2, 1); ev(0, 0, idx.id, 2 + Math.floor((key - 1) / 482), 1, 2, 1); ev(0, 0, tab.id, (tab.blocks ?? 0) > 1000 ? 1 + ((key * 7919) % 10000) : 1 + Math.floor((key - 1) / 410), 1, 1, 2);
        Object.assign(stats, { 'consistent gets': 3, 'consistent gets examination': 3, 'consistent gets examination (fastpath)': 3, 'index fetch by key': 1, 'table fetch by rowid': 1, 'session logical reads': 3, 'buffer is not pinned count': 3, 'rows fetched via callback': 1 });
        if (t === 'T4') Object.assign(stats, { 'memopt r lookups': 1, 'memopt r misses': 1 });
      }
      const ro = t === 'T4' ? ' READ OPTIM' : '';
      const cg = stats['consistent gets'] ?? 0;
      plan = [{ id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: cg, cost: 2, io_cost: 2 },
        { id: 1, parent: 0, depth: 1, operation: `TABLE ACCESS BY INDEX ROWID${ro}`, name: t, starts: 1, e_rows: 1, a_rows: 1, buffers: cg, cost: 2, io_cost: 2 },
        { id: 2, parent: 1, depth: 2, operation: `INDEX UNIQUE SCAN${ro}`, name: `${t}_PK`, starts: 1, e_rows: 1, a_rows: 1, buffers: Math.min(cg, 2), cost: 1, io_cost: 1 }];
    }
    const cg = stats['consistent gets'] ?? 0;
    return { stats, plan, elapsed_us: 120 + cg * 1.5, t_end: tt, latches: { 'cache buffers chains': { gets: cg, misses: 0, sleeps: 0 } }, waits: { 'SQL*Net message to client': { count: 2, time_us: 3 } },
      folded: [`opitsk;opikndf2;nsbasic_brc 60`, `opitsk;opiodr;kksumc 9`, ...(cg ? [`opitsk;opiodr;opifch2;qertbFetchByRowID;kcbgtcr ${cg * 1.5}`] : []),
        ...(t === 'T4' ? ['opitsk;opiodr;opifch2;kpoxihLookup 2'] : [])] };
  }
}

export async function loadEngine(_source?: unknown): Promise<MockEngine> { return new MockEngine(); }
/** The mock runs LAB SWEEP (if at all) itself: no point workers. */
export async function loadEngineModule(_source?: unknown): Promise<void> {}
export function sweepPoint(_config: string, _name: string, _point: string): string { return JSON.stringify({ failed: 'the mock engine runs no sweep points' }); }
