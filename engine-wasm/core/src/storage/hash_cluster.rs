//! Single-table hash clusters: buckets preallocated by HASHKEYS and SIZE,
//! with overflow blocks chained in insert order.

use super::*;

/// The smallest prime >= n (HASHKEYS rounding).
pub fn next_prime(n: u64) -> u64 {
    fn is_prime(n: u64) -> bool {
        if n < 2 {
            return false;
        }
        if n.is_multiple_of(2) {
            return n == 2;
        }
        let mut d = 3;
        while d * d <= n {
            if n.is_multiple_of(d) {
                return false;
            }
            d += 2;
        }
        true
    }
    let mut c = n.max(2);
    while !is_prime(c) {
        c += 1;
    }
    c
}

/// A single-table hash cluster: HASHKEYS buckets preallocated in blocks of
/// `keys_per_block` buckets; rows go to their bucket's block and overflow
/// into chained blocks when the block is full.
#[derive(Debug, Clone)]
pub struct HashCluster {
    pub block_size: u32,
    pub pctfree: u32,
    pub hashkeys: u64,
    pub size: u32,
    pub keys_per_block: u32,
    /// Preallocated bucket blocks (block numbers 1..=bucket_blocks).
    pub bucket_blocks: u32,
    /// Bytes used per block, bucket blocks first, then overflow blocks.
    pub used: Vec<u32>,
    /// Overflow chain of each bucket block (index = bucket block - 1).
    pub chains: Vec<Vec<u32>>,
    /// Rows (table row numbers) per bucket, in insert order.
    pub bucket_rows: Vec<Vec<u32>>,
    /// Distinct keys seen per bucket (for key-entry space).
    pub bucket_keys: Vec<Vec<Value>>,
    /// `HASH IS expr` with a simple column: bucket = value mod HASHKEYS.
    pub hash_is_column: bool,
    /// The same rows packed per bucket with their numeric cluster key
    /// (NaN when not a number), rebuilt after each insert statement. A
    /// bucket's first (key, row) sits in its head, so most lookups read one
    /// place; the rest are `packed[heads[b].more..heads[b + 1].more]`.
    heads: Vec<PackedHead>,
    packed: Vec<(f64, u32)>,
    /// Inserts since the last `pack` (the packed form is stale when > 0).
    unpacked_inserts: usize,
}

/// A bucket's first row and where its other rows start in `packed`.
#[derive(Debug, Clone, Copy)]
struct PackedHead {
    key: f64,
    row: u32,
    more: u32,
}

const NO_ROW: u32 = u32::MAX;

impl HashCluster {
    pub fn new(block_size: u32, pctfree: u32, hashkeys: u64, size: u32, hash_is_column: bool) -> Self {
        let hashkeys = next_prime(hashkeys.max(2));
        let size = size.clamp(1, block_size);
        // Keys per block are worked out against the whole block (Oracle
        // rounds SIZE into the block this way; the block overhead comes out
        // of the free space, not out of the key count).
        let keys_per_block = (block_size / size).max(1);
        let bucket_blocks = hashkeys.div_ceil(keys_per_block as u64) as u32;
        HashCluster {
            block_size,
            pctfree: pctfree.min(99),
            hashkeys,
            size,
            keys_per_block,
            bucket_blocks,
            used: vec![0; bucket_blocks as usize],
            chains: vec![Vec::new(); bucket_blocks as usize],
            bucket_rows: vec![Vec::new(); hashkeys as usize],
            bucket_keys: vec![Vec::new(); hashkeys as usize],
            hash_is_column,
            heads: Vec::new(),
            packed: Vec::new(),
            unpacked_inserts: 0,
        }
    }

    /// Pack the bucket lists (after an insert statement) so a key lookup
    /// reads one bucket head, and a contiguous run for colliding keys.
    pub fn pack(&mut self, key_of_row: impl Fn(u32) -> f64) {
        self.heads.clear();
        self.packed.clear();
        self.heads.reserve(self.bucket_rows.len() + 1);
        for rows in &self.bucket_rows {
            let more = self.packed.len() as u32;
            match rows.split_first() {
                Some((&r, rest)) => {
                    self.heads.push(PackedHead { key: key_of_row(r), row: r, more });
                    self.packed.extend(rest.iter().map(|&r| (key_of_row(r), r)));
                }
                None => self.heads.push(PackedHead { key: f64::NAN, row: NO_ROW, more }),
            }
        }
        self.heads.push(PackedHead { key: f64::NAN, row: NO_ROW, more: self.packed.len() as u32 });
        self.unpacked_inserts = 0;
    }

    /// Rows of `bucket` whose numeric cluster key is `x`, into `out`; false
    /// when the packed form is stale (the caller then compares values).
    #[inline]
    pub fn packed_rows(&self, bucket: u32, x: f64, out: &mut Vec<u32>) -> bool {
        if self.unpacked_inserts != 0 || self.heads.len() != self.bucket_rows.len() + 1 {
            return false;
        }
        let b = bucket as usize;
        let head = &self.heads[b];
        if head.row == NO_ROW {
            return true;
        }
        if head.key == x {
            out.push(head.row);
        }
        let (from, to) = (head.more as usize, self.heads[b + 1].more as usize);
        out.extend(self.packed[from..to].iter().filter(|(k, _)| *k == x).map(|(_, r)| *r));
        true
    }

    /// Statement rollback: forget rows numbered `first_row` and above.
    pub fn forget_rows_from(&mut self, first_row: u32) {
        for rows in &mut self.bucket_rows {
            rows.retain(|r| *r < first_row);
        }
        self.unpacked_inserts += 1;
    }

    /// A row leaves its bucket (DELETE, rollback of an INSERT). Its bytes
    /// leave `block`.
    pub fn remove(&mut self, key: &Value, row: u32, block: u32, row_bytes: u32) {
        let bucket = self.bucket_of(key) as usize;
        self.bucket_rows[bucket].retain(|r| *r != row);
        if let Some(u) = self.used.get_mut(block.wrapping_sub(1) as usize) {
            *u = u.saturating_sub(row_bytes + ROW_DIRECTORY);
        }
        self.unpacked_inserts += 1;
    }

    /// A deleted row comes back to its bucket and block (rollback).
    pub fn restore(&mut self, key: &Value, row: u32, block: u32, row_bytes: u32) {
        let bucket = self.bucket_of(key) as usize;
        let rows = &mut self.bucket_rows[bucket];
        let at = rows.partition_point(|r| *r < row);
        rows.insert(at, row);
        if let Some(u) = self.used.get_mut(block.wrapping_sub(1) as usize) {
            *u += row_bytes + ROW_DIRECTORY;
        }
        self.unpacked_inserts += 1;
    }

    /// Oracle's internal hash of the cluster key, reduced to a bucket.
    pub fn bucket_of(&self, key: &Value) -> u32 {
        if self.hash_is_column {
            if let Value::Num(n) = key {
                return (n.to_f64().abs() as u64 % self.hashkeys) as u32;
            }
        }
        let bits = match key {
            Value::Num(n) => n.to_f64().to_bits(),
            Value::Str(s) => {
                s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
            }
            Value::Null => 0,
            Value::Date(d) => d.seconds() as u64,
        };
        let mut z = bits.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % self.hashkeys) as u32
    }

    /// Block number of a bucket's home block.
    pub fn home_block(&self, bucket: u32) -> u32 {
        1 + bucket / self.keys_per_block
    }

    fn insert_limit(&self) -> u32 {
        (self.block_size - DATA_BLOCK_OVERHEAD) - self.block_size * self.pctfree / 100
    }

    /// Place a row; returns the block it went to and whether that block was
    /// newly formatted (an overflow block).
    pub fn insert(&mut self, key: &Value, row: u32, row_bytes: u32) -> (u32, bool) {
        let bucket = self.bucket_of(key);
        let home = self.home_block(bucket);
        let mut need = row_bytes + ROW_DIRECTORY;
        let keys = &mut self.bucket_keys[bucket as usize];
        if !keys.iter().any(|k| k.sql_eq(key)) {
            // A new cluster key in the block: key header + key column.
            need += INDEX_ENTRY_HEADER + key.column_len() as u32 + ROW_DIRECTORY;
            keys.push(key.clone());
        }
        self.bucket_rows[bucket as usize].push(row);
        self.unpacked_inserts += 1;
        let limit = self.insert_limit();
        let hi = (home - 1) as usize;
        // Home block first, then the last block of its chain.
        if self.used[hi] + need <= limit {
            self.used[hi] += need;
            return (home, false);
        }
        if let Some(&last) = self.chains[hi].last() {
            let li = (last - 1) as usize;
            if self.used[li] + need <= limit {
                self.used[li] += need;
                return (last, false);
            }
        }
        self.used.push(need);
        let block = self.used.len() as u32;
        self.chains[hi].push(block);
        (block, true)
    }

    /// Blocks a key lookup visits: the home block, then its chain.
    pub fn chain_len(&self, bucket: u32) -> usize {
        self.chains[(self.home_block(bucket) - 1) as usize].len()
    }

    pub fn overflow_blocks(&self) -> u32 {
        self.used.len() as u32 - self.bucket_blocks
    }

    /// All blocks below the HWM including the header.
    pub fn blocks(&self) -> u32 {
        1 + self.used.len() as u32
    }
}
