//! EXCEPTION sections: `EXCEPTION WHEN name [OR name ...] THEN ...` at the
//! end of a block, nested or a unit's own.

use super::keywords::is_reserved;
use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// A block's statements up to its `END` (not consumed), with its
    /// EXCEPTION section if it has one: then the statements come back as
    /// one [`PlsqlStatement::Handled`] (a tree level, as a loop is).
    pub(super) fn handled_body(&mut self, at: Pos) -> R<Vec<PlsqlStatement>> {
        let outer = self.enter_tree();
        let r = self.handled_body_inner(at);
        let deepest = self.leave_tree(outer);
        let body = r?;
        if matches!(body.as_slice(), [PlsqlStatement::Handled { .. }]) {
            let depth = self.grow(deepest + 1, at)?;
            self.record(depth);
        } else {
            self.record(deepest);
        }
        Ok(body)
    }

    fn handled_body_inner(&mut self, at: Pos) -> R<Vec<PlsqlStatement>> {
        let body = self.plsql_body()?;
        if !self.eat_kw("EXCEPTION") {
            return Ok(body);
        }
        let mut handlers: Vec<ExceptionHandler> = Vec::new();
        while self.is_kw("WHEN") {
            self.bump();
            if let Some(h) = handlers.iter().find(|h| h.names.iter().any(|n| n.name == "OTHERS")) {
                // OTHERS must be the last handler.
                let at = h.names[0].pos;
                return Err(LabError::pls(ora::PLS_OTHERS_LAST, &[], self.pls_line_col(at), at));
            }
            let mut names = Vec::new();
            loop {
                let t = self.tok().clone();
                let name = match &t.tok {
                    Tok::Ident { name, quoted } if *quoted || !is_reserved(name) || name == "OTHERS" => name.clone(),
                    _ => return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier> others")),
                };
                self.bump();
                if self.is(&Tok::Dot) {
                    return Err(self.unsupported("exceptions of packages in handlers"));
                }
                let seen =
                    handlers.iter().flat_map(|h| h.names.iter()).chain(names.iter()).any(|n: &Ident| n.name == name);
                if seen {
                    let args: [&dyn std::fmt::Display; 1] = [&name];
                    return Err(LabError::pls(
                        ora::PLS_EXCEPTION_IN_TWO_HANDLERS,
                        &args,
                        self.pls_line_col(t.pos),
                        t.pos,
                    ));
                }
                names.push(Ident { name, pos: t.pos });
                if !self.eat_kw("OR") {
                    break;
                }
            }
            if names.len() > 1 && names.iter().any(|n| n.name == "OTHERS") {
                return Err(self.unsupported("OTHERS joined to other exceptions by OR"));
            }
            if !self.eat_kw("THEN") {
                return Err(self.pls103("or then"));
            }
            let body = self.plsql_seq(&["WHEN", "END"])?;
            handlers.push(ExceptionHandler { names, body });
        }
        if handlers.is_empty() {
            return Err(self.pls103("pragma when"));
        }
        Ok(vec![PlsqlStatement::Handled { body, handlers, pos: at }])
    }
}

impl Parser<'_> {
    /// `name EXCEPTION;` (the name read).
    pub(super) fn exception_declaration(
        &mut self,
        name: Ident,
        decls: &mut Vec<(Ident, String)>,
        inits: &mut Vec<PlsqlStatement>,
    ) -> R<()> {
        self.bump();
        self.semi()?;
        let var = Ident { name: exception_var(&name.name), pos: name.pos };
        let base = self.base;
        let id = format!("{}@{}:{}/{}:{}", name.name, name.pos.line, name.pos.column, base.line, base.column);
        inits.push(PlsqlStatement::Assign { target: var.clone(), value: Expr::String(id, name.pos) });
        decls.push((var, "EXCEPTION".into()));
        Ok(())
    }

    /// `PRAGMA EXCEPTION_INIT (name, [-]n);` after the exception's
    /// declaration in the same section: the exception stands for ORA-n
    /// (100 or -1 .. -9,999,999 but -1403; PLS-00701 otherwise).
    pub(super) fn exception_init(&mut self, decls: &[(Ident, String)], inits: &mut Vec<PlsqlStatement>) -> R<()> {
        self.bump();
        self.bump();
        if !self.eat(&Tok::LParen) {
            return Err(self.pls103("("));
        }
        let t = self.tok().clone();
        let Tok::Ident { name, .. } = &t.tok else {
            return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>"));
        };
        let var = exception_var(name);
        if !decls.iter().any(|(d, _)| d.name == var) {
            let args: [&dyn std::fmt::Display; 1] = [name];
            return Err(LabError::pls(ora::PLS_UNKNOWN_EXCEPTION_INIT, &args, self.pls_line_col(t.pos), t.pos));
        }
        self.bump();
        if !self.eat(&Tok::Comma) {
            return Err(self.pls103(","));
        }
        let at = self.tok().pos;
        let negative = self.eat(&Tok::Minus);
        let Tok::Number(n) = self.tok().tok.clone() else {
            return Err(self.pls103("<an integer>"));
        };
        self.bump();
        let written = format!("{}{}", if negative { "-" } else { "" }, n);
        let code: Option<i64> = written.parse().ok();
        let valid = code.is_some_and(|c| c == 100 || ((-9_999_999..=-1).contains(&c) && c != -1403));
        if !valid {
            let args: [&dyn std::fmt::Display; 1] = [&written];
            return Err(LabError::pls(ora::PLS_ILLEGAL_EXCEPTION_INIT, &args, self.pls_line_col(at), at));
        }
        if !self.eat(&Tok::RParen) {
            return Err(self.pls103(")"));
        }
        self.semi()?;
        let target = Ident { name: var, pos: t.pos };
        inits.push(PlsqlStatement::Assign { target, value: Expr::String(written, at) });
        Ok(())
    }

    /// `RAISE [name];`
    pub(super) fn raise_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        let name = match &self.tok().tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                let n = Ident { name: name.clone(), pos: self.tok().pos };
                self.bump();
                if self.is(&Tok::Dot) {
                    return Err(self.unsupported("exceptions of packages"));
                }
                Some(n)
            }
            _ => None,
        };
        self.semi()?;
        out.push(PlsqlStatement::Raise { name, pos });
        Ok(())
    }
}
