//! Ordered aggregates in a block's aggregates (LISTAGG, PERCENTILE_CONT,
//! PERCENTILE_DISC, `KEEP (DENSE_RANK FIRST | LAST ...)`): which release
//! allows which form, and their keys and constants compiled (the run-time
//! part is `row_source/listagg.rs`).

use super::*;
use crate::exec::expr::OrderedSpec;
use crate::number::Number;
use lio_sql::ast::WithinGroup;

impl Builder<'_> {
    /// The form as the release knows it. LISTAGG: 11.2 on (ORA-00904
    /// before, the name unknown), its overflow clause 12.2 on and DISTINCT
    /// 19c on (refused by name before). KEEP: after MIN, MAX, SUM, AVG,
    /// COUNT, VARIANCE or STDDEV, without DISTINCT.
    pub(super) fn ordered_allowed(
        &self,
        func: AggregateFunc,
        w: &WithinGroup,
        pos: Pos,
        distinct: bool,
    ) -> Result<(), LabError> {
        let p = &self.ctx.profile;
        if w.keep.is_some() {
            use AggregateFunc::*;
            if !matches!(func, Min | Max | Sum | Avg | Count | Variance | Stddev) || distinct {
                let what =
                    format!("KEEP (DENSE_RANK ...) after {}{}", func.name(), if distinct { " DISTINCT" } else { "" });
                return Err(LabError::unsupported(what, pos));
            }
            return Ok(());
        }
        if func != AggregateFunc::Listagg {
            return Ok(());
        }
        if !p.listagg {
            return Err(LabError::with(ora::INVALID_IDENTIFIER, "\"LISTAGG\"", pos));
        }
        if let (Some(o), false) = (&w.overflow, p.listagg_overflow) {
            let what = format!("LISTAGG's ON OVERFLOW clause on {} (12.2 on)", p.name);
            return Err(LabError::unsupported(what, o.pos));
        }
        if distinct && !p.listagg_distinct {
            return Err(LabError::unsupported(format!("LISTAGG(DISTINCT ...) on {} (19c on)", p.name), pos));
        }
        Ok(())
    }

    /// The keys (NULLs last ascending, first descending, as ORDER BY);
    /// LISTAGG's delimiter, a constant (ORA-30496 otherwise; none or NULL
    /// is no delimiter); a PERCENTILE's fraction, a number literal from 0
    /// to 1 (ORA-30493 otherwise; a bind or expression is refused).
    pub(super) fn ordered_spec(
        &mut self,
        func: AggregateFunc,
        w: &WithinGroup,
        pos: Pos,
        scope: &[ScopeEntry],
    ) -> Result<OrderedSpec, LabError> {
        let mut keys = Vec::with_capacity(w.order.len());
        let mut dirs = Vec::with_capacity(w.order.len());
        for o in &w.order {
            let c = self.compile_expr(&o.expr, scope, None)?;
            super::resolve::refuse_rowid_order(&c, expr_pos(&o.expr))?;
            keys.push(c);
            dirs.push((o.descending, o.nulls_first.unwrap_or(o.descending)));
        }
        let mut delimiter = String::new();
        let mut fraction = Number::ZERO;
        let constant = match &w.param {
            Some(d) => Some((self.compile_expr(d, scope, None)?, expr_pos(d))),
            None => None,
        };
        match (func, constant) {
            (AggregateFunc::Listagg, Some((c, at))) => match c {
                CExpr::Const(crate::value::Value::Null) => {}
                CExpr::Const(crate::value::Value::Str(s)) => delimiter = s.to_string(),
                CExpr::Const(v) => delimiter = v.to_string(),
                _ => return Err(LabError::new(ora::ARGUMENT_NOT_CONSTANT, at)),
            },
            (AggregateFunc::PercentileCont | AggregateFunc::PercentileDisc, Some((c, at))) => match c {
                CExpr::Const(crate::value::Value::Num(n))
                    if n.cmp(&Number::ZERO).is_ge() && n.cmp(&Number::from_i64(1)).is_le() =>
                {
                    fraction = n
                }
                CExpr::Const(_) => return Err(LabError::new(ora::PERCENTILE_OUT_OF_RANGE, at)),
                _ => return Err(LabError::unsupported(format!("{} of other than a number literal", func.name()), at)),
            },
            _ => {}
        }
        let truncate = w.overflow.as_ref().map(|o| o.truncate);
        let hyp = self.hypothetical_row(w, &keys, scope)?;
        Ok(OrderedSpec { keys, dirs, delimiter, truncate, fraction, keep: w.keep, hyp, pos })
    }

    /// A hypothetical-set aggregate's values: constants (NULL too) of
    /// their key's type, a number for a NUMBER key, a string for a
    /// VARCHAR2 one. Other values (binds, expressions on the group's
    /// columns, which Oracle allows when constant within the group), and
    /// other key types (CHAR's blank-padded comparison, dates), are
    /// refused (LAB-00001).
    fn hypothetical_row(
        &mut self,
        w: &WithinGroup,
        keys: &[CExpr],
        scope: &[ScopeEntry],
    ) -> Result<Vec<crate::value::Value>, LabError> {
        use crate::exec::convert::Kind;
        use crate::value::Value;
        let mut out = Vec::with_capacity(w.args.len());
        for (a, k) in w.args.iter().zip(keys) {
            let at = expr_pos(a);
            let c = self.compile_expr(a, scope, None)?;
            let v = match (c, crate::exec::convert::kind(k, &self.kinds())) {
                (CExpr::Const(Value::Null), _) => Value::Null,
                (CExpr::Const(v @ Value::Num(_)), Kind::Number) | (CExpr::Const(v @ Value::Str(_)), Kind::Varchar) => v,
                (CExpr::Const(_), _) => {
                    let what = "a hypothetical value of another type than its ORDER BY expression, or a key other than NUMBER or VARCHAR2";
                    return Err(LabError::unsupported(what, at));
                }
                _ => return Err(LabError::unsupported("a hypothetical value other than a literal", at)),
            };
            out.push(v);
        }
        Ok(out)
    }
}
