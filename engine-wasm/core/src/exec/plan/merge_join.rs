//! A table joined by MERGE JOIN (`USE_MERGE(t)`): the rows joined so far
//! and the table (reached as a hash join's probe is, without the join
//! predicates) each under a SORT JOIN on their side of the equijoins; the
//! other join predicates filter the joined rows.

use super::*;

impl Builder<'_> {
    /// MERGE JOIN of the rows so far (`outer`: operators, E-Rows, cost)
    /// and `inner` on `keys`, `join_filters` on the joined rows; `widths`
    /// the row bytes of each side. Its cost: both inputs' and their sorts'
    /// (`optimizer::sort`).
    pub(super) fn merge_step(
        &mut self,
        (outer, orows, ocost): (Op, f64, f64),
        (inner, irows, icost): (Op, f64, f64),
        (keys, join_filters): (Vec<(CExpr, CExpr)>, Vec<CExpr>),
        rows: f64,
        (obytes, ibytes): (f64, f64),
    ) -> (Op, f64, f64) {
        let (lkeys, rkeys): (Vec<CExpr>, Vec<CExpr>) = keys.into_iter().unzip();
        let lsort = ocost + self.sort_units("SORT JOIN", orows, obytes);
        let rsort = icost + self.sort_units("SORT JOIN", irows, ibytes);
        let left = self.sort_join(outer, lkeys, (orows, lsort, orows * obytes));
        self.sort_cpu(left.line, "SORT JOIN", orows, obytes);
        let right = self.sort_join(inner, rkeys, (irows, rsort, irows * ibytes));
        self.sort_cpu(right.line, "SORT JOIN", irows, ibytes);
        let cost = lsort + rsort;
        let kind = OpKind::MergeJoin {
            left: Box::new(left),
            right: Box::new(right),
            filter: join_filters,
            state: Box::default(),
        };
        let op = self.op("MERGE JOIN", None, rows, cost, Some(rows * (obytes + ibytes)), "qerjoFetch", kind);
        (op, rows, cost)
    }

    /// SORT JOIN of `child` on `keys`.
    fn sort_join(&mut self, child: Op, keys: Vec<CExpr>, (rows, cost, bytes): (f64, f64, f64)) -> Op {
        let srcs = hash_join::sources_with_tables(&child, self.ctx.cat);
        let kind = OpKind::SortJoin { child: Box::new(child), keys, srcs, state: Box::default() };
        self.op("SORT JOIN", None, rows, cost, Some(bytes), "qersoFetch", kind)
    }
}
