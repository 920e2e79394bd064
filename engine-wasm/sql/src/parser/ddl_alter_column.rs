//! `ALTER TABLE t ADD | MODIFY | DROP` columns (the constraint forms of
//! ADD are `ddl_alter.rs`'s).

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

/// Words that start a datatype after a column's name in MODIFY.
const TYPE_WORDS: &[&str] = &[
    "NUMBER",
    "DECIMAL",
    "NUMERIC",
    "DEC",
    "INTEGER",
    "INT",
    "SMALLINT",
    "FLOAT",
    "REAL",
    "VARCHAR2",
    "VARCHAR",
    "NVARCHAR2",
    "CHAR",
    "NCHAR",
    "CHARACTER",
    "DATE",
    "TIMESTAMP",
    "CLOB",
    "BLOB",
    "NCLOB",
    "BFILE",
    "RAW",
    "LONG",
    "ROWID",
    "UROWID",
    "BINARY_FLOAT",
    "BINARY_DOUBLE",
    "XMLTYPE",
    "INTERVAL",
    "JSON",
    "BOOLEAN",
    "VECTOR",
];

/// Words that make `ADD (...)` a constraint rather than a column.
const CONSTRAINT_WORDS: &[&str] = &["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"];

impl Parser<'_> {
    /// After `ALTER TABLE name`, at ADD (not a constraint), MODIFY or
    /// DROP: the column action, or None when the words are another action
    /// (left for the caller to refuse).
    pub(super) fn alter_table_columns(&mut self) -> R<Option<AlterTableAction>> {
        match self.word() {
            Some("ADD") if !self.nth_word_in(1, CONSTRAINT_WORDS) => {
                self.bump();
                if self.is(&Tok::LParen) && self.nth_word_in(1, CONSTRAINT_WORDS) {
                    // `ADD (CONSTRAINT ...)`: one constraint in parentheses.
                    self.bump();
                    let k = self.table_constraint()?;
                    if self.is(&Tok::Comma) {
                        return Err(self.unsupported("ALTER TABLE ... ADD (several constraints)"));
                    }
                    self.rparen()?;
                    return Ok(Some(AlterTableAction::AddConstraint(k)));
                }
                Ok(Some(AlterTableAction::AddColumns(self.one_or_list(Self::added_column)?)))
            }
            Some("MODIFY") if !self.nth_word_in(1, &["CONSTRAINT", "PRIMARY", "UNIQUE", "PARTITION", "LOB"]) => {
                self.bump();
                Ok(Some(AlterTableAction::ModifyColumns(self.one_or_list(Self::modified_column)?)))
            }
            Some("DROP") if self.nth_is_kw(1, "COLUMN") || matches!(self.nth(1), Tok::LParen) => {
                self.bump();
                let cols = if self.eat_kw("COLUMN") { vec![self.column_ident()?] } else { self.column_list()? };
                self.drop_column_options()?;
                Ok(Some(AlterTableAction::DropColumns(cols)))
            }
            Some("DROP") if self.nth_is_kw(1, "UNUSED") => {
                self.bump();
                self.bump();
                self.missing_keyword("COLUMNS")?;
                self.drop_column_options()?;
                Ok(Some(AlterTableAction::DropColumns(Vec::new())))
            }
            Some("SET") if self.nth_is_kw(1, "UNUSED") => {
                Err(self.unsupported("ALTER TABLE ... SET UNUSED (use DROP COLUMN)"))
            }
            _ => Ok(None),
        }
    }

    /// One item, or a parenthesised list of them.
    fn one_or_list<T>(&mut self, mut item: impl FnMut(&mut Self) -> R<T>) -> R<Vec<T>> {
        let paren = self.eat(&Tok::LParen);
        let mut out = vec![item(self)?];
        while paren && self.eat(&Tok::Comma) {
            out.push(item(self)?);
        }
        if paren {
            self.rparen()?;
        }
        Ok(out)
    }

    fn nth_word_in(&self, n: usize, words: &[&str]) -> bool {
        words.iter().any(|w| self.nth_is_kw(n, w))
    }

    /// `[CASCADE CONSTRAINTS] [INVALIDATE] [CHECKPOINT n]` after DROP COLUMN.
    fn drop_column_options(&mut self) -> R<()> {
        loop {
            if self.eat_kw("CASCADE") {
                self.missing_keyword("CONSTRAINTS")?;
            } else if self.eat_kw("INVALIDATE") {
            } else if self.is_kw("CHECKPOINT") {
                return Err(self.unsupported("DROP COLUMN ... CHECKPOINT"));
            } else {
                return Ok(());
            }
        }
    }

    /// One column of ADD: a column definition without key constraints.
    fn added_column(&mut self) -> R<ColumnDef> {
        let name = self.column_ident()?;
        let at = self.pos();
        let c = self.column_def(name)?;
        if c.primary_key || c.unique || c.identity.is_some() {
            return Err(LabError::unsupported("ALTER TABLE ... ADD of a key or identity column", at));
        }
        Ok(c)
    }

    /// One column of MODIFY: `name [type] [DEFAULT expr] [NULL | NOT NULL]`.
    fn modified_column(&mut self) -> R<ColumnModify> {
        let name = self.column_ident()?;
        let mut m = ColumnModify { name, data_type: None, default: None, default_text: None, not_null: None };
        if self.word().is_some_and(|w| TYPE_WORDS.contains(&w)) {
            let first = self.i;
            let t = self.datatype()?;
            m.data_type = Some((t, super::ddl_columns::describe_text(&self.toks[first..self.i], t)));
        }
        loop {
            let at = self.pos();
            if self.eat_kw("DEFAULT") {
                if self.is_kw("ON") && self.nth_is_kw(1, "NULL") {
                    return Err(self.unsupported("ALTER TABLE ... MODIFY of a column's DEFAULT ON NULL"));
                }
                let (e, text) = self.default_expr()?;
                (m.default, m.default_text) = (Some(e), Some(text));
            } else if self.eat_kw("NOT") {
                if !self.eat_kw("NULL") {
                    return Err(self.fail(ora::MISSING_NULL_KEYWORD));
                }
                m.not_null = Some((true, at));
            } else if self.eat_kw("NULL") {
                m.not_null = Some((false, at));
            } else if self.word().is_some_and(|w| matches!(w, "CONSTRAINT" | "PRIMARY" | "UNIQUE" | "CHECK")) {
                return Err(self.unsupported("ALTER TABLE ... MODIFY of a column's constraint"));
            } else {
                break;
            }
        }
        if m.data_type.is_none() && m.default.is_none() && m.not_null.is_none() {
            return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
        }
        Ok(m)
    }
}

use crate::error::LabError;
