//! `TRUNCATE TABLE` and `ANALYZE TABLE | INDEX`.
//!
//! TRUNCATE is DDL: it commits first (dispatch), cannot be rolled back,
//! and resets the segment rather than deleting rows: the high water mark
//! goes back to the segment's start (a full scan after it reads the
//! header only), the extents beyond the first are freed unless `REUSE
//! STORAGE`, every index of the table is truncated too, and the segment
//! gets a new DATA_OBJECT_ID (USER_OBJECTS), so no buffer of the old one
//! is read again. No undo or redo is written for the rows; the redo of
//! the dictionary and space-header changes DDL makes is not modelled (as
//! for the lab's other DDL). The table's optimizer statistics stay as
//! they were, as in Oracle.
//!
//! ANALYZE ... COMPUTE STATISTICS computes what DBMS_STATS does, and also
//! EMPTY_BLOCKS, AVG_SPACE and CHAIN_CNT (USER_TABLES), which DBMS_STATS
//! leaves alone; GLOBAL_STATS is NO. ESTIMATE STATISTICS reads a sample
//! of rows (1064 by default): Oracle computes when the sample is half the
//! table or more, and the lab does that; a smaller sample (Oracle's row
//! sampling) is refused (LAB-00001). VALIDATE STRUCTURE of an index fills
//! INDEX_STATS for the session from the lab's index as it is laid out.

use super::*;
use crate::catalog::TableStorage;
use crate::storage::{BTree, HeapSegment, INDEX_BLOCK_OVERHEAD};

/// ESTIMATE STATISTICS without SAMPLE: 1064 rows (Oracle Database SQL
/// Language Reference, ANALYZE).
const DEFAULT_ESTIMATE_ROWS: f64 = 1064.0;

impl Run<'_> {
    /// `TRUNCATE TABLE t [DROP | REUSE STORAGE]`.
    pub(super) fn truncate(&mut self, tr: &Truncate) -> Result<Outcome, LabError> {
        let tid = self
            .inst
            .cat
            .table_id(&tr.name.name)
            .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, tr.name.pos))?;
        self.check_not_busy(tid, tr.name.pos)?;
        if !matches!(self.inst.cat.tables[tid].storage, TableStorage::Heap { .. }) {
            return Err(LabError::unsupported("TRUNCATE of an index-organized or clustered table", tr.name.pos));
        }
        self.invalidate_table(tid);
        self.inst.sga.memopt.evict(tid);
        let bs = self.inst.params.current.db_block_size;
        let allocated = super::space::allocated(self.inst.cat.segment_blocks(&self.inst.cat.tables[tid]), bs as u64);
        let data_id = self.object_stamp().id;
        let t = &mut self.inst.cat.tables[tid];
        t.load.data_id = Some(data_id);
        t.load.kept_blocks = if tr.reuse_storage { allocated.max(t.load.kept_blocks) } else { 0 };
        self.empty_segments(tid);
        if let Some(t) = &mut self.inst.cat.tables[tid].temp {
            t.holder = None;
        }
        let tname = self.inst.cat.tables[tid].name.clone();
        self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &tname);
        Ok(Outcome { feedback: Some("Table truncated.".into()), ..Default::default() })
    }

    /// The table's rows gone, its segment and its indexes' reset to empty
    /// (the high water mark to the start), their buffers dropped.
    pub(super) fn empty_segments(&mut self, tid: TableId) {
        let bs = self.inst.params.current.db_block_size;
        let t = &mut self.inst.cat.tables[tid];
        t.rows.clear();
        t.loc = Vec::new();
        t.dead_rows = 0;
        t.mem_bytes = 0;
        t.migrated = Default::default();
        t.load.reordered = false;
        let pctfree = t.pctfree;
        let seg = t.heap_seg();
        if let TableStorage::Heap { heap, .. } = &mut t.storage {
            *heap = HeapSegment::new(bs, pctfree).with_initrans(heap.itls);
        }
        if let Some(seg) = seg {
            self.inst.sga.cache.invalidate_segment(seg);
        }
        self.truncate_partitions(tid, None);
        // (A partitioned index's partitions too; an UNUSABLE one is usable again.)
        let cat = &self.inst.cat;
        let kids = |i: usize| cat.indexes[i].parts().map(|p| p.children.clone()).unwrap_or_default();
        let trees: Vec<usize> =
            cat.tables[tid].indexes.iter().flat_map(|&i| std::iter::once(i).chain(kids(i))).collect();
        for iid in trees {
            let ix = &mut self.inst.cat.indexes[iid];
            ix.unusable = false;
            // The tree is empty again, as built: its kind (bitmap, reverse
            // key, compressed prefix) stays what CREATE INDEX made it.
            let b = &ix.btree;
            let (unique, pctfree, holds) = (b.unique, b.pctfree, b.holds_rows);
            let (prefix_cols, reverse, bitmap) = (b.prefix_cols, b.reverse, b.bitmap);
            ix.btree.free_entries();
            ix.btree = BTree::new(bs, pctfree, unique, holds);
            ix.btree.prefix_cols = prefix_cols;
            ix.btree.reverse = reverse;
            ix.btree.bitmap = bitmap;
            let seg = ix.seg;
            self.inst.sga.cache.invalidate_segment(seg);
        }
    }

    /// `ANALYZE TABLE | INDEX name ...`.
    pub(super) fn analyze(&mut self, a: &Analyze) -> Result<Outcome, LabError> {
        let feedback = if a.index { "Index analyzed." } else { "Table analyzed." };
        let done = Ok(Outcome { feedback: Some(feedback.into()), ..Default::default() });
        if a.index {
            let iid = self
                .inst
                .cat
                .index_id(&a.name.name)
                .ok_or_else(|| LabError::new(ora::INDEX_DOES_NOT_EXIST, a.name.pos))?;
            return match a.action {
                AnalyzeAction::Validate { .. } => {
                    self.s.index_stats = Some(self.validate_index(iid, a.action_pos)?);
                    done
                }
                // The lab's optimizer reads an index's statistics off the
                // index itself: computing them changes nothing.
                AnalyzeAction::Compute => done,
                AnalyzeAction::Estimate(sample) => {
                    let rows = self.inst.cat.indexes[iid].btree.len() as f64;
                    estimate_refused(sample, rows, a.action_pos)?;
                    done
                }
                AnalyzeAction::Delete => Err(LabError::unsupported(
                    "ANALYZE INDEX ... DELETE STATISTICS (the lab's optimizer reads an index's statistics off the index)",
                    a.action_pos,
                )),
            };
        }
        let tid = self
            .inst
            .cat
            .table_id(&a.name.name)
            .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, a.name.pos))?;
        match a.action {
            AnalyzeAction::Validate { cascade } => {
                // The rows and blocks are consistent by construction; with
                // CASCADE each index is walked too (INDEX_STATS is left
                // alone, as in Oracle).
                if cascade {
                    for iid in self.inst.cat.tables[tid].indexes.clone() {
                        self.validate_index(iid, a.action_pos).map(|_| ())?;
                    }
                }
            }
            AnalyzeAction::Delete => {
                let t = &mut self.inst.cat.tables[tid];
                let col_usage = t.stats.col_usage.clone();
                t.stats = crate::catalog::TableStats { col_usage, ..Default::default() };
                t.load.space = None;
                self.after_statistics(tid);
            }
            AnalyzeAction::Compute | AnalyzeAction::Estimate(_) => {
                if let AnalyzeAction::Estimate(sample) = a.action {
                    estimate_refused(sample, self.inst.cat.tables[tid].live_rows() as f64, a.action_pos)?;
                }
                self.analyze_compute(tid, a.action_pos)?;
            }
        }
        done
    }

    /// ANALYZE TABLE ... COMPUTE STATISTICS: DBMS_STATS' figures (every
    /// column's, no histogram) and the space ones only ANALYZE fills.
    fn analyze_compute(&mut self, tid: TableId, pos: Pos) -> Result<(), LabError> {
        if self.inst.cat.stats_locked(tid) {
            return Err(LabError::new(ora::ANALYZE_STATS_LOCKED, pos));
        }
        let sizes = vec![None; self.inst.cat.tables[tid].columns.len()];
        let columns = self.gathered_columns(tid, &sizes, false, pos)?;
        let bs = self.inst.params.current.db_block_size as u64;
        let cat = &self.inst.cat;
        let t = &cat.tables[tid];
        let blocks = cat.table_blocks(t);
        // EMPTY_BLOCKS as allocated less BLOCKS, on BLOCKS' own reckoning.
        let allocated = super::space::allocated(blocks, bs).max(t.load.kept_blocks);
        let (mut free, mut data) = (0u64, 0u64);
        if let TableStorage::Heap { heap, .. } = &t.storage {
            for &used in &heap.used {
                free += (bs.saturating_sub(u64::from(heap.overhead()))).saturating_sub(used as u64);
                data += 1;
            }
        }
        let space = crate::catalog::AnalyzedSpace {
            empty_blocks: allocated.saturating_sub(blocks),
            avg_space: free.checked_div(data).unwrap_or(0),
            chain_cnt: t.migrated.len() as u64,
        };
        let mut st = t.compute_stats(blocks);
        st.columns = columns;
        st.col_usage = t.stats.col_usage.clone();
        st.gathered = true;
        st.analyzed = Some(crate::date::sysdate());
        let t = &mut self.inst.cat.tables[tid];
        t.stats = st;
        t.load.space = Some(space);
        t.load.by_analyze = true;
        for i in self.inst.cat.tables[tid].indexes.clone() {
            self.inst.cat.stats_set.index.remove(&i);
            self.inst.cat.stats_set.gathered_cf.remove(&i);
        }
        self.after_statistics(tid);
        Ok(())
    }

    /// New statistics: the row cache's entries and the cursors on the
    /// table are invalid (ANALYZE invalidates at once).
    fn after_statistics(&mut self, tid: TableId) {
        let tname = self.inst.cat.tables[tid].name.clone();
        self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &tname);
        self.invalidate_table(tid);
    }

    /// VALIDATE STRUCTURE of index `iid`: the INDEX_STATS row, in the
    /// view's column order. Deleted entries still in their leaves are in
    /// LF_ROWS and LF_ROWS_LEN, and in DEL_LF_ROWS and DEL_LF_ROWS_LEN. A
    /// compressed or bitmap index whose entries the lab has purged after
    /// deletes or key updates is refused: its leaves do not keep them.
    fn validate_index(&self, iid: usize, pos: Pos) -> Result<Vec<Value>, LabError> {
        let ix = &self.inst.cat.indexes[iid];
        if ix.btree.purged && !ix.btree.keeps_deleted() {
            return Err(LabError::unsupported(
                format!(
                    "VALIDATE STRUCTURE of index {} after rows were deleted or their keys updated (Oracle keeps \
                     the deleted entries in their leaves as DEL_LF_ROWS; the lab removes them at once): \
                     rebuild it or validate before the change",
                    ix.name
                ),
                pos,
            ));
        }
        let bs = self.inst.params.current.db_block_size as u64;
        let s = ix.btree.structure();
        let (blk_len, leaf_len) = (bs - INDEX_BLOCK_OVERHEAD as u64, bs - u64::from(ix.btree.leaf_overhead()));
        let btree_space = s.lf_blks * leaf_len + s.br_blks * blk_len;
        // A compressed index's leaf rows are without their prefix
        // columns, which its prefix rows hold (`btree/compress_stats.rs`).
        let c = ix.btree.compression_stats();
        let (pre_rows, pre_rows_len) = c.map_or((0, 0), |c| (c.pre_rows, c.pre_rows_len));
        let lf_rows_len = c.map_or(s.lf_rows_len, |c| c.lf_rows_len + s.del_lf_rows_len);
        let used = lf_rows_len + pre_rows_len + s.br_rows_len;
        let rows_per_key = if s.distinct_keys == 0 { 0.0 } else { s.lf_rows as f64 / s.distinct_keys as f64 };
        let n = |x: u64| Value::from_f64(x as f64);
        Ok(vec![
            n(s.height as u64),
            n(super::space::allocated(ix.btree.blocks() as u64, bs)),
            Value::str(&ix.name),
            Value::Null,
            n(s.lf_rows),
            n(s.lf_blks),
            n(lf_rows_len),
            n(blk_len),
            n(s.br_rows),
            n(s.br_blks),
            n(s.br_rows_len),
            n(blk_len),
            n(s.del_lf_rows),
            n(s.del_lf_rows_len),
            n(s.distinct_keys),
            n(s.most_repeated_key),
            n(btree_space),
            n(used),
            n(if btree_space == 0 { 0 } else { (used * 100).div_ceil(btree_space) }),
            Value::from_f64(rows_per_key),
            Value::from_f64(s.height as f64 + (rows_per_key + 1.0) / 2.0),
            n(pre_rows),
            n(pre_rows_len),
            c.map_or(Value::Null, |c| n(c.opt_cmpr_count)),
            c.map_or(Value::Null, |c| n(c.opt_cmpr_pctsave)),
        ])
    }
}

/// ESTIMATE STATISTICS: a sample of half the rows or more is computed
/// (Oracle does the same); a smaller one is refused, since the lab does
/// not sample rows as Oracle does.
fn estimate_refused(sample: Option<AnalyzeSample>, rows: f64, pos: Pos) -> Result<(), LabError> {
    let (share, at) = match sample {
        None => (DEFAULT_ESTIMATE_ROWS / rows.max(1.0), pos),
        Some(s) if s.percent => (s.n / 100.0, s.pos),
        Some(s) => (s.n / rows.max(1.0), s.pos),
    };
    if share >= 0.5 {
        return Ok(());
    }
    Err(LabError::unsupported(
        format!(
            "ANALYZE ... ESTIMATE STATISTICS of a sample under half the rows ({:.0} of {rows}; Oracle computes from \
             half on, the lab does not sample): use COMPUTE STATISTICS",
            (share * rows).round()
        ),
        at,
    ))
}
