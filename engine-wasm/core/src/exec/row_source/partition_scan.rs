//! TABLE ACCESS FULL of a partitioned table, under its PARTITION RANGE |
//! LIST | HASH line: the partitions kept (those the plan kept, narrowed at
//! open by the predicates on binds), one after another in position order,
//! each its own segment: its header and space-management gets, its short
//! or long table scan, its blocks in order (read ahead within the
//! partition). A partition with no segment yet (deferred) reads nothing.

use super::*;
use crate::catalog::partition::{Cmp, Partitioning};

/// The partitions a scan reads, and where it is.
#[derive(Debug, Clone, Default)]
pub struct PartScan {
    /// The partitions the plan keeps (positions, ascending).
    pub kept: Vec<u16>,
    /// Comparisons of the key with values known at run time (binds).
    pub keys: Vec<(Cmp, CExpr)>,
    /// `key IN (:a, :b, ...)`: the partitions of any of the values.
    pub inlist: Vec<CExpr>,
    /// The plan line above the scan (`PARTITION RANGE SINGLE`) and the
    /// Pstart and Pstop both lines print.
    pub operation: String,
    pub pstart: String,
    pub pstop: String,
    /// This execution's partitions.
    pub(crate) active: Vec<u16>,
    /// Row numbers of the active partitions, partition after partition
    /// (within one in row order, which is its block order); `starts[i]`
    /// is where active partition i's rows begin.
    pub(crate) order: Vec<u32>,
    pub(crate) starts: Vec<usize>,
    /// What `order` was built for: the table's change stamp and rows, and
    /// the active partitions.
    pub(crate) built: Option<(u64, usize)>,
    pub(crate) built_for: Vec<u16>,
    pub(crate) cur: usize,
    pub(crate) pos: usize,
    pub(crate) entered: bool,
}

impl PartScan {
    /// This execution's partitions: the kept ones the bind predicates allow.
    pub(super) fn open(&mut self, rt: &mut Rt<'_>, env: &Env, pt: &Partitioning) -> Result<(), Box<LabError>> {
        self.active.clone_from(&self.kept);
        for (op, e) in &self.keys {
            let v = rt.eval(e, env).map_err(Box::new)?;
            let m = pt.matching(*op, &v);
            self.active.retain(|p| m.contains(p));
        }
        if !self.inlist.is_empty() {
            let mut any = Vec::new();
            for e in &self.inlist {
                let v = rt.eval(e, env).map_err(Box::new)?;
                any.extend(pt.matching(Cmp::Eq, &v));
            }
            self.active.retain(|p| any.contains(p));
        }
        self.cur = 0;
        self.pos = 0;
        self.entered = false;
        Ok(())
    }

    /// The partitions this execution reads.
    pub(super) fn active_count(&self) -> usize {
        self.active.len()
    }

    /// Group the rows of the active partitions (once per change of the
    /// table or of the partitions).
    fn build_order(&mut self, t: &crate::catalog::Table, pt: &Partitioning) {
        let stamp = (t.changed_at, t.rows.len());
        if self.built == Some(stamp) && self.built_for == self.active {
            return;
        }
        let mut slot = vec![usize::MAX; pt.parts.len()];
        for (i, &p) in self.active.iter().enumerate() {
            slot[p as usize] = i;
        }
        let mut counts = vec![0usize; self.active.len() + 1];
        for &p in &pt.row_part {
            if let Some(&s) = slot.get(p as usize).filter(|s| **s != usize::MAX) {
                counts[s + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        self.starts.clone_from(&counts);
        self.order.clear();
        self.order.resize(counts[counts.len() - 1], 0);
        let mut fill = counts;
        for (r, &p) in pt.row_part.iter().enumerate() {
            if let Some(&s) = slot.get(p as usize).filter(|s| **s != usize::MAX) {
                self.order[fill[s]] = r as u32;
                fill[s] += 1;
            }
        }
        self.built = Some(stamp);
        self.built_for.clone_from(&self.active);
    }
}

/// The next row of a partitioned table's full scan.
#[inline(never)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::Full { table, src, filter, pinned, started, smart, direct, parts: Some(ps), .. } = kind else {
        unreachable!()
    };
    let t = &rt.cat.tables[*table];
    let Some(pt) = t.part.as_deref() else { return Ok(false) };
    if !*started {
        *started = true;
        ps.build_order(t, pt);
    }
    loop {
        let Some(&p) = ps.active.get(ps.cur) else { return Ok(false) };
        let part = &pt.parts[p as usize];
        let Some(seg) = part.seg else {
            ps.cur += 1;
            continue;
        };
        let blocks = part.blocks();
        if !ps.entered {
            ps.entered = true;
            ps.pos = ps.starts[ps.cur];
            *pinned = None;
            *direct = None;
            *smart = None;
            let mut no_order = Vec::new();
            table_access_full::start(rt, t, (seg, blocks), (line, st), (&mut no_order, &mut 0), smart, direct);
        }
        if ps.pos >= ps.starts[ps.cur + 1] {
            ps.cur += 1;
            ps.entered = false;
            continue;
        }
        let r = ps.order[ps.pos];
        ps.pos += 1;
        let l = t.loc[r as usize];
        if *pinned != Some(l.block) {
            table_access_full::visit(rt, (line, st), (seg, blocks), l.block, smart, direct);
            *pinned = Some(l.block);
        }
        if l.is_dead() {
            continue;
        }
        rt.pinned_read(st);
        rt.k.stats.access.table_scan_rows += 1;
        env.rows[*src] = r;
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}
