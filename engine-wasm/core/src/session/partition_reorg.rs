//! ALTER TABLE ... SPLIT PARTITION and MERGE PARTITIONS of a range (MERGE:
//! or list) partitioned table, and what they do to its indexes, as the
//! Oracle documentation (VLDB and Partitioning Guide, "Maintaining
//! Partitions") describes them:
//! - SPLIT PARTITION p AT (v): p gives way to two partitions, the first
//!   bounded by v, the second by p's bound. When every row of p falls on
//!   one side (Oracle's "fast split"), that side keeps p's segment (its
//!   DATA_OBJECT_ID, the rows' ROWIDs) and the other is a new, empty one:
//!   no row moves and every index stays USABLE (Schneider's demo). Else
//!   both are new segments the rows are copied into (new ROWIDs): each
//!   local index's two new partitions are UNUSABLE unless `UPDATE
//!   INDEXES`, every global index UNUSABLE unless `UPDATE [GLOBAL]
//!   INDEXES`.
//! - MERGE PARTITIONS p1, p2 [INTO PARTITION p]: one new segment with the
//!   rows of both (range partitions must be adjacent, ORA-14274; the
//!   result takes the higher bound and may reuse the higher one's name,
//!   not the lower one's, ORA-14275); a list merge takes both value lists.
//!   Indexes as for a split that moves rows, when the two held any.
//!
//! Neither is logged in the lab (no redo or undo is generated for the
//! copied rows, as for the other partition DDL): the rows, segments,
//! ROWIDs and index states are modelled, not the copy's own I/O.

use super::*;
use crate::catalog::partition::{IndexPart, PartBound, PartMethod, PartOf, Partition};
use crate::catalog::IndexKind;
use lio_sql::ast::{IndexUpkeep, PartitionBound, PartitionDef, Reorganize};

/// A merge's two partitions (lower, higher), the result's bound (and its
/// HIGH_VALUE text) and tablespace.
pub(super) type MergeOf = (usize, usize, (PartBound, String), Option<String>);

/// A new partition's bound, its HIGH_VALUE text and its tablespace.
pub(super) type Half = ((PartBound, String), Option<String>);

/// How the rows of a reorganised partition end up.
pub(super) struct Placed {
    /// The new partitions' positions (one or two).
    pub(super) at: Vec<usize>,
    /// Whether any row was copied to a new segment (new ROWIDs).
    pub(super) moved: bool,
    /// Whether the partitions involved held any row.
    pub(super) rows: bool,
    /// After a fast split: the new partition that kept the old segment.
    pub(super) kept: Option<usize>,
}

impl Run<'_> {
    /// SPLIT, MERGE or EXCHANGE of table `tid`'s partitions.
    pub(super) fn reorganize(&mut self, tid: TableId, r: &Reorganize) -> Result<(), LabError> {
        let (placed, update) = match r {
            Reorganize::Split { name, at, into, update } => (self.split_partition(tid, name, at, into)?, *update),
            Reorganize::Merge { names, into, update } => (self.merge_partitions(tid, names, into.as_ref())?, *update),
            Reorganize::Exchange { .. } => return self.exchange_partition(tid, r),
        };
        self.reorganized_indexes(tid, &placed, update)
    }

    pub(super) fn method_of(&self, tid: TableId, pos: Pos) -> Result<PartMethod, LabError> {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        match pt.method {
            PartMethod::Hash => Err(LabError::new(ora::NOT_RANGE_OR_LIST, pos)),
            m => Ok(m),
        }
    }

    /// Partition `n`'s position (a composite table's: among its partitions).
    fn partition_at(&self, tid: TableId, n: &lio_sql::ast::Ident) -> Result<usize, LabError> {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
        pt.position(&n.name).ok_or_else(|| LabError::new(ora::PARTITION_DOES_NOT_EXIST, n.pos))
    }

    /// A resulting partition's name may be one of `reused`, not another
    /// partition's (ORA-14012).
    fn check_new_name(&self, tid: TableId, d: Option<&PartitionDef>, reused: &[usize]) -> Result<(), LabError> {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
        if let Some(n) = d.and_then(|d| d.name.as_ref()) {
            if pt.position(&n.name).is_some_and(|p| !reused.contains(&p)) {
                return Err(LabError::new(ora::PARTITION_NAME_CONFLICT, n.pos));
            }
        }
        Ok(())
    }

    /// A new partition as `d` declares it (its name and tablespace; the
    /// bound given), numbered now (SYS_Pn when not named).
    pub(super) fn reorganized_partition(
        &mut self,
        tid: TableId,
        d: Option<&PartitionDef>,
        (bound, high_value): (PartBound, String),
        tablespace: Option<String>,
    ) -> Result<Partition, LabError> {
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let (key, name, pctfree) = (t.columns[pt.key].clone(), t.name.clone(), t.pctfree);
        let decl = d.map(|d| PartitionDef { bound: PartitionBound::Hash, ..d.clone() });
        let mut p = self.new_partition(decl.as_ref(), &key, &name, pctfree)?;
        p.bound = bound;
        p.high_value = high_value;
        p.tablespace = p.tablespace.or(tablespace);
        p.stamp = self.object_stamp();
        if p.name.is_empty() {
            p.name = format!("SYS_P{}", p.stamp.id);
        }
        Ok(p)
    }

    /// `SPLIT PARTITION name AT (at) [INTO (a, b)]` of a range table.
    fn split_partition(
        &mut self,
        tid: TableId,
        name: &lio_sql::ast::Ident,
        at: &Expr,
        into: &[PartitionDef],
    ) -> Result<Placed, LabError> {
        let (i, v) = self.split_check(tid, name, at, into)?;
        let [(ba, ta), (bb, tb)] = self.split_halves(tid, i, &v);
        let a = self.reorganized_partition(tid, into.first(), ba, ta)?;
        let b = self.reorganized_partition(tid, into.get(1), bb, tb)?;
        self.split_rows(tid, i, &v, [a, b])
    }

    /// A split's checks: partition `name` of a range table (a composite
    /// one's partition), `at` strictly inside its bounds (ORA-14080), the
    /// new names not another partition's (ORA-14012). Its position and
    /// the split value.
    pub(super) fn split_check(
        &mut self,
        tid: TableId,
        name: &lio_sql::ast::Ident,
        at: &Expr,
        into: &[PartitionDef],
    ) -> Result<(usize, Value), LabError> {
        if self.method_of(tid, name.pos)? == PartMethod::List {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "SPLIT PARTITION of a list-partitioned table", name.pos));
        }
        let i = self.partition_at(tid, name)?;
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let (key, tname) = (t.columns[pt.key].clone(), t.name.clone());
        let v = self.bound_value(at, &key, &tname)?;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
        let low = i.checked_sub(1).and_then(|l| match &pt.parts[l].bound {
            PartBound::Less(b) => b.clone(),
            _ => None,
        });
        let old = &pt.parts[i];
        let inside = low.as_ref().is_none_or(|l| v.cmp_sql(l) == std::cmp::Ordering::Greater)
            && match &old.bound {
                PartBound::Less(Some(h)) => v.cmp_sql(h) == std::cmp::Ordering::Less,
                _ => !v.is_null(),
            };
        if !inside {
            return Err(LabError::new(ora::SPLIT_BOUND_INVALID, exec::plan::position_of(at)));
        }
        for d in into {
            self.check_new_name(tid, Some(d), &[i])?;
        }
        if let [a, b] = into {
            if let (Some(x), Some(y)) = (&a.name, &b.name) {
                if x.name == y.name {
                    return Err(LabError::new(ora::PARTITION_NAME_CONFLICT, y.pos));
                }
            }
        }
        Ok((i, v))
    }

    /// The two partitions a split of partition `i` at `v` makes: their
    /// bounds (and HIGH_VALUE texts) and tablespace, `i`'s.
    pub(super) fn split_halves(&self, tid: TableId, i: usize, v: &Value) -> [Half; 2] {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
        let old = &pt.parts[i];
        let low = (PartBound::Less(Some(v.clone())), super::partition::high_value_text(v));
        [(low, old.tablespace.clone()), ((old.bound.clone(), old.high_value.clone()), old.tablespace.clone())]
    }

    /// Partition `i`'s rows split at `v` between `a` and `b`, which take
    /// its place.
    fn split_rows(&mut self, tid: TableId, i: usize, v: &Value, [a, b]: [Partition; 2]) -> Result<Placed, LabError> {
        // Which side each row of the partition goes to (NULL sorts high).
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        for (r, _) in pt
            .row_part
            .iter()
            .enumerate()
            .filter(|(r, p)| **p as usize == i && t.loc.get(*r).is_some_and(|l| !l.is_dead()))
        {
            let k = t.rows.value(r, pt.key);
            let below = !k.is_null() && k.cmp_sql(v) == std::cmp::Ordering::Less;
            if below {
                lo.push(r as u32)
            } else {
                hi.push(r as u32)
            }
        }
        let rows = !lo.is_empty() || !hi.is_empty();
        let moved = !lo.is_empty() && !hi.is_empty();
        let old = self.take_partition(tid, i, vec![a, b]);
        if moved {
            self.drop_partition_segment(old.seg);
            self.copy_rows(tid, i, &lo);
            self.copy_rows(tid, i + 1, &hi);
        } else {
            // Fast split: the side with the rows keeps the segment.
            let keep = if lo.is_empty() { i + 1 } else { i };
            self.inherit_segment(tid, keep, old);
            if self.inst.cat.tables[tid].part.as_deref().is_some_and(|p| p.parts[keep].seg.is_some()) {
                self.create_partition_segment(tid, if keep == i { i + 1 } else { i });
            }
            for r in if keep == i { &lo } else { &hi } {
                self.set_row_part(tid, *r, keep);
            }
        }
        let kept = (!moved).then_some(if lo.is_empty() { i + 1 } else { i });
        Ok(Placed { at: vec![i, i + 1], moved, rows, kept })
    }

    /// `MERGE PARTITIONS p1, p2 [INTO PARTITION p]`.
    fn merge_partitions(
        &mut self,
        tid: TableId,
        names: &[lio_sql::ast::Ident; 2],
        into: Option<&PartitionDef>,
    ) -> Result<Placed, LabError> {
        let (lo, hi, bound, ts) = self.merge_check(tid, names, into)?;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        let t = &self.inst.cat.tables[tid];
        let rows: Vec<u32> = (0..t.loc.len())
            .filter(|&r| {
                !t.loc[r].is_dead() && matches!(pt.row_part.get(r), Some(&p) if p as usize == lo || p as usize == hi)
            })
            .map(|r| r as u32)
            .collect();
        let merged = self.reorganized_partition(tid, into, bound, ts)?;
        let second = self.take_partition(tid, hi, Vec::new());
        let first = self.take_partition(tid, lo, vec![merged]);
        self.drop_partition_segment(first.seg);
        self.drop_partition_segment(second.seg);
        if !rows.is_empty() || first.seg.is_some() || second.seg.is_some() {
            self.create_partition_segment(tid, lo);
        }
        self.copy_rows(tid, lo, &rows);
        Ok(Placed { at: vec![lo], moved: !rows.is_empty(), rows: !rows.is_empty(), kept: None })
    }

    /// A merge's checks: two partitions (a composite table's partitions)
    /// of a range or list table, range ones adjacent (ORA-14274), the
    /// result's name not the lower one's (ORA-14275) nor another
    /// partition's (ORA-14012). Their positions, the result's bound and
    /// tablespace.
    pub(super) fn merge_check(
        &mut self,
        tid: TableId,
        names: &[lio_sql::ast::Ident; 2],
        into: Option<&PartitionDef>,
    ) -> Result<MergeOf, LabError> {
        let method = self.method_of(tid, names[0].pos)?;
        let (i, j) = (self.partition_at(tid, &names[0])?, self.partition_at(tid, &names[1])?);
        let (lo, hi) = (i.min(j), i.max(j));
        if i == j || (method == PartMethod::Range && hi != lo + 1) {
            return Err(LabError::new(ora::MERGE_NOT_ADJACENT, names[1].pos));
        }
        if let (PartMethod::Range, Some(n)) = (method, into.and_then(|d| d.name.as_ref())) {
            let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
            if pt.parts[lo].name == n.name {
                return Err(LabError::new(ora::MERGE_REUSES_LOWER, n.pos));
            }
        }
        self.check_new_name(tid, into, &[lo, hi])?;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
        let (a, b) = (&pt.parts[lo], &pt.parts[hi]);
        let bound = match (&a.bound, &b.bound) {
            (PartBound::List(x), PartBound::List(y)) => {
                let vs: Vec<Value> = x.iter().chain(y).cloned().collect();
                let text = format!("{}, {}", a.high_value, b.high_value);
                (PartBound::List(vs), text)
            }
            (PartBound::List(_), _) | (_, PartBound::List(_)) => (PartBound::Default, "DEFAULT".into()),
            _ => (b.bound.clone(), b.high_value.clone()),
        };
        Ok((lo, hi, bound, a.tablespace.clone()))
    }

    /// Partition `i` out of the table, `with` in its place; the rows of
    /// the later partitions renumbered (`row_part`). Returns the old one.
    fn take_partition(&mut self, tid: TableId, i: usize, with: Vec<Partition>) -> Partition {
        let pt = self.inst.cat.tables[tid].part.as_mut().expect("checked");
        let shift = with.len() as i32 - 1;
        let old = pt.parts.splice(i..=i, with).next().expect("the partition");
        for p in pt.row_part.iter_mut().filter(|p| **p != u16::MAX && **p as usize > i) {
            *p = (*p as i32 + shift) as u16;
        }
        old
    }

    /// Partition `i` takes `old`'s segment, blocks and DATA_OBJECT_ID.
    pub(super) fn inherit_segment(&mut self, tid: TableId, i: usize, old: Partition) {
        let pt = self.inst.cat.tables[tid].part.as_mut().expect("checked");
        let p = &mut pt.parts[i];
        p.data_id = Some(old.data_object_id());
        p.seg = old.seg;
        p.heap = old.heap;
    }

    pub(super) fn set_row_part(&mut self, tid: TableId, r: u32, i: usize) {
        let pt = self.inst.cat.tables[tid].part.as_mut().expect("checked");
        pt.row_part[r as usize] = i as u16;
    }

    /// Rows `rows` copied into partition `i`'s segment (created if
    /// deferred), in row order, as a direct load fills it: new ROWIDs.
    pub(super) fn copy_rows(&mut self, tid: TableId, i: usize, rows: &[u32]) {
        if rows.is_empty() {
            return;
        }
        self.create_partition_segment(tid, i);
        let t = &mut self.inst.cat.tables[tid];
        let pt = t.part.as_mut().expect("checked");
        for &r in rows {
            let size = t.rows.row(r as usize).row_size();
            let (loc, _) = pt.parts[i].heap.insert(size);
            t.loc[r as usize] = loc;
            t.migrated.remove(&r);
            pt.row_part[r as usize] = i as u16;
        }
    }

    pub(super) fn drop_partition_segment(&mut self, seg: Option<u32>) {
        if let Some(seg) = seg {
            self.inst.cat.segments[seg as usize].dropped = true;
            self.inst.sga.cache.invalidate_segment(seg);
            self.inst.io.drop_segment(seg);
        }
    }

    /// The indexes after a split or merge: each local index gets its new
    /// partitions (built when rows moved and UPDATE INDEXES, else UNUSABLE
    /// and empty; after a fast split the side that kept the segment keeps
    /// its index partition); a global index's ROWIDs follow the rows, and
    /// it is UNUSABLE when rows moved without UPDATE [GLOBAL] INDEXES.
    fn reorganized_indexes(&mut self, tid: TableId, placed: &Placed, update: IndexUpkeep) -> Result<(), LabError> {
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            let Some(ps) = self.inst.cat.indexes[iid].parts().cloned() else {
                self.global_after_move(iid, placed, update);
                continue;
            };
            if !ps.local {
                for &c in &ps.children {
                    self.global_after_move(c, placed, update);
                }
                continue;
            }
            let first = placed.at[0];
            // The replaced partitions' index partitions (one for a split,
            // two for a merge: the table has one partition fewer).
            let n_old = if placed.at.len() == 2 { 1 } else { 2 };
            let old: Vec<usize> = ps.children[first..first + n_old].to_vec();
            let kept_side = placed.kept;
            let mut children = Vec::new();
            for &p in &placed.at {
                if kept_side == Some(p) {
                    self.rename_index_part(tid, old[0], p);
                    children.push(old[0]);
                    continue;
                }
                let usable = !placed.moved || update == IndexUpkeep::All;
                let c = self.local_index_part(tid, iid, p, usable)?;
                if !usable && placed.rows {
                    self.inst.cat.indexes[c].unusable = true;
                }
                children.push(c);
            }
            for &c in old.iter().filter(|c| !children.contains(c)) {
                self.drop_index_segment(c);
            }
            if let Some(IndexPart::Parent(ps)) = self.inst.cat.indexes[iid].part.as_deref_mut() {
                ps.children.splice(first..first + n_old, children);
            }
        }
        Ok(())
    }

    /// A global index (partition) after rows moved segment.
    pub(super) fn global_after_move(&mut self, c: usize, placed: &Placed, update: IndexUpkeep) {
        if !placed.moved {
            return;
        }
        let cat = &mut self.inst.cat;
        let tid = cat.indexes[c].table;
        cat.indexes[c].btree.set_rowid_blocks(&cat.tables[tid].loc);
        if update == IndexUpkeep::None {
            cat.indexes[c].unusable = true;
        }
    }

    /// Index partition `c` named after table partition `p`.
    pub(super) fn rename_index_part(&mut self, tid: TableId, c: usize, p: usize) {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        let q = &pt.parts[p];
        let (name, ts, hv) = (q.name.clone(), q.tablespace.clone(), q.high_value.clone());
        if let Some(IndexPart::Child(of)) = self.inst.cat.indexes[c].part.as_deref_mut() {
            of.name = name;
            of.tablespace = ts;
            of.high_value = hv;
        }
    }

    /// Local index `iid`'s partition for table partition `p`: its rows'
    /// entries when `filled`, else empty. Not yet in the index's list.
    pub(super) fn local_index_part(
        &mut self,
        tid: TableId,
        iid: usize,
        p: usize,
        filled: bool,
    ) -> Result<usize, LabError> {
        let ix = &self.inst.cat.indexes[iid];
        let (iname, cols, unique, pool) = (ix.name.clone(), ix.columns.clone(), ix.unique, ix.pool);
        let leaf = (ix.btree.pctfree, ix.btree.prefix_cols);
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let keep: Vec<bool> = (0..t.loc.len())
            .map(|r| filled && !t.loc[r].is_dead() && pt.row_part.get(r).is_some_and(|&q| q as usize == p))
            .collect();
        let c = self.build_index(tid, &iname, cols, (unique, IndexKind::BTree), pool, leaf, Some(&|r| keep[r]))?;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        let q = &pt.parts[p];
        let of = PartOf {
            parent: iid,
            name: q.name.clone(),
            tablespace: q.tablespace.clone(),
            high_value: q.high_value.clone(),
        };
        self.inst.cat.indexes[c].part = Some(Box::new(IndexPart::Child(of)));
        Ok(c)
    }
}
