//! Adaptive cursor sharing's view of a hard parse (11.1+): the predicates
//! whose selectivity depends on a peeked bind's value, with the
//! selectivity the peeked value gave. A cursor with one is bind
//! sensitive (V$SQL.IS_BIND_SENSITIVE); once bind aware, a child is shared
//! only by executions whose binds give each predicate a selectivity in the
//! child's range (V$SQL_CS_SELECTIVITY). The session's library cache
//! (`session/acs.rs`) keeps the children's ranges and histograms.
//!
//! Oracle's criteria (Antognini, "Troubleshooting Oracle Performance"
//! 2nd ed. ch. 2; the 11.2 Performance Tuning Guide, "Bind-Sensitive
//! Cursors"): the optimizer peeked the bind, and the predicate is a range
//! (`<`, `<=`, `>`, `>=`, BETWEEN) or an equality on a column with a
//! histogram. A bind compared through a conversion (`id < TO_NUMBER(:v)`,
//! a VARCHAR2 bind against a NUMBER column) or a table without
//! statistics makes none.

use super::selectivity::{flip, of_filters, Columns};
use crate::exec::expr::CExpr;
use lio_sql::ast::BinaryOp;

/// One predicate adaptive cursor sharing watches: V$SQL_CS_SELECTIVITY's
/// PREDICATE (the operator then the column, `<ID`) and its selectivity
/// with the binds peeked at this parse.
#[derive(Debug, Clone, PartialEq)]
pub struct BindPred {
    pub text: String,
    pub sel: f64,
}

/// The bind-sensitive predicates among `conjuncts` on `cols.src`, whose
/// columns are named by `name`. Empty when no bind was peeked.
pub fn bind_predicates(conjuncts: &[CExpr], cols: &Columns<'_>, name: &dyn Fn(usize) -> String) -> Vec<BindPred> {
    let mut out = Vec::new();
    for p in conjuncts {
        match p {
            CExpr::Bin(op, a, b, _) => {
                let (col, bind, op) = match (a.as_ref(), b.as_ref()) {
                    (CExpr::Col { src, col, .. }, CExpr::Bind(i)) if *src == cols.src => (*col, *i, *op),
                    (CExpr::Bind(i), CExpr::Col { src, col, .. }) if *src == cols.src => (*col, *i, flip(*op)),
                    _ => continue,
                };
                if !peeked(cols, bind) {
                    continue;
                }
                let sign = match op {
                    BinaryOp::Lt => "<",
                    BinaryOp::Le => "<=",
                    BinaryOp::Gt => ">",
                    BinaryOp::Ge => ">=",
                    BinaryOp::Eq if (cols.stats)(col).hist.is_some() => "=",
                    _ => continue,
                };
                out.push(BindPred {
                    text: format!("{sign}{}", name(col)),
                    sel: of_filters(std::slice::from_ref(p), Some(cols)),
                });
            }
            CExpr::Between(x, lo, hi) => {
                let (CExpr::Col { src, col, .. }, CExpr::Bind(i), CExpr::Bind(j)) =
                    (x.as_ref(), lo.as_ref(), hi.as_ref())
                else {
                    continue;
                };
                if *src != cols.src || !peeked(cols, *i) || !peeked(cols, *j) {
                    continue;
                }
                let sel = of_filters(std::slice::from_ref(p), Some(cols));
                out.push(BindPred { text: format!(">={}", name(*col)), sel });
                out.push(BindPred { text: format!("<={}", name(*col)), sel });
            }
            _ => {}
        }
    }
    out
}

fn peeked(cols: &Columns<'_>, bind: usize) -> bool {
    cols.peek.get(bind).is_some_and(|v| v.as_ref().is_some_and(|v| !matches!(v, crate::value::Value::Null)))
}

/// A bind-aware child's selectivity range for one predicate: the peeked
/// selectivity less and more 10% (V$SQL_CS_SELECTIVITY's LOW and HIGH,
/// `0.008108` and `0.009910` for a selectivity of 0.009009).
pub fn range_of(sel: f64) -> (f64, f64) {
    (sel * 0.9, sel * 1.1)
}

/// V$SQL_CS_SELECTIVITY's text of a bound: six decimals.
pub fn bound_text(x: f64) -> String {
    format!("{x:.6}")
}

/// V$SQL_CS_HISTOGRAM's bucket of an execution that processed `rows`
/// rows (summed over its plan lines): 0 up to 1,000, 1 up to 1,000,000,
/// 2 above (Houri, "Adaptive Cursor Sharing: the bucket_id", 2015).
pub fn bucket_of(rows: u64) -> usize {
    match rows {
        0..=1_000 => 0,
        1_001..=1_000_000 => 1,
        _ => 2,
    }
}

/// Whether a bind-sensitive child's executions, counted in `hist`, mark
/// it bind aware: the last execution's bucket `last` has as many
/// executions as another non-empty bucket (one good execution and one
/// bad, or N and N: Wiseman's note on oracle-base's article).
pub fn turns_aware(hist: &[u64; 3], last: usize) -> bool {
    let n = hist[last];
    n > 0 && (0..3).any(|b| b != last && hist[b] > 0 && n >= hist[b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_and_the_aware_rule() {
        assert_eq!([bucket_of(19), bucket_of(1_000), bucket_of(1_979), bucket_of(2_000_000)], [0, 0, 1, 2]);
        assert!(!turns_aware(&[1, 0, 0], 0));
        assert!(turns_aware(&[1, 1, 0], 1));
        assert!(!turns_aware(&[3, 2, 0], 1));
        assert!(turns_aware(&[3, 3, 0], 1));
        let (lo, hi) = range_of(9.0 / 999.0);
        assert_eq!((bound_text(lo), bound_text(hi)), ("0.008108".to_string(), "0.009910".to_string()));
    }
}
