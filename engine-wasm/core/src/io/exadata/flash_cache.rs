//! The cell's Smart Flash Cache: a directory of flash slots filled in ring
//! order, read hits, population after a miss, write-through and
//! write-back writes (see the module docs of [`super`]).

use super::directory::{Directory, EMPTY};
use super::{CellFlashCache, ExadataCell};
use crate::io::device::{BlockDevice, IoKind, IoNote, IoPurpose, IoRequest};
use crate::sim::SimTime;

impl ExadataCell {
    /// Whether the cache may hold this request's blocks (`large`: a read
    /// of more than one block), sizing the directory on first use.
    pub(super) fn cacheable(&mut self, r: &IoRequest, large: bool) -> bool {
        if r.purpose != IoPurpose::Data || r.block_size == 0 || self.grid_disk() {
            return false;
        }
        let ok = match self.policy.get(&r.file).copied().unwrap_or_default() {
            CellFlashCache::None => false,
            CellFlashCache::Keep => true,
            CellFlashCache::Default => !large,
        };
        if !ok {
            return false;
        }
        if self.dir.slot_bytes == 0 {
            let slots = (self.cache_bytes() / r.block_size as u64).min(u32::MAX as u64 / 2) as usize;
            if slots == 0 {
                return false;
            }
            self.dir.slot_bytes = r.block_size;
            self.dir.slots = vec![EMPTY; slots];
        }
        self.dir.slot_bytes == r.block_size
    }

    /// A run of flash-cache slots as a request to the flash.
    pub(super) fn slot_request(&self, kind: IoKind, (slot, n): (u32, u32)) -> IoRequest {
        IoRequest::at(kind, 0, slot, n, self.dir.slot_bytes, IoPurpose::Data)
    }

    /// A data read or write, with the cell's reusable run buffer in hand.
    pub(super) fn with_runs<T>(&mut self, f: impl FnOnce(&mut Self, &mut Vec<(u32, u32)>) -> T) -> T {
        let mut runs = std::mem::take(&mut self.runs);
        let done = f(self, &mut runs);
        self.runs = runs;
        done
    }

    /// A data read: from the flash cache when it holds every block (the
    /// note says so), else from the disks, populating the cache.
    pub(super) fn read(&mut self, r: &IoRequest, t: SimTime, runs: &mut Vec<(u32, u32)>) -> (SimTime, IoNote) {
        let large = r.blocks > 1;
        let cacheable = self.cacheable(r, large);
        if cacheable {
            if self.dir.lookup(r, runs) {
                let mut done = t;
                for &run in runs.iter() {
                    let q = self.slot_request(IoKind::Read, run);
                    done = done.max(self.flash.submit(&q, t));
                }
                self.cell.flash_cache_read_hits += 1;
                return (done, IoNote { flash_cache_hit: true, ..IoNote::default() });
            }
            self.cell.flash_cache_read_misses += 1;
        }
        let mut done = self.disk_io(r, t);
        if cacheable {
            // Population: the blocks go to flash before the read returns.
            let evicted = self.dir.insert(r, runs);
            self.cell.flash_cache_evictions += evicted;
            let from = done;
            for &run in runs.iter() {
                self.cell.flash_cache_population_blocks += run.1 as u64;
                let q = self.slot_request(IoKind::Write, run);
                done = done.max(self.flash.submit(&q, from));
            }
        }
        (done, IoNote::default())
    }

    pub(super) fn write(&mut self, r: &IoRequest, t: SimTime, runs: &mut Vec<(u32, u32)>) -> SimTime {
        let cacheable = self.cacheable(r, false);
        if cacheable && self.write_back() {
            let evicted = self.dir.insert(r, runs);
            self.cell.flash_cache_evictions += evicted;
            let mut done = t;
            for &run in runs.iter() {
                self.cell.flash_cache_writeback_blocks += run.1 as u64;
                let q = self.slot_request(IoKind::Write, run);
                done = done.max(self.flash.submit(&q, t));
            }
            // Dirty in flash until cellsrv destages it (see `destage`).
            let d = self.disk_of(r);
            self.dirty[d].push_back((*r, done));
            self.cell.flash_cache_dirty_blocks += r.blocks as u64;
            return done;
        }
        let done = self.disk_io(r, t);
        // Write-through: cached copies are rewritten alongside.
        if cacheable && self.dir.lookup(r, runs) {
            for &run in runs.iter() {
                let q = self.slot_request(IoKind::Write, run);
                self.flash.submit(&q, t);
            }
        }
        done
    }

    /// Forget the flash cache's contents (CellCLI DROP / CREATE FLASHCACHE).
    pub fn drop_flash_cache(&mut self) {
        // Its dirty blocks are written to disk first (CellCLI flushes a
        // write-back cache before dropping it).
        self.destage(SimTime::ZERO, true);
        self.dir = Directory::default();
    }
}
