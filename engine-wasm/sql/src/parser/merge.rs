//! `MERGE [hints] INTO t [alias] USING source [alias] ON (cond)` then
//! `WHEN MATCHED THEN UPDATE SET ... [WHERE ...] [DELETE WHERE ...]` and
//! `WHEN NOT MATCHED THEN INSERT [(cols)] VALUES (...) [WHERE ...]`: either
//! clause alone or both, in either order (10g on), each at most once.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    pub(super) fn merge(&mut self) -> R<Merge> {
        let pos = self.bump().pos;
        let hints = self.hints()?;
        self.expect_kw("INTO", ora::MISSING_INTO_KEYWORD)?;
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("MERGE into a subquery"));
        }
        let table = self.object_name(ora::INVALID_TABLE_NAME)?;
        self.no_partition_extended_name()?;
        let alias = self.table_alias();
        self.expect_kw("USING", ora::MISSING_KEYWORD)?;
        let source = self.table_ref()?;
        if !matches!(source, FromItem::Table { sample: None, .. } | FromItem::Subquery { .. }) {
            return Err(LabError::unsupported("this MERGE source (a table, a view or a subquery only)", pos));
        }
        self.expect_kw("ON", ora::MISSING_ON_KEYWORD)?;
        if !self.is(&Tok::LParen) {
            return Err(self.fail(ora::MISSING_LEFT_PARENTHESIS));
        }
        self.bump();
        let on = self.expr()?;
        self.rparen()?;
        let (mut update, mut insert) = (None, None);
        while self.is_kw("WHEN") {
            self.bump();
            let matched = !self.eat_kw("NOT");
            self.expect_kw("MATCHED", ora::MISSING_KEYWORD)?;
            self.expect_kw("THEN", ora::MISSING_KEYWORD)?;
            if matched && update.is_none() {
                update = Some(self.merge_update()?);
            } else if !matched && insert.is_none() {
                insert = Some(self.merge_insert()?);
            } else {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
        }
        if update.is_none() && insert.is_none() {
            return Err(self.fail(ora::MISSING_KEYWORD));
        }
        if self.is_kw("LOG") && self.nth_is_kw(1, "ERRORS") {
            return Err(self.unsupported("LOG ERRORS"));
        }
        Ok(Merge { hints, table, alias, source, on, update, insert, pos })
    }

    fn merge_update(&mut self) -> R<MergeUpdate> {
        self.expect_kw("UPDATE", ora::MISSING_KEYWORD)?;
        self.expect_kw("SET", ora::MISSING_SET_KEYWORD)?;
        let sets = self.set_list("MERGE UPDATE")?;
        let where_clause = if self.eat_kw("WHERE") { Some(self.expr()?) } else { None };
        let delete_where = if self.eat_kw("DELETE") {
            self.expect_kw("WHERE", ora::MISSING_KEYWORD)?;
            Some(self.expr()?)
        } else {
            None
        };
        Ok(MergeUpdate { sets, where_clause, delete_where })
    }

    fn merge_insert(&mut self) -> R<MergeInsert> {
        let pos = self.pos();
        self.expect_kw("INSERT", ora::MISSING_KEYWORD)?;
        let columns = if self.is(&Tok::LParen) {
            self.bump();
            let mut cols = vec![self.column_ref()?];
            while self.eat(&Tok::Comma) {
                cols.push(self.column_ref()?);
            }
            self.rparen()?;
            Some(cols)
        } else {
            None
        };
        self.expect_kw("VALUES", ora::MISSING_VALUES_KEYWORD)?;
        self.lparen()?;
        let mut values = vec![self.value_or_default()?];
        while self.eat(&Tok::Comma) {
            values.push(self.value_or_default()?);
        }
        self.rparen()?;
        let where_clause = if self.eat_kw("WHERE") { Some(self.expr()?) } else { None };
        Ok(MergeInsert { columns, values, where_clause, pos })
    }
}
