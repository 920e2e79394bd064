//! The OVER clause of an analytic function: `OVER ([PARTITION BY e, ...]
//! [ORDER BY o, ... [ROWS | RANGE {BETWEEN b AND b | b}]])`, where a bound
//! is `UNBOUNDED PRECEDING | UNBOUNDED FOLLOWING | CURRENT ROW | n
//! PRECEDING | n FOLLOWING`. Named windows (`OVER w`) are refused.

use super::{Parser, R};
use crate::ast::{Analytic, Expr, Frame, FrameBound, Pos, WindowFunc};
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// After `f(args)` at OVER: the analytic function.
    pub(super) fn over_clause(&mut self, func: WindowFunc, args: Vec<Expr>, star: bool, pos: Pos) -> R<Expr> {
        self.missing_keyword("OVER")?;
        if !self.is(&Tok::LParen) {
            return Err(self.unsupported("named windows (OVER w)"));
        }
        self.bump();
        let mut partition = Vec::new();
        if self.eat_kw("PARTITION") {
            self.missing_keyword("BY")?;
            loop {
                partition.push(self.expr()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        let mut order = Vec::new();
        let mut frame = None;
        if self.eat_kw("ORDER") {
            self.missing_keyword("BY")?;
            self.order_by_items(&mut order)?;
            if self.is_kw("ROWS") || self.is_kw("RANGE") {
                frame = Some(self.frame()?);
            }
        }
        self.rparen()?;
        let needs_order = matches!(
            func,
            WindowFunc::Rank | WindowFunc::DenseRank | WindowFunc::Lag | WindowFunc::Lead | WindowFunc::Ntile
        );
        if needs_order && order.is_empty() {
            return Err(LabError::new(ora::MISSING_WINDOW_ORDER_BY, pos));
        }
        if frame.is_some() && !matches!(func, WindowFunc::Agg(_) | WindowFunc::FirstValue | WindowFunc::LastValue) {
            return Err(self.unsupported(format!("a window frame for {}", func.name())));
        }
        if func == WindowFunc::RatioToReport && !order.is_empty() {
            return Err(LabError::new(ora::WINDOW_ORDER_BY_NOT_ALLOWED, pos));
        }
        Ok(Expr::Analytic(Box::new(Analytic { func, args, star, partition, order, frame, pos })))
    }

    fn frame(&mut self) -> R<Frame> {
        let pos = self.pos();
        let rows = self.eat_kw("ROWS");
        if !rows {
            self.missing_keyword("RANGE")?;
        }
        let (start, end) = if self.eat_kw("BETWEEN") {
            let s = self.bound()?;
            self.missing_keyword("AND")?;
            (s, self.bound()?)
        } else {
            let s = self.bound()?;
            if matches!(s, FrameBound::Following(_) | FrameBound::UnboundedFollowing) {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            (s, FrameBound::CurrentRow)
        };
        let rank = |b: &FrameBound| match b {
            FrameBound::UnboundedPreceding => 0,
            FrameBound::Preceding(_) => 1,
            FrameBound::CurrentRow => 2,
            FrameBound::Following(_) => 3,
            FrameBound::UnboundedFollowing => 4,
        };
        if matches!(start, FrameBound::UnboundedFollowing)
            || matches!(end, FrameBound::UnboundedPreceding)
            || rank(&start) > rank(&end)
        {
            return Err(LabError::unsupported("a window frame whose start follows its end", pos));
        }
        if !rows && (matches!(start, FrameBound::Preceding(_)) || matches!(end, FrameBound::Following(_))) {
            return Err(LabError::unsupported("a RANGE frame with a logical offset (n PRECEDING/FOLLOWING)", pos));
        }
        Ok(Frame { rows, start, end, pos })
    }

    fn bound(&mut self) -> R<FrameBound> {
        if self.eat_kw("UNBOUNDED") {
            if self.eat_kw("PRECEDING") {
                return Ok(FrameBound::UnboundedPreceding);
            }
            self.missing_keyword("FOLLOWING")?;
            return Ok(FrameBound::UnboundedFollowing);
        }
        if self.eat_kw("CURRENT") {
            self.missing_keyword("ROW")?;
            return Ok(FrameBound::CurrentRow);
        }
        let n = self.expr()?;
        if !matches!(n, Expr::Number(..)) {
            return Err(LabError::unsupported("a window frame offset other than a number", expr_at(&n, self.pos())));
        }
        if self.eat_kw("PRECEDING") {
            return Ok(FrameBound::Preceding(n));
        }
        self.missing_keyword("FOLLOWING")?;
        Ok(FrameBound::Following(n))
    }
}

fn expr_at(e: &Expr, fallback: Pos) -> Pos {
    match e {
        Expr::Number(_, p) | Expr::String(_, p) | Expr::Null(p) => *p,
        _ => fallback,
    }
}
