//! Quantified comparisons: `x op ANY | SOME | ALL (subquery)` and
//! `x op ANY | SOME | ALL (a, b, ...)`, written as Oracle's optimizer
//! writes them (Database Performance Tuning Guide, "How the CBO Evaluates
//! the ANY or SOME Operator" and "... the ALL Operator"):
//!
//! - a list is expanded: `x > ANY (a, b)` is `x > a OR x > b`, `x > ALL
//!   (a, b)` is `x > a AND x > b`; `x = ANY (a, b)` is the IN list it
//!   stands for and `x <> ALL (a, b)` the NOT IN;
//! - a subquery: `= ANY` is IN and `<> ALL` is NOT IN (SQL Language
//!   Reference, "IN is a shorthand for =ANY"); the other comparisons keep
//!   their quantifier (`Expr::InSubquery`'s `quant`), which the compiler
//!   turns into Oracle's [NOT] EXISTS.

use super::stream::Node;
use super::{Parser, R};
use crate::ast::{BinaryOp, Expr, Quantifier};
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// After an IN's or quantified comparison's `(`: its up to 1,000
    /// expressions (ORA-01795) and the `)`; the depth with `lh` the left
    /// operand's.
    pub(super) fn expression_list(&mut self, lh: u32, at: crate::ast::Pos) -> R<(Vec<Expr>, u32)> {
        let mut list = Vec::new();
        let mut depth = lh;
        loop {
            let (e, h) = self.expr_h()?;
            depth = depth.max(h);
            list.push(e);
            if list.len() > 1000 {
                return Err(LabError::new(ora::TOO_MANY_IN_LIST_ITEMS, at));
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.rparen()?;
        Ok((list, depth))
    }

    /// After `left op`, at ANY, SOME or ALL: the quantified comparison.
    pub(super) fn quantified(&mut self, left: Expr, lh: u32, op: BinaryOp, at: crate::ast::Pos) -> R<Node> {
        let all = self.is_kw("ALL");
        self.bump();
        self.lparen()?;
        if self.is_kw("SELECT") || self.is_kw("WITH") {
            let (q, qh) = self.query_h()?;
            self.rparen()?;
            let depth = self.grow(1 + lh.max(qh + 1), at)?;
            let (expr, query) = (Box::new(left), Box::new(q));
            let e = match (op, all) {
                (BinaryOp::Eq, false) => Expr::InSubquery { expr, query, negated: false, quant: None },
                (BinaryOp::Ne, true) => Expr::InSubquery { expr, query, negated: true, quant: None },
                _ => Expr::InSubquery { expr, query, negated: false, quant: Some(Quantifier { op, all }) },
            };
            return Ok((e, depth));
        }
        let (list, mut depth) = self.expression_list(lh, at)?;
        if matches!((op, all), (BinaryOp::Eq, false) | (BinaryOp::Ne, true)) {
            let depth = self.grow(depth + 1, at)?;
            return Ok((Expr::InList { expr: Box::new(left), list, negated: all }, depth));
        }
        let join = if all { BinaryOp::And } else { BinaryOp::Or };
        let mut out: Option<Expr> = None;
        for item in list {
            let cmp = Expr::Binary { op, left: Box::new(left.clone()), right: Box::new(item) };
            depth = self.grow(depth + 1, at)?;
            out = Some(match out {
                None => cmp,
                Some(prev) => Expr::Binary { op: join, left: Box::new(prev), right: Box::new(cmp) },
            });
        }
        let e = out.expect("a list has an item");
        Ok((e, self.grow(depth + 1, at)?))
    }
}
