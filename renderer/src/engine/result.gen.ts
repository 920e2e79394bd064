// Generated from engine-wasm/core/src/result.rs by its test
// (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test result_contract). Do not edit.
// The result JSON of exec/execSteps (docs/ENGINE-API.md).

export interface ScriptResult {
  lio_lab: string;
  version: string;
  steps: Step[];
}

export interface Step {
  index: number;
  line: number;
  column: number;
  statement: string;
  kind: 'query' | 'ddl' | 'dml' | 'plsql' | 'sqlplus' | 'lab';
  error: StepError | null;
  columns: string[];
  /** SQL*Plus's display width per column: the declared length of a character column (VARCHAR2(30) shows 30 wide), 0 where the values decide. Absent when no column has one. */
  column_widths?: number[];
  /** Per column, whether its type is NUMBER (SQL*Plus right-aligns its heading and gives it NUMWIDTH even when every value is NULL). Absent when no column is. */
  column_numeric?: boolean[];
  rows: (string | number | null)[][];
  rows_processed: number;
  plan: PlanLine[];
  stats: Record<string, number>;
  latches: Record<string, LatchFigures>;
  waits: Record<string, WaitFigures>;
  /** The step's waits by duration, per event that waited: power-of-two microsecond buckets (V$EVENT_HISTOGRAM_MICRO), only those with waits. */
  wait_histograms?: WaitHistogram[];
  elapsed_us: number;
  folded: string[];
  runs?: RunResult[];
  /** Mean elapsed of the runs left after dropping the fastest and slowest. */
  trimmed_mean_us?: number;
  /** `LAB RUN ... SESSIONS n`: each session's statistics, waits, elapsed time and timeline lane; the step's stats and waits are their sums. */
  sessions?: SessionFigures[];
  output: string[];
  feedback?: string;
  autotrace: 'off' | 'on' | 'traceonly';
  trace_events: number;
  /** Autotrace's Execution Plan: the plan as `dbms_xplan.display` prints it (Plan hash value, TYPICAL table, predicates), when autotrace shows plans and the statement has one. */
  xplan?: string[];
  /** SQL*Plus settings in effect (absent while all are defaults). */
  settings?: StepSettings;
  /** SET VERIFY ON's `old   n: ...` / `new   n: ...` lines for a statement whose substitution variables (`&name`) were replaced. */
  verify?: string[];
  /** The statement as it ran, after substitution (`statement` is the text as written); absent when nothing was substituted. */
  substituted?: string;
  /** `LAB SWEEP`: the measured points. */
  sweep?: SweepResult;
  /** The `LAB DEVICE`s (and DATA) whose counters the step changed: the changes, the totals and each device's state at the step's end. */
  devices?: DeviceFigures[];
  /** The lines the session's extended SQL trace (event 10046, SQL_TRACE) got during the step; absent while tracing is off. */
  sql_trace?: string[];
  /** Event 10053: what the optimizer considered in the step's hard parse (its text is in `sql_trace`); absent while the event is off. */
  optimizer?: OptimizerTrace;
  /** SQL*Plus `PRINT`: each bind variable printed, in order (each is laid out as a one-column query's rows). */
  prints?: PrintedBind[];
}

export interface StepError {
  code: string;
  message: string;
  line: number;
  column: number;
}

export interface PlanLine {
  id: number;
  parent: number | null;
  depth: number;
  operation: string;
  name: string | null;
  starts: number;
  e_rows: number;
  a_rows: number;
  buffers: number;
  cost: number;
  /** PLAN_TABLE's IO_COST: the Cost less its CPU part. DBMS_XPLAN's %CPU is round(100 x (COST - IO_COST) / COST). */
  io_cost: number;
  bytes?: number;
  access?: string;
  /** DBMS_XPLAN's filter predicates of this line. */
  filter?: string;
  /** DBMS_XPLAN's Pstart and Pstop: the first and last partition a partitioned table's line reads (`2`, `KEY`, `KEY(I)`). */
  pstart?: string;
  pstop?: string;
  /** A-Time in microseconds: only with rowsource statistics (STATISTICS_LEVEL=ALL or the GATHER_PLAN_STATISTICS hint). */
  time_us?: number;
  /** The line's work area in its last execution (a HASH JOIN's): DBMS_XPLAN's OMem, 1Mem, Used-Mem and Used-Tmp. */
  workarea?: LineWorkarea;
}

export interface LineWorkarea {
  /** Bytes to run optimal (OMem). */
  optimal: number;
  /** Bytes to run one-pass (1Mem). */
  onepass: number;
  /** Bytes the execution used (Used-Mem). */
  used: number;
  passes: number;
  /** Temp bytes it held at most (Used-Tmp; 0 when none). */
  temp: number;
}

export interface LatchFigures {
  gets: number;
  misses: number;
  sleeps: number;
}

export interface WaitFigures {
  count: number;
  time_us: number;
}

/** One wait event's histogram. */
export interface WaitHistogram {
  event: string;
  wait_class: string;
  buckets: WaitBucket[];
}

/** Waits shorter than `lt_us` microseconds and at least half that (at least 0 for the first bucket); `lt_us` None: the last, open bucket. */
export interface WaitBucket {
  lt_us: number | null;
  count: number;
}

export interface RunResult {
  run: number;
  elapsed_us: number;
  stats: Record<string, number>;
  waits: Record<string, WaitFigures>;
  wait_histograms?: WaitHistogram[];
  folded: string[];
}

/** One session of a `LAB RUN ... SESSIONS n` workload. */
export interface SessionFigures {
  sid: number;
  /** The session's waits by duration (see [`StepOut::wait_histograms`]). */
  wait_histograms?: WaitHistogram[];
  /** The workload's start on the simulated clock (µs), which the timeline counts from (trace events carry the same clock). */
  start_us: number;
  executions: number;
  stats: Record<string, number>;
  waits: Record<string, WaitFigures>;
  elapsed_us: number;
  /** The session's lane: `[from_us, to_us, state]` from the step's start, state indexing TIMELINE_STATES (CPU, run queue, wait events). */
  timeline: [number, number, number][];
}

/** The SQL*Plus client settings in effect for a step, for the text formatters (absent from a step while all are at their defaults). */
export interface StepSettings {
  /** SET AUTOTRACE shows the plan / the statistics. */
  autotrace_explain: boolean;
  autotrace_statistics: boolean;
  /** `sqlplus` (SQL*Plus 18c's layout) or `sqlcl` (LAB SET autotrace_style = sqlcl). */
  autotrace_style: 'sqlplus' | 'sqlcl';
  /** SET TIMING ON: `Elapsed: hh:mm:ss.cc` after each statement. */
  timing: boolean;
  linesize: number;
  pagesize: number;
  /** SET FEEDBACK: rows from which `n rows selected.` shows (0 = OFF). */
  feedback: number;
  /** SET TERMOUT as the step ran (`false`: SQL*Plus prints nothing for the step, so `set termout off` itself shows and `set termout on` does not). Absent while ON. */
  termout?: boolean;
  /** SET ECHO, once the script set it. */
  echo?: boolean;
  /** COLUMN name FORMAT fmt, by upper-case column name. */
  column_formats?: Record<string, string>;
  /** COLUMN name HEADING text, by upper-case column name (`|` splits the heading into lines, as SQL*Plus's HEADSEP). */
  column_headings?: Record<string, string>;
  /** COLUMN name NOPRINT: upper-case names of the columns not printed. */
  column_noprint?: string[];
  /** SET HEADING (absent while ON). */
  heading?: boolean;
  /** SET COLSEP text (absent while one blank). */
  colsep?: string;
  /** SET NULL text (absent while empty). */
  null?: string;
  underline?: string;
  /** SET NUMFORMAT (absent while none). */
  numformat?: string;
  /** SET NUMWIDTH: a number column's width (absent while 10). */
  numwidth?: number;
  /** SET NEWPAGE: blank lines before a page's headings (None: NONE; absent while 1). */
  newpage?: number | null;
  /** SET WRAP (absent while ON): OFF cuts values at the column width. */
  wrap?: boolean;
  /** BREAK ON ...: the break elements, outermost first. */
  breaks?: Break[];
  /** COMPUTE ... OF ... ON ...: one entry per column and break. */
  computes?: Compute[];
}

/** One element of SQL*Plus's BREAK: `ON column [SKIP n] [NODUPLICATES | DUPLICATES]` or `ON REPORT`. */
export interface Break {
  /** The column's upper-case name, or `REPORT`. */
  on: string;
  /** SKIP n: blank lines before the row where the value changes. */
  skip: number;
  /** DUPLICATES: print the value on every row (NODUPLICATES, the default, blanks a repeated value). */
  duplicates: boolean;
}

/** SQL*Plus's COMPUTE for one column (OF) and one break (ON). */
export interface Compute {
  /** The computed column, upper case. */
  of: string;
  /** The break column, upper case, or `REPORT`. */
  on: string;
  /** `avg`, `count`, `minimum`, `maximum`, `number`, `sum`, in the order SQL*Plus prints them, each with its label. */
  functions: [string, string][];
}

/** A `LAB SWEEP`'s curve: one point per value of the swept parameter. */
export interface SweepResult {
  /** The parameter or DDL option (`HASHKEYS`). */
  parameter: string;
  /** `linear` (STEP, or ten even points), `log` (FACTOR) or `releases` (VERSION IN: one point a release, in the order written). */
  scale: 'linear' | 'log' | 'releases';
  /** What the sweep varies: `ddl option`, `lab run option`, `sqlplus setting`, `lab parameter`, `release`. */
  varies: 'ddl option' | 'lab run option' | 'sqlplus setting' | 'lab parameter' | 'release';
  points: SweepPoint[];
}

export interface SweepPoint {
  value: number;
  /** The release of a `LAB SWEEP VERSION IN (...)` point (`value` is its place, 1 to n). */
  label?: string;
  /** Executions of the workload's SQL, all runs. */
  executions: number;
  runs: number;
  /** The workload's statistics, all runs (the `LAB RUN` step's). */
  stats: Record<string, number>;
  elapsed_us: number;
  trimmed_mean_us?: number;
  /** The workload failed at this value. */
  error?: StepError;
}

/** One device a step used (see [`StepOut::devices`]). */
export interface DeviceFigures {
  name: string;
  kind: string;
  /** The common counters (V$SYSSTAT's names for the device's requests and bytes, and its busy time) then the device's own, in its order. */
  counters: DeviceCounter[];
  snapshot: DeviceSnapshot;
}

/** A device counter: its change in the step and its total at the end. */
export interface DeviceCounter {
  name: string;
  delta: number;
  total: number;
}

/** A device's state at the end of a step (what the device view draws). */
export interface DeviceSnapshot {
  /** Flash: the erase blocks' pages. */
  flash?: FlashSnapshot;
  /** A disk's request queue and write cache. */
  queue?: QueueSnapshot;
  /** A cell's disks, each its queue. */
  disks?: QueueSnapshot[];
}

/** A flash device's erase blocks: `blocks[i]` is `[valid, invalid, free]` pages of `group` neighbouring erase blocks (1 unless the device has more than [`MAX_SNAPSHOT_BLOCKS`]; the last group may hold fewer). */
export interface FlashSnapshot {
  erase_blocks: number;
  pages_per_block: number;
  group: number;
  blocks: [number, number, number][];
  /** The shown block holding the write frontier (erased pages being filled). */
  open?: number;
  valid_pages: number;
  invalid_pages: number;
  free_pages: number;
  erases: number;
  gc_background: number;
  gc_foreground: number;
  gc_pages_moved: number;
  write_amplification: number;
}

/** A disk's queue at the end of a step. */
export interface QueueSnapshot {
  /** Requests in the device at its last request. */
  queue_depth: number;
  max_queue_depth: number;
  /** Bytes in the controller's write cache not yet on the platter. */
  dirty_bytes: number;
  /** The write cache's size (0: no write cache). */
  write_cache_bytes: number;
}

/** The optimizer's record of one hard parse (event 10053). */
export interface OptimizerTrace {
  /** The statement as parsed. */
  sql: string;
  /** `sql_id`. */
  sql_id: string;
  /** The release's trace layout: `12c` (six decimals) or `11g` (two). */
  release: string;
  /** Event 10053's level (1 or 2). */
  level: number;
  /** The system statistics the costs were computed with. */
  system: OptimizerSystemStats;
  /** `Peeked values of the binds in SQL statement`: `Bind#n` and its value, for the binds bind peeking read. */
  peeked?: string[];
  blocks: OptimizerBlock[];
  /** The chosen plan as the trace's Plan Table prints it. */
  plan: OptimizerPlanRow[];
}

/** System statistics (`SYSTEM STATISTICS INFORMATION`). */
export interface OptimizerSystemStats {
  /** NOWORKLOAD or WORKLOAD. */
  kind: string;
  cpuspeed: number;
  sreadtim: number;
  mreadtim: number;
  mbrc: number;
  ioseektim: number;
  iotfrspeed: number;
  block_size: number;
  /** `PARAMETERS WITH ALTERED VALUES`: the cost model's parameters the session set (`optimizer_features_enable`, `_optimizer_cost_model`), as `name = value`, and the cost model they selected. */
  altered?: string[];
}

/** One query block: its tables in the join order considered, the join steps after the first, its final cost. */
export interface OptimizerBlock {
  /** `SEL$1`, `SEL$2`, ... in the order the blocks were optimized. */
  name: string;
  tables: OptimizerTable[];
  /** The join steps, one per table after the first. */
  joins: OptimizerJoin[];
  /** How the join order was settled. */
  join_order_source: string;
  cost: number;
  card: number;
  bytes: number;
  /** Each table's single-table access (`SINGLE TABLE ACCESS PATH`) when the join orders were enumerated (else the leading table's in `tables`). */
  singles: OptimizerTable[];
  /** The join orders considered, in the order tried (empty when the hints or the block's shape fixed one: `tables` and `joins` are it). */
  orders: OptimizerJoinOrder[];
  /** The chosen one's place in `orders` (`Best join order:`, from 1). */
  best_order: number;
  /** `Number of join permutations tried`. */
  permutations: number;
}

/** One table reference: its statistics and the access paths costed. */
export interface OptimizerTable {
  name: string;
  alias: string;
  /** Its place in the FROM clause (`#0`). */
  number: number;
  /** Statistics gathered (DBMS_STATS / ANALYZE), else computed from the rows. */
  gathered: boolean;
  num_rows: number;
  blocks: number;
  avg_row_len: number;
  indexes: OptimizerIndex[];
  /** The columns the block's predicates on it read. */
  columns: OptimizerColumn[];
  /** Reached as the inner table of a nested loop (its paths may use the join predicates); else a single-table access path. */
  inner: boolean;
  /** Card: Original (NUM_ROWS) and Computed (after its own predicates). */
  card_original: number;
  card_computed: number;
  paths: OptimizerPath[];
  /** The index into `paths` of the one taken. */
  best: number;
  /** Not a table (an inline view, a row generator): costed as its plan, no paths. */
  view: boolean;
  view_cost: number;
}

/** An index's statistics (`Index Stats::`). */
export interface OptimizerIndex {
  name: string;
  /** Column positions (1-based), as `Col#:` prints them. */
  columns: number[];
  column_names: string[];
  blevel: number;
  leaf_blocks: number;
  distinct_keys: number;
  clustering_factor: number;
  unique: boolean;
}

/** A column's statistics (`Column (#n):`). */
export interface OptimizerColumn {
  position: number;
  name: string;
  data_type: string;
  /** AVG_COL_LEN. */
  avg_len: number;
  ndv: number;
  nulls: number;
  /** 1/NDV; with a histogram its NewDensity (the selectivity of a value the histogram does not hold as popular). */
  density: number;
  /** Numeric low and high values (absent for other types). */
  min: number | null;
  max: number | null;
  /** With a histogram: its kind (`FREQUENCY`, `HEIGHT BALANCED`, `TOP-FREQUENCY`, `HYBRID`) and the dictionary's DENSITY (`OldDensity`, USER_TAB_COL_STATISTICS.DENSITY). */
  histogram?: string;
  old_density?: number;
}

/** One access path costed. */
export interface OptimizerPath {
  /** Oracle's name in `Access Path:` (`TableScan`, `index (RangeScan)`, ...). */
  access: string;
  /** Its name in `Best:: AccessPath:` (`TableScan`, `IndexRange`, ...). */
  best_name: string;
  index: string | null;
  /** The cost compared (unrounded), its I/O part (single-block reads) and CPU part (cycles). */
  cost: number;
  io: number;
  cpu: number;
  card: number;
  /** The share of the index's leaves (and of its rows) the access predicates select. */
  ix_sel: number | null;
  /** A hint (or a bound unique or hash key) takes it whatever it costs. */
  forced: boolean;
  /** Why it is a candidate. */
  why: string;
  /** The formula its cost came from, with the figures put in. */
  formula: string;
  /** Under a nested loop: outer cost + outer rows x this path's cost. */
  nl_cost: number | null;
  /** A hint the lab refuses (the statement's error if it won). */
  refused: boolean;
  skip_scan: OptimizerSkipScan | null;
}

/** An index skip scan's own figures in the trace. */
export interface OptimizerSkipScan {
  andv: number;
  ss_io: number;
  scan_io: number;
}

/** A join step (`Now joining:`): the methods costed and the one taken. */
export interface OptimizerJoin {
  /** The inner table (`T2[B]#1`): a nested loop's inner, a hash join's probe. */
  inner: string;
  outer_card: number;
  outer_cost: number;
  inner_card: number;
  /** The join predicates' selectivity (1 without one). */
  sel: number;
  card: number;
  /** The cost of the method taken. */
  cost: number;
  outer_join: boolean;
  /** The method taken (`Best:: JoinMethod:`): `NestedLoop`, `Hash` or `SortMerge` (a MERGE JOIN CARTESIAN). */
  method: string;
  /** The nested loop's cost when it was costed (`Best NL cost:`). */
  nl_cost: number | null;
  /** A Cartesian product's MERGE JOIN CARTESIAN cost when it was costed (`SM cost:`; `optimizer::join::buffer_sort_cost`). */
  sm_cost: number | null;
  /** The hash join's cost when it was costed (`HA cost:`): both inputs once and the hashing of their rows (`optimizer::join::hash_join_cost`). */
  hash_cost: number | null;
  /** A hash join's probe: its single-table access's cost and rows. */
  inner_cost: number;
  probe_card: number;
  /** Row bytes of the rows so far (the build) and of the inner table. */
  outer_bytes: number;
  inner_bytes: number;
}

/** One join order considered: its tables in order, each step's figures, its cost, and whether it was abandoned when a partial cost passed the best order's. */
export interface OptimizerJoinOrder {
  tables: OptimizerTable[];
  joins: OptimizerJoin[];
  cost: number;
  card: number;
  aborted: boolean;
}

/** A line of the chosen plan. */
export interface OptimizerPlanRow {
  id: number;
  depth: number;
  operation: string;
  name: string;
  /** Rows, Bytes and Cost as DBMS_XPLAN abbreviates them (K, M, ...). */
  rows: string;
  bytes: string;
  cost: string;
  time: string;
}

/** One bind variable `PRINT` shows (see [`StepOut::prints`]). */
export interface PrintedBind {
  /** Its name, upper-cased: the column heading. */
  name: string;
  /** The declared length of a CHAR or VARCHAR2 variable (its column width); 0 for a NUMBER (NUMWIDTH decides). */
  width: number;
  /** Its value (null until assigned). */
  value: string | number | null;
}

export interface Activity {
  /** The sampling interval in microseconds: Oracle's 1 s, or the finer one `LAB SET ash_sampling_interval_us` chose. */
  interval_us: number;
  /** Samples the instance's ASH buffer lost (full, or over the memory budget) since it started. */
  dropped: number;
  /** The step's samples, in time order. */
  samples: AshSample[];
  /** The latch profile, most held first. */
  latchprof: LatchProfRow[];
  /** The span the latch profile's Held % is of (us), from the first to the last event kept. */
  latch_span_us: number;
  /** Not every event of the step was kept: the latch profile covers those that were. */
  truncated: boolean;
}

export interface AshSample {
  sample_id: number;
  /** The sampling instant on the simulated clock (us). */
  t_us: number;
  sid: number;
  /** SESSION_STATE: `ON CPU` or `WAITING`. */
  state: string;
  /** EVENT (null on CPU). */
  event: string | null;
  /** WAIT_CLASS; `CPU` on CPU (as ASH charts name it). */
  wait_class: string;
  sql_id: string | null;
  /** SQL_PLAN_LINE_ID and the line's operation and object. */
  plan_line: number | null;
  operation: string | null;
  object: string | null;
  /** TIME_WAITED (us): the whole wait on its last sample, else 0. */
  time_waited_us: number;
}

export interface LatchProfRow {
  /** The latch (`cache buffers chains`). */
  name: string;
  /** The holder (latchprof's SID column). */
  sid: number;
  /** CHILD# (V$LATCH_CHILDREN, 1-based). */
  child: number;
  /** The segment whose block the get was for. */
  object: string | null;
  /** Held: time the holder held the child (us). */
  held_us: number;
  gets: number;
  /** Held %: of the span. */
  held_pct: number;
  /** Avg hold (us). */
  avg_hold_us: number;
}
