//! `INSERT`, `UPDATE`, `DELETE`, and the transaction statements.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    pub(super) fn insert(&mut self) -> R<Insert> {
        self.bump();
        let hints = self.hints()?;
        if matches!(self.word(), Some("ALL" | "FIRST")) {
            return Err(self.unsupported("multitable INSERT"));
        }
        self.expect_kw("INTO", ora::MISSING_INTO_KEYWORD)?;
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("INSERT into a subquery"));
        }
        let table = self.object_name(ora::INVALID_TABLE_NAME)?;
        self.no_partition_extended_name()?;
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
                vals.push(self.value_or_default()?);
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
        } else if self.is(&Tok::LParen) && (self.nth_is_kw(1, "SELECT") || self.nth_is_kw(1, "WITH")) {
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

    /// `UPDATE t [alias] SET col = expr [, col = expr ...] [WHERE cond]`
    pub(super) fn update(&mut self) -> R<Update> {
        let pos = self.bump().pos;
        let hints = self.hints()?;
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("UPDATE of a subquery"));
        }
        let table = self.object_name(ora::INVALID_TABLE_NAME)?;
        self.no_partition_extended_name()?;
        let alias = if self.is_kw("SET") { None } else { self.table_alias() };
        self.expect_kw("SET", ora::MISSING_SET_KEYWORD)?;
        let sets = self.set_list("UPDATE")?;
        let where_clause = self.dml_where()?;
        Ok(Update { table, alias, sets, where_clause, hints, pos })
    }

    /// The list after `SET` of UPDATE and of MERGE's UPDATE clause
    /// (`stmt` names the statement in the refusal of `SET (c, ...) =`).
    pub(super) fn set_list(&mut self, stmt: &str) -> R<Vec<(Ident, Expr)>> {
        let mut sets = Vec::new();
        loop {
            if self.is(&Tok::LParen) {
                return Err(self.set_columns_from_subquery(stmt));
            }
            let col = self.column_ref()?;
            if !self.eat(&Tok::Eq) {
                return Err(self.fail(ora::MISSING_EQUAL_SIGN));
            }
            sets.push((col, self.value_or_default()?));
            if !self.eat(&Tok::Comma) {
                return Ok(sets);
            }
        }
    }

    /// `SET (c1, c2, ...) = (SELECT x1, x2, ... FROM ...)`: its count
    /// errors as Oracle's (ORA-00913 for more values than columns, ORA-00947
    /// for fewer, at the subquery's SELECT), else refused (one execution of
    /// a subquery feeding several columns is not modelled).
    fn set_columns_from_subquery(&mut self, stmt: &str) -> LabError {
        let at = self.pos();
        let parsed = (|| -> R<(usize, Query)> {
            self.lparen()?;
            let mut ncols = 1;
            self.column_ref()?;
            while self.eat(&Tok::Comma) {
                self.column_ref()?;
                ncols += 1;
            }
            self.rparen()?;
            if !self.eat(&Tok::Eq) {
                return Err(self.fail(ora::MISSING_EQUAL_SIGN));
            }
            self.lparen()?;
            let q = self.query()?;
            self.rparen()?;
            Ok((ncols, q))
        })();
        let (ncols, q) = match parsed {
            Ok(p) => p,
            Err(e) => return e,
        };
        let plain = q.union_all.is_empty() && q.select.iter().all(|i| matches!(i, SelectItem::Expr { .. }));
        if plain && q.select.len() != ncols {
            let code = if q.select.len() > ncols { ora::TOO_MANY_VALUES } else { ora::NOT_ENOUGH_VALUES };
            return LabError::new(code, q.pos);
        }
        LabError::unsupported(format!("{stmt} SET (columns) = (subquery)"), at)
    }

    /// A value of VALUES or SET: an expression, or the DEFAULT keyword
    /// standing alone (the column's default; `DEFAULT + 1` and DEFAULT
    /// elsewhere stay ORA-00936, missing expression).
    pub(super) fn value_or_default(&mut self) -> R<Expr> {
        let alone = matches!(self.nth(1), Tok::Comma | Tok::RParen | Tok::Semi | Tok::Eof)
            || matches!(self.nth_word(1), Some("WHERE" | "RETURNING" | "RETURN" | "LOG" | "WHEN" | "DELETE"));
        if self.is_kw("DEFAULT") && alone {
            return Ok(Expr::Default(self.bump().pos));
        }
        self.expr()
    }

    /// `DELETE [FROM] t [alias] [WHERE cond]`
    pub(super) fn delete(&mut self) -> R<Delete> {
        let pos = self.bump().pos;
        let hints = self.hints()?;
        self.eat_kw("FROM");
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("DELETE from a subquery"));
        }
        let table = self.object_name(ora::INVALID_TABLE_NAME)?;
        self.no_partition_extended_name()?;
        let alias = if self.is_kw("WHERE") { None } else { self.table_alias() };
        let where_clause = self.dml_where()?;
        Ok(Delete { table, alias, where_clause, hints, pos })
    }

    /// `t PARTITION (p)` / `t SUBPARTITION (s)` after a DML target (and a
    /// FROM item): not modelled, LAB-00001 at the word, not taken as an alias.
    pub(super) fn no_partition_extended_name(&self) -> R<()> {
        if matches!(self.word(), Some("PARTITION" | "SUBPARTITION")) {
            return Err(self.unsupported("partition-extended table names"));
        }
        Ok(())
    }

    /// A column on the left of `SET`: `col` or `alias.col` (the qualifier
    /// is checked against the table when the statement runs).
    pub(super) fn column_ref(&mut self) -> R<Ident> {
        let first = self.ident(ora::INVALID_IDENTIFIER)?;
        if self.eat(&Tok::Dot) {
            return self.ident(ora::INVALID_IDENTIFIER);
        }
        Ok(first)
    }

    fn dml_where(&mut self) -> R<Option<Expr>> {
        let w = if self.eat_kw("WHERE") {
            if self.is_kw("CURRENT") && self.nth_is_kw(1, "OF") {
                return Err(self.unsupported("WHERE CURRENT OF"));
            }
            Some(self.expr()?)
        } else {
            None
        };
        if self.is_kw("RETURNING") || self.is_kw("RETURN") {
            return Err(self.unsupported("RETURNING clauses"));
        }
        if self.is_kw("LOG") && self.nth_is_kw(1, "ERRORS") {
            return Err(self.unsupported("LOG ERRORS"));
        }
        Ok(w)
    }

    /// `COMMIT [WORK]`, `ROLLBACK [WORK] [TO [SAVEPOINT] name]`, `SAVEPOINT name`.
    pub(super) fn transaction_statement(&mut self) -> R<StatementKind> {
        let word = self.word().unwrap_or_default().to_string();
        self.bump();
        match word.as_str() {
            "COMMIT" => {
                self.eat_kw("WORK");
                if self.is_kw("WRITE") || self.is_kw("COMMENT") || self.is_kw("FORCE") {
                    return Err(self.unsupported("COMMIT options"));
                }
                Ok(StatementKind::Commit)
            }
            "ROLLBACK" => {
                self.eat_kw("WORK");
                if self.eat_kw("TO") {
                    self.eat_kw("SAVEPOINT");
                    return Ok(StatementKind::RollbackTo(self.ident(ora::INVALID_IDENTIFIER)?));
                }
                if self.is_kw("FORCE") {
                    return Err(self.unsupported("ROLLBACK FORCE"));
                }
                Ok(StatementKind::Rollback)
            }
            _ => Ok(StatementKind::Savepoint(self.ident(ora::INVALID_IDENTIFIER)?)),
        }
    }
}
