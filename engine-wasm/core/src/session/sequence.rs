//! `CREATE SEQUENCE`, `ALTER SEQUENCE`, `DROP SEQUENCE`, USER_SEQUENCES,
//! and the recursive `update seq$` each load of the sequence cache makes
//! (`sga/sequence.rs` hands the values out).
//!
//! The checks are Oracle's (SQL Language Reference, CREATE SEQUENCE, and
//! the errors a published SQL*Plus session shows: ORA-04010 for CACHE 0,
//! ORA-04004, ORA-04013, ORA-02283, ORA-08002, ORA-08004), each at the
//! statement's start as Oracle reports them, but ORA-02283 at START.
//! ALTER continues from the last value handed out, with the new
//! increment, and gives the cached values up (LAST_NUMBER becomes the
//! next value). The name shares the namespace of tables, views and
//! stored programs (ORA-00955).

use super::*;
use crate::catalog::sequence::Sequence;
use crate::exec::plan::sequence::pseudo_refs;
use crate::number::Number;
use crate::value::Value;
use lio_sql::ast::{Ident, Pos, SequenceOptions, SequenceStmt};

fn big(s: &str) -> Number {
    Number::parse(s).expect("a number")
}

/// A checked definition: (increment, min, max, start, cache).
pub(super) struct Checked {
    increment: Number,
    min: Number,
    max: Number,
    cycle: bool,
    cache: Number,
    order: bool,
}

/// The options over `base` (ALTER) or the defaults (CREATE), checked.
fn checked(o: &SequenceOptions, base: Option<&Sequence>, at: Pos) -> Result<Checked, LabError> {
    let increment = o.increment.or(base.map(|b| b.increment)).unwrap_or(Number::from_i64(1));
    if increment.is_zero() {
        return Err(LabError::new(ora::SEQUENCE_INCREMENT_ZERO, at));
    }
    let asc = !increment.is_negative();
    // NOMINVALUE / NOMAXVALUE and the defaults by direction.
    let no_min = if asc { Number::from_i64(1) } else { big("-999999999999999999999999999") };
    let no_max = if asc { big("9999999999999999999999999999") } else { Number::from_i64(-1) };
    let min = match o.min {
        Some(m) => m.unwrap_or(no_min),
        None => base.filter(|b| o.increment.is_none() || b.ascending() == asc).map_or(no_min, |b| b.min),
    };
    let max = match o.max {
        Some(m) => m.unwrap_or(no_max),
        None => base.filter(|b| o.increment.is_none() || b.ascending() == asc).map_or(no_max, |b| b.max),
    };
    if min >= max {
        return Err(LabError::new(ora::SEQUENCE_MIN_NOT_BELOW_MAX, at));
    }
    let range = max.sub(&min).unwrap_or(max);
    if increment.abs() >= range {
        return Err(LabError::new(ora::SEQUENCE_INCREMENT_TOO_BIG, at));
    }
    let cycle = o.cycle.or(base.map(|b| b.cycle)).unwrap_or(false);
    let cache = o.cache.or(base.map(|b| b.cache)).unwrap_or(Number::from_i64(20));
    if !cache.is_zero() && cache < Number::from_i64(2) {
        return Err(LabError::new(ora::SEQUENCE_CACHE_TOO_SMALL, at));
    }
    // CACHE must be less than CEIL((MAXVALUE - MINVALUE) / ABS(INCREMENT)) for a cycle.
    let cycle_len = range.div(&increment.abs()).and_then(|n| n.ceil()).unwrap_or(range);
    if cycle && cache >= cycle_len {
        return Err(LabError::new(ora::SEQUENCE_CACHE_OVER_CYCLE, at));
    }
    let order = o.order.or(base.map(|b| b.order)).unwrap_or(false);
    Ok(Checked { increment, min, max, cycle, cache, order })
}

/// A new sequence's options checked, with its first value (ORA-04006,
/// ORA-04008 at `at`).
pub(super) fn checked_new(o: &SequenceOptions, at: Pos) -> Result<(Checked, Number), LabError> {
    let c = checked(o, None, at)?;
    let start = match o.start {
        Some((n, _)) => n,
        None if c.increment.is_negative() => c.max,
        None => c.min,
    };
    if start < c.min {
        return Err(LabError::new(ora::SEQUENCE_START_BELOW_MIN, at));
    }
    if start > c.max {
        return Err(LabError::new(ora::SEQUENCE_START_ABOVE_MAX, at));
    }
    Ok((c, start))
}

/// SEQ$'s columns the recursive update sets: INCREMENT$, MINVALUE,
/// MAXVALUE, CYCLE#, ORDER$, CACHE, HIGHWATER, AUDIT$ (38 characters, one
/// per audit option, `-` for none) and FLAGS.
fn seq_row(s: &Sequence) -> [Value; 9] {
    [
        Value::Num(s.increment),
        Value::Num(s.min),
        Value::Num(s.max),
        Value::int(s.cycle as i64),
        Value::int(s.order as i64),
        Value::Num(s.cache),
        Value::Num(s.last_number),
        Value::str(&"-".repeat(38)),
        Value::int(8),
    ]
}

impl Run<'_> {
    pub(super) fn sequence_ddl(&mut self, s: &SequenceStmt, at: Pos) -> Result<Outcome, LabError> {
        if s.alter {
            return self.alter_sequence(s, at);
        }
        let name = s.name.name.clone();
        let cat = &self.inst.cat;
        if cat.name_in_use(&name)
            || cat.sequence(&name).is_some()
            || cat.views.iter().any(|v| v.name == name)
            || self.inst.programs.contains_key(&name)
        {
            return Err(LabError::new(ora::NAME_ALREADY_USED, s.name.pos));
        }
        self.push_sequence(name, &s.opts, at, false)?;
        Ok(Outcome { feedback: Some("Sequence created.".into()), ..Default::default() })
    }

    /// Creates sequence `name` (`system`: an identity column's) with the
    /// next object number.
    pub(super) fn push_sequence(
        &mut self,
        name: String,
        o: &SequenceOptions,
        at: Pos,
        system: bool,
    ) -> Result<(), LabError> {
        let (c, start) = checked_new(o, at)?;
        let base = crate::session::dictionary::lab_object_base(self.inst.profile.dictionary_objects);
        let stamp = self.inst.cat.stamp(base);
        let (increment, min, max, cycle, cache, order) = (c.increment, c.min, c.max, c.cycle, c.cache, c.order);
        let last_number = start;
        let q = Sequence { name, stamp, increment, min, max, cycle, cache, order, last_number, start, system };
        self.inst.cat.sequences.push(q);
        Ok(())
    }

    fn alter_sequence(&mut self, s: &SequenceStmt, at: Pos) -> Result<Outcome, LabError> {
        let Some(i) = self.inst.cat.sequences.iter().position(|q| q.name == s.name.name) else {
            return Err(LabError::new(ora::SEQUENCE_DOES_NOT_EXIST, s.name.pos));
        };
        self.refuse_system_sequence(&s.name.name, false, s.name.pos)?;
        if let Some((_, p)) = s.opts.start {
            return Err(LabError::new(ora::SEQUENCE_CANNOT_ALTER_START, p));
        }
        let old = self.inst.cat.sequences[i].clone();
        let c = checked(&s.opts, Some(&old), at)?;
        // The sequence goes on from the last value handed out.
        let last = self.inst.sga.sequences.last_value(&old);
        let asc = !c.increment.is_negative();
        if (asc && c.min > last.add(&old.increment).unwrap_or(last)) || (!asc && c.min > last) {
            return Err(LabError::new(ora::SEQUENCE_MIN_ABOVE_CURRENT, at));
        }
        if (asc && c.max < last) || (!asc && c.max < last.add(&old.increment).unwrap_or(last)) {
            return Err(LabError::new(ora::SEQUENCE_MAX_BELOW_CURRENT, at));
        }
        self.inst.sga.sequences.forget(old.stamp.id);
        let q = &mut self.inst.cat.sequences[i];
        q.last_number = last.add(&c.increment).unwrap_or(last);
        (q.increment, q.min, q.max, q.cycle, q.cache, q.order) = (c.increment, c.min, c.max, c.cycle, c.cache, c.order);
        Ok(Outcome { feedback: Some("Sequence altered.".into()), ..Default::default() })
    }

    /// `DROP SEQUENCE name`.
    pub(super) fn drop_sequence(&mut self, name: &Ident) -> Result<Outcome, LabError> {
        let Some(i) = self.inst.cat.sequences.iter().position(|q| q.name == name.name) else {
            return Err(LabError::new(ora::SEQUENCE_DOES_NOT_EXIST, name.pos));
        };
        self.refuse_system_sequence(&name.name, true, name.pos)?;
        let s = self.inst.cat.sequences.remove(i);
        self.inst.sga.sequences.drop_sequence(s.stamp.id);
        // Cursors name sequences by their place in the catalog.
        self.invalidate_cursors();
        Ok(Outcome { feedback: Some("Sequence dropped.".into()), ..Default::default() })
    }

    /// USER_SEQUENCES' rows, by name (19c's columns; 18c's without
    /// SHARDED_FLAG).
    pub(super) fn sequence_rows(&self, v18: bool) -> Vec<Vec<Value>> {
        let mut seqs: Vec<&Sequence> = self.inst.cat.sequences.iter().collect();
        seqs.sort_by(|a, b| a.name.cmp(&b.name));
        let flag = |b: bool| Value::str(if b { "Y" } else { "N" });
        seqs.into_iter()
            .map(|s| {
                let mut r = vec![
                    Value::str(&s.name),
                    Value::Num(s.min),
                    Value::Num(s.max),
                    Value::Num(s.increment),
                    flag(s.cycle),
                    flag(s.order),
                    Value::Num(s.cache),
                    Value::Num(s.last_number),
                ];
                // SCALE, EXTEND, SHARDED, SESSION, KEEP: none of them.
                r.extend((0..if v18 { 4 } else { 5 }).map(|_| flag(false)));
                r
            })
            .collect()
    }

    /// The loads of the sequence cache made by the call: each writes the
    /// new high water mark to SEQ$ by a recursive `update seq$ set ...,
    /// highwater=:8 ... where obj#=:1` in a recursive transaction of its
    /// own, committed at once (no `log file sync`: a recursive commit).
    /// Per execution 1 consistent get and 2 current gets, one row (Debes,
    /// "Secrets of the Oracle Database": 71 executions, query 71, current
    /// 142, rows 71); the transaction's slot, the row's change and undo,
    /// and the commit record as the session's own change would write them.
    pub(super) fn sequence_refills(&mut self) {
        if self.inst.sga.sequences.pending.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.inst.sga.sequences.pending);
        for r in pending {
            let Some(s) = self.inst.cat.sequences.iter_mut().find(|s| s.stamp.id == r.obj) else { continue };
            // The statement sets every column but OBJ#: each is in the row
            // change and its undo, changed or not (only HIGHWATER is).
            let old = seq_row(s);
            s.last_number = r.high;
            let new = seq_row(s);
            let layout = self.layout();
            let (redo, undo) = layout.update_row(new.iter(), old.iter());
            let slot = layout.txn_slot();
            let commit = layout.commit();
            let c = &mut self.s.stats.calls;
            c.recursive_calls += 1;
            // SEQ$'s block and the undo header's slot; then the commit's.
            c.db_block_gets += 3;
            // The slot, the row, its undo; the commit.
            c.db_block_changes += 4;
            c.redo_entries += 2;
            c.undo_change_vector_size += undo;
            self.s.stats.gets.examination += 1;
            self.gen_redo(super::txn::REDO_RECORD_HEADER + slot + redo + undo);
            self.gen_redo(super::txn::REDO_RECORD_HEADER + commit);
        }
    }
}

/// The sequences an INSERT's VALUES read, in the order first named: each
/// one's index in the catalog, whether NEXTVAL is read, and where its
/// name was first written.
pub(super) struct ValuesSequence {
    seqs: Vec<(usize, bool, Pos)>,
}

/// Visits `e` and its operands (not subqueries), mutably.
pub(super) fn walk_mut(e: &mut lio_sql::ast::Expr, f: &mut impl FnMut(&mut lio_sql::ast::Expr)) {
    use lio_sql::ast::Expr;
    f(e);
    match e {
        Expr::Function { args, .. } => args.iter_mut().for_each(|a| walk_mut(a, f)),
        Expr::Aggregate { arg: Some(a), .. } => walk_mut(a, f),
        Expr::Binary { left, right, .. } => {
            walk_mut(left, f);
            walk_mut(right, f)
        }
        Expr::Negate(x) | Expr::Not(x) | Expr::OuterMark(x) => walk_mut(x, f),
        Expr::Between { expr, low, high } => {
            walk_mut(expr, f);
            walk_mut(low, f);
            walk_mut(high, f)
        }
        Expr::IsNull { expr, .. } | Expr::InSubquery { expr, .. } => walk_mut(expr, f),
        Expr::InList { expr, list, .. } => {
            walk_mut(expr, f);
            list.iter_mut().for_each(|a| walk_mut(a, f))
        }
        Expr::Like { expr, pattern, escape, .. } => {
            walk_mut(expr, f);
            walk_mut(pattern, f);
            if let Some(x) = escape {
                walk_mut(x, f)
            }
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            if let Some(x) = operand {
                walk_mut(x, f)
            }
            for (a, b) in whens {
                walk_mut(a, f);
                walk_mut(b, f)
            }
            if let Some(x) = otherwise {
                walk_mut(x, f)
            }
        }
        _ => {}
    }
}

impl Run<'_> {
    /// The sequences VALUES read, if any (ORA-02289 for no such
    /// sequence): each takes its own value a row.
    pub(super) fn values_sequence(&self, exprs: &[lio_sql::ast::Expr]) -> Result<Option<ValuesSequence>, LabError> {
        let mut refs = Vec::new();
        for e in exprs {
            pseudo_refs(e, &[], &mut refs);
        }
        let mut seqs: Vec<(usize, bool, Pos)> = Vec::new();
        for (q, next) in &refs {
            let Some(k) = self.inst.cat.sequences.iter().position(|s| s.name == q.name) else {
                return Err(LabError::new(ora::SEQUENCE_DOES_NOT_EXIST, q.pos));
            };
            match seqs.iter_mut().find(|x| x.0 == k) {
                Some(x) => x.1 |= *next,
                None => seqs.push((k, *next, q.pos)),
            }
        }
        Ok((!seqs.is_empty()).then_some(ValuesSequence { seqs }))
    }

    /// VALUES for one row: the sequence's value in place of its
    /// pseudocolumns (NEXTVAL once a row, CURRVAL the same value).
    pub(super) fn values_with_sequence(
        &mut self,
        exprs: &[lio_sql::ast::Expr],
        v: &ValuesSequence,
    ) -> Result<Vec<lio_sql::ast::Expr>, LabError> {
        let mut values = Vec::with_capacity(v.seqs.len());
        for &(k, next, at) in &v.seqs {
            let s = &self.inst.cat.sequences[k];
            let value = if next {
                self.inst.sga.sequences.nextval(s, self.s.sid, at)?
            } else {
                self.inst.sga.sequences.currval(s, self.s.sid, at)?
            };
            values.push((s.name.clone(), value));
        }
        Ok(exprs.iter().map(|e| with_sequence_values(e, &values)).collect())
    }
}

/// `e` with `value` in place of its sequence pseudocolumns.
pub(super) fn with_sequence_value(e: &lio_sql::ast::Expr, value: Number) -> lio_sql::ast::Expr {
    let mut e = e.clone();
    walk_mut(&mut e, &mut |x| {
        if let lio_sql::ast::Expr::Column { qualifier: Some(q), name } = x {
            if name.name == "NEXTVAL" || name.name == "CURRVAL" {
                *x = lio_sql::ast::Expr::Number(value, q.pos);
            }
        }
    });
    e
}

/// `e` with each named sequence's value in place of its pseudocolumns.
fn with_sequence_values(e: &lio_sql::ast::Expr, values: &[(String, Number)]) -> lio_sql::ast::Expr {
    let mut e = e.clone();
    walk_mut(&mut e, &mut |x| {
        if let lio_sql::ast::Expr::Column { qualifier: Some(q), name } = x {
            if name.name == "NEXTVAL" || name.name == "CURRVAL" {
                if let Some((_, v)) = values.iter().find(|(n, _)| *n == q.name) {
                    *x = lio_sql::ast::Expr::Number(*v, q.pos);
                }
            }
        }
    });
    e
}

/// Where `e` names a sequence pseudocolumn (`q.NEXTVAL`, `q.CURRVAL`).
pub(super) fn sequence_ref_at(e: &lio_sql::ast::Expr) -> Option<Pos> {
    let mut refs = Vec::new();
    pseudo_refs(e, &[], &mut refs);
    refs.first().map(|(q, _)| q.pos)
}

impl Run<'_> {
    /// `e` with its sequence pseudocolumns in place (a PL/SQL check
    /// compiles the statement but takes no value): 0 for each; the DEFAULT
    /// keyword of VALUES or SET (the column's default) NULL.
    pub(super) fn without_sequences(&self, e: &lio_sql::ast::Expr) -> lio_sql::ast::Expr {
        let mut e = e.clone();
        walk_mut(&mut e, &mut |x| {
            if let lio_sql::ast::Expr::Default(p) = x {
                *x = lio_sql::ast::Expr::Null(*p);
            }
            if let lio_sql::ast::Expr::Column { qualifier: Some(q), name } = x {
                if (name.name == "NEXTVAL" || name.name == "CURRVAL") && self.inst.cat.sequence(&q.name).is_some() {
                    *x = lio_sql::ast::Expr::Number(Number::ZERO, q.pos);
                }
            }
        });
        e
    }

    /// An UPDATE's SET values as a select list a PL/SQL check compiles
    /// (their sequences and DEFAULT keywords in place, `without_sequences`).
    pub(super) fn checked_set_items(&self, u: &lio_sql::ast::Update) -> Vec<lio_sql::ast::SelectItem> {
        let item = |e| lio_sql::ast::SelectItem::Expr { expr: self.without_sequences(e), alias: None, heading: None };
        u.sets.iter().map(|(_, e)| item(e)).collect()
    }

    /// A PL/SQL expression reading a sequence (`v := s.nextval`, 11.1+):
    /// its value taken now, as the SQL engine would for `SELECT s.NEXTVAL
    /// FROM dual`. PLS-00357 on 10g.
    pub(super) fn plsql_sequence_values(
        &mut self,
        e: &lio_sql::ast::Expr,
    ) -> Result<Option<lio_sql::ast::Expr>, LabError> {
        let Some(v) = self.values_sequence(std::slice::from_ref(e))? else { return Ok(None) };
        if !self.inst.profile.plsql_sequence_expressions {
            let (k, next, at) = v.seqs[0];
            let name = &self.inst.cat.sequences[k].name;
            let r = format!("{name}.{}", if next { "NEXTVAL" } else { "CURRVAL" });
            return Err(LabError::pls_run(ora::PLS_SEQUENCE_NOT_ALLOWED, &[&r], at));
        }
        let mut out = self.values_with_sequence(std::slice::from_ref(e), &v)?;
        self.sequence_refills();
        Ok(out.pop())
    }
}

impl Run<'_> {
    /// `ALTER SYSTEM FLUSH SHARED_POOL`: the library cache (every cursor is
    /// parsed hard again; V$SQL starts empty), the row cache (the next
    /// parse reads the dictionary again) and the sequences' cached values
    /// (lost: the next NEXTVAL is LAST_NUMBER, as international-dba's
    /// page shows: 14 after 1 and 2 of a CACHE 13 sequence) are emptied.
    /// CURRVAL is the session's and stays.
    pub(super) fn flush_shared_pool(&mut self) -> Outcome {
        self.invalidate_cursors();
        self.inst.sql_area.clear();
        self.inst.sql_area_index.clear();
        self.inst.cat.sql_area_bytes = 0;
        self.inst.sga.row_cache.restart();
        self.inst.sga.sequences.flush();
        Outcome { feedback: Some("System altered.".into()), ..Default::default() }
    }

    /// A clean shutdown: LAST_NUMBER becomes each cached sequence's next
    /// value (the values still cached are not lost).
    pub(super) fn sequences_to_dictionary(&mut self) {
        let cached: Vec<(u32, Number)> = self.inst.sga.sequences.cached().collect();
        for (obj, next) in cached {
            if let Some(s) = self.inst.cat.sequences.iter_mut().find(|s| s.stamp.id == obj) {
                s.last_number = next;
            }
        }
        self.inst.sga.sequences.flush();
    }
}
