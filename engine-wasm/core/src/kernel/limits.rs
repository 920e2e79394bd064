//! The work a statement may still do: checked where rows are produced and
//! where PL/SQL and workloads loop, against counters the session keeps
//! (`LAB SET max_statement_work`, `max_script_work`).

use crate::stats::SessionStats;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// LAB-00034: the lab's data would outgrow its memory budget.
pub(crate) fn memory_error(max_mb: u64) -> LabError {
    LabError::with(ora::LAB_MEMORY_LIMIT, max_mb, Pos::default())
}

/// Work units at the start of the running statement and script.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct WorkBase {
    pub statement: u64,
    pub script: u64,
}

/// The work a statement may still do: checked where rows are produced and
/// where PL/SQL and workloads loop, against counters the session keeps.
#[derive(Debug, Clone, Copy)]
pub struct WorkLimit {
    base: WorkBase,
    max_statement: u64,
    max_script: u64,
    /// The work units past which one of the budgets is spent: the lower
    /// of the statement's and the script's ends (saturating), so the
    /// common check is one comparison.
    end: u64,
}

impl WorkLimit {
    /// A statement's limit: its work counted from `base`, against the budgets.
    pub(crate) fn new(base: WorkBase, max_statement: u64, max_script: u64) -> WorkLimit {
        let end = base.statement.saturating_add(max_statement).min(base.script.saturating_add(max_script));
        WorkLimit { base, max_statement, max_script, end }
    }

    /// LAB-00033 when the statement or the script has done more than its
    /// budget (`used - base > max` is `used > base + max`, which cannot
    /// overflow: a saturated end is never passed).
    #[inline]
    pub fn check(&self, stats: &SessionStats) -> Result<(), LabError> {
        let used = stats.work_units();
        if used <= self.end {
            return Ok(());
        }
        self.spent(used)
    }

    /// Which budget `used` work units passed.
    #[cold]
    fn spent(&self, used: u64) -> Result<(), LabError> {
        if used.saturating_sub(self.base.statement) > self.max_statement {
            return Err(LabError::with(ora::LAB_STATEMENT_WORK_LIMIT, self.max_statement, Pos::default()));
        }
        if used.saturating_sub(self.base.script) > self.max_script {
            return Err(LabError::with(ora::LAB_SCRIPT_WORK_LIMIT, self.max_script, Pos::default()));
        }
        Ok(())
    }
}
