//! `CREATE SEQUENCE` and `ALTER SEQUENCE`: the options in any order
//! (SQL Language Reference, CREATE SEQUENCE). The values are checked
//! against each other by the session, which knows the sequence's current
//! value; here each must be an integer of at most 28 digits (ORA-04001,
//! ORA-04003). The 12c+ options that change what a sequence is (KEEP,
//! SCALE, SESSION, SHARD, RESTART, PARTITION) are refused by name; the
//! defaults they switch off (NOKEEP, NOSCALE, GLOBAL, NOSHARD) are accepted.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::number::Number;
use crate::ora;

impl Parser<'_> {
    /// After `CREATE` or `ALTER` (at `start`), from `SEQUENCE`.
    pub(super) fn sequence_stmt(&mut self, start: Pos, alter: bool) -> R<StatementKind> {
        self.bump();
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        let (opts, any) = self.sequence_options(start, false)?;
        if alter && !any {
            return Err(LabError::new(ora::SEQUENCE_NO_OPTIONS, start));
        }
        Ok(StatementKind::Sequence(Box::new(SequenceStmt { name, alter, opts })))
    }

    /// A sequence's options, in any order, to the end of the statement
    /// (or, `in_parens`, an identity column's, to the closing
    /// parenthesis); whether any was given.
    pub(super) fn sequence_options(&mut self, start: Pos, in_parens: bool) -> R<(SequenceOptions, bool)> {
        let mut opts = SequenceOptions::default();
        let mut any = false;
        while !(self.at_eof() || in_parens && self.is(&Tok::RParen)) {
            let at = self.pos();
            let Some(w) = self.word().map(str::to_string) else {
                return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
            };
            self.bump();
            let given = match w.as_str() {
                "INCREMENT" => {
                    self.missing_keyword("BY")?;
                    let n = self.sequence_number("INCREMENT", start)?;
                    opts.increment.replace(n).is_some()
                }
                "START" => {
                    self.missing_keyword("WITH")?;
                    let n = self.sequence_number("START WITH", start)?;
                    opts.start.replace((n, at)).is_some()
                }
                "MAXVALUE" => {
                    let n = self.sequence_number("MAXVALUE", start)?;
                    opts.max.replace(Some(n)).is_some()
                }
                "NOMAXVALUE" => opts.max.replace(None).is_some(),
                "MINVALUE" => {
                    let n = self.sequence_number("MINVALUE", start)?;
                    opts.min.replace(Some(n)).is_some()
                }
                "NOMINVALUE" => opts.min.replace(None).is_some(),
                "CYCLE" => opts.cycle.replace(true).is_some(),
                "NOCYCLE" => opts.cycle.replace(false).is_some(),
                "CACHE" => {
                    let n = self.sequence_number("CACHE", start)?;
                    // CACHE 0 or 1: ORA-04010 (NOCACHE is the way to say it).
                    if n < Number::from_i64(2) {
                        return Err(LabError::new(ora::SEQUENCE_CACHE_TOO_SMALL, start));
                    }
                    opts.cache.replace(n).is_some()
                }
                "NOCACHE" => opts.cache.replace(Number::ZERO).is_some(),
                "ORDER" => opts.order.replace(true).is_some(),
                "NOORDER" => opts.order.replace(false).is_some(),
                "NOKEEP" | "NOSCALE" | "GLOBAL" | "NOSHARD" => false,
                "KEEP" | "SCALE" | "SESSION" | "SHARD" | "RESTART" | "PARTITION" => {
                    return Err(LabError::unsupported(format!("the sequence option {w}"), at));
                }
                _ => return Err(LabError::new(ora::MISSING_OR_INVALID_OPTION, at)),
            };
            if given {
                return Err(LabError::unsupported(format!("the sequence option {w} given twice"), at));
            }
            any = true;
        }
        Ok((opts, any))
    }

    /// A sequence parameter's value: an integer of at most 28 digits,
    /// optionally signed.
    fn sequence_number(&mut self, what: &str, start: Pos) -> R<Number> {
        let neg = self.eat(&Tok::Minus);
        if !neg {
            self.eat(&Tok::Plus);
        }
        let Tok::Number(n) = self.tok().tok else {
            return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
        };
        self.bump();
        if !n.is_integer() {
            return Err(LabError::with(ora::SEQUENCE_PARAMETER_NOT_INTEGER, what, start));
        }
        let limit = Number::parse("1e28").expect("a number");
        if n.abs() >= limit {
            return Err(LabError::with(ora::SEQUENCE_PARAMETER_TOO_BIG, what, start));
        }
        Ok(if neg { n.neg() } else { n })
    }
}
