//! PL/SQL's implicit cursor: `SQL%ROWCOUNT`, `SQL%FOUND`, `SQL%NOTFOUND`
//! and `SQL%ISOPEN` describe the last SQL statement PL/SQL ran, wherever
//! it ran (a called program's, a nested block's): the session keeps them
//! ([`SqlCursor`]) and an expression reads them from there. The block
//! declares them as variables only so that its names compile
//! (`parser/plsql_cursor.rs`).
//!
//! DML: the rows it changed. SELECT INTO: 1 and found, or 0 and not
//! found with NO_DATA_FOUND, and 1 with TOO_MANY_ROWS ("SQL%ROWCOUNT
//! returns 1, not the actual number of rows that satisfy the query", PL/SQL
//! Language Reference, "SQL%ROWCOUNT Attribute"). `SQL%ISOPEN` is always
//! FALSE. Before any statement the attributes are NULL. After COMMIT,
//! ROLLBACK, a failed statement or dynamic SQL other than a query or an
//! INSERT, reading them is refused: what Oracle gives then was not
//! checked.

use super::super::types::SqlCursor;
use super::super::*;

impl Run<'_> {
    /// A DML statement processed `rows` rows.
    pub(super) fn sql_cursor_rows(&mut self, rows: u64) {
        self.s.sql_cursor = SqlCursor::Done(rows, rows > 0);
    }

    /// A static `SELECT ... INTO`, or `SELECT ... BULK COLLECT INTO t1,
    /// ...` (`bulk`): all its rows in one fetch call, into the collections
    /// (each emptied first; the implicit cursor's attributes after it are
    /// not modelled).
    pub(super) fn select_into(
        &mut self,
        query: &Query,
        into: &[Ident],
        text: &str,
        bulk: bool,
        vars: &mut [(String, Value)],
    ) -> Result<(), LabError> {
        let st = self.static_sql(query, text, vars)?;
        if bulk {
            self.s.sql_cursor = SqlCursor::Unknown;
            let rows = self.plsql_query(query, &st, vars, None)?;
            return self.bulk_collect(into, rows, vars);
        }
        let row = self.plsql_query(query, &st, vars, Some(2)).and_then(|rows| one_row(rows, query.pos));
        self.sql_cursor_select(&row);
        assign_into(vars, into, row?, query.pos)
    }

    /// What a SELECT ... INTO leaves.
    pub(super) fn sql_cursor_select(&mut self, r: &Result<Option<Vec<Value>>, LabError>) {
        self.s.sql_cursor = match r {
            Ok(Some(_)) => SqlCursor::Done(1, true),
            Ok(None) => SqlCursor::Done(0, false),
            Err(e) if e.is(ora::EXACT_FETCH_RETURNS_TOO_MANY_ROWS) => SqlCursor::Done(1, true),
            Err(_) => SqlCursor::Unknown,
        };
    }

    /// The values of the `SQL%` attributes among an expression's binds
    /// (`names`, their values `vals`), from the session.
    pub(super) fn sql_attribute_values(&self, names: &[String], vals: &mut [Value], e: &Expr) -> Result<(), LabError> {
        for (n, v) in names.iter().zip(vals.iter_mut()) {
            let Some(attr) = n.get(..4).filter(|p| p.eq_ignore_ascii_case("SQL%")).map(|_| &n[4..]) else {
                continue;
            };
            let attr = attr.to_ascii_uppercase();
            *v = match (attr.as_str(), self.s.sql_cursor) {
                ("ISOPEN", _) => Value::int(0),
                (_, SqlCursor::None) => Value::Null,
                (_, SqlCursor::Unknown) => {
                    let what = "SQL% attributes after COMMIT, ROLLBACK, a failed statement or dynamic SQL other than a query or INSERT";
                    return Err(LabError::unsupported(what, super::cursors::attribute_pos(e, n)));
                }
                ("ROWCOUNT", SqlCursor::Done(rows, _)) => Value::int(rows as i64),
                ("FOUND", SqlCursor::Done(_, found)) => Value::int(i64::from(found)),
                ("NOTFOUND", SqlCursor::Done(_, found)) => Value::int(i64::from(!found)),
                _ => continue,
            };
        }
        Ok(())
    }
}
