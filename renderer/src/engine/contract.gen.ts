// Generated from engine-wasm/core/src/trace/contract.rs by its test
// (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test contract). Do not edit.

import type { QueueSnapshot } from './result.gen';

/** A step's trace beside its columns (`Engine.trace(step)`): the events kept, the folded stacks the `stack` column indexes, the heat map and the devices' frames. */
export interface TraceMeta {
  /** Events in the columns. */
  length: number;
  /** The step's events did not all fit the trace budget. */
  truncated: boolean;
  stacks: string[];
  heat: HeatEntry[];
  /** Frames of the devices the step used, for the device view to follow the playback. */
  devices: DeviceFrames[];
  /** `LAB RUN ... SESSIONS n`: each session's events kept (the step's session first); absent otherwise. */
  sessions?: TraceSession[];
  /** The other sessions' events are kept before this time (µs): the step's trace budget did not hold them all. */
  window_us?: number;
  /** A `LAB RUN` of a query: its figures per execution (Compare's samples); absent otherwise. */
  exec_samples?: ExecSamples;
}

/** Visits of one block in the whole step (kept when the events were truncated). */
export interface HeatEntry {
  segment: number;
  block: number;
  visits: number;
}

/** The frames a traced step kept of one device (at most `MAX_FRAMES`, 48). */
export interface DeviceFrames {
  name: string;
  frames: DeviceFrame[];
}

/** One device at one frame time (the trace's clock): requests since the step started, its queue(s) and flash then. */
export interface DeviceFrame {
  /** The simulated time of the frame (the trace's clock). */
  t_us: number;
  /** Requests the device took since the step started, up to this frame. */
  reads: number;
  writes: number;
  queue?: QueueSnapshot;
  disks?: QueueSnapshot[];
  flash?: FlashFrame;
}

/** A flash device's pages at a frame: the totals, and the cells (as the end-of-step snapshot groups erase blocks) that changed since the previous frame, flat: `[cell, valid, invalid, free, ...]`. */
export interface FlashFrame {
  valid_pages: number;
  invalid_pages: number;
  free_pages: number;
  erases: number;
  gc_background: number;
  gc_foreground: number;
  gc_pages_moved: number;
  open?: number;
  cells: number[];
}

/** One session's events in a step's trace (the `sessions` of its meta). */
export interface TraceSession {
  sid: number;
  /** Events of this session kept in the trace. */
  events: number;
  /** Some of its events are not in the trace (the step's budget). */
  truncated: boolean;
}

/** A `LAB RUN`'s figures per execution (a query's; the first 10,000 of the step's executions): each column holds one number an execution, in the order they ran (run after run). */
export interface ExecSamples {
  /** Executions of the step in all (the columns hold the first of them). */
  executions: number;
  /** Executions a run (`BIND lo TO hi`): sample i is of run i / per_run + 1. */
  per_run: number;
  /** The simulated clock's span of the execution (its calls and round trips), µs. */
  elapsed_us: number[];
  /** CPU in the execution, µs (as V$SQL's CPU_TIME counts it). */
  cpu_us: number[];
  /** Time in wait events in the execution, µs (SQL*Net's included). */
  wait_us: number[];
  /** Buffer gets (consistent gets and db block gets). */
  buffer_gets: number[];
  /** Physical reads. */
  physical_reads: number[];
}

export const NO_SEGMENT = 0xffffffff;
export const NO_LATCH = 0xffff;
export const NO_PLAN_LINE = 0xffff;
/** Buckets a HASH JOIN's picture draws (HASH_BUILD / HASH_PROBE events' `block`). */
export const HASH_PICTURE_BUCKETS = 64;
/** Rows of each side of a hash join traced per execution. */
export const OPERATOR_ROW_EVENTS = 4096;

export const EventKind = {
  BLOCK_GET: 0,
  PINNED_REVISIT: 1,
  MEMOPT_LOOKUP: 2,
  MEMOPT_READ: 3,
  PHYSICAL_READ: 4,
  ROUND_TRIP: 5,
  PARSE: 6,
  EXECUTE: 7,
  FETCH: 8,
  HASH_BUILD: 9,
  HASH_PROBE: 10,
  HASH_SPILL: 11,
  TEMP_WRITE: 12,
  TEMP_READ: 13,
} as const;
/** Labels indexed by EventKind. */
export const EVENT_KIND_NAMES = [
  'block get',
  'pinned revisit',
  'memopt lookup',
  'memopt read',
  'physical read',
  'round trip',
  'parse',
  'execute',
  'fetch',
  'hash build',
  'hash probe',
  'hash spill',
  'temp write',
  'temp read',
];

export const GetKind = {
  EXAMINATION: 0,
  NORMAL: 1,
  PIN: 2,
  PINNED: 3,
  MEMOPT: 4,
  CURRENT: 5,
  NONE: 255,
} as const;
/** Labels by GetKind value. */
export const GET_KIND_NAMES: Record<number, string> = {
  0: 'examination',
  1: 'normal',
  2: 'pin',
  3: 'pinned revisit',
  4: 'memopt',
  5: 'current',
  255: 'none',
};

export const TimelineState = {
  CPU: 0,
  RUN_QUEUE: 1,
  LATCH_CBC: 2,
  BUFFER_BUSY: 3,
  DB_FILE_SEQUENTIAL_READ: 4,
  LOG_FILE_SYNC: 5,
  SQLNET_FROM_CLIENT: 6,
  DIRECT_PATH_TEMP: 7,
  DB_FILE_SCATTERED_READ: 8,
  DIRECT_PATH_READ: 9,
  FREE_BUFFER_WAITS: 10,
  ENQ_KO: 11,
  RDBMS_IPC_REPLY: 12,
  CELL_SINGLE_BLOCK: 13,
  CELL_MULTIBLOCK: 14,
  CELL_SMART_TABLE_SCAN: 15,
  FLASH_CACHE_SINGLE_BLOCK: 16,
  DIRECT_PATH_WRITE: 17,
} as const;
/** Labels indexed by TimelineState. */
export const TIMELINE_STATE_NAMES = [
  'CPU',
  'CPU run queue',
  'latch: cache buffers chains',
  'buffer busy waits',
  'db file sequential read',
  'log file sync',
  'SQL*Net message from client',
  'direct path read/write temp',
  'db file scattered read',
  'direct path read',
  'free buffer waits',
  'enq: KO - fast object checkpoint',
  'rdbms ipc reply',
  'cell single block physical read',
  'cell multiblock physical read',
  'cell smart table scan',
  'db flash cache single block physical read',
  'direct path write',
];

/** The wait events (V$EVENT_NAME): name, wait class, timeline lane (null: none). */
export const WAIT_EVENTS = [
  { name: 'db file sequential read', waitClass: 'User I/O', lane: 4 },
  { name: 'log file sync', waitClass: 'Commit', lane: 5 },
  { name: 'SQL*Net message to client', waitClass: 'Network', lane: null },
  { name: 'SQL*Net message from client', waitClass: 'Idle', lane: 6 },
  { name: 'latch: cache buffers chains', waitClass: 'Concurrency', lane: 2 },
  { name: 'buffer busy waits', waitClass: 'Concurrency', lane: 3 },
  { name: 'log file parallel write', waitClass: 'System I/O', lane: null },
  { name: 'direct path read temp', waitClass: 'User I/O', lane: 7 },
  { name: 'direct path write temp', waitClass: 'User I/O', lane: 7 },
  { name: 'db file scattered read', waitClass: 'User I/O', lane: 8 },
  { name: 'direct path read', waitClass: 'User I/O', lane: 9 },
  { name: 'free buffer waits', waitClass: 'Other', lane: 10 },
  { name: 'enq: KO - fast object checkpoint', waitClass: 'Application', lane: 11 },
  { name: 'rdbms ipc reply', waitClass: 'Other', lane: 12 },
  { name: 'cell single block physical read', waitClass: 'User I/O', lane: 13 },
  { name: 'cell multiblock physical read', waitClass: 'User I/O', lane: 14 },
  { name: 'cell smart table scan', waitClass: 'User I/O', lane: 15 },
  { name: 'db flash cache single block physical read', waitClass: 'User I/O', lane: 16 },
  { name: 'db file parallel write', waitClass: 'System I/O', lane: null },
  { name: 'direct path write', waitClass: 'User I/O', lane: 17 },
] as const;

/** The statistics (V$STATNAME): name, name before 12c (null: none), class. */
export const STATISTICS = [
  { name: 'session logical reads', pre12c: 'session logical reads', class: 8 },
  { name: 'consistent gets', pre12c: 'consistent gets', class: 8 },
  { name: 'consistent gets from cache', pre12c: 'consistent gets from cache', class: 8 },
  { name: 'consistent gets examination', pre12c: 'consistent gets - examination', class: 8 },
  { name: 'consistent gets examination (fastpath)', pre12c: null, class: 8 },
  { name: 'consistent gets pin', pre12c: null, class: 8 },
  { name: 'consistent gets pin (fastpath)', pre12c: 'consistent gets from cache (fastpath)', class: 8 },
  { name: 'no work - consistent read gets', pre12c: 'no work - consistent read gets', class: 8 },
  { name: 'logical read bytes from cache', pre12c: 'logical read bytes from cache', class: 8 },
  { name: 'db block gets', pre12c: 'db block gets', class: 8 },
  { name: 'db block gets from cache', pre12c: 'db block gets from cache', class: 8 },
  { name: 'db block changes', pre12c: 'db block changes', class: 8 },
  { name: 'buffer is pinned count', pre12c: 'buffer is pinned count', class: 64 },
  { name: 'buffer is not pinned count', pre12c: 'buffer is not pinned count', class: 64 },
  { name: 'index fetch by key', pre12c: 'index fetch by key', class: 64 },
  { name: 'index scans kdiixs1', pre12c: 'index scans kdiixs1', class: 64 },
  { name: 'index fast full scans (full)', pre12c: 'index fast full scans (full)', class: 64 },
  { name: 'table fetch by rowid', pre12c: 'table fetch by rowid', class: 64 },
  { name: 'rows fetched via callback', pre12c: 'rows fetched via callback', class: 64 },
  { name: 'table scan blocks gotten', pre12c: 'table scan blocks gotten', class: 64 },
  { name: 'table scan rows gotten', pre12c: 'table scan rows gotten', class: 64 },
  { name: 'table scans (short tables)', pre12c: 'table scans (short tables)', class: 64 },
  { name: 'table scans (long tables)', pre12c: 'table scans (long tables)', class: 64 },
  { name: 'cluster key scans', pre12c: 'cluster key scans', class: 64 },
  { name: 'cluster key scan block gets', pre12c: 'cluster key scan block gets', class: 64 },
  { name: 'memopt r lookups', pre12c: 'memopt r lookups', class: 1 },
  { name: 'memopt r hits', pre12c: 'memopt r hits', class: 1 },
  { name: 'memopt r misses', pre12c: 'memopt r misses', class: 1 },
  { name: 'memopt r populate tasks accepted', pre12c: 'memopt r populate tasks accepted', class: 1 },
  { name: 'memopt r rows populated', pre12c: 'memopt r rows populated', class: 1 },
  { name: 'execute count', pre12c: 'execute count', class: 64 },
  { name: 'parse count (total)', pre12c: 'parse count (total)', class: 64 },
  { name: 'parse count (hard)', pre12c: 'parse count (hard)', class: 64 },
  { name: 'session cursor cache hits', pre12c: 'session cursor cache hits', class: 64 },
  { name: 'opened cursors cumulative', pre12c: 'opened cursors cumulative', class: 1 },
  { name: 'user calls', pre12c: 'user calls', class: 1 },
  { name: 'recursive calls', pre12c: 'recursive calls', class: 1 },
  { name: 'user commits', pre12c: 'user commits', class: 1 },
  { name: 'SQL*Net roundtrips to/from client', pre12c: 'SQL*Net roundtrips to/from client', class: 1 },
  { name: 'bytes sent via SQL*Net to client', pre12c: 'bytes sent via SQL*Net to client', class: 1 },
  { name: 'bytes received via SQL*Net from client', pre12c: 'bytes received via SQL*Net from client', class: 1 },
  { name: 'physical reads', pre12c: 'physical reads', class: 8 },
  { name: 'physical reads cache', pre12c: 'physical reads cache', class: 8 },
  { name: 'physical read IO requests', pre12c: 'physical read IO requests', class: 8 },
  { name: 'redo size', pre12c: 'redo size', class: 2 },
  { name: 'redo entries', pre12c: 'redo entries', class: 2 },
  { name: 'undo change vector size', pre12c: 'undo change vector size', class: 1 },
  { name: 'user rollbacks', pre12c: 'user rollbacks', class: 1 },
  { name: 'transaction rollbacks', pre12c: 'transaction rollbacks', class: 1 },
  { name: 'rollback changes - undo records applied', pre12c: 'rollback changes - undo records applied', class: 1 },
  { name: 'redo synch writes', pre12c: 'redo synch writes', class: 2 },
  { name: 'redo writes', pre12c: 'redo writes', class: 2 },
  { name: 'redo blocks written', pre12c: 'redo blocks written', class: 2 },
  { name: 'redo wastage', pre12c: 'redo wastage', class: 2 },
  { name: 'redo write time', pre12c: 'redo write time', class: 2 },
  { name: 'table fetch continued row', pre12c: 'table fetch continued row', class: 64 },
  { name: 'shared hash latch upgrades - no wait', pre12c: 'shared hash latch upgrades - no wait', class: 1 },
  { name: 'shared hash latch upgrades - wait', pre12c: 'shared hash latch upgrades - wait', class: 1 },
  { name: 'CR blocks created', pre12c: 'CR blocks created', class: 8 },
  { name: 'commit cleanouts', pre12c: 'commit cleanouts', class: 8 },
  { name: 'commit cleanouts successfully completed', pre12c: 'commit cleanouts successfully completed', class: 8 },
  { name: 'commit cleanout failures: block lost', pre12c: 'commit cleanout failures: block lost', class: 8 },
  { name: 'cleanouts only - consistent read gets', pre12c: 'cleanouts only - consistent read gets', class: 8 },
  { name: 'immediate (CR) block cleanout applications', pre12c: 'immediate (CR) block cleanout applications', class: 8 },
  { name: 'immediate (CURRENT) block cleanout applications', pre12c: 'immediate (CURRENT) block cleanout applications', class: 8 },
  { name: 'data blocks consistent reads - undo records applied', pre12c: 'data blocks consistent reads - undo records applied', class: 8 },
  { name: 'sorts (memory)', pre12c: 'sorts (memory)', class: 64 },
  { name: 'sorts (disk)', pre12c: 'sorts (disk)', class: 1 },
  { name: 'workarea executions - optimal', pre12c: 'workarea executions - optimal', class: 1 },
  { name: 'workarea executions - onepass', pre12c: 'workarea executions - onepass', class: 1 },
  { name: 'workarea executions - multipass', pre12c: 'workarea executions - multipass', class: 1 },
  { name: 'physical reads direct', pre12c: 'physical reads direct', class: 1 },
  { name: 'physical reads direct temporary tablespace', pre12c: 'physical reads direct temporary tablespace', class: 1 },
  { name: 'physical writes', pre12c: 'physical writes', class: 1 },
  { name: 'physical writes direct', pre12c: 'physical writes direct', class: 1 },
  { name: 'physical writes direct temporary tablespace', pre12c: 'physical writes direct temporary tablespace', class: 1 },
  { name: 'physical write IO requests', pre12c: 'physical write IO requests', class: 1 },
  { name: 'DB time', pre12c: 'DB time', class: 1 },
  { name: 'CPU used by this session', pre12c: 'CPU used by this session', class: 1 },
  { name: 'parse time cpu', pre12c: 'parse time cpu', class: 64 },
  { name: 'RowCR attempts', pre12c: 'RowCR attempts', class: 128 },
  { name: 'RowCR hits', pre12c: 'RowCR hits', class: 128 },
  { name: 'physical read total multi block requests', pre12c: 'physical read total multi block requests', class: 1 },
  { name: 'consistent gets direct', pre12c: 'consistent gets direct', class: 1 },
  { name: 'free buffer requested', pre12c: 'free buffer requested', class: 1 },
  { name: 'free buffer inspected', pre12c: 'free buffer inspected', class: 1 },
  { name: 'dirty buffers inspected', pre12c: 'dirty buffers inspected', class: 1 },
  { name: 'hot buffers moved to head of LRU', pre12c: 'hot buffers moved to head of LRU', class: 1 },
  { name: 'cell scans', pre12c: 'cell scans', class: 1 },
  { name: 'cell physical IO bytes eligible for predicate offload', pre12c: 'cell physical IO bytes eligible for predicate offload', class: 1 },
  { name: 'cell flash cache read hits', pre12c: 'cell flash cache read hits', class: 1 },
  { name: 'physical read requests optimized', pre12c: 'physical read requests optimized', class: 1 },
  { name: 'physical read flash cache hits', pre12c: 'physical read flash cache hits', class: 1 },
  { name: 'physical writes from cache', pre12c: 'physical writes from cache', class: 1 },
  { name: 'DBWR checkpoint buffers written', pre12c: 'DBWR checkpoint buffers written', class: 1 },
  { name: 'DBWR checkpoints', pre12c: 'DBWR checkpoints', class: 1 },
  { name: 'DBWR lru scans', pre12c: 'DBWR lru scans', class: 1 },
  { name: 'DBWR make free requests', pre12c: 'DBWR make free requests', class: 1 },
  { name: 'background checkpoints started', pre12c: 'background checkpoints started', class: 1 },
  { name: 'background checkpoints completed', pre12c: 'background checkpoints completed', class: 1 },
  { name: 'IMU commits', pre12c: 'IMU commits', class: 128 },
  { name: 'IMU Flushes', pre12c: 'IMU Flushes', class: 128 },
  { name: 'IMU contention', pre12c: 'IMU contention', class: 128 },
  { name: 'IMU recursive-transaction flush', pre12c: 'IMU recursive-transaction flush', class: 128 },
  { name: 'IMU undo retention flush', pre12c: 'IMU undo retention flush', class: 128 },
  { name: 'IMU ktichg flush', pre12c: 'IMU ktichg flush', class: 128 },
  { name: 'IMU bind flushes', pre12c: 'IMU bind flushes', class: 128 },
  { name: 'IMU mbu flush', pre12c: 'IMU mbu flush', class: 128 },
  { name: 'IMU pool not allocated', pre12c: 'IMU pool not allocated', class: 128 },
  { name: 'IMU CR rollbacks', pre12c: 'IMU CR rollbacks', class: 128 },
  { name: 'IMU undo allocation size', pre12c: 'IMU undo allocation size', class: 128 },
  { name: 'IMU Redo allocation size', pre12c: 'IMU Redo allocation size', class: 128 },
  { name: 'IMU- failed to get a private strand', pre12c: 'IMU- failed to get a private strand', class: 128 },
  { name: 'leaf node splits', pre12c: 'leaf node splits', class: 128 },
  { name: 'leaf node 90-10 splits', pre12c: 'leaf node 90-10 splits', class: 128 },
  { name: 'branch node splits', pre12c: 'branch node splits', class: 128 },
  { name: 'root node splits', pre12c: 'root node splits', class: 128 },
  { name: 'consistent changes', pre12c: 'consistent changes', class: 8 },
] as const;

/** The typed-array columns of a trace batch, in order. */
export const TRACE_ARRAYS = [
  'kind',
  'get_kind',
  'segment',
  'block',
  'latch_child',
  'latch_gets',
  'plan_line',
  'exec',
  't_us',
  'stack',
  'sid',
] as const;

/** The columns of a trace batch with their array types. */
export interface TraceColumns {
  /** EventKind */
  kind: Uint8Array;
  /** GetKind (block visits; NONE otherwise) */
  get_kind: Uint8Array;
  /** segment id, NO_SEGMENT for calls */
  segment: Uint32Array;
  /** block number in the segment */
  block: Uint32Array;
  /** cache buffers chains child, NO_LATCH when none */
  latch_child: Uint16Array;
  /** CBC latch gets this event took */
  latch_gets: Uint8Array;
  /** plan line id, NO_PLAN_LINE when none */
  plan_line: Uint16Array;
  /** execution number within a workload */
  exec: Uint32Array;
  /** simulated time after the event, microseconds */
  t_us: Float64Array;
  /** index into stacks (folded cost stack) */
  stack: Uint32Array;
  /** session (SID) whose event it is: the step's, or another of LAB RUN ... SESSIONS n */
  sid: Uint32Array;
}
