// The engine contract (docs/ENGINE-API.md), as TypeScript types.
// Everything the renderer knows about the engine's output is spelled here.

import type { TraceColumns } from '../engine/contract.gen';
import type { DeviceKind } from '../engine/deviceTypes.gen';

export interface StepError { code: string; message: string; line: number; column: number }

export interface PlanLine {
  id: number; parent: number | null; depth: number;
  operation: string; name: string | null;
  starts: number; e_rows: number; a_rows: number; buffers: number; cost: number;
  bytes?: number;
  /** DBMS_XPLAN's access / filter predicates of the line ('"KEY"=42'). */
  access?: string; filter?: string;
  /** A-Time (us), with rowsource statistics only. */
  time_us?: number;
}

/** The SQL*Plus client settings in effect for a step (absent while all are defaults). */
export interface StepSettings {
  autotrace_explain: boolean; autotrace_statistics: boolean;
  autotrace_style: 'sqlplus' | 'sqlcl' | string;
  timing: boolean; linesize: number; pagesize: number;
  /** SET FEEDBACK threshold (0 = OFF). */
  feedback: number;
  echo?: boolean;
  /** false: the step ran under SET TERMOUT OFF (SQL*Plus prints nothing for it). */
  termout?: boolean;
  /** COLUMN name FORMAT fmt, by upper-case column name. */
  column_formats?: Record<string, string>;
  /** COLUMN name HEADING text, by upper-case column name (`|` splits lines). */
  column_headings?: Record<string, string>;
  /** COLUMN name NOPRINT: the upper-case names of the columns not printed. */
  column_noprint?: string[];
  /** SET HEADING (absent while ON). */
  heading?: boolean;
  /** SET COLSEP (absent while one blank). */
  colsep?: string;
  /** SET NULL text (absent while empty). */
  null?: string;
  /** SET UNDERLINE's character ('' = OFF; absent while '-'). */
  underline?: string;
  /** SET NUMFORMAT (absent while none). */
  numformat?: string;
  /** SET NEWPAGE (null = NONE; absent while 1). */
  newpage?: number | null;
  /** SET WRAP (absent while ON). */
  wrap?: boolean;
}

export interface LatchFigures { gets: number; misses: number; sleeps: number }
export interface WaitFigures { count: number; time_us: number }
/** Waits shorter than lt_us (and at least half of it; lt_us null: the last, open bucket). */
export interface WaitBucket { lt_us: number | null; count: number }
/** One event's waits by duration: power-of-two microsecond buckets (V$EVENT_HISTOGRAM_MICRO). */
export interface WaitHistogram { event: string; wait_class: string; buckets: WaitBucket[] }

export interface RunResult {
  run: number; elapsed_us: number;
  stats: Record<string, number>;
  waits: Record<string, WaitFigures>;
  wait_histograms?: WaitHistogram[];
  folded: string[];
}

/** One session of a `LAB RUN ... SESSIONS n` workload. */
export interface SessionFigures {
  sid: number;
  /** The workload's start on the simulated clock (trace t_us is on the same clock). */
  start_us: number;
  executions: number;
  stats: Record<string, number>;
  waits: Record<string, WaitFigures>;
  wait_histograms?: WaitHistogram[];
  elapsed_us: number;
  /** Lane stretches [from_us, to_us, state] from start_us; state indexes TIMELINE_STATE_NAMES. */
  timeline: [number, number, number][];
}

export type StepKind = 'query' | 'ddl' | 'dml' | 'plsql' | 'sqlplus' | 'lab';

export interface Step {
  index: number; line: number; column: number;
  statement: string; kind: StepKind;
  error: StepError | null;
  columns: string[]; rows: (string | number | null)[][];
  /** SQL*Plus display width per column (declared character length; 0 where the values decide). */
  column_widths?: number[];
  rows_processed?: number;
  plan: PlanLine[];
  stats: Record<string, number>;
  latches: Record<string, LatchFigures>;
  waits: Record<string, WaitFigures>;
  /** The step's waits by duration, events that waited only (absent: none). */
  wait_histograms?: WaitHistogram[];
  elapsed_us: number;
  folded: string[];
  runs?: RunResult[];
  /** LAB RUN: mean elapsed of the runs without the fastest and slowest. */
  trimmed_mean_us?: number;
  /** LAB RUN ... SESSIONS n: each session's figures and timeline lane (the step's stats and waits are their sums). */
  sessions?: SessionFigures[];
  output?: string[];
  /** SQL*Plus feedback line: 'Table created.', '100000 rows created.' */
  feedback?: string;
  /** SET VERIFY ON's `old   n: ...` / `new   n: ...` lines (substitution variables replaced). */
  verify?: string[];
  /** The statement as it ran, after substitution (absent when nothing was substituted). */
  substituted?: string;
  autotrace?: 'off' | 'on' | 'traceonly';
  /** Autotrace's Execution Plan as dbms_xplan prints it (when autotrace shows plans). */
  xplan?: string[];
  settings?: StepSettings;
  /** LAB SWEEP: the measured points of the curve. */
  sweep?: SweepResult;
  trace_events: number;
  /** The LAB DEVICEs (and DATA) the step used: counter changes, totals, state at the step's end. */
  devices?: DeviceFigures[];
  /** Set by the UI on a step saved to the run history: rows / output lines beyond the saved cap (model/saved.ts). */
  rows_omitted?: number;
  output_omitted?: number;
}

/** A device counter: its change in the step and its total at the step's end. */
export interface DeviceCounter { name: string; delta: number; total: number }
/** A disk's request queue and controller write cache at the step's end. */
export interface QueueSnapshot { queue_depth: number; max_queue_depth: number; dirty_bytes: number; write_cache_bytes: number }
/** A flash device's erase blocks: blocks[i] = [valid, invalid, free] pages of `group` neighbouring erase blocks. */
export interface FlashSnapshot {
  erase_blocks: number; pages_per_block: number; group: number;
  blocks: [number, number, number][];
  /** The shown block holding the write frontier. */
  open?: number;
  valid_pages: number; invalid_pages: number; free_pages: number;
  erases: number; gc_background: number; gc_foreground: number; gc_pages_moved: number;
  write_amplification: number;
}
export interface DeviceSnapshot { flash?: FlashSnapshot; queue?: QueueSnapshot; disks?: QueueSnapshot[] }
/** A flash device at a frame: its totals and the cells that changed since the previous frame, flat [cell, valid, invalid, free, ...]. */
export interface FlashFrame {
  valid_pages: number; invalid_pages: number; free_pages: number;
  erases: number; gc_background: number; gc_foreground: number; gc_pages_moved: number;
  open?: number; cells: number[];
}
/** One device at one frame time (the trace's clock): requests since the step started, its queue(s) and flash then. */
export interface DeviceFrame { t_us: number; reads: number; writes: number; queue?: QueueSnapshot; disks?: QueueSnapshot[]; flash?: FlashFrame }
/** The frames a traced step kept of one device (at most 48, engine-wasm/core/src/io/frames.rs). */
export interface DeviceFrames { name: string; frames: DeviceFrame[] }
/** One device a step used. */
export interface DeviceFigures {
  name: string;
  /** A type of the engine's device registry (engine/deviceTypes.gen.ts). */
  kind: DeviceKind | string;
  counters: DeviceCounter[];
  snapshot: DeviceSnapshot;
}

export interface SweepPoint {
  value: number; executions: number; runs: number;
  stats: Record<string, number>; elapsed_us: number; trimmed_mean_us?: number;
  error?: StepError;
}
export interface SweepResult {
  parameter: string; scale: 'linear' | 'log';
  varies: 'ddl option' | 'lab run option' | 'sqlplus setting' | 'lab parameter';
  points: SweepPoint[];
}

export interface ScriptResult { lio_lab: string; steps: Step[] }

export type SegmentKind = 'TABLE' | 'INDEX' | 'IOT' | 'CLUSTER' | 'MEMOPT';

export interface BtreeInfo {
  height: number;
  levels: { first_block: number; count: number }[];
  entries_per_leaf: number; unique: boolean;
}
export interface ClusterInfo {
  hashkeys: number; size: number; keys_per_block: number;
  bucket_blocks: number; overflow_blocks: number;
  chains: { block: number; overflow: number[] }[];
}
export interface Segment {
  id: number; name: string; kind: SegmentKind; table: string | null;
  pool: 'DEFAULT' | 'KEEP'; blocks: number; rows: number; header_block: number;
  btree?: BtreeInfo; cluster?: ClusterInfo;
  /** A data dictionary (SYS) segment that recursive SQL reads. */
  dictionary?: boolean;
}
export interface Catalog {
  version: string; block_size: number; segments: Segment[];
  cache: { pools: { name: 'DEFAULT' | 'KEEP'; buffers: number; used: number }[];
           hash_buckets: number; cbc_latch_children: number };
  memopt?: { pool_bytes: number; buffer_area_bytes: number; hash_index_bytes: number;
             tables: { name: string; rows_populated: number; populated: boolean }[] };
}

export interface HeatEntry { segment: number; block: number; visits: number }

/** A step's trace: the generated columns plus its metadata. */
export interface Trace extends TraceColumns {
  length: number;
  stacks: string[];
  truncated: boolean;
  heat?: HeatEntry[];
  /** Frames of the devices the step used, for the device view to follow the playback. */
  devices?: DeviceFrames[];
}

// Event kinds, get kinds and sentinels are declared once in Rust
// (engine-wasm/core/src/trace/contract.rs) and generated.
export { NO_SEGMENT, NO_LATCH, NO_PLAN_LINE, EventKind, EVENT_KIND_NAMES, GetKind, GET_KIND_NAMES } from '../engine/contract.gen';
