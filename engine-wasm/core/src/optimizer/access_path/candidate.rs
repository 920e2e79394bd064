//! What every access path returns: the table reference it reads
//! ([`TableRef`]), the costed [`Candidate`] and its [`Tier`], and the
//! covering test the index paths share. A leaf: the paths and `gather`
//! import it, it imports none of them.

use crate::catalog::{Catalog, IndexId, Table, TableId, TableStats};
use crate::exec::expr::CExpr;
use lio_sql::ast::{Hint, IndexWay, Pos, Query};
use lio_sql::LabError;
use std::collections::HashSet;

/// A table reference as the access paths see it.
pub struct TableRef<'a> {
    pub cat: &'a Catalog,
    pub q: &'a Query,
    pub table: TableId,
    pub t: &'a Table,
    /// Its row source (`CExpr::Col::src`).
    pub src: usize,
    pub alias: &'a str,
    /// The statistics the optimizer reads (gathered, else computed).
    pub stats: &'a TableStats,
    pub num_rows: f64,
    /// The block's conjuncts, those already used, and the row sources
    /// whose columns are available (joined before, or enclosing blocks).
    pub conjuncts: &'a [CExpr],
    pub used: &'a [bool],
    pub available: &'a [usize],
    /// The columns the block mentions (`None`: cannot be told).
    pub referenced: &'a Option<HashSet<String>>,
    /// The block reads this table alone.
    pub single: bool,
    /// The block has an aggregate in its select list.
    pub aggregate_query: bool,
    /// The release has the MemOptimized Rowstore.
    pub memoptimize_rowstore: bool,
    /// What multiblock scans are costed with.
    pub costing: crate::optimizer::cost::ScanCosting,
    /// Bind peeking: each bind's value at this hard parse, by bind number.
    pub peek: &'a [Option<crate::value::Value>],
    /// A partitioned table's: the partitions its predicates keep.
    pub parts: Option<&'a crate::exec::row_source::part_state::PartScan>,
}

impl TableRef<'_> {
    /// A `FULL(alias)` hint.
    pub fn full_hint(&self) -> bool {
        self.q.hints.iter().any(|h| matches!(h, Hint::Full(a) if a.name == self.alias))
    }

    /// An `INDEX(alias [index])` (or `INDEX_DESC`) hint: `Some(None)` for
    /// any index.
    pub fn index_hint(&self) -> Option<Option<&str>> {
        self.q.hints.iter().find_map(|h| match h {
            Hint::Index { alias: a, index } | Hint::IndexWay { alias: a, index, way: IndexWay::Desc }
                if a.name == self.alias =>
            {
                Some(index.as_ref().map(|i| i.name.as_str()))
            }
            _ => None,
        })
    }

    /// Whether a hint of kind `way` for this table names `ix` (or names
    /// no index, meaning any).
    pub fn way_hinted(&self, ix: &crate::catalog::Index, way: IndexWay) -> bool {
        self.q.hints.iter().any(|h| {
            matches!(h, Hint::IndexWay { alias: a, index, way: w }
                if *w == way && a.name == self.alias && index.as_ref().is_none_or(|i| i.name == ix.name))
        })
    }

    /// Whether the chosen `path` is an index scan that an `INDEX_DESC`
    /// hint asks to run descending.
    pub fn scan_desc(&self, path: &AccessPath) -> bool {
        match path {
            AccessPath::IndexRange { index, .. } | AccessPath::IndexFull { index, .. } => {
                self.way_hinted(&self.cat.indexes[*index], IndexWay::Desc)
            }
            _ => false,
        }
    }

    /// Where the `INDEX` hint is (for a refusal of it).
    pub fn index_hint_pos(&self) -> Pos {
        self.q
            .hints
            .iter()
            .find_map(|h| match h {
                Hint::Index { alias: a, index } if a.name == self.alias => {
                    Some(index.as_ref().map_or(a.pos, |i| i.pos))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Whether `ix` is the one an `INDEX` hint asks for.
    pub fn hinted(&self, ix: &crate::catalog::Index) -> bool {
        match self.index_hint() {
            Some(None) => true,
            Some(Some(n)) => n == ix.name,
            None => false,
        }
    }

    /// Whether the optimizer may use `ix`: live, no `NO_INDEX` hint names
    /// it, and (partitioned) none of its partitions UNUSABLE (Oracle may
    /// still use it when pruning keeps only usable ones; the lab does not).
    pub fn usable(&self, ix: &crate::catalog::Index) -> bool {
        let parts_usable = ix.parts().is_none_or(|p| p.children.iter().all(|&c| !self.cat.indexes[c].unusable));
        ix.for_optimizer() && parts_usable && !self.way_hinted(ix, IndexWay::No)
    }

    /// The table's usable indexes, the primary key's first, then by id.
    pub fn indexes(&self) -> Vec<IndexId> {
        let pk_index = self.pk_index();
        let mut cands: Vec<IndexId> =
            self.t.indexes.iter().copied().filter(|i| self.usable(&self.cat.indexes[*i])).collect();
        cands.sort_by_key(|i| (Some(*i) != pk_index, *i));
        cands
    }

    /// Index `index`'s statistics as this reference costs it: a local
    /// index pruned at parse time to one partition, that partition's (as
    /// the table's are that partition's); another partitioned index, its
    /// global ones (`Catalog::part_index_figures`).
    pub fn index_figures(&self, index: IndexId) -> crate::catalog::IndexFigures {
        let ix = &self.cat.indexes[index];
        match (ix.parts(), self.parts) {
            (Some(ps), Some(sc)) if ps.local && sc.kept.len() == 1 && !sc.pstart.starts_with("KEY") => {
                self.cat.part_index_figures(index, Some(&sc.kept))
            }
            (Some(_), _) => self.cat.part_index_figures(index, None),
            (None, _) => self.cat.index_figures(index),
        }
    }

    pub fn pk_index(&self) -> Option<IndexId> {
        self.t.pk.as_ref().map(|p| p.1)
    }

    /// The table's bytes per row in a plan: the average lengths of the
    /// columns the block reads of it (AVG_ROW_LEN less the row header when
    /// that cannot be told).
    pub fn row_bytes(&self) -> f64 {
        match self.referenced {
            None => self.stats.avg_row_len as f64 - 3.0,
            Some(names) => referenced_bytes(self.t, &self.stats.avg_col_len, names),
        }
    }

    /// The highest column position (1-based) the block reads of this
    /// table: every column when that cannot be told, 0 for none.
    pub fn last_column(&self) -> usize {
        match self.referenced {
            None => self.t.columns.len(),
            Some(names) => {
                self.t.columns.iter().rposition(|c| names.contains(&c.name.to_ascii_uppercase())).map_or(0, |i| i + 1)
            }
        }
    }

    /// Column `col`'s optimizer statistics: gathered ones, else computed
    /// from the rows (as the block's filters are costed).
    pub fn column_stats(&self, col: usize) -> crate::catalog::ColumnStats {
        match self.stats.columns.get(col) {
            Some(c) if self.stats.gathered => c.clone(),
            _ => self.t.column_stats(col),
        }
    }

    pub fn is_heap(&self) -> bool {
        matches!(self.t.storage, crate::catalog::TableStorage::Heap { .. })
    }
}

/// The order paths are preferred in (see the module note).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    MinMax,
    StorageKey,
    UniqueKey,
    EqualityPrefix,
    Range,
    SkipScan,
    HintedFullIndex,
    FastFull,
    FullScan,
}

/// How a candidate fares against the full scan at an equal cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beats {
    Always,
    /// It wins the tie.
    OrTies,
    /// It loses it.
    Strictly,
}

/// What to build for a candidate (`exec/plan/access.rs`).
#[derive(Debug, Clone)]
pub enum AccessPath {
    /// TABLE ACCESS FULL.
    FullScan,
    /// INDEX FULL|RANGE SCAN (MIN/MAX), under FIRST ROW when ranged or
    /// filtered (`filter`: `col IS NOT NULL`).
    MinMax { index: IndexId, low: Option<(CExpr, bool)>, high: Option<(CExpr, bool)>, max: bool, filter: Vec<CExpr> },
    /// INDEX UNIQUE SCAN of an index-organized table's primary key.
    IotUnique { index: IndexId, keys: Vec<CExpr> },
    /// TABLE ACCESS HASH of a hash cluster's key.
    HashCluster { key: CExpr, key_col: usize },
    /// INDEX UNIQUE SCAN [READ OPTIM], under TABLE ACCESS BY INDEX ROWID
    /// unless the index answers alone.
    IndexUnique { index: IndexId, keys: Vec<CExpr>, read_optim: bool, index_only: bool, index_cost: f64 },
    /// INDEX RANGE SCAN (an equality prefix, or bounds on the leading
    /// column), under TABLE ACCESS BY INDEX ROWID unless index only.
    IndexRange {
        index: IndexId,
        keys: Vec<CExpr>,
        low: Option<(CExpr, bool)>,
        high: Option<(CExpr, bool)>,
        index_only: bool,
        index_cost: f64,
    },
    /// INDEX SKIP SCAN [DESCENDING]: `keys` bind the index columns after
    /// the leading one; ANDV probes (the leading column's NDV).
    IndexSkip { index: IndexId, keys: Vec<CExpr>, index_only: bool, index_cost: f64, andv: f64, desc: bool },
    /// BITMAP INDEX SINGLE VALUE (`keys`) or RANGE SCAN (bounds), under
    /// BITMAP CONVERSION TO ROWIDS and TABLE ACCESS BY INDEX ROWID
    /// BATCHED unless index only.
    Bitmap {
        index: IndexId,
        keys: Vec<CExpr>,
        low: Option<(CExpr, bool)>,
        high: Option<(CExpr, bool)>,
        index_only: bool,
        index_cost: f64,
        /// `count(*)` alone over the index: BITMAP CONVERSION COUNT.
        counted: bool,
    },
    /// BITMAP AND (or OR, `or`) of two or more bitmap index legs, a
    /// range leg under BITMAP MERGE, under BITMAP CONVERSION TO ROWIDS
    /// (or COUNT) and TABLE ACCESS BY INDEX ROWID BATCHED unless index
    /// only (`bitmap_combine.rs`).
    BitmapCombine { or: bool, legs: Vec<BitmapLeg>, index_only: bool, counted: bool },
    /// INDEX FULL SCAN, under TABLE ACCESS BY INDEX ROWID unless it covers.
    IndexFull { index: IndexId, covers: bool, index_cost: f64 },
    /// INDEX FAST FULL SCAN.
    IndexFastFull { index: IndexId },
    /// A hint the lab cannot follow: refused if this candidate wins.
    Refused(LabError),
}

impl AccessPath {
    /// Whether the lab's row sources can take this path through a
    /// partitioned index (an INDEX RANGE, UNIQUE or FULL SCAN, partition
    /// by partition); a path on any other index can be taken.
    pub fn fits_partitioned(&self, cat: &Catalog) -> bool {
        let on = |i: &IndexId| cat.indexes[*i].parts().is_none();
        match self {
            AccessPath::MinMax { index, .. }
            | AccessPath::IndexSkip { index, .. }
            | AccessPath::Bitmap { index, .. }
            | AccessPath::IndexFastFull { index } => on(index),
            AccessPath::BitmapCombine { legs, .. } => legs.iter().all(|l| on(&l.index)),
            _ => true,
        }
    }
}

/// One bitmap index scan of a BITMAP AND / OR / MINUS: an equality
/// (`keys`, BITMAP INDEX SINGLE VALUE), the NULL key (`nulls`), or bounds
/// (BITMAP INDEX RANGE SCAN under BITMAP MERGE); on a B-tree index, an
/// INDEX RANGE SCAN of the whole key under BITMAP CONVERSION FROM ROWIDS.
#[derive(Debug, Clone)]
pub struct BitmapLeg {
    pub index: IndexId,
    pub keys: Vec<CExpr>,
    pub low: Option<(CExpr, bool)>,
    pub high: Option<(CExpr, bool)>,
    /// The share of the rows the scan reads (of a `minus` leg: the
    /// share it takes away).
    pub sel: f64,
    pub index_io: f64,
    pub consumes: Vec<usize>,
    /// Its bitmap is taken away (BITMAP MINUS) from the others'.
    pub minus: bool,
    /// It reads the NULL key (`col IS NULL`).
    pub nulls: bool,
}

/// One costed way to reach a table reference's rows.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub path: AccessPath,
    pub tier: Tier,
    /// The plan's Cost, E-Rows and Bytes of its top line.
    pub cost: f64,
    /// The Cost before rounding (I/O plus CPU in single-block reads):
    /// what the optimizer compares, as Oracle compares its unrounded
    /// costs (two paths printed at 4 are 4.005 and 4.012).
    pub exact: f64,
    pub card: f64,
    pub bytes: Option<f64>,
    /// The conjuncts it uses as access predicates.
    pub consumes: Vec<usize>,
    /// A hint asks for it (or a unique or hash cluster key is bound): it
    /// wins whatever it costs.
    pub forced: bool,
    pub beats: Beats,
    /// Why it is a candidate (for a 10053-style list of those considered).
    pub why: &'static str,
    /// Its cost's parts as the 10053 trace prints them: I/O in
    /// single-block reads (the index's share apart) and CPU cycles; the
    /// index selectivity of an index path. A path costed without a CPU
    /// part (a bound unique key) has its cost as I/O.
    pub io: f64,
    pub index_io: f64,
    pub cpu: f64,
    pub ix_sel: Option<f64>,
}

impl Candidate {
    pub fn new(path: AccessPath, tier: Tier, (cost, card, bytes): (f64, f64, Option<f64>), why: &'static str) -> Self {
        Candidate {
            path,
            tier,
            cost,
            exact: cost,
            card,
            bytes,
            consumes: Vec::new(),
            forced: false,
            beats: Beats::Always,
            why,
            io: cost,
            index_io: 0.0,
            cpu: 0.0,
            ix_sel: None,
        }
    }

    /// Its I/O (single-block reads) and CPU (cycles) parts.
    pub fn parts(mut self, io: f64, cpu: f64) -> Self {
        self.io = io;
        self.cpu = cpu;
        self
    }

    /// An index path's selectivity and the index's own I/O.
    pub fn index_part(mut self, ix_sel: f64, index_io: f64) -> Self {
        self.ix_sel = Some(ix_sel);
        self.index_io = index_io;
        self
    }

    /// The unrounded cost (`cost` is its printed rounding).
    pub fn exact(mut self, exact: f64) -> Self {
        self.exact = exact;
        self
    }

    pub fn consumes(mut self, cis: Vec<usize>) -> Self {
        self.consumes = cis;
        self
    }

    pub fn forced(mut self, forced: bool) -> Self {
        self.forced = forced;
        self
    }

    pub fn beats(mut self, beats: Beats) -> Self {
        self.beats = beats;
        self
    }
}

/// Whether `ix` holds every column of `t` that the block mentions.
pub fn index_covers(referenced: &Option<HashSet<String>>, t: &Table, ix: &crate::catalog::Index) -> bool {
    let Some(names) = referenced else { return false };
    t.columns.iter().enumerate().all(|(i, c)| ix.columns.contains(&i) || !names.contains(&c.name.to_ascii_uppercase()))
}

/// The average column lengths (`avg_col_len`, by column) of `t`'s columns
/// named in `names`: the bytes a plan line carries of the table (Oracle
/// counts the columns a line projects, not the row).
pub fn referenced_bytes(t: &Table, avg_col_len: &[u32], names: &HashSet<String>) -> f64 {
    let named = |c: &crate::catalog::Column| names.contains(&c.name.to_ascii_uppercase());
    t.columns.iter().zip(avg_col_len).filter(|(c, _)| named(c)).map(|(_, l)| f64::from(*l)).sum()
}
