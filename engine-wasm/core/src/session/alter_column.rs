//! `ALTER TABLE ... ADD`, `MODIFY` and `DROP` columns, and the column
//! defaults an INSERT stores.
//!
//! What each does to the rows, by release (docs/SQL.md, "ALTER TABLE
//! columns"):
//!
//! - `ADD c type` (no DEFAULT): a dictionary change; existing rows read
//!   NULL and are not touched.
//! - `ADD c type DEFAULT x NOT NULL`: from 11g a dictionary change (the
//!   default is returned for the rows that predate the column); in 10g
//!   every row is updated.
//! - `ADD c type DEFAULT x` (nullable): before 12c every row is updated
//!   (`update "T" set "C"=x`, run as recursive SQL with its undo, redo,
//!   row growth and migration); from 12c a dictionary change.
//! - `DROP COLUMN c`: every row is rewritten (an update of the column to
//!   NULL, then the column leaves the rows and the dictionary).
//! - `MODIFY`: defaults, NULL / NOT NULL (ORA-02296 when a row holds
//!   NULL, found by a scan of the table) and types (widening, or any change
//!   of an empty column: ORA-01439 / ORA-01440 / ORA-01441 otherwise).
//!
//! The lab keeps a fast-added column's default in its row store (so reads
//! see it) without counting it in the rows' blocks, as Oracle, whose rows
//! do not hold it.

use super::change::convert;
use super::*;
use crate::catalog::{Column, TableStorage};
use lio_sql::ast::{ColumnDef, ColumnModify, DataType};

impl Run<'_> {
    /// The value of a column's DEFAULT: its expression, evaluated once for
    /// the statement (SYSDATE is the statement's).
    pub(super) fn eval_default(&mut self, e: &Expr) -> Result<Value, LabError> {
        if let Some(err) = super::sequence_defaults::default_column_error(e) {
            return Err(err);
        }
        self.ensure_dual(None, Some(e));
        self.eval_constant(e, "bind variables in a column DEFAULT")
    }

    /// A constant expression (a DEFAULT, a partition bound) evaluated once,
    /// with no row in scope; a bind variable in it is LAB-00001 saying
    /// `refusal`.
    pub(super) fn eval_constant(&mut self, e: &Expr, refusal: &str) -> Result<Value, LabError> {
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, &[] as &[String], &self.s.user);
        let (c, binds) = exec::compile_scalar(e, &ctx)?;
        if !binds.is_empty() {
            return Err(LabError::unsupported(refusal, exec::plan::position_of(e)));
        }
        let env = Env::default();
        let mut cx = EvalCtx {
            cat: &self.inst.cat,
            env: &env,
            binds: &[],
            rng: &mut self.s.rng,
            text_work: &mut self.s.stats.work.text,
            io: Some(&self.inst.io),
        };
        c.eval(&mut cx)
    }

    /// The defaults of `tid`'s columns an INSERT does not name (`targets`
    /// are the columns it names).
    pub(super) fn insert_defaults(&mut self, tid: TableId, targets: &[usize]) -> Result<Vec<(usize, Value)>, LabError> {
        let cols: Vec<(usize, Expr)> = self.inst.cat.tables[tid]
            .columns
            .iter()
            .enumerate()
            .filter(|(i, _)| !targets.contains(i))
            .filter_map(|(i, c)| c.default.clone().map(|e| (i, e)))
            // One reading a sequence takes a value a row (session/sequence_defaults.rs).
            .filter(|(_, e)| super::sequence::sequence_ref_at(e).is_none())
            .collect();
        let mut out = Vec::with_capacity(cols.len());
        for (i, e) in cols {
            out.push((i, self.eval_default(&e)?));
        }
        Ok(out)
    }

    /// ALTER TABLE's column actions on a heap table no other session has
    /// uncommitted changes in.
    pub(super) fn alter_columns(&mut self, tid: TableId, a: &AlterTable) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        if !matches!(t.storage, TableStorage::Heap { .. }) || t.memoptimize_read {
            return Err(LabError::unsupported(
                "ALTER TABLE ADD, MODIFY or DROP of a column of an index-organized, clustered or MEMOPTIMIZE FOR READ table",
                a.name.pos,
            ));
        }
        self.check_not_busy(tid, a.name.pos)?;
        match &a.action {
            AlterTableAction::AddColumns(defs) => {
                let t = &self.inst.cat.tables[tid];
                for (k, d) in defs.iter().enumerate() {
                    if let Some(r) = &d.references {
                        return Err(LabError::unsupported("a foreign key on a column ALTER TABLE ADD adds", r.pos));
                    }
                    if let Some(k) = d.checks.first() {
                        return Err(LabError::unsupported(
                            "a CHECK constraint on a column ALTER TABLE ADD adds",
                            k.pos,
                        ));
                    }
                    self.check_constraint_name(d.not_null_name.as_ref(), false)?;
                    if defs[..k].iter().any(|o| o.name.name == d.name.name) {
                        return Err(LabError::new(ora::DUPLICATE_COLUMN_NAME, d.name.pos));
                    }
                    if t.column_index(&d.name.name).is_some() {
                        return Err(LabError::new(ora::COLUMN_BEING_ADDED_EXISTS, d.name.pos));
                    }
                }
                if t.columns.len() + defs.len() > 1000 {
                    return Err(LabError::new(ora::TOO_MANY_COLUMNS, defs[0].name.pos));
                }
                for d in defs {
                    self.add_column(tid, d)?;
                }
            }
            AlterTableAction::ModifyColumns(mods) => {
                for m in mods {
                    self.modify_column(tid, m)?;
                }
            }
            AlterTableAction::DropColumns(cols) => self.drop_columns(tid, cols, a.name.pos)?,
            _ => {}
        }
        self.invalidate_table(tid);
        Ok(())
    }

    /// Whether the table holds a row (deleted rows' slots do not count).
    fn has_rows(&self, tid: TableId) -> bool {
        let t = &self.inst.cat.tables[tid];
        t.rows.len() > t.dead_rows
    }

    /// The table's rows rewritten to `width` columns by `f` (in the lab's
    /// row store only: no block is touched).
    fn reshape_rows(&mut self, tid: TableId, width: usize, f: impl FnMut(&mut Vec<Value>)) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let old = t.rows.held_bytes();
        let rows = t.rows.reshaped(width, f);
        let new = rows.held_bytes();
        self.check_memory(new.saturating_sub(old))?;
        let t = &mut self.inst.cat.tables[tid];
        t.rows = rows;
        t.mem_bytes = (t.mem_bytes + new).saturating_sub(old);
        Ok(())
    }

    fn add_column(&mut self, tid: TableId, d: &ColumnDef) -> Result<(), LabError> {
        let pos = d.name.pos;
        let table_name = self.inst.cat.tables[tid].name.clone();
        let default = d.default.clone().filter(|e| !matches!(e, Expr::Null(_)));
        self.check_added_default(d)?;
        let mut col = Column {
            name: d.name.name.clone(),
            data_type: d.data_type,
            not_null: d.not_null,
            identity: None,
            type_text: d.type_text.clone(),
            default: default.clone(),
            default_on_null: false,
            default_text: d.default_text.clone(),
            dict_default: None,
            nn: None,
        };
        let value = match &default {
            Some(e) => {
                let v = self.eval_default(e)?;
                let nullable = Column { not_null: false, ..col.clone() };
                convert(&nullable, (&self.inst.cat.schema, &table_name), v, pos, false)?
            }
            None => Value::Null,
        };
        let has_rows = self.has_rows(tid);
        if col.not_null && value == Value::Null && has_rows {
            return Err(LabError::new(ora::MANDATORY_COLUMN_NEEDS_EMPTY_TABLE, pos));
        }
        let p = &self.inst.profile;
        let in_dictionary = value == Value::Null
            || !has_rows
            || (col.not_null && p.fast_add_not_null_default)
            || p.fast_add_nullable_default;
        let stored = if in_dictionary { value } else { Value::Null };
        if in_dictionary && has_rows {
            if let Some(e) = &default {
                col.dict_default = Some((e.clone(), stored.clone(), self.inst.cat.tables[tid].rows.len()));
            }
        }
        let width = self.inst.cat.tables[tid].columns.len() + 1;
        self.reshape_rows(tid, width, |r| r.push(stored.clone()))?;
        let not_null = col.not_null;
        col.not_null &= in_dictionary;
        self.inst.cat.tables[tid].columns.push(col);
        if let Some(e) = default.filter(|_| !in_dictionary) {
            // Every row updated, as recursive SQL.
            let sql = format!("update \"{}\" set \"{}\"={}", table_name, d.name.name, exec::plan::expr_text(&e));
            let changed = self.internal_update(&sql, pos);
            self.commit();
            if let Err(e) = changed {
                self.drop_column_now(tid, width - 1)?;
                return Err(e);
            }
            self.inst.cat.tables[tid].columns[width - 1].not_null = not_null;
        }
        if not_null {
            let con = self.inst.cat.next_con(d.not_null_name.as_ref().map(|n| n.name.as_str()));
            self.inst.cat.tables[tid].columns[width - 1].nn = Some(con);
        }
        Ok(())
    }

    /// Run an UPDATE the lab wrote (recursive SQL of a DDL); its errors are
    /// placed at `pos`.
    fn internal_update(&mut self, sql: &str, pos: Pos) -> Result<u64, LabError> {
        let at = |mut e: LabError| {
            e.pos = pos;
            e
        };
        let unit = lio_sql::parse_script(sql).into_iter().next();
        let Some(Ok(Statement { kind: StatementKind::Update(u), .. })) = unit.map(|u| u.result) else {
            return Err(LabError::unsupported("this column DEFAULT in an ALTER TABLE that updates the rows", pos));
        };
        self.update(&u, sql, super::change::DmlBinds::Positional(&[]), Client::Plsql).map_err(at)
    }

    /// The rows a query the lab wrote returns (recursive SQL of a DDL).
    pub(super) fn internal_query(&mut self, sql: &str, pos: Pos) -> Result<Vec<Vec<Value>>, LabError> {
        let unit = lio_sql::parse_script(sql).into_iter().next();
        let Some(Ok(Statement { kind: StatementKind::Query(q), .. })) = unit.map(|u| u.result) else {
            return Err(LabError::unsupported("this column in an ALTER TABLE ... MODIFY", pos));
        };
        let cs = self.call_stacks(Client::Plsql);
        let (mut cur, _) = self.open_cursor(&q, sql, &[], &cs)?;
        let mut rows: Vec<Vec<Value>> = Vec::new();
        let policy = FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false };
        self.execute_fetch(&mut cur, sql, &[], Client::Plsql, &cs, policy, Some(&mut rows), None)?;
        Ok(rows)
    }

    /// Whether a row of the table has column `c` NULL (`null`) or not
    /// NULL, found by a query of the table.
    fn column_has(&mut self, tid: TableId, c: usize, null: bool, pos: Pos) -> Result<bool, LabError> {
        let t = &self.inst.cat.tables[tid];
        let not = if null { "" } else { "not " };
        let sql = format!("select count(*) from \"{}\" where \"{}\" is {not}null", t.name, t.columns[c].name);
        let rows = self.internal_query(&sql, pos)?;
        Ok(rows.first().and_then(|r| r.first()).is_some_and(|v| !matches!(v, Value::Num(n) if n.is_zero())))
    }

    fn modify_column(&mut self, tid: TableId, m: &ColumnModify) -> Result<(), LabError> {
        let pos = m.name.pos;
        let c = self.inst.cat.tables[tid]
            .column_index(&m.name.name)
            .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", m.name.name), pos))?;
        if let Some((dt, text)) = &m.data_type {
            self.modify_type(tid, c, *dt, pos)?;
            let col = &mut self.inst.cat.tables[tid].columns[c];
            col.data_type = *dt;
            col.type_text = text.clone();
        }
        if let Some(e) = &m.default {
            let e = Some(e.clone()).filter(|e| !matches!(e, Expr::Null(_)));
            if let Some(e) = &e {
                self.check_default_expr(e)?;
                if super::sequence::sequence_ref_at(e).is_none() {
                    self.eval_default(e)?;
                }
            }
            let col = &mut self.inst.cat.tables[tid].columns[c];
            col.default = e;
            col.default_text = m.default_text.clone();
        }
        if let Some((nn, at)) = m.not_null {
            let col = &self.inst.cat.tables[tid].columns[c];
            match (nn, col.not_null) {
                (true, true) => return Err(LabError::new(ora::ALREADY_NOT_NULL, pos)),
                (false, false) => return Err(LabError::new(ora::ALREADY_NULL, pos)),
                (false, true) if self.inst.cat.tables[tid].pk.as_ref().is_some_and(|(k, _, _)| k.contains(&c)) => {
                    return Err(LabError::unsupported("NULL on a primary key column (ORA-01451)", at))
                }
                (true, false) if self.column_has(tid, c, true, at)? => {
                    return Err(LabError::with(ora::NULL_VALUES_FOUND, "LAB.", at));
                }
                _ => {}
            }
            self.inst.cat.tables[tid].columns[c].not_null = nn;
            let con = nn.then(|| self.inst.cat.next_con(None));
            self.inst.cat.tables[tid].columns[c].nn = con;
            if !nn && !self.inst.profile.fast_add_nullable_default {
                self.materialize_default(tid, c, pos)?;
            }
        }
        Ok(())
    }

    /// 11g: a column fast-added with `DEFAULT x NOT NULL` made nullable:
    /// the rows that predate it get the default written into them (an
    /// update of each, growing and perhaps migrating it), since a NULL in
    /// the block could no longer mean the default.
    fn materialize_default(&mut self, tid: TableId, c: usize, pos: Pos) -> Result<(), LabError> {
        let Some((e, v, n)) = self.inst.cat.tables[tid].columns[c].dict_default.take() else { return Ok(()) };
        let width = self.inst.cat.tables[tid].columns.len();
        let mut r = 0usize;
        // The lab's rows as the blocks hold them: NULL where the default
        // was only the dictionary's.
        self.reshape_rows(tid, width, |row| {
            if r < n && row[c] == v {
                row[c] = Value::Null;
            }
            r += 1;
        })?;
        let t = &self.inst.cat.tables[tid];
        let sql = format!(
            "update \"{}\" set \"{}\"={} where \"{}\" is null",
            t.name,
            t.columns[c].name,
            exec::plan::expr_text(&e),
            t.columns[c].name
        );
        let done = self.internal_update(&sql, pos);
        self.commit();
        if let Err(err) = done {
            let mut r = 0usize;
            self.reshape_rows(tid, width, |row| {
                if r < n && row[c] == Value::Null {
                    row[c] = v.clone();
                }
                r += 1;
            })?;
            return Err(err);
        }
        Ok(())
    }

    /// A new type for column `c`: widening keeps the rows; another change
    /// needs the column empty (ORA-01439, ORA-01440, ORA-01441).
    fn modify_type(&mut self, tid: TableId, c: usize, new: DataType, pos: Pos) -> Result<(), LabError> {
        let old = self.inst.cat.tables[tid].columns[c].data_type;
        let wider = |a: Option<u32>, b: Option<u32>| match (a, b) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(a), Some(b)) => b >= a,
        };
        match (old, new) {
            (DataType::Number { precision: p0, scale: s0 }, DataType::Number { precision: p1, scale: s1 }) => {
                let scale_ok = s1.unwrap_or(0) >= s0.unwrap_or(0) || (p1.is_none() && s1.is_none());
                let digits_ok = wider(
                    p0.map(|p| (p as i32 - s0.unwrap_or(0)).max(0) as u32),
                    p1.map(|p| (p as i32 - s1.unwrap_or(0)).max(0) as u32),
                );
                if !(scale_ok && digits_ok && wider(p0, p1)) && self.column_has(tid, c, false, pos)? {
                    return Err(LabError::new(ora::COLUMN_MUST_BE_EMPTY_TO_DECREASE, pos));
                }
            }
            (DataType::Varchar2 { len: a, .. }, DataType::Varchar2 { len: b, .. })
                if b < a && self.column_has_longer(tid, c, b) =>
            {
                return Err(LabError::new(ora::CANNOT_DECREASE_COLUMN_LENGTH, pos));
            }
            (DataType::Varchar2 { .. }, DataType::Varchar2 { .. }) => {}
            (DataType::Date, DataType::Date) => {}
            (DataType::Char { len: a }, DataType::Char { len: b }) if a == b => {}
            (DataType::Char { .. }, DataType::Char { .. }) if self.column_has(tid, c, false, pos)? => {
                return Err(LabError::unsupported("a CHAR column's new length (its rows re-padded)", pos));
            }
            (DataType::Char { .. }, DataType::Char { .. }) => {}
            _ if self.column_has(tid, c, false, pos)? => {
                return Err(LabError::new(ora::COLUMN_MUST_BE_EMPTY_TO_CHANGE_TYPE, pos));
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether a row's value of column `c` is longer than `len` characters
    /// (read off the lab's rows: Oracle's check is its own recursive scan).
    fn column_has_longer(&self, tid: TableId, c: usize, len: u32) -> bool {
        let t = &self.inst.cat.tables[tid];
        t.rows.iter().any(|r| match r.value(c) {
            Value::Str(s) => s.chars().count() > len as usize,
            _ => false,
        })
    }

    /// `DROP COLUMN`: every row rewritten without the columns (an update
    /// of each to NULL, with its undo and redo), then the columns leave the
    /// dictionary. A column an index or key uses is refused.
    fn drop_columns(&mut self, tid: TableId, cols: &[lio_sql::ast::Ident], pos: Pos) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let mut idx = Vec::new();
        for c in cols {
            let i = t
                .column_index(&c.name)
                .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", c.name), c.pos))?;
            let indexed = t.indexes.iter().any(|&x| self.inst.cat.indexes[x].columns.contains(&i))
                || t.pk.as_ref().is_some_and(|(k, _, _)| k.contains(&i))
                || t.fks.iter().any(|f| f.key_cols.contains(&i))
                || t.checks.iter().any(|k| k.cols.contains(&i));
            if indexed {
                return Err(LabError::unsupported("DROP COLUMN of a column an index or constraint uses", c.pos));
            }
            idx.push(i);
        }
        if !idx.is_empty() && idx.len() >= t.columns.len() {
            return Err(LabError::new(ora::CANNOT_DROP_ALL_COLUMNS, pos));
        }
        if !idx.is_empty() && self.has_rows(tid) {
            let name = t.name.clone();
            let sets: Vec<String> = idx.iter().map(|&i| format!("\"{}\"=NULL", t.columns[i].name)).collect();
            let kept: Vec<bool> =
                idx.iter().map(|&i| std::mem::take(&mut self.inst.cat.tables[tid].columns[i].not_null)).collect();
            let r = self.internal_update(&format!("update \"{}\" set {}", name, sets.join(", ")), pos);
            self.commit();
            if let Err(e) = r {
                for (&i, nn) in idx.iter().zip(kept) {
                    self.inst.cat.tables[tid].columns[i].not_null = nn;
                }
                return Err(e);
            }
        }
        idx.sort_unstable();
        for &i in idx.iter().rev() {
            self.drop_column_now(tid, i)?;
        }
        Ok(())
    }

    /// Column `c` out of the rows and the dictionary; the columns after it
    /// move down one in the indexes, the key and the statistics.
    fn drop_column_now(&mut self, tid: TableId, c: usize) -> Result<(), LabError> {
        let width = self.inst.cat.tables[tid].columns.len() - 1;
        self.reshape_rows(tid, width, |r| {
            r.remove(c);
        })?;
        let shift = |v: &mut Vec<usize>| v.iter_mut().filter(|x| **x > c).for_each(|x| *x -= 1);
        let gone = Some(self.inst.cat.tables[tid].columns[c].name.clone());
        let on = crate::catalog::comments::CommentOn::Table(tid);
        self.inst.cat.comments.retain(|x| x.on != on || x.column != gone);
        let t = &mut self.inst.cat.tables[tid];
        t.columns.remove(c);
        if let Some((k, _, _)) = &mut t.pk {
            shift(k);
        }
        t.uniques.iter_mut().for_each(|u| shift(&mut u.cols));
        t.fks.iter_mut().for_each(|f| shift(&mut f.key_cols));
        t.checks.iter_mut().for_each(|k| shift(&mut k.cols));
        if t.stats.columns.len() > c {
            t.stats.columns.remove(c);
        }
        if t.stats.avg_col_len.len() > c {
            t.stats.avg_col_len.remove(c);
        }
        t.stats.col_usage.remove(c);
        for &x in &t.indexes.clone() {
            shift(&mut self.inst.cat.indexes[x].columns);
        }
        Ok(())
    }
}
