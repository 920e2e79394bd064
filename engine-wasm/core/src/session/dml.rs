//! INSERT: the rows of each form (VALUES, binds, SELECT), their blocks,
//! and the index and cluster entries they add.

use super::array_dml::ARRAY_INSERT_MAX_ROWS;
use super::net::Client;
use super::txn::{ChangeSize, Undo};
use super::*;
use crate::catalog::{RowStore, TableStorage};
use crate::storage::RowLoc;

/// A query's rows into a target table's row store: each value into its
/// target column, the others NULL (the source is never held as a list).
struct Targets<'a> {
    out: &'a mut RowStore,
    targets: &'a [usize],
    /// The DEFAULTs of the columns the INSERT does not name.
    defaults: &'a [(usize, Value)],
    row: Vec<Value>,
}

impl crate::catalog::RowSink for Targets<'_> {
    fn take_row(&mut self, src: &mut Vec<Value>) {
        self.row.resize(self.out.width(), Value::Null);
        for (c, v) in self.defaults {
            self.row[*c] = v.clone();
        }
        for (v, &t) in src.drain(..).zip(self.targets) {
            self.row[t] = v;
        }
        self.out.push_from(&mut self.row);
    }
}

impl Run<'_> {
    // ------------------------------------------------------------ DML

    pub(super) fn insert_with_vars(
        &mut self,
        i: &Insert,
        text: &str,
        names: &[String],
        vals: &[Value],
    ) -> Result<u64, LabError> {
        let tid = self
            .inst
            .cat
            .table_id(&i.table.name)
            .ok_or_else(|| super::change::missing_table(&self.inst.cat, &i.table))?;
        let rows = self.insert_source_rows(i, text, tid, names, &[vals.to_vec()], false)?;
        let n = rows.len() as u64;
        self.insert_rows(tid, rows, i.table.pos)?;
        Ok(n)
    }

    /// INSERT from SQL*Plus, LAB RUN (one bind set per row in `bind_rows`)
    /// or dynamic SQL.
    pub(super) fn insert(
        &mut self,
        i: &Insert,
        bind_rows: &[Vec<Value>],
        text: &str,
        client: Client,
    ) -> Result<u64, LabError> {
        self.insert_named(i, &[], bind_rows, text, client)
    }

    /// [`Self::insert`] whose binds are `names` (SQL*Plus's `:N`
    /// variables), each bind set holding their values in that order.
    pub(super) fn insert_named(
        &mut self,
        i: &Insert,
        names: &[String],
        bind_rows: &[Vec<Value>],
        text: &str,
        client: Client,
    ) -> Result<u64, LabError> {
        let tid = self
            .inst
            .cat
            .table_id(&i.table.name)
            .ok_or_else(|| super::change::missing_table(&self.inst.cat, &i.table))?;
        self.check_direct_loaded(&[tid], i.table.pos)?;
        let direct = self.direct_path(i, tid);
        let cs = self.call_stacks(client);
        self.parse_call();
        self.recursive_dictionary_sql(&[tid], cs.hard_parse);
        self.s.stats.calls.execute_count += 1;
        let us = self.inst.cost_params.grid.execute_call_us;
        self.s.cost.charge_grid(cs.execute, us);
        let sets: Vec<Vec<Value>> = if bind_rows.is_empty() { vec![Vec::new()] } else { bind_rows.to_vec() };
        if matches!(i.source, InsertSource::Query(_)) && client != Client::Plsql {
            // INSERT ... SELECT: its own V$SQL entry, under the SQL Monitor (session/sql_monitor.rs).
            return self.monitored_insert(i, text, (tid, names, &sets), direct);
        }
        let rows = self.insert_source_rows(i, text, tid, names, &sets, false)?;
        let n = rows.len() as u64;
        self.load_insert_rows(i, tid, rows, direct)?;
        Ok(n)
    }

    pub(super) fn insert_source_rows(
        &mut self,
        i: &Insert,
        text: &str,
        tid: TableId,
        names: &[String],
        bind_sets: &[Vec<Value>],
        top: bool,
    ) -> Result<RowStore, LabError> {
        // VALUES' DEFAULT keywords: the columns left out (session/default_keyword.rs).
        let stripped = self.insert_without_default_keyword(i, tid);
        let i = stripped.as_ref().unwrap_or(i);
        let ncols = self.inst.cat.tables[tid].columns.len();
        let targets: Vec<usize> = match &i.columns {
            Some(cols) => {
                let mut v = Vec::new();
                for c in cols {
                    let k = self.inst.cat.tables[tid].column_index(&c.name).ok_or_else(|| {
                        LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", c.name), c.pos)
                    })?;
                    if v.contains(&k) {
                        return Err(LabError::new(ora::DUPLICATE_COLUMN_NAME, c.pos));
                    }
                    v.push(k);
                }
                v
            }
            None => (0..ncols).collect(),
        };
        let mut out = RowStore::new(ncols);
        let defaults = self.insert_defaults(tid, &targets)?;
        let row_defaults = self.row_defaults(i, tid, &targets)?;
        match &i.source {
            InsertSource::Values(exprs) => {
                self.values_rows(i, exprs, names, bind_sets, (&targets, &defaults), &mut out)?
            }
            InsertSource::Query(q) => {
                let cs = self.call_stacks(Client::Plsql);
                let text = insert_select_text(text, names, top);
                let (mut cur, _) = self.open_cursor(q, &text, names, &cs)?;
                if top {
                    cur.monitor = super::sql_monitor::dml::monitor_hint(&i.hints).or(cur.monitor);
                }
                if cur.columns.len() != targets.len() {
                    return Err(if cur.columns.len() < targets.len() {
                        LabError::new(ora::NOT_ENOUGH_VALUES, q.pos)
                    } else {
                        LabError::new(ora::TOO_MANY_VALUES, q.pos)
                    });
                }
                let set = bind_sets.first().cloned().unwrap_or_default();
                // PL/SQL variables by name (the innermost of a name), other
                // binds by position.
                let binds: Vec<Value> = if names.is_empty() {
                    set
                } else {
                    cur.bind_names
                        .iter()
                        .map(|n| {
                            names.iter().rposition(|x| x == n).and_then(|p| set.get(p).cloned()).unwrap_or(Value::Null)
                        })
                        .collect()
                };
                let r = self.execute_fetch(
                    &mut cur,
                    &text,
                    &binds,
                    Client::Plsql,
                    &cs,
                    FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false },
                    Some(&mut Targets { out: &mut out, targets: &targets, defaults: &defaults, row: Vec::new() }),
                    None,
                );
                if top {
                    self.s.dml.slot = cur.sql_slot;
                }
                r?;
                self.keep_insert_plan(&cur);
            }
        }
        self.apply_row_defaults(&row_defaults, &mut out, i.table.pos)?;
        Ok(out)
    }

    /// Check, convert and store rows; maintain indexes; roll the statement
    /// back on error.
    pub(super) fn insert_rows(&mut self, tid: TableId, rows: RowStore, pos: Pos) -> Result<(), LabError> {
        self.insert_rows_by(tid, rows, pos, false)
    }

    /// [`Self::insert_rows`], by direct path when `direct` (session/direct.rs).
    pub(super) fn insert_rows_by(
        &mut self,
        tid: TableId,
        mut rows: RowStore,
        pos: Pos,
        direct: bool,
    ) -> Result<(), LabError> {
        self.check_unusable(tid, pos)?;
        let table_name = self.inst.cat.tables[tid].name.clone();
        let bytes = self.convert_insert_rows(tid, &mut rows, &table_name, pos)?;
        self.check_inserted(tid, &rows, pos)?;
        for r in &rows {
            self.check_row_fits_block(tid, r.row_size(), pos)?;
        }
        if let Err(e) = self.check_tablespace_space(tid, &rows, pos) {
            if e.code == ora::UNABLE_TO_EXTEND_TABLE.code() {
                self.keep_failed_insert_extents(tid);
            }
            return Err(e);
        }
        // The rows and the entries they add to the indexes must fit; the
        // indexes count their entries themselves (Catalog::memory_bytes).
        self.check_memory(bytes + self.inst.cat.index_entry_bytes(tid) * rows.len() as u64)?;
        // A partitioned table's rows go to their partitions (ORA-14400).
        let parts_before = self.route_rows(tid, &rows, pos, direct)?;
        self.inst.cat.tables[tid].mem_bytes += bytes;
        // Deferred segment: created by the first insert.
        let t = &self.inst.cat.tables[tid];
        if let (TableStorage::Heap { seg: None, .. }, None) = (&t.storage, &t.part) {
            self.create_deferred_segment(tid, &table_name);
        }
        let first_row = self.inst.cat.tables[tid].rows.len();
        let added = rows.len();
        let heap_blocks_before = match &mut self.inst.cat.tables[tid].storage {
            TableStorage::Heap { heap, .. } => {
                if direct {
                    heap.start_above_hwm();
                }
                heap.data_blocks() as usize
            }
            _ => 0,
        };
        let index_ids = self.inst.cat.physical_indexes(tid);
        let index_blocks = self.index_blocks(tid);
        {
            // The rows join the table's store (a new table takes the store
            // as it is); a load larger than the table reserves its room
            // exactly, a small one grows the usual way.
            let t = &mut self.inst.cat.tables[tid];
            if added > t.loc.len() {
                t.loc.reserve_exact(added);
            }
            t.rows.append(rows);
        }
        self.place_inserted_rows(tid, first_row, added, &index_ids, direct);
        // The bitmap pieces the rows join, checked before their entries do.
        let end = (first_row + added) as u32;
        let (pieces, mut failure) = match self.inserted_pieces(tid, first_row as u32, end, pos) {
            Ok(p) => (p, None),
            Err(e) => (Vec::new(), Some(e)),
        };
        // Statement end: merge index entries, check uniqueness.
        for &iid in &index_ids {
            let ix = &mut self.inst.cat.indexes[iid];
            let dup = ix.btree.merge_pending().is_err();
            self.s.stats.calls.splits.add(ix.btree.take_splits());
            let work = ix.btree.take_split_work();
            self.count_splits(work);
            if dup {
                let name = super::txn::key_name(&self.inst.cat, iid);
                failure = Some(LabError::with(ora::UNIQUE_CONSTRAINT_VIOLATED, format_args!("LAB.{name}"), pos));
            }
        }
        // An index that grew past its tablespace's file: ORA-01654.
        if failure.is_none() {
            failure = self.check_grown_indexes(&index_blocks, pos).err();
        }
        if failure.is_none() {
            failure = self.check_parent_keys(tid, first_row, pos).err();
        }
        if let Some(e) = failure {
            self.roll_back_insert(tid, first_row, heap_blocks_before, &index_ids);
            self.roll_back_partitions(tid, first_row, &parts_before);
            return Err(e);
        }
        self.lay_out_inserted(tid, &index_ids);
        self.lock_pieces(pieces);
        if direct {
            self.direct_write(tid, heap_blocks_before as u32, &parts_before);
        }
        let rows = self.inst.cat.tables[tid].rows.len() as u32;
        if rows > first_row as u32 {
            self.txn().undo.push(Undo::Inserts { table: tid, from: first_row as u32, to: rows });
            self.mark_inserted_active(tid, first_row as u32, rows);
            self.inst.cat.tables[tid].add_writer(self.s.sid);
            self.hold_temp_table(tid);
        }
        Ok(())
    }

    /// Type checks and conversions, in place; the rows' bytes. A row whose
    /// every column [`convert`](super::change::convert) would store as it
    /// is (read off its packed record) is not decoded.
    fn convert_insert_rows(
        &mut self,
        tid: TableId,
        rows: &mut RowStore,
        table_name: &str,
        pos: Pos,
    ) -> Result<u64, LabError> {
        let cols = self.inst.cat.tables[tid].columns.clone();
        let mut bytes = 0u64;
        let mut row = Vec::with_capacity(cols.len());
        for r in 0..rows.len() {
            if stored_unchanged(rows.row(r), &cols) {
                continue;
            }
            rows.row(r).decode_into(&mut row);
            let mut changed = false;
            for (v, c) in row.iter_mut().zip(cols.iter()) {
                let given = std::mem::replace(v, Value::Null);
                let same = given.clone();
                *v = super::change::convert(c, (&self.inst.cat.schema, table_name), given, pos, false)?;
                changed |= *v != same;
            }
            if changed {
                rows.set_row(r, &row);
            }
        }
        // The packed rows (records, strings) and each one's location.
        bytes += rows.held_bytes() + crate::catalog::LOC_BYTES * rows.len() as u64;
        Ok(bytes)
    }

    /// A deferred heap segment, created (and placed) by the first insert.
    pub(super) fn create_deferred_segment(&mut self, tid: TableId, table_name: &str) {
        // Space management's recursive transaction: no IMU for the session's.
        self.imu_recursive();
        let pool = self.inst.cat.tables[tid].pool;
        let s = self.inst.cat.new_segment(table_name, SegmentKind::Table, None, pool);
        if self.inst.cat.tables[tid].temp.is_some() {
            self.inst.cat.segments[s as usize].temporary = true;
            let ts = self.temp_tablespace();
            self.inst.place_segment(s, &ts);
        } else if let Some(ts) = self.inst.cat.tables[tid].tablespace.clone() {
            self.inst.place_segment(s, &ts);
        }
        if let Some(p) = self.inst.cat.tables[tid].cell_flash_cache {
            self.inst.io.set_cell_flash_cache(s, p);
        }
        if let TableStorage::Heap { seg, .. } = &mut self.inst.cat.tables[tid].storage {
            *seg = Some(s);
        }
    }

    /// Each appended row into its block and an entry into each index (the
    /// entries pending until the statement's end), with its redo and undo.
    fn place_inserted_rows(&mut self, tid: TableId, first_row: usize, added: usize, index_ids: &[usize], direct: bool) {
        let ins_stack = self.s.cost.stack("oracle;opitsk;opiodr;opiexe;insexe;kdtInsRow");
        let st = self.change_stacks("oracle;opitsk;opiodr;opiexe;insexe;kdtInsRow");
        // The block a row goes to (an IOT's row is its index entry, counted there).
        let seg =
            self.inst.cat.scan_segment(&self.inst.cat.tables[tid]).filter(|_| !self.inst.cat.tables[tid].is_iot());
        let mut entries: Vec<(usize, u32, u32, u64)> = Vec::with_capacity(index_ids.len());
        let mut arrays = self.array_runs(tid, added, index_ids.len());
        let mut done = Vec::with_capacity(index_ids.len() + 1);
        let mut row_buf: Vec<Value> = Vec::with_capacity(self.inst.cat.tables[tid].columns.len());
        // The values are needed for index keys, a cluster's key and a
        // single row's redo layout; a heap row's size is read off its record.
        let decode = !index_ids.is_empty()
            || arrays.is_none()
            || matches!(self.inst.cat.tables[tid].storage, TableStorage::Cluster { .. });
        for r in first_row as u32..(first_row + added) as u32 {
            let cat = &mut self.inst.cat;
            let packed = cat.tables[tid].rows.row(r as usize);
            let size = packed.row_size();
            if decode {
                packed.decode_into(&mut row_buf);
            }
            let t = &mut cat.tables[tid];
            // A partition's row goes to its partition's segment.
            let seg = t.part.as_ref().map_or(seg, |p| p.parts[p.row_part[r as usize] as usize].seg);
            let (loc, new_block) = match &mut t.storage {
                _ if t.part.is_some() => {
                    t.row_heap_mut(r).map_or((RowLoc { block: 0, slot: 0 }, false), |h| h.insert(size))
                }
                TableStorage::Heap { heap, .. } => heap.insert(size),
                TableStorage::Iot { .. } => (RowLoc { block: 0, slot: 0 }, false),
                TableStorage::Cluster { cluster, key_cols } => {
                    let cid = *cluster;
                    let key = &row_buf[key_cols[0]];
                    let (b, new) = cat.clusters[cid].hash.insert(key, r, size);
                    (RowLoc { block: b, slot: 0 }, new)
                }
            };
            // A direct-path load's blocks are written to disk, not formatted
            // in the cache (direct_write).
            if new_block && !direct {
                if let Some(seg) = seg.or_else(|| self.inst.cat.scan_segment(&self.inst.cat.tables[tid])) {
                    self.format_block(seg, loc.block);
                }
            }
            let cat = &mut self.inst.cat;
            let row = &row_buf[..];
            // (An index partition holds only its own rows.)
            entries.clear();
            for (slot, &iid) in index_ids.iter().enumerate() {
                if !cat.holds_row(iid, &cat.tables[tid], r, row) {
                    continue;
                }
                let ix = &mut cat.indexes[iid];
                let key = ix.key_of(row);
                let sz = ix.btree.entry_size(&key, row);
                ix.btree.insert(key, r, sz);
                // The row into its block, and an entry into each index leaf.
                let key = ix.key_of(row);
                entries.push((slot, ix.seg, ix.btree.leaf_for(&key, r), ix.btree.entry_size(&key, row) as u64));
            }
            match (arrays.as_mut(), seg) {
                // An array insert: the row joins its array's run in its
                // block, each entry its run in its leaf (super::array_dml).
                (Some(a), Some(seg)) => {
                    let chunk = (r - first_row as u32) / ARRAY_INSERT_MAX_ROWS;
                    // A direct-path load writes no undo or redo for its rows.
                    let ended = if direct { None } else { a.add(0, chunk, seg, loc.block, size as u64) };
                    let ended = ended
                        .into_iter()
                        .chain(entries.iter().filter_map(|&(i, s, leaf, b)| a.add(i + 1, chunk, s, leaf, b)));
                    done.extend(ended);
                    for run in done.drain(..) {
                        self.count_array_change(run, &st);
                    }
                }
                _ => {
                    let layout = self.layout();
                    if !direct {
                        let (redo, undo) = layout.insert_row(&row_buf);
                        self.count_change(ChangeSize { redo, undo }, &st, seg.map(|s| (s, loc.block)));
                    }
                    for &(_, seg, leaf, bytes) in &entries {
                        let (redo, undo) = layout.leaf_insert(bytes);
                        self.count_change(ChangeSize { redo, undo }, &st, Some((seg, leaf)));
                    }
                }
            }
            self.inst.cat.tables[tid].loc.push(loc);
            let us = self.inst.cost_params.grid.insert_row_us;
            self.s.cost.charge_grid(ins_stack, us);
        }
        for run in arrays.into_iter().flat_map(|a| a.finish()) {
            self.count_array_change(run, &st);
        }
    }

    /// Statement-level rollback of the rows appended from `first_row`.
    fn roll_back_insert(&mut self, tid: TableId, first_row: usize, heap_blocks_before: usize, index_ids: &[usize]) {
        self.s.stats.calls.undo_records_applied += (self.inst.cat.tables[tid].rows.len() - first_row) as u64;
        let t = &mut self.inst.cat.tables[tid];
        t.rows.truncate(first_row);
        t.loc.truncate(first_row);
        match &mut t.storage {
            TableStorage::Heap { heap, .. } => heap.truncate_to(heap_blocks_before.max(1)),
            TableStorage::Cluster { cluster, .. } => {
                self.inst.cat.clusters[*cluster].hash.forget_rows_from(first_row as u32)
            }
            TableStorage::Iot { .. } => {}
        }
        for &iid in index_ids {
            self.inst.cat.indexes[iid].btree.remove_rows_from(first_row as u32);
        }
    }

    /// After the insert: the index entries' rowid blocks, the hash
    /// cluster's packing, an IOT's row blocks, and the formatted blocks.
    fn lay_out_inserted(&mut self, tid: TableId, index_ids: &[usize]) {
        let iot = self.inst.cat.tables[tid].is_iot();
        for &iid in index_ids {
            let loc = &self.inst.cat.tables[tid].loc;
            let bt = &mut self.inst.cat.indexes[iid].btree;
            if iot {
                bt.set_rowid_blocks(loc);
            } else {
                // No existing row moved: only the new entries' blocks.
                bt.set_rowid_blocks_after_insert(loc);
            }
        }
        if let TableStorage::Cluster { cluster, key_cols } = &self.inst.cat.tables[tid].storage {
            let (cid, kc) = (*cluster, key_cols[0]);
            let rows = &self.inst.cat.tables[tid].rows;
            self.inst.cat.clusters[cid].hash.pack(|r| match &rows.row(r as usize).value(kc) {
                Value::Num(n) => n.f64_key().unwrap_or(f64::NAN),
                _ => f64::NAN,
            });
        }
        // IOT rows live in the leaves: their block follows the layout.
        // (A deleted row keeps its dead slot: it has no entry.)
        if let TableStorage::Iot { index } = self.inst.cat.tables[tid].storage {
            let ix = &self.inst.cat.indexes[index];
            let locs = &mut self.inst.cat.tables[tid].loc;
            for pos in 0..ix.btree.len() {
                if let Some(l) = locs.get_mut(ix.btree.row_at(pos) as usize) {
                    l.block = ix.btree.leaf_block(ix.btree.leaf_of(pos));
                }
            }
        }
        for &iid in index_ids {
            let ix = &self.inst.cat.indexes[iid];
            let (seg, blocks) = (ix.seg, ix.btree.blocks());
            for b in 0..blocks {
                self.format_block(seg, b);
            }
        }
        if let Some(seg) = self.inst.cat.scan_segment(&self.inst.cat.tables[tid]) {
            self.format_block(seg, 0);
        }
        let segs: Vec<u32> =
            self.inst.cat.tables[tid].part.iter().flat_map(|p| p.parts.iter().filter_map(|q| q.seg)).collect();
        for seg in segs {
            self.format_block(seg, 0);
        }
    }
}

/// Whether `convert` would store each of the row's columns unchanged: a
/// NULL in a nullable column, a number in an unconstrained NUMBER, a string
/// no longer in bytes than its VARCHAR2, a DATE in a DATE column (a CREATE
/// TABLE ... AS SELECT's columns are made to fit its rows).
fn stored_unchanged(row: crate::catalog::RowRef<'_>, cols: &[crate::catalog::Column]) -> bool {
    use crate::catalog::Packed;
    row.len() == cols.len()
        && row.classes().zip(cols).all(|(p, c)| match (p, &c.data_type) {
            (Packed::Null, _) => !c.not_null,
            (Packed::Number, DataType::Number { precision: None, scale: None }) => true,
            (Packed::Text(n), DataType::Varchar2 { len, .. }) => n <= *len as usize,
            (Packed::Date, DataType::Date) => true,
            _ => false,
        })
}

/// The cursor of an INSERT ... SELECT's query: a top-level statement's is
/// its own text (V$SQL's entry, as an UPDATE's); PL/SQL's is internal (not
/// in V$SQL), with the variables in scope, which decide what its names mean.
fn insert_select_text(text: &str, names: &[String], top: bool) -> String {
    if top {
        return text.to_string();
    }
    let mut t = format!("{}INSERT-SELECT {}", super::fixed::INTERNAL_CURSOR, text);
    for n in names {
        t.push('\u{0}');
        t.push_str(n);
    }
    t
}
