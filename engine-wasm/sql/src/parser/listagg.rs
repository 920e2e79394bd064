//! Ordered aggregates. LISTAGG: `LISTAGG([ALL | DISTINCT] x [, delimiter] [ON OVERFLOW ERROR |
//! ON OVERFLOW TRUNCATE ['indicator'] [WITH | WITHOUT COUNT]]) WITHIN GROUP
//! (ORDER BY o, ...)`. Which release allows which part (DISTINCT 19c,
//! the overflow clause 12.2) is the compiler's to say; LISTAGG over a
//! window (`OVER (...)`) and without WITHIN GROUP are refused.
//! `PERCENTILE_CONT | PERCENTILE_DISC (p) WITHIN GROUP (ORDER BY x)`, and
//! `KEEP (DENSE_RANK FIRST | LAST ORDER BY ...)` after an aggregate.

use super::stream::Node;
use super::{Parser, R};
use crate::ast::{AggregateFunc, Expr, Overflow, Pos, WindowFunc, WithinGroup};
use crate::error::LabError;
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
        let order = self.within_order()?;
        if self.is_kw("OVER") {
            return Err(self.unsupported("LISTAGG as an analytic function (OVER)"));
        }
        let within = Some(Box::new(WithinGroup { param: delimiter, order, overflow, keep: None, args: Vec::new() }));
        let e = Expr::Aggregate { func: AggregateFunc::Listagg, arg: Some(Box::new(arg)), pos, distinct, within };
        Ok((e, depth + 1))
    }

    /// At `PERCENTILE_CONT (` or `PERCENTILE_DISC (`: `(p) WITHIN GROUP
    /// (ORDER BY x [ASC | DESC])`, whose argument is x.
    pub(super) fn percentile(&mut self, func: AggregateFunc, pos: Pos) -> R<Node> {
        self.bump();
        self.bump();
        let (p, h) = self.expr_h()?;
        let mut depth = self.grow(h + 1, pos)?;
        self.rparen()?;
        self.missing_keyword("WITHIN")?;
        self.missing_keyword("GROUP")?;
        let order = self.within_order()?;
        if order.len() != 1 {
            return Err(LabError::unsupported(format!("{} over more than one ORDER BY expression", func.name()), pos));
        }
        if self.is_kw("OVER") {
            return Err(self.unsupported(format!("{} as an analytic function (OVER)", func.name())));
        }
        depth = self.grow(depth + 1, pos)?;
        let arg = Some(Box::new(order[0].expr.clone()));
        let within =
            Some(Box::new(WithinGroup { param: Some(p), order, overflow: None, keep: None, args: Vec::new() }));
        Ok((Expr::Aggregate { func, arg, pos, distinct: false, within }, depth))
    }

    /// After `RANK | DENSE_RANK | CUME_DIST | PERCENT_RANK (v, ...)`, at
    /// WITHIN: the hypothetical-set aggregate, as many values as ORDER BY
    /// expressions.
    pub(super) fn hypothetical(&mut self, name: &str, args: Vec<Expr>, depth: u32, pos: Pos) -> R<Node> {
        let func = match name {
            "RANK" => AggregateFunc::HypRank,
            "DENSE_RANK" => AggregateFunc::HypDenseRank,
            "CUME_DIST" => AggregateFunc::CumeDist,
            _ => AggregateFunc::PercentRank,
        };
        self.bump();
        self.missing_keyword("GROUP")?;
        let order = self.within_order()?;
        if self.is_kw("OVER") {
            return Err(self.unsupported(format!("{name} (...) WITHIN GROUP with OVER")));
        }
        if args.len() != order.len() || args.is_empty() {
            // The SQL Language Reference says the counts must match; the
            // error Oracle gives otherwise is not established.
            let what = format!("{name} with {} values for {} ORDER BY expressions", args.len(), order.len());
            return Err(LabError::unsupported(what, pos));
        }
        let within = Some(Box::new(WithinGroup { param: None, order, overflow: None, keep: None, args }));
        let depth = self.grow(depth + 1, pos)?;
        Ok((Expr::Aggregate { func, arg: None, pos, distinct: false, within }, depth))
    }

    /// After an aggregate's call `f([DISTINCT] x)`: `OVER (...)` (SUM,
    /// COUNT, AVG, MIN and MAX, not DISTINCT), `KEEP (...)`, or nothing.
    pub(super) fn aggregate_end(
        &mut self,
        func: AggregateFunc,
        arg: Option<Box<Expr>>,
        distinct: bool,
        depth: u32,
        pos: Pos,
    ) -> R<Node> {
        use AggregateFunc::*;
        if self.is_kw("OVER") && matches!(func, Sum | Count | Avg | Min | Max) && !distinct {
            let star = arg.is_none();
            let args = arg.map(|a| vec![*a]).unwrap_or_default();
            return Ok((self.over_clause(WindowFunc::Agg(func), args, star, pos)?, depth + 1));
        }
        let within = if self.is_kw("KEEP") { Some(Box::new(self.keep_clause()?)) } else { None };
        if self.is_kw("OVER") || self.is_kw("WITHIN") {
            return Err(self.unsupported("analytic functions"));
        }
        let depth = depth + u32::from(within.is_some());
        Ok((Expr::Aggregate { func, arg, pos, distinct, within }, depth))
    }

    /// After an aggregate's call, at KEEP: `KEEP (DENSE_RANK FIRST | LAST
    /// ORDER BY ...)`.
    fn keep_clause(&mut self) -> R<WithinGroup> {
        self.bump();
        self.lparen()?;
        self.missing_keyword("DENSE_RANK")?;
        let first = if self.eat_kw("FIRST") {
            true
        } else {
            self.missing_keyword("LAST")?;
            false
        };
        self.missing_keyword("ORDER")?;
        self.missing_keyword("BY")?;
        let mut order = Vec::new();
        self.order_by_items(&mut order)?;
        self.rparen()?;
        if self.is_kw("OVER") {
            return Err(self.unsupported("KEEP (DENSE_RANK ...) with OVER"));
        }
        Ok(WithinGroup { param: None, order, overflow: None, keep: Some(first), args: Vec::new() })
    }

    /// `(ORDER BY o, ...)` after WITHIN GROUP.
    fn within_order(&mut self) -> R<Vec<crate::ast::OrderItem>> {
        self.lparen()?;
        self.missing_keyword("ORDER")?;
        self.missing_keyword("BY")?;
        let mut order = Vec::new();
        self.order_by_items(&mut order)?;
        self.rparen()?;
        Ok(order)
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
