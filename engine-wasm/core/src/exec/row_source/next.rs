//! The next row of a row source: a static dispatch over [`OpKind`] to the
//! operator's own file. The hot row sources (scans, probes, joins) are
//! inlined into `next_untimed`; those that produce few rows per call (or
//! run their child loop inside one call) are in `next_cold`, so the hot
//! frame stays small. A row produced is counted here (`Rt::produced`).

use super::*;

impl Op {
    /// Produce the next row into `env`; false at the end (timed.rs wraps it).
    pub(super) fn next_untimed(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        let (line, st) = (self.line, self.st);
        let k = &mut self.kind;
        let got = match k {
            OpKind::Full { .. } => table_access_full::next(k, rt, env, line, st)?,
            OpKind::IndexUnique { .. } => index_unique_scan::next(k, rt, env, line, st)?,
            OpKind::IndexRange { skip: Some(_), .. } => index_skip_scan::next(k, rt, env, line, st)?,
            OpKind::IndexRange { .. } => index_range_scan::next(k, rt, env, line, st)?,
            OpKind::ByRowid { .. } => table_access_by_rowid::next(k, rt, env, line, st)?,
            OpKind::RowidFetch { .. } => rowid_fetch::next(k, rt, env, line, st)?,
            OpKind::Hash { .. } => hash_cluster::next(k, rt, env, line, st)?,
            OpKind::NestedLoops { .. } => nested_loops::next(k, rt, env)?,
            OpKind::View { .. } => view::next(k, rt, env)?,
            _ => return self.next_cold(rt, env),
        };
        if got {
            rt.produced(line, st)?;
        }
        Ok(got)
    }

    /// Row sources that produce few rows per call (or run their child
    /// loop inside one call): kept out of `next` so its frame stays small.
    #[inline(never)]
    fn next_cold(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        let (line, st) = (self.line, self.st);
        let k = &mut self.kind;
        let got = match k {
            OpKind::Dual { .. } => dual::next(k, env),
            OpKind::RowGen { .. } => row_gen::next(k, rt, env)?,
            OpKind::FixedTable { .. } => fixed_table::next(k, rt, env)?,
            OpKind::SortAggregate { .. } => sort_aggregate::next(k, rt, env, st)?,
            OpKind::CountStopkey { .. } => count_stopkey::next(k, rt, env)?,
            OpKind::Sequence(..) => sequence::next(k, rt, env)?,
            OpKind::RowLimit { .. } => row_limit::next(k, rt, env)?,
            OpKind::IndexFast { .. } => index_fast_full_scan::next(k, rt, env, line, st)?,
            OpKind::IndexMinMax { .. } => index_min_max::next(k, rt, env, line, st)?,
            OpKind::Filter { .. } => filter::next(k, rt, env)?,
            OpKind::BitmapCount(_) => filter::next_count(k, rt, env, line)?,
            OpKind::BitmapCombine { .. } => bitmap_combine::next(k, rt, env, line)?,
            OpKind::SortOrderBy { .. } => sort_order_by::next(k, rt, env, st)?,
            OpKind::Window { .. } => window::next(k, rt, env, st)?,
            OpKind::ConnectBy { .. } => connect_by::next(k, rt, env)?,
            OpKind::GroupBy { .. } => group_by::next(k, rt, env, st)?,
            OpKind::SubqueryFilter { .. } => subquery_filter::next(k, rt, env)?,
            OpKind::UnionAll { .. } => union_all::next(k, rt, env)?,
            OpKind::NestedLoopsOuter { .. } => nested_loops_outer::next(k, rt, env)?,
            OpKind::HashJoin { .. } => hash_join::next(k, rt, env, line, st)?,
            OpKind::MergeJoin { .. } => merge_join::next(k, rt, env)?,
            OpKind::SortJoin { .. } => merge_join::next_sort(k, rt, env, st)?,
            // No line of its own: its child counted the row.
            OpKind::ScalarSubs { .. } => return scalar_subquery::next(k, rt, env),
            OpKind::Full { .. }
            | OpKind::IndexUnique { .. }
            | OpKind::IndexRange { .. }
            | OpKind::ByRowid { .. }
            | OpKind::RowidFetch { .. }
            | OpKind::Hash { .. }
            | OpKind::NestedLoops { .. }
            | OpKind::View { .. } => unreachable!("hot row sources are handled in next"),
        };
        if got {
            rt.produced(line, st)?;
        }
        Ok(got)
    }
}
