//! `SYS_CONTEXT('USERENV', parameter)`: the parsing session's attributes,
//! constant for its cursors (each session builds its own).

use super::*;
use crate::value::Value;

/// What the lab's sessions are: on one instance.
const DB_NAME: &str = "LIOLAB";

impl Builder<'_> {
    pub(super) fn sys_context(&mut self, args: &[Expr], pos: Pos) -> Result<CExpr, LabError> {
        if args.len() != 2 && args.len() != 3 {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, pos));
        }
        let literal = |e: &Expr| match e {
            Expr::String(s, _) => Some(s.to_ascii_uppercase()),
            _ => None,
        };
        let (Some(ns), Some(param)) = (literal(&args[0]), literal(&args[1])) else {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "SYS_CONTEXT with non-literal arguments", pos));
        };
        if ns != "USERENV" {
            // A namespace no context was created for: NULL, as in Oracle.
            return Ok(CExpr::Const(Value::Null));
        }
        let v = match param.as_str() {
            "SID" => Value::str(&self.ctx.sid.to_string()),
            "SESSION_USER" | "CURRENT_USER" | "CURRENT_SCHEMA" => Value::str(self.ctx.user),
            "PROXY_USER" => Value::Null,
            "SESSIONID" => Value::str(&(self.ctx.sid as u64 * 1000 + 7).to_string()),
            "DB_NAME" | "DB_UNIQUE_NAME" | "INSTANCE_NAME" | "SERVICE_NAME" => Value::str(DB_NAME),
            "INSTANCE" => Value::str("1"),
            "CON_NAME" => Value::str(DB_NAME),
            "LANGUAGE" => Value::str("AMERICAN_AMERICA.AL32UTF8"),
            "NLS_TERRITORY" => Value::str("AMERICA"),
            "TERMINAL" | "HOST" | "SERVER_HOST" => Value::str("lio-lab"),
            "OS_USER" => Value::str("oracle"),
            "MODULE" => Value::str("SQL*Plus"),
            "ISDBA" => Value::str(if self.ctx.user == "SYS" { "TRUE" } else { "FALSE" }),
            "AUTHENTICATION_METHOD" => Value::str("PASSWORD"),
            _ => return Err(LabError::new(ora::INVALID_USERENV_PARAMETER, expr_pos(&args[1]))),
        };
        Ok(CExpr::Const(v))
    }
}
