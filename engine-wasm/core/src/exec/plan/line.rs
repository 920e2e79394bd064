//! One line of a plan, as the plan builder lays it out (the types
//! `exec/xplan.rs` formats).

/// One line of a plan: its place in the tree, its operation and estimates.
#[derive(Debug, Clone, Default)]
pub struct PlanLine {
    pub id: u16,
    pub parent: Option<u16>,
    pub depth: u16,
    pub operation: String,
    pub name: Option<String>,
    pub e_rows: f64,
    pub cost: f64,
    /// The CPU share of `cost`, in the same units (CPU cycles / (CPUSPEED
    /// x SREADTIM x 1000)): `None` until `cpu::resolve` gives a line the
    /// model did not cost apart its children's (`exec/plan/cpu.rs`).
    pub cpu: Option<f64>,
    /// The CPU part the line adds to its children's (a sort's, a hash
    /// join's), when `cpu` is not given.
    pub cpu_add: f64,
    pub bytes: Option<f64>,
    /// DBMS_XPLAN's Pstart and Pstop (a partitioned table's lines).
    pub partition: Option<Box<(String, String)>>,
}

/// A plan line as the builder drafts it, before the lines are numbered.
pub(super) struct Draft {
    pub(super) operation: String,
    pub(super) name: Option<String>,
    pub(super) e_rows: f64,
    pub(super) cost: f64,
    pub(super) cpu: Option<f64>,
    pub(super) cpu_add: f64,
    pub(super) bytes: Option<f64>,
    pub(super) partition: Option<Box<(String, String)>>,
}
