//! PL/SQL collections at run time (`parser/plsql_collection.rs`): elements
//! by index in the session (`plsql_colls`), the block's `T.COUNT`,
//! `T.FIRST`, `T.LAST` kept with them; `t(i)` read and assigned;
//! `t.DELETE`, `t.EXTEND`, `t.TRIM`; BULK COLLECT fills a collection from
//! index 1; FORALL runs its INSERT once with one bind set per index (the
//! write path's array insert: session/array_dml.rs).
//!
//! Oracle's errors: an element not there, ORA-01403 (no data found); a
//! nested table's index past its COUNT, ORA-06533, below 1, ORA-06532; a
//! nested table never filled, ORA-06531.

use super::super::plsql_vars::set_raw;
use super::super::*;
use super::lookup_var;
use crate::exec;
use std::collections::BTreeMap;

fn whole(v: &Value, at: Pos) -> Result<i64, LabError> {
    match exec::convert::number_of(v, at)? {
        Some(n) => Ok(n.round() as i64),
        // A NULL index: ORA-06502 (NULL index table key value).
        None => Err(LabError::new(ora::NULL_INDEX_KEY, at)),
    }
}

impl Run<'_> {
    /// The elements of collection `name` (None: a nested table not filled).
    fn coll(&self, vars: &[(String, Value)], name: &str) -> Option<usize> {
        let i = lookup_var(vars, &format!("{name}()"))?;
        let n = exec::convert::number_of(&vars[i].1, Pos::default()).ok().flatten()? as usize;
        self.s.plsql_colls.get(n).and_then(|c| c.as_ref()).map(|_| n)
    }

    fn is_nested_table(vars: &[(String, Value)], name: &str) -> bool {
        lookup_var(vars, &format!("{name}(*)")).is_some()
    }

    /// The collection's slot, made when it has none (an associative array
    /// before its first element; a nested table being filled).
    fn coll_slot(&mut self, vars: &mut [(String, Value)], name: &str) -> usize {
        if let Some(n) = self.coll(vars, name) {
            return n;
        }
        let n = match self.s.plsql_colls.iter().position(Option::is_none) {
            Some(n) => n,
            None => {
                self.s.plsql_colls.push(None);
                self.s.plsql_colls.len() - 1
            }
        };
        self.s.plsql_colls[n] = Some(BTreeMap::new());
        set_raw(vars, &format!("{name}()"), Value::int(n as i64));
        n
    }

    /// COUNT, FIRST and LAST after a change.
    fn coll_changed(&mut self, vars: &mut [(String, Value)], name: &str, slot: usize) {
        let m = self.s.plsql_colls[slot].as_ref().expect("slot in use");
        let (count, first, last) = (m.len(), m.keys().next().copied(), m.keys().next_back().copied());
        set_raw(vars, &format!("{name}.COUNT"), Value::int(count as i64));
        set_raw(vars, &format!("{name}.FIRST"), first.map_or(Value::Null, Value::int));
        set_raw(vars, &format!("{name}.LAST"), last.map_or(Value::Null, Value::int));
    }

    /// `t(i)`: its value, or Oracle's error.
    pub(in crate::session) fn collection_element(
        &mut self,
        name: &Ident,
        args: &[Expr],
        vars: &[(String, Value)],
    ) -> Result<Value, LabError> {
        let [arg] = args else {
            return Err(LabError::unsupported("a collection element with more than one subscript", name.pos));
        };
        let k = whole(&self.plsql_eval(arg, vars)?, name.pos)?;
        self.element_at(vars, &name.name, k, name.pos)
    }

    fn element_at(&self, vars: &[(String, Value)], name: &str, k: i64, at: Pos) -> Result<Value, LabError> {
        let nested = Self::is_nested_table(vars, name);
        let Some(slot) = self.coll(vars, name) else {
            return Err(LabError::new(if nested { ora::COLLECTION_NOT_INITIALIZED } else { ora::NO_DATA_FOUND }, at));
        };
        let m = self.s.plsql_colls[slot].as_ref().expect("slot in use");
        if nested && k < 1 {
            return Err(LabError::new(ora::SUBSCRIPT_OUTSIDE_LIMIT, at));
        }
        if nested && m.keys().next_back().is_none_or(|last| k > *last) {
            return Err(LabError::new(ora::SUBSCRIPT_BEYOND_COUNT, at));
        }
        m.get(&k).cloned().ok_or_else(|| LabError::new(ora::NO_DATA_FOUND, at))
    }

    /// `t(i) := v`.
    pub(super) fn assign_element(
        &mut self,
        coll: &Ident,
        index: &Expr,
        value: &Expr,
        vars: &mut [(String, Value)],
    ) -> Result<(), LabError> {
        let k = whole(&self.plsql_eval(index, vars)?, coll.pos)?;
        let v = self.plsql_eval(value, vars)?;
        if Self::is_nested_table(vars, &coll.name) {
            // A nested table takes an element only where EXTEND made room.
            self.element_at(vars, &coll.name, k, coll.pos).map(|_| ())?;
        }
        let slot = self.coll_slot(vars, &coll.name);
        self.s.plsql_colls[slot].as_mut().expect("slot in use").insert(k, v);
        self.coll_changed(vars, &coll.name, slot);
        Ok(())
    }

    /// `t.DELETE [(i [, j])]`, `t.EXTEND [(n)]`, `t.TRIM [(n)]`: whether
    /// `name` is one (of a collection in scope).
    pub(super) fn collection_method(
        &mut self,
        name: &Ident,
        args: &[(Option<String>, Expr)],
        vars: &mut [(String, Value)],
    ) -> Result<bool, LabError> {
        let Some((coll, method)) = name.name.rsplit_once('.') else { return Ok(false) };
        if lookup_var(vars, &format!("{coll}()")).is_none() {
            return Ok(false);
        }
        let mut n = Vec::new();
        for (_, e) in args {
            n.push(whole(&self.plsql_eval(e, vars)?, name.pos)?);
        }
        let nested = Self::is_nested_table(vars, coll);
        if nested && self.coll(vars, coll).is_none() {
            return Err(LabError::new(ora::COLLECTION_NOT_INITIALIZED, name.pos));
        }
        let slot = self.coll_slot(vars, coll);
        let m = self.s.plsql_colls[slot].as_mut().expect("slot in use");
        match (method, n.as_slice()) {
            ("DELETE", []) => m.clear(),
            ("DELETE", [i]) => {
                m.remove(i);
            }
            ("DELETE", [i, j]) => m.retain(|k, _| k < i || k > j),
            ("EXTEND", [] | [_]) if nested => {
                let last = m.keys().next_back().copied().unwrap_or(0);
                for k in 1..=n.first().copied().unwrap_or(1).max(0) {
                    m.insert(last + k, Value::Null);
                }
            }
            ("TRIM", [] | [_]) if nested => {
                for _ in 0..n.first().copied().unwrap_or(1).max(0) {
                    if m.pop_last().is_none() {
                        return Err(LabError::new(ora::SUBSCRIPT_BEYOND_COUNT, name.pos));
                    }
                }
            }
            _ => return Err(LabError::unsupported(format!("the collection method {method} in this form"), name.pos)),
        }
        self.coll_changed(vars, coll, slot);
        Ok(true)
    }

    /// BULK COLLECT of `rows` into the collections `into`, one per column:
    /// each emptied, then filled from index 1.
    pub(super) fn bulk_collect(
        &mut self,
        into: &[Ident],
        rows: Vec<Vec<Value>>,
        vars: &mut [(String, Value)],
    ) -> Result<(), LabError> {
        for t in into {
            if lookup_var(vars, &format!("{}()", t.name)).is_none() {
                return Err(LabError::unsupported(
                    format!(
                        "BULK COLLECT INTO {} (a collection of scalars is needed; records are not modelled)",
                        t.name
                    ),
                    t.pos,
                ));
            }
        }
        let slots: Vec<usize> = into.iter().map(|t| self.coll_slot(vars, &t.name)).collect();
        for s in &slots {
            self.s.plsql_colls[*s].as_mut().expect("slot in use").clear();
        }
        for (k, row) in rows.into_iter().enumerate() {
            for (s, v) in slots.iter().zip(row) {
                self.s.plsql_colls[*s].as_mut().expect("slot in use").insert(k as i64 + 1, v);
            }
        }
        for (t, s) in into.iter().zip(&slots) {
            self.coll_changed(vars, &t.name, *s);
        }
        Ok(())
    }

    /// The block's collections going out of scope (variables from `from`).
    pub(in crate::session) fn end_block_collections(&mut self, vars: &[(String, Value)], from: usize) {
        for (n, v) in vars.iter().skip(from) {
            if !n.ends_with("()") {
                continue;
            }
            if let Ok(Some(slot)) = exec::convert::number_of(v, Pos::default()) {
                if let Some(c) = self.s.plsql_colls.get_mut(slot as usize) {
                    *c = None;
                }
            }
        }
        while matches!(self.s.plsql_colls.last(), Some(None)) {
            self.s.plsql_colls.pop();
        }
    }

    /// Static DML reading collection elements (`T(X)`): each bound to the
    /// element at the variable X's value while it runs.
    pub(super) fn element_vars(
        &mut self,
        kind: &StatementKind,
        vars: &mut Vec<(String, Value)>,
    ) -> Result<(), LabError> {
        for r in lio_sql::element_refs(kind) {
            let Some((coll, rest)) = r.split_once('(') else { continue };
            let sub = rest.trim_end_matches(')');
            let at = lookup_var(vars, sub).map(|i| vars[i].1.clone()).unwrap_or(Value::Null);
            let k = whole(&at, Pos::default())?;
            let v = self.element_at(vars, coll, k, Pos::default())?;
            vars.push((r, v));
        }
        Ok(())
    }

    /// `FORALL i IN lo .. hi INSERT ...`: one execution of the INSERT, one
    /// bind set per index (its `T(I)` variables the elements at it).
    pub(super) fn forall(
        &mut self,
        (index, from, to): (&Ident, &Expr, &Expr),
        stmt: &Statement,
        vars: &mut [(String, Value)],
    ) -> Result<(), LabError> {
        self.s.sql_cursor = super::super::types::SqlCursor::Unknown;
        let StatementKind::Insert(ins) = &stmt.kind else {
            return Err(LabError::unsupported("FORALL of a statement other than INSERT", stmt.pos));
        };
        let lo = whole(&self.plsql_eval(from, vars)?, index.pos)?;
        let hi = whole(&self.plsql_eval(to, vars)?, index.pos)?;
        if lo > hi {
            // No index: no execution.
            return Ok(());
        }
        let suffix = format!("({})", index.name);
        let refs: Vec<String> = forall_refs(ins, &suffix);
        let mut names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
        names.push(index.name.clone());
        names.extend(refs.iter().cloned());
        let base: Vec<Value> = vars.iter().map(|(_, v)| v.clone()).collect();
        let mut sets = Vec::with_capacity((hi - lo + 1).min(1 << 16) as usize);
        for k in lo..=hi {
            self.s.stats.work.plsql_steps += 1;
            self.check_work()?;
            let mut set = base.clone();
            set.push(Value::int(k));
            for r in &refs {
                let coll = r.strip_suffix(suffix.as_str()).unwrap_or(r);
                set.push(self.element_at(vars, coll, k, stmt.pos)?);
            }
            sets.push(set);
        }
        let tid = self
            .inst
            .cat
            .table_id(&ins.table.name)
            .ok_or_else(|| super::super::change::missing_table(&self.inst.cat, &ins.table))?;
        let rows = self.insert_source_rows(ins, &stmt.text, tid, &names, &sets, false)?;
        self.insert_rows(tid, rows, ins.table.pos)
    }
}

/// The `T(I)` variables a FORALL's INSERT reads (`suffix` is `(I)`).
pub(in crate::session) fn forall_refs(ins: &Insert, suffix: &str) -> Vec<String> {
    let kind = StatementKind::Insert(ins.clone());
    lio_sql::element_refs(&kind).into_iter().filter(|r| r.ends_with(suffix)).collect()
}
