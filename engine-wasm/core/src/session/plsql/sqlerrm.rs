//! SQLCODE and SQLERRM, PL/SQL's error functions (package STANDARD).
//!
//! They read the exception being handled: the session's
//! `plsql_error`, set when a handler starts and cleared when any
//! handler ends (muzso, "Scope of an exception in PL/SQL", 2007: after a
//! nested block's handler has run, the enclosing handler's SQLCODE is 0
//! again). With none, SQLCODE is 0 and SQLERRM Oracle's
//! `ORA-0000: normal, successful completion` (its code with four digits,
//! as printed by every release's PL/SQL Language Reference).
//!
//! `SQLERRM(n)` is the message of error n: 0 as above, +100 ORA-01403's,
//! a negative number the ORA- message of its absolute value (the lab's
//! catalogue must have it whole: one with placeholders, one the lab does
//! not know or has two texts for, and the application errors -20000 ..
//! -20999, are refused: Oracle fills placeholders with nothing, or says
//! `Message n not found`, and which it is the lab cannot tell). A
//! positive number other than 100 is `-n: non-ORACLE exception` from 11.1
//! (Language Reference 11.1 to 23) and `User-Defined Exception` in 10.2
//! (10.2's Language Reference).

use super::super::*;

/// Whether `name` is one of the error functions.
pub(in crate::session) fn is_error_function(name: &str) -> bool {
    matches!(name, "SQLCODE" | "SQLERRM")
}

/// SQLERRM of no error (and of 0).
fn normal_completion() -> String {
    format!("{}-{:04}: normal, successful completion", ora::Facility::Ora.prefix(), 0)
}

impl Run<'_> {
    /// The value of `SQLCODE` or `SQLERRM` (`args`: SQLERRM's argument,
    /// evaluated) where `name` is.
    pub(in crate::session) fn error_function(&self, name: &Ident, args: &[Value]) -> Result<Value, LabError> {
        let at = name.pos;
        match (name.name.as_str(), args) {
            ("SQLCODE", []) => Ok(self.s.plsql_error.as_ref().map_or(Value::int(0), |(c, _)| Value::int(*c))),
            ("SQLERRM", []) => {
                Ok(Value::str(&self.s.plsql_error.as_ref().map_or_else(normal_completion, |(_, m)| m.clone())))
            }
            ("SQLERRM", [n]) => self.sqlerrm_of(n, at),
            _ => Err(LabError::unsupported(format!("{} with these arguments", name.name), at)),
        }
    }

    /// `SQLERRM(n)`.
    fn sqlerrm_of(&self, n: &Value, at: Pos) -> Result<Value, LabError> {
        let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e9) else {
            return Err(LabError::unsupported("SQLERRM of a NULL, fractional or out-of-range number", at));
        };
        let n = f as i64;
        let text = match n {
            0 => normal_completion(),
            100 => line(ora::NO_DATA_FOUND),
            1.. if self.inst.profile.sqlerrm_non_oracle => format!("{}: non-ORACLE exception", -n),
            1.. => "User-Defined Exception".to_string(),
            _ => {
                let code = ora::Facility::Ora.code(n.unsigned_abs() as u32);
                // The application errors' texts are their raisers' (DBMS_STATS'),
                // and a code catalogued twice has a text of the lab's.
                let texts: Vec<ora::Entry> = ora::catalogue().iter().copied().filter(|e| e.code() == code).collect();
                match texts.as_slice() {
                    [e] if !e.text.contains("%s") && !(20_000..=20_999).contains(&-n) => line(*e),
                    _ => {
                        let what = format!("SQLERRM of {code}, whose message the lab does not have whole");
                        return Err(LabError::unsupported(what, at));
                    }
                }
            }
        };
        Ok(Value::str(&text))
    }
}

/// `ORA-nnnnn: text`, as SQLERRM gives an error.
fn line(e: ora::Entry) -> String {
    format!("{}: {}", e.code(), e.text)
}
