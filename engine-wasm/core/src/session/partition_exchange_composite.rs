//! ALTER TABLE ... EXCHANGE PARTITION p WITH TABLE t of a composite
//! table: p's subpartitions trade segments with t's partitions one for
//! one (DATA_OBJECT_IDs, blocks and rows, as `partition_exchange.rs`
//! trades one partition with a table), t partitioned as the table is
//! subpartitioned (Oracle's VLDB guide, "Exchanging a Hash Partitioned
//! Table with a *-Hash Partition" and its list-list example). A mismatch
//! is Oracle's error, in this order: ORA-14291 (t not partitioned),
//! ORA-14341 (t composite), ORA-14292 (another method), ORA-14295 (a key
//! column of another type), ORA-14294 (another number of partitions),
//! ORA-14631 (other list or range bounds); then the columns (ORA-14096,
//! ORA-14097) and, WITH VALIDATION, each of t's rows must belong to p and
//! to the subpartition its partition trades with (ORA-14099).
//!
//! Indexes: EXCLUDING INDEXES (the default) leaves the LOCAL index
//! subpartitions of p and t's LOCAL indexes UNUSABLE; the table's global
//! indexes as in a one-level exchange. INCLUDING INDEXES, a global index
//! on t, t partitioned on another column of the same type, and an
//! INTERVAL t are refused (LAB-00001).

use super::*;
use lio_sql::ast::{IndexUpkeep, Reorganize};
use std::collections::HashSet;

impl Run<'_> {
    pub(super) fn exchange_composite(&mut self, tid: TableId, r: &Reorganize, pos: Pos) -> Result<(), LabError> {
        let Reorganize::Exchange { name, table, including, validation, update } = r else { return Ok(()) };
        let (first, n) = {
            let s = self.inst.cat.tables[tid].part.as_deref().and_then(|p| p.sub.as_deref()).expect("composite");
            let i = s.top.position(&name.name).ok_or_else(|| LabError::new(ora::PARTITION_DOES_NOT_EXIST, name.pos))?;
            (s.first[i], s.first[i + 1] - s.first[i])
        };
        let other = self
            .inst
            .cat
            .table_id(&table.name)
            .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, table.pos))?;
        self.composite_partner(tid, other, n, table.pos)?;
        self.exchange_columns(tid, other, table.pos)?;
        let refuse = |what: &str| Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
        if *including {
            return refuse("INCLUDING INDEXES in EXCHANGE PARTITION of a composite partition");
        }
        let cat = &self.inst.cat;
        let local = |x: &usize| cat.indexes[*x].dropped || cat.indexes[*x].parts().is_some_and(|p| p.local);
        if !cat.tables[other].indexes.iter().all(local) {
            return refuse("a global index on the table exchanged with a composite partition");
        }
        let (t, o) = (&cat.tables[tid], &cat.tables[other]);
        let (pt, op) = (t.part.as_deref().expect("checked"), o.part.as_deref().expect("checked"));
        let theirs: Vec<u32> = (0..o.loc.len() as u32).filter(|&r| !o.loc[r as usize].is_dead()).collect();
        let belongs = |r: u32| {
            let want = first + op.row_part[r as usize] as usize;
            pt.route_row(|c| o.rows.value(r as usize, c)) == Some(want)
        };
        if *validation && !theirs.iter().all(|&r| belongs(r)) {
            return Err(LabError::new(ora::EXCHANGE_ROWS_DO_NOT_QUALIFY, table.pos));
        }
        let in_p = |q: u16| (first..first + n).contains(&(q as usize));
        let ours: Vec<u32> = (0..t.loc.len() as u32)
            .filter(|&r| !t.loc[r as usize].is_dead() && pt.row_part.get(r as usize).is_some_and(|&q| in_p(q)))
            .collect();
        let any_rows = !ours.is_empty() || !theirs.is_empty();
        let changed = self.trade_subpartitions(tid, other, (first, n), (&ours, &theirs));
        let undo_len = self.txn().undo.len();
        self.reindex(tid, &changed, false)?;
        self.txn().undo.truncate(undo_len);
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            match self.inst.cat.indexes[iid].parts().cloned() {
                Some(ps) if ps.local => {
                    for &c in &ps.children[first..first + n] {
                        self.refill_index(c, &|_| false, false)?;
                    }
                }
                Some(ps) if *update == IndexUpkeep::None && any_rows => {
                    ps.children.iter().for_each(|&c| self.inst.cat.indexes[c].unusable = true);
                }
                None if *update == IndexUpkeep::None && any_rows => self.inst.cat.indexes[iid].unusable = true,
                _ => {}
            }
        }
        for iid in self.inst.cat.tables[other].indexes.clone() {
            for c in self.inst.cat.indexes[iid].parts().map(|p| p.children.clone()).unwrap_or_default() {
                self.refill_index(c, &|_| false, false)?;
            }
        }
        self.invalidate_table(other);
        Ok(())
    }

    /// Table `other` as a composite partition of `n` subpartitions of
    /// table `tid` can trade with (Oracle's errors in the module comment).
    fn composite_partner(&self, tid: TableId, other: TableId, n: usize, pos: Pos) -> Result<(), LabError> {
        let (t, o) = (&self.inst.cat.tables[tid], &self.inst.cat.tables[other]);
        let s = t.part.as_deref().and_then(|p| p.sub.as_deref()).expect("composite");
        let Some(op) = o.part.as_deref().filter(|_| o.temp.is_none()) else {
            return Err(LabError::new(ora::EXCHANGE_COMPOSITE_UNPARTITIONED, pos));
        };
        if op.sub.is_some() {
            // The table itself among them.
            return Err(LabError::new(ora::EXCHANGE_COMPOSITE_COMPOSITE, pos));
        }
        if op.method != s.template.method {
            return Err(LabError::new(ora::EXCHANGE_COMPOSITE_METHOD, pos));
        }
        let (tk, ok) = (&t.columns[s.key], &o.columns[op.key]);
        if !super::partition_exchange::same_type(tk, ok) {
            return Err(LabError::new(ora::EXCHANGE_COMPOSITE_KEY_TYPE, pos));
        }
        if op.key != s.key || op.interval.is_some() {
            let what = "EXCHANGE of a composite partition with a table partitioned on another column or by INTERVAL";
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
        }
        if op.parts.len() != n {
            return Err(LabError::new(ora::EXCHANGE_COMPOSITE_COUNT, pos));
        }
        if op.parts.iter().zip(&s.template.parts).any(|(a, b)| a.bound != b.bound) {
            return Err(LabError::new(ora::EXCHANGE_COMPOSITE_BOUNDS, pos));
        }
        Ok(())
    }

    /// Subpartitions `first..first + n` of `tid` and the partitions of
    /// `other` trade rows (`ours`, `theirs`), segments and DATA_OBJECT_IDs
    /// one for one. Returns the rows of `tid` that changed.
    fn trade_subpartitions(
        &mut self,
        tid: TableId,
        other: TableId,
        (first, n): (usize, usize),
        (ours, theirs): (&[u32], &[u32]),
    ) -> HashSet<u32> {
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        let going: Vec<u16> = ours.iter().map(|&r| pt.row_part[r as usize] - first as u16).collect();
        let leaving = self.take_out(tid, ours);
        let mut changed: HashSet<u32> = ours.iter().copied().collect();
        let op = self.inst.cat.tables[other].part.as_deref().expect("checked");
        let coming: Vec<u16> = theirs.iter().map(|&r| first as u16 + op.row_part[r as usize]).collect();
        let mut k = 0;
        let start = self.take_in(tid, other, theirs, &mut |_| {
            k += 1;
            coming[k - 1]
        });
        changed.extend(start..start + theirs.len() as u32);
        let cat = &mut self.inst.cat;
        let [t, o] = cat.tables.get_disjoint_mut([tid, other]).expect("two tables");
        let (pt, op) = (t.part.as_mut().expect("checked"), o.part.as_mut().expect("checked"));
        for (p, q) in pt.parts[first..first + n].iter_mut().zip(op.parts.iter_mut()) {
            let (ours_id, theirs_id) = (p.data_object_id(), q.data_object_id());
            std::mem::swap(&mut p.seg, &mut q.seg);
            std::mem::swap(&mut p.heap, &mut q.heap);
            (p.data_id, q.data_id) = (Some(theirs_id), Some(ours_id));
        }
        op.row_part = going;
        leaving.replace_rows_of(o);
        changed
    }
}
