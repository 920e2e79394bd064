//! Opening a row source for an execution, and releasing its pins.

use super::*;
use lio_sql::ast::Pos;
use lio_sql::ora;

impl Op {
    /// Start (or restart for a new outer row) this row source.
    pub fn open(&mut self, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
        rt.lines[self.line as usize].starts += 1;
        match &mut self.kind {
            OpKind::Dual { done, .. } => *done = false,
            OpKind::FixedTable { next, .. } => *next = 0,
            OpKind::RowGen { gen, next, end, .. } => {
                let (lo, hi) = match gen {
                    // Text that is not a number is ORA-01722, as in any comparison.
                    RowGenKind::ConnectBy(e) => {
                        let n = crate::exec::convert::number_of(&rt.eval(e, env)?, Pos::default())?;
                        (1, n.unwrap_or(0.0).floor() as i64)
                    }
                    RowGenKind::Range(a, b) => {
                        let a = crate::exec::convert::number_of(&rt.eval(a, env)?, Pos::default())?;
                        let b = crate::exec::convert::number_of(&rt.eval(b, env)?, Pos::default())?;
                        (a.unwrap_or(0.0) as i64, b.unwrap_or(0.0) as i64)
                    }
                };
                if hi.saturating_sub(lo) >= MAX_GENERATED_ROWS {
                    return Err(Box::new(LabError::with(
                        ora::LAB_ROW_GENERATOR_LIMIT,
                        MAX_GENERATED_ROWS,
                        Pos::default(),
                    )));
                }
                *next = lo;
                *end = hi;
            }
            OpKind::Full { next_row, pinned, started, direct, smart, .. } => {
                *next_row = 0;
                *started = false;
                *direct = None;
                *smart = None;
                if !keep_pins {
                    *pinned = None;
                }
            }
            OpKind::IndexMinMax { done, .. } => *done = false,
            OpKind::IndexFast { started, .. } => *started = false,
            OpKind::IndexUnique { done, kept, .. } => {
                *done = false;
                kept.open(keep_pins, rt.outer_moved);
            }
            OpKind::IndexRange { started, end, pinned_leaf, kept, .. } => {
                *started = false;
                *end = false;
                if !keep_pins {
                    *pinned_leaf = None;
                }
                kept.open(keep_pins, rt.outer_moved);
            }
            OpKind::ByRowid { child, pinned, .. } => {
                if !keep_pins {
                    *pinned = None;
                }
                child.open(rt, env, keep_pins)?;
            }
            OpKind::RowidFetch { pinned, ready, .. } => {
                *ready = true;
                if !keep_pins {
                    *pinned = None;
                }
            }
            OpKind::Hash { started, .. } => *started = false,
            OpKind::NestedLoops { outer, inner_active, .. } => {
                *inner_active = false;
                outer.open(rt, env, keep_pins)?;
            }
            OpKind::SortAggregate { child, done, .. } => {
                *done = false;
                child.open(rt, env, keep_pins)?;
            }
            OpKind::View { child, .. } | OpKind::Filter { child, .. } => child.open(rt, env, keep_pins)?,
            OpKind::CountStopkey { child, count, .. } => {
                *count = 0;
                child.open(rt, env, keep_pins)?;
            }
            OpKind::GroupBy { child, rows, next, built, .. } => {
                rows.clear();
                *next = 0;
                *built = false;
                child.open(rt, env, keep_pins)?;
            }
            OpKind::SubqueryFilter { child, subs, .. } => {
                for s in subs.iter_mut() {
                    s.cache = None;
                }
                child.open(rt, env, keep_pins)?;
            }
            OpKind::UnionAll { branches, current, .. } => {
                *current = 0;
                if let Some((b, _)) = branches.first_mut() {
                    b.open(rt, env, keep_pins)?;
                }
            }
            OpKind::NestedLoopsOuter { outer, inner_active, .. } => {
                *inner_active = false;
                outer.open(rt, env, keep_pins)?;
            }
            OpKind::SortOrderBy { child, rows, next, sorted, .. } => {
                rows.clear();
                *next = 0;
                *sorted = false;
                child.open(rt, env, keep_pins)?;
            }
        }
        Ok(())
    }

    /// The row source returns at most one row per start (a unique probe),
    /// and asking it for a second row has no effect but "no row".
    #[inline]
    pub fn at_most_one_row(&self) -> bool {
        match &self.kind {
            OpKind::IndexUnique { .. } | OpKind::RowidFetch { .. } | OpKind::IndexMinMax { .. } => true,
            OpKind::ByRowid { child, unique_child, .. } => {
                *unique_child && matches!(child.kind, OpKind::IndexUnique { .. })
            }
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
            OpKind::View { child, .. } | OpKind::Filter { child, .. } | OpKind::CountStopkey { child, .. } => {
                child.current_block()
            }
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
            OpKind::IndexRange { pinned_leaf, kept, .. } => {
                *pinned_leaf = None;
                kept.release();
            }
            OpKind::IndexUnique { kept, .. } => kept.release(),
            OpKind::RowidFetch { pinned, .. } => *pinned = None,
            OpKind::NestedLoops { outer, inner, .. } | OpKind::NestedLoopsOuter { outer, inner, .. } => {
                outer.release_pins();
                inner.release_pins();
            }
            OpKind::UnionAll { branches, .. } => branches.iter_mut().for_each(|(b, _)| b.release_pins()),
            OpKind::GroupBy { child, .. } => child.release_pins(),
            OpKind::SubqueryFilter { child, subs, .. } => {
                child.release_pins();
                subs.iter_mut().for_each(|s| s.op.release_pins());
            }
            OpKind::SortAggregate { child, .. }
            | OpKind::View { child, .. }
            | OpKind::Filter { child, .. }
            | OpKind::CountStopkey { child, .. }
            | OpKind::SortOrderBy { child, .. } => child.release_pins(),
            OpKind::Dual { .. }
            | OpKind::RowGen { .. }
            | OpKind::FixedTable { .. }
            | OpKind::Hash { .. }
            | OpKind::IndexMinMax { .. }
            | OpKind::IndexFast { .. } => {}
        }
    }
}
