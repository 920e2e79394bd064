//! The PL/SQL compiler's pass over explicit cursors: a cursor's query
//! compiles with its parameters in scope (its errors are reported once, at
//! the first OPEN or cursor FOR loop that names it), a FETCH's INTO list
//! names declared variables, as many as the cursor's columns (PLS-00394).

use super::super::super::*;
use super::super::lookup_var;
use super::{target_query, Ignored, Unit};
use lio_sql::ast::Delete;

impl Run<'_> {
    /// OPEN, FETCH and CLOSE of a declared cursor.
    pub(super) fn check_cursor_statement(
        &mut self,
        u: &mut Unit,
        s: &PlsqlStatement,
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<(), LabError> {
        match s {
            PlsqlStatement::Open(o) => {
                self.check_cursor_query(u, &o.def, &o.args, vars, seen)?;
            }
            PlsqlStatement::Fetch(f) => {
                let bulk = f.rows != FetchRows::One;
                let known =
                    |i: &Ident| if bulk { is_collection(vars, &i.name) } else { lookup_var(vars, &i.name).is_some() };
                if let Some(bad) = f.into.iter().find(|i| !known(i)) {
                    u.undeclared(&bad.name, bad.pos, f.pos, Ignored::Sql);
                    return Ok(());
                }
                let Some(columns) = self.cursor_columns(&f.def, vars) else { return Ok(()) };
                if columns != into_width(vars, &f.into)? {
                    u.error(ora::PLS_FETCH_INTO_COUNT.line(&[]), f.pos, f.pos, Ignored::Sql);
                }
            }
            PlsqlStatement::Forall { index, from, to, stmt, pos } => {
                if !(self.check_expr(u, from, vars, *pos, Ignored::Plsql, seen)?
                    && self.check_expr(u, to, vars, *pos, Ignored::Plsql, seen)?)
                {
                    return Ok(());
                }
                let StatementKind::Insert(ins) = &stmt.kind else { return Ok(()) };
                let suffix = format!("({})", index.name);
                let refs = super::super::collections::forall_refs(ins, &suffix);
                if let Some(r) =
                    refs.iter().find(|r| !is_collection(vars, r.strip_suffix(suffix.as_str()).unwrap_or(r)))
                {
                    u.undeclared(r, stmt.pos, stmt.pos, Ignored::Sql);
                    return Ok(());
                }
                let mut names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                names.push(index.name.clone());
                names.extend(refs);
                let r = self.check_insert(ins, &names);
                u.sql(r, stmt.pos)?;
            }
            PlsqlStatement::AssignElement { coll, index, value } => {
                if !is_collection(vars, &coll.name) {
                    if lookup_var(vars, &coll.name).is_some() {
                        return Err(LabError::unsupported(
                            format!("{}(...) := of a variable that is no collection", coll.name),
                            coll.pos,
                        ));
                    }
                    u.undeclared(&coll.name, coll.pos, coll.pos, Ignored::Plsql);
                    return Ok(());
                }
                if self.check_expr(u, index, vars, coll.pos, Ignored::Plsql, seen)? {
                    self.check_expr(u, value, vars, coll.pos, Ignored::Plsql, seen)?;
                }
            }
            PlsqlStatement::Handled { body, handlers, .. } => self.check_handled(u, body, handlers, vars, seen)?,
            PlsqlStatement::Raise { name, pos } => Self::check_raise(u, name.as_ref(), *pos, vars),
            _ => {}
        }
        Ok(())
    }

    /// The columns of cursor `def` (None when its query does not compile).
    fn cursor_columns(&mut self, def: &CursorDef, vars: &mut Vec<(String, Value)>) -> Option<usize> {
        let params: Vec<(&Ident, &str)> = def.params.iter().map(|(p, ty, _)| (p, ty.as_str())).collect();
        self.cursor_sql(&def.query, &def.text, &params, vars).ok().map(|c| c.len())
    }

    /// The columns of a query compiled with a cursor's parameters declared.
    fn cursor_sql(
        &mut self,
        query: &Query,
        text: &str,
        params: &[(&Ident, &str)],
        vars: &mut Vec<(String, Value)>,
    ) -> Result<Vec<String>, LabError> {
        let base = vars.len();
        for (p, ty) in params {
            declare_var(vars, p, ty);
        }
        let r = self.static_sql(query, text, vars).map(|st| st.columns.clone());
        vars.truncate(base);
        r
    }

    /// OPEN of a declared cursor: its arguments (in the scope outside),
    /// then its query with its parameters declared; the query's errors
    /// are reported once per cursor.
    fn check_cursor_query(
        &mut self,
        u: &mut Unit,
        def: &CursorDef,
        args: &[CursorArg],
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<(), LabError> {
        for a in args {
            if !self.check_expr(u, &a.value, vars, def.name.pos, Ignored::Plsql, seen)? {
                return Ok(());
            }
        }
        let params: Vec<(&Ident, &str)> = def.params.iter().map(|(p, ty, _)| (p, ty.as_str())).collect();
        if let Err(e) = self.cursor_sql(&def.query, &def.text, &params, vars) {
            let mut scratch = Unit { b: u.b, errors: Vec::new(), first: None, stopped: false };
            scratch.sql(Err(e), def.query.pos)?;
            let known = |e: &crate::instance::PlsqlError| {
                u.errors.iter().any(|x| x.line == e.line && x.position == e.position && x.text == e.text)
            };
            if !u.stopped && !scratch.errors.iter().all(known) {
                u.first.get_or_insert(scratch.first.unwrap_or(def.query.pos));
                u.errors.extend(scratch.errors);
            }
        }
        Ok(())
    }

    /// A cursor FOR loop's query (a declared cursor's with its arguments):
    /// the columns its record has (none when it does not compile).
    pub(super) fn check_cursor_for(
        &mut self,
        u: &mut Unit,
        (query, text, args): (&Query, &str, &[CursorArg]),
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<Vec<String>, LabError> {
        for a in args {
            if !self.check_expr(u, &a.value, vars, a.param.pos, Ignored::Plsql, seen)? {
                return Ok(Vec::new());
            }
        }
        let params: Vec<(&Ident, &str)> = args.iter().map(|a| (&a.param, a.ty.as_str())).collect();
        match self.cursor_sql(query, text, &params, vars) {
            Ok(c) => Ok(c),
            Err(e) => {
                u.sql(Err(e), query.pos)?;
                Ok(Vec::new())
            }
        }
    }

    pub(super) fn check_delete(&mut self, d: &Delete, names: &[String]) -> Result<(), LabError> {
        self.dml_table(&d.table)?;
        let q = target_query(&d.table, &d.alias, &d.where_clause, Vec::new(), d.pos);
        self.check_query(&q, names)
    }
}
