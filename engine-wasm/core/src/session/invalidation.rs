//! When a cursor built earlier may no longer run: DDL or statistics on a
//! table it reads invalidate it; statistics gathered with AUTO_INVALIDATE
//! roll it over to a new child once `_optimizer_invalidation_period` has
//! passed.

use super::*;

/// `_optimizer_invalidation_period`: after statistics are gathered with
/// `NO_INVALIDATE => DBMS_STATS.AUTO_INVALIDATE` (the default), the
/// cursors that depend on the table stay valid for up to this long; the
/// next parse after it builds a new child (Oracle spreads the moment at
/// random over the window; the lab takes its end). 18,000 s:
/// <https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_STATS.html>
pub const OPTIMIZER_INVALIDATION_PERIOD_US: f64 = 18_000.0 * 1e6;

/// Why a cursor built earlier may not be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Staleness {
    Current,
    /// DDL or statistics gathered with NO_INVALIDATE => FALSE on a table
    /// it reads: the cursor is invalidated and reloaded.
    Invalidated,
    /// Statistics gathered with AUTO_INVALIDATE, and the window passed: a
    /// new child is built.
    RollingDue,
}

impl Run<'_> {
    /// Whether a cursor built on `deps` at `parsed_at_us` may still run.
    pub(super) fn staleness(&self, deps: &[(TableId, u64)], parsed_at_us: f64) -> Staleness {
        let now = self.s.cost.now_us();
        let mut st = Staleness::Current;
        for &(t, v) in deps {
            if self.inst.table_versions.get(t).copied().unwrap_or(0) != v {
                return Staleness::Invalidated;
            }
            let due = self
                .inst
                .auto_invalidations
                .get(t)
                .and_then(|g| g.iter().find(|&&at| at >= parsed_at_us))
                .is_some_and(|&at| now >= at + OPTIMIZER_INVALIDATION_PERIOD_US);
            if due {
                st = Staleness::RollingDue;
            }
        }
        st
    }

    /// DDL on table `t` (or its indexes), or statistics gathered with
    /// NO_INVALIDATE => FALSE: the cursors that read it are invalid, and
    /// no other.
    pub(super) fn invalidate_table(&mut self, t: TableId) {
        let v = &mut self.inst.table_versions;
        if v.len() <= t {
            v.resize(t + 1, 0);
        }
        v[t] += 1;
        self.inst.ddl_seq += 1;
    }

    /// Statistics gathered on `t` with AUTO_INVALIDATE: its cursors roll
    /// over to new children once the invalidation period has passed.
    pub(super) fn auto_invalidate_table(&mut self, t: TableId) {
        let now = self.s.cost.now_us();
        let v = &mut self.inst.auto_invalidations;
        if v.len() <= t {
            v.resize(t + 1, Vec::new());
        }
        v[t].push(now);
    }
}
