//! The rows of the data dictionary views (`USER_TABLES`, `USER_INDEXES`,
//! ...; their columns are declared in `exec/dictionary.rs`), built from
//! the catalog when a statement that reads them executes.
//!
//! The statistics columns show what the optimizer uses: a table's
//! NUM_ROWS, BLOCKS, AVG_ROW_LEN once DBMS_STATS gathered them (NULL
//! before, as in Oracle), an index's BLEVEL, LEAF_BLOCKS, DISTINCT_KEYS
//! and CLUSTERING_FACTOR as the index is now (the lab's optimizer reads
//! them live; Oracle keeps those of the last gather or CREATE INDEX).

use super::column_dict::{analyzed, col_statistics_rows, histogram_rows, num, text, type_lengths};
use super::part_index_dict::index_status;
use super::*;
use crate::catalog::{Index, Table, TableStorage};
use crate::exec::dictionary::DictView;
use lio_sql::ast::DataType;

/// Tablespace of a table or index placed without TABLESPACE: the LAB
/// user's default.
const DEFAULT_TABLESPACE: &str = "USERS";

/// SEGMENT_CREATED (11.2+): NO while a heap table's segment is deferred
/// (until its first row), N/A for a partitioned table (its partitions have
/// the segments), YES otherwise. A global temporary table's segment is a
/// session's temporary one: Oracle does not defer it (it never has a
/// permanent one), so YES, as DBA_TABLES' decode of TAB$.PROPERTY gives.
fn segment_created(t: &Table) -> Value {
    text(match (&t.storage, &t.part) {
        (_, Some(_)) => "N/A",
        (TableStorage::Heap { seg: None, .. }, None) if t.temp.is_none() => "NO",
        _ => "YES",
    })
}

impl Run<'_> {
    /// Rows of dictionary view `d`.
    pub(super) fn dictionary_rows(&self, d: DictView) -> Vec<Vec<Value>> {
        match d {
            DictView::Tables => self.live_tables().map(|t| self.table_row(t)).collect(),
            DictView::Indexes => self.live_indexes().map(|ix| self.index_row(ix)).collect(),
            DictView::IndColumns => self.live_indexes().flat_map(|ix| self.ind_column_rows(ix)).collect(),
            DictView::TabColumns => self.tab_columns_rows(),
            DictView::TabIdentityCols => self.identity_col_rows(),
            DictView::TabColStatistics => {
                let bytes = self.inst.profile.stats_value_bytes;
                self.live_tables().flat_map(|t| col_statistics_rows(t, bytes)).collect()
            }
            DictView::TabHistograms => {
                let actual = self.inst.profile.hybrid_histograms;
                self.live_tables().flat_map(|t| histogram_rows(t, actual)).collect()
            }
            DictView::Segments => self.segment_rows(),
            DictView::Objects => self.object_rows(false),
            DictView::AllObjects => self.object_rows(true),
            DictView::Errors => self.error_rows(),
            DictView::IndexStats => self.s.index_stats.iter().cloned().collect(),
            DictView::TabPartitions | DictView::PartTables | DictView::PartKeyColumns => self.partition_rows(d),
            DictView::TabSubpartitions => self.subpartition_rows(),
            DictView::PartIndexes | DictView::IndPartitions | DictView::IndSubpartitions => self.part_index_rows(d),
            DictView::Constraints | DictView::DbaConstraints => self.constraint_rows(true),
            DictView::ConsColumns | DictView::DbaConsColumns => self.constraint_rows(false),
            DictView::Views => self.user_views_rows(),
            DictView::Sequences | DictView::Sequences18 => self.sequence_rows(d == DictView::Sequences18),
            DictView::TabStatistics | DictView::TabStatistics11 => {
                self.tab_statistics_rows(d == DictView::TabStatistics11)
            }
            DictView::TabComments => self.comment_rows(false),
            DictView::ColComments => self.comment_rows(true),
            // OWNER, then the USER_ view's row.
            dba => {
                let user = dba.user_form().expect("a DBA_ view has a USER_ form");
                let mut rows = self.dictionary_rows(user);
                for r in &mut rows {
                    r.insert(0, text(&self.inst.cat.schema));
                }
                rows
            }
        }
    }

    pub(super) fn live_tables(&self) -> impl Iterator<Item = &Table> {
        // SYS's tables (DUAL) are not the LAB user's.
        self.inst.cat.tables.iter().filter(|t| !t.dropped && !t.sys)
    }

    fn live_indexes(&self) -> impl Iterator<Item = &Index> {
        // (An index partition is its index's: USER_IND_PARTITIONS.)
        self.inst.cat.indexes.iter().filter(|ix| {
            let t = &self.inst.cat.tables[ix.table];
            !ix.dropped && !t.dropped && !t.sys && ix.part_of().is_none()
        })
    }

    fn table_tablespace(&self, t: &Table) -> Value {
        match &t.storage {
            // A partitioned table's rows are in its partitions' tablespaces.
            TableStorage::Iot { .. } => Value::Null,
            _ if t.part.is_some() || t.temp.is_some() => Value::Null,
            _ => text(t.tablespace.as_deref().unwrap_or(DEFAULT_TABLESPACE)),
        }
    }

    pub(super) fn table_row(&self, t: &Table) -> Vec<Value> {
        let iot = matches!(t.storage, TableStorage::Iot { .. });
        let cluster = match &t.storage {
            TableStorage::Cluster { cluster, .. } => text(&self.inst.cat.clusters[*cluster].name),
            _ => Value::Null,
        };
        let st = &t.stats;
        let g = |v: f64| if st.gathered && !st.session_private { num(v) } else { Value::Null };
        // ANALYZE's own figures (DBMS_STATS leaves them as they were: 0
        // when never analyzed).
        let space = t.load.space.unwrap_or_default();
        vec![
            text(&t.name),
            self.table_tablespace(t),
            cluster,
            Value::Null,
            text("VALID"),
            if iot { Value::Null } else { num(t.pctfree) },
            if iot { Value::Null } else { text(if t.load.nologging || t.temp.is_some() { "NO" } else { "YES" }) },
            g(st.num_rows as f64),
            g(st.blocks as f64),
            g(space.empty_blocks as f64),
            g(space.avg_space as f64),
            g(space.chain_cnt as f64),
            // Empty: 0 (the lab's figure counts a row header even then).
            g(if st.num_rows == 0 { 0.0 } else { st.avg_row_len as f64 }),
            g(st.num_rows as f64),
            if st.session_private { Value::Null } else { analyzed(t) },
            if iot { text("IOT") } else { Value::Null },
            text(if t.temp.is_some() { "Y" } else { "N" }),
            // DBMS_STATS' figures (a gather of a non-partitioned table is
            // global, as SET_TABLE_STATS' figures are); USER_STATS YES
            // from SET_TABLE_STATS until the next gather.
            text(if st.gathered && !t.load.by_analyze { "YES" } else { "NO" }),
            text(if st.user_set && !st.session_private { "YES" } else { "NO" }),
            match t.temp.map(|t| t.on_commit) {
                Some(OnCommit::DeleteRows) => text("SYS$TRANSACTION"),
                Some(OnCommit::PreserveRows) => text("SYS$SESSION"),
                None => Value::Null,
            },
            if iot { Value::Null } else { text(if t.compress { "ENABLED" } else { "DISABLED" }) },
            segment_created(t),
        ]
    }

    fn index_row(&self, ix: &Index) -> Vec<Value> {
        let t = &self.inst.cat.tables[ix.table];
        let bt = &ix.btree;
        let n = bt.len();
        // The optimizer's figures (DBMS_STATS.SET_INDEX_STATS' when set).
        let f = self.inst.cat.part_index_figures(ix.id, None);
        // AVGLBLK / AVGDBLK as SET_INDEX_STATS gave them, else derived.
        let set = self.inst.cat.stats_set.index.get(&ix.id);
        let n = if ix.parts().is_some() { f.num_rows as usize } else { n };
        let (blevel, leaves, keys, cf) = if n == 0 && !f.set {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            (f.blevel as f64, f.leaf_blocks, f.distinct_keys, f.dictionary_cf(bt))
        };
        vec![
            text(&ix.name),
            text(if bt.holds_rows {
                "IOT - TOP"
            } else if ix.reverse {
                "NORMAL/REV"
            } else if bt.bitmap {
                "BITMAP"
            } else {
                "NORMAL"
            }),
            text(&self.inst.cat.schema),
            text(&t.name),
            text("TABLE"),
            text(if ix.unique { "UNIQUE" } else { "NONUNIQUE" }),
            text(if bt.prefix_cols > 0 { "ENABLED" } else { "DISABLED" }),
            if bt.prefix_cols > 0 { num(bt.prefix_cols) } else { Value::Null },
            // A partitioned index's segments are its partitions'.
            if ix.parts().is_some() || t.temp.is_some() { Value::Null } else { self.index_tablespace(ix) },
            num(bt.pctfree),
            text(if t.temp.is_some() { "NO" } else { "YES" }),
            num(blevel),
            num(leaves),
            num(keys),
            num(set.and_then(|s| s.avg_leaf_per_key).unwrap_or_else(|| crate::catalog::per_key(leaves, keys))),
            num(set.and_then(|s| s.avg_data_per_key).unwrap_or_else(|| crate::catalog::per_key(cf, keys))),
            num(cf),
            text(index_status(ix)),
            // A bitmap index's rows are its pieces.
            num(if bt.bitmap {
                bt.pieces().len() as f64
            } else if f.set {
                f.num_rows
            } else {
                n as f64
            }),
            num(if bt.bitmap { bt.pieces().len() } else { n } as f64),
            text(if ix.parts().is_some() { "YES" } else { "NO" }),
            text(if t.temp.is_some() { "Y" } else { "N" }),
            // SET_INDEX_STATS' figures stand until the next gather.
            text(if set.is_some() { "YES" } else { "NO" }),
            text(if ix.visible { "VISIBLE" } else { "INVISIBLE" }),
            // A partitioned index's segments are its partitions'; the others
            // are created with their table's.
            if ix.parts().is_some() { text("N/A") } else { segment_created(t) },
        ]
    }

    fn ind_column_rows(&self, ix: &Index) -> Vec<Vec<Value>> {
        let t = &self.inst.cat.tables[ix.table];
        ix.columns
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| {
                let col = t.columns.get(c)?;
                let (bytes, chars) = type_lengths(&col.data_type);
                Some(vec![
                    text(&ix.name),
                    text(&t.name),
                    text(&col.name),
                    num((i + 1) as f64),
                    num(bytes),
                    num(chars),
                    text("ASC"),
                ])
            })
            .collect()
    }

    /// Segments that exist (a table whose segment creation is deferred
    /// has none, nor have its indexes), their space in whole extents.
    fn segment_rows(&self) -> Vec<Vec<Value>> {
        let bs = self.inst.params.current.db_block_size as u64;
        let seg = |name: &str, kind: &str, ts: Value, blocks: u64| {
            let allocated = super::space::allocated(blocks, bs);
            vec![
                text(name),
                Value::Null,
                text(kind),
                ts,
                num((allocated * bs) as f64),
                num(allocated as f64),
                num(super::space::extent_count(allocated, bs) as f64),
            ]
        };
        let cat = &self.inst.cat;
        let mut rows = Vec::new();
        // A temporary table's segments are temporary segments, not listed.
        for t in self.live_tables().filter(|t| t.temp.is_none()) {
            if let TableStorage::Heap { seg: Some(_), .. } = &t.storage {
                // REUSE STORAGE keeps a truncated segment's extents.
                let blocks = cat.segment_blocks(t).max(t.load.kept_blocks);
                rows.push(seg(&t.name, "TABLE", self.table_tablespace(t), blocks));
            }
            for p in t.part.iter().flat_map(|p| &p.parts).filter(|p| p.seg.is_some()) {
                let ts = text(p.tablespace.as_deref().or(t.tablespace.as_deref()).unwrap_or(DEFAULT_TABLESPACE));
                let kind = if t.part.as_ref().is_some_and(|p| p.sub.is_some()) {
                    "TABLE SUBPARTITION"
                } else {
                    "TABLE PARTITION"
                };
                let mut row = seg(&t.name, kind, ts, p.segment_blocks());
                row[1] = text(&p.name);
                rows.push(row);
            }
        }
        for c in cat.clusters.iter().filter(|c| !c.dropped) {
            rows.push(seg(&c.name, "CLUSTER", text(DEFAULT_TABLESPACE), c.hash.blocks() as u64));
        }
        for ix in self.live_indexes() {
            let t = &cat.tables[ix.table];
            if let (TableStorage::Heap { seg: None, .. }, None) = (&t.storage, &t.part) {
                continue;
            }
            if t.temp.is_some() {
                continue;
            }
            let kids = ix.parts().map_or_else(|| vec![ix.id], |p| p.children.clone());
            // A LOCAL index's partition has its segment when its table
            // partition has (both deferred to the first row, 11.2.0.2 on).
            let local = ix.parts().is_some_and(|p| p.local);
            let deferred =
                |k: usize| local && t.part.as_ref().is_some_and(|p| p.parts.get(k).is_some_and(|q| q.seg.is_none()));
            for c in kids.into_iter().enumerate().filter(|(k, _)| !deferred(*k)).map(|(_, c)| &cat.indexes[c]) {
                let kind = super::part_index_composite::index_object_type(ix, c);
                let mut row = seg(&ix.name, kind, self.index_tablespace(c), c.btree.blocks() as u64);
                row[1] = c.part_of().map_or(Value::Null, |o| text(&o.name));
                rows.push(row);
            }
        }
        rows
    }

    /// The lab user's objects as ALL_OBJECTS lists them (OWNER first;
    /// USER_OBJECTS drops it), numbered after the database's own.
    pub(super) fn object_rows(&self, with_owner: bool) -> Vec<Vec<Value>> {
        let cat = &self.inst.cat;
        let base = lab_object_base(self.inst.profile.dictionary_objects);
        let mut rows: Vec<Vec<Value>> = Vec::new();
        let mut push = |o: LabObject<'_>, sub: Option<&str>| {
            let mut r = self.object_row(o);
            if let Some(s) = sub {
                r[2] = text(s);
            }
            if !with_owner {
                r.remove(0);
            }
            rows.push(r);
        };
        for t in self.live_tables() {
            let segment = match t.storage {
                TableStorage::Iot { .. } => false,
                // A cluster's tables are in its segment.
                TableStorage::Cluster { cluster, .. } => {
                    push(
                        LabObject {
                            name: &t.name,
                            kind: "TABLE",
                            stamp: t.stamp,
                            data: Some(cat.clusters[cluster].stamp),
                        },
                        None,
                    );
                    continue;
                }
                TableStorage::Heap { .. } => t.part.is_none(),
            };
            // TRUNCATE gives the segment a new DATA_OBJECT_ID.
            let data = t.load.data_id.map_or(t.stamp, |id| crate::catalog::ObjStamp { id, ..t.stamp });
            push(LabObject { name: &t.name, kind: "TABLE", stamp: t.stamp, data: segment.then_some(data) }, None);
            // A composite table's partitions have no segment: their subpartitions do.
            let composite = t.part.as_ref().and_then(|p| p.sub.as_ref());
            for p in composite.iter().flat_map(|s| &s.top.parts) {
                push(LabObject { name: &t.name, kind: "TABLE PARTITION", stamp: p.stamp, data: None }, Some(&p.name));
            }
            let kind = if composite.is_some() { "TABLE SUBPARTITION" } else { "TABLE PARTITION" };
            for p in t.part.iter().flat_map(|p| &p.parts) {
                let data = Some(crate::catalog::ObjStamp { id: p.data_object_id(), ..p.stamp });
                push(LabObject { name: &t.name, kind, stamp: p.stamp, data }, Some(&p.name));
            }
        }
        for ix in self.live_indexes() {
            for (name, kind, stamp, data, sub) in super::part_index_composite::index_objects(cat, ix) {
                push(LabObject { name, kind, stamp, data }, sub);
            }
        }
        for c in cat.clusters.iter().filter(|c| !c.dropped) {
            push(LabObject { name: &c.name, kind: "CLUSTER", stamp: c.stamp, data: Some(c.stamp) }, None);
        }
        for (k, (name, p)) in self.inst.programs.iter().enumerate() {
            // Stored programs are numbered after the segments' objects.
            let n = cat.objects_created + 1 + k as u32;
            let stamp = crate::catalog::ObjStamp { n, id: base + n - 1, created: crate::date::CLOCK_ZERO };
            let kind = if p.returns.is_some() { "FUNCTION" } else { "PROCEDURE" };
            push(LabObject { name, kind, stamp, data: None }, None);
        }
        for s in &cat.sequences {
            push(LabObject { name: &s.name, kind: "SEQUENCE", stamp: s.stamp, data: None }, None);
        }
        for (i, (v, (stamp, ..))) in cat.views.iter().zip(&cat.view_stamps).enumerate() {
            let mut r = self.object_row(LabObject { name: &v.name, kind: "VIEW", stamp: *stamp, data: None });
            if !self.view_valid(i) {
                r[9] = text("INVALID");
            }
            // A view is an editionable type.
            r[16] = text("Y");
            if !with_owner {
                r.remove(0);
            }
            rows.push(r);
        }
        rows.sort_by_key(|r| r.iter().find_map(|v| if let Value::Num(n) = v { Some(n.to_f64() as i64) } else { None }));
        rows
    }

    /// One lab object's ALL_OBJECTS row (every column of the latest
    /// release; the view keeps those of the running one).
    fn object_row(&self, o: LabObject<'_>) -> Vec<Value> {
        let generated = if o.name.starts_with("SYS_") { "Y" } else { "N" };
        // A stored program that does not compile is INVALID.
        let status = if self.inst.program_errors.contains_key(o.name) { "INVALID" } else { "VALID" };
        let program = matches!(o.kind, "FUNCTION" | "PROCEDURE");
        let created = Value::Date(o.stamp.created);
        vec![
            text(&self.inst.cat.schema),
            text(o.name),
            Value::Null,
            num(o.stamp.id),
            o.data.map(|d| num(d.id)).unwrap_or(Value::Null),
            text(o.kind),
            created.clone(),
            created,
            text(&crate::exec::dictionary_objects::timestamp(o.stamp.created)),
            text(status),
            text("N"),
            text(generated),
            text("N"),
            num(match o.kind {
                "INDEX" => 4,
                "CLUSTER" => 5,
                _ => 1,
            }),
            Value::Null,
            text("NONE"),
            if program { text("Y") } else { Value::Null },
            text("N"),
            text("N"),
            if matches!(o.kind, "INDEX" | "CLUSTER" | "SEQUENCE") { Value::Null } else { text("USING_NLS_COMP") },
            text("N"),
            text("N"),
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
        ]
    }
}

impl Run<'_> {
    /// The type of column `i` of a CREATE TABLE ... AS SELECT: a data
    /// dictionary view's column keeps its declared type (ALL_OBJECTS'
    /// OWNER is VARCHAR2(128) from 12.2, EDITION_NAME too though every
    /// value is NULL); another column's comes from its values.
    pub(super) fn ctas_type(&self, c: &crate::exec::Compiled, i: usize, rows: &crate::catalog::RowStore) -> DataType {
        if let Some(t) = self.declared_type(c, i) {
            return t;
        }
        match rows.iter().map(|r| r.value(i)).find(|v| !v.is_null()) {
            Some(Value::Str(_)) => DataType::Varchar2 {
                len: rows.iter().map(|r| r.value(i).stored_len() as u32).max().unwrap_or(1).max(1),
                char_semantics: false,
            },
            Some(Value::Date(_)) => DataType::Date,
            _ => DataType::Number { precision: None, scale: None },
        }
    }

    fn declared_type(&self, c: &crate::exec::Compiled, i: usize) -> Option<DataType> {
        use crate::exec::dictionary::ColType;
        // CAST(x AS type): the type.
        if let Some(crate::exec::CExpr::Func(crate::exec::func::Func::Cast(to), ..)) = c.project.get(i) {
            return Some(to.data_type());
        }
        let crate::exec::CExpr::Gen { src, col } = c.project.get(i)? else { return None };
        let slot = c.fixed_src.iter().position(|s| s == src)?;
        let crate::exec::fixed::FixedView::Dict(d) = *c.fixed.get(slot)? else { return None };
        let text = |len| DataType::Varchar2 { len, char_semantics: false };
        Some(match d.typed_columns().get(*col)?.1 {
            ColType::Name => text(self.inst.profile.identifier_bytes),
            ColType::Text(n) => text(n),
            ColType::ObjectType | ColType::RawValue => text(d.width(*col, self.inst.profile.identifier_bytes)),
            ColType::Num => DataType::Number { precision: None, scale: None },
            ColType::DateCol => DataType::Date,
        })
    }

    /// The stamp of an object the lab user creates now.
    pub(super) fn object_stamp(&mut self) -> crate::catalog::ObjStamp {
        let base = lab_object_base(self.inst.profile.dictionary_objects);
        self.inst.cat.stamp(base)
    }
}

/// OBJECT_ID of the lab user's first object: the database's own are
/// numbered from 2 (`exec/dictionary_objects.rs`).
pub(crate) fn lab_object_base(dictionary_objects: u32) -> u32 {
    dictionary_objects + 2
}

/// A lab object as the dictionary lists it: `data` is the object whose
/// segment holds it (None: no segment).
struct LabObject<'a> {
    name: &'a str,
    kind: &'a str,
    stamp: crate::catalog::ObjStamp,
    data: Option<crate::catalog::ObjStamp>,
}
