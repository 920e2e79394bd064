//! `EXECUTE IMMEDIATE` (dynamic SQL from PL/SQL): the text parsed when it
//! runs, its errors reported at the statement.

use super::super::net::Client;
use super::super::*;
use super::assign_into;

impl Run<'_> {
    /// `EXECUTE IMMEDIATE 'sql' [INTO v] [USING a, b]`.
    pub(super) fn execute_immediate(
        &mut self,
        sql: &Expr,
        into: &[Ident],
        using: &[Expr],
        pos: Pos,
        vars: &mut [(String, Value)],
    ) -> Result<(), LabError> {
        let text = match self.plsql_eval(sql, vars)? {
            Value::Str(s) => s.to_string(),
            other => other.to_string(),
        };
        let mut binds = Vec::new();
        for u in using {
            binds.push(self.plsql_eval(u, vars)?);
        }
        let units = lio_sql::parse_script_in(
            &format!("{};", text.trim().trim_end_matches(';')),
            lio_sql::ast::Pos { line: 1, column: 1 },
            &self.inst.cat.views,
        );
        let stmt = match units.into_iter().next() {
            Some(u) => {
                u.result.map_err(|e| {
                    // Reported as ORA- with the same number, at the EXECUTE IMMEDIATE.
                    let number = e.code[4..].parse().unwrap_or(ora::INVALID_SQL_STATEMENT.number);
                    LabError { code: ora::Facility::Ora.code(number), message: e.message, pos }
                })?
            }
            None => return Err(LabError::new(ora::INVALID_SQL_STATEMENT, pos)),
        };
        // The dynamic text is not in the script: its run-time
        // errors are reported at the EXECUTE IMMEDIATE.
        let at_statement = |mut e: LabError| {
            e.pos = pos;
            e
        };
        self.check_objects(&stmt).map_err(at_statement)?;
        match &stmt.kind {
            StatementKind::Query(q) => {
                let row = self.plsql_dynamic_query(q, &stmt.text, &binds, pos);
                self.sql_cursor_select(&row);
                let row = row.map_err(at_statement)?;
                if !into.is_empty() {
                    assign_into(vars, into, row, pos)?;
                }
            }
            StatementKind::Insert(i) => {
                self.s.sql_cursor = super::super::types::SqlCursor::Unknown;
                let rows = self.insert(i, &[binds], &stmt.text, Client::Plsql).map_err(at_statement)?;
                self.sql_cursor_rows(rows);
            }
            _ => {
                self.s.sql_cursor = super::super::types::SqlCursor::Unknown;
                // A dynamic block is a level of the chain of calls.
                self.nested(super::program::CALL_NEST, pos, |r| r.run_statement(&stmt)).map_err(at_statement)?;
            }
        }
        Ok(())
    }
}
