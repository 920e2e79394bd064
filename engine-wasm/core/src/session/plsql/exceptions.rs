//! EXCEPTION sections at run time (`lio_sql` `parser/plsql_exception.rs`):
//! an error the block's statements raise is caught by the first handler
//! naming it; SQLCODE and SQLERRM read it inside the handler (sqlerrm.rs); an error no
//! handler names goes on to the enclosing block, then to the caller.
//!
//! What an error leaves behind: the failing SQL statement's own changes
//! are undone by the statement itself (statement-level rollback,
//! `change.rs` `finish_statement`); the block's earlier statements stay
//! whether the error is handled or not. Only the client's call, the
//! anonymous block SQL*Plus sends, is one statement whose unhandled error
//! undoes everything it did ([`Run::block_savepoint`]), as Oracle marks an
//! implicit savepoint before it (Kyte, "Procedure-Level Atomicity",
//! Expert Oracle Database Architecture: "Oracle wrapped a SAVEPOINT
//! around it"; tests/articles/kyte-statement-level-atomicity.sql).

use super::super::program::Flow;
use super::super::*;
use super::lookup_var;
use lio_sql::ast::{exception_var, ExceptionHandler};

/// Oracle's predefined exceptions (package STANDARD's `PRAGMA
/// EXCEPTION_INIT`s): the name and the ORA- number it stands for.
pub(in crate::session) const PREDEFINED: &[(&str, u32)] = &[
    ("ACCESS_INTO_NULL", 6530),
    ("CASE_NOT_FOUND", 6592),
    ("COLLECTION_IS_NULL", 6531),
    ("CURSOR_ALREADY_OPEN", 6511),
    ("DUP_VAL_ON_INDEX", 1),
    ("INVALID_CURSOR", 1001),
    ("INVALID_NUMBER", 1722),
    ("LOGIN_DENIED", 1017),
    ("NO_DATA_FOUND", 1403),
    ("NOT_LOGGED_ON", 1012),
    ("PROGRAM_ERROR", 6501),
    ("ROWTYPE_MISMATCH", 6504),
    ("SELF_IS_NULL", 30625),
    ("STORAGE_ERROR", 6500),
    ("SUBSCRIPT_BEYOND_COUNT", 6533),
    ("SUBSCRIPT_OUTSIDE_LIMIT", 6532),
    ("SYS_INVALID_ROWID", 1410),
    ("TIMEOUT_ON_RESOURCE", 51),
    ("TOO_MANY_ROWS", 1422),
    ("VALUE_ERROR", 6502),
    ("ZERO_DIVIDE", 1476),
];

/// The ORA- number of an error a handler may catch: an Oracle error
/// raised while the block runs. A lab refusal or limit (LAB-) is no
/// Oracle error and is never caught, nor is a compile error (ORA-06550).
fn catchable(e: &LabError) -> Option<u32> {
    let n: u32 = e.code.strip_prefix("ORA-")?.parse().ok()?;
    (n != ora::PLSQL_ERROR.number).then_some(n)
}

/// Whether handler `h` names the error ORA-`n` (`user`: the declared
/// exception it is), or is OTHERS. A name declared in scope (`vars`)
/// hides the predefined one.
fn handles(h: &ExceptionHandler, n: u32, user: Option<&str>, vars: &[(String, Value)]) -> bool {
    h.names.iter().any(|x| {
        if x.name == "OTHERS" {
            return true;
        }
        match lookup_var(vars, &exception_var(&x.name)).map(|i| vars[i].1.to_string()) {
            Some(id) => match id.parse::<i64>() {
                Ok(100) => n == ora::NO_DATA_FOUND.number,
                Ok(code) => user.is_none() && code.unsigned_abs() == u64::from(n),
                Err(_) => user == Some(id.as_str()),
            },
            None => user.is_none() && PREDEFINED.iter().any(|(p, k)| *p == x.name && *k == n),
        }
    })
}

/// The hidden variable of a handler holding the error it caught (code,
/// first line, user exception): what `RAISE;` raises again.
pub(super) const CAUGHT: &str = "\0caught";

/// `RAISE_APPLICATION_ERROR(num, msg [, keeperrorstack])`: ORA-`num`
/// (-20000 .. -20999) with the text `msg` (at most 2,048 bytes), as the
/// client prints it; ORA-21000 for a number outside the range.
pub(super) fn application_error(num: Option<Value>, msg: Option<Value>, args: usize, at: Pos) -> LabError {
    if args > 2 {
        return LabError::unsupported("RAISE_APPLICATION_ERROR's keeperrorstack argument", at);
    }
    let num = num.and_then(|v| v.as_f64()).unwrap_or(0.0).trunc() as i64;
    if !(-20_999..=-20_000).contains(&num) {
        return LabError::with(ora::RAISE_APPLICATION_ERROR_RANGE, num, at);
    }
    let mut text = match msg {
        Some(Value::Null) | None => String::new(),
        Some(v) => v.to_string(),
    };
    if text.len() > 2048 {
        let mut cut = 2048;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    LabError { code: ora_code(num), message: text, pos: at }
}

/// `ORA-nnnnn` of a (negative) error code.
fn ora_code(code: i64) -> String {
    ora::Facility::Ora.code(u32::try_from(code.unsigned_abs()).unwrap_or(u32::MAX))
}

/// The error ORA-`code` with the catalogue's text, when the lab has it.
fn catalogued(code: i64, at: Pos) -> Option<LabError> {
    let entry = ora::lookup(&ora_code(code)).filter(|e| !e.text.contains("%s"))?;
    Some(LabError::new(entry, at))
}

/// SQLCODE and SQLERRM of error `e` (ORA-`n`): the number negated, but
/// +100 for ORA-01403 (the ANSI code of "no data") and +1 for a
/// user-declared exception; the message's first line (not the ORA-06512
/// lines a call added) after its code.
fn sqlcode_sqlerrm(e: &LabError, n: u32, user: bool) -> (i64, String) {
    if user {
        return (1, "User-Defined Exception".into());
    }
    let code = if n == ora::NO_DATA_FOUND.number { 100 } else { -i64::from(n) };
    let first = e.message.split('\n').next().unwrap_or("");
    (code, format!("{}: {first}", e.code))
}

/// The implicit savepoint of a client's block: the transactions the
/// session had ended and the undo records it had when the block started.
pub(super) type BlockSavepoint = (u64, usize);

impl Run<'_> {
    /// RAISE, or a block with an EXCEPTION section.
    pub(super) fn exception_statement(
        &mut self,
        s: &PlsqlStatement,
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<Flow, LabError> {
        match s {
            PlsqlStatement::Raise { name, pos } => Err(self.raise(name.as_ref(), *pos, vars)),
            PlsqlStatement::Handled { body, handlers, .. } => self.handled_block(body, handlers, vars, out),
            _ => Ok(Flow::Next),
        }
    }

    /// A block with an EXCEPTION section.
    fn handled_block(
        &mut self,
        body: &[PlsqlStatement],
        handlers: &[ExceptionHandler],
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<Flow, LabError> {
        let base = vars.len();
        let e = match self.nested_body(body, vars, out) {
            Err(e) => e,
            r => return r,
        };
        let Some(n) = catchable(&e) else { return Err(e) };
        // A user-declared exception's ORA-06510 is the one last raised.
        let user = if n == ora::UNHANDLED_USER_EXCEPTION.number { self.s.plsql_raised.clone() } else { None };
        let Some(h) = handlers.iter().find(|h| handles(h, n, user.as_deref(), vars)) else { return Err(e) };
        // The failed statements' loop indexes and rows leave scope.
        vars.truncate(base);
        let (code, errm) = sqlcode_sqlerrm(&e, n, user.is_some());
        let first = e.message.split('\n').next().unwrap_or("");
        let caught = format!("{}\n{first}\n{}", e.code, user.unwrap_or_default());
        vars.push((CAUGHT.into(), Value::str(&caught)));
        // SQLCODE and SQLERRM read it until a handler ends (sqlerrm.rs).
        self.s.plsql_error = Some((code, errm));
        let r = self.nested_body(&h.body, vars, out);
        self.s.plsql_error = None;
        vars.truncate(base);
        r
    }

    /// `RAISE name` (a predefined exception, or one declared: its own
    /// ORA-06510, or the error EXCEPTION_INIT tied it to) or `RAISE;` in
    /// a handler (the error it caught, raised again from here).
    fn raise(&mut self, name: Option<&Ident>, at: Pos, vars: &[(String, Value)]) -> LabError {
        let Some(name) = name else {
            let caught = lookup_var(vars, CAUGHT).map(|i| vars[i].1.to_string()).unwrap_or_default();
            let mut parts = caught.splitn(3, '\n');
            let (code, message, user) = (parts.next(), parts.next(), parts.next());
            if let Some(u) = user.filter(|u| !u.is_empty()) {
                self.s.plsql_raised = Some(u.to_string());
            }
            let code = code.unwrap_or_default().to_string();
            return LabError { code, message: message.unwrap_or_default().to_string(), pos: at };
        };
        let declared = lookup_var(vars, &exception_var(&name.name)).map(|i| vars[i].1.to_string());
        let code = match &declared {
            Some(id) => match id.parse::<i64>() {
                Ok(100) => -i64::from(ora::NO_DATA_FOUND.number),
                Ok(c) => c,
                Err(_) => {
                    self.s.plsql_raised = Some(id.clone());
                    return LabError::new(ora::UNHANDLED_USER_EXCEPTION, at);
                }
            },
            None => match PREDEFINED.iter().find(|(p, _)| *p == name.name) {
                Some((_, n)) => -i64::from(*n),
                None => return LabError::pls_run(ora::PLS_IDENTIFIER_MUST_BE_DECLARED, &[&name.name], at),
            },
        };
        if (-20_999..=-20_000).contains(&code) {
            return LabError { code: ora_code(code), message: String::new(), pos: at };
        }
        catalogued(code, at).unwrap_or_else(|| {
            let what = format!("RAISE of {} (ORA-{:05}, whose text the lab does not have)", name.name, -code);
            LabError::unsupported(what, at)
        })
    }

    /// Where a block SQL*Plus sends starts: see [`Self::roll_back_block`].
    pub(super) fn block_savepoint(&self) -> BlockSavepoint {
        let undo = self.inst.txns.get(&self.s.sid).map_or(0, |t| t.undo.len());
        (self.s.txn_ends, undo)
    }

    /// A block SQL*Plus sent ended with an error: all it changed is undone
    /// (the failing statement's own changes already were). A block that
    /// ended its transaction (COMMIT, ROLLBACK, DDL) and then changed more
    /// has no savepoint left: what Oracle undoes then was not found
    /// published, and is refused.
    pub(super) fn roll_back_block(&mut self, (ends, undo): BlockSavepoint, at: Pos) -> Result<(), LabError> {
        let now = self.inst.txns.get(&self.s.sid).map_or(0, |t| t.undo.len());
        if self.s.txn_ends != ends {
            if now == 0 {
                return Ok(());
            }
            return Err(LabError::unsupported(
                "an unhandled error in a block that ended a transaction and changed rows after it",
                at,
            ));
        }
        if now > undo {
            self.undo_to(undo)?;
        }
        Ok(())
    }
}
