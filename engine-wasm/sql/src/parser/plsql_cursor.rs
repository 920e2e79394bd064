//! PL/SQL explicit cursors: `CURSOR c [(params)] IS query;` declarations,
//! `OPEN`, `FETCH`, `CLOSE`, `FOR r IN c LOOP`, and the attributes
//! `c%FOUND`, `c%NOTFOUND`, `c%ISOPEN`, `c%ROWCOUNT`.
//!
//! An attribute is read as one of the block's variables, named `C%FOUND`
//! (no identifier can be): the runtime keeps them. `%FOUND`, `%NOTFOUND`
//! and `%ISOPEN` are conditions, held as 1 (true), 0 (false) or NULL, and
//! read as `"C%FOUND" = 1` (so `NOT c%FOUND` is NULL while the attribute
//! is, as in Oracle).

use super::keywords::is_reserved;
use super::{Parser, R};
use crate::ast::*;
use crate::lexer::{Tok, Token};
use crate::number::Number;

/// The attributes a cursor name takes (`SQL%...` is the implicit cursor).
const CONDITIONS: [&str; 3] = ["FOUND", "NOTFOUND", "ISOPEN"];

impl Parser<'_> {
    /// `c % FOUND` (three tokens) becomes the variable `C%FOUND` `= 1`;
    /// `c % ROWCOUNT` the variable `C%ROWCOUNT`. Positions and text ranges
    /// are kept, so the SQL text of a statement is as written.
    pub(super) fn merge_cursor_attributes(&mut self) {
        if !self.toks.iter().any(|t| t.tok == Tok::Percent) {
            return;
        }
        let toks = std::mem::take(&mut self.toks);
        let mut out: Vec<Token> = Vec::with_capacity(toks.len());
        let mut i = 0;
        while i < toks.len() {
            let attr = match (&toks[i].tok, toks.get(i + 1).map(|t| &t.tok), toks.get(i + 2).map(|t| &t.tok)) {
                (Tok::Ident { name, .. }, Some(Tok::Percent), Some(Tok::Ident { name: a, quoted: false }))
                    if (CONDITIONS.contains(&a.as_str()) || a == "ROWCOUNT")
                        && !(i > 0 && toks[i - 1].tok == Tok::Dot) =>
                {
                    Some((format!("{name}%{a}"), CONDITIONS.contains(&a.as_str())))
                }
                _ => None,
            };
            let Some((name, condition)) = attr else {
                out.push(toks[i].clone());
                i += 1;
                continue;
            };
            let last = &toks[i + 2];
            let mut t = toks[i].clone();
            t.tok = Tok::Ident { name, quoted: true };
            t.end = last.end;
            out.push(t);
            // (`c%FOUND IS NULL` reads the attribute itself.)
            let is_test =
                matches!(toks.get(i + 3).map(|t| &t.tok), Some(Tok::Ident { name, quoted: false }) if name == "IS");
            if condition && !is_test {
                let at = |tok| Token { tok, pos: last.pos, start: last.end, end: last.end, inner: last.pos };
                out.push(at(Tok::Eq));
                out.push(at(Tok::Number(Number::from_i64(1))));
            }
            i += 3;
        }
        self.toks = out;
    }

    /// The implicit cursor's attributes (`SQL%ROWCOUNT`, ...) declared as
    /// variables of a unit that reads one, so that its names compile; the
    /// session holds their values (core's `session/plsql/implicit.rs`).
    pub(super) fn implicit_cursor_decls(&self, decls: &mut Vec<(Ident, String)>) {
        let reads =
            self.toks.iter().any(|t| matches!(&t.tok, Tok::Ident { name, quoted: true } if name.starts_with("SQL%")));
        if reads {
            for a in ["ISOPEN", "FOUND", "NOTFOUND", "ROWCOUNT"] {
                decls.push((Ident { name: format!("SQL%{a}"), pos: self.base }, "CURSOR".into()));
            }
        }
    }

    /// `CURSOR c [(p [IN] type [:= | DEFAULT expr], ...)] [RETURN t] IS
    /// query;` Its attributes are declared as variables (`%ISOPEN` false).
    pub(super) fn cursor_declaration(
        &mut self,
        decls: &mut Vec<(Ident, String)>,
        inits: &mut Vec<PlsqlStatement>,
    ) -> R<()> {
        self.bump(); // CURSOR
        let name = self.pls_ident()?;
        let mut params = Vec::new();
        if self.eat(&Tok::LParen) {
            loop {
                let p = self.pls_ident()?;
                if self.is_kw("OUT") || (self.is_kw("IN") && self.nth_is_kw(1, "OUT")) {
                    return Err(self.pls103("<an identifier>"));
                }
                self.eat_kw("IN");
                let start = self.tok().start;
                let mut depth = 0u32;
                while !(depth == 0
                    && (matches!(self.tok().tok, Tok::Comma | Tok::RParen | Tok::Assign) || self.is_kw("DEFAULT")))
                {
                    if self.at_eof() || matches!(self.tok().tok, Tok::Error(_) | Tok::Semi) {
                        return Err(self.pls103(", ) := default"));
                    }
                    match self.bump().tok {
                        Tok::LParen => depth += 1,
                        Tok::RParen => depth -= 1,
                        _ => {}
                    }
                }
                let ty = self.slice(start, self.prev_end());
                let default = if self.eat(&Tok::Assign) || self.eat_kw("DEFAULT") { Some(self.expr()?) } else { None };
                params.push((p, ty, default));
                if self.eat(&Tok::RParen) {
                    break;
                }
                if !self.eat(&Tok::Comma) {
                    return Err(self.pls103(", )"));
                }
            }
        }
        if self.is_kw("RETURN") {
            return Err(self.unsupported("a cursor declaration's RETURN clause"));
        }
        if !self.eat_kw("IS") {
            return Err(self.pls103("is return"));
        }
        if !(self.is_kw("SELECT") || self.is_kw("WITH") || self.is(&Tok::LParen)) {
            return Err(self.pls103("select with ("));
        }
        let start = self.tok().start;
        self.tables = 0;
        let (query, into, _) = self.query_into(false)?;
        if !into.is_empty() {
            return Err(self.unsupported("INTO in a cursor's query"));
        }
        if self.for_update {
            self.for_update = false;
            return Err(self.unsupported("cursors FOR UPDATE"));
        }
        let text = self.slice(start, self.prev_end());
        self.semi()?;
        if self.pls_cursors.iter().any(|c| c.name.name == name.name) {
            return Err(self.unsupported(format!("a second declaration of cursor {}", name.name)));
        }
        // `C%`: the open cursor's slot (its rows: session/plsql/cursors.rs).
        for a in ["", "ISOPEN", "FOUND", "NOTFOUND", "ROWCOUNT"] {
            decls.push((Ident { name: format!("{}%{a}", name.name), pos: name.pos }, "CURSOR".into()));
        }
        let zero = Expr::Number(Number::from_i64(0), name.pos);
        inits.push(PlsqlStatement::Assign {
            target: Ident { name: format!("{}%ISOPEN", name.name), pos: name.pos },
            value: zero,
        });
        self.pls_cursors.push(CursorDef { name, params, query, text });
        Ok(())
    }

    /// An identifier naming something declared (not a reserved word).
    pub(super) fn pls_ident(&mut self) -> R<Ident> {
        let t = self.tok().clone();
        match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                self.bump();
                Ok(Ident { name: name.clone(), pos: t.pos })
            }
            _ => Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>")),
        }
    }

    /// The cursor declared as `name` (PLS-00201 when none is).
    fn declared_cursor(&self, name: &Ident) -> R<CursorDef> {
        match self.pls_cursors.iter().find(|c| c.name.name == name.name) {
            Some(c) => Ok(c.clone()),
            None => Err(crate::error::LabError::unsupported(
                format!("{} as a cursor (no CURSOR {} declared in this block: cursor variables and packages' cursors are not modelled)", name.name, name.name),
                name.pos,
            )),
        }
    }

    /// A cursor's arguments `(a, b)` (or none): each parameter with its
    /// argument or default.
    fn cursor_args(&mut self, def: &CursorDef, at: &Ident) -> R<Vec<CursorArg>> {
        let mut given = Vec::new();
        if self.eat(&Tok::LParen) {
            loop {
                if self.nth(1) == &Tok::Arrow {
                    return Err(self.unsupported("named cursor arguments"));
                }
                given.push(self.expr()?);
                if self.eat(&Tok::RParen) {
                    break;
                }
                if !self.eat(&Tok::Comma) {
                    return Err(self.pls103(", )"));
                }
            }
        }
        if given.len() > def.params.len() {
            return Err(crate::error::LabError::unsupported(
                format!("cursor {} called with {} arguments (PLS-00306)", at.name, given.len()),
                at.pos,
            ));
        }
        let mut out = Vec::new();
        let mut given = given.into_iter();
        for (p, ty, default) in &def.params {
            let v = match (given.next(), default) {
                (Some(v), _) => v,
                (None, Some(d)) => d.clone(),
                (None, None) => {
                    return Err(crate::error::LabError::unsupported(
                        format!("cursor {} without a value for its parameter {} (PLS-00306)", at.name, p.name),
                        at.pos,
                    ))
                }
            };
            out.push(CursorArg { param: p.clone(), ty: ty.clone(), value: v });
        }
        Ok(out)
    }

    /// `OPEN c [(args)];`
    pub(super) fn open_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        self.bump();
        if self.nth_is_kw(1, "FOR") {
            return Err(self.unsupported("OPEN ... FOR (cursor variables)"));
        }
        let cursor = self.pls_ident()?;
        let def = self.declared_cursor(&cursor)?;
        let args = self.cursor_args(&def, &cursor)?;
        self.semi()?;
        out.push(PlsqlStatement::Open(Box::new(OpenCursor { cursor, def: Box::new(def), args, fetch: None })));
        Ok(())
    }

    /// `FETCH c [BULK COLLECT] INTO v, ... [LIMIT n];`
    pub(super) fn fetch_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        let cursor = self.pls_ident()?;
        let def = Box::new(self.declared_cursor(&cursor)?);
        let bulk = self.eat_kw("BULK");
        if bulk && !self.eat_kw("COLLECT") {
            return Err(self.pls103("collect"));
        }
        if !self.eat_kw("INTO") {
            return Err(self.pls103(if bulk { "into" } else { "into bulk" }));
        }
        let mut into = Vec::new();
        loop {
            let first = self.pls_ident()?;
            let mut name = first.name;
            while self.is(&Tok::Dot) {
                self.bump();
                name = format!("{name}.{}", self.pls_ident()?.name);
            }
            into.push(Ident { name, pos: first.pos });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        let rows = if !bulk {
            FetchRows::One
        } else if self.eat_kw("LIMIT") {
            FetchRows::Limit(self.expr()?)
        } else {
            FetchRows::All
        };
        self.semi()?;
        out.push(PlsqlStatement::Fetch(Box::new(FetchCursor { pos, cursor, def, into, rows })));
        Ok(())
    }

    /// `CLOSE c;`
    pub(super) fn close_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        self.bump();
        let cursor = self.pls_ident()?;
        self.declared_cursor(&cursor)?;
        self.semi()?;
        out.push(PlsqlStatement::Close(cursor));
        Ok(())
    }

    /// Whether `FOR r IN` is followed by a declared cursor's name.
    pub(super) fn at_declared_cursor(&self) -> bool {
        let Tok::Ident { name, .. } = &self.tok().tok else { return false };
        (self.nth(1) == &Tok::LParen || self.nth_is_kw(1, "LOOP"))
            && self.pls_cursors.iter().any(|c| &c.name.name == name)
    }

    /// After `FOR r IN`: `c [(args)] LOOP ... END LOOP;`, the cursor FOR
    /// loop over a declared cursor.
    pub(super) fn declared_cursor_for(&mut self, var: Ident, at: Pos, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let s = self.compound(at, |p| {
            let cursor = p.pls_ident()?;
            let def = p.declared_cursor(&cursor)?;
            let args = p.cursor_args(&def, &cursor)?;
            p.cursor_loop_rest(var, Box::new(def.query), def.text, args)
        })?;
        self.loop_end()?;
        out.push(s);
        Ok(())
    }

    /// Each OPEN is given the rows its cursor's FETCH statements ask for
    /// (the lab fetches them at OPEN: docs/MODEL.md). FETCHes of one
    /// cursor asking for different numbers of rows are refused.
    pub(super) fn set_fetch_rows(&self, body: &mut [PlsqlStatement]) -> R<()> {
        let mut sizes: Vec<(String, FetchRows)> = Vec::new();
        let mut err = None;
        walk(body, &mut |s| {
            if let PlsqlStatement::Fetch(f) = s {
                match sizes.iter().find(|(n, _)| *n == f.cursor.name) {
                    Some((_, r)) if std::mem::discriminant(r) != std::mem::discriminant(&f.rows) => {
                        err.get_or_insert(crate::error::LabError::unsupported(
                            "FETCH statements of one cursor taking different numbers of rows",
                            f.cursor.pos,
                        ));
                    }
                    Some(_) => {}
                    None => sizes.push((f.cursor.name.clone(), f.rows.clone())),
                }
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        walk(body, &mut |s| {
            if let PlsqlStatement::Open(o) = s {
                o.fetch = sizes.iter().find(|(n, _)| *n == o.cursor.name).map(|(_, r)| r.clone());
            }
        });
        Ok(())
    }
}

/// Every statement of `body`, nested ones too.
fn walk(body: &mut [PlsqlStatement], f: &mut dyn FnMut(&mut PlsqlStatement)) {
    for s in body {
        f(s);
        match s {
            PlsqlStatement::If { branches, otherwise, .. } => {
                for (_, b) in branches {
                    walk(b, f);
                }
                walk(otherwise, f);
            }
            PlsqlStatement::While { body, .. }
            | PlsqlStatement::Loop { body }
            | PlsqlStatement::ForLoop { body, .. }
            | PlsqlStatement::CursorFor { body, .. } => walk(body, f),
            PlsqlStatement::Handled { body, handlers, .. } => {
                walk(body, f);
                for h in handlers {
                    walk(&mut h.body, f);
                }
            }
            _ => {}
        }
    }
}
