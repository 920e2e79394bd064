//! Stored views: `CREATE [OR REPLACE] [NOFORCE] VIEW name [(c, ...)] AS
//! subquery [WITH READ ONLY]`, and a reference to one.
//!
//! A view is kept as the text of its query (USER_VIEWS.TEXT). A reference
//! to it in a FROM clause parses that text, with the schema's views as
//! they are now, into the inline view `(subquery) name` (or its own
//! alias): the optimizer then merges it or keeps it as a VIEW exactly as
//! it does an inline view, which is what Oracle does with a view's query
//! (view merging). A view replaced later is read in its new form by every
//! statement parsed after, as Oracle recompiles the views that depend on
//! it.
//!
//! Errors: a view whose query no longer parses (or, in the core, no longer
//! compiles: a table dropped) is ORA-04063 `view "LAB.V" has errors` at
//! the reference; a view that reaches itself through others is ORA-01731
//! (checked when it is created or replaced, as Oracle does).

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

/// Views inside views, at most: a deeper chain is refused (LAB-00001).
const MAX_VIEW_NESTING: usize = 64;

impl<'a> Parser<'a> {
    /// At `VIEW` or `NOFORCE VIEW`, after `CREATE [OR REPLACE]`.
    pub(super) fn create_view(&mut self, or_replace: bool) -> R<StatementKind> {
        self.eat_kw("NOFORCE");
        self.bump();
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        let columns = if self.is(&Tok::LParen) {
            self.bump();
            let mut cols = Vec::new();
            loop {
                if self.is_kw("CONSTRAINT") || self.is_kw("PRIMARY") || self.is_kw("UNIQUE") {
                    return Err(self.unsupported("constraints on views"));
                }
                cols.push(self.ident(ora::INVALID_IDENTIFIER)?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.rparen()?;
            Some(cols)
        } else {
            None
        };
        if self.is_kw("SHARING") || self.is_kw("BEQUEATH") || self.is_kw("DEFAULT") || self.is_kw("OF") {
            return Err(self.unsupported(format!("CREATE VIEW ... {}", self.word().unwrap_or_default())));
        }
        self.missing_keyword("AS")?;
        if !self.is_kw("SELECT") && !self.is_kw("WITH") && !self.is(&Tok::LParen) {
            return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
        }
        // The view itself is being defined: a view its query reads that
        // reads it back is circular.
        self.view_stack.push(name.name.clone());
        let start = self.tok().start;
        let query = self.query();
        self.view_stack.pop();
        let query = query?;
        let text = self.text.get(start..self.prev_end()).unwrap_or("").trim().to_string();
        let mut read_only = false;
        if self.eat_kw("WITH") {
            if self.eat_kw("READ") {
                self.missing_keyword("ONLY")?;
                read_only = true;
            } else if self.is_kw("CHECK") {
                return Err(self.unsupported("WITH CHECK OPTION"));
            } else {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            if self.is_kw("CONSTRAINT") {
                return Err(self.unsupported("a named WITH READ ONLY constraint"));
            }
        }
        Ok(StatementKind::CreateView(Box::new(CreateView {
            name,
            or_replace,
            columns,
            query,
            query_text: text,
            read_only,
        })))
    }

    /// `COMMENT ON TABLE t IS 'text' | COMMENT ON COLUMN t.c IS 'text'`.
    pub(super) fn comment(&mut self) -> R<StatementKind> {
        self.bump();
        self.missing_keyword("ON")?;
        let column = match self.word() {
            Some("TABLE") => false,
            Some("COLUMN") => true,
            Some(w @ ("MATERIALIZED" | "INDEXTYPE" | "OPERATOR" | "EDITION" | "MINING" | "AUDIT")) => {
                return Err(self.unsupported(format!("COMMENT ON {w}")))
            }
            _ => return Err(self.fail(ora::MISSING_KEYWORD)),
        };
        self.bump();
        let first = self.ident(ora::INVALID_TABLE_NAME)?;
        let mut parts = vec![first];
        while self.eat(&Tok::Dot) {
            parts.push(self.ident(ora::INVALID_IDENTIFIER)?);
        }
        let (table, col) = match (column, parts.len()) {
            (false, 1) => (parts.remove(0), None),
            (true, 2) => (parts.remove(0), Some(parts.remove(0))),
            (true, 3) | (false, 2) => {
                return Err(LabError::unsupported("a schema-qualified name in COMMENT", parts[0].pos));
            }
            _ => return Err(self.fail(ora::MISSING_KEYWORD)),
        };
        self.missing_keyword("IS")?;
        let Tok::Str(text) = self.tok().tok.clone() else { return Err(self.fail(ora::MISSING_KEYWORD)) };
        self.bump();
        Ok(StatementKind::Comment(Comment { table, column: col, remark: text }))
    }

    /// A table reference `name [alias]` (already parsed; `schema` as
    /// written) that names a stored view: its query as an inline view.
    pub(super) fn view_ref(
        &mut self,
        schema: Option<&str>,
        name: &Ident,
        alias: &Option<Ident>,
    ) -> R<Option<FromItem>> {
        let views: &'a [ViewText] = self.views;
        let Some(v) = views.iter().find(|v| v.name == name.name && schema.is_none_or(|s| s == v.owner)) else {
            return Ok(None);
        };
        if self.view_stack.contains(&v.name) {
            return Err(LabError::new(ora::CIRCULAR_VIEW_DEFINITION, name.pos));
        }
        if self.view_stack.len() >= MAX_VIEW_NESTING {
            return Err(LabError::unsupported(format!("views nested more than {MAX_VIEW_NESTING} deep"), name.pos));
        }
        let mut sub = Parser::new(&v.sql, name.pos);
        sub.views = views;
        sub.view_stack = self.view_stack.clone();
        sub.view_stack.push(v.name.clone());
        sub.depth = self.depth;
        sub.tables = self.tables;
        sub.with_expansion = self.with_expansion;
        let has_errors = |e: LabError| {
            if e.code == ora::CIRCULAR_VIEW_DEFINITION.code() || e.code == ora::LAB_TOO_MANY_TABLES.code() {
                LabError { pos: name.pos, ..e }
            } else {
                LabError::with(ora::OBJECT_HAS_ERRORS, format_args!("view \"{}.{}\"", v.owner, v.name), name.pos)
            }
        };
        let (mut query, depth) = sub.query_h().map_err(has_errors)?;
        sub.expect_end().map_err(has_errors)?;
        if let Some(cols) = &v.columns {
            let cols = cols.iter().map(|c| Ident { name: c.clone(), pos: name.pos }).collect();
            super::with::name_columns(&mut query, cols, name).map_err(has_errors)?;
        }
        self.tables = sub.tables;
        if self.tables > super::MAX_TABLES {
            return Err(LabError::with(ora::LAB_TOO_MANY_TABLES, super::MAX_TABLES, name.pos));
        }
        self.with_expansion = sub.with_expansion + sub.toks.len();
        if self.with_expansion > super::with::MAX_WITH_EXPANSION {
            return Err(LabError::with(ora::LAB_WITH_EXPANSION, super::with::MAX_WITH_EXPANSION, name.pos));
        }
        let depth = self.grow(depth + 1, name.pos)?;
        self.record(depth);
        // The statement depends on the view's tables too.
        self.objects.extend(sub.objects);
        let alias = Some(alias.clone().unwrap_or_else(|| name.clone()));
        Ok(Some(FromItem::Subquery { query: Box::new(query), alias, view: Some(name.clone()) }))
    }
}
