//! UPDATE and DELETE: the rows are found by a query over the table (its
//! access path reads in consistent mode), then each is changed in current
//! mode, leaving undo and redo (session/txn.rs).

use super::array_dml::DeferredLeaves;
use super::net::Client;
use super::txn::{ChangeSize, Undo};
pub(crate) use super::types::{DmlBinds, DmlScratch};
use super::*;
use crate::catalog::TableStorage;
use crate::exec::row_source::OpKind;
use crate::exec::CExpr;
use crate::storage;
use lio_sql::ast::{Delete, FromItem, SelectItem, Update};
use std::collections::{HashMap, HashSet};

/// The statement a DML changes rows for: its table and how to find them.
struct Target<'q> {
    table: &'q lio_sql::ast::Ident,
    alias: &'q Option<lio_sql::ast::Ident>,
    where_clause: &'q Option<Expr>,
    hints: &'q [lio_sql::ast::Hint],
    pos: Pos,
}

/// The error for DML on a name that is no table of the lab user's: DUAL is
/// SYS's, which the user may only read; DML through a view is not modelled.
pub(super) fn missing_table(cat: &crate::catalog::Catalog, name: &lio_sql::ast::Ident) -> LabError {
    if cat.views.iter().any(|v| v.name == name.name) {
        return LabError::unsupported(format!("DML through a view ({})", name.name), name.pos);
    }
    let code = if name.name == "DUAL" { ora::INSUFFICIENT_PRIVILEGES } else { ora::TABLE_OR_VIEW_DOES_NOT_EXIST };
    LabError::new(code, name.pos)
}

impl Run<'_> {
    /// A table for DML.
    pub(super) fn dml_table(&self, name: &lio_sql::ast::Ident) -> Result<TableId, LabError> {
        let tid = self.inst.cat.table_id(&name.name).ok_or_else(|| missing_table(&self.inst.cat, name))?;
        self.check_direct_loaded(&[tid], name.pos)?;
        Ok(tid)
    }

    /// LAB-00036 when another session's open transaction has locked row
    /// `r` of `table`: Oracle would wait for it to end. Then the row's
    /// block must have an ITL slot for the transaction (session/itl.rs).
    pub(super) fn check_row_lock(&mut self, table: TableId, r: u32, pos: Pos) -> Result<(), LabError> {
        self.check_row_unlocked(table, r, pos)?;
        self.take_itl(table, r, pos)
    }

    fn check_row_unlocked(&self, table: TableId, r: u32, pos: Pos) -> Result<(), LabError> {
        match self.inst.row_locks.get(table, r) {
            Some(sid) if sid != self.s.sid => Err(LabError::with_args(
                ora::LAB_ROW_LOCKED,
                &[&format_args!("LAB.{}", self.inst.cat.tables[table].name), &sid],
                pos,
            )),
            _ => Ok(()),
        }
    }

    /// The rows `target` selects, each with the values of `exprs` and its
    /// row number (last), read through the query's access path; and
    /// whether that path is an index range or full scan (whose DML defers
    /// its index maintenance: `array_dml::index_driven`).
    fn target_rows(
        &mut self,
        tid: TableId,
        target: &Target,
        exprs: impl FnOnce() -> Vec<Expr>,
        text: &str,
        binds: DmlBinds,
        client: Client,
    ) -> Result<(Vec<Vec<Value>>, bool), LabError> {
        let pos = target.pos;
        let select = move || -> Vec<SelectItem> {
            let exprs = exprs();
            if exprs.is_empty() {
                vec![SelectItem::Expr { expr: Expr::Number(1i64.into(), pos), alias: None, heading: None }]
            } else {
                exprs.into_iter().map(|expr| SelectItem::Expr { expr, alias: None, heading: None }).collect()
            }
        };
        self.target_select(tid, target, select, text, binds, client, false).map(|(_, rows, by_index)| (rows, by_index))
    }

    /// [`Self::target_rows`] for a select list: the column names too.
    #[allow(clippy::too_many_arguments)]
    fn target_select(
        &mut self,
        tid: TableId,
        target: &Target,
        select: impl FnOnce() -> Vec<SelectItem>,
        text: &str,
        binds: DmlBinds,
        client: Client,
        want_columns: bool,
    ) -> Result<TargetRows, LabError> {
        // Oracle allows `WHERE c = s.CURRVAL` in UPDATE and DELETE; the
        // lab reads sequences only in their SET lists and VALUES.
        if let Some(at) = target.where_clause.as_ref().and_then(super::sequence::sequence_ref_at) {
            return Err(LabError::unsupported("NEXTVAL or CURRVAL in the WHERE clause of an UPDATE or DELETE", at));
        }
        let cs = self.call_stacks(client);
        // The statement's query is built only when its cursor is not cached.
        let mut c = match self.cached_cursor(text, &cs) {
            Some(c) => c,
            None => {
                let q = Query::of_table(
                    target.pos,
                    target.hints.to_vec(),
                    select(),
                    target.table,
                    target.alias,
                    target.where_clause,
                );
                let names: Vec<String> = match binds {
                    DmlBinds::Plsql(vars) => vars.iter().map(|(n, _)| n.clone()).collect(),
                    DmlBinds::Positional(_) => Vec::new(),
                };
                self.compile_cursor(&q, text, &names, &cs)?.0
            }
        };
        let mut values = std::mem::take(&mut self.s.dml.binds);
        values.clear();
        match binds {
            // One value binds every placeholder (LAB RUN's BIND a TO b).
            DmlBinds::Positional([one]) => values.resize(c.bind_names.len(), one.clone()),
            DmlBinds::Positional(b) => values.extend_from_slice(b),
            DmlBinds::Plsql(vars) => values.extend(
                c.bind_names
                    .iter()
                    .map(|n| vars.iter().rev().find(|(v, _)| v == n).map(|(_, x)| x.clone()).unwrap_or(Value::Null)),
            ),
        }
        if c.bind_names.len() > values.len() {
            self.close_cursor(text, c, true);
            return Err(LabError::new(ora::NOT_ALL_VARIABLES_BOUND, target.pos));
        }
        if !matches!(c.project.last(), Some(CExpr::RowId(_))) {
            changed_by_rowid(&mut c.root, tid);
            let Some(src) = table_src(&c.root.kind, tid) else {
                return Err(LabError::with(ora::LAB_UNSUPPORTED, "this access path for UPDATE or DELETE", target.pos));
            };
            c.project.push(CExpr::RowId(src));
        }
        let mut rows = std::mem::take(&mut self.s.dml.rows);
        rows.clear();
        let mut spare = std::mem::take(&mut self.s.dml.spare_rows);
        let policy = FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false };
        self.s.buffered_scan = true;
        let mut sink = super::types::RecycledRows { rows: &mut rows, spare: &mut spare };
        let r = self.execute_fetch(&mut c, text, &values, client, &cs, policy, Some(&mut sink), None);
        self.s.buffered_scan = false;
        self.s.dml.spare_rows = spare;
        DmlScratch::keep(&mut self.s.dml.binds, values);
        let columns = if want_columns { c.columns.clone() } else { Vec::new() };
        let by_index = super::array_dml::index_driven(&c.root.kind);
        self.s.dml.slot = c.sql_slot;
        self.close_cursor(text, c, true);
        r?;
        Ok((columns, rows, by_index))
    }

    /// `SELECT ... FOR UPDATE` of one table: the rows are read, then each is
    /// locked (its lock byte changed in current mode: undo and redo) until
    /// the transaction ends.
    pub(super) fn select_for_update(&mut self, q: &Query, text: &str) -> Result<Outcome, LabError> {
        let [FromItem::Table { name, alias, sample: None }] = q.from.as_slice() else {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "FOR UPDATE of joins, views and subqueries", q.pos));
        };
        if q.distinct || !q.group_by.is_empty() || !q.order_by.is_empty() || q.connect_by.is_some() {
            return Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                "FOR UPDATE with DISTINCT, GROUP BY, ORDER BY or CONNECT BY",
                q.pos,
            ));
        }
        let tid = self.dml_table(name)?;
        self.refuse_partitioned(tid, "SELECT FOR UPDATE of a partitioned table", name.pos)?;
        let target = Target { table: name, alias, where_clause: &q.where_clause, hints: &q.hints, pos: q.pos };
        let client = Client::SqlPlus;
        let (columns, found, _) =
            self.target_select(tid, &target, || q.select.clone(), text, DmlBinds::Positional(&[]), client, true)?;
        let start = self.txn().undo.len();
        let st = self.change_stacks("oracle;opitsk;opiodr;opiexe;opifch2;qersfl;kdusru");
        let mut rows = Vec::with_capacity(found.len());
        for mut vals in found {
            let Some(Value::Num(r)) = vals.pop() else { continue };
            let r = r.to_f64() as u32;
            if let Err(e) = self.check_row_lock(tid, r, q.pos) {
                return self.finish_statement(tid, start, Err(e)).map(|_| Outcome::default());
            }
            let t = &self.inst.cat.tables[tid];
            let old: Box<[Value]> = t.rows.row(r as usize).to_vec().into();
            let (old_loc, old_body) = (t.loc[r as usize], t.migrated.get(&r).copied());
            self.txn().undo.push(Undo::Update { table: tid, row: r, old, old_loc, old_body });
            self.mark_active(tid, r);
            let at = super::txn::row_block(&self.inst.cat, tid, r).filter(|_| !self.inst.cat.tables[tid].is_iot());
            let (redo, undo) = self.layout().lock_row();
            self.count_change(ChangeSize { redo, undo }, &st, at);
            rows.push(vals);
        }
        let n = self.finish_statement(tid, start, Ok(rows.len() as u64))?;
        self.user_call_roundtrip(client, text.len());
        let show = self.s.sqlplus.autotrace != Autotrace::TraceOnly;
        Ok(Outcome { columns, rows: if show { rows } else { Vec::new() }, rows_processed: n, ..Default::default() })
    }

    /// `UPDATE`: returns the rows updated.
    pub(super) fn update(&mut self, u: &Update, text: &str, binds: DmlBinds, client: Client) -> Result<u64, LabError> {
        let tid = self.dml_table(&u.table)?;
        // Oracle runs a SET list's subqueries as the UPDATE line's later
        // children (after the table's lines); the lab's query would show
        // them first (a select list's place).
        if let Some((_, e)) = u.sets.iter().find(|(_, e)| matches!(e, Expr::Subquery(_))) {
            let at = crate::exec::plan::select_expr_pos(e);
            return Err(LabError::unsupported("UPDATE SET c = (subquery)", at));
        }
        let u = &*self.update_sets(u, tid)?;
        let mut cols = std::mem::take(&mut self.s.dml.cols);
        cols.clear();
        self.update_columns_into(tid, &u.sets, &mut cols)?;
        self.refuse_key_update(tid, &cols, u.pos)?;
        let target =
            Target { table: &u.table, alias: &u.alias, where_clause: &u.where_clause, hints: &u.hints, pos: u.pos };
        let exprs = || u.sets.iter().map(|(_, e)| e.clone()).collect();
        let (found, by_index) = self.target_rows(tid, &target, exprs, text, binds, client)?;
        let (slot, mark) = (self.s.dml.slot, self.sql_mark());
        let start = self.txn().undo.len();
        let before = self.inst.cat.segment_blocks(&self.inst.cat.tables[tid]);
        let index_blocks = self.index_blocks(tid);
        let r = self.update_rows(tid, &cols, found, by_index, u.pos);
        // Rows that grew past the tablespace's file: ORA-01653, the statement
        // rolled back; an index that did: ORA-01654.
        let r = r.and_then(|n| self.check_grown_table(tid, before, u.pos).map(|()| n));
        let r = r.and_then(|n| self.check_grown_indexes(&index_blocks, u.pos).map(|()| n));
        let out_of_space = r.as_ref().is_err_and(|e| e.code == ora::UNABLE_TO_EXTEND_TABLE.code());
        DmlScratch::keep(&mut self.s.dml.cols, cols);
        let r = self.finish_statement(tid, start, r);
        if out_of_space {
            self.trim_to_tablespace(tid, before);
        }
        self.sql_area_changed(slot, &mark);
        r
    }

    /// The columns an UPDATE's SET list names (ORA-00904 for another);
    /// an IOT's or a hash cluster's key is refused.
    pub(super) fn update_columns_into(
        &self,
        tid: TableId,
        sets: &[(lio_sql::ast::Ident, Expr)],
        cols: &mut Vec<usize>,
    ) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        for (c, _) in sets {
            let i = t
                .column_index(&c.name)
                .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", c.name), c.pos))?;
            let fixed = match &t.storage {
                TableStorage::Iot { .. } => t.pk.as_ref().is_some_and(|(k, _, _)| k.contains(&i)),
                TableStorage::Cluster { key_cols, .. } => key_cols.contains(&i),
                TableStorage::Heap { .. } => false,
            };
            if fixed {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    "UPDATE of an index-organized table's key or a hash cluster's key",
                    c.pos,
                ));
            }
            cols.push(i);
        }
        Ok(())
    }

    pub(super) fn update_rows(
        &mut self,
        tid: TableId,
        cols: &[usize],
        mut found: Vec<Vec<Value>>,
        by_index: bool,
        pos: Pos,
    ) -> Result<u64, LabError> {
        let st = self.change_stacks("oracle;opitsk;opiodr;opiexe;updexe;updrow;kdusru");
        // Through an index range or full scan, the entries are changed at
        // the statement's end, a leaf at a time.
        let mut deferred = by_index.then(DeferredLeaves::default);
        let mut changed = HashSet::new();
        // Each (physical) index whose key some row changed, with those rows:
        // only their entries are maintained (an entry whose key the UPDATE
        // left alone is not touched, as in Oracle).
        let mut touched: HashMap<usize, HashSet<u32>> = HashMap::new();
        let mut n = 0u64;
        let mut new = std::mem::take(&mut self.s.dml.new_row);
        let mut moved: Vec<super::row_move::Moved> = Vec::new();
        let mut checks = self.compiled_checks(tid, Some(cols))?;
        for mut vals in found.drain(..) {
            let Some(Value::Num(r)) = vals.pop() else { continue };
            let r = r.to_f64() as u32;
            n += 1;
            self.check_row_lock(tid, r, pos)?;
            // The undo record's old values, in a box an ended transaction left.
            let spare = self.txn().spare_rows.pop();
            let t = &self.inst.cat.tables[tid];
            let old: Box<[Value]> = match spare {
                Some(mut b) if b.len() == t.rows.width() => {
                    for (d, v) in b.iter_mut().zip(t.rows.row(r as usize).iter()) {
                        *d = v;
                    }
                    b
                }
                _ => t.rows.row(r as usize).to_vec().into(),
            };
            new.clear();
            new.extend_from_slice(&old);
            for (&c, v) in cols.iter().zip(vals.drain(..)) {
                new[c] = convert(&t.columns[c], (&self.inst.cat.schema, &t.name), v, pos, true)?;
            }
            self.s.dml.spare(vals);
            self.check_row(tid, &mut checks, &new, pos)?;
            self.check_row_fits_block(tid, storage::row_size(&new), pos)?;
            self.lock_update_pieces(tid, r, &old, &new, pos)?;
            if self.moves_partition(tid, r, &new, pos)? {
                moved.push((r, new.as_slice().into()));
                continue;
            }
            let t = &self.inst.cat.tables[tid];
            let (redo, undo) = self.layout().update_row(cols.iter().map(|&c| &new[c]), cols.iter().map(|&c| &old[c]));
            let size = ChangeSize { redo, undo };
            let key_change = super::key_change::key_changes(&self.inst.cat, t, r, &old, &new, &mut touched);
            let old_loc = t.loc[r as usize];
            let old_body = t.migrated.get(&r).copied();
            // The row moves (or not) in its block before its old values go
            // to the undo record (moved there, not copied).
            let (old_size, new_size) = (storage::row_size(&old), storage::row_size(&new));
            self.txn().undo.push(Undo::Update { table: tid, row: r, old, old_loc, old_body });
            self.place_updated_row(tid, r, old_size, new_size);
            self.inst.cat.tables[tid].rows.set_row(r as usize, &new);
            self.mark_active(tid, r);
            self.inst.sga.memopt.invalidate(tid, r);
            let at = super::txn::row_block(&self.inst.cat, tid, r).filter(|_| !self.inst.cat.tables[tid].is_iot());
            self.count_change(size, &st, at);
            // An index entry whose key changed: deleted and inserted again.
            for (gone, added) in key_change.iter().copied() {
                changed.insert(r);
                if let Some(d) = deferred.as_mut() {
                    gone.into_iter().for_each(|(seg, leaf, bytes)| d.add(seg, leaf, false, bytes));
                    added.into_iter().for_each(|(seg, leaf, bytes)| d.add(seg, leaf, true, bytes));
                    continue;
                }
                let layout = self.layout();
                if let Some((seg, leaf, bytes)) = gone {
                    let (redo, undo) = layout.leaf_delete(bytes);
                    self.count_change(ChangeSize { redo, undo }, &st, Some((seg, leaf)));
                }
                if let Some((seg, leaf, bytes)) = added {
                    let (redo, undo) = layout.leaf_insert(bytes);
                    self.count_change(ChangeSize { redo, undo }, &st, Some((seg, leaf)));
                }
            }
            self.check_work()?;
        }
        if let Some(d) = deferred {
            self.count_deferred_leaves(d, &st);
        }
        DmlScratch::keep(&mut self.s.dml.new_row, new);
        DmlScratch::keep(&mut self.s.dml.rows, found);
        if !changed.is_empty() {
            self.reindex_only(tid, &changed, Some(&touched)).map_err(|mut e| {
                e.pos = pos;
                e
            })?;
        }
        self.move_rows(tid, moved, &st, pos)?;
        Ok(n)
    }

    /// The row grows or shrinks in its block; past the block's free space
    /// it migrates, leaving its head behind.
    fn place_updated_row(&mut self, tid: TableId, r: u32, o: u32, n: u32) {
        let t = &mut self.inst.cat.tables[tid];
        let head = t.loc[r as usize].block;
        let body = t.migrated.get(&r).copied().unwrap_or(head);
        let TableStorage::Heap { heap, seg } = &mut t.storage else { return };
        if heap.resize(body, o, n) {
            return;
        }
        let (to, fresh) = if body == head {
            heap.migrate(head, o, n)
        } else {
            heap.adjust(body, o + storage::ROW_DIRECTORY, false);
            let (l, fresh) = heap.insert(n);
            (l.block, fresh)
        };
        let seg = *seg;
        t.migrated.insert(r, to);
        t.loc[r as usize].slot |= storage::MIGRATED;
        if let (true, Some(seg)) = (fresh, seg) {
            self.format_block(seg, to);
        }
    }

    /// `DELETE`: returns the rows deleted.
    pub(super) fn delete(&mut self, d: &Delete, text: &str, binds: DmlBinds, client: Client) -> Result<u64, LabError> {
        let tid = self.dml_table(&d.table)?;
        let target =
            Target { table: &d.table, alias: &d.alias, where_clause: &d.where_clause, hints: &d.hints, pos: d.pos };
        let (found, by_index) = self.target_rows(tid, &target, Vec::new, text, binds, client)?;
        let (slot, mark) = (self.s.dml.slot, self.sql_mark());
        let r = self.delete_found(tid, d, found, by_index);
        self.sql_area_changed(slot, &mark);
        r
    }

    /// The rows a DELETE's query `found` are deleted.
    pub(super) fn delete_found(
        &mut self,
        tid: TableId,
        d: &Delete,
        found: Vec<Vec<Value>>,
        by_index: bool,
    ) -> Result<u64, LabError> {
        let start = self.txn().undo.len();
        let st = self.change_stacks("oracle;opitsk;opiodr;opiexe;delexe;delrow;kdddrp");
        let mut rows = HashSet::new();
        let mut deferred = by_index.then(DeferredLeaves::default);
        // A parent's deleted rows, checked against its children at the end.
        let referenced = !self.referencing(tid).is_empty();
        let mut parents: Vec<Box<[Value]>> = Vec::new();
        for mut vals in found {
            let Some(Value::Num(r)) = vals.pop() else { continue };
            let r = r.to_f64() as u32;
            if let Err(e) = self.check_row_lock(tid, r, d.pos) {
                // Nothing of this statement stays (statement-level rollback).
                return self.finish_statement(tid, start, Err(e));
            }
            let t = &self.inst.cat.tables[tid];
            if !t.is_live(r) || !rows.insert(r) {
                continue;
            }
            if let Err(e) = self.lock_delete_pieces(tid, r, d.pos) {
                return self.finish_statement(tid, start, Err(e));
            }
            let row = self.delete_row(tid, r, &st, deferred.as_mut());
            if referenced {
                parents.push(row);
            }
        }
        if let Some(d) = deferred {
            self.count_deferred_leaves(d, &st);
        }
        let n = rows.len() as u64;
        let r = if rows.is_empty() { Ok(()) } else { self.reindex(tid, &rows, false) };
        let r = r.and_then(|()| self.delete_children(tid, std::mem::take(&mut parents), d.pos));
        let r = r.map_err(|mut e| {
            e.pos = d.pos;
            e
        });
        self.finish_statement(tid, start, r.map(|_| n))
    }

    /// The end of a DML statement: on error its own changes are rolled back
    /// (statement-level rollback; the transaction stays); otherwise the
    /// table carries the session's uncommitted changes.
    pub(super) fn finish_statement(
        &mut self,
        tid: TableId,
        start: usize,
        r: Result<u64, LabError>,
    ) -> Result<u64, LabError> {
        self.inst.row_locks.end_statement_pieces(self.s.sid, r.is_ok());
        match r {
            Ok(n) => {
                if self.txn().undo.len() > start {
                    self.inst.cat.tables[tid].add_writer(self.s.sid);
                }
                Ok(n)
            }
            Err(e) => {
                self.undo_to(start)?;
                Err(e)
            }
        }
    }
}

/// A DML target's select: its column names, its rows, and whether an index
/// range or full scan read them.
type TargetRows = (Vec<String>, Vec<Vec<Value>>, bool);

/// The row source reading `table`'s rows, and its source slot.
fn table_src(k: &OpKind, table: TableId) -> Option<usize> {
    match k {
        OpKind::Full { table: t, src, .. } | OpKind::Hash { table: t, src, .. } if *t == table => Some(*src),
        OpKind::ByRowid { table: t, src, .. } if *t == table => Some(*src),
        OpKind::IndexUnique { src, .. }
        | OpKind::IndexRange { src, .. }
        | OpKind::IndexMinMax { src, .. }
        | OpKind::IndexFast { src, .. } => Some(*src),
        OpKind::Filter { child, .. } | OpKind::BitmapCount(child) => table_src(&child.kind, table),
        // A partitioned table's PARTITION line (a pass-through), or the
        // COUNT STOPKEY of `WHERE ROWNUM <= n`: the rows it lets through
        // are the ones changed.
        OpKind::CountStopkey { child, .. } => table_src(&child.kind, table),
        // SET c = s.NEXTVAL: the sequence's line over the table's.
        OpKind::Sequence(child, _) => table_src(&child.kind, table),
        OpKind::BitmapCombine { state, .. } => Some(state.src),
        _ => None,
    }
}

/// A value for a column: checked and converted as INSERT does. `update`:
/// NULL into a NOT NULL column is ORA-01407 rather than ORA-01400.
pub(super) fn convert(
    c: &crate::catalog::Column,
    (schema, table): (&str, &str),
    v: Value,
    pos: Pos,
    update: bool,
) -> Result<Value, LabError> {
    Ok(match (&c.data_type, v) {
        (_, Value::Null) => {
            if c.not_null {
                let e = if update { ora::CANNOT_UPDATE_TO_NULL } else { ora::CANNOT_INSERT_NULL };
                return Err(LabError::with(e, format_args!("\"{schema}\".\"{}\".\"{}\"", table, c.name), pos));
            }
            Value::Null
        }
        (DataType::Number { precision, scale }, v) => {
            let num_err = |e| crate::exec::expr::num_error(e, pos);
            let n = match &v {
                Value::Num(n) => *n,
                Value::Date(_) => {
                    return Err(LabError::with_args(ora::INCONSISTENT_DATATYPES, &[&"NUMBER", &"DATE"], pos))
                }
                other => crate::number::Number::parse(&other.to_string()).map_err(num_err)?,
            };
            Value::Num(
                crate::exec::convert::fit_number(n, *precision, *scale)
                    .ok_or_else(|| LabError::new(ora::VALUE_LARGER_THAN_PRECISION, pos))?,
            )
        }
        (DataType::Varchar2 { len, .. } | DataType::Char { len }, v) => {
            let s = match &v {
                Value::Str(s) => s.clone(),
                other => crate::value::Text::from(other.to_string()),
            };
            // A character takes a byte or more: a VARCHAR2 text no longer
            // in bytes than the column fits without counting them.
            let actual = if s.len() <= *len as usize && matches!(c.data_type, DataType::Varchar2 { .. }) {
                s.len() as u32
            } else {
                s.chars().count() as u32
            };
            if actual > *len {
                return Err(LabError::with_args(
                    ora::VALUE_TOO_LARGE,
                    &[&format_args!("\"{schema}\".\"{}\".\"{}\"", table, c.name), &actual, len],
                    pos,
                ));
            }
            // CHAR(n) is stored blank-padded to n.
            match c.data_type {
                DataType::Char { len } if actual < len => {
                    Value::str(&crate::exec::convert::pad_char(&s, len).unwrap_or_default())
                }
                _ => Value::Str(s),
            }
        }
        // Text by NLS_DATE_FORMAT; a number is ORA-00932.
        (DataType::Date, v) => Value::Date(crate::exec::datefn::as_date(&v, pos)?.expect("not null")),
    })
}

/// The table's rows are changed in current mode: an index probe hands its
/// rowids straight to the change (no consistent get of the table block),
/// as UPDATE/DELETE over an index do, so the plan's table access by rowid
/// goes (when it filters nothing). Under a partitioned table's PARTITION
/// line, the line stays above the index scan.
pub(super) fn changed_by_rowid(root: &mut exec::Op, tid: TableId) {
    let at = match &mut root.kind {
        OpKind::CountStopkey { child, .. } => child.as_mut(),
        _ => root,
    };
    if let OpKind::ByRowid { table, child, filter, .. } = &at.kind {
        if *table == tid && filter.is_empty() {
            let child = (**child).clone();
            *at = child;
        }
    }
}
