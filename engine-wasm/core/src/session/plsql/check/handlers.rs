//! The PL/SQL compiler's pass over an EXCEPTION section: each handler
//! names an exception in scope (one of Oracle's predefined ones, or
//! OTHERS), else PLS-00201; its statements compile with SQLCODE and
//! SQLERRM in scope.

use super::super::super::*;
use super::super::exceptions::PREDEFINED;
use super::{Ignored, Unit};
use lio_sql::ast::ExceptionHandler;

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
                if n.name != "OTHERS" && !PREDEFINED.iter().any(|(p, _)| *p == n.name) {
                    u.undeclared(&n.name, n.pos, n.pos, Ignored::Plsql);
                }
            }
            let base = vars.len();
            vars.push(("SQLCODE".into(), Value::Null));
            vars.push(("SQLERRM".into(), Value::Null));
            let r = self.check_body(u, &h.body, vars, seen);
            vars.truncate(base);
            r?;
        }
        Ok(())
    }
}
