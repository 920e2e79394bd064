// Folded stacks and a catalog shaped like the engine's output for the
// MemOptimized comparison (t1 heap + PK, t2 IOT, t3 hash cluster, t4 memopt).
import type { Catalog, Step, Trace } from '../src/model/types';

export const FOLDED_T1 = [
  'opitsk;opiodr;kksumc 9',
  'opitsk;opikndf2;nsbasic_brc 60',
  'opitsk;opiodr;opifch2;qertbFetchByRowID;qerixtFetch;kdifxs;kcbgtcr 3',
  'opitsk;opiodr;opifch2;qertbFetchByRowID;kcbgtcr 1.5',
  'opitsk;opiodr;opifch2;ksupucg 0.5',
];
export const FOLDED_T4 = [
  'opitsk;opiodr;kksumc 9',
  'opitsk;opikndf2;nsbasic_brc 60',
  'opitsk;opiodr;opifch2;kpoxihLookup 1.2',
  'opitsk;opiodr;opifch2;kpoxihFetch 0.8',
  'opitsk;opiodr;opifch2;ksupucg 0.5',
];

export const CATALOG: Catalog = {
  version: '18.0.0', block_size: 8192,
  segments: [
    { id: 0, name: 'T1', kind: 'TABLE', table: null, pool: 'KEEP', blocks: 244, rows: 100000, header_block: 0 },
    { id: 1, name: 'T1_PK', kind: 'INDEX', table: 'T1', pool: 'KEEP', blocks: 210, rows: 100000, header_block: 0,
      btree: { height: 2, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 208 }], entries_per_leaf: 482, unique: true } },
    { id: 2, name: 'T2', kind: 'IOT', table: null, pool: 'KEEP', blocks: 260, rows: 100000, header_block: 0,
      btree: { height: 2, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 258 }], entries_per_leaf: 388, unique: true } },
    { id: 3, name: 'C3', kind: 'CLUSTER', table: null, pool: 'KEEP', blocks: 3200, rows: 100000, header_block: 0,
      cluster: { hashkeys: 100003, size: 256, keys_per_block: 32, bucket_blocks: 3126, overflow_blocks: 3,
        chains: [{ block: 5, overflow: [3127, 3128] }, { block: 40, overflow: [3129] }] } },
    { id: 4, name: 'T3', kind: 'TABLE', table: 'C3', pool: 'KEEP', blocks: 0, rows: 100000, header_block: 0 },
    { id: 5, name: 'T4', kind: 'TABLE', table: null, pool: 'DEFAULT', blocks: 244, rows: 100000, header_block: 0 },
    { id: 6, name: 'T4_PK', kind: 'INDEX', table: 'T4', pool: 'DEFAULT', blocks: 210, rows: 100000, header_block: 0,
      btree: { height: 2, levels: [{ first_block: 1, count: 1 }, { first_block: 2, count: 208 }], entries_per_leaf: 482, unique: true } },
  ],
  cache: { pools: [{ name: 'DEFAULT', buffers: 20000, used: 500 }, { name: 'KEEP', buffers: 8000, used: 3900 }], hash_buckets: 65536, cbc_latch_children: 1024 },
  memopt: { pool_bytes: 100 << 20, buffer_area_bytes: 75 << 20, hash_index_bytes: 25 << 20, memoptimize_read_tables: ['T4'],
    tables: [{ name: 'T4', blocks: 244, rows_populated: 100000, populated: true }] },
};

export interface Ev { kind: number; get: number; seg: number; block: number; latch?: number; gets?: number; exec?: number }

export function makeTrace(evs: Ev[], extra: Partial<Trace> = {}): Trace {
  const n = evs.length;
  const t: Trace = { length: n, kind: new Uint8Array(n), get_kind: new Uint8Array(n), segment: new Uint32Array(n), block: new Uint32Array(n),
    latch_child: new Uint16Array(n), latch_gets: new Uint8Array(n), plan_line: new Uint16Array(n).fill(0xffff), exec: new Uint32Array(n),
    t_us: new Float64Array(n), stack: new Uint32Array(n), sid: new Uint32Array(n), stacks: ['opitsk;opiodr;opifch2;kcbgtcr'], truncated: false, ...extra,
    devices: extra.devices ?? [] };
  evs.forEach((e, i) => {
    t.kind[i] = e.kind; t.get_kind[i] = e.get; t.segment[i] = e.seg; t.block[i] = e.block;
    t.latch_child[i] = e.latch ?? 0xffff; t.latch_gets[i] = e.gets ?? 0; t.exec[i] = e.exec ?? 0; t.t_us[i] = i * 1.5;
  });
  return t;
}

/** One t1 PK lookup: root, leaf (T1_PK), table block (T1), all examination gets, 1 CBC latch get each. */
export const T1_LOOKUP = makeTrace([
  { kind: 0, get: 0, seg: 1, block: 1, latch: 17, gets: 1 },
  { kind: 0, get: 0, seg: 1, block: 2, latch: 901, gets: 1 },
  { kind: 0, get: 0, seg: 0, block: 1, latch: 44, gets: 1 },
]);

/** A query step as the engine returns it (the report and slide tests' subject). */
export const REPORT_STEP: Step = {
  index: 7, line: 12, column: 1, statement: "SELECT * FROM t1 WHERE key = 42 AND note <> '<&>'", kind: 'query', error: null,
  columns: ['KEY', 'VALUE'], rows: [[42, 'X']], rows_processed: 0, output: [], autotrace: 'off',
  plan: [
    { id: 0, parent: null, depth: 0, operation: 'SELECT STATEMENT', name: null, starts: 1, e_rows: 1, a_rows: 1, buffers: 3, cost: 2, io_cost: 2 },
    { id: 1, parent: 0, depth: 1, operation: 'TABLE ACCESS BY INDEX ROWID', name: 'T1', starts: 1, e_rows: 1, a_rows: 1, buffers: 3, cost: 2, io_cost: 2 },
    { id: 2, parent: 1, depth: 2, operation: 'INDEX UNIQUE SCAN', name: 'T1_PK', starts: 1, e_rows: 1, a_rows: 1, buffers: 2, cost: 1, io_cost: 1 },
  ],
  stats: { 'consistent gets': 3, 'consistent gets examination': 3, 'session logical reads': 3, 'logical read bytes from cache': 24576, 'index fetch by key': 1 },
  latches: { 'cache buffers chains': { gets: 3, misses: 0, sleeps: 0 } }, waits: { 'SQL*Net message to client': { count: 2, time_us: 3 } },
  elapsed_us: 121, folded: FOLDED_T1, trace_events: 3,
};
