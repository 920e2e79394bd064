//! `INSERT`.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    pub(super) fn insert(&mut self) -> R<Insert> {
        self.bump();
        let hints = self.hints();
        if matches!(self.word(), Some("ALL" | "FIRST")) {
            return Err(self.unsupported("multitable INSERT"));
        }
        self.expect_kw("INTO", ora::MISSING_INTO_KEYWORD)?;
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("INSERT into a subquery"));
        }
        let table = self.object_name(ora::INVALID_TABLE_NAME)?;
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
                    return Err(self.fail(ora::MISSING_RIGHT_PARENTHESIS));
                }
                return Err(self.fail(ora::MISSING_COMMA));
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
            return Err(self.fail(ora::MISSING_VALUES_KEYWORD));
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
