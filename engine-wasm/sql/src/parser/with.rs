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
//! Recursive WITH (a query name referenced inside its own definition,
//! 11.2+) needs the column alias list (`ORA-32039`); its anchor, member,
//! SEARCH and CYCLE clauses are checked in recwith.rs and every reference
//! to it becomes a `FromItem::RecursiveWith`.

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
                refs: 0,
                rec: None,
            });
            let (tables0, tok0) = (self.tables, self.i);
            self.query_name_head = true;
            let r = self.query_h();
            let (mut query, depth) = r?;
            self.rparen()?;
            let refs = self.ctes.last().map_or(0, |c| c.refs);
            let rec = match columns {
                Some(cols) if refs > 0 => Some(self.recursive_with(query.clone(), cols, &name)?),
                Some(cols) => {
                    name_columns(&mut query, cols, &name)?;
                    None
                }
                None => None,
            };
            if rec.is_none() && (self.is_kw("SEARCH") || self.is_kw("CYCLE")) {
                return Err(self.fail(ora::SEARCH_CYCLE_NOT_RECURSIVE));
            }
            let Some(cte) = self.ctes.last_mut() else {
                return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
            };
            match rec {
                Some(r) => cte.rec = Some(Box::new(r)),
                None => cte.query = Some(query),
            }
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
        let Some(cte) = self.ctes.iter_mut().rev().find(|c| c.name == name.name) else {
            return Ok(None);
        };
        let alias = Some(alias.clone().unwrap_or_else(|| name.clone()));
        let item = match (&cte.query, &cte.rec) {
            (Some(q), _) => FromItem::Subquery { query: Box::new(q.clone()), alias, view: None },
            (None, Some(def)) => FromItem::RecursiveWith { def: def.clone(), alias },
            (None, None) if !cte.aliased => return Err(LabError::new(ora::RECURSIVE_WITH_NEEDS_COLUMN_LIST, name.pos)),
            (None, None) => {
                cte.refs += 1;
                return Ok(Some(FromItem::RecursiveRef { name: name.clone(), alias }));
            }
        };
        let (depth, tables, tokens) = (cte.depth, cte.tables, cte.tokens);
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
        Ok(Some(item))
    }
}

/// `WITH name (c1, c2) AS (SELECT a, b ...)`: the select items take the
/// names of the list (the first branch's, for a compound query).
pub(super) fn name_columns(query: &mut Query, cols: Vec<Ident>, name: &Ident) -> R<()> {
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
