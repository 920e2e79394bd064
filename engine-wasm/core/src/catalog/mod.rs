//! The data dictionary of the simulated instance: tables, indexes, clusters and their segments.

mod column;
pub mod json;
mod rows;
pub mod sequence;
pub use rows::{Cell, Packed, RowIter, RowRef, RowStore, CHUNK_ROWS};
pub mod comments;
pub mod histogram;
mod object_stamp;
mod part_index;
pub mod partition;
pub mod partition_composite;
mod partition_interval;
mod segment_blocks;
mod stamp;
pub use stamp::{ObjStamp, SYS_OBJECT_ID};
mod kinds;
pub use kinds::{IndexKind, SegmentKind};
mod names;
mod table_parts;
pub use table_parts::{
    AnalyzedSpace, CheckConstraint, ColUsage, ConName, ForeignKey, TableLoad, TempTable, UniqueKey, FIRST_CONSTRAINT,
};
mod row_stamp;
mod stats;
pub mod stats_memo;
pub use stats::{clustering_factor, per_key, CachedBlocks, StatsPrefs};
pub use stats::{
    text_position, ColumnStats, IndexFigures, IndexStatsSet, StatsSet, SystemStats, CPUSPEEDNW, IOSEEKTIM, IOTFRSPEED,
};

use crate::sga::cache::PoolKind;
use crate::storage::{BTree, HashCluster, HeapSegment, RowLoc};
use crate::value::Value;
use lio_sql::ast::DataType;

/// The lab's schema until a CONNECT names it.
pub const DEFAULT_SCHEMA: &str = "LAB";

pub type SegId = u32;
pub type TableId = usize;
pub type IndexId = usize;
pub type ClusterId = usize;

#[derive(Debug, Clone)]
pub struct SegmentInfo {
    pub id: SegId,
    pub name: String,
    pub kind: SegmentKind,
    pub table: Option<String>,
    pub pool: PoolKind,
    pub dropped: bool,
    /// A global temporary table's (or its index's): no redo for its blocks.
    pub temporary: bool,
}

#[derive(Debug, Clone)]
pub struct Column {
    pub name: String,
    pub data_type: DataType,
    pub not_null: bool,
    /// `GENERATED ... AS IDENTITY` (12.1+): its sequence is ISEQ$$_<table's object id>.
    pub identity: Option<sequence::Identity>,
    /// Its type as DESCRIBE prints it, when declared (None for a column
    /// CREATE TABLE AS SELECT derived: the lab sizes those from the rows).
    pub type_text: Option<String>,
    /// `DEFAULT expr`: what an INSERT that names other columns stores in it.
    pub default: Option<lio_sql::ast::Expr>,
    /// `DEFAULT ON NULL` (12.1+): the default replaces a given NULL too.
    pub default_on_null: bool,
    /// The DEFAULT's text as written, kept since it was last set (`DEFAULT
    /// NULL` keeps "NULL"): USER_TAB_COLUMNS.DATA_DEFAULT.
    pub default_text: Option<String>,
    /// Added with a DEFAULT as a dictionary change (11g NOT NULL, 12c any):
    /// the default, its value, and the rows then in the table, whose
    /// blocks do not hold it (the lab's row store does).
    pub dict_default: Option<(lio_sql::ast::Expr, crate::value::Value, usize)>,
    /// Its NOT NULL constraint (C); None when nullable or NOT NULL by the primary key.
    pub nn: Option<ConName>,
}

#[derive(Debug, Clone)]
pub enum TableStorage {
    /// Heap table; `seg` is None while segment creation is deferred.
    Heap { seg: Option<SegId>, heap: HeapSegment },
    /// Index-organized: the rows live in the PK index's leaves.
    Iot { index: IndexId },
    /// Stored in a hash cluster, keyed by these table columns.
    Cluster { cluster: ClusterId, key_cols: Vec<usize> },
}

/// Optimizer statistics (DBMS_STATS or, until gathered, dynamic sampling
/// of the real data).
#[derive(Debug, Clone, Default)]
pub struct TableStats {
    pub num_rows: u64,
    pub blocks: u64,
    pub avg_row_len: u32,
    pub avg_col_len: Vec<u32>,
    pub gathered: bool,
    /// When DBMS_STATS gathered them, on the lab's simulated clock
    /// (USER_TABLES.LAST_ANALYZED); None before.
    pub analyzed: Option<crate::date::Date>,
    /// Each column's statistics, gathered with the table's (empty until
    /// gathered: `Table::column_stats` computes one when asked).
    pub columns: Vec<ColumnStats>,
    /// The columns predicates have used (SYS.COL_USAGE$): DBMS_STATS'
    /// SIZE AUTO builds histograms on those only. Kept across gathers.
    pub col_usage: ColUsage,
    /// A GTT's gathered on 12c+: the session's own, not in USER_TABLES.
    pub session_private: bool,
    /// DBMS_STATS.SET_TABLE_STATS set them (USER_TABLES.USER_STATS YES,
    /// TAB$.FLAGS' user-statistics bit) until the next gather or delete.
    pub user_set: bool,
}

/// Where a query's rows go when the caller keeps them: a list of rows, or
/// (INSERT ... SELECT, CREATE TABLE ... AS SELECT) a [`RowStore`] that
/// becomes the new rows, so the source rows are held once, compactly.
pub trait RowSink {
    /// Take the row's values, leaving `row` empty.
    fn take_row(&mut self, row: &mut Vec<Value>);
    /// Bytes holding `row` takes (`row_bytes`: its values' bytes): a row
    /// of boxed values, or a packed row's record ([`RowStore::charge_of`]).
    fn charge(&self, row: &[Value], row_bytes: u64) -> u64 {
        ROW_BYTES + VALUE_BYTES * row.len() as u64 + row_bytes
    }
}

impl RowSink for Vec<Vec<Value>> {
    fn take_row(&mut self, row: &mut Vec<Value>) {
        self.push(std::mem::take(row));
    }
}

impl RowSink for RowStore {
    fn take_row(&mut self, row: &mut Vec<Value>) {
        self.push_from(row);
    }
    fn charge(&self, row: &[Value], _row_bytes: u64) -> u64 {
        LOC_BYTES + self.charge_of(row)
    }
}

#[derive(Debug, Clone)]
pub struct Table {
    pub id: TableId,
    pub stamp: ObjStamp,
    pub name: String,
    pub columns: Vec<Column>,
    pub rows: RowStore,
    pub loc: Vec<RowLoc>,
    pub storage: TableStorage,
    /// Primary key columns and its index.
    pub pk: Option<(Vec<usize>, IndexId, bool)>,
    /// The primary key constraint (its index may have another name).
    pub pk_con: Option<ConName>,
    pub indexes: Vec<IndexId>,
    pub memoptimize_read: bool,
    pub compress: bool,
    pub pool: PoolKind,
    /// `TABLESPACE ts` as written (None: the default, USERS on DATA); a
    /// deferred segment is placed there when the first insert creates it.
    pub tablespace: Option<String>,
    /// `STORAGE (CELL_FLASH_CACHE ...)` as written (None: DEFAULT); a
    /// deferred segment gets it when the first insert creates it.
    pub cell_flash_cache: Option<crate::io::exadata::CellFlashCache>,
    pub pctfree: u32,
    pub stats: TableStats,
    pub dropped: bool,
    /// Bytes the lab holds for the table's rows and index entries (model
    /// of its own memory, for the memory budget).
    pub mem_bytes: u64,
    /// Rows deleted (or whose insert was rolled back): their slots stay.
    pub dead_rows: usize,
    /// Where the body of each migrated row lives.
    pub migrated: crate::fasthash::FxMap<u32, u32>,
    /// The sessions whose transactions have uncommitted changes in the table.
    pub txn_sids: Vec<u32>,
    /// The instance's change sequence at the table's last change.
    pub changed_at: u64,
    /// Owned by SYS (DUAL): not the lab user's, so its name does not
    /// resolve to it for DDL, DML or statistics (`Catalog::table`), and its
    /// segment is in SYSTEM, whose segment space management is MANUAL.
    pub sys: bool,
    /// What TRUNCATE, NOLOGGING and direct-path loads set.
    pub load: TableLoad,
    /// `PARTITION BY ...`: the partitions hold the rows (the table itself
    /// has no segment).
    pub part: Option<Box<partition::Partitioning>>,
    /// A global temporary table's state (session/temp_table.rs).
    pub temp: Option<TempTable>,
    pub fks: Vec<ForeignKey>,
    /// The UNIQUE constraints (the primary key is `pk`).
    pub uniques: Vec<UniqueKey>,
    /// The CHECK constraints (a NOT NULL one is its column's `nn`).
    pub checks: Vec<CheckConstraint>,
    /// The figures the optimizer last computed from the rows (`stats_memo.rs`).
    pub stats_memo: stats_memo::StatsMemo,
}

impl Table {
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }

    /// Session `sid` has uncommitted changes in the table.
    pub fn add_writer(&mut self, sid: u32) {
        if !self.txn_sids.contains(&sid) {
            self.txn_sids.push(sid);
        }
    }

    /// Rows present (not deleted).
    pub fn live_rows(&self) -> usize {
        self.rows.len() - self.dead_rows
    }

    /// Whether row `r` is present.
    #[inline]
    pub fn is_live(&self, r: u32) -> bool {
        self.loc.get(r as usize).is_some_and(|l| !l.is_dead())
    }

    /// Gets a full scan makes on the segment header and space management
    /// blocks before the data: `assm` (the release's figure for an ASSM
    /// tablespace, the lab user's), or 2 in a MANUAL segment space
    /// management tablespace such as SYSTEM, where DUAL is: "a tablescan
    /// ... starts with two buffer gets on the segment header" (Jonathan
    /// Lewis, https://jonathanlewis.wordpress.com/2014/07/31/fragmentation-2/
    /// via parnassusdata144.rssing.com/chan-19851579/article27.html).
    pub fn full_scan_header_gets(&self, assm: u32) -> u32 {
        if self.sys {
            2
        } else {
            assm
        }
    }

    pub fn is_iot(&self) -> bool {
        matches!(self.storage, TableStorage::Iot { .. })
    }

    pub fn heap_seg(&self) -> Option<SegId> {
        match &self.storage {
            TableStorage::Heap { seg, .. } => *seg,
            _ => None,
        }
    }

    /// The segment holding row `r`: its partition's for a partitioned
    /// table, else the table's own (heap or cluster; None for an IOT's
    /// rows or a deferred segment).
    pub fn row_seg(&self, cat: &Catalog, r: u32) -> Option<SegId> {
        match &self.part {
            Some(p) => p.parts.get(*p.row_part.get(r as usize)? as usize)?.seg,
            None => cat.scan_segment(self),
        }
    }

    /// The heap holding row `r` (its partition's, or the table's).
    pub fn row_heap_mut(&mut self, r: u32) -> Option<&mut HeapSegment> {
        match (&mut self.part, &mut self.storage) {
            (Some(p), _) => {
                let i = *p.row_part.get(r as usize)? as usize;
                Some(&mut p.parts.get_mut(i)?.heap)
            }
            (None, TableStorage::Heap { heap, .. }) => Some(heap),
            _ => None,
        }
    }

    /// The DATA_OBJECT_ID in row `r`'s ROWID.
    pub fn row_data_object_id(&self, r: u32) -> u32 {
        match &self.part {
            Some(p) => p.row_part.get(r as usize).map_or(self.stamp.id, |&i| p.parts[i as usize].data_object_id()),
            None => self.load.data_id.unwrap_or(self.stamp.id),
        }
    }

    /// Average bytes per column over the data, as DBMS_STATS reports
    /// AVG_COL_LEN (including the length byte).
    /// One pass over the rows when they changed since the last (`stats_memo.rs`).
    pub fn compute_stats(&self, blocks: u64) -> TableStats {
        let (n, avg_col_len) = self.stats_memo.avg_col_lens(&self.live());
        let avg_row_len = 3 + avg_col_len.iter().sum::<u32>();
        TableStats {
            num_rows: n,
            blocks,
            avg_row_len,
            avg_col_len,
            gathered: false,
            analyzed: None,
            columns: Vec::new(),
            col_usage: Default::default(),
            session_private: false,
            user_set: false,
        }
    }

    /// Column `col`'s statistics from the live rows (`stats::column_stats`).
    pub fn column_stats(&self, col: usize) -> ColumnStats {
        self.stats_memo.column_stats(&self.live(), col)
    }

    /// The rows and the state that stands for them (`stats_memo.rs`).
    fn live(&self) -> stats_memo::LiveRows<'_> {
        let (rows, loc, columns) = (&self.rows, &self.loc[..], self.columns.len());
        stats_memo::LiveRows { rows, columns, loc, dead: self.dead_rows, changed_at: self.changed_at }
    }
}

#[derive(Debug, Clone)]
pub struct Index {
    pub id: IndexId,
    pub stamp: ObjStamp,
    pub name: String,
    pub table: TableId,
    pub columns: Vec<usize>,
    pub unique: bool,
    pub kind: IndexKind,
    pub btree: BTree,
    pub seg: SegId,
    pub pool: PoolKind,
    pub dropped: bool,
    /// `VISIBLE` (the default) or `INVISIBLE`: an invisible index is kept
    /// up to date by DML and enforces its constraint, but the optimizer
    /// does not consider it (OPTIMIZER_USE_INVISIBLE_INDEXES is not
    /// modelled, so always FALSE) and ignores hints that name it.
    pub visible: bool,
    /// `REVERSE`: a reverse key index; its stored keys are
    /// [`Self::key_of`]'s, each column's bytes reversed.
    pub reverse: bool,
    /// A partitioned index, or a partition of one (`partition.rs`).
    pub part: Option<Box<partition::IndexPart>>,
    /// UNUSABLE (a global index after a partition's DROP or TRUNCATE).
    pub unusable: bool,
}

impl Index {
    /// Live, visible and usable: an access path the optimizer may consider.
    pub fn for_optimizer(&self) -> bool {
        !self.dropped && self.visible && !self.unusable
    }

    /// The key `row` has in this index, as the index stores it (reversed
    /// in a reverse key index).
    pub fn key_of(&self, row: &[Value]) -> Box<[Value]> {
        let key: Box<[Value]> = self.columns.iter().map(|&c| row[c].clone()).collect();
        self.stored(key)
    }
    /// [`Self::key_of`] a stored row.
    pub fn key_of_row(&self, row: RowRef<'_>) -> Box<[Value]> {
        let key: Box<[Value]> = self.columns.iter().map(|&c| row.value(c)).collect();
        self.stored(key)
    }
    /// A key as the index stores it.
    pub fn stored(&self, key: Box<[Value]>) -> Box<[Value]> {
        if self.reverse {
            (&crate::storage::reversed_key(&key)).into()
        } else {
            key
        }
    }
}

#[derive(Debug, Clone)]
pub struct Cluster {
    pub id: ClusterId,
    pub stamp: ObjStamp,
    pub name: String,
    pub key_columns: Vec<Column>,
    pub hash: HashCluster,
    pub seg: SegId,
    pub pool: PoolKind,
    pub single_table: bool,
    pub tables: Vec<TableId>,
    pub dropped: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// The lab's one schema, whose objects these are: [`DEFAULT_SCHEMA`],
    /// or the user a script first connects as (`CONNECT n1/n1`).
    pub schema: std::sync::Arc<str>,
    /// A CONNECT of the running script named the schema (until then its
    /// first CONNECT names it, objects created before included: they were
    /// that user's; each script an engine runs starts unnamed).
    pub schema_named: bool,
    pub segments: Vec<SegmentInfo>,
    pub tables: Vec<Table>,
    pub indexes: Vec<Index>,
    pub clusters: Vec<Cluster>,
    /// Bytes the lab holds besides the tables: the consistent-read copies
    /// of tables other sessions have changed (session/cr.rs). Counted in
    /// [`Self::memory_bytes`], so the memory budget bounds them.
    pub held_bytes: u64,
    /// Bytes V$SQL's texts hold (session/fixed.rs): counted in
    /// [`Self::memory_bytes`] too, so 10,000 texts of 32 KB stay in budget.
    pub sql_area_bytes: u64,
    /// Bytes Active Session History's samples hold (instance/ash.rs).
    pub ash_bytes: u64,
    /// SYS.DUAL, once a statement has read its column (before that FAST
    /// DUAL, which reads no block, is all any statement needs; creating it
    /// then leaves every other segment's number as it was).
    pub dual: Option<TableId>,
    /// SYS.AUX_STATS$: the system statistics (DBMS_STATS.SET_SYSTEM_STATS).
    pub system_stats: SystemStats,
    /// Figures DBMS_STATS.SET_INDEX_STATS set, tables whose statistics are locked.
    pub stats_set: StatsSet,
    /// Objects the lab user has created (tables, indexes, clusters).
    pub objects_created: u32,
    /// Constraints created (CON$'s sequence: every kind, named or not).
    pub constraints_created: u32,
    /// The schema's views, and their stamps and WITH READ ONLY.
    pub views: Vec<lio_sql::ViewText>,
    pub view_stamps: Vec<(ObjStamp, bool, Vec<comments::ViewColumn>)>,
    pub comments: Vec<comments::ObjComment>,
    /// The schema's sequences (SEQ$).
    pub sequences: Vec<sequence::Sequence>,
}

impl Catalog {
    /// Index `id`'s optimizer statistics (DBMS_STATS.SET_INDEX_STATS' when
    /// set; a partitioned index's global ones, `partition.rs`).
    pub fn index_figures(&self, id: IndexId) -> IndexFigures {
        self.part_index_figures(id, None)
    }

    /// The next constraint: its number, and `name` or the generated one.
    pub fn next_con(&mut self, name: Option<&str>) -> ConName {
        ConName::next(&mut self.constraints_created, name)
    }

    /// Whether LOCK_TABLE_STATS locked table `id`'s statistics.
    pub fn stats_locked(&self, id: TableId) -> bool {
        self.stats_set.locked.contains(&id)
    }
}

/// Bytes the lab holds per stored value, row and index entry (its own
/// representation, measured roughly: a value slot, the row's location, an
/// index entry).
pub const VALUE_BYTES: u64 = 16;
pub const ROW_BYTES: u64 = 16;
/// Bytes a stored row's location takes (its packed record is the row
/// store's: [`RowStore::held_bytes`]).
pub const LOC_BYTES: u64 = std::mem::size_of::<RowLoc>() as u64;

impl Catalog {
    /// Bytes held by every table's rows and index entries.
    pub fn memory_bytes(&self) -> u64 {
        let indexes: u64 = self.indexes.iter().filter(|ix| !ix.dropped).map(|ix| ix.btree.held_bytes()).sum();
        let held = self.held_bytes + self.sql_area_bytes + self.ash_bytes;
        self.tables.iter().map(|t| t.mem_bytes).sum::<u64>() + indexes + held
    }

    /// Bytes `table`'s rows and its indexes' entries hold (what a
    /// consistent-read copy of it takes).
    pub fn table_bytes(&self, table: TableId) -> u64 {
        let t = &self.tables[table];
        t.mem_bytes + t.indexes.iter().map(|&i| self.indexes[i].btree.held_bytes()).sum::<u64>()
    }

    /// Bytes one more row of `table` adds to its indexes (each index's
    /// entry as it holds them: 20 bytes packed).
    pub fn index_entry_bytes(&self, table: TableId) -> u64 {
        self.tables[table].indexes.iter().map(|&i| self.indexes[i].btree.entry_bytes()).sum()
    }

    pub fn new_segment(&mut self, name: &str, kind: SegmentKind, table: Option<&str>, pool: PoolKind) -> SegId {
        let id = self.segments.len() as SegId;
        self.segments.push(SegmentInfo {
            id,
            name: name.to_string(),
            kind,
            table: table.map(|t| t.to_string()),
            pool,
            dropped: false,
            temporary: false,
        });
        id
    }

    /// The lab user's table of that name (SYS's DUAL is not one).
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.iter().find(|t| !t.dropped && !t.sys && t.name == name)
    }

    /// SYS.DUAL: one row ('X' in its VARCHAR2(1) column DUMMY) in one
    /// block of a segment of its own, created the first time a statement
    /// reads the column. Its block is on disk, not yet in the cache.
    pub fn ensure_dual(&mut self, block_size: u32) -> TableId {
        if let Some(t) = self.dual {
            return t;
        }
        let seg = self.new_segment("SYS.DUAL", SegmentKind::Table, None, PoolKind::Default);
        let mut heap = HeapSegment::new(block_size, 10);
        let row: Box<[Value]> = Box::new([Value::str("X")]);
        let (loc, _) = heap.insert(crate::storage::row_size(&row));
        let id = self.tables.len();
        let mut rows = RowStore::new(1);
        rows.push(row);
        self.tables.push(Table {
            id,
            stamp: ObjStamp::default(),
            name: "DUAL".into(),
            columns: vec![Column {
                type_text: Some("VARCHAR2(1)".into()),
                ..Column::derived("DUMMY".into(), DataType::Varchar2 { len: 1, char_semantics: false })
            }],
            rows,
            loc: vec![loc],
            storage: TableStorage::Heap { seg: Some(seg), heap },
            pk: None,
            pk_con: None,
            indexes: Vec::new(),
            memoptimize_read: false,
            compress: false,
            pool: PoolKind::Default,
            tablespace: Some("SYSTEM".into()),
            cell_flash_cache: None,
            pctfree: 10,
            stats: TableStats::default(),
            dropped: false,
            mem_bytes: 0,
            dead_rows: 0,
            migrated: Default::default(),
            txn_sids: Vec::new(),
            changed_at: 0,
            sys: true,
            load: TableLoad::default(),
            part: None,
            temp: None,
            fks: Vec::new(),
            uniques: Vec::new(),
            checks: Vec::new(),
            stats_memo: Default::default(),
        });
        self.dual = Some(id);
        id
    }

    pub fn table_id(&self, name: &str) -> Option<TableId> {
        self.table(name).map(|t| t.id)
    }

    pub fn index_id(&self, name: &str) -> Option<IndexId> {
        self.indexes.iter().find(|i| !i.dropped && i.name == name).map(|i| i.id)
    }

    pub fn cluster_id(&self, name: &str) -> Option<ClusterId> {
        self.clusters.iter().find(|c| !c.dropped && c.name == name).map(|c| c.id)
    }

    /// Segment of the blocks a full scan reads.
    pub fn scan_segment(&self, t: &Table) -> Option<SegId> {
        match &t.storage {
            TableStorage::Heap { seg, .. } => *seg,
            TableStorage::Iot { index } => Some(self.indexes[*index].seg),
            TableStorage::Cluster { cluster, .. } => Some(self.clusters[*cluster].seg),
        }
    }
}
