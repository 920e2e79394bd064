//! Partitioned tables: the partitioning of a table (method, key
//! column, partitions), each partition its own heap segment with its own
//! extents, high-water mark, OBJECT_ID and DATA_OBJECT_ID, and the routing
//! of a row to its partition.
//!
//! The table keeps one row store and one numbering of its rows (the
//! expressions, index entries and undo records name a row by its number
//! in the table); `row_part` says which partition each row is in, and the
//! row's `RowLoc` is its block and slot in that partition's segment.
//!
//! Routing, as Oracle documents it:
//! - RANGE: the first partition (in bound order) whose `VALUES LESS THAN`
//!   bound is above the key; a NULL key sorts above every value and goes
//!   to the MAXVALUE partition; none: ORA-14400.
//! - LIST: the partition whose value list holds the key (a NULL key the
//!   one listing NULL), else the DEFAULT partition; none: ORA-14400.
//! - HASH: a hash of the key, mapped onto the partitions by Oracle's
//!   linear-hashing rule (the Oracle documentation's "powers of two" advice
//!   follows from it): with 2^k the smallest power of two at or above the
//!   number of partitions N, bucket = hash mod 2^k, and a bucket at or above
//!   N folds onto bucket mod 2^(k-1). The hash function itself is the lab's
//!   (FNV-1a over the key's stored bytes): Oracle's is not published, so
//!   which partition a given key lands in is an assumption; the spread
//!   (even for a power of two, the middle partitions twice the others
//!   otherwise) is the rule's.

use super::stamp::ObjStamp;

/// A segment's number (as `super::SegId`).
type SegId = u32;
use crate::storage::HeapSegment;
use crate::value::Value;
use lio_sql::number::Number;
use std::cmp::Ordering;

/// Oracle's most partitions of a table: the last partition number of an
/// interval-partitioned table (its Pstop when the plan reads to the end).
pub const MAX_PARTITIONS: u32 = 1_048_575;

/// An interval: a NUMBER (a NUMBER key), whole months
/// (NUMTOYMINTERVAL) or whole seconds (NUMTODSINTERVAL) of a DATE key.
#[derive(Debug, Clone, PartialEq)]
pub enum Interval {
    Number(Number),
    Months(i64),
    Seconds(i64),
}

impl Interval {
    /// As USER_PART_TABLES.INTERVAL shows it (the lab writes it from its
    /// value, not the text typed: `NUMTOYMINTERVAL(1,'MONTH')`).
    pub fn text(&self) -> String {
        match self {
            Interval::Number(n) => n.to_string(),
            Interval::Months(m) if m % 12 == 0 => format!("NUMTOYMINTERVAL({},'YEAR')", m / 12),
            Interval::Months(m) => format!("NUMTOYMINTERVAL({m},'MONTH')"),
            Interval::Seconds(s) if s % 86_400 == 0 => format!("NUMTODSINTERVAL({},'DAY')", s / 86_400),
            Interval::Seconds(s) => format!("NUMTODSINTERVAL({s},'SECOND')"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartMethod {
    Range,
    List,
    Hash,
}

impl PartMethod {
    /// As USER_PART_TABLES.PARTITIONING_TYPE and the plan lines name it.
    pub fn name(self) -> &'static str {
        match self {
            PartMethod::Range => "RANGE",
            PartMethod::List => "LIST",
            PartMethod::Hash => "HASH",
        }
    }
}

/// A partition's bound.
#[derive(Debug, Clone, PartialEq)]
pub enum PartBound {
    /// `VALUES LESS THAN (v)`; None is MAXVALUE.
    Less(Option<Value>),
    /// `VALUES (v, ...)` (NULL may be one of them).
    List(Vec<Value>),
    /// `VALUES (DEFAULT)`.
    Default,
    Hash,
}

/// A partition's optimizer statistics (USER_TAB_PARTITIONS).
#[derive(Debug, Clone, Default)]
pub struct PartStats {
    pub num_rows: u64,
    pub blocks: u64,
    pub avg_row_len: u32,
    pub gathered: bool,
    pub analyzed: Option<crate::date::Date>,
}

#[derive(Debug, Clone)]
pub struct Partition {
    pub name: String,
    pub bound: PartBound,
    /// The bound as USER_TAB_PARTITIONS.HIGH_VALUE prints it.
    pub high_value: String,
    pub stamp: ObjStamp,
    /// None while its segment is deferred (created by its first row).
    pub seg: Option<SegId>,
    pub heap: HeapSegment,
    pub tablespace: Option<String>,
    pub stats: PartStats,
    /// DATA_OBJECT_ID after a TRUNCATE PARTITION (None: the OBJECT_ID).
    pub data_id: Option<u32>,
    /// An interval partition's place in the interval section (k: it holds
    /// the keys from the transition point plus k-1 intervals to the point
    /// plus k); 0 for a partition declared in the range section.
    pub seq: u32,
}

impl Partition {
    /// DATA_OBJECT_ID: the number in its rows' ROWIDs.
    pub fn data_object_id(&self) -> u32 {
        self.data_id.unwrap_or(self.stamp.id)
    }

    /// BLOCKS: the header and the data blocks in use.
    pub fn blocks(&self) -> u64 {
        if self.seg.is_some() {
            1 + self.heap.data_blocks() as u64
        } else {
            0
        }
    }

    /// The blocks below the high-water mark, the segment header and the
    /// ASSM bitmap blocks included (what its extents hold).
    pub fn segment_blocks(&self) -> u64 {
        if self.seg.is_some() {
            crate::storage::assm::hwm_blocks(self.heap.data_blocks() as u64, self.heap.block_size as u64)
        } else {
            0
        }
    }
}

#[derive(Debug, Clone)]
pub struct Partitioning {
    pub method: PartMethod,
    /// The partition key column.
    pub key: usize,
    /// `INTERVAL (...)` of a range-partitioned table: an insert creates
    /// the partition its key needs (SYS_Pn, n its OBJECT_ID).
    pub interval: Option<Interval>,
    pub parts: Vec<Partition>,
    /// The partition of each row of the table (as `Table::loc`).
    pub row_part: Vec<u16>,
    /// Composite partitioning: the partitions above `parts`, which are
    /// then the subpartitions (`partition_composite.rs`).
    pub sub: Option<Box<Subparts>>,
}

impl Partitioning {
    /// The partition a key goes to (None: ORA-14400); of a one-level
    /// table (a composite table's rows route by `route_row`).
    pub fn route(&self, key: &Value) -> Option<usize> {
        if self.interval.is_some() {
            if key.is_null() {
                return None;
            }
            if let Some(k) = self.interval_seq(key) {
                return self.parts.iter().position(|p| p.seq as u64 == k);
            }
        }
        match self.method {
            PartMethod::Range => self.parts.iter().position(|p| match &p.bound {
                PartBound::Less(None) => true,
                PartBound::Less(Some(b)) => !key.is_null() && key.cmp_sql(b) == Ordering::Less,
                _ => false,
            }),
            PartMethod::List => self
                .parts
                .iter()
                .position(|p| match &p.bound {
                    PartBound::List(vs) => vs.iter().any(|v| same_key(v, key)),
                    _ => false,
                })
                .or_else(|| self.parts.iter().position(|p| p.bound == PartBound::Default)),
            PartMethod::Hash => Some(hash_bucket(hash_key(key), self.parts.len())),
        }
    }

    /// The partitions, in position order, whose keys can satisfy `op`
    /// against `v` (the lab's pruning of a range or list table on a
    /// comparison; a hash table prunes on equality only).
    pub fn matching(&self, op: Cmp, v: &Value) -> Vec<u16> {
        if let Some(s) = &self.sub {
            // Composite: the subpartitions of the partitions the key keeps.
            return s.segments_of(&s.top.matching(op, v));
        }
        let all = || (0..self.parts.len() as u16).collect::<Vec<_>>();
        if v.is_null() {
            return Vec::new();
        }
        match (self.method, op) {
            (_, Cmp::Eq) => self.route(v).map(|p| vec![p as u16]).unwrap_or_default(),
            (PartMethod::Hash, _) => all(),
            (PartMethod::List, _) => (0..self.parts.len())
                .filter(|&i| match &self.parts[i].bound {
                    PartBound::List(vs) => vs.iter().any(|x| !x.is_null() && op.holds(x.cmp_sql(v))),
                    _ => true,
                })
                .map(|i| i as u16)
                .collect(),
            (PartMethod::Range, _) => {
                // Partition i holds [bound(i-1), bound(i)) (an interval
                // partition, its own interval).
                let mut out = Vec::new();
                for (i, p) in self.parts.iter().enumerate() {
                    let high = match &p.bound {
                        PartBound::Less(b) => b.as_ref(),
                        _ => None,
                    };
                    let low = self.low_bound(i);
                    let low = low.as_ref();
                    let keep = match op {
                        Cmp::Lt => low.is_none_or(|l| l.cmp_sql(v) == Ordering::Less),
                        Cmp::Le => low.is_none_or(|l| l.cmp_sql(v) != Ordering::Greater),
                        Cmp::Gt => high.is_none_or(|h| h.cmp_sql(v) == Ordering::Greater),
                        // key >= v: some key below `high` is at or above v.
                        Cmp::Ge => high.is_none_or(|h| h.cmp_sql(v) == Ordering::Greater),
                        Cmp::Eq => unreachable!(),
                    };
                    if keep {
                        out.push(i as u16);
                    }
                }
                out
            }
        }
    }

    /// Partition `name`'s position.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.parts.iter().position(|p| p.name == name)
    }
}

/// A composite table's partitions above its subpartitions.
#[derive(Debug, Clone)]
pub struct Subparts {
    /// The subpartition key column.
    pub key: usize,
    /// The partitions as declared (method and key the table's): bounds,
    /// names, OBJECT_IDs; no segment and no rows.
    pub top: Box<Partitioning>,
    /// One partition's subpartitions as routing and pruning see them: a
    /// HASH partitioning on the subpartition key into the count of
    /// subpartitions each partition has (no rows, no segments).
    pub template: Box<Partitioning>,
    /// Where each partition's subpartitions start among the table's
    /// segments; one entry more, their total.
    pub first: Vec<usize>,
}

impl Subparts {
    /// The subpartitions of each partition.
    pub fn count(&self) -> usize {
        self.template.parts.len()
    }

    /// The segments of partitions `tops`, in position order.
    pub fn segments_of(&self, tops: &[u16]) -> Vec<u16> {
        tops.iter().flat_map(|&p| self.first[p as usize] as u16..self.first[p as usize + 1] as u16).collect()
    }

    /// The partition segment `i` is in, and its place there (0-based).
    pub fn top_of(&self, i: usize) -> (usize, usize) {
        let p = self.first.partition_point(|&f| f <= i).saturating_sub(1);
        (p, i - self.first[p])
    }
}

/// A comparison of the key with a value (`key op v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    /// Whether `key op v` holds when key compares to v as `o`.
    fn holds(self, o: Ordering) -> bool {
        match self {
            Cmp::Eq => o == Ordering::Equal,
            Cmp::Lt => o == Ordering::Less,
            Cmp::Le => o != Ordering::Greater,
            Cmp::Gt => o == Ordering::Greater,
            Cmp::Ge => o != Ordering::Less,
        }
    }
}

/// A list value matches a key: equal, or both NULL.
fn same_key(v: &Value, key: &Value) -> bool {
    (v.is_null() && key.is_null()) || v.sql_eq(key)
}

/// The lab's hash of a partition key: FNV-1a over its stored bytes (a
/// number's canonical text, a string's bytes, a date's position).
pub fn hash_key(key: &Value) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: &[u8]| {
        for &x in b {
            h ^= x as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    match key {
        Value::Null => eat(&[0xff]),
        Value::Num(n) => eat(n.to_string().as_bytes()),
        Value::Str(s) => eat(s.as_bytes()),
        Value::Date(d) => eat(&d.julian_position().to_bits().to_le_bytes()),
    }
    h
}

/// Oracle's linear-hashing map of a hash value onto `n` partitions.
pub fn hash_bucket(h: u64, n: usize) -> usize {
    let n = n.max(1) as u64;
    let pow = n.next_power_of_two();
    let b = h & (pow - 1);
    (if b >= n { h & (pow / 2 - 1) } else { b }) as usize
}

/// What an index is in a partitioned scheme: a partitioned index (its
/// partitions) or one partition of one.
#[derive(Debug, Clone)]
pub enum IndexPart {
    Parent(IndexParts),
    Child(PartOf),
}

/// A partitioned index (`CREATE INDEX ... LOCAL` or `GLOBAL PARTITION
/// BY`). Each index partition is an [`super::Index`] of its own in the
/// catalog (its tree, its segment, its OBJECT_ID), not in its table's
/// index list: DML reaches it through its parent ([`super::Catalog::
/// index_target`]), a scan through the plan's kept partitions.
#[derive(Debug, Clone)]
pub struct IndexParts {
    /// LOCAL: one index partition per table partition, in the table's
    /// partition order and partitioned as the table is.
    pub local: bool,
    /// A global partitioned index's own partitioning (its key the
    /// table's column the index leads with; its partitions hold no rows,
    /// only bounds and names). None for LOCAL (the table's).
    pub scheme: Option<Box<Partitioning>>,
    /// The index partitions, in position order (a composite table's
    /// LOCAL index: its subpartitions, as the table's segments).
    pub children: Vec<usize>,
    /// A composite table's LOCAL index: its partitions above `children`
    /// (no segment; names, bounds and OBJECT_IDs), as the table's
    /// partitions; empty otherwise.
    pub tops: Vec<IndexTop>,
}

/// A composite LOCAL index's partition: its subpartitions are
/// `IndexParts::children`, its table partition's range.
#[derive(Debug, Clone)]
pub struct IndexTop {
    pub name: String,
    pub tablespace: Option<String>,
    pub high_value: String,
    pub stamp: ObjStamp,
}

/// One index partition: its parent index, its name, its tablespace, and
/// whether it is UNUSABLE.
#[derive(Debug, Clone)]
pub struct PartOf {
    pub parent: usize,
    pub name: String,
    pub tablespace: Option<String>,
    pub high_value: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_hashing_folds_the_high_buckets() {
        // 4 partitions: every bucket its own.
        assert_eq!((0..4).map(|h| hash_bucket(h, 4)).collect::<Vec<_>>(), [0, 1, 2, 3]);
        // 3 partitions: bucket 3 (of 4) folds onto bucket 1.
        assert_eq!((0..8).map(|h| hash_bucket(h, 3)).collect::<Vec<_>>(), [0, 1, 2, 1, 0, 1, 2, 1]);
        // 5 partitions: buckets 5..7 (of 8) fold onto 1..3.
        assert_eq!((0..8).map(|h| hash_bucket(h, 5)).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 1, 2, 3]);
        assert_eq!(hash_bucket(12345, 1), 0);
    }
}
