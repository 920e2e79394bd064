//! LISTAGG in a block's aggregates: which release allows which form, and
//! the WITHIN GROUP keys and delimiter compiled (the run-time part is
//! `row_source/listagg.rs`).

use super::*;
use crate::exec::expr::ListaggSpec;
use lio_sql::ast::WithinGroup;

impl Builder<'_> {
    /// LISTAGG as the release knows it: 11.2 on (ORA-00904 before, the
    /// name unknown), its overflow clause 12.2 on and DISTINCT 19c on
    /// (refused by name before).
    pub(super) fn listagg_allowed(&self, w: &WithinGroup, pos: Pos, distinct: bool) -> Result<(), LabError> {
        let p = &self.ctx.profile;
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

    /// The WITHIN GROUP keys (NULLs last ascending, first descending, as
    /// ORDER BY) and the delimiter, a constant (ORA-30496 otherwise; none
    /// or NULL is no delimiter).
    pub(super) fn listagg_spec(
        &mut self,
        w: &WithinGroup,
        pos: Pos,
        scope: &[ScopeEntry],
    ) -> Result<ListaggSpec, LabError> {
        let mut keys = Vec::with_capacity(w.order.len());
        let mut dirs = Vec::with_capacity(w.order.len());
        for o in &w.order {
            let c = self.compile_expr(&o.expr, scope, None)?;
            super::resolve::refuse_rowid_order(&c, expr_pos(&o.expr))?;
            keys.push(c);
            dirs.push((o.descending, o.nulls_first.unwrap_or(o.descending)));
        }
        let delimiter = match &w.delimiter {
            None => String::new(),
            Some(d) => match self.compile_expr(d, scope, None)? {
                CExpr::Const(crate::value::Value::Null) => String::new(),
                CExpr::Const(crate::value::Value::Str(s)) => s.to_string(),
                CExpr::Const(v) => v.to_string(),
                _ => return Err(LabError::new(ora::ARGUMENT_NOT_CONSTANT, expr_pos(d))),
            },
        };
        let truncate = w.overflow.as_ref().map(|o| o.truncate);
        Ok(ListaggSpec { keys, dirs, delimiter, truncate, pos })
    }
}
