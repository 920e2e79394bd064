//! Stored programs (`CREATE [OR REPLACE] PROCEDURE|FUNCTION`) and the
//! PL/SQL control statements: IF, WHILE, LOOP/EXIT, cursor FOR loops and
//! RETURN.

use super::keywords::is_reserved;
use super::{Parser, BLOCK_WEIGHT, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

const STATEMENT_START: &str =
    "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>";

impl Parser<'_> {
    /// `CREATE [OR REPLACE] [EDITIONABLE|NONEDITIONABLE] PROCEDURE|FUNCTION name
    /// [(params)] [RETURN type] [AUTHID ...] IS|AS decls BEGIN body END [name];`
    pub(super) fn create_program(&mut self) -> R<StatementKind> {
        self.bump(); // CREATE
        let mut or_replace = false;
        if self.eat_kw("OR") {
            if !self.eat_kw("REPLACE") {
                return Err(self.pls103("replace"));
            }
            or_replace = true;
        }
        if !self.eat_kw("EDITIONABLE") {
            self.eat_kw("NONEDITIONABLE");
        }
        // The program's source (USER_SOURCE, and the lines and columns of
        // its compile errors) starts at PROCEDURE or FUNCTION.
        let source_start = self.tok().pos;
        let function = match self.word() {
            Some("PROCEDURE") => false,
            Some("FUNCTION") => true,
            Some(w) => return Err(self.unsupported(format!("CREATE {w}"))),
            None => return Err(self.pls103("procedure function package")),
        };
        self.bump();
        let name = self.plsql_name()?;
        match self.program_rest(name.clone(), or_replace, function, source_start) {
            // Oracle stores a program that does not parse too: INVALID,
            // its PLS-00103 in USER_ERRORS.
            Err(e) if e.is(ora::PLSQL_COMPILATION_ERROR) => {
                let code = ora::PLS_ENCOUNTERED_SYMBOL.code();
                let text = e.message.split_once('\n').map(|(_, t)| t).filter(|t| t.starts_with(code.as_str()));
                let Some(text) = text else { return Err(e) };
                Ok(StatementKind::CreateProgram(Box::new(StoredProgram {
                    name,
                    or_replace,
                    params: Vec::new(),
                    returns: function.then(String::new),
                    block: PlsqlBlock {
                        declarations: Vec::new(),
                        body: Vec::new(),
                        inits: 0,
                        base: source_start,
                        col_offset: 0,
                        shown_at: source_start,
                    },
                    syntax_error: Some((e.pos, text.to_string())),
                })))
            }
            r => r,
        }
    }

    /// What follows a program's name, up to its end.
    fn program_rest(&mut self, name: Ident, or_replace: bool, function: bool, source_start: Pos) -> R<StatementKind> {
        let mut params = Vec::new();
        if self.eat(&Tok::LParen) {
            loop {
                params.push(self.program_param()?);
                if self.eat(&Tok::Comma) {
                    continue;
                }
                if self.eat(&Tok::RParen) {
                    break;
                }
                return Err(self.pls103(", ) default :="));
            }
        }
        let returns = if function {
            if !self.eat_kw("RETURN") {
                return Err(self.pls103("return"));
            }
            Some(self.type_text(|p| p.is_kw("IS") || p.is_kw("AS") || p.is_kw("AUTHID") || p.is_kw("DETERMINISTIC"))?)
        } else {
            None
        };
        loop {
            if self.eat_kw("AUTHID") {
                if !(self.eat_kw("DEFINER") || self.eat_kw("CURRENT_USER")) {
                    return Err(self.pls103("current_user definer"));
                }
            } else if !(self.eat_kw("DETERMINISTIC") || self.eat_kw("PARALLEL_ENABLE")) {
                break;
            }
        }
        if !(self.eat_kw("IS") || self.eat_kw("AS")) {
            return Err(self.pls103("is as"));
        }
        if self.is_kw("LANGUAGE") || self.is_kw("EXTERNAL") {
            return Err(self.unsupported("call specifications (LANGUAGE JAVA/C)"));
        }
        let mut declarations = Vec::new();
        let mut inits = Vec::new();
        while !self.is_kw("BEGIN") {
            if self.at_eof() {
                return Err(self.pls103("begin"));
            }
            self.declaration(&mut declarations, &mut inits)?;
        }
        self.implicit_cursor_decls(&mut declarations);
        let begin = self.bump().pos;
        let n = inits.len();
        let mut body = inits;
        body.extend(self.handled_body(begin)?);
        self.block_end()?;
        if !self.at_eof() {
            return Err(self.pls103("end-of-file"));
        }
        self.set_fetch_rows(&mut body)?;
        Ok(StatementKind::CreateProgram(Box::new(StoredProgram {
            name,
            or_replace,
            params,
            returns,
            block: PlsqlBlock {
                declarations,
                body,
                inits: n,
                base: source_start,
                col_offset: 0,
                shown_at: source_start,
            },
            syntax_error: None,
        })))
    }

    fn plsql_name(&mut self) -> R<Ident> {
        let t = self.tok().clone();
        let mut name = match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => name.clone(),
            _ => return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>")),
        };
        self.bump();
        if self.is(&Tok::Dot) {
            if let Tok::Ident { name: n, .. } = self.nth(1).clone() {
                // schema.name: the lab has one schema.
                self.bump();
                self.bump();
                name = n;
            }
        }
        Ok(Ident { name, pos: t.pos })
    }

    /// `name [IN] [OUT] [NOCOPY] type [DEFAULT expr | := expr]`
    fn program_param(&mut self) -> R<ProgramParam> {
        let name = self.plsql_name()?;
        let inp = self.eat_kw("IN");
        if self.is_kw("OUT") {
            let _ = inp;
            return Err(self.unsupported("OUT and IN OUT parameters"));
        }
        self.eat_kw("NOCOPY");
        let type_text =
            self.type_text(|p| matches!(p.tok().tok, Tok::Comma | Tok::RParen | Tok::Assign) || p.is_kw("DEFAULT"))?;
        let default = if self.eat(&Tok::Assign) || self.eat_kw("DEFAULT") { Some(self.expr()?) } else { None };
        Ok(ProgramParam { name, type_text, default })
    }

    /// A type's text up to `end` at parenthesis depth 0.
    fn type_text(&mut self, end: impl Fn(&Self) -> bool) -> R<String> {
        let start = self.tok().start;
        let mut depth = 0u32;
        let mut n = 0;
        loop {
            if matches!(self.tok().tok, Tok::Eof | Tok::Error(_) | Tok::Semi) {
                break;
            }
            if depth == 0 && end(self) {
                break;
            }
            match self.tok().tok {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => break,
                Tok::RParen => depth -= 1,
                _ => {}
            }
            self.bump();
            n += 1;
        }
        if n == 0 {
            return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier> table long double ref char time timestamp interval date binary national character nchar"));
        }
        Ok(self.slice(start, self.prev_end()))
    }

    /// Statements up to one of the `stops` keywords (not consumed).
    pub(super) fn plsql_seq(&mut self, stops: &[&str]) -> R<Vec<PlsqlStatement>> {
        self.enter(BLOCK_WEIGHT)?;
        let mut out = Vec::new();
        while !(stops.iter().any(|k| self.is_kw(k)) || self.at_eof()) {
            if let Tok::Error(e) = &self.tok().tok {
                return Err(e.clone());
            }
            self.plsql_statement(&mut out)?;
        }
        if out.is_empty() || self.at_eof() {
            return Err(self.pls103(STATEMENT_START));
        }
        self.depth -= BLOCK_WEIGHT;
        Ok(out)
    }

    /// The tree depth of a compound statement opened at `at` (one above
    /// its deepest expression or nested statement).
    pub(super) fn compound<T>(&mut self, at: Pos, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        let outer = self.enter_tree();
        let r = f(self);
        let deepest = self.leave_tree(outer);
        let r = r?;
        let depth = self.grow(deepest + 1, at)?;
        self.record(depth);
        Ok(r)
    }

    fn end_kw(&mut self, kw: &str) -> R<()> {
        if !self.eat_kw("END") {
            return Err(self.pls103("end"));
        }
        if !self.eat_kw(kw) {
            return Err(self.pls103(&kw.to_ascii_lowercase()));
        }
        Ok(())
    }

    /// `IF c THEN ... {ELSIF c THEN ...} [ELSE ...] END IF;`
    pub(super) fn if_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let at = self.bump().pos;
        let s = self.compound(at, |p| {
            let mut branches = Vec::new();
            let mut otherwise = Vec::new();
            loop {
                let cond = p.expr()?;
                if !p.eat_kw("THEN") {
                    return Err(p.pls103("then and or"));
                }
                let body = p.plsql_seq(&["ELSIF", "ELSE", "END"])?;
                branches.push((cond, body));
                if p.eat_kw("ELSIF") {
                    continue;
                }
                if p.eat_kw("ELSE") {
                    otherwise = p.plsql_seq(&["END"])?;
                }
                break;
            }
            p.end_kw("IF")?;
            Ok(PlsqlStatement::If { branches, otherwise, pos: at })
        })?;
        self.semi()?;
        out.push(s);
        Ok(())
    }

    /// `WHILE c LOOP ... END LOOP [label];`
    pub(super) fn while_loop(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let at = self.bump().pos;
        let s = self.compound(at, |p| {
            let cond = p.expr()?;
            if !p.eat_kw("LOOP") {
                return Err(p.pls103("loop and or"));
            }
            let body = p.plsql_seq(&["END"])?;
            p.end_kw("LOOP")?;
            Ok(PlsqlStatement::While { cond, body, pos: at })
        })?;
        self.loop_label();
        self.semi()?;
        out.push(s);
        Ok(())
    }

    /// `LOOP ... END LOOP [label];`
    pub(super) fn basic_loop(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let at = self.bump().pos;
        let s = self.compound(at, |p| {
            let body = p.plsql_seq(&["END"])?;
            p.end_kw("LOOP")?;
            Ok(PlsqlStatement::Loop { body })
        })?;
        self.loop_label();
        self.semi()?;
        out.push(s);
        Ok(())
    }

    fn loop_label(&mut self) {
        if matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || !is_reserved(name)) {
            self.bump();
        }
    }

    /// `EXIT [WHEN c];`
    pub(super) fn exit_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        let when = if self.eat_kw("WHEN") { Some(self.expr()?) } else { None };
        self.semi()?;
        out.push(PlsqlStatement::Exit { when, pos });
        Ok(())
    }

    /// `RETURN [expr];`
    pub(super) fn return_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        let value = if self.is(&Tok::Semi) { None } else { Some(self.expr()?) };
        self.semi()?;
        out.push(PlsqlStatement::Return { value, pos });
        Ok(())
    }

    /// After `FOR r IN`: `(SELECT ...) LOOP ... END LOOP;`
    pub(super) fn cursor_for_loop(&mut self, var: Ident, at: Pos, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let s = self.compound(at, |p| {
            p.bump(); // (
            let start = p.tok().start;
            let (query, into, _) = p.query_into(false)?;
            if !into.is_empty() {
                return Err(p.unsupported("INTO in a cursor FOR loop's query"));
            }
            let text = p.slice(start, p.prev_end());
            if !p.eat(&Tok::RParen) {
                return Err(p.pls103(")"));
            }
            p.cursor_loop_rest(var, Box::new(query), text, Vec::new())
        })?;
        self.loop_label();
        self.semi()?;
        out.push(s);
        Ok(())
    }

    /// A cursor FOR loop from its `LOOP` to `END LOOP` (label and `;` left).
    pub(super) fn cursor_loop_rest(
        &mut self,
        var: Ident,
        query: Box<Query>,
        text: String,
        args: Vec<CursorArg>,
    ) -> R<PlsqlStatement> {
        if !self.eat_kw("LOOP") {
            return Err(self.pls103("loop"));
        }
        let body = self.plsql_seq(&["END"])?;
        self.end_kw("LOOP")?;
        Ok(PlsqlStatement::CursorFor { var, query, text, body, args })
    }

    /// Statements after a loop's `END LOOP`: its label and `;`.
    pub(super) fn loop_end(&mut self) -> R<()> {
        self.loop_label();
        self.semi()
    }
}
