//! Opening a row source for an execution, and releasing its pins: a
//! static dispatch over [`OpKind`] to the operator's own file, and the
//! questions a nested loop asks of its sides.

use super::*;

impl Op {
    /// Start (or restart for a new outer row) this row source.
    pub fn open(&mut self, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
        if let k @ OpKind::ScalarSubs { .. } = &mut self.kind {
            return scalar_subquery::open(k, rt, env, keep_pins);
        }
        let now = rt.k.cost.now_us();
        let l = &mut rt.lines[self.line as usize];
        if l.starts == 0 {
            l.first_us = now;
        }
        l.starts += 1;
        l.last_us = now;
        let k = &mut self.kind;
        match k {
            OpKind::Dual { .. } => dual::open(k),
            OpKind::FixedTable { .. } => fixed_table::open(k),
            OpKind::RowGen { .. } => row_gen::open(k, rt, env)?,
            OpKind::Full { .. } => table_access_full::open(k, rt, env, keep_pins, self.line)?,
            OpKind::IndexMinMax { .. } => index_min_max::open(k),
            OpKind::IndexFast { .. } => index_fast_full_scan::open(k, rt),
            OpKind::IndexUnique { .. } => index_unique_scan::open(k, rt, env, keep_pins, self.line)?,
            OpKind::IndexRange { skip: Some(_), .. } => index_skip_scan::open(k),
            OpKind::IndexRange { .. } => index_range_scan::open(k, rt, env, keep_pins, self.line)?,
            OpKind::ByRowid { .. } => table_access_by_rowid::open(k, rt, env, keep_pins, self.line)?,
            OpKind::RowidFetch { .. } => rowid_fetch::open(k, keep_pins),
            OpKind::Hash { .. } => hash_cluster::open(k),
            OpKind::NestedLoops { .. } => nested_loops::open(k, rt, env, keep_pins)?,
            OpKind::SortAggregate { .. } => sort_aggregate::open(k, rt, env, keep_pins)?,
            OpKind::View { .. } => view::open(k, rt, env, keep_pins)?,
            OpKind::Filter { .. } => filter::open(k, rt, env, keep_pins)?,
            OpKind::BitmapCount(child) => child.open(rt, env, keep_pins)?,
            OpKind::BitmapCombine { .. } => bitmap_combine::open(k, rt, env, keep_pins)?,
            OpKind::CountStopkey { .. } => count_stopkey::open(k, rt, env, keep_pins)?,
            OpKind::Sequence(child, _) => child.open(rt, env, keep_pins)?,
            OpKind::GroupBy { .. } => group_by::open(k, rt, env, keep_pins)?,
            OpKind::SubqueryFilter { .. } => subquery_filter::open(k, rt, env, keep_pins)?,
            OpKind::UnionAll { .. } => union_all::open(k, rt, env, keep_pins)?,
            OpKind::NestedLoopsOuter { .. } => nested_loops_outer::open(k, rt, env, keep_pins)?,
            OpKind::SortOrderBy { .. } => sort_order_by::open(k, rt, env, keep_pins)?,
            OpKind::Window { .. } => window::open(k, rt, env, keep_pins)?,
            OpKind::ConnectBy { .. } => connect_by::open(k, rt, env, keep_pins)?,
            OpKind::HashJoin { .. } => hash_join::open(k, rt, env, keep_pins)?,
            OpKind::MergeJoin { .. } => merge_join::open(k, rt, env, keep_pins)?,
            OpKind::SortJoin { .. } => merge_join::open_sort(k, rt, env, keep_pins)?,
            OpKind::ScalarSubs { .. } => unreachable!("opened above"),
            OpKind::RowLimit { .. } => row_limit::open(k, rt, env, keep_pins)?,
        }
        Ok(())
    }

    /// The row source returns at most one row per start (a unique probe),
    /// and asking it for a second row has no effect but "no row".
    #[inline]
    pub fn at_most_one_row(&self) -> bool {
        match &self.kind {
            OpKind::IndexUnique { .. } | OpKind::RowidFetch { .. } | OpKind::IndexMinMax { .. } => true,
            k @ OpKind::ByRowid { .. } => table_access_by_rowid::at_most_one_row(k),
            _ => false,
        }
    }

    /// The block this row source holds pinned for its current row, if
    /// any (what a nested loop watches on its outer side).
    pub fn current_block(&self) -> Option<u32> {
        match &self.kind {
            OpKind::Full { pinned, .. } | OpKind::ByRowid { pinned, .. } | OpKind::RowidFetch { pinned, .. } => *pinned,
            OpKind::IndexRange { pinned_leaf, .. } => *pinned_leaf,
            OpKind::NestedLoops { outer, .. } | OpKind::NestedLoopsOuter { outer, .. } => outer.current_block(),
            OpKind::View { child, .. }
            | OpKind::Filter { child, .. }
            | OpKind::BitmapCount(child)
            | OpKind::CountStopkey { child, .. }
            | OpKind::Sequence(child, _)
            | OpKind::ScalarSubs { child, .. }
            | OpKind::RowLimit { child, .. } => child.current_block(),
            _ => None,
        }
    }

    /// Release every pin (end of a fetch call).
    pub fn release_pins(&mut self) {
        match &mut self.kind {
            OpKind::Full { pinned, .. } | OpKind::ByRowid { pinned, .. } => {
                *pinned = None;
                if let OpKind::ByRowid { child, .. } = &mut self.kind {
                    child.release_pins();
                }
            }
            OpKind::IndexRange { pinned_leaf, kept, skip, .. } => {
                *pinned_leaf = None;
                kept.release();
                if let Some(s) = skip {
                    s.release();
                }
            }
            OpKind::IndexUnique { kept, .. } => kept.release(),
            OpKind::RowidFetch { pinned, .. } => *pinned = None,
            OpKind::NestedLoops { outer, inner, .. }
            | OpKind::NestedLoopsOuter { outer, inner, .. }
            | OpKind::HashJoin { build: outer, probe: inner, .. } => {
                outer.release_pins();
                inner.release_pins();
            }
            OpKind::MergeJoin { left, right, .. } => {
                left.release_pins();
                right.release_pins();
            }
            OpKind::UnionAll { branches, .. } => branches.iter_mut().for_each(|(b, _)| b.release_pins()),
            OpKind::BitmapCombine { children, .. } => children.iter_mut().for_each(Op::release_pins),
            OpKind::GroupBy { child, .. } => child.release_pins(),
            OpKind::SubqueryFilter { child, subs, .. } | OpKind::ScalarSubs { child, subs, .. } => {
                child.release_pins();
                subs.iter_mut().for_each(|s| s.op.release_pins());
            }
            OpKind::SortAggregate { child, .. }
            | OpKind::View { child, .. }
            | OpKind::Filter { child, .. }
            | OpKind::BitmapCount(child)
            | OpKind::CountStopkey { child, .. }
            | OpKind::Sequence(child, _)
            | OpKind::SortJoin { child, .. }
            | OpKind::RowLimit { child, .. }
            | OpKind::ConnectBy { child, .. }
            | OpKind::Window { child, .. }
            | OpKind::SortOrderBy { child, .. } => child.release_pins(),
            OpKind::RowGen { child, .. } => {
                if let Some(c) = child {
                    c.release_pins()
                }
            }
            OpKind::Dual { .. }
            | OpKind::FixedTable { .. }
            | OpKind::Hash { .. }
            | OpKind::IndexMinMax { .. }
            | OpKind::IndexFast { .. } => {}
        }
    }
}
