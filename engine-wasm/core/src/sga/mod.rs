//! The System Global Area: what every session of the instance shares.

pub mod cache;
pub mod get_kind;
pub mod holds;
pub mod latch;
pub mod lru;
pub mod memopt;
pub mod row_cache;
pub mod sequence;

use crate::instance::params::Parameters;
use crate::instance::version::VersionProfile;
use cache::BufferCache;
use memopt::MemoptPool;
use row_cache::Dictionary;

/// The redo log buffer. The write path fills it; today nothing writes redo
/// through it yet, so it only carries its size (`log_buffer`).
#[derive(Debug, Clone, Default)]
pub struct LogBuffer {
    pub size: u64,
}

#[derive(Debug, Clone)]
pub struct Sga {
    /// The buffer cache with its `cache buffers chains` latch set.
    pub cache: BufferCache,
    pub memopt: MemoptPool,
    /// The row (dictionary) cache and the dictionary segments recursive SQL reads.
    pub row_cache: Dictionary,
    /// The sequences' cached values.
    pub sequences: sequence::SequenceCache,
    pub log_buffer: LogBuffer,
}

/// Default `log_buffer` (bytes): of the order an 18c instance sizes it for a
/// small SGA (model value).
const DEFAULT_LOG_BUFFER: u64 = 16 << 20;

impl Sga {
    pub fn new(profile: &VersionProfile, p: &Parameters) -> Self {
        Sga {
            cache: Self::new_cache(profile, p),
            memopt: Self::new_memopt(profile, p),
            row_cache: Dictionary::default(),
            sequences: Default::default(),
            log_buffer: LogBuffer { size: DEFAULT_LOG_BUFFER },
        }
    }

    fn new_cache(profile: &VersionProfile, p: &Parameters) -> BufferCache {
        let mut c = BufferCache::new(p.db_block_size, p.db_cache_size, p.db_keep_cache_size, profile, p.fastpin_enable);
        c.dbwr.max_writes = p.db_writer_max_writes;
        c
    }

    fn new_memopt(profile: &VersionProfile, p: &Parameters) -> MemoptPool {
        MemoptPool::new(if profile.memoptimize_rowstore { p.memoptimize_pool_size } else { 0 })
    }

    /// A restart or a new version profile: the buffer cache and the
    /// memoptimize pool are built anew (empty); the row cache is emptied.
    pub fn rebuild(&mut self, profile: &VersionProfile, p: &Parameters) {
        self.cache = Self::new_cache(profile, p);
        self.memopt = Self::new_memopt(profile, p);
    }
}
