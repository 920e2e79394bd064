//! SPLIT PARTITION and MERGE PARTITIONS of a composite table, whose
//! partitions are no segments: their subpartitions are. The checks are a
//! one-level table's on the partitions (`partition_reorg.rs`: ORA-14080,
//! ORA-14012, ORA-14274, ORA-14275, ORA-14255 for a HASH top level); then
//! - SPLIT PARTITION p AT (v) [INTO (PARTITION a, PARTITION b)]: a and b
//!   take p's place, each with the template's subpartitions (`<a>_<s>`
//!   when the template names them, else SYS_SUBPn, n its OBJECT_ID: as an
//!   added partition's), numbered a, a's subpartitions, b, b's. A row of
//!   p's subpartition j goes to subpartition j of its side (its
//!   subpartition key is unchanged). When every row falls on one side
//!   (Oracle's fast split), that side's subpartitions keep p's
//!   subpartitions' segments and DATA_OBJECT_IDs one for one (no ROWID
//!   changes) and the other side's are new and empty; else every new
//!   subpartition is a new segment the rows are copied into.
//! - MERGE PARTITIONS p1, p2 [INTO PARTITION p]: one partition at the
//!   lower one's place, the template's subpartitions, subpartition j the
//!   rows of both partitions' subpartition j, each a new segment.
//!
//! Local indexes get partitions and subpartitions to match, named after
//! the table's: built when no row moved or with UPDATE INDEXES, else
//! UNUSABLE (when rows moved); after a fast split the side that kept the
//! segments keeps the index subpartitions. Global indexes: UNUSABLE when
//! rows moved without UPDATE [GLOBAL] INDEXES, as for a one-level table.
//! As there, the copy's own work (reads, redo, gets) is not modelled.

use super::partition_reorg::Placed;
use super::*;
use crate::catalog::partition::{IndexPart, IndexTop, Partition};
use lio_sql::ast::{IndexUpkeep, Reorganize};

/// The segments a composite reorganisation replaced and made: the old
/// partitions' first segment and count, the new partitions' positions
/// and how many segments each has.
struct Reshaped {
    /// The first new partition's position.
    at: usize,
    /// New partitions (2 for a split, 1 for a merge).
    made: usize,
    /// A merge's higher partition, gone.
    gone: Option<usize>,
    /// Subpartitions per partition.
    n: usize,
    moved: bool,
    rows: bool,
    /// After a fast split: which new partition (0 or 1) kept the segments.
    kept: Option<usize>,
}

impl Run<'_> {
    /// SPLIT, MERGE or EXCHANGE (`partition_exchange_composite.rs`) of
    /// composite table `tid`'s partitions.
    pub(super) fn reorganize_composite(&mut self, tid: TableId, r: &Reorganize, pos: Pos) -> Result<(), LabError> {
        let (shape, update) = match r {
            Reorganize::Split { name, at, into, update } => {
                let (i, v) = self.split_check(tid, name, at, into)?;
                let [(ba, ta), (bb, tb)] = self.split_halves(tid, i, &v);
                // Numbered a, a's subpartitions, b, b's (as CREATE TABLE numbers them).
                let a = self.reorganized_partition(tid, into.first(), ba, ta)?;
                let la = self.template_leaves(tid, &a);
                let b = self.reorganized_partition(tid, into.get(1), bb, tb)?;
                let lb = self.template_leaves(tid, &b);
                (self.split_composite(tid, i, &v, [(a, la), (b, lb)]), *update)
            }
            Reorganize::Merge { names, into, update } => {
                let (lo, hi, bound, ts) = self.merge_check(tid, names, into.as_ref())?;
                let merged = self.reorganized_partition(tid, into.as_ref(), bound, ts)?;
                (self.merge_composite(tid, lo, hi, merged), *update)
            }
            Reorganize::Exchange { .. } => return self.exchange_composite(tid, r, pos),
        };
        self.reshaped_indexes(tid, &shape, update)
    }

    /// A new partition's subpartitions, numbered after it: the template's,
    /// named `<part>_<s>` or SYS_SUBPn, in the partition's tablespace
    /// unless the template names one.
    pub(super) fn template_leaves(&mut self, tid: TableId, part: &Partition) -> Vec<Partition> {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        let mut leaves = pt.sub.as_deref().expect("composite").template.parts.clone();
        for q in leaves.iter_mut() {
            let sub = std::mem::take(&mut q.name);
            q.stamp = self.object_stamp();
            q.name = if sub.is_empty() { format!("SYS_SUBP{}", q.stamp.id) } else { format!("{}_{sub}", part.name) };
            q.tablespace = q.tablespace.clone().or_else(|| part.tablespace.clone());
        }
        leaves
    }

    /// Partition `i` split at `v` into `a` and `b` (each with the
    /// template's subpartitions), its rows placed.
    fn split_composite(
        &mut self,
        tid: TableId,
        i: usize,
        v: &Value,
        halves: [(Partition, Vec<Partition>); 2],
    ) -> Reshaped {
        let [(a, la), (b, lb)] = halves;
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let s = pt.sub.as_deref().expect("composite");
        let (f, n) = (s.first[i], s.first[i + 1] - s.first[i]);
        // Each live row of p: its subpartition j and its side (NULL sorts high).
        let mut side: [Vec<(u32, usize)>; 2] = [Vec::new(), Vec::new()];
        for (r, &q) in pt.row_part.iter().enumerate() {
            let q = q as usize;
            if q < f || q >= f + n || t.loc.get(r).is_none_or(|l| l.is_dead()) {
                continue;
            }
            let k = t.rows.value(r, pt.key);
            let high = k.is_null() || k.cmp_sql(v) != std::cmp::Ordering::Less;
            side[high as usize].push((r as u32, q - f));
        }
        let pt = self.inst.cat.tables[tid].part.as_mut().expect("checked");
        let old: Vec<Partition> = pt.parts.splice(f..f + n, la.into_iter().chain(lb)).collect();
        for q in pt.row_part.iter_mut().filter(|q| **q != super::partition_ddl::NO_PARTITION && **q as usize >= f + n) {
            *q += n as u16;
        }
        let s = pt.sub.as_mut().expect("composite");
        s.top.parts.splice(i..=i, [a, b]);
        s.first.insert(i + 1, f + n);
        s.first[i + 2..].iter_mut().for_each(|x| *x += n);
        let rows = !side[0].is_empty() || !side[1].is_empty();
        let moved = !side[0].is_empty() && !side[1].is_empty();
        if moved {
            for o in &old {
                self.drop_partition_segment(o.seg);
            }
            for (k, rs) in side.iter().enumerate() {
                for j in 0..n {
                    let these: Vec<u32> = rs.iter().filter(|(_, q)| *q == j).map(|(r, _)| *r).collect();
                    self.copy_rows(tid, f + k * n + j, &these);
                }
            }
            return Reshaped { at: i, made: 2, gone: None, n, moved, rows, kept: None };
        }
        // Fast split: the side with the rows (the high one when none) keeps the segments.
        let keep = if side[0].is_empty() { 1 } else { 0 };
        for (j, o) in old.into_iter().enumerate() {
            let had = o.seg.is_some();
            self.inherit_segment(tid, f + keep * n + j, o);
            if had {
                self.create_partition_segment(tid, f + (1 - keep) * n + j);
            }
        }
        for &(r, j) in &side[keep] {
            self.set_row_part(tid, r, f + keep * n + j);
        }
        Reshaped { at: i, made: 2, gone: None, n, moved, rows, kept: Some(keep) }
    }

    /// Partitions `lo` and `hi` merged into `merged` at `lo`'s place, each
    /// of its subpartitions a new segment with the rows of both
    /// partitions' subpartition of that place.
    fn merge_composite(&mut self, tid: TableId, lo: usize, hi: usize, merged: Partition) -> Reshaped {
        let leaves = self.template_leaves(tid, &merged);
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let s = pt.sub.as_deref().expect("composite");
        let (fl, fh, n) = (s.first[lo], s.first[hi], s.first[lo + 1] - s.first[lo]);
        let mut each: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (r, &q) in pt.row_part.iter().enumerate() {
            let q = q as usize;
            let j = if (fl..fl + n).contains(&q) {
                q - fl
            } else if (fh..fh + n).contains(&q) {
                q - fh
            } else {
                continue;
            };
            if t.loc.get(r).is_some_and(|l| !l.is_dead()) {
                each[j].push(r as u32);
            }
        }
        let had: Vec<bool> = (0..n).map(|j| pt.parts[fl + j].seg.is_some() || pt.parts[fh + j].seg.is_some()).collect();
        let pt = self.inst.cat.tables[tid].part.as_mut().expect("checked");
        let gone: Vec<Partition> = pt.parts.splice(fh..fh + n, []).collect();
        for q in pt.row_part.iter_mut().filter(|q| **q != super::partition_ddl::NO_PARTITION && **q as usize >= fh + n)
        {
            *q -= n as u16;
        }
        let old: Vec<Partition> = pt.parts.splice(fl..fl + n, leaves).collect();
        let s = pt.sub.as_mut().expect("composite");
        s.top.parts.remove(hi);
        s.top.parts[lo] = merged;
        s.first.remove(hi + 1);
        s.first[hi + 1..].iter_mut().for_each(|x| *x -= n);
        for o in old.iter().chain(&gone) {
            self.drop_partition_segment(o.seg);
        }
        let rows = each.iter().any(|e| !e.is_empty());
        for (j, rs) in each.iter().enumerate() {
            if had[j] || !rs.is_empty() {
                self.create_partition_segment(tid, fl + j);
            }
            self.copy_rows(tid, fl + j, rs);
        }
        Reshaped { at: lo, made: 1, gone: Some(hi), n, moved: rows, rows, kept: None }
    }

    /// The table's indexes after a composite split or merge: each local
    /// index's partitions and subpartitions follow the table's (see the
    /// module's comment); global ones as after a one-level split.
    fn reshaped_indexes(&mut self, tid: TableId, shape: &Reshaped, update: IndexUpkeep) -> Result<(), LabError> {
        let placed = Placed { at: Vec::new(), moved: shape.moved, rows: shape.rows, kept: None };
        let n = shape.n;
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            let Some(ps) = self.inst.cat.indexes[iid].parts().cloned() else {
                self.global_after_move(iid, &placed, update);
                continue;
            };
            if !ps.local {
                for &c in &ps.children {
                    self.global_after_move(c, &placed, update);
                }
                continue;
            }
            let f = shape.at * n;
            let mut old: Vec<usize> = ps.children[f..f + n].to_vec();
            if let Some(h) = shape.gone {
                old.extend_from_slice(&ps.children[h * n..h * n + n]);
            }
            let (mut tops, mut children) = (Vec::new(), Vec::new());
            for k in 0..shape.made {
                let p = shape.at + k;
                let top = self.inst.cat.tables[tid].part.as_deref().expect("checked").top().parts[p].clone();
                let stamp = self.object_stamp();
                tops.push(IndexTop { name: top.name, tablespace: top.tablespace, high_value: top.high_value, stamp });
                for (j, &was) in old.iter().take(n).enumerate() {
                    let seg = f + k * n + j;
                    if shape.kept == Some(k) {
                        self.rename_index_part(tid, was, seg);
                        children.push(was);
                        continue;
                    }
                    let usable = !shape.moved || update == IndexUpkeep::All;
                    let c = self.local_index_part(tid, iid, seg, usable)?;
                    self.inst.cat.indexes[c].unusable = !usable && shape.rows;
                    children.push(c);
                }
            }
            for &c in old.iter().filter(|c| !children.contains(c)) {
                self.drop_index_segment(c);
            }
            if let Some(IndexPart::Parent(ps)) = self.inst.cat.indexes[iid].part.as_deref_mut() {
                if let Some(h) = shape.gone {
                    ps.children.drain(h * n..h * n + n);
                    ps.tops.remove(h);
                }
                ps.children.splice(f..f + n, children);
                ps.tops.splice(shape.at..=shape.at, tops);
            }
        }
        Ok(())
    }
}
