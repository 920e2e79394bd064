//! The shared pool's library cache and SQL area: the child cursors of each
//! text (`Instance::library_cache`) and V$SQL's entries
//! (`Instance::sql_area`). Sessions parse into them (`session/cursor.rs`)
//! and count their executions (`session/fixed.rs`).

use crate::catalog::TableId;
use crate::optimizer::OptEnv;

/// One child cursor of a text in the library cache.
#[derive(Debug, Clone)]
pub struct LibChild {
    pub env: std::rc::Rc<OptEnv>,
    /// The tables' versions it was built on.
    pub deps: Vec<(TableId, u64)>,
    /// When it was built (µs, the building session's clock).
    pub parsed_at_us: f64,
    /// Replaced by a newer child (rolling invalidation): not shared.
    pub obsolete: bool,
    /// The datatype classes its binds were compiled with (a parse whose
    /// binds differ builds another child: a bind mismatch).
    pub binds: Vec<crate::exec::convert::Kind>,
    /// The SQL*Plus variables as its hard parse saw them (bind peeking):
    /// a parse that shares it builds its plan from these.
    pub peeked: Vec<(String, crate::exec::convert::Kind, Option<crate::value::Value>)>,
    /// Adaptive cursor sharing's state (11.1+).
    pub cs: CsChild,
}

/// Adaptive cursor sharing's view of one child cursor (V$SQL's
/// IS_BIND_SENSITIVE, IS_BIND_AWARE, IS_SHAREABLE and the V$SQL_CS_*
/// views; `session/acs.rs` keeps it).
#[derive(Debug, Clone, Default)]
pub struct CsChild {
    /// A peeked bind decided a predicate's selectivity.
    pub sensitive: bool,
    /// Shared only by executions whose selectivities fall in `ranges`.
    pub aware: bool,
    /// No longer shared (replaced by bind-aware children).
    pub unshareable: bool,
    /// Its executions marked it for replacement by bind-aware children at
    /// the next parse.
    pub aware_due: bool,
    /// The predicates and their selectivities at its hard parse.
    pub preds: Vec<crate::optimizer::acs::BindPred>,
    /// Per predicate, the selectivities it serves (a bind-aware child).
    pub ranges: Vec<(f64, f64)>,
    /// Executions by rows processed: up to 1,000, up to 1,000,000, more.
    pub hist: [u64; 3],
    /// The execution that peeked (the first): rows processed, buffer
    /// gets, CPU µs (V$SQL_CS_STATISTICS).
    pub peeked_exec: Option<(u64, u64, f64)>,
    pub plan_hash: u32,
}

impl LibChild {
    pub fn new(
        env: std::rc::Rc<OptEnv>,
        deps: Vec<(TableId, u64)>,
        parsed_at_us: f64,
        binds: Vec<crate::exec::convert::Kind>,
    ) -> Self {
        LibChild { env, deps, parsed_at_us, obsolete: false, binds, peeked: Vec::new(), cs: CsChild::default() }
    }
}

/// One executed SQL text in the shared pool (V$SQL).
#[derive(Debug, Clone, Default)]
pub struct SqlAreaEntry {
    /// Unique over the instance's life: a cursor that remembers its slot
    /// checks it still holds its text.
    pub id: u64,
    pub text: String,
    pub sql_id: String,
    pub hash_value: u32,
    pub plan_hash_value: u32,
    pub executions: u64,
    pub parse_calls: u64,
    /// Hard parses (the cursor built, again after an invalidation).
    pub loads: u64,
    /// The child cursor (another optimizer environment, or a rolling
    /// invalidation, builds another).
    pub child: u32,
    /// Times the child was invalidated (DDL or statistics on what it reads).
    pub invalidations: u64,
    pub rows_processed: u64,
    pub buffer_gets: u64,
    pub disk_reads: u64,
    pub cpu_us: f64,
    pub elapsed_us: f64,
    pub sorts: u64,
    /// Its work areas (one row in V$SQL_WORKAREA, its last sort's figures).
    pub workarea: Option<SqlWorkarea>,
}

/// A cursor's work area in V$SQL_WORKAREA.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SqlWorkarea {
    pub last: crate::stats::LastWorkarea,
    pub max_tempseg: u64,
    pub optimal: u64,
    pub onepass: u64,
    pub multipass: u64,
}
