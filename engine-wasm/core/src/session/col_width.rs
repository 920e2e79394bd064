//! SQL*Plus's display width of each selected column (the declared length
//! of its result type), as Oracle describes the cursor to SQL*Plus: a
//! VARCHAR2(10) column shows ten wide whatever its values, also after an
//! ORDER BY, a GROUP BY, a DISTINCT or a set operator, which hand the
//! column on through a generated source.

use super::*;
use crate::exec::{self, Compiled};

impl Run<'_> {
    /// SQL*Plus's width of each selected column: a character column shows
    /// at its declared length, an expression at its result type's (USER,
    /// NVL, `||`); other expressions 0 (the values decide).
    pub(super) fn display_widths(&self, c: &Compiled) -> Vec<u32> {
        // A text constant alone (a literal, or a call folded to its value)
        // is as wide as its value: the rows decide.
        c.project
            .iter()
            .map(|e| match e {
                exec::CExpr::Const(_) => 0,
                e => self.expr_width(c, e),
            })
            .collect()
    }

    /// The declared length of a character expression's result type; 0
    /// where the lab does not know it.
    fn expr_width(&self, c: &Compiled, e: &exec::CExpr) -> u32 {
        use crate::exec::func::Func;
        let id_bytes = self.inst.profile.identifier_bytes;
        match e {
            exec::CExpr::Col { table, col, .. } => {
                match self.inst.cat.tables.get(*table).and_then(|t| t.columns.get(*col)).map(|c| c.data_type) {
                    Some(DataType::Varchar2 { len, .. } | DataType::Char { len }) => len,
                    Some(DataType::Date) => exec::datewidth::nls_width(),
                    _ => 0,
                }
            }
            // A V$ or data dictionary view's column: its declared type.
            exec::CExpr::Gen { src, col } => match c.fixed_src.iter().position(|s| s == src) {
                Some(slot) => c.fixed.get(slot).map_or(0, |v| v.width(*col, id_bytes)),
                // A sort's, a group's, a view's or a set operator's column:
                // the widest of the expressions it carries (each branch of
                // a UNION), unknown if any is.
                None => match c.gen_exprs.get(*src).and_then(|g| g.get(*col)) {
                    Some(from) if !from.is_empty() => {
                        let mut ws = from.iter().map(|f| self.expr_width(c, f));
                        ws.try_fold(0u32, |m, w| (w > 0).then_some(m.max(w))).unwrap_or(0)
                    }
                    _ => 0,
                },
            },
            e if exec::datewidth::is_date(e, &self.inst.cat) => exec::datewidth::nls_width(),
            // A text literal is CHAR of its length.
            exec::CExpr::Const(crate::value::Value::Str(s)) => s.chars().count() as u32,
            // USER is VARCHAR2 of an identifier's length (30 bytes up to
            // 12.1, 128 from 12.2).
            exec::CExpr::Func(Func::User, ..) => id_bytes,
            // UPPER, LOWER and the TRIMs return their argument's type (its
            // length); SUBSTR(x, m, n) with a literal n is n long at most
            // (`substr(table_name, 1, 10)` shows ten wide: "SUBSTR(TAB").
            exec::CExpr::Func(Func::Upper | Func::Lower | Func::Trim | Func::Ltrim | Func::Rtrim, args, _) => {
                args.first().map_or(0, |a| self.expr_width(c, a))
            }
            exec::CExpr::Func(Func::Substr, args, _) => {
                let w = args.first().map_or(0, |a| self.expr_width(c, a));
                match args.get(2) {
                    None => w,
                    Some(exec::CExpr::Const(crate::value::Value::Num(n))) if w > 0 => {
                        let n = n.to_f64();
                        if n >= 1.0 {
                            w.min(n.floor() as u32)
                        } else {
                            0
                        }
                    }
                    Some(_) => 0,
                }
            }
            // CAST to a character type: the length it names.
            exec::CExpr::Func(Func::Cast(exec::cast::CastTo::Varchar2(n) | exec::cast::CastTo::Char(n)), ..) => *n,
            // NVL(a, b) has a's character type, long enough for b: both
            // must be known (NULL for a leaves b's).
            exec::CExpr::Func(Func::Nvl, args, _) => match args.as_slice() {
                [exec::CExpr::Const(crate::value::Value::Null), b] => self.expr_width(c, b),
                [a, b] => match (self.expr_width(c, a), self.expr_width(c, b)) {
                    (0, _) | (_, 0) => 0,
                    (x, y) => x.max(y),
                },
                _ => 0,
            },
            // DECODE, CASE, COALESCE and NVL2 return the widest of their
            // results (all must be known; a NULL result has none).
            exec::CExpr::Func(Func::Decode, args, _) => {
                let results =
                    args.iter().skip(2).step_by(2).chain(args.len().is_multiple_of(2).then(|| &args[args.len() - 1]));
                self.widest(c, results)
            }
            exec::CExpr::Func(Func::Coalesce, args, _) => self.widest(c, args.iter()),
            exec::CExpr::Func(Func::Nvl2, args, _) => self.widest(c, args.iter().skip(1)),
            exec::CExpr::Case(_, whens, otherwise, _) => {
                self.widest(c, whens.iter().map(|(_, t)| t).chain(otherwise.as_deref()))
            }
            exec::CExpr::Bin(lio_sql::ast::BinaryOp::Concat, a, b, _) => {
                match (self.expr_width(c, a), self.expr_width(c, b)) {
                    (0, _) | (_, 0) => 0,
                    (x, y) => x.saturating_add(y),
                }
            }
            _ => 0,
        }
    }
}

impl Run<'_> {
    /// The widest of `results`' widths, 0 unless each is known (a NULL
    /// result counts none).
    fn widest<'e>(&self, c: &Compiled, results: impl Iterator<Item = &'e exec::CExpr>) -> u32 {
        let mut widest = 0u32;
        for r in results {
            if matches!(r, exec::CExpr::Const(crate::value::Value::Null)) {
                continue;
            }
            match self.expr_width(c, r) {
                0 => return 0,
                w => widest = widest.max(w),
            }
        }
        widest
    }
}
