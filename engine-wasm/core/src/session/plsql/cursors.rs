//! PL/SQL explicit cursors at run time: `OPEN`, `FETCH`, `CLOSE` and the
//! attributes `c%ISOPEN`, `c%FOUND`, `c%NOTFOUND`, `c%ROWCOUNT` (variables
//! of the block named so: `parser/plsql_cursor.rs`).
//!
//! OPEN executes the cursor's query and fetches its rows then, in fetch
//! calls of the size the block's FETCH statements of the cursor ask for
//! (one row for `FETCH c INTO v`, n for `BULK COLLECT ... LIMIT n`, all for
//! `BULK COLLECT` alone): each call revisits the block it stopped in, as
//! Oracle's do, and is one FETCH line of a 10046 trace. The rows are read
//! as of OPEN, as Oracle's read consistency has them. What the lab does
//! differently: the calls happen at OPEN, so a trace lists them before the
//! statements the block runs between its FETCHes. A cursor closed before
//! its FETCHes reached the end would have made fewer calls in Oracle than
//! the lab made: refused (LAB-00001).

use super::super::cursor::FetchPolicy;
use super::super::net::Client;
use super::super::plsql_vars::set_raw;
use super::super::types::CursorRows;
use super::super::*;
use super::{lookup_var, static_binds};
use crate::exec;

/// The slot variable of cursor `name` (`C%`): the open cursor's index in
/// the session's `plsql_cursors`.
fn slot_name(cursor: &str) -> String {
    format!("{cursor}%")
}

fn flag(b: bool) -> Value {
    Value::int(b as i64)
}

impl Run<'_> {
    /// The slot of cursor `name` when it is open.
    fn cursor_slot(&self, vars: &[(String, Value)], name: &str) -> Option<usize> {
        let i = lookup_var(vars, &slot_name(name))?;
        let n = exec::convert::number_of(&vars[i].1, Pos::default()).ok().flatten()? as usize;
        self.s.plsql_cursors.get(n).and_then(|c| c.as_ref()).map(|_| n)
    }

    /// `OPEN c [(args)]`: ORA-06511 when it is open already.
    pub(super) fn open_cursor_statement(
        &mut self,
        o: &OpenCursor,
        vars: &mut Vec<(String, Value)>,
    ) -> Result<(), LabError> {
        let name = &o.cursor.name;
        if self.cursor_slot(vars, name).is_some() {
            return Err(LabError::new(ora::CURSOR_ALREADY_OPEN, o.cursor.pos));
        }
        let per_fetch = match &o.fetch {
            None => {
                let what = format!(
                    "OPEN of cursor {name}, which the block never FETCHes (the lab fetches an explicit cursor's rows at OPEN, in calls of its FETCH's size)"
                );
                return Err(LabError::unsupported(what, o.cursor.pos));
            }
            Some(FetchRows::One) => 1,
            Some(FetchRows::All) => u32::MAX as u64,
            Some(FetchRows::Limit(e)) => self.fetch_limit(e, vars, o.cursor.pos)?,
        };
        let base = vars.len();
        let r = self.cursor_rows(&o.def, &o.args, per_fetch, vars);
        vars.truncate(base);
        let rows = r?;
        let cur = CursorRows { rows: rows.into(), per_fetch, done: false };
        let slot = match self.s.plsql_cursors.iter().position(Option::is_none) {
            Some(i) => {
                self.s.plsql_cursors[i] = Some(cur);
                i
            }
            None => {
                self.s.plsql_cursors.push(Some(cur));
                self.s.plsql_cursors.len() - 1
            }
        };
        set_raw(vars, &slot_name(name), Value::int(slot as i64));
        set_raw(vars, &format!("{name}%ISOPEN"), flag(true));
        set_raw(vars, &format!("{name}%FOUND"), Value::Null);
        set_raw(vars, &format!("{name}%NOTFOUND"), Value::Null);
        set_raw(vars, &format!("{name}%ROWCOUNT"), Value::int(0));
        Ok(())
    }

    /// A `LIMIT n`: a positive whole number of rows.
    fn fetch_limit(&mut self, e: &Expr, vars: &[(String, Value)], at: Pos) -> Result<u64, LabError> {
        let v = self.plsql_eval(e, vars)?;
        match exec::convert::number_of(&v, at)? {
            Some(n) if n >= 1.0 && n <= u32::MAX as f64 => Ok(n.round() as u64),
            _ => Err(LabError::unsupported(format!("a BULK COLLECT LIMIT of {v} rows"), at)),
        }
    }

    /// The cursor's query executed with its parameters in scope, its rows
    /// fetched `per_fetch` a call.
    pub(super) fn cursor_rows(
        &mut self,
        def: &CursorDef,
        args: &[CursorArg],
        per_fetch: u64,
        vars: &mut Vec<(String, Value)>,
    ) -> Result<Vec<Vec<Value>>, LabError> {
        self.push_cursor_params(args, vars)?;
        let st = self.static_sql(&def.query, &def.text, vars)?;
        let cs = self.call_stacks(Client::Plsql);
        let mut c = self.open_static_cursor(&def.query, &st.text, vars, &cs)?;
        let binds = static_binds(&st, vars);
        let k = per_fetch.min(u32::MAX as u64) as u32;
        let policy = FetchPolicy { first: k, then: k, round_trips: false };
        let mut rows = Vec::new();
        let r = self.execute_fetch(&mut c, &st.text, &binds, Client::Plsql, &cs, policy, Some(&mut rows), None);
        self.close_cursor(&st.text, c, true);
        r?;
        Ok(rows)
    }

    /// A cursor's parameters as variables of their declared types, with
    /// their values (evaluated in the scope before any is declared).
    pub(super) fn push_cursor_params(
        &mut self,
        args: &[CursorArg],
        vars: &mut Vec<(String, Value)>,
    ) -> Result<(), LabError> {
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.plsql_eval(&a.value, vars)?);
        }
        for (a, v) in args.iter().zip(values) {
            declare_var(vars, &a.param, &a.ty);
            set_var(vars, &a.param, v)?;
        }
        Ok(())
    }

    /// `FETCH c INTO v, ...`: the next row (ORA-01001 when `c` is not
    /// open). No row: `c%NOTFOUND`, the variables keep their values.
    pub(super) fn fetch_statement(&mut self, f: &FetchCursor, vars: &mut [(String, Value)]) -> Result<(), LabError> {
        let name = &f.cursor.name;
        let Some(slot) = self.cursor_slot(vars, name) else {
            return Err(LabError::new(ora::INVALID_CURSOR, f.cursor.pos));
        };
        if f.rows != FetchRows::One {
            return self.fetch_bulk(f, slot, vars);
        }
        let Some(cur) = self.s.plsql_cursors[slot].as_mut() else { return Ok(()) };
        let row = cur.rows.pop_front();
        cur.done |= row.is_none();
        let found = row.is_some();
        if let Some(row) = row {
            assign_into(vars, &f.into, Some(row), f.cursor.pos)?;
            let rc = format!("{name}%ROWCOUNT");
            let n =
                lookup_var(vars, &rc).and_then(|i| exec::convert::number_of(&vars[i].1, f.cursor.pos).ok().flatten());
            set_raw(vars, &rc, Value::int(n.unwrap_or(0.0) as i64 + 1));
        }
        set_raw(vars, &format!("{name}%FOUND"), flag(found));
        set_raw(vars, &format!("{name}%NOTFOUND"), flag(!found));
        Ok(())
    }

    /// `FETCH c BULK COLLECT INTO t1, ... [LIMIT n]`: the next call's rows
    /// into the collections; `c%NOTFOUND` when it brought fewer than asked
    /// (the last call: a loop that exits on it right after the FETCH
    /// leaves those rows unprocessed, as in Oracle).
    fn fetch_bulk(&mut self, f: &FetchCursor, slot: usize, vars: &mut [(String, Value)]) -> Result<(), LabError> {
        let name = &f.cursor.name;
        let per_fetch = self.s.plsql_cursors[slot].as_ref().map_or(1, |c| c.per_fetch);
        if let FetchRows::Limit(e) = &f.rows {
            if self.fetch_limit(e, vars, f.cursor.pos)? != per_fetch {
                let what = "a LIMIT that changed since the cursor was opened (its rows were fetched at OPEN)";
                return Err(LabError::unsupported(what, f.cursor.pos));
            }
        }
        let Some(cur) = self.s.plsql_cursors[slot].as_mut() else { return Ok(()) };
        let take = (cur.rows.len() as u64).min(per_fetch) as usize;
        let rows: Vec<Vec<Value>> = cur.rows.drain(..take).collect();
        let full = take as u64 == per_fetch;
        cur.done |= !full;
        self.bulk_collect(&f.into, rows, vars)?;
        let rc = format!("{name}%ROWCOUNT");
        let n = lookup_var(vars, &rc).and_then(|i| exec::convert::number_of(&vars[i].1, f.cursor.pos).ok().flatten());
        set_raw(vars, &rc, Value::int(n.unwrap_or(0.0) as i64 + take as i64));
        set_raw(vars, &format!("{name}%FOUND"), flag(full));
        set_raw(vars, &format!("{name}%NOTFOUND"), flag(!full));
        Ok(())
    }

    /// `CLOSE c` (ORA-01001 when it is not open).
    pub(super) fn close_statement(&mut self, c: &Ident, vars: &mut [(String, Value)]) -> Result<(), LabError> {
        let Some(slot) = self.cursor_slot(vars, &c.name) else {
            return Err(LabError::new(ora::INVALID_CURSOR, c.pos));
        };
        self.release_cursor(slot, &c.name, c.pos)?;
        set_raw(vars, &slot_name(&c.name), Value::Null);
        set_raw(vars, &format!("{}%ISOPEN", c.name), flag(false));
        for a in ["FOUND", "NOTFOUND", "ROWCOUNT"] {
            set_raw(vars, &format!("{}%{a}", c.name), Value::Null);
        }
        Ok(())
    }

    /// The cursor in `slot` closed: refused when its FETCHes had not come
    /// to its end (the lab fetched more than Oracle would have).
    fn release_cursor(&mut self, slot: usize, name: &str, at: Pos) -> Result<(), LabError> {
        let cur = self.s.plsql_cursors.get_mut(slot).and_then(Option::take);
        while matches!(self.s.plsql_cursors.last(), Some(None)) {
            self.s.plsql_cursors.pop();
        }
        match cur {
            Some(c) if !c.done => {
                let what = format!(
                    "closing cursor {name} before a FETCH found its end (the lab fetched its rows at OPEN, {} a call: more calls than Oracle makes)",
                    if c.per_fetch == 1 { "one".to_string() } else { c.per_fetch.to_string() }
                );
                Err(LabError::unsupported(what, at))
            }
            _ => Ok(()),
        }
    }

    /// The end of a block whose variables from `from` on go out of scope:
    /// its open cursors are closed (as CLOSE, when it ended well).
    pub(in crate::session) fn end_block_cursors(
        &mut self,
        vars: &[(String, Value)],
        from: usize,
        ok: bool,
        at: Pos,
    ) -> Result<(), LabError> {
        let mut r = Ok(());
        for (n, v) in vars.iter().skip(from) {
            let Some(cursor) = n.strip_suffix('%') else { continue };
            let Ok(Some(slot)) = exec::convert::number_of(v, at) else { continue };
            let e = self.release_cursor(slot as usize, cursor, at);
            if ok && r.is_ok() {
                r = e;
            }
        }
        r
    }

    /// `c%FOUND`, `c%NOTFOUND` or `c%ROWCOUNT` among an expression's
    /// variables while `c` is not open: ORA-01001.
    pub(super) fn cursor_attributes_open(
        &self,
        names: &[String],
        vars: &[(String, Value)],
        e: &Expr,
    ) -> Result<(), LabError> {
        for n in names {
            if let Some(coll) = n.strip_suffix(".COUNT") {
                // A nested table never filled: ORA-06531.
                let unset = lookup_var(vars, &format!("{coll}(*)")).is_some()
                    && lookup_var(vars, n).is_some_and(|i| vars[i].1.is_null());
                if unset {
                    return Err(LabError::new(ora::COLLECTION_NOT_INITIALIZED, attribute_pos(e, n)));
                }
            }
            let Some((cursor, attr)) = n.split_once('%') else { continue };
            if cursor != "SQL"
                && matches!(attr, "FOUND" | "NOTFOUND" | "ROWCOUNT")
                && self.cursor_slot(vars, cursor).is_none()
            {
                return Err(LabError::new(ora::INVALID_CURSOR, attribute_pos(e, n)));
            }
        }
        Ok(())
    }
}

/// Where the variable `n` (`C%FOUND`, `T.COUNT`) is read in `e`.
pub(super) fn attribute_pos(e: &Expr, n: &str) -> Pos {
    let at = std::cell::Cell::new(Pos::default());
    exec::plan::rownum::any_expr(e, &|x: &Expr| match x {
        Expr::Column { qualifier: None, name } if name.name == n => {
            at.set(name.pos);
            true
        }
        Expr::Column { qualifier: Some(q), name } if format!("{}.{}", q.name, name.name) == n => {
            at.set(q.pos);
            true
        }
        _ => false,
    });
    at.get()
}
