// The engine contract (docs/ENGINE-API.md), as TypeScript types.
// Everything the renderer knows about the engine's output is spelled here.

import type { HeatEntry, TraceColumns, TraceMeta } from '../engine/contract.gen';
import type { Segment } from '../engine/catalog.gen';

// The result JSON's types are generated from the Rust declarations
// (engine-wasm/core/src/result.rs, by tests/result_contract.rs).
import type * as R from '../engine/result.gen';
export type {
  StepError, PlanLine, StepSettings, LatchFigures, WaitFigures, WaitBucket, WaitHistogram, RunResult,
  SessionFigures, DeviceCounter, QueueSnapshot, FlashSnapshot, DeviceSnapshot, DeviceFigures, SweepPoint, SweepResult,
  Activity, AshSample, LatchProfRow,
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

// The catalog JSON's types are generated from the Rust declarations
// (engine-wasm/core/src/catalog/json.rs, by tests/catalog_contract.rs).
export type {
  Catalog, Segment, BtreeInfo, BtreeLevel, ClusterInfo, ClusterChain, CacheInfo, BufferPool, MemoptInfo, MemoptTable,
} from '../engine/catalog.gen';

export type SegmentKind = Segment['kind'];

// The trace's metadata is generated with the trace contract
// (engine-wasm/core/src/trace/contract.rs, by tests/contract.rs).
export type { HeatEntry, TraceMeta, TraceSession, DeviceFrames, DeviceFrame, FlashFrame } from '../engine/contract.gen';

/** A step's trace as the engine gives it (`Engine.trace(step)`): the generated columns and metadata. */
export type EngineTrace = TraceColumns & TraceMeta;

/** A step's trace as the UI holds it: the engine's, or one session's
 * events of it (model/sessionTrace.ts), which the engine's per-block
 * totals (`heat`, every session's visits) do not describe. */
export interface Trace extends TraceColumns, Omit<TraceMeta, 'heat'> {
  heat?: HeatEntry[];
}

// Event kinds, get kinds and sentinels are declared once in Rust
// (engine-wasm/core/src/trace/contract.rs) and generated.
export { NO_SEGMENT, NO_LATCH, NO_PLAN_LINE, EventKind, EVENT_KIND_NAMES, GetKind, GET_KIND_NAMES, HASH_PICTURE_BUCKETS } from '../engine/contract.gen';
