//! MERGE: one query joins the source to the target (`source LEFT OUTER
//! JOIN target ON (cond)`, read in consistent mode, as Oracle's plan reads
//! it under its MERGE line), then each source row's target row (its
//! ROWID, or none) decides: matched, the row is updated (the UPDATE
//! WHERE passing) and then deleted if DELETE WHERE holds of its new
//! values; not matched, a row is inserted (the INSERT WHERE passing). The
//! changes go through UPDATE's, DELETE's and INSERT's own paths (undo,
//! redo, index entries), so a merged row costs what the same UPDATE or
//! INSERT costs. The rows inserted are not seen by the join (it ran
//! first), as in Oracle: two source rows of one new key insert twice.
//!
//! Errors as Oracle's: a target row that two source rows would update is
//! ORA-30926; a SET of a target column the ON clause reads, ORA-38104;
//! INSERT VALUES or INSERT WHERE reading the target, ORA-38101 / ORA-38102.
//! The statement's count (`N rows merged.`, SQL%ROWCOUNT) is the rows
//! updated plus the rows inserted (a row updated then deleted counts once).
//!
//! A partitioned target: its join reads it as a query does (pruned on
//! what the ON clause gives, `PARTITION ... ` lines in the plan), and the
//! writes take the partitioned paths (an inserted row to its partition,
//! ORA-14400 for none; an updated key that moves the row, ORA-14402
//! without ROW MOVEMENT).

use super::net::Client;
use super::types::DmlBinds;
use super::*;
use crate::catalog::RowStore;
use crate::exec::func::Func;
use crate::exec::CExpr;
use lio_sql::ast::{Delete, FromItem, Insert, InsertSource, Merge, SelectItem, Update};
use std::collections::HashMap;

/// Where each part of the MERGE's select list is: the target's ROWID
/// first, then the SET values, the flags of the UPDATE, DELETE and
/// INSERT WHERE conditions (1 when true), then the INSERT values.
struct Layout {
    sets: usize,
    /// The target's values of the SET columns before the MERGE.
    olds: usize,
    upd_where: Option<usize>,
    del_where: Option<usize>,
    ins_where: Option<usize>,
    values: usize,
    nvalues: usize,
}

/// The rows a MERGE changes, from its join.
#[derive(Default)]
struct Plan {
    /// SET values, then the target row number.
    updates: Vec<Vec<Value>>,
    deletes: Vec<Vec<Value>>,
    inserts: Vec<Vec<Value>>,
}

impl Run<'_> {
    /// SQL*Plus's MERGE: `N rows merged.`, its plan for autotrace.
    pub(super) fn sqlplus_merge(&mut self, m: &Merge, stmt: &Statement) -> Result<Outcome, LabError> {
        self.s.sqlplus.last_sql = Some(stmt.clone());
        let (host, gets) = (self.host_scope(), self.statement_gets());
        let (text, binds) = (&stmt.text, DmlBinds::Plsql(&host));
        let n =
            self.monitored_dml(("MERGE", "MERGE", &m.table.name, text), |r| r.merge(m, text, binds, Client::SqlPlus))?;
        let lines = super::state::DmlLines::merge(&m.table.name);
        let (plan, plan_notes) = self.dml_ran(text, lines, gets).unwrap_or_default();
        self.user_call_roundtrip(Client::SqlPlus, text.len());
        let feedback = Some(rows_done(n, "merged"));
        Ok(Outcome { rows_processed: n, feedback, plan, plan_notes, ..Default::default() })
    }

    /// `MERGE`: the rows merged (updated plus inserted).
    pub(super) fn merge(&mut self, m: &Merge, text: &str, binds: DmlBinds, client: Client) -> Result<u64, LabError> {
        let tid = self.dml_table(&m.table)?;
        let qual = m.alias.as_ref().unwrap_or(&m.table).name.clone();
        // SET's DEFAULT keywords as UPDATE reads them.
        let sets = match &m.update {
            Some(u) => {
                let as_update = Update {
                    table: m.table.clone(),
                    alias: m.alias.clone(),
                    sets: u.sets.clone(),
                    where_clause: None,
                    hints: Vec::new(),
                    pos: m.pos,
                };
                self.update_sets(&as_update, tid)?.into_owned().sets
            }
            None => Vec::new(),
        };
        let mut cols = Vec::new();
        self.update_columns_into(tid, &sets, &mut cols)?;
        self.refuse_key_update(tid, &cols, m.pos)?;
        self.check_on_columns(tid, m, &qual, &sets)?;
        let (targets, ins) = self.merge_insert_targets(tid, m)?;
        let (select, layout) = merge_select(m, &qual, &sets, &ins)?;
        let q = merge_query(m, select);
        let found = self.merge_join(&q, text, binds, client, &layout, m)?;
        // ORA-30926 at the source table (Durrett's `using source` with its
        // asterisk), or at the target when the source is a subquery (Brooks's
        // `merge into a`).
        let unstable_at = match &m.source {
            FromItem::Table { name, .. } => name.pos,
            _ => m.table.pos,
        };
        let reupdate = self.inst.profile.merge_reupdate_unchanged;
        let plan = split_rows(found, &layout, unstable_at, reupdate)?;
        let (slot, mark) = (self.s.dml.slot, self.sql_mark());
        let start = self.txn().undo.len();
        let n = (plan.updates.len() + plan.inserts.len()) as u64;
        let r = self.apply_merge(tid, m, &cols, plan, (&targets, &ins));
        let r = self.finish_statement(tid, start, r.map(|()| n));
        self.sql_area_changed(slot, &mark);
        r
    }

    /// The join's rows: each the select list's values, the target's row
    /// number first (`u32::MAX` for a source row with no match).
    #[allow(clippy::too_many_arguments)]
    fn merge_join(
        &mut self,
        q: &Query,
        text: &str,
        binds: DmlBinds,
        client: Client,
        layout: &Layout,
        m: &Merge,
    ) -> Result<Vec<Vec<Value>>, LabError> {
        let cs = self.call_stacks(client);
        let mut c = match self.cached_cursor(text, &cs) {
            Some(c) => c,
            None => {
                let names: Vec<String> = match binds {
                    DmlBinds::Plsql(vars) => vars.iter().map(|(n, _)| n.clone()).collect(),
                    DmlBinds::Positional(_) => Vec::new(),
                };
                let mut c = self.compile_cursor(q, text, &names, &cs)?.0;
                // The target's ROWID: its row number (u32::MAX when null-extended).
                let src = match c.project.first() {
                    Some(CExpr::Func(Func::Rowid, args, _)) => match args.first() {
                        Some(CExpr::RowId(src)) => *src,
                        _ => return Err(LabError::unsupported("this MERGE's join", m.pos)),
                    },
                    _ => return Err(LabError::unsupported("this MERGE's join", m.pos)),
                };
                c.project[0] = CExpr::RowId(src);
                if let Err(e) = insert_reads_target(&c.project, src, layout, m) {
                    self.close_cursor(text, c, false);
                    return Err(e);
                }
                c
            }
        };
        let values: Vec<Value> = match binds {
            DmlBinds::Positional([one]) => vec![one.clone(); c.bind_names.len()],
            DmlBinds::Positional(b) => b.to_vec(),
            DmlBinds::Plsql(vars) => c
                .bind_names
                .iter()
                .map(|n| vars.iter().rev().find(|(v, _)| v == n).map(|(_, x)| x.clone()).unwrap_or(Value::Null))
                .collect(),
        };
        if c.bind_names.len() > values.len() {
            self.close_cursor(text, c, true);
            return Err(LabError::new(ora::NOT_ALL_VARIABLES_BOUND, m.pos));
        }
        let mut rows = Vec::new();
        let mut spare = Vec::new();
        let policy = FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false };
        self.s.buffered_scan = true;
        let mut sink = super::types::RecycledRows { rows: &mut rows, spare: &mut spare };
        let r = self.execute_fetch(&mut c, text, &values, client, &cs, policy, Some(&mut sink), None);
        self.s.buffered_scan = false;
        self.s.dml.slot = c.sql_slot;
        self.close_cursor(text, c, true);
        r?;
        Ok(rows)
    }

    /// The changes, updates first (then the rows DELETE WHERE removes),
    /// then the inserts.
    fn apply_merge(
        &mut self,
        tid: TableId,
        m: &Merge,
        cols: &[usize],
        plan: Plan,
        (targets, ins): (&[usize], &Option<Insert>),
    ) -> Result<(), LabError> {
        if !plan.updates.is_empty() {
            let before = self.inst.cat.table_blocks(&self.inst.cat.tables[tid]);
            let index_blocks = self.index_blocks(tid);
            self.update_rows(tid, cols, plan.updates, false, m.pos)?;
            self.check_grown_table(tid, before, m.pos)?;
            self.check_grown_indexes(&index_blocks, m.pos)?;
        }
        if !plan.deletes.is_empty() {
            let d = Delete { table: m.table.clone(), alias: None, where_clause: None, hints: Vec::new(), pos: m.pos };
            self.delete_found(tid, &d, plan.deletes, false)?;
        }
        let Some(i) = ins.as_ref().filter(|_| !plan.inserts.is_empty()) else { return Ok(()) };
        let ncols = self.inst.cat.tables[tid].columns.len();
        let defaults = self.insert_defaults(tid, targets)?;
        let row_defaults = self.row_defaults(i, tid, targets)?;
        let mut out = RowStore::new(ncols);
        let mut row = Vec::with_capacity(ncols);
        for vals in plan.inserts {
            row.clear();
            row.resize(ncols, Value::Null);
            for (c, v) in &defaults {
                row[*c] = v.clone();
            }
            for (v, &t) in vals.into_iter().zip(targets) {
                row[t] = v;
            }
            out.push_from(&mut row);
        }
        self.apply_row_defaults(&row_defaults, &mut out, m.table.pos)?;
        self.insert_rows(tid, out, m.table.pos)
    }

    /// ORA-38104: a SET column the ON condition reads of the target
    /// (qualified by its alias, or unqualified and a column of it).
    fn check_on_columns(&self, tid: TableId, m: &Merge, qual: &str, sets: &[(Ident, Expr)]) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let mut read = Vec::new();
        let mut on = m.on.clone();
        substitute(
            &mut on,
            &mut |x| {
                if let Expr::Column { qualifier, name } = x {
                    let ours = match qualifier {
                        Some(q) => q.name == qual,
                        None => t.column_index(&name.name).is_some(),
                    };
                    if ours {
                        read.push(name.name.clone());
                    }
                }
                None
            },
            &mut None,
        );
        match sets.iter().find(|(c, _)| read.contains(&c.name)) {
            Some((c, _)) => {
                Err(LabError::with(ora::MERGE_ON_COLUMN_UPDATED, format_args!("\"{qual}\".\"{}\"", c.name), c.pos))
            }
            None => Ok(()),
        }
    }

    /// The INSERT clause as an INSERT ... VALUES (its DEFAULT keywords
    /// replaced by the columns' defaults) and the columns it fills.
    fn merge_insert_targets(&mut self, tid: TableId, m: &Merge) -> Result<(Vec<usize>, Option<Insert>), LabError> {
        let Some(mi) = &m.insert else { return Ok((Vec::new(), None)) };
        let t = &self.inst.cat.tables[tid];
        let targets: Vec<usize> = match &mi.columns {
            Some(cols) => {
                let mut v = Vec::new();
                for c in cols {
                    let k = t.column_index(&c.name).ok_or_else(|| LabError::invalid_identifier(&c.name, c.pos))?;
                    if v.contains(&k) {
                        return Err(LabError::new(ora::DUPLICATE_COLUMN_NAME, c.pos));
                    }
                    v.push(k);
                }
                v
            }
            None => (0..t.columns.len()).collect(),
        };
        if mi.values.len() != targets.len() {
            let code = if mi.values.len() < targets.len() { ora::NOT_ENOUGH_VALUES } else { ora::TOO_MANY_VALUES };
            return Err(LabError::new(code, mi.pos));
        }
        let values = mi
            .values
            .iter()
            .zip(&targets)
            .map(|(e, &k)| match e {
                Expr::Default(at) => t.columns[k].default.as_ref().map_or(Expr::Null(*at), |d| d.clone()),
                e => e.clone(),
            })
            .collect();
        let cols = Some(targets.iter().map(|&k| Ident { name: t.columns[k].name.clone(), pos: mi.pos }).collect());
        let ins =
            Insert { table: m.table.clone(), columns: cols, source: InsertSource::Values(values), hints: Vec::new() };
        Ok((targets, Some(ins)))
    }
}

/// The join's select list and where each part of it is.
fn merge_select(
    m: &Merge,
    qual: &str,
    sets: &[(Ident, Expr)],
    ins: &Option<Insert>,
) -> Result<(Vec<SelectItem>, Layout), LabError> {
    let item = |expr: Expr| SelectItem::Expr { expr, alias: None, heading: None };
    let flag = |cond: &Expr| {
        let pos = m.pos;
        item(Expr::Case {
            operand: None,
            whens: vec![(cond.clone(), Expr::Number(1i64.into(), pos))],
            otherwise: None,
            pos,
        })
    };
    let rowid = Expr::Column {
        qualifier: Some(Ident { name: qual.to_string(), pos: m.table.pos }),
        name: Ident { name: "ROWID".into(), pos: m.table.pos },
    };
    let mut select = vec![item(rowid)];
    select.extend(sets.iter().map(|(_, e)| item(e.clone())));
    let olds = select.len();
    select.extend(sets.iter().map(|(c, _)| {
        item(Expr::Column { qualifier: Some(Ident { name: qual.to_string(), pos: c.pos }), name: c.clone() })
    }));
    let at = |select: &Vec<SelectItem>, cond: Option<&Expr>| cond.map(|_| select.len());
    let upd = m.update.as_ref();
    let upd_where = at(&select, upd.and_then(|u| u.where_clause.as_ref()));
    if let Some(w) = upd.and_then(|u| u.where_clause.as_ref()) {
        select.push(flag(w));
    }
    let del_where = at(&select, upd.and_then(|u| u.delete_where.as_ref()));
    if let Some(w) = upd.and_then(|u| u.delete_where.as_ref()) {
        // Its target columns read the row as updated: the SET values.
        select.push(flag(&after_update(w, qual, sets)?));
    }
    let ins_where = at(&select, m.insert.as_ref().and_then(|i| i.where_clause.as_ref()));
    if let Some(w) = m.insert.as_ref().and_then(|i| i.where_clause.as_ref()) {
        select.push(flag(w));
    }
    let values = select.len();
    let mut nvalues = 0;
    if let Some(Insert { source: InsertSource::Values(v), .. }) = ins {
        nvalues = v.len();
        select.extend(v.iter().cloned().map(item));
    }
    let layout = Layout { sets: sets.len(), olds, upd_where, del_where, ins_where, values, nvalues };
    Ok((select, layout))
}

/// `SELECT ... FROM source LEFT OUTER JOIN target ON (cond)`.
fn merge_query(m: &Merge, select: Vec<SelectItem>) -> Query {
    let target = FromItem::Table { name: m.table.clone(), alias: m.alias.clone(), sample: None };
    let mut q = Query::of_table(m.pos, m.hints.clone(), select, &m.table, &None, &None);
    q.from = vec![m.source.clone(), target];
    q.outer_joins = vec![(1, m.on.clone())];
    q
}

/// DELETE WHERE's condition on the updated row: each target column the
/// SET list changes read as its SET value. A subquery or an analytic
/// function in it is refused (its target columns are not rewritten).
fn after_update(cond: &Expr, qual: &str, sets: &[(Ident, Expr)]) -> Result<Expr, LabError> {
    let mut e = cond.clone();
    let mut refused = None;
    substitute(
        &mut e,
        &mut |x| match x {
            Expr::Column { qualifier, name } if qualifier.as_ref().is_none_or(|q| q.name == qual) => {
                sets.iter().find(|(c, _)| c.name == name.name).map(|(_, v)| v.clone())
            }
            _ => None,
        },
        &mut refused,
    );
    match refused {
        Some(at) => Err(LabError::unsupported("a subquery or an analytic function in MERGE's DELETE WHERE", at)),
        None => Ok(e),
    }
}

/// Replace each sub-expression `f` gives a replacement for; `refused`
/// the place of the first expression not walked into.
fn substitute(e: &mut Expr, f: &mut impl FnMut(&Expr) -> Option<Expr>, refused: &mut Option<Pos>) {
    if let Some(x) = f(e) {
        *e = x;
        return;
    }
    match e {
        Expr::Function { args, .. } => args.iter_mut().for_each(|a| substitute(a, f, refused)),
        Expr::Binary { left, right, .. } => {
            substitute(left, f, refused);
            substitute(right, f, refused);
        }
        Expr::Negate(x) | Expr::Not(x) | Expr::IsNull { expr: x, .. } => substitute(x, f, refused),
        Expr::Between { expr, low, high } => {
            for x in [expr, low, high] {
                substitute(x, f, refused);
            }
        }
        Expr::InList { expr, list, .. } => {
            substitute(expr, f, refused);
            list.iter_mut().for_each(|a| substitute(a, f, refused));
        }
        Expr::Like { expr, pattern, escape, .. } => {
            substitute(expr, f, refused);
            substitute(pattern, f, refused);
            if let Some(x) = escape {
                substitute(x, f, refused);
            }
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            if let Some(x) = operand {
                substitute(x, f, refused);
            }
            for (a, b) in whens {
                substitute(a, f, refused);
                substitute(b, f, refused);
            }
            if let Some(x) = otherwise {
                substitute(x, f, refused);
            }
        }
        Expr::Number(..)
        | Expr::String(..)
        | Expr::Null(_)
        | Expr::Bind(..)
        | Expr::Column { .. }
        | Expr::Rownum(_)
        | Expr::Level(_)
        | Expr::Default(_) => {}
        other => {
            refused.get_or_insert(crate::exec::plan::select_expr_pos(other));
        }
    }
}

/// ORA-38101 / ORA-38102: the INSERT's values or WHERE read the target.
fn insert_reads_target(project: &[CExpr], target: usize, l: &Layout, m: &Merge) -> Result<(), LabError> {
    let reads = |c: &CExpr| {
        let mut s = Vec::new();
        c.sources(&mut s);
        s.contains(&target)
    };
    let Some(mi) = &m.insert else { return Ok(()) };
    let name = |e: &Expr| match e {
        Expr::Column { qualifier, name } => match qualifier {
            Some(q) => format!("\"{}\".\"{}\"", q.name, name.name),
            None => format!("\"{}\"", name.name),
        },
        _ => String::new(),
    };
    for (k, e) in mi.values.iter().enumerate() {
        if project.get(l.values + k).is_some_and(reads) {
            let pos = crate::exec::plan::select_expr_pos(e);
            return Err(LabError::with(ora::MERGE_INSERT_VALUES_COLUMN, name(e), pos));
        }
    }
    if let (Some(w), Some(k)) = (&mi.where_clause, l.ins_where) {
        if project.get(k).is_some_and(reads) {
            return Err(LabError::with(ora::MERGE_INSERT_WHERE_COLUMN, name(w), crate::exec::plan::select_expr_pos(w)));
        }
    }
    Ok(())
}

/// Each join row to its change. A target row a second source row
/// updates is ORA-30926 when the update before changed it; one left as it
/// was is updated again where the release allows it (`reupdate`: Dominic
/// Brooks's "MERGE oddity": a row set to its own value, then to another,
/// is `2 rows merged.`; run again, ORA-30926), else ORA-30926 too.
fn split_rows(found: Vec<Vec<Value>>, l: &Layout, pos: Pos, reupdate: bool) -> Result<Plan, LabError> {
    let mut plan = Plan::default();
    // Each updated row: whether an update changed it, and its values now.
    let mut seen: HashMap<u32, (bool, Vec<Value>)> = HashMap::new();
    let on = |row: &[Value], k: Option<usize>| k.is_none_or(|k| !row[k].is_null());
    for row in found {
        let r = match &row[0] {
            Value::Num(n) => n.to_f64(),
            _ => continue,
        };
        if r < u32::MAX as f64 {
            if l.sets == 0 || !on(&row, l.upd_where) {
                continue;
            }
            let new = &row[1..=l.sets];
            match seen.get_mut(&(r as u32)) {
                Some((changed, _)) if *changed || !reupdate => {
                    return Err(LabError::new(ora::MERGE_UNSTABLE_ROWS, pos))
                }
                Some((changed, now)) => {
                    *changed = now.as_slice() != new;
                    *now = new.to_vec();
                }
                None => {
                    let old = &row[l.olds..l.olds + l.sets];
                    seen.insert(r as u32, (old != new, new.to_vec()));
                }
            }
            if l.del_where.is_some() && on(&row, l.del_where) {
                plan.deletes.push(vec![row[0].clone()]);
            }
            let mut u: Vec<Value> = new.to_vec();
            u.push(row[0].clone());
            plan.updates.push(u);
        } else if l.nvalues > 0 && on(&row, l.ins_where) {
            plan.inserts.push(row[l.values..l.values + l.nvalues].to_vec());
        }
    }
    Ok(plan)
}
