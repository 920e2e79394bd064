//! CREATE TABLE, CLUSTER, INDEX: segments, storage, MemOptimized checks.

use super::compress::prefix_length;
use super::*;
use crate::catalog::{Cluster, Column, Index, IndexKind, SegmentKind, Table, TableStorage};
use crate::sga::cache::PoolKind;
use crate::storage::{BTree, HashCluster, HeapSegment};

/// A primary key: its columns, DEFERRABLE, position and constraint name.
type PrimaryKey = (Vec<usize>, bool, Pos, Option<String>);

/// A table's keys as CREATE TABLE declares them.
struct TableKeys {
    pk: Option<PrimaryKey>,
    /// Each unique key's columns, name and DEFERRABLE.
    uniques: Vec<(Vec<usize>, Option<String>, bool)>,
    /// `USING INDEX` attributes of the primary key's and each unique key's index.
    pk_using: Physical,
    uniques_using: Vec<Physical>,
}

impl Run<'_> {
    // ------------------------------------------------------------ DDL

    /// `CREATE [TEMPORARY] TABLESPACE`: its file goes on the disk group (device) its name addresses.
    pub(super) fn create_tablespace(&mut self, c: &CreateTablespace) -> Result<Outcome, LabError> {
        let name = c.name.name.to_uppercase();
        if self.inst.io.tablespace(&name).is_some() {
            return Err(LabError::with_args(ora::TABLESPACE_ALREADY_EXISTS, &[&name], c.name.pos));
        }
        let Some(group) = crate::io::disk_group(&c.file) else {
            return Err(LabError::unsupported("files outside ASM disk groups (name them '+DISKGROUP')", c.file_pos));
        };
        let Some(device) = self.inst.io.device(group).map(|d| d.name().to_string()) else {
            return Err(LabError::with_args(ora::DISKGROUP_DOES_NOT_EXIST, &[&group.to_uppercase()], c.file_pos));
        };
        if self.inst.io.tablespaces.len() >= crate::io::MAX_TABLESPACES {
            return Err(LabError::with_args(ora::LAB_TOO_MANY_TABLESPACES, &[&crate::io::MAX_TABLESPACES], c.name.pos));
        }
        // A permanent file holds its space-management header and one extent.
        let bs = self.inst.params.current.db_block_size as u64;
        if !c.temporary && c.size / bs.max(1) < super::space::header_blocks(&self.inst.profile, bs) + 65536 / bs.max(1)
        {
            return Err(LabError::new(ora::FILE_SIZE_TOO_SMALL, c.file_pos));
        }
        self.inst.io.tablespaces.push(crate::io::Tablespace { name, device, temporary: c.temporary, bytes: c.size });
        Ok(Outcome { feedback: Some("Tablespace created.".into()), ..Default::default() })
    }

    /// A segment created with `TABLESPACE ts` reads through ts's device;
    /// `STORAGE (CELL_FLASH_CACHE ...)` goes with it to its cell. Its first
    /// extent is taken now, in ts or in USERS (the lab user's default).
    pub(super) fn place(&mut self, seg: crate::catalog::SegId, ph: &Physical) {
        if self.inst.cat.segments[seg as usize].temporary {
            return self.inst.place_segment(seg, &self.temp_tablespace());
        }
        self.inst.place_segment(seg, ph.tablespace.as_ref().map_or("USERS", |ts| ts.name.as_str()));
        if ph.tablespace.is_some() {
            self.inst.io.extents.mark_sized(seg);
        }
        self.set_cell_flash_cache(seg, ph);
    }

    /// The segment's `CELL_FLASH_CACHE`, when the clause names one.
    pub(super) fn set_cell_flash_cache(&mut self, seg: crate::catalog::SegId, ph: &Physical) {
        if let Some(policy) = cell_flash_cache_of(ph) {
            self.inst.io.set_cell_flash_cache(seg, policy);
        }
    }

    /// The tablespace a segment is created in must exist and be permanent.
    pub(super) fn check_tablespace(&self, ph: &Physical) -> Result<(), LabError> {
        let Some(ts) = &ph.tablespace else { return Ok(()) };
        match self.inst.io.tablespace(&ts.name) {
            None => Err(LabError::with_args(ora::TABLESPACE_DOES_NOT_EXIST, &[&ts.name.to_uppercase()], ts.pos)),
            Some(t) if t.temporary => Err(LabError::new(ora::PERMANENT_OBJECT_IN_TEMPORARY_TABLESPACE, ts.pos)),
            Some(_) => Ok(()),
        }
    }

    pub(super) fn create_table(&mut self, c: &CreateTable) -> Result<Outcome, LabError> {
        let name = c.name.name.clone();
        if self.inst.cat.name_in_use(&name) || self.inst.cat.sequence(&name).is_some() {
            return Err(LabError::new(ora::NAME_ALREADY_USED, c.name.pos));
        }
        self.check_tablespace(&c.physical)?;
        self.check_temporary(c)?;
        if !c.memoptimize_read {
            super::compress::compression_refused(&c.physical, c.as_select.is_some())?;
        }
        let (mut columns, ctas_rows) = self.table_columns(c, &name)?;
        let keys = self.table_keys(c, &name, &mut columns)?;
        // DEFERRED_SEGMENT_CREATION (11.2+, default TRUE): a heap table gets
        // its segment at the first insert unless SEGMENT CREATION
        // IMMEDIATE; before 11.2 CREATE TABLE creates it and the clause is
        // not SQL (ORA-00922).
        let since_11_2 = self.inst.profile.deferred_segment_creation;
        if c.segment_creation.is_some() && !since_11_2 {
            return Err(LabError::new(ora::MISSING_OR_INVALID_OPTION, c.segment_creation_pos));
        }
        let deferred_default = since_11_2
            && self.s.params.other.get("deferred_segment_creation").is_none_or(|v| v.eq_ignore_ascii_case("TRUE"));
        let deferred = match c.segment_creation {
            Some(SegmentCreation::Deferred) => true,
            Some(SegmentCreation::Immediate) => false,
            None => deferred_default && c.as_select.is_none(),
        } || c.temporary.is_some();
        if c.memoptimize_read {
            self.check_memoptimize_read(c, &keys.pk, &columns)?;
        }
        if c.organization_index && keys.pk.is_none() {
            return Err(LabError::new(ora::NO_PRIMARY_KEY, c.name.pos));
        }
        let (pool, pctfree) = (pool_of(&c.physical), c.physical.pctfree.unwrap_or(10));
        let part = self.partitioned_table(c, keys.pk.is_some() || !keys.uniques.is_empty(), &columns)?;
        let part_deferred = self.partition_deferral(c, deferred)?;
        let tid = self.inst.cat.tables.len();
        let storage = self.table_storage(c, &name, tid, &keys.pk, &columns, deferred || part.is_some())?;
        let (ncols, stamp) = (columns.len(), self.object_stamp());
        self.number_not_nulls(&mut columns);
        self.inst.cat.tables.push(Table {
            mem_bytes: 0,
            id: tid,
            stamp,
            name: name.clone(),
            columns,
            rows: crate::catalog::RowStore::new(ncols),
            loc: Vec::new(),
            storage,
            pk: None,
            pk_con: None,
            indexes: Vec::new(),
            memoptimize_read: c.memoptimize_read,
            compress: c.physical.compress == Some(true),
            pool,
            tablespace: c.physical.tablespace.as_ref().map(|t| t.name.clone()),
            cell_flash_cache: cell_flash_cache_of(&c.physical),
            pctfree,
            stats: Default::default(),
            dropped: false,
            dead_rows: 0,
            migrated: Default::default(),
            txn_sids: Vec::new(),
            changed_at: 0,
            sys: false,
            load: crate::catalog::TableLoad { nologging: c.physical.logging == Some(false), ..Default::default() },
            part,
            temp: c.temporary.map(|on_commit| crate::catalog::TempTable { on_commit, holder: None }),
            fks: Vec::new(),
            uniques: Vec::new(),
            checks: Vec::new(),
            stats_memo: Default::default(),
        });
        self.stamp_partitions(tid, &part_deferred);
        self.create_key_indexes(tid, pool, keys)?;
        self.create_checks(tid, c)?;
        self.create_foreign_keys(tid, c)?;
        self.create_identity_sequences(tid, c)?;
        // A table named DUAL hides SYS's from now on: the cursors that
        // read SYS.DUAL are parsed again.
        if name == "DUAL" {
            self.invalidate_cursors();
        }
        // A new table: no cursor depends on it yet.
        if let Some(rows) = ctas_rows {
            let n = rows.len() as u64;
            let on_load = self.stats_on_load(tid, &[]);
            let start = self.txn().undo.len();
            let loaded = self.insert_rows(tid, rows, c.name.pos);
            let loaded = loaded.and_then(|()| if on_load { self.gather_on_load(tid, c.name.pos) } else { Ok(()) });
            if let Err(e) = loaded {
                // CREATE TABLE ... AS SELECT is one statement: a load that
                // fails (ORA-12899, ORA-01653...) leaves no table behind.
                self.undo_to(start)?;
                self.drop_table(tid);
                return Err(e);
            }
            // CREATE TABLE ... AS SELECT is DDL: it commits its rows (a
            // ROLLBACK after it leaves them). Oracle writes them direct,
            // with no ITL and no lock bytes: the table's first change
            // has nothing to clean out (the lab's load is conventional).
            let loaded = self.txn().changed_blocks.clone();
            self.implicit_commit();
            for key in loaded {
                self.inst.sga.cache.holds.take_lock_bytes(key);
            }
            return Ok(Outcome { rows_processed: n, feedback: Some("Table created.".into()), ..Default::default() });
        }
        Ok(Outcome { feedback: Some("Table created.".into()), ..Default::default() })
    }

    /// The table's columns, declared or (CTAS) from the query, whose rows
    /// it returns too; checked for count and duplicate names.
    fn table_columns(
        &mut self,
        c: &CreateTable,
        name: &str,
    ) -> Result<(Vec<Column>, Option<crate::catalog::RowStore>), LabError> {
        c.columns.iter().try_for_each(|d| self.check_column_default(d))?;
        self.check_identity_columns(c)?;
        // Columns: declared, or from the query for CTAS.
        let mut columns: Vec<Column> =
            c.columns.iter().filter(|d| d.typed).map(super::sequence_defaults::declared_column).collect();
        let mut ctas_rows: Option<crate::catalog::RowStore> = None;
        if let Some(q) = &c.as_select {
            let cs = self.call_stacks(Client::SqlPlus);
            let text = format!("CTAS {}", name);
            let (mut cur, _) = self.open_cursor(q, &text, &[], &cs)?;
            // The rows go straight into the store the table will own.
            let mut rows = crate::catalog::RowStore::new(cur.columns.len());
            self.execute_fetch(
                &mut cur,
                &text,
                &[],
                Client::Plsql,
                &cs,
                FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false },
                Some(&mut rows),
                None,
            )?;
            if columns.is_empty() {
                for (i, n) in cur.columns.iter().enumerate() {
                    let dt = self.ctas_type(&cur, i, &rows);
                    if !n.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '$' || ch == '#') {
                        return Err(LabError::new(ora::MUST_NAME_EXPRESSION_WITH_ALIAS, q.pos));
                    }
                    let mut col = Column::derived(n.clone(), dt);
                    self.ctas_column(&cur, i, &rows, &mut col);
                    columns.push(col);
                }
            } else if columns.len() != cur.columns.len() {
                return Err(LabError::new(ora::INVALID_NUMBER_OF_COLUMN_NAMES, c.name.pos));
            }
            ctas_rows = Some(rows);
        }
        if columns.is_empty() {
            return Err(LabError::new(ora::TABLE_NEEDS_A_COLUMN, c.name.pos));
        }
        if columns.len() > 1000 {
            return Err(LabError::new(
                ora::TOO_MANY_COLUMNS,
                c.columns.get(1000).map(|d| d.name.pos).unwrap_or(c.name.pos),
            ));
        }
        for (i, a) in columns.iter().enumerate() {
            if columns[..i].iter().any(|b| b.name == a.name) {
                return Err(LabError::new(
                    ora::DUPLICATE_COLUMN_NAME,
                    c.columns.get(i).map(|d| d.name.pos).unwrap_or(c.name.pos),
                ));
            }
        }
        Ok((columns, ctas_rows))
    }

    /// The primary and unique keys, from column and table constraints: their
    /// columns (made NOT NULL for a primary key), names and `USING INDEX`
    /// attributes, checked.
    fn table_keys(&self, c: &CreateTable, name: &str, columns: &mut [Column]) -> Result<TableKeys, LabError> {
        let mut pk: Option<(Vec<usize>, bool, Pos, Option<String>)> = None;
        let mut uniques: Vec<(Vec<usize>, Option<String>, bool)> = Vec::new();
        // `USING INDEX` attributes of the primary key's and each unique key's index.
        let mut pk_using = Physical::default();
        let mut uniques_using: Vec<Physical> = Vec::new();
        // A named constraint's index takes the constraint's name, as in
        // Oracle (true: a key's, whose index takes the name).
        let mut names: Vec<(&Ident, bool)> = Vec::new();
        for d in &c.columns {
            let i = columns.iter().position(|x| x.name == d.name.name).unwrap_or(0);
            columns[i].not_null |= d.not_null || d.primary_key;
            if d.primary_key {
                if pk.is_some() {
                    return Err(LabError::new(ora::ONLY_ONE_PRIMARY_KEY, d.name.pos));
                }
                pk = Some((vec![i], d.primary_key_deferrable, d.name.pos, d.primary_key_name.clone().map(|n| n.name)));
                pk_using = d.primary_key_index.clone();
                names.extend(d.primary_key_name.as_ref().map(|n| (n, true)));
            }
            names.extend(d.not_null_name.as_ref().map(|n| (n, false)));
            if d.unique {
                uniques.push((vec![i], d.unique_name.as_ref().map(|n| n.name.clone()), d.unique_deferrable));
                uniques_using.push(d.unique_index.clone());
                names.extend(d.unique_name.as_ref().map(|n| (n, true)));
            }
        }
        let inline = c.columns.iter().flat_map(|d| d.references.as_deref().into_iter().chain(&d.checks));
        for k in c.constraints.iter().chain(inline) {
            let key = matches!(k.kind, ConstraintKind::PrimaryKey | ConstraintKind::Unique);
            names.extend(k.name.as_ref().map(|n| (n, key)));
        }
        for (i, &(n, key)) in names.iter().enumerate() {
            self.check_constraint_name(Some(n), key)?;
            if key && n.name == name {
                return Err(LabError::new(ora::NAME_ALREADY_USED, n.pos));
            }
            if names[..i].iter().any(|m| m.0.name == n.name) {
                return Err(LabError::new(ora::CONSTRAINT_NAME_ALREADY_USED, n.pos));
            }
        }
        for k in &c.constraints {
            let mut cols = Vec::new();
            for col in &k.columns {
                cols.push(columns.iter().position(|x| x.name == col.name).ok_or_else(|| {
                    LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", col.name), col.pos)
                })?);
            }
            match k.kind {
                ConstraintKind::PrimaryKey => {
                    if pk.is_some() {
                        return Err(LabError::new(ora::ONLY_ONE_PRIMARY_KEY, k.pos));
                    }
                    for &ci in &cols {
                        columns[ci].not_null = true;
                    }
                    pk = Some((cols, k.deferrable, k.pos, k.name.as_ref().map(|n| n.name.clone())));
                    pk_using = k.using_index.clone();
                }
                ConstraintKind::Unique => {
                    uniques.push((cols, k.name.as_ref().map(|n| n.name.clone()), k.deferrable));
                    uniques_using.push(k.using_index.clone());
                }
                ConstraintKind::ForeignKey | ConstraintKind::Check => {}
            }
        }
        for ph in std::iter::once(&pk_using).chain(&uniques_using) {
            self.check_tablespace(ph)?;
        }
        Ok(TableKeys { pk, uniques, pk_using, uniques_using })
    }

    /// The MemOptimized RowStore's DDL conditions.
    fn check_memoptimize_read(
        &self,
        c: &CreateTable,
        pk: &Option<PrimaryKey>,
        columns: &[Column],
    ) -> Result<(), LabError> {
        if !self.inst.profile.memoptimize_rowstore {
            return Err(LabError::new(ora::MISSING_OR_INVALID_OPTION, c.name.pos));
        }
        match &pk {
            None => return Err(LabError::new(ora::MEMOPTIMIZE_READ_NEEDS_PRIMARY_KEY, c.name.pos)),
            Some((_, true, p, _)) => return Err(LabError::new(ora::MEMOPTIMIZE_READ_NEEDS_PRIMARY_KEY, *p)),
            Some((cols, false, p, _)) => {
                if cols.iter().any(|&ci| columns[ci].identity.is_some()) {
                    return Err(LabError::new(ora::MEMOPTIMIZE_READ_IDENTITY_KEY, *p));
                }
            }
        }
        if c.segment_creation != Some(SegmentCreation::Immediate) && c.as_select.is_none() {
            return Err(LabError::new(ora::MEMOPTIMIZE_READ_DEFERRED_SEGMENT, c.name.pos));
        }
        if c.physical.compress == Some(true) {
            return Err(LabError::new(ora::MEMOPTIMIZE_READ_COMPRESSION, c.name.pos));
        }
        if c.organization_index || c.cluster.is_some() {
            return Err(LabError::new(ora::MEMOPTIMIZE_READ_HEAP_ONLY, c.name.pos));
        }
        Ok(())
    }

    /// The table's organization: an IOT (its primary key's index holds the
    /// rows), a hash-clustered table, or a heap (its segment deferred or not).
    fn table_storage(
        &mut self,
        c: &CreateTable,
        name: &str,
        tid: TableId,
        pk: &Option<PrimaryKey>,
        columns: &[Column],
        deferred: bool,
    ) -> Result<TableStorage, LabError> {
        let bs = self.inst.params.current.db_block_size;
        let (pool, pctfree) = (pool_of(&c.physical), c.physical.pctfree.unwrap_or(10));
        Ok(if c.organization_index {
            let (cols, _, _, cname) = pk.clone().expect("checked");
            let iname = cname.unwrap_or_else(|| format!("SYS_IOT_TOP_{}", tid));
            let prefix = prefix_length(&c.physical, cols.len(), true, c.name.pos)?;
            let seg = self.inst.cat.new_segment(&iname, SegmentKind::Iot, Some(name), pool);
            self.place(seg, &c.physical);
            let (iid, stamp) = (self.inst.cat.indexes.len(), self.object_stamp());
            let mut btree = BTree::new(bs, pctfree, true, true);
            btree.prefix_cols = prefix;
            self.inst.cat.indexes.push(Index {
                id: iid,
                stamp,
                name: iname,
                table: tid,
                columns: cols,
                unique: true,
                kind: crate::catalog::IndexKind::BTree,
                btree,
                seg,
                pool,
                dropped: false,
                visible: true,
                reverse: false,
                part: None,
                unusable: false,
            });
            TableStorage::Iot { index: iid }
        } else if let Some((cl_name, key_cols)) = &c.cluster {
            let cid = self
                .inst
                .cat
                .cluster_id(&cl_name.name)
                .ok_or_else(|| LabError::new(ora::CLUSTER_DOES_NOT_EXIST, cl_name.pos))?;
            let cl = &self.inst.cat.clusters[cid];
            if key_cols.len() != cl.key_columns.len() {
                return Err(
                    LabError::new(ora::CLUSTER_COLUMNS_DO_NOT_MATCH, cl_name.pos).then(": number of cluster columns")
                );
            }
            if cl.single_table && !cl.tables.is_empty() {
                return Err(LabError::new(ora::CLUSTER_ONLY_ONE_TABLE, cl_name.pos));
            }
            let mut kc = Vec::new();
            for k in key_cols {
                kc.push(
                    columns.iter().position(|x| x.name == k.name).ok_or_else(|| {
                        LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", k.name), k.pos)
                    })?,
                );
            }
            self.inst.cat.clusters[cid].tables.push(tid);
            TableStorage::Cluster { cluster: cid, key_cols: kc }
        } else {
            let seg =
                if deferred { None } else { Some(self.inst.cat.new_segment(name, SegmentKind::Table, None, pool)) };
            if let Some(seg) = seg {
                self.place(seg, &c.physical);
            }
            let heap = HeapSegment::new(bs, pctfree).with_initrans(super::util::initrans_of(&c.physical));
            TableStorage::Heap { seg, heap }
        })
    }

    /// The indexes of the primary key (an IOT's is its storage) and of the
    /// unique keys.
    fn create_key_indexes(&mut self, tid: TableId, pool: PoolKind, keys: TableKeys) -> Result<(), LabError> {
        let TableKeys { pk, uniques, pk_using, uniques_using } = keys;
        if let TableStorage::Iot { index } = self.inst.cat.tables[tid].storage {
            let cols = self.inst.cat.indexes[index].columns.clone();
            self.inst.cat.tables[tid].pk = Some((cols, index, false));
            self.inst.cat.tables[tid].indexes.push(index);
        } else if let Some((cols, deferrable, _, cname)) = pk {
            let con = self.inst.cat.next_con(cname.as_deref());
            let iname = con.name.clone();
            self.inst.cat.tables[tid].pk_con = Some(con);
            let iid = self.key_index(tid, &iname, &cols, deferrable, pool, &pk_using)?;
            self.inst.cat.tables[tid].pk = Some((cols, iid, deferrable));
        }
        for ((cols, cname, deferrable), using) in uniques.into_iter().zip(uniques_using) {
            let con = self.inst.cat.next_con(cname.as_deref());
            let iname = con.name;
            let iid = self.key_index(tid, &iname, &cols, deferrable, pool, &using)?;
            let uk = crate::catalog::UniqueKey { name: iname, con: con.con, cols, index: iid };
            self.inst.cat.tables[tid].uniques.push(uk);
        }
        Ok(())
    }

    pub(super) fn add_index(
        &mut self,
        tid: TableId,
        name: &str,
        cols: Vec<usize>,
        (unique, kind): (bool, IndexKind),
        pool: PoolKind,
        (pctfree, prefix_cols): (u32, u32),
    ) -> Result<usize, LabError> {
        let iid = self.build_index(tid, name, cols, (unique, kind), pool, (pctfree, prefix_cols), None)?;
        self.inst.cat.tables[tid].indexes.push(iid);
        Ok(iid)
    }

    pub(super) fn create_cluster(&mut self, c: &CreateCluster) -> Result<Outcome, LabError> {
        if self.inst.cat.name_in_use(&c.name.name) {
            return Err(LabError::new(ora::NAME_ALREADY_USED, c.name.pos));
        }
        self.check_tablespace(&c.physical)?;
        let Some(hashkeys) = c.hashkeys else {
            return Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                "index clusters (CREATE CLUSTER without HASHKEYS)",
                c.name.pos,
            ));
        };
        if c.columns.len() != 1 {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "hash clusters with a multi-column key", c.name.pos));
        }
        if hashkeys == 0 || hashkeys > 4_000_000 {
            return Err(LabError::new(ora::LAB_HASHKEYS_LIMIT, c.name.pos));
        }
        let bs = self.inst.params.current.db_block_size;
        let pool = pool_of(&c.physical);
        let size = c.size.unwrap_or(bs);
        let hash_is_column = matches!(&c.hash_is, Some(Expr::Column { .. }));
        let hash = HashCluster::new(bs, c.physical.pctfree.unwrap_or(10), hashkeys, size, hash_is_column);
        let seg = self.inst.cat.new_segment(&c.name.name, SegmentKind::Cluster, None, pool);
        self.place(seg, &c.physical);
        for b in 0..hash.blocks() {
            self.format_block(seg, b);
        }
        let (id, stamp) = (self.inst.cat.clusters.len(), self.object_stamp());
        self.inst.cat.clusters.push(Cluster {
            id,
            stamp,
            name: c.name.name.clone(),
            key_columns: c
                .columns
                .iter()
                .map(|d| Column {
                    name: d.name.name.clone(),
                    data_type: d.data_type,
                    not_null: d.not_null,
                    identity: None,
                    type_text: d.type_text.clone(),
                    default: None,
                    default_on_null: false,
                    default_text: None,
                    dict_default: None,
                    nn: None,
                })
                .collect(),
            hash,
            seg,
            pool,
            single_table: c.single_table,
            tables: Vec::new(),
            dropped: false,
        });
        Ok(Outcome { feedback: Some("Cluster created.".into()), ..Default::default() })
    }

    pub(super) fn create_index(&mut self, c: &CreateIndex) -> Result<Outcome, LabError> {
        if self.inst.cat.name_in_use(&c.name.name) {
            return Err(LabError::new(ora::NAME_ALREADY_USED, c.name.pos));
        }
        self.check_tablespace(&c.physical)?;
        let tid = self
            .inst
            .cat
            .table_id(&c.table.name)
            .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, c.table.pos))?;
        self.check_temp_not_in_use(tid, true, c.table.pos)?;
        let mut cols = Vec::new();
        for col in &c.columns {
            cols.push(
                self.inst.cat.tables[tid].column_index(&col.name).ok_or_else(|| {
                    LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", col.name), col.pos)
                })?,
            );
        }
        // (A partitioned index's clause is checked first: ORA-14021 before ORA-01408.)
        if let Some(done) = self.partitioned_index(c, tid, &cols)? {
            return Ok(done);
        }
        if self.inst.cat.tables[tid]
            .indexes
            .iter()
            .any(|&i| !self.inst.cat.indexes[i].dropped && self.inst.cat.indexes[i].columns == cols)
        {
            return Err(LabError::new(ora::COLUMN_LIST_ALREADY_INDEXED, c.columns[0].pos));
        }
        let pool = pool_of(&c.physical);
        let prefix = prefix_length(&c.physical, cols.len(), c.unique, c.name.pos)?;
        let leaf = (c.physical.pctfree.unwrap_or(10), prefix);
        let kind = super::bitmap::index_kind(c)?;
        let iid = self.add_index(tid, &c.name.name, cols, (c.unique, kind), pool, leaf).map_err(|mut e| {
            e.pos = c.name.pos;
            e
        })?;
        self.place(self.inst.cat.indexes[iid].seg, &c.physical);
        self.index_options(iid, c);
        self.set_reverse(iid, c.reverse, c.name.pos)?;
        self.invalidate_table(tid);
        Ok(Outcome { feedback: Some("Index created.".into()), ..Default::default() })
    }
}

/// `STORAGE (CELL_FLASH_CACHE ...)` as the I/O layer's attribute.
pub(super) fn cell_flash_cache_of(ph: &Physical) -> Option<crate::io::exadata::CellFlashCache> {
    use crate::io::exadata::CellFlashCache as C;
    Some(match ph.cell_flash_cache? {
        lio_sql::ast::CellFlashCache::Default => C::Default,
        lio_sql::ast::CellFlashCache::Keep => C::Keep,
        lio_sql::ast::CellFlashCache::None => C::None,
    })
}
