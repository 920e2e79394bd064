//! GROUP BY's E-Rows: the number of distinct key combinations, as Oracle
//! estimates it from the key columns' NUM_DISTINCT, their product capped
//! by the rows grouped (Lewis, "Cost-Based Oracle Fundamentals", ch. 10;
//! his "opt_estimate 3", 2019: `group by mod(n1,10)` over 3,000 rows
//! whose N1 has 200 distinct values is estimated at 200, a function of
//! one column taking that column's NUM_DISTINCT). Before 11g (OFE below
//! 11.1) the product of N keys is divided N - 1 times by sqrt(2) and
//! rounded up (Lewis's agg_sort_2.sql, the book's code, 8.1.7.4 to
//! 10.1.0.4: NUM_DISTINCT 769 and 1 give 544, 50 and 71 give 2,511, 100
//! and 71 give 5,021, capped at the table's 5,000 rows). A key that is
//! not a column of a table reference (an aggregate of a view, a constant,
//! an expression over two columns) keeps the lab's 10% of the rows.

use super::*;

impl Builder<'_> {
    /// The groups `keys` make of `e_rows` rows.
    pub(super) fn group_rows(&self, keys: &[CExpr], e_rows: f64) -> f64 {
        let mut product = 1.0f64;
        let mut columns = 0;
        for k in keys {
            let ndv = key_column(k).and_then(|(src, col)| {
                let &(_, table) = self.src_tables.iter().find(|&&(s, _)| s == src)?;
                let t = &self.ctx.cat.tables[table];
                let ndv = match t.stats.columns.get(col) {
                    Some(c) if t.stats.gathered => c.ndv,
                    _ => t.column_stats(col).ndv,
                };
                Some(ndv.max(1) as f64)
            });
            match ndv {
                Some(n) => product *= n,
                None => return (e_rows * 0.1).max(1.0).round(),
            }
            columns += 1;
        }
        let groups = match columns {
            c if c > 1 && self.ctx.gby_sqrt2 => (product / std::f64::consts::SQRT_2.powi(c - 1) - 1e-9).ceil(),
            _ => product.round(),
        };
        groups.min(e_rows).max(1.0).round()
    }
}

/// The one table column `e` reads (a column, or a function of it and
/// constants), if it reads exactly one. Walked with a stack: the key's
/// depth is the user's.
fn key_column(e: &CExpr) -> Option<(usize, usize)> {
    let mut found = None;
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            CExpr::Col { src, col, .. } => match found {
                None => found = Some((*src, *col)),
                Some(f) if f == (*src, *col) => {}
                Some(_) => return None,
            },
            CExpr::Const(_) | CExpr::Varchar(_) => {}
            CExpr::Func(..) | CExpr::Bin(..) | CExpr::Neg(..) | CExpr::Case(..) => stack.extend(x.children()),
            _ => return None,
        }
    }
    found
}
