//! Optimizer statistics beyond the table's own figures: each column's
//! (NUM_DISTINCT, NUM_NULLS, low and high values) and the system
//! statistics (SYS.AUX_STATS$) with their defaults. `optimizer/` reads
//! them (`optimizer::cost` costs with them); nothing here imports it.

use super::rows::Cell;
use crate::value::Value;

mod prefs;
pub use prefs::{clustering_factor, CachedBlocks, StatsPrefs};

/// Noworkload system statistics (10g+ defaults, `SYS.AUX_STATS$`): the
/// seek time of one read (ms) and the transfer speed (bytes per ms).
pub const IOSEEKTIM: f64 = 10.0;
pub const IOTFRSPEED: f64 = 4096.0;
/// CPUSPEEDNW: the CPU speed (millions of the optimizer's cycles a second)
/// Oracle measures at startup, so machine-dependent. The lab's machine is
/// the one of its seed article (Randolf Geist, "Logical I/O Evolution -
/// Part 3: 11g", 11.2.0.1): a full scan of 10,000 blocks and 100,000 rows
/// reading two columns costs 2720 there, 2710 of it I/O; the other 10 are
/// 88,214,400 cycles (below) at SREADTIM 12: 88,214,400 / (10 * 12 * 1000)
/// = 735.12. `DBMS_STATS.SET_SYSTEM_STATS('CPUSPEEDNW', n)` sets another.
pub const CPUSPEEDNW: f64 = 735.12;

/// A column's optimizer statistics: NUM_DISTINCT, NUM_NULLS and the low
/// and high values as the optimizer compares them (numbers as they are,
/// strings by their leading bytes: [`text_position`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ColumnStats {
    pub ndv: u64,
    pub nulls: u64,
    pub low: Option<f64>,
    pub high: Option<f64>,
    /// The histogram DBMS_STATS built on it (`method_opt`), if any.
    pub hist: Option<std::sync::Arc<super::histogram::Histogram>>,
    /// The lowest and highest values themselves (strings in byte order),
    /// for LOW_VALUE and HIGH_VALUE (`session/dictionary.rs` prints them).
    pub low_value: Option<crate::value::Value>,
    pub high_value: Option<crate::value::Value>,
    /// DBMS_STATS.SET_COLUMN_STATS set them (USER_TAB_COL_STATISTICS.
    /// USER_STATS YES) until the column is gathered or deleted.
    pub user_set: bool,
}

/// A string's place on the low..high line: its first 15 bytes as a
/// base-256 fraction scaled to 256^15 (what a double keeps of it is the
/// first six or seven bytes, as Oracle's ENDPOINT_VALUE).
pub fn text_position(b: &[u8]) -> f64 {
    let mut x = 0.0f64;
    for i in 0..15 {
        x = x * 256.0 + f64::from(b.get(i).copied().unwrap_or(0));
    }
    x
}

/// The system statistics (SYS.AUX_STATS$): noworkload ones always;
/// workload ones (SREADTIM, MREADTIM, MBRC, CPUSPEED) once set, used when
/// SREADTIM, MREADTIM and MBRC all are.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SystemStats {
    pub cpuspeednw: f64,
    pub ioseektim: f64,
    pub iotfrspeed: f64,
    pub sreadtim: Option<f64>,
    pub mreadtim: Option<f64>,
    pub mbrc: Option<f64>,
    pub cpuspeed: Option<f64>,
}

impl Default for SystemStats {
    fn default() -> Self {
        SystemStats {
            cpuspeednw: CPUSPEEDNW,
            ioseektim: IOSEEKTIM,
            iotfrspeed: IOTFRSPEED,
            sreadtim: None,
            mreadtim: None,
            mbrc: None,
            cpuspeed: None,
        }
    }
}

impl SystemStats {
    /// `DBMS_STATS.SET_SYSTEM_STATS(pname, pvalue)`: false for a name it
    /// does not have (ORA-20001 then).
    pub fn set(&mut self, pname: &str, v: f64) -> bool {
        match pname.to_ascii_uppercase().as_str() {
            "CPUSPEEDNW" => self.cpuspeednw = v,
            "IOSEEKTIM" => self.ioseektim = v,
            "IOTFRSPEED" => self.iotfrspeed = v,
            "SREADTIM" => self.sreadtim = Some(v),
            "MREADTIM" => self.mreadtim = Some(v),
            "MBRC" => self.mbrc = Some(v),
            "CPUSPEED" => self.cpuspeed = Some(v),
            _ => return false,
        }
        true
    }
}

/// The distinct values of a column as 11g's approximate NDV counts them:
/// the value hashes whose top `level` bits are zero, at most 16,384 kept
/// (exact below that; each time it fills, one more bit halves it).
#[derive(Default)]
pub struct Synopsis {
    /// The kept hashes (already SipHash values: the set hashes them again
    /// with the cheap Fx hash; what it holds does not depend on that).
    seen: crate::fasthash::FxSet<u64>,
    level: u32,
    mask: u64,
}

impl Synopsis {
    const SIZE: usize = 16_384;

    pub fn add(&mut self, h: u64) {
        if h & self.mask == 0 && self.seen.insert(h) && self.seen.len() > Self::SIZE {
            self.level += 1;
            self.mask = u64::MAX << (64 - self.level);
            let mask = self.mask;
            self.seen.retain(|x| x & mask == 0);
        }
    }

    /// A string value, by its bytes.
    pub fn add_text(&mut self, bytes: &[u8]) {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut h);
        self.add(h.finish());
    }

    /// A number or a date, by its position on the line.
    pub fn add_position(&mut self, pos: f64) {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        pos.to_bits().hash(&mut h);
        self.add(h.finish());
    }

    /// The estimate: the hashes kept, times 2^level.
    pub fn ndv(&self) -> u64 {
        (self.seen.len() as u64) << self.level
    }
}

/// An index's optimizer statistics: BLEVEL, LEAF_BLOCKS, DISTINCT_KEYS,
/// CLUSTERING_FACTOR and NUM_ROWS, read from the index itself unless
/// `DBMS_STATS.SET_INDEX_STATS` set them ([`IndexStatsSet`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IndexFigures {
    pub blevel: u32,
    pub leaf_blocks: f64,
    pub distinct_keys: f64,
    pub clustering_factor: f64,
    pub num_rows: f64,
    /// Whether any figure is one DBMS_STATS set (the 10053 trace says so).
    pub set: bool,
}

/// AVG_LEAF_BLOCKS_PER_KEY (`figure` LEAF_BLOCKS) or
/// AVG_DATA_BLOCKS_PER_KEY (CLUSTERING_FACTOR) as a gather or CREATE
/// INDEX stores them: the figure over DISTINCT_KEYS (Antognini,
/// Troubleshooting Oracle Performance, formulas 8-2 and 8-3), its whole
/// part, never below 1 once there is a block to count. The Reference says
/// "rounded to the nearest integer", but published traces truncate:
/// Martin Preiss's 11.2 10053 trace prints LB/K 2 for 2,894 leaf blocks
/// over 1,000 keys (2.894), a 19c one DB/K 1 for CLUF 154 over 100 keys;
/// Antognini's T_PK (2 leaf blocks, 1,000 keys) prints 1, T_VAL2_I (175 /
/// 6 = 29.2) 29. 0 for an empty index, and for an IOT's clustering factor
/// (0).
pub fn per_key(figure: f64, distinct_keys: f64) -> f64 {
    if figure <= 0.0 || distinct_keys <= 0.0 {
        return 0.0;
    }
    (figure / distinct_keys).floor().max(1.0)
}

/// What `DBMS_STATS.SET_INDEX_STATS` set (None: the index's own figure):
/// INDLEVEL, NUMLBLKS, NUMDIST, CLSTFCT, NUMROWS; AVGLBLK and AVGDBLK
/// (the dictionary's AVG_LEAF/DATA_BLOCKS_PER_KEY: the optimizer costs
/// with the others).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct IndexStatsSet {
    pub blevel: Option<u32>,
    pub leaf_blocks: Option<f64>,
    pub distinct_keys: Option<f64>,
    pub clustering_factor: Option<f64>,
    pub num_rows: Option<f64>,
    pub avg_leaf_per_key: Option<f64>,
    pub avg_data_per_key: Option<f64>,
}

/// The statistics DBMS_STATS set or locked by hand: the index figures
/// SET_INDEX_STATS gave (by index id), and the tables (by id)
/// LOCK_TABLE_STATS locked.
#[derive(Debug, Clone, Default)]
pub struct StatsSet {
    pub index: std::collections::BTreeMap<usize, IndexStatsSet>,
    pub locked: std::collections::BTreeSet<usize>,
    /// DBMS_STATS' preferences (TABLE_CACHED_BLOCKS).
    pub prefs: StatsPrefs,
    /// The clustering factor a gather counted with TABLE_CACHED_BLOCKS
    /// above 1 (by index id): it stands until the next gather, as
    /// Oracle's dictionary figure does (with 1, the index's own count,
    /// kept as the index changes, is the figure).
    pub gathered_cf: std::collections::BTreeMap<usize, f64>,
}

impl IndexFigures {
    /// CLUSTERING_FACTOR as the dictionary (and the 10053 trace's CLUF)
    /// shows it: 0 for an IOT's top index, whose rows are in it.
    pub fn dictionary_cf(&self, bt: &crate::storage::BTree) -> f64 {
        if bt.holds_rows {
            0.0
        } else {
            self.clustering_factor
        }
    }
}

impl StatsSet {
    /// Index `id`'s optimizer statistics: those SET_INDEX_STATS set, else
    /// the index's own (its structure, as a gather would find it).
    pub fn index_figures(&self, id: usize, bt: &crate::storage::BTree) -> IndexFigures {
        let own = IndexFigures {
            blevel: bt.blevel(),
            leaf_blocks: bt.leaf_count() as f64,
            distinct_keys: bt.distinct_keys() as f64,
            clustering_factor: self.gathered_cf.get(&id).copied().unwrap_or(bt.clustering_factor as f64),
            num_rows: bt.len() as f64,
            set: false,
        };
        match self.index.get(&id) {
            None => own,
            Some(s) => IndexFigures {
                blevel: s.blevel.unwrap_or(own.blevel),
                leaf_blocks: s.leaf_blocks.unwrap_or(own.leaf_blocks),
                distinct_keys: s.distinct_keys.unwrap_or(own.distinct_keys),
                clustering_factor: s.clustering_factor.unwrap_or(own.clustering_factor),
                num_rows: s.num_rows.unwrap_or(own.num_rows),
                set: true,
            },
        }
    }
}

/// Column `col`'s statistics from the live rows (`loc` marks the dead
/// ones), in one pass (NDV as 11g's approximate NDV counts it).
pub fn column_stats(rows: &super::rows::RowStore, loc: &[crate::storage::RowLoc], col: usize) -> ColumnStats {
    let mut seen = Synopsis::default();
    let (mut st, mut values) = (ColumnStats::default(), 0u64);
    // The lowest and highest cells, borrowed from the store (a value is
    // made of each once, at the end).
    let (mut low, mut high): (Option<Cell<'_>>, Option<Cell<'_>>) = (None, None);
    // Read off the packed records: a string is hashed and placed from
    // its bytes, not copied into a value.
    for (r, _) in rows.iter().zip(loc).filter(|(_, l)| !l.is_dead()) {
        let Some(cell) = r.cell(col) else { continue };
        let x = match cell {
            Cell::Null => {
                st.nulls += 1;
                continue;
            }
            Cell::Num(n) => n.to_f64(),
            Cell::Str(t) => text_position(t.as_bytes()),
            Cell::Date(d) => d.julian_position(),
        };
        values += 1;
        // A string's place keeps 15 bytes: equal places compare by all
        // their bytes.
        use std::cmp::Ordering::{Greater, Less};
        if st.low.is_none_or(|l| x < l || (x == l && text_order(cell, low) == Less)) {
            low = Some(cell);
        }
        if st.high.is_none_or(|h| x > h || (x == h && text_order(cell, high) == Greater)) {
            high = Some(cell);
        }
        st.low = Some(st.low.map_or(x, |l| l.min(x)));
        st.high = Some(st.high.map_or(x, |h| h.max(x)));
        match cell {
            Cell::Str(t) => seen.add_text(t.as_bytes()),
            _ => seen.add_position(x),
        }
    }
    (st.low_value, st.high_value) = (low.map(cell_value), high.map(cell_value));
    // Never more distinct values than non-NULL ones (the estimate can overshoot).
    st.ndv = seen.ndv().min(values);
    st
}

/// Two string cells byte by byte (the order of a column's statistics);
/// anything else Equal.
fn text_order(cell: Cell<'_>, other: Option<Cell<'_>>) -> std::cmp::Ordering {
    match (cell, other) {
        (Cell::Str(a), Some(Cell::Str(b))) => a.as_bytes().cmp(b.as_bytes()),
        _ => std::cmp::Ordering::Equal,
    }
}

fn cell_value(cell: Cell<'_>) -> Value {
    match cell {
        Cell::Null => Value::Null,
        Cell::Num(n) => Value::Num(n),
        Cell::Str(t) => Value::str(t),
        Cell::Date(d) => Value::Date(d),
    }
}
