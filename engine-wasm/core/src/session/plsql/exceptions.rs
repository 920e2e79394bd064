//! EXCEPTION sections at run time (`lio_sql` `parser/plsql_exception.rs`):
//! an error the block's statements raise is caught by the first handler
//! naming it; SQLCODE and SQLERRM hold it inside the handler; an error no
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
use lio_sql::ast::ExceptionHandler;

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

/// Whether handler `h` names ORA-`n` (or is OTHERS).
fn handles(h: &ExceptionHandler, n: u32) -> bool {
    h.names.iter().any(|x| x.name == "OTHERS" || PREDEFINED.iter().any(|(p, k)| *p == x.name && *k == n))
}

/// SQLCODE and SQLERRM of error `e` (ORA-`n`): the number negated, but
/// +100 for ORA-01403 (the ANSI code of "no data"); the message's first
/// line (not the ORA-06512 lines a call added) after its code.
fn sqlcode_sqlerrm(e: &LabError, n: u32) -> (Value, Value) {
    let code = if n == ora::NO_DATA_FOUND.number { 100 } else { -i64::from(n) };
    let first = e.message.split('\n').next().unwrap_or("");
    (Value::int(code), Value::str(&format!("{}: {first}", e.code)))
}

/// The implicit savepoint of a client's block: the transactions the
/// session had ended and the undo records it had when the block started.
pub(super) type BlockSavepoint = (u64, usize);

impl Run<'_> {
    /// A block with an EXCEPTION section.
    pub(super) fn handled_block(
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
        let Some(h) = handlers.iter().find(|h| handles(h, n)) else { return Err(e) };
        // The failed statements' loop indexes and rows leave scope.
        vars.truncate(base);
        let (code, errm) = sqlcode_sqlerrm(&e, n);
        vars.push(("SQLCODE".into(), code));
        vars.push(("SQLERRM".into(), errm));
        let r = self.nested_body(&h.body, vars, out);
        vars.truncate(base);
        r
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
