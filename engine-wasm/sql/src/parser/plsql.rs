//! Anonymous PL/SQL blocks and the statements inside them (also the body of
//! SQL*Plus `EXEC`).

use super::keywords::is_reserved;
use super::{Parser, BLOCK_WEIGHT, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    pub(super) fn plsql_unit(&mut self) -> R<StatementKind> {
        self.merge_cursor_attributes();
        if self.is_kw("CREATE") {
            let r = self.create_program();
            return r.map_err(|e| self.wrap_plsql(e));
        }
        let r = self.plsql_block();
        r.map(StatementKind::Plsql).map_err(|e| self.wrap_plsql(e))
    }

    fn plsql_block(&mut self) -> R<PlsqlBlock> {
        if self.is_kw("CREATE") {
            return Err(self.unsupported("stored procedures, functions, packages, triggers and types"));
        }
        let mut declarations = Vec::new();
        let mut inits = Vec::new();
        if self.eat_kw("DECLARE") {
            while !self.is_kw("BEGIN") {
                self.declaration(&mut declarations, &mut inits)?;
            }
        }
        self.implicit_cursor_decls(&mut declarations);
        let begin = self.pos();
        if !self.eat_kw("BEGIN") {
            return Err(self.pls103("begin declare"));
        }
        let n = inits.len();
        let mut body = inits;
        body.extend(self.handled_body(begin)?);
        self.block_end()?;
        if !self.at_eof() {
            return Err(self.pls103("end-of-file"));
        }
        self.set_fetch_rows(&mut body)?;
        Ok(PlsqlBlock {
            declarations,
            body,
            inits: n,
            base: self.base,
            col_offset: self.pls_col_offset,
            shown_at: self.base,
        })
    }

    /// `END [label] ;` closing a block.
    pub(super) fn block_end(&mut self) -> R<()> {
        if !self.eat_kw("END") {
            return Err(self.pls103("end"));
        }
        if matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || !is_reserved(name)) {
            self.bump();
        }
        self.semi()
    }

    pub(super) fn semi(&mut self) -> R<()> {
        if self.eat(&Tok::Semi) || (self.semi_optional_at_eof && self.at_eof()) {
            Ok(())
        } else {
            Err(self.pls103(";"))
        }
    }

    pub(super) fn declaration(&mut self, decls: &mut Vec<(Ident, String)>, inits: &mut Vec<PlsqlStatement>) -> R<()> {
        if let Some(w) = self.word() {
            if w == "CURSOR" {
                return self.cursor_declaration(decls, inits);
            }
            if w == "TYPE" {
                return self.type_declaration();
            }
            if w == "PRAGMA" && self.nth_is_kw(1, "EXCEPTION_INIT") {
                return self.exception_init(decls, inits);
            }
            if matches!(w, "SUBTYPE" | "PROCEDURE" | "FUNCTION" | "PRAGMA") {
                return Err(self.unsupported(format!("{w} declarations")));
            }
        }
        let t = self.tok().clone();
        let name = match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => Ident { name: name.clone(), pos: t.pos },
            _ => return Err(self.pls103("begin function pragma procedure subtype type <an identifier> current cursor")),
        };
        self.bump();
        let type_pos = self.tok().pos;
        self.eat_kw("CONSTANT");
        if self.is_kw("EXCEPTION") {
            return self.exception_declaration(name, decls, inits);
        }
        let start = self.tok().start;
        let mut n = 0;
        let type_end = |p: &Self| {
            matches!(p.tok().tok, Tok::Assign | Tok::Semi | Tok::Eof | Tok::Error(_))
                || p.is_kw("DEFAULT")
                || (p.is_kw("NOT") && p.nth_is_kw(1, "NULL"))
        };
        while !type_end(self) {
            self.bump();
            n += 1;
        }
        if n == 0 {
            return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier> table long double ref char time timestamp interval date binary national character nchar"));
        }
        let type_text = self.slice(start, self.prev_end());
        if let Some(indexed) = self.collection_type(&type_text) {
            self.pls_collection_vars.push(name.name.clone());
            return self.collection_var(name, indexed, decls, inits);
        }
        if self.is_kw("NOT") {
            self.bump();
            self.bump();
        }
        if self.eat(&Tok::Assign) || self.eat_kw("DEFAULT") {
            let value = self.expr()?;
            inits.push(PlsqlStatement::Assign { target: Ident { name: name.name.clone(), pos: type_pos }, value });
        }
        self.semi()?;
        decls.push((name, type_text));
        Ok(())
    }

    /// Statements up to (not including) `END` or `EXCEPTION`.
    pub(super) fn plsql_body(&mut self) -> R<Vec<PlsqlStatement>> {
        self.enter(BLOCK_WEIGHT)?;
        let mut out = Vec::new();
        while !(self.is_kw("END") || self.is_kw("EXCEPTION") || self.at_eof()) {
            if let Tok::Error(e) = &self.tok().tok {
                return Err(e.clone());
            }
            self.plsql_statement(&mut out)?;
        }
        if out.is_empty() || self.at_eof() {
            return Err(self.pls103(
                "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>",
            ));
        }
        self.depth -= BLOCK_WEIGHT;
        Ok(out)
    }

    fn embedded_sql(&mut self, out: &mut Vec<PlsqlStatement>, f: fn(&mut Self) -> R<StatementKind>) -> R<()> {
        let t = self.tok().clone();
        let mut kind = f(self)?;
        self.dml_elements(&mut kind, None)?;
        let text = self.slice(t.start, self.prev_end());
        self.semi()?;
        out.push(PlsqlStatement::Sql(Box::new(Statement { pos: t.pos, text, kind, objects: Vec::new() })));
        Ok(())
    }

    pub(super) fn plsql_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        // Each SQL statement of the block is planned and run on its own.
        self.tables = 0;
        let t = self.tok().clone();
        if let Tok::Ident { name: w, quoted: false } = &t.tok {
            match w.as_str() {
                "NULL" => {
                    self.bump();
                    self.semi()?;
                    out.push(PlsqlStatement::Null);
                    return Ok(());
                }
                "BEGIN" => {
                    let at = self.bump().pos;
                    let body = self.handled_body(at)?;
                    self.block_end()?;
                    out.extend(body);
                    return Ok(());
                }
                "DECLARE" => return Err(self.unsupported("nested blocks with declarations")),
                "FOR" => return self.for_loop(out),
                "OPEN" => return self.open_statement(out),
                "FETCH" => return self.fetch_statement(out),
                "CLOSE" => return self.close_statement(out),
                "FORALL" => return self.forall_statement(out),
                "EXECUTE" => return self.execute_immediate(out),
                "INSERT" => return self.embedded_sql(out, |p| p.insert().map(StatementKind::Insert)),
                "UPDATE" => return self.embedded_sql(out, |p| p.update().map(StatementKind::Update)),
                "DELETE" => return self.embedded_sql(out, |p| p.delete().map(StatementKind::Delete)),
                "MERGE" => return self.embedded_sql(out, |p| p.merge().map(|m| StatementKind::Merge(Box::new(m)))),
                "COMMIT" | "ROLLBACK" | "SAVEPOINT" => return self.embedded_sql(out, |p| p.transaction_statement()),
                "SELECT" => {
                    self.bulk_into = false;
                    let (query, into, _) = self.query_into(true)?;
                    let bulk = std::mem::take(&mut self.bulk_into);
                    let text = self.slice(t.start, self.prev_end());
                    if into.is_empty() {
                        let (l, c) = self.pls_line_col(t.pos);
                        return Err(LabError::pls(ora::PLS_INTO_EXPECTED, &[], (l, c), t.pos));
                    }
                    self.semi()?;
                    out.push(PlsqlStatement::SelectInto { query: Box::new(query), into, text, bulk });
                    return Ok(());
                }
                "WITH" => return Err(self.unsupported("WITH clauses (subquery factoring)")),
                "LOCK" | "SET" => {
                    return Err(self.unsupported(format!("{w} statements")));
                }
                "IF" => return self.if_statement(out),
                "WHILE" => return self.while_loop(out),
                "LOOP" => return self.basic_loop(out),
                "EXIT" => return self.exit_statement(out),
                "RETURN" => return self.return_statement(out),
                "RAISE" => return self.raise_statement(out),
                "CASE" | "GOTO" | "CONTINUE" | "PIPE" => {
                    return Err(self.unsupported(format!("PL/SQL {w} statements")));
                }
                _ => {}
            }
            if is_reserved(w) {
                return Err(self.pls103(
                    "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>",
                ));
            }
        }
        match &t.tok {
            Tok::Ident { .. } => self.call_or_assign(out),
            Tok::Lt if self.nth(1) == &Tok::Lt => Err(self.unsupported("PL/SQL labels")),
            Tok::Bind(b) => {
                // `:n := expr;`: a SQL*Plus bind variable, named `:N` among
                // the block's variables (no PL/SQL identifier can be).
                let target = Ident { name: format!(":{b}"), pos: t.pos };
                self.bump();
                if !self.eat(&Tok::Assign) {
                    return Err(self.unsupported("a bind variable other than as an assignment's target"));
                }
                let value = self.expr()?;
                self.semi()?;
                out.push(PlsqlStatement::Assign { target, value });
                Ok(())
            }
            _ => Err(self.pls103(
                "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>",
            )),
        }
    }

    fn call_or_assign(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let first = self.tok().clone();
        let mut parts: Vec<String> = Vec::new();
        if let Tok::Ident { name, .. } = &first.tok {
            parts.push(name.clone());
        }
        self.bump();
        while self.is(&Tok::Dot) {
            match self.nth(1).clone() {
                Tok::Ident { name, .. } => {
                    self.bump();
                    self.bump();
                    parts.push(name);
                }
                _ => {
                    self.bump();
                    return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>"));
                }
            }
        }
        let name = Ident { name: parts.join("."), pos: first.pos };
        if self.eat(&Tok::Assign) {
            if parts.len() != 1 {
                return Err(LabError::unsupported("assignment to record fields or package variables", first.pos));
            }
            let value = self.expr()?;
            self.semi()?;
            out.push(PlsqlStatement::Assign { target: name, value });
            return Ok(());
        }
        let mut args = Vec::new();
        if self.eat(&Tok::LParen) {
            if !self.eat(&Tok::RParen) {
                loop {
                    let mut arg_name = None;
                    if let Tok::Ident { name, .. } = &self.tok().tok {
                        if self.nth(1) == &Tok::Arrow {
                            arg_name = Some(name.clone());
                            self.bump();
                            self.bump();
                        }
                    }
                    args.push((arg_name, self.expr()?));
                    if self.eat(&Tok::Comma) {
                        continue;
                    }
                    if self.eat(&Tok::RParen) {
                        break;
                    }
                    return Err(self.pls103(", ) * & = - + < / > at in is mod remainder not rem => <>"));
                }
            }
        } else if !(self.is(&Tok::Semi) || (self.semi_optional_at_eof && self.at_eof())) {
            return Err(self.pls103(":= . ( @ % ;"));
        }
        if self.is(&Tok::Assign) && parts.len() == 1 && args.len() == 1 && args[0].0.is_none() {
            // `t(i) := expr`: an element of a collection.
            self.bump();
            let value = self.expr()?;
            self.semi()?;
            let index = args.pop().map(|a| a.1).expect("one argument");
            out.push(PlsqlStatement::AssignElement { coll: name, index, value });
            return Ok(());
        }
        self.semi()?;
        out.push(PlsqlStatement::Call { name, args });
        Ok(())
    }

    /// `FOR i IN a .. b LOOP ... END LOOP;`: one tree level above the
    /// deepest expression or loop inside it.
    fn for_loop(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let at = self.bump().pos;
        let outer = self.enter_tree();
        let t = self.tok().clone();
        let var = match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => Ident { name: name.clone(), pos: t.pos },
            _ => return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>")),
        };
        self.bump();
        if !self.eat_kw("IN") {
            return Err(self.pls103("in"));
        }
        if self.is_kw("REVERSE") {
            return Err(self.unsupported("FOR ... IN REVERSE loops"));
        }
        if self.is(&Tok::LParen) && self.nth_is_kw(1, "SELECT") {
            self.leave_tree(outer);
            return self.cursor_for_loop(var, at, out);
        }
        if self.at_declared_cursor() {
            self.leave_tree(outer);
            return self.declared_cursor_for(var, at, out);
        }
        let from = self.expr()?;
        if !self.eat(&Tok::DotDot) {
            if self.is_kw("LOOP") {
                return Err(self.unsupported("cursor FOR loops"));
            }
            return Err(self.pls103(".. * & = - + / at mod remainder rem || multiset"));
        }
        let to = self.expr()?;
        if !self.eat_kw("LOOP") {
            return Err(self.pls103("* & - + / at loop mod remainder rem || multiset"));
        }
        let body = self.plsql_body()?;
        let deepest = self.leave_tree(outer);
        let depth = self.grow(deepest + 1, at)?;
        self.record(depth);
        if !self.eat_kw("END") {
            return Err(self.pls103("end"));
        }
        if !self.eat_kw("LOOP") {
            return Err(self.pls103("loop"));
        }
        if matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || !is_reserved(name)) {
            self.bump();
        }
        self.semi()?;
        out.push(PlsqlStatement::ForLoop { var, from, to, body, pos: at });
        Ok(())
    }

    fn execute_immediate(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        if !self.eat_kw("IMMEDIATE") {
            return Err(self.pls103(":= . ( @ % ; immediate"));
        }
        let sql = self.expr()?;
        let mut into = Vec::new();
        let mut using = Vec::new();
        if self.is_kw("BULK") {
            return Err(self.unsupported("BULK COLLECT"));
        }
        if self.eat_kw("INTO") {
            loop {
                let t = self.tok().clone();
                match &t.tok {
                    Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                        self.bump();
                        into.push(Ident { name: name.clone(), pos: t.pos });
                    }
                    _ => return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>")),
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        if self.eat_kw("USING") {
            loop {
                if self.is_kw("OUT") || (self.is_kw("IN") && self.nth_is_kw(1, "OUT")) {
                    return Err(self.unsupported("OUT bind arguments"));
                }
                self.eat_kw("IN");
                using.push(self.expr()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        if self.is_kw("RETURNING") || self.is_kw("RETURN") {
            return Err(self.unsupported("RETURNING INTO"));
        }
        self.semi()?;
        out.push(PlsqlStatement::ExecuteImmediate { sql, into, using, pos });
        Ok(())
    }

    /// SQL*Plus `EXEC statement`: statements up to the end, last `;` optional.
    pub(super) fn exec_body(&mut self) -> R<PlsqlBlock> {
        self.merge_cursor_attributes();
        self.semi_optional_at_eof = true;
        self.pls_col_offset = 6;
        self.base = self.tok().pos;
        let mut body = Vec::new();
        let r = (|| {
            while !self.at_eof() {
                if let Tok::Error(e) = &self.tok().tok {
                    return Err(e.clone());
                }
                self.plsql_statement(&mut body)?;
            }
            Ok(())
        })();
        r.map_err(|e| self.wrap_plsql(e))?;
        let mut declarations = Vec::new();
        self.implicit_cursor_decls(&mut declarations);
        Ok(PlsqlBlock {
            declarations,
            body,
            inits: 0,
            base: self.base,
            col_offset: self.pls_col_offset,
            shown_at: self.base,
        })
    }
}
