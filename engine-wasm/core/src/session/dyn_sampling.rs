//! Dynamic sampling's recursive query (`optimizer/dyn_sampling.rs` has
//! the rule; `exec/plan/dyn_sampling.rs` which tables): at the hard parse
//! of a statement that samples a table, Oracle (9.2 to 11.2, and 12c's
//! level 2 on a table never analysed) runs, as recursive SQL,
//!
//! ```text
//! SELECT /* OPT_DYN_SAMP */ /*+ ALL_ROWS IGNORE_WHERE_CLAUSE ... */
//!   NVL(SUM(C1),0), NVL(SUM(C2),0)
//! FROM (SELECT /*+ ... FULL("T") ... */ 1 AS C1, 1 AS C2
//!       FROM "LAB"."T" [SAMPLE BLOCK (p , 1) SEED (1)] "T") SAMPLESUB
//! ```
//!
//! (the text a 10046 trace shows at dep=1: Nossov, "Performance Tuning
//! für Oracle-Datenbanken", 11.2; Antognini, "Troubleshooting Oracle
//! Performance"). A table of up to 64 blocks is read whole, without the
//! SAMPLE clause; a bigger one by a block sample of 64 of its blocks.
//! The lab runs that query (without the hints it does not model, and
//! with a one-block group: `SAMPLE BLOCK (p) SEED (1)`): its parse, its
//! execution and its gets are the session's, counted in the hard parse,
//! and it is one recursive call, as the row cache's recursive statements
//! are (`sga/row_cache.rs`). A later hard parse on the table finds the
//! query in the shared pool (a soft parse of its own); a soft parse of
//! the statement samples nothing. The query is not written to a
//! 10046 trace (the lab's trace has no dep=1 cursors): the statement's
//! PARSE line counts its gets, as Oracle's does.
//!
//! `LAB SET dyn_sampling_query = on` turns it on; it is off by default
//! until the test suite's first-execution figures on unanalysed tables
//! are re-derived with it (each moves by the sample's gets, a recursive
//! call and a parse).

use super::*;
use crate::catalog::TableId;

/// Blocks level 2 samples (`_optimizer_dyn_smp_blks` 32, doubled for a
/// table never analysed).
pub(crate) const SAMPLE_BLOCKS: u64 = 64;

impl Run<'_> {
    /// Runs dynamic sampling's recursive query on each of `tables`.
    pub(super) fn dyn_sampling_queries(&mut self, tables: &[TableId], pos: Pos) -> Result<(), LabError> {
        if !self.s.sampling_query {
            return Ok(());
        }
        for &t in tables {
            let Some(sql) = sampling_text(&self.inst.cat, t) else { continue };
            // The query is not traced (no dep=1 cursor), and samples nothing itself.
            let (level, sql_trace) = (self.s.sqltrace.level, self.s.params.sql_trace);
            self.s.sqltrace.level = 0;
            self.s.params.sql_trace = false;
            let was = std::mem::replace(&mut self.s.sampling, true);
            let r = self.internal_query(&sql, pos);
            self.s.sampling = was;
            self.s.sqltrace.level = level;
            self.s.params.sql_trace = sql_trace;
            r?;
            self.s.stats.calls.recursive_calls += 1;
        }
        Ok(())
    }
}

/// The recursive query's text for table `t`: the whole table up to 64
/// blocks, else a block sample of 64 of its blocks. None for a
/// partitioned, index-organized or clustered table over 64 blocks, whose
/// block sample the lab does not model (its sample is not run: docs/
/// MODEL.md).
pub(crate) fn sampling_text(cat: &crate::catalog::Catalog, t: TableId) -> Option<String> {
    let table = &cat.tables[t];
    let owner = if table.sys { "SYS" } else { &cat.schema };
    let name = &table.name;
    let blocks = cat.table_blocks(table);
    let heap = table.part.is_none() && matches!(table.storage, crate::catalog::TableStorage::Heap { .. });
    let sample = if blocks <= SAMPLE_BLOCKS {
        String::new()
    } else if heap {
        format!(" SAMPLE BLOCK ({}) SEED (1)", sample_percent(blocks))
    } else {
        return None;
    };
    Some(format!(
        "SELECT /* OPT_DYN_SAMP */ /*+ ALL_ROWS IGNORE_WHERE_CLAUSE NO_PARALLEL(SAMPLESUB) \
         NO_PARALLEL_INDEX(SAMPLESUB) NO_SQL_TUNE */ NVL(SUM(C1),0), NVL(SUM(C2),0) FROM \
         (SELECT /*+ IGNORE_WHERE_CLAUSE NO_PARALLEL(\"{name}\") FULL(\"{name}\") \
         NO_PARALLEL_INDEX(\"{name}\") */ 1 AS C1, 1 AS C2 FROM \"{owner}\".\"{name}\"{sample} \"{name}\") \
         SAMPLESUB"
    ))
}

/// 64 blocks as a percentage of `blocks`, as Oracle writes it (six
/// decimals: 64 of 480 blocks is 13.333333).
fn sample_percent(blocks: u64) -> String {
    let p = SAMPLE_BLOCKS as f64 * 100.0 / blocks as f64;
    let s = format!("{p:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
