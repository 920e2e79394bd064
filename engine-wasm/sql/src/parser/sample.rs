//! A table's `SAMPLE [BLOCK] (percent) [SEED (seed)]` clause in a FROM
//! clause (`exec/plan/relations.rs` and the optimizer's
//! `access_path/sample.rs` use it).

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// `SAMPLE [BLOCK] (percent) [SEED (seed)]`, the percentage a number
    /// in [0.000001, 100) (ORA-30562), the seed an integer.
    #[inline(never)]
    pub(super) fn sample_clause(&mut self) -> R<Sample> {
        let pos = self.pos();
        self.bump();
        let block = self.eat_kw("BLOCK");
        self.lparen()?;
        let percent = match self.tok().tok {
            Tok::Number(n) => n.to_f64(),
            _ => return Err(self.unsupported("a SAMPLE percentage other than a number literal")),
        };
        if !(0.000001..100.0).contains(&percent) {
            return Err(self.fail(ora::SAMPLE_PERCENT_RANGE));
        }
        self.bump();
        if self.is(&Tok::Comma) {
            return Err(self.unsupported("SAMPLE ... (percent, sample group)"));
        }
        self.rparen()?;
        let mut seed = None;
        if self.eat_kw("SEED") {
            self.lparen()?;
            let n = match self.tok().tok {
                Tok::Number(n) => n.to_f64(),
                _ => return Err(self.unsupported("a SEED other than a number literal")),
            };
            if !(0.0..=u32::MAX as f64).contains(&n) || n.fract() != 0.0 {
                return Err(self.unsupported("a SEED other than an integer from 0 to 4294967295"));
            }
            self.bump();
            self.rparen()?;
            seed = Some(n as u32);
        }
        Ok(Sample { percent, block, seed, pos })
    }
}
