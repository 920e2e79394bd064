//! The PL/SQL compiler's pass over an EXCEPTION section: each handler
//! names an exception in scope (one of Oracle's predefined ones, or
//! OTHERS), else PLS-00201; `RAISE;` compiles in its statements only.
//! `RAISE name` names an exception in scope
//! (PLS-00201), `RAISE;` is only in a handler (PLS-00367).

use super::super::super::*;
use super::super::exceptions::{CAUGHT, PREDEFINED};
use super::super::lookup_var;
use super::{Ignored, Unit};
use lio_sql::ast::{exception_var, ExceptionHandler};

/// Whether `name` is an exception in scope: declared, or predefined.
fn is_exception(vars: &[(String, Value)], name: &str) -> bool {
    lookup_var(vars, &exception_var(name)).is_some() || PREDEFINED.iter().any(|(p, _)| *p == name)
}

impl Run<'_> {
    pub(super) fn check_handled(
        &mut self,
        u: &mut Unit,
        body: &[PlsqlStatement],
        handlers: &[ExceptionHandler],
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<(), LabError> {
        self.check_body(u, body, vars, seen)?;
        for h in handlers {
            for n in &h.names {
                if n.name != "OTHERS" && !is_exception(vars, &n.name) {
                    u.undeclared(&n.name, n.pos, n.pos, Ignored::Plsql);
                }
            }
            let base = vars.len();
            vars.push((CAUGHT.into(), Value::Null));
            let r = self.check_body(u, &h.body, vars, seen);
            vars.truncate(base);
            r?;
        }
        Ok(())
    }

    pub(super) fn check_raise(u: &mut Unit, name: Option<&Ident>, at: Pos, vars: &[(String, Value)]) {
        match name {
            Some(n) if !is_exception(vars, &n.name) => u.undeclared(&n.name, n.pos, at, Ignored::Plsql),
            Some(_) => {}
            None if lookup_var(vars, CAUGHT).is_none() => {
                u.error(ora::PLS_RAISE_OUTSIDE_HANDLER.line(&[]), at, at, Ignored::Plsql)
            }
            None => {}
        }
    }
}
