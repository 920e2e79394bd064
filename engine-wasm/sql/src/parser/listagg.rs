//! LISTAGG: `LISTAGG([ALL | DISTINCT] x [, delimiter] [ON OVERFLOW ERROR |
//! ON OVERFLOW TRUNCATE ['indicator'] [WITH | WITHOUT COUNT]]) WITHIN GROUP
//! (ORDER BY o, ...)`. Which release allows which part (DISTINCT 19c,
//! the overflow clause 12.2) is the compiler's to say; LISTAGG over a
//! window (`OVER (...)`) and without WITHIN GROUP are refused.

use super::stream::Node;
use super::{Parser, R};
use crate::ast::{AggregateFunc, Expr, Overflow, Pos, WithinGroup};
use crate::lexer::Tok;

impl Parser<'_> {
    /// At `LISTAGG (`: the aggregate.
    pub(super) fn listagg(&mut self, pos: Pos) -> R<Node> {
        self.bump();
        self.bump();
        let distinct = if self.eat_kw("DISTINCT") || self.eat_kw("UNIQUE") {
            true
        } else {
            self.eat_kw("ALL");
            false
        };
        let (arg, h) = self.expr_h()?;
        let mut depth = self.grow(h + 1, pos)?;
        let mut delimiter = None;
        if self.eat(&Tok::Comma) {
            let (d, h) = self.expr_h()?;
            depth = self.grow(depth.max(h + 1), pos)?;
            delimiter = Some(d);
        }
        let overflow = if self.is_kw("ON") { Some(self.overflow_clause()?) } else { None };
        self.rparen()?;
        if !self.is_kw("WITHIN") {
            return Err(self.unsupported("LISTAGG without WITHIN GROUP (ORDER BY ...)"));
        }
        self.bump();
        self.missing_keyword("GROUP")?;
        self.lparen()?;
        self.missing_keyword("ORDER")?;
        self.missing_keyword("BY")?;
        let mut order = Vec::new();
        self.order_by_items(&mut order)?;
        self.rparen()?;
        if self.is_kw("OVER") {
            return Err(self.unsupported("LISTAGG as an analytic function (OVER)"));
        }
        let within = Some(Box::new(WithinGroup { delimiter, order, overflow }));
        let e = Expr::Aggregate { func: AggregateFunc::Listagg, arg: Some(Box::new(arg)), pos, distinct, within };
        Ok((e, depth + 1))
    }

    /// `ON OVERFLOW ERROR | TRUNCATE ['indicator'] [WITH | WITHOUT COUNT]`.
    fn overflow_clause(&mut self) -> R<Overflow> {
        let pos = self.pos();
        self.bump();
        self.missing_keyword("OVERFLOW")?;
        if self.eat_kw("ERROR") {
            return Ok(Overflow { truncate: false, indicator: None, with_count: false, pos });
        }
        self.missing_keyword("TRUNCATE")?;
        let indicator = match self.tok().tok.clone() {
            Tok::Str(s) => {
                self.bump();
                Some(s)
            }
            _ => None,
        };
        let mut with_count = true;
        if self.eat_kw("WITH") {
            self.missing_keyword("COUNT")?;
        } else if self.eat_kw("WITHOUT") {
            self.missing_keyword("COUNT")?;
            with_count = false;
        }
        Ok(Overflow { truncate: true, indicator, with_count, pos })
    }
}
