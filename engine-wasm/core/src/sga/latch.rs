//! The `cache buffers chains` latch set: which child latch covers a block
//! (hash bucket → child), and each child's gets, misses and sleeps. Latches
//! belong to the instance (V$LATCH, V$LATCH_CHILDREN); a get is charged
//! here, by the buffer cache, whichever session takes it.

/// The bucket-to-child-latch mapping of one cache configuration: which
/// `cache buffers chains` child covers a block. Copied into each trace so
/// its latch column can be derived instead of stored per event.
#[derive(Debug, Clone, Copy, Default)]
pub struct LatchMap {
    /// Hash buckets - 1 (bucket counts are powers of two).
    pub(crate) bucket_mask: u32,
    /// log2 of the buckets per child latch (a power of two too).
    pub(crate) latch_shift: u32,
}

impl LatchMap {
    #[inline(always)]
    pub fn child(&self, segment: u32, block: u32) -> u16 {
        let dba = ((segment as u64) << 32) | block as u64;
        let bucket = (mix64(dba) as u32) & self.bucket_mask;
        (bucket >> self.latch_shift) as u16
    }
}

fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Totals of one latch or of a set of children.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LatchChild {
    pub gets: u64,
    pub misses: u64,
    pub sleeps: u64,
}

/// The CBC child latches. Gets are kept in one dense array (the hot
/// path); misses and sleeps need another session holding the child, which
/// the scheduler does not yet interleave within a statement: they stay zero.
#[derive(Debug, Clone)]
pub struct LatchSet {
    pub map: LatchMap,
    gets: Vec<u64>,
}

impl LatchSet {
    /// `hash_buckets` and `children` are powers of two.
    pub fn new(hash_buckets: u32, children: u32) -> Self {
        debug_assert!(hash_buckets.is_power_of_two() && children.is_power_of_two());
        LatchSet {
            map: LatchMap { bucket_mask: hash_buckets - 1, latch_shift: (hash_buckets / children).trailing_zeros() },
            gets: vec![0; children as usize],
        }
    }

    /// `n` gets of the child covering a block; returns the child.
    #[inline(always)]
    pub fn get(&mut self, segment: u32, block: u32, n: u64) -> u16 {
        let child = self.map.child(segment, block);
        self.gets[child as usize] += n;
        child
    }

    pub fn children(&self) -> usize {
        self.gets.len()
    }

    pub fn child_gets(&self, child: u16) -> u64 {
        self.gets.get(child as usize).copied().unwrap_or(0)
    }

    pub fn totals(&self) -> LatchChild {
        LatchChild { gets: self.gets.iter().sum(), misses: 0, sleeps: 0 }
    }
}
