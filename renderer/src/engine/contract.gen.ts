// Generated from engine-wasm/core/src/trace/contract.rs by its test
// (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test contract). Do not edit.

export const NO_SEGMENT = 0xffffffff;
export const NO_LATCH = 0xffff;
export const NO_PLAN_LINE = 0xffff;

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
];

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
}
