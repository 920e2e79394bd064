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
