//! `SELECT dbms_sqltune.report_sql_monitor[_list](...) [alias] FROM dual`:
//! Real-Time SQL Monitoring's report functions, their arguments literals
//! or NULL, by position or by name.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

/// REPORT_SQL_MONITOR's parameters in order (19c).
const REPORT_PARAMS: &[&str] = &[
    "SQL_ID",
    "SESSION_ID",
    "SESSION_SERIAL",
    "SQL_EXEC_START",
    "SQL_EXEC_ID",
    "INST_ID",
    "START_TIME_FILTER",
    "END_TIME_FILTER",
    "INSTANCE_ID_FILTER",
    "PARALLEL_FILTER",
    "PLAN_LINE_FILTER",
    "EVENT_DETAIL",
    "BUCKET_MAX_COUNT",
    "BUCKET_INTERVAL",
    "BASE_PATH",
    "LAST_REFRESH_TIME",
    "REPORT_LEVEL",
    "TYPE",
    "SQL_PLAN_HASH_VALUE",
    "CON_NAME",
    "REPORT_ID",
    "DBOP_NAME",
    "DBOP_EXEC_ID",
];

/// REPORT_SQL_MONITOR_LIST's parameters in order (19c).
const LIST_PARAMS: &[&str] = &[
    "SQL_ID",
    "SESSION_ID",
    "SESSION_SERIAL",
    "INST_ID",
    "ACTIVE_SINCE_DATE",
    "ACTIVE_SINCE_SEC",
    "LAST_REFRESH_TIME",
    "REPORT_LEVEL",
    "AUTO_REFRESH",
    "BASE_PATH",
    "TYPE",
    "CON_NAME",
    "TOP_N_COUNT",
    "TOP_N_RANKBY",
    "TOP_N_DETAIL_COUNT",
];

impl Parser<'_> {
    /// Does the statement call a DBMS_SQLTUNE SQL Monitor report function?
    pub(super) fn at_sqlmon_query(&self) -> bool {
        self.nth_is_kw(1, "DBMS_SQLTUNE")
            && self.nth(2) == &Tok::Dot
            && matches!(self.nth_word(3), Some("REPORT_SQL_MONITOR" | "REPORT_SQL_MONITOR_LIST"))
            && self.nth(4) == &Tok::LParen
    }

    pub(super) fn sqlmon_query(&mut self) -> R<StatementKind> {
        let pos = self.pos();
        self.bump(); // SELECT
        let from = self.tok().start;
        self.bump(); // DBMS_SQLTUNE
        self.bump(); // .
        let list = self.word() == Some("REPORT_SQL_MONITOR_LIST");
        let fname = if list { "REPORT_SQL_MONITOR_LIST" } else { "REPORT_SQL_MONITOR" };
        let names = if list { LIST_PARAMS } else { REPORT_PARAMS };
        self.bump();
        self.bump(); // (
        let mut args: Vec<SqlMonitorArg> = Vec::new();
        if !self.is(&Tok::RParen) {
            let what = format!("DBMS_SQLTUNE.{fname} arguments other than literals and NULL");
            for (slot, value, pos) in self.literal_args(fname, names, &what)? {
                args.push(SqlMonitorArg { name: names[slot].to_string(), value, pos });
            }
        }
        let end = self.tok().end;
        self.rparen()?;
        let mut heading = column_name(self.text.get(from..end).unwrap_or(""));
        if self.eat_kw("AS") || self.word().is_some_and(|w| !super::keywords::is_reserved(w)) {
            heading = match &self.tok().tok {
                Tok::Ident { name, .. } => name.clone(),
                _ => return Err(self.fail(ora::FROM_KEYWORD_NOT_FOUND)),
            };
            self.bump();
        }
        self.missing_keyword("FROM")?;
        if self.word() != Some("DUAL") {
            return Err(self.unsupported(format!("DBMS_SQLTUNE.{fname} in a query of a table other than DUAL")));
        }
        self.bump();
        Ok(StatementKind::SqlMonitor(SqlMonitorCall { list, args, heading, pos }))
    }
}

impl Parser<'_> {
    /// A SQL call's arguments, literals or NULL, by position or by name
    /// (`format => 'ALLSTATS LAST'`), up to its closing parenthesis: each
    /// one's parameter (its index in `names`), text and position.
    pub(super) fn literal_args(
        &mut self,
        fname: &str,
        names: &[&str],
        what: &str,
    ) -> R<Vec<(usize, Option<String>, crate::ast::Pos)>> {
        let mut out = Vec::new();
        let mut k = 0;
        loop {
            let slot = if matches!(self.nth(1), Tok::Arrow) {
                let at = self.pos();
                let name = self.word().unwrap_or("").to_string();
                let Some(i) = names.iter().position(|n| *n == name) else {
                    return Err(LabError::with(ora::SQL_CALL_WRONG_ARGUMENTS, fname, at));
                };
                self.bump();
                self.bump();
                i
            } else {
                k
            };
            if slot >= names.len() {
                return Err(LabError::with(ora::SQL_CALL_WRONG_ARGUMENTS, fname, self.pos()));
            }
            let at = self.pos();
            let value = match &self.tok().tok {
                Tok::Str(s) => Some(s.clone()),
                Tok::Number(n) => Some(n.to_string()),
                Tok::Ident { name, quoted: false } if name == "NULL" => None,
                _ => return Err(self.unsupported(what)),
            };
            self.bump();
            out.push((slot, value, at));
            k = slot + 1;
            if !self.eat(&Tok::Comma) {
                return Ok(out);
            }
        }
    }
}

/// The column name Oracle gives an expression: its text upper-cased,
/// without the blanks outside quotes.
fn column_name(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for ch in text.chars() {
        if ch == '\'' {
            quoted = !quoted;
        }
        if quoted || !ch.is_whitespace() {
            out.extend(ch.to_uppercase());
        }
    }
    out
}
