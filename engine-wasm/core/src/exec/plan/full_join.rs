//! `a FULL [OUTER] JOIN b ON ...`: Oracle's native full outer join
//! (`_optimizer_native_full_outer_join`, on by default from
//! optimizer_features_enable 11.1.0.6), `VIEW VW_FOJ_0` over `HASH JOIN
//! FULL OUTER`. The left item is the build input: every build row
//! is kept (those no probe row matched come out after the probe, the
//! probe side NULL), and each probe row no build row matched comes out at
//! once with the build side NULL (`exec/row_source/hash_join.rs`).
//!
//! What the lab does not model is refused (LAB-00001), never answered in
//! another shape: 10g's UNION ALL expansion (an OFE before 11.1.0.6, as
//! dbaglobe.com printed under 10.2.0.4, or `NO_NATIVE_FULL_OUTER_JOIN`:
//! VIEW / UNION-ALL / HASH JOIN OUTER + HASH JOIN ANTI), a full
//! outer join with no equality between the two sides (Oracle expands it
//! too), with other FROM items.
//!
//! A WHERE condition that rejects the NULLs of a side turns the join into
//! an outer or inner one (`outer_simplify.rs`), as Oracle does. A WHERE
//! clause whose conditions keep both sides' NULLs (`where t1.id is
//! null or t2.id is null`, the rows only one side has) filters the joined
//! rows on the VIEW VW_FOJ_0 line, above the join: none is pushed to a
//! table (a table's row that fails it would still come out unmatched).

use super::relations::Rel;
use super::*;

impl Builder<'_> {
    /// The FULL JOIN's right item (its ON condition is an outer join's),
    /// checked against what the lab models; None for another query.
    pub(super) fn full_join_item(&self, q: &Query) -> Result<Option<usize>, LabError> {
        let Some(b) = q.full_join else { return Ok(None) };
        let pos = q.outer_joins.iter().find(|(i, _)| *i == b).map_or(q.pos, |(_, on)| expr_pos(on));
        let refuse = |what: &str| Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
        if self.ctx.costing.ofe < crate::optimizer::features::release("11.1.0.6") {
            return refuse("FULL OUTER JOIN before optimizer_features_enable 11.1.0.6 (its UNION ALL expansion)");
        }
        let no_native = |h: &Hint| matches!(h, Hint::Other(raw) if raw.to_ascii_uppercase().starts_with("NO_NATIVE_FULL_OUTER_JOIN"));
        if q.hints.iter().any(no_native) {
            return refuse("NO_NATIVE_FULL_OUTER_JOIN (the UNION ALL expansion)");
        }
        if q.from.len() != 2 || b != 1 {
            return refuse("a FULL OUTER JOIN with other FROM items");
        }
        Ok(Some(b))
    }

    /// `VIEW VW_FOJ_0` over the full outer join: a line that passes its
    /// rows up (the columns stay the tables').
    /// The WHERE clause's conditions (`preds`, see `where_above_view`)
    /// filter there: its E-Rows are the join's times their selectivity
    /// (Oracle's fixed guesses: the view's columns have no statistics of
    /// their own in the lab).
    pub(super) fn full_join_view(
        &mut self,
        join: Op,
        rows: f64,
        cost: f64,
        width: f64,
        preds: Vec<CExpr>,
    ) -> (Op, f64) {
        let rows =
            if preds.is_empty() { rows } else { (rows * self.filter_selectivity(&preds, None)).max(1.0).round() };
        let kind = OpKind::Filter { child: Box::new(join), preds, startup: None };
        (self.op("VIEW", Some("VW_FOJ_0"), rows, cost, Some(rows * width), "qervwFetch", kind), rows)
    }

    /// A full outer join's E-Rows: the inner join's (`joined`), plus
    /// each side's anti join, its rows times 1 - NDV(other side's key) /
    /// NDV(its key) when that is positive (no row of a side with the
    /// fewer distinct keys is counted unmatched, NULL keys not counted):
    /// HR's EMPLOYEES (107 rows, 11 departments, one NULL) full joined to
    /// DEPARTMENTS (27) is 106 + 0 + 27 x 16/27 = 122, as published.
    /// Keys that are not plain columns: the left outer join's rows.
    pub(super) fn full_join_rows(&self, left: f64, right: f64, joined: f64, keys: &[(CExpr, CExpr)]) -> f64 {
        let ndv = |e: &CExpr| match e {
            CExpr::Col { table, col, .. } => {
                let t = &self.ctx.cat.tables[*table];
                let n = match t.stats.columns.get(*col) {
                    Some(c) if t.stats.gathered => c.ndv,
                    _ => t.column_stats(*col).ndv,
                };
                Some(n.max(1) as f64)
            }
            _ => None,
        };
        let (mut l_ndv, mut r_ndv) = (Some(1.0), Some(1.0));
        for (a, b) in keys {
            l_ndv = l_ndv.zip(ndv(a)).map(|(x, y)| x * y);
            r_ndv = r_ndv.zip(ndv(b)).map(|(x, y)| x * y);
        }
        let rows = match (l_ndv, r_ndv) {
            (Some(l), Some(r)) => joined + left * (1.0 - r / l).max(0.0) + right * (1.0 - l / r).max(0.0),
            _ => joined.max(left) + (right - joined).max(0.0),
        };
        rows.max(1.0).round()
    }
}

/// Each ON conjunct of the FULL JOIN (`b`'s) must read the left item: one
/// on the right item alone (or on neither) would filter that table's rows
/// before the join, where a full outer join keeps them unmatched (Oracle
/// tests it on each pair); refused.
pub(super) fn on_reads_left(
    rels: &[Rel],
    on: &[(usize, Vec<CExpr>)],
    b: usize,
    pos: lio_sql::ast::Pos,
) -> Result<(), LabError> {
    let left = rel_sources(rels.first());
    for c in on.iter().filter(|(i, _)| *i == b).flat_map(|(_, c)| c) {
        let mut s = Vec::new();
        c.sources(&mut s);
        if !s.iter().any(|x| left.contains(x)) {
            let what = "a FULL JOIN ON condition that does not read its left table";
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
        }
    }
    Ok(())
}

/// A full outer join is a hash join: with no equality between its two
/// sides (Oracle expands it into a UNION ALL) it is refused.
pub(super) fn needs_keys(mode: JoinMode, keys: &[(CExpr, CExpr)], pos: lio_sql::ast::Pos) -> Result<(), LabError> {
    if keys.is_empty() && mode == JoinMode::Full {
        let what = "a FULL OUTER JOIN without an equality between its two sides";
        return Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
    }
    Ok(())
}

/// The row sources a relation's columns come from.
pub(super) fn rel_sources(rel: Option<&Rel>) -> Vec<usize> {
    match rel {
        Some(Rel::Table { src, .. }) => vec![*src],
        Some(Rel::Fixed { op, .. }) => {
            let mut s = Vec::new();
            collect_sources(op, &mut s);
            s
        }
        None => Vec::new(),
    }
}

/// A FULL JOIN block's WHERE conditions, all taken out of `conjuncts` (no
/// table may be filtered before the join) to filter the VIEW VW_FOJ_0
/// line. Each can hold when either side's columns are all NULL: one that
/// cannot has turned the join into an outer or inner one before
/// (`outer_simplify::simplify`).
pub(super) fn where_above_view(conjuncts: &mut Vec<CExpr>) -> Vec<CExpr> {
    std::mem::take(conjuncts)
}

/// The truth values a condition may take, as far as can be told.
#[derive(Clone, Copy)]
struct Truth {
    t: bool,
    f: bool,
    n: bool,
}

const ANY: Truth = Truth { t: true, f: true, n: true };
const NULL: Truth = Truth { t: false, f: false, n: true };

/// Whether condition `c` cannot be TRUE when every column of the row
/// sources `side` is NULL (a row of the other side no row matched): a
/// comparison, LIKE, BETWEEN or IN of such a column (or of arithmetic on
/// it) is NULL, an IS NULL of it TRUE; AND, OR and NOT combine as in
/// three-valued logic; anything else (a function, CASE, `||`) may be
/// anything, so it is not counted as rejecting.
pub(super) fn null_rejected(c: &CExpr, side: &[usize]) -> bool {
    !truth(c, side).t
}

fn truth(c: &CExpr, side: &[usize]) -> Truth {
    use lio_sql::ast::BinaryOp as B;
    match c {
        CExpr::Bin(B::And, a, b, _) => {
            let (a, b) = (truth(a, side), truth(b, side));
            Truth { t: a.t && b.t, f: a.f || b.f, n: (a.n && (b.t || b.n)) || (b.n && (a.t || a.n)) }
        }
        CExpr::Bin(B::Or, a, b, _) => {
            let (a, b) = (truth(a, side), truth(b, side));
            Truth { t: a.t || b.t, f: a.f && b.f, n: (a.n && (b.f || b.n)) || (b.n && (a.f || a.n)) }
        }
        CExpr::Not(a) => {
            let a = truth(a, side);
            Truth { t: a.f, f: a.t, n: a.n }
        }
        CExpr::Bin(B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge, a, b, _) if is_null(a, side) || is_null(b, side) => {
            NULL
        }
        CExpr::Like(a, p, _, _, _) if is_null(a, side) || is_null(p, side) => NULL,
        CExpr::Between(a, _, _) | CExpr::InList(a, _, _, _) if is_null(a, side) => NULL,
        // a >= NULL AND a <= hi: NULL or FALSE, never TRUE.
        CExpr::Between(_, lo, hi) if is_null(lo, side) || is_null(hi, side) => Truth { t: false, f: true, n: true },
        CExpr::IsNull(a, negated) if is_null(a, side) => Truth { t: !negated, f: *negated, n: false },
        CExpr::IsNull(..) => Truth { t: true, f: true, n: false },
        _ => ANY,
    }
}

/// Whether value `e` is NULL when the columns of `side` are: such a
/// column, the NULL literal, or arithmetic on one.
fn is_null(e: &CExpr, side: &[usize]) -> bool {
    use lio_sql::ast::BinaryOp as B;
    match e {
        CExpr::Col { src, .. } | CExpr::Gen { src, .. } => side.contains(src),
        CExpr::Const(v) => v.is_null(),
        CExpr::Bin(B::Add | B::Sub | B::Mul | B::Div, a, b, _) => is_null(a, side) || is_null(b, side),
        CExpr::Neg(a, _) => is_null(a, side),
        _ => false,
    }
}
