//! The rows of USER_TAB_STATISTICS (its columns: `exec/dictionary/
//! tab_stats.rs`): one a table, its statistics as USER_TABLES shows them,
//! with STATTYPE_LOCKED (ALL once LOCK_TABLE_STATS locked them), STALE_STATS
//! and, from 12c, SCOPE. A partitioned table's partitions would add rows:
//! the view is refused while the schema has one (`exec/plan/relations.rs`).
//!
//! STALE_STATS is Oracle's `case when analyzetime is null then null when
//! inserts + updates + deletes > rowcnt * STALE_PERCENT / 100 or truncated
//! then 'YES' else 'NO'` over SYS.MON_MODS_ALL$ (11.2 catost.sql), a table
//! that only the flush of the DML monitoring counts fills
//! (DBMS_STATS.FLUSH_DATABASE_MONITORING_INFO, refused by the lab, or
//! Oracle's periodic flush, not modelled) and a gather empties: without a
//! flush since the last gather it is NO, as here.

use super::column_dict::{num, text};
use super::*;
use crate::catalog::{Table, TableStorage};
use crate::exec::dictionary::tab_stats::ADDED_12C;

impl Run<'_> {
    /// USER_TAB_STATISTICS' rows: 19c's columns, or 11.2's (`release_11`).
    pub(super) fn tab_statistics_rows(&self, release_11: bool) -> Vec<Vec<Value>> {
        let mut rows = Vec::new();
        for t in self.live_tables() {
            for scope in scopes(t) {
                let mut r = self.tab_statistics_row(t, scope);
                if release_11 {
                    // Without OWNER, the 12.2 columns one place earlier.
                    for &i in ADDED_12C.iter().rev() {
                        r.remove(i - 1);
                    }
                }
                rows.push(r);
            }
        }
        rows
    }

    /// One row (without OWNER) of the 19c view, of scope SHARED or
    /// SESSION (a global temporary table's session-private statistics).
    fn tab_statistics_row(&self, t: &Table, scope: &'static str) -> Vec<Value> {
        let u = self.table_row(t);
        let st = &t.stats;
        let shown = if scope == "SESSION" { st.gathered } else { st.gathered && !st.session_private };
        let iot = matches!(t.storage, TableStorage::Iot { .. });
        // USER_TABLES' figures, or (SESSION) the session's own.
        let fig = |i: usize| {
            if !shown || (iot && (8..=10).contains(&i)) {
                Value::Null
            } else if scope == "SESSION" {
                match i {
                    7 | 13 => num(st.num_rows as f64),
                    8 => num(st.blocks as f64),
                    12 => num(if st.num_rows == 0 { 0.0 } else { st.avg_row_len as f64 }),
                    _ => num(0.0),
                }
            } else {
                u[i].clone()
            }
        };
        let analyzed = if shown { st.analyzed.map(Value::Date).unwrap_or(Value::Null) } else { Value::Null };
        let stale = if analyzed.is_null() { Value::Null } else { text("NO") };
        let zero = if shown { num(0.0) } else { Value::Null };
        vec![
            text(&t.name),
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            text("TABLE"),
            fig(7),
            fig(8),
            fig(9),
            fig(10),
            fig(11),
            fig(12),
            // AVG_SPACE_FREELIST_BLOCKS, NUM_FREELIST_BLOCKS: no free
            // lists in the lab's (ASSM) segments.
            zero.clone(),
            if iot { Value::Null } else { zero },
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            fig(13),
            analyzed,
            if shown { u[17].clone() } else { text("NO") },
            u[18].clone(),
            if self.inst.cat.stats_locked(t.id) { text("ALL") } else { Value::Null },
            stale,
            Value::Null,
            text(scope),
        ]
    }
}

/// A table's rows: SHARED, and a global temporary table's SESSION row
/// once its session gathered on 12c+.
fn scopes(t: &Table) -> &'static [&'static str] {
    if t.stats.session_private {
        &["SHARED", "SESSION"]
    } else {
        &["SHARED"]
    }
}
