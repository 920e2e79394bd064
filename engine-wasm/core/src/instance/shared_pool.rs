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
}

impl LibChild {
    pub fn new(
        env: std::rc::Rc<OptEnv>,
        deps: Vec<(TableId, u64)>,
        parsed_at_us: f64,
        binds: Vec<crate::exec::convert::Kind>,
    ) -> Self {
        LibChild { env, deps, parsed_at_us, obsolete: false, binds }
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
