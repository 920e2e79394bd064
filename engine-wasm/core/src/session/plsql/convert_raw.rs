//! DBMS_STATS.CONVERT_RAW_VALUE(rawval, resval OUT): the procedure scripts
//! decode a statistic's LOW_VALUE / HIGH_VALUE with (Lewis's and others'
//! `raw_to_num` wrappers). Its overload is chosen by the OUT variable's
//! declared type: NUMBER, VARCHAR2 or DATE (Oracle Database PL/SQL
//! Packages and Types Reference, DBMS_STATS); the RAW is its hex digits,
//! read as `exec/raw.rs` reads UTL_RAW's. The other overloads (BINARY_FLOAT,
//! BINARY_DOUBLE, NVARCHAR2, ROWID) are refused.

use super::super::plsql_vars::{declared_type_text, set_var};
use super::super::*;
use crate::exec::raw::{decode, RawAs};

const NAME: &str = "DBMS_STATS.CONVERT_RAW_VALUE";

/// A procedure call: its name and its arguments (named or by position).
type Call<'a> = (&'a Ident, &'a [(Option<String>, Expr)]);

impl Run<'_> {
    /// CONVERT_RAW_VALUE, run here (its OUT parameter is a variable of the
    /// block); false for any other call.
    pub(super) fn convert_raw_value(&mut self, call: Call<'_>, vars: &mut [(String, Value)]) -> Result<bool, LabError> {
        let (name, args) = call;
        if name.name.strip_prefix("SYS.").unwrap_or(&name.name) != NAME {
            return Ok(false);
        }
        let wrong = || LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&"CONVERT_RAW_VALUE"], name.pos);
        let (mut raw, mut target) = (None, None);
        for (k, (n, e)) in args.iter().enumerate() {
            let slot = match n.as_deref().map(str::to_ascii_lowercase).as_deref() {
                Some("rawval") => 0,
                Some("resval") => 1,
                Some(_) => return Err(wrong()),
                None => k,
            };
            match slot {
                0 => raw = Some(e),
                1 => target = Some(e),
                _ => return Err(wrong()),
            }
        }
        let (Some(raw), Some(target)) = (raw, target) else { return Err(wrong()) };
        let Expr::Column { qualifier: None, name: var } = target else {
            let what = format!("{NAME} into an expression that is not a variable");
            return Err(LabError::unsupported(what, name.pos));
        };
        let ty = declared_type_text(vars, &var.name).map(|t| t.split('(').next().unwrap_or(t).to_string());
        let to = match ty.as_deref() {
            Some("NUMBER" | "INTEGER" | "INT" | "FLOAT" | "PLS_INTEGER" | "BINARY_INTEGER") => RawAs::Number,
            Some("VARCHAR2" | "VARCHAR" | "STRING") => RawAs::Varchar2,
            Some("DATE") => RawAs::Date,
            _ => {
                let t = ty.unwrap_or_else(|| "a type the lab does not record".into());
                return Err(LabError::unsupported(format!("{NAME} into {} of {t}", var.name), var.pos));
            }
        };
        let v = self.plsql_eval(raw, vars)?;
        let got = decode(&v, to, NAME, name.pos)?;
        set_var(vars, var, got)?;
        Ok(true)
    }
}
