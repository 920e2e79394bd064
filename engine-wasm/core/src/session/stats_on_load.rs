//! Online statistics gathering for bulk loads (12.1+): a CREATE TABLE ...
//! AS SELECT, and a direct-path INSERT ... SELECT into a table whose
//! segment is empty (never created, or truncated: a DELETE leaves its
//! blocks below the high water mark, so no gathering after it), gather the
//! table's statistics and its columns' (no histograms, no index
//! statistics) as the rows load, and their plan carries an OPTIMIZER
//! STATISTICS GATHERING line under the load. Not for temporary tables,
//! index-organized tables, clusters and (in the lab) partitioned tables,
//! nor under the NO_GATHER_OPTIMIZER_STATISTICS hint.
//!
//! Sources: Oracle Database 12c SQL Tuning Guide, "Online Statistics
//! Gathering for Bulk Loads"; Tim Hall, oracle-base, "Online Statistics
//! Gathering for Bulk Loads in Oracle Database 12c Release 1" (CTAS of
//! 1,000 rows: NUM_ROWS 1000; APPEND into the truncated table: 500; after
//! a DELETE: not gathered); René Nyffenegger's OPTIMIZER STATISTICS
//! GATHERING plan (`tests/articles/blogs/nyffenegger-optimizer-statistics-gathering-12c.sql`).

use super::*;
use crate::catalog::TableStorage;

impl Run<'_> {
    /// Whether a bulk load into `tid` gathers its statistics: the release
    /// does it, the table is a plain heap table, and its segment is empty.
    pub(in crate::session) fn stats_on_load(&self, tid: TableId, hints: &[Hint]) -> bool {
        let t = &self.inst.cat.tables[tid];
        let off = hints
            .iter()
            .any(|h| matches!(h, Hint::Other(n) if n.eq_ignore_ascii_case("NO_GATHER_OPTIMIZER_STATISTICS")));
        let empty = match &t.storage {
            TableStorage::Heap { heap, .. } => heap.data_blocks() == 0,
            _ => false,
        };
        self.inst.profile.stats_on_load && !off && t.temp.is_none() && t.part.is_none() && empty
    }

    /// An INSERT ... SELECT's rows into `tid`, and, when the load is a
    /// direct path into an empty segment (12.1+), its statistics gathered.
    pub(in crate::session) fn load_insert_rows(
        &mut self,
        i: &Insert,
        tid: TableId,
        rows: crate::catalog::RowStore,
        direct: bool,
    ) -> Result<(), LabError> {
        let on_load = direct && matches!(i.source, InsertSource::Query(_)) && self.stats_on_load(tid, &i.hints);
        self.insert_rows_by(tid, rows, i.table.pos, direct)?;
        self.s.dml.gathered_on_load = on_load;
        if on_load {
            self.gather_on_load(tid, i.table.pos)?;
        }
        Ok(())
    }
}

/// A load's plan with OPTIMIZER STATISTICS GATHERING between the load (line
/// 1) and the query under it, with the query's figures.
pub(super) fn gathering_line(lines: &mut Vec<crate::result::PlanLineOut>) {
    if lines.len() < 3 {
        return;
    }
    for l in lines.iter_mut().skip(2) {
        l.id += 1;
        l.depth += 1;
        l.parent = l.parent.map(|p| if p >= 1 { p + 1 } else { p });
    }
    let line = crate::result::PlanLineOut {
        id: 2,
        parent: Some(1),
        depth: 2,
        operation: "OPTIMIZER STATISTICS GATHERING".into(),
        name: None,
        access: None,
        filter: None,
        pstart: None,
        pstop: None,
        workarea: None,
        ..lines[2].clone()
    };
    lines.insert(2, line);
}
