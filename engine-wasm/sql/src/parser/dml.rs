//! `INSERT`.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;

impl Parser<'_> {
    pub(super) fn insert(&mut self) -> R<Insert> {
        self.bump();
        let hints = self.hints();
        if matches!(self.word(), Some("ALL" | "FIRST")) {
            return Err(self.unsupported("multitable INSERT"));
        }
        self.expect_kw("INTO", 925, "missing INTO keyword")?;
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("INSERT into a subquery"));
        }
        let table = self.object_name(903, "invalid table name")?;
        if matches!(self.word(), Some("PARTITION" | "SUBPARTITION")) {
            return Err(self.unsupported("partition-extended table names"));
        }
        let _alias = self.table_alias();
        let columns = if self.is(&Tok::LParen) && !self.nth_is_kw(1, "SELECT") && !self.nth_is_kw(1, "WITH") {
            Some(self.column_list()?)
        } else {
            None
        };
        let source = if self.eat_kw("VALUES") {
            self.lparen()?;
            let mut vals = Vec::new();
            loop {
                vals.push(self.expr()?);
                if self.eat(&Tok::Comma) {
                    continue;
                }
                if self.eat(&Tok::RParen) {
                    break;
                }
                if self.at_eof() {
                    return Err(self.fail(907, "missing right parenthesis"));
                }
                return Err(self.fail(917, "missing comma"));
            }
            InsertSource::Values(vals)
        } else if self.is_kw("SELECT") || self.is_kw("WITH") {
            InsertSource::Query(Box::new(self.query()?))
        } else if self.is(&Tok::LParen) && self.nth_is_kw(1, "SELECT") {
            self.bump();
            let q = self.query()?;
            self.rparen()?;
            InsertSource::Query(Box::new(q))
        } else {
            return Err(self.fail(926, "missing VALUES keyword"));
        };
        if self.is_kw("RETURNING") || self.is_kw("RETURN") {
            return Err(self.unsupported("RETURNING clauses"));
        }
        if self.is_kw("LOG") && self.nth_is_kw(1, "ERRORS") {
            return Err(self.unsupported("LOG ERRORS"));
        }
        Ok(Insert { table, columns, source, hints })
    }
}
