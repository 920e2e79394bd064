//! How a query orders and limits its rows: ORDER BY's items and the row
//! limiting clause (12.1, `OFFSET m ROWS FETCH FIRST n ROWS ONLY`).

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// ORDER BY's items after `ORDER BY`: expression, ASC | DESC, NULLS
    /// FIRST | LAST, separated by commas.
    pub(super) fn order_by_items(&mut self, out: &mut Vec<OrderItem>) -> R<()> {
        loop {
            let expr = self.expr()?;
            let descending = if self.eat_kw("DESC") {
                true
            } else {
                self.eat_kw("ASC");
                false
            };
            let mut nulls_first = None;
            if self.is_kw("NULLS") {
                self.bump();
                if self.eat_kw("FIRST") {
                    nulls_first = Some(true);
                } else if self.eat_kw("LAST") {
                    nulls_first = Some(false);
                } else {
                    return Err(self.fail(ora::MISSING_KEYWORD));
                }
            }
            out.push(OrderItem { expr, descending, nulls_first });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        Ok(())
    }

    /// `[OFFSET m {ROW | ROWS}] [FETCH {FIRST | NEXT} [n [PERCENT]] {ROW |
    /// ROWS} {ONLY | WITH TIES}]` (at OFFSET or FETCH).
    #[inline(never)]
    pub(super) fn row_limit(&mut self) -> R<RowLimit> {
        let pos = self.pos();
        let mut rl = RowLimit { offset: None, fetch: None, percent: false, with_ties: false, pos };
        if self.eat_kw("OFFSET") {
            rl.offset = Some(self.expr()?);
            if !self.eat_kw("ROWS") && !self.eat_kw("ROW") {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
        }
        if self.eat_kw("FETCH") {
            if !self.eat_kw("FIRST") && !self.eat_kw("NEXT") {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            if self.is_kw("ROWS") || self.is_kw("ROW") {
                rl.fetch = Some(Expr::Number(1i64.into(), self.pos()));
            } else {
                rl.fetch = Some(self.expr()?);
                rl.percent = self.eat_kw("PERCENT");
            }
            if !self.eat_kw("ROWS") && !self.eat_kw("ROW") {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            if self.eat_kw("WITH") {
                self.missing_keyword("TIES")?;
                rl.with_ties = true;
            } else {
                self.missing_keyword("ONLY")?;
            }
        }
        Ok(rl)
    }
}
