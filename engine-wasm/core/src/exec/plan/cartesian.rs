//! A table with no join predicate to the rows before it (a Cartesian
//! product): NESTED LOOPS, its access run again for each outer row, or
//! MERGE JOIN CARTESIAN, its rows read once into a BUFFER SORT (a SORT
//! JOIN without keys: the rows held in its work area for the execution,
//! counted against the memory budget as a sort's are) and handed back for
//! each outer row; the cheaper (`optimizer::join::buffer_sort_cost`), the
//! loop when it costs less.

use super::*;
use crate::cbo_trace::CboJoinOut;
use crate::optimizer::join;

impl Builder<'_> {
    /// The relation reached (`inner`: operators, E-Rows, cost and CPU
    /// cycles of its access) joined to the rows so far (`outer`) with no join
    /// predicate; `(inner_rows, sel)` and `rows` the join's cardinality,
    /// `widths` the row bytes of each side.
    #[allow(clippy::type_complexity)]
    pub(super) fn cartesian_step(
        &mut self,
        q: &Query,
        (outer, orows, ocost): (Op, f64, f64),
        (inner, irows, icost, icpu): (Op, f64, f64, f64),
        (inner_rows, sel): (f64, f64),
        rows: f64,
        (obytes, ibytes): (f64, f64),
    ) -> (Op, f64, f64) {
        let nl = join::nested_loops_cost(ocost, orows, icost);
        let buffer = join::buffer_sort_cost(orows, (icost, icpu, irows), self.ctx.costing);
        let mjc = ocost + buffer;
        let j = super::cbo::join_out((orows, ocost), (inner_rows, sel), (rows, nl.min(mjc)));
        let j = CboJoinOut { nl_cost: Some(nl), sm_cost: Some(mjc), ..j };
        if nl < mjc {
            if let Some(r) = self.cbo.as_mut() {
                r.join_step("NestedLoop", j);
            }
            let shape = super::nlj_shape(q, self.ctx);
            return (self.nested_loops(outer, inner, shape, rows, nl), rows, nl);
        }
        if let Some(r) = self.cbo.as_mut() {
            r.join_step("SortMerge", j);
        }
        let srcs = hash_join::sources_with_tables(&inner, self.ctx.cat);
        let kind = OpKind::SortJoin { child: Box::new(inner), keys: Vec::new(), srcs, state: Box::default() };
        let buffered = self.op("BUFFER SORT", None, irows, buffer, Some(irows * ibytes), "qersoFetch", kind);
        let kind = OpKind::NestedLoops {
            outer: Box::new(outer),
            inner: Box::new(buffered),
            inner_active: false,
            keep_inner_pins: false,
            last_outer: None,
        };
        let op = self.op("MERGE JOIN CARTESIAN", None, rows, mjc, Some(rows * (obytes + ibytes)), "qerjoFetch", kind);
        (op, rows, mjc)
    }
}
