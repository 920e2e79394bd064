//! A hierarchical query's parts: what the planner compiled for CONNECT
//! BY (`HierSpec`, its pseudo-columns `HierItem`) and the operator's
//! state while it walks (`row_source/connect_by.rs`).

use crate::exec::expr::CExpr;
use crate::value::Value;
use std::collections::HashMap;

/// The source of the pseudo-columns: CONNECT_BY_ISLEAF (column 0),
/// CONNECT_BY_ISCYCLE (1), then one per [`HierItem`].
#[derive(Debug, Clone)]
pub enum HierItem {
    /// `PRIOR e` in the select list: `e` of the parent row (NULL at a root).
    Prior(CExpr),
    /// `CONNECT_BY_ROOT e`: `e` of the row's root.
    Root(CExpr),
    /// `SYS_CONNECT_BY_PATH(e, sep)`.
    Path(CExpr, String),
}

/// What the planner compiled.
#[derive(Debug, Clone)]
pub struct HierSpec {
    /// The child's sources (restored for each kept row).
    pub srcs: Vec<(usize, Option<crate::catalog::TableId>)>,
    pub start_with: Option<CExpr>,
    /// The source the CONNECT BY condition reads its PRIOR values from:
    /// `priors` evaluated on the parent row.
    pub prior_src: usize,
    pub priors: Vec<CExpr>,
    /// `child_expr = PRIOR priors[i]` conjuncts: (i, child_expr).
    pub keys: Vec<(usize, CExpr)>,
    /// The other conjuncts, tested on a candidate child (LEVEL its level).
    pub residual: Vec<CExpr>,
    pub nocycle: bool,
    /// ORDER SIBLINGS BY: (key, descending, nulls first).
    pub siblings: Vec<(CExpr, bool, bool)>,
    pub out_src: usize,
    pub items: Vec<HierItem>,
}

/// One row on the walk's path.
#[derive(Debug, Clone)]
pub struct Frame {
    pub row: u32,
    /// Its children: `arena[kids.0..kids.1]`, the next one at `next`.
    pub kids: (usize, usize),
    pub next: usize,
    /// Per item: a Prior item's value of this row (read by its
    /// children), a Root's and a Path's value at this row.
    pub vals: Vec<Value>,
    pub held: u64,
}

#[derive(Debug, Clone, Default)]
pub struct HierState {
    pub built: bool,
    pub saved: Vec<(u32, u32, Vec<Value>)>,
    pub priors: Vec<Vec<Value>>,
    /// Per row, its PRIOR values as key bytes (the loop check's).
    pub pkeys: Vec<Vec<u8>>,
    /// The PRIOR values of the rows on the walk's path, counted.
    pub path: HashMap<Vec<u8>, u32>,
    pub sib: Vec<Vec<Value>>,
    /// Child key bytes to the rows with that key, in the child's order.
    pub index: HashMap<Vec<u8>, Vec<u32>>,
    pub roots: Vec<u32>,
    pub next_root: usize,
    pub stack: Vec<Frame>,
    pub arena: Vec<u32>,
    pub room: u64,
    pub keybuf: Vec<u8>,
    pub vals: Vec<Value>,
}

/// What the planner's block being compiled is in: its output's
/// pseudo-columns (`items`, into source `out_src`), or its CONNECT BY
/// condition (`cond`: PRIOR reads source `.0`, the expressions `.1`), or
/// its START WITH condition (none of them).
pub(crate) struct HierCompile {
    pub out_src: usize,
    pub nocycle: bool,
    pub items: Vec<HierItem>,
    pub cond: Option<(usize, Vec<CExpr>)>,
    pub start_with: bool,
}
