//! The record's types (see the module note of `cbo_trace`).

use serde::Serialize;

crate::tsdecl::contract! {
    /// The optimizer's record of one hard parse (event 10053).
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboTraceOut as OptimizerTrace {
        /// The statement as parsed.
        pub sql: String,
        /// `sql_id`.
        pub sql_id: String,
        /// The release's trace layout: `12c` (six decimals) or `11g` (two).
        pub release: String,
        /// Event 10053's level (1 or 2).
        pub level: u8,
        /// The system statistics the costs were computed with.
        pub system: CboSystemOut,
        /// `Peeked values of the binds in SQL statement`: `Bind#n` and its
        /// value, for the binds bind peeking read.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub peeked: Option<Vec<String>>,
        pub blocks: Vec<CboBlockOut>,
        /// The chosen plan as the trace's Plan Table prints it.
        pub plan: Vec<CboPlanRowOut>,
    }

    /// System statistics (`SYSTEM STATISTICS INFORMATION`).
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboSystemOut as OptimizerSystemStats {
        /// NOWORKLOAD or WORKLOAD.
        pub kind: String,
        pub cpuspeed: f64,
        pub sreadtim: f64,
        pub mreadtim: f64,
        pub mbrc: f64,
        pub ioseektim: f64,
        pub iotfrspeed: f64,
        pub block_size: f64,
        /// `PARAMETERS WITH ALTERED VALUES`: the cost model's parameters
        /// the session set (`optimizer_features_enable`, `_optimizer_cost_model`),
        /// as `name = value`, and the cost model they selected.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub altered: Option<Vec<String>>,
    }

    /// One query block: its tables in the join order considered, the join
    /// steps after the first, its final cost.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboBlockOut as OptimizerBlock {
        /// `SEL$1`, `SEL$2`, ... in the order the blocks were optimized.
        pub name: String,
        pub tables: Vec<CboTableOut>,
        /// The join steps, one per table after the first.
        pub joins: Vec<CboJoinOut>,
        /// How the join order was settled.
        pub join_order_source: String,
        pub cost: f64,
        pub card: f64,
        pub bytes: f64,
        /// Each table's single-table access (`SINGLE TABLE ACCESS PATH`)
        /// when the join orders were enumerated (else the leading table's
        /// in `tables`).
        pub singles: Vec<CboTableOut>,
        /// The join orders considered, in the order tried (empty when the
        /// hints or the block's shape fixed one: `tables` and `joins` are it).
        pub orders: Vec<CboJoinOrderOut>,
        /// The chosen one's place in `orders` (`Best join order:`, from 1).
        pub best_order: usize,
        /// `Number of join permutations tried`.
        pub permutations: usize,
    }

    /// One join order considered: its tables in order, each step's
    /// figures, its cost, and whether it was abandoned when a partial cost
    /// passed the best order's.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboJoinOrderOut as OptimizerJoinOrder {
        pub tables: Vec<CboTableOut>,
        pub joins: Vec<CboJoinOut>,
        pub cost: f64,
        pub card: f64,
        pub aborted: bool,
    }

    /// One table reference: its statistics and the access paths costed.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboTableOut as OptimizerTable {
        pub name: String,
        pub alias: String,
        /// Its place in the FROM clause (`#0`).
        pub number: usize,
        /// Statistics gathered (DBMS_STATS / ANALYZE), else computed from the rows.
        pub gathered: bool,
        pub num_rows: f64,
        pub blocks: f64,
        pub avg_row_len: f64,
        pub indexes: Vec<CboIndexOut>,
        /// The columns the block's predicates on it read.
        pub columns: Vec<CboColumnOut>,
        /// Reached as the inner table of a nested loop (its paths may use
        /// the join predicates); else a single-table access path.
        pub inner: bool,
        /// Card: Original (NUM_ROWS) and Computed (after its own predicates).
        pub card_original: f64,
        pub card_computed: f64,
        pub paths: Vec<CboPathOut>,
        /// The index into `paths` of the one taken.
        pub best: usize,
        /// Not a table (an inline view, a row generator): costed as its plan, no paths.
        pub view: bool,
        pub view_cost: f64,
    }

    /// An index's statistics (`Index Stats::`).
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboIndexOut as OptimizerIndex {
        pub name: String,
        /// Column positions (1-based), as `Col#:` prints them.
        pub columns: Vec<usize>,
        pub column_names: Vec<String>,
        pub blevel: f64,
        pub leaf_blocks: f64,
        pub distinct_keys: f64,
        pub clustering_factor: f64,
        pub unique: bool,
    }

    /// A column's statistics (`Column (#n):`).
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboColumnOut as OptimizerColumn {
        pub position: usize,
        pub name: String,
        pub data_type: String,
        /// AVG_COL_LEN.
        pub avg_len: f64,
        pub ndv: f64,
        pub nulls: f64,
        /// 1/NDV; with a histogram its NewDensity (the selectivity of a
        /// value the histogram does not hold as popular).
        pub density: f64,
        /// Numeric low and high values (absent for other types).
        pub min: Option<f64>,
        pub max: Option<f64>,
        /// With a histogram: its kind (`FREQUENCY`, `HEIGHT BALANCED`,
        /// `TOP-FREQUENCY`, `HYBRID`) and the dictionary's DENSITY
        /// (`OldDensity`, USER_TAB_COL_STATISTICS.DENSITY).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub histogram: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub old_density: Option<f64>,
    }

    /// One access path costed.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboPathOut as OptimizerPath {
        /// Oracle's name in `Access Path:` (`TableScan`, `index (RangeScan)`, ...).
        pub access: String,
        /// Its name in `Best:: AccessPath:` (`TableScan`, `IndexRange`, ...).
        pub best_name: String,
        pub index: Option<String>,
        /// The cost compared (unrounded), its I/O part (single-block reads)
        /// and CPU part (cycles).
        pub cost: f64,
        pub io: f64,
        pub cpu: f64,
        pub card: f64,
        /// The share of the index's leaves (and of its rows) the access
        /// predicates select.
        pub ix_sel: Option<f64>,
        /// A hint (or a bound unique or hash key) takes it whatever it costs.
        pub forced: bool,
        /// Why it is a candidate.
        pub why: String,
        /// The formula its cost came from, with the figures put in.
        pub formula: String,
        /// Under a nested loop: outer cost + outer rows x this path's cost.
        pub nl_cost: Option<f64>,
        /// A hint the lab refuses (the statement's error if it won).
        pub refused: bool,
        /// An index skip scan: its probes ("ANDV (#skips)"), the I/O of
        /// the probes' leaves ("SS io") and the full scan's I/O it is
        /// weighed against ("vs. table scan io").
        pub skip_scan: Option<CboSkipOut>,
    }

    /// An index skip scan's own figures in the trace.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboSkipOut as OptimizerSkipScan {
        pub andv: f64,
        pub ss_io: f64,
        pub scan_io: f64,
    }

    /// A join step (`Now joining:`): the methods costed and the one taken.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboJoinOut as OptimizerJoin {
        /// The inner table (`T2[B]#1`): a nested loop's inner, a hash join's probe.
        pub inner: String,
        pub outer_card: f64,
        pub outer_cost: f64,
        pub inner_card: f64,
        /// The join predicates' selectivity (1 without one).
        pub sel: f64,
        pub card: f64,
        /// The cost of the method taken.
        pub cost: f64,
        pub outer_join: bool,
        /// The method taken (`Best:: JoinMethod:`): `NestedLoop`, `Hash`
        /// or `SortMerge` (a MERGE JOIN CARTESIAN).
        pub method: String,
        /// The nested loop's cost when it was costed (`Best NL cost:`).
        pub nl_cost: Option<f64>,
        /// A Cartesian product's MERGE JOIN CARTESIAN cost when it was
        /// costed (`SM cost:`; `optimizer::join::buffer_sort_cost`).
        pub sm_cost: Option<f64>,
        /// The hash join's cost when it was costed (`HA cost:`): both inputs
        /// once and the hashing of their rows (`optimizer::join::hash_join_cost`).
        pub hash_cost: Option<f64>,
        /// A hash join's probe: its single-table access's cost and rows.
        pub inner_cost: f64,
        pub probe_card: f64,
        /// Row bytes of the rows so far (the build) and of the inner table.
        pub outer_bytes: f64,
        pub inner_bytes: f64,
    }

    /// A line of the chosen plan.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct CboPlanRowOut as OptimizerPlanRow {
        pub id: u16,
        pub depth: u16,
        pub operation: String,
        pub name: String,
        /// Rows, Bytes and Cost as DBMS_XPLAN abbreviates them (K, M, ...).
        pub rows: String,
        pub bytes: String,
        pub cost: String,
        pub time: String,
    }
}
