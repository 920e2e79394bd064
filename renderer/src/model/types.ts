// The engine contract (docs/ENGINE-API.md), as TypeScript types.
// Everything the renderer knows about the engine's output is spelled here.

import type { TraceColumns } from '../engine/contract.gen';

// The result JSON's types are generated from the Rust declarations
// (engine-wasm/core/src/result.rs, by tests/result_contract.rs).
import type * as R from '../engine/result.gen';
export type {
  StepError, PlanLine, StepSettings, LatchFigures, WaitFigures, WaitBucket, WaitHistogram, RunResult,
  SessionFigures, DeviceCounter, QueueSnapshot, FlashSnapshot, DeviceSnapshot, DeviceFigures, SweepPoint, SweepResult,
} from '../engine/result.gen';

export type StepKind = R.Step['kind'];

/** A step as the engine gives it, plus what the UI sets on a saved one. */
export interface Step extends R.Step {
  /** Set by the UI on a step saved to the run history: rows / output lines beyond the saved cap (model/saved.ts). */
  rows_omitted?: number;
  output_omitted?: number;
}

/** A script's result as the UI holds it: the engine's (R.ScriptResult), or
 * assembled from streamed steps and saved runs, which do not carry the
 * Oracle version profile. */
export interface ScriptResult extends Omit<R.ScriptResult, 'steps' | 'version'> { version?: string; steps: Step[] }

/** A flash device at a frame: its totals and the cells that changed since the previous frame, flat [cell, valid, invalid, free, ...]. */
export interface FlashFrame {
  valid_pages: number; invalid_pages: number; free_pages: number;
  erases: number; gc_background: number; gc_foreground: number; gc_pages_moved: number;
  open?: number; cells: number[];
}
/** One device at one frame time (the trace's clock): requests since the step started, its queue(s) and flash then. */
export interface DeviceFrame { t_us: number; reads: number; writes: number; queue?: R.QueueSnapshot; disks?: R.QueueSnapshot[]; flash?: FlashFrame }
/** The frames a traced step kept of one device (at most 48, engine-wasm/core/src/io/frames.rs). */
export interface DeviceFrames { name: string; frames: DeviceFrame[] }

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
  /** `LAB RUN ... SESSIONS n`: each session's events kept (the step's session first); absent otherwise. */
  sessions?: TraceSession[];
  /** The other sessions' events are kept before this time (µs): the step's trace budget did not hold them all. */
  window_us?: number;
}

/** One session's events in a step's trace. */
export interface TraceSession { sid: number; events: number; truncated: boolean }

// Event kinds, get kinds and sentinels are declared once in Rust
// (engine-wasm/core/src/trace/contract.rs) and generated.
export { NO_SEGMENT, NO_LATCH, NO_PLAN_LINE, EventKind, EVENT_KIND_NAMES, GetKind, GET_KIND_NAMES } from '../engine/contract.gen';
