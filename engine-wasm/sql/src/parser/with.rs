//! Subquery factoring: `WITH name [(col, ...)] AS (subquery) [, ...]`.
//!
//! A query name is inlined where it is referenced: each reference becomes
//! the inline view `(subquery) name` (or its own alias), so the optimizer
//! merges it or keeps it as a VIEW exactly as it does for an inline view.
//! This is what Oracle does with a query name referenced once, or with the
//! `INLINE` hint. Oracle materializes a query name referenced more than
//! once, or hinted `MATERIALIZE`, into a SYS_TEMP_ table (TEMP TABLE
//! TRANSFORMATION / LOAD AS SELECT); the lab does not model that temporary
//! table, so it inlines those too (rows are the same; the plan and the
//! work are those of the inlined form: docs/SQL.md says so).
//!
//! Recursive WITH (a query name referenced inside its own definition) is
//! refused: `ORA-32039` without a column alias list, as Oracle reports,
//! `LAB-00001` with one.

use super::cte::Cte;
use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

/// Most tokens that references to query names may copy into one statement
/// (each reference copies its query's tokens): bounds the memory a chain of
/// query names each referencing the previous one twice could take.
pub const MAX_WITH_EXPANSION: usize = 200_000;

impl Parser<'_> {
    /// At `WITH`: parse the query names and bring them into scope. Returns
    /// the scope to restore once the query that follows is parsed.
    pub(super) fn with_clause(&mut self) -> R<usize> {
        let scope = self.ctes.len();
        self.bump();
        loop {
            if self.is_kw("FUNCTION") || self.is_kw("PROCEDURE") {
                return Err(self.unsupported("PL/SQL declarations in the WITH clause"));
            }
            let name = self.ident(ora::INVALID_IDENTIFIER)?;
            if self.ctes[scope..].iter().any(|c| c.name == name.name) {
                return Err(LabError::unsupported("a query name defined twice in one WITH clause", name.pos));
            }
            let columns = if self.is(&Tok::LParen) {
                self.bump();
                let mut cols = vec![self.ident(ora::INVALID_IDENTIFIER)?];
                while self.eat(&Tok::Comma) {
                    cols.push(self.ident(ora::INVALID_IDENTIFIER)?);
                }
                self.rparen()?;
                Some(cols)
            } else {
                None
            };
            self.missing_keyword("AS")?;
            self.lparen()?;
            if !self.is_kw("SELECT") {
                return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
            }
            self.ctes.push(Cte {
                name: name.name.clone(),
                query: None,
                aliased: columns.is_some(),
                depth: 0,
                tables: 0,
                tokens: 0,
            });
            let (tables0, tok0) = (self.tables, self.i);
            self.query_name_head = true;
            let r = self.query_h();
            let (mut query, depth) = r?;
            self.rparen()?;
            if self.is_kw("SEARCH") || self.is_kw("CYCLE") {
                return Err(self.unsupported("SEARCH and CYCLE clauses of recursive WITH"));
            }
            if let Some(cols) = columns {
                name_columns(&mut query, cols, &name)?;
            }
            let Some(cte) = self.ctes.last_mut() else {
                return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
            };
            cte.query = Some(query);
            cte.depth = depth;
            cte.tables = (self.tables - tables0).max(1);
            cte.tokens = (self.i - tok0).max(1);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.is_kw("SELECT") {
            return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
        }
        Ok(scope)
    }

    /// A table reference `name [alias]` (unqualified, already parsed) that
    /// names a query in scope: its inline view, or None.
    pub(super) fn query_name_ref(&mut self, name: &Ident, alias: &Option<Ident>) -> R<Option<FromItem>> {
        let Some(cte) = self.ctes.iter().rev().find(|c| c.name == name.name) else {
            return Ok(None);
        };
        let Some(query) = &cte.query else {
            return Err(if cte.aliased {
                LabError::unsupported("recursive WITH clauses", name.pos)
            } else {
                LabError::new(ora::RECURSIVE_WITH_NEEDS_COLUMN_LIST, name.pos)
            });
        };
        let (query, depth, tables, tokens) = (query.clone(), cte.depth, cte.tables, cte.tokens);
        self.tables += tables;
        if self.tables > super::MAX_TABLES {
            return Err(LabError::with(ora::LAB_TOO_MANY_TABLES, super::MAX_TABLES, name.pos));
        }
        self.with_expansion += tokens;
        if self.with_expansion > MAX_WITH_EXPANSION {
            return Err(LabError::with(ora::LAB_WITH_EXPANSION, MAX_WITH_EXPANSION, name.pos));
        }
        let depth = self.grow(depth + 1, name.pos)?;
        self.record(depth);
        let alias = Some(alias.clone().unwrap_or_else(|| name.clone()));
        Ok(Some(FromItem::Subquery { query: Box::new(query), alias }))
    }
}

/// `WITH name (c1, c2) AS (SELECT a, b ...)`: the select items take the
/// names of the list (the first branch's, for a compound query).
fn name_columns(query: &mut Query, cols: Vec<Ident>, name: &Ident) -> R<()> {
    for item in &query.select {
        let star = match item {
            SelectItem::Star(p) => *p,
            SelectItem::QualifiedStar(a) => a.pos,
            SelectItem::Expr { .. } => continue,
        };
        return Err(LabError::unsupported("a WITH column alias list for a select list with *", star));
    }
    if query.select.len() != cols.len() {
        return Err(LabError::new(ora::WITH_COLUMN_COUNT_MISMATCH, name.pos));
    }
    for (item, col) in query.select.iter_mut().zip(cols) {
        if let SelectItem::Expr { alias, .. } = item {
            *alias = Some(col);
        }
    }
    Ok(())
}
