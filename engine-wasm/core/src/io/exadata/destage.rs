//! Write-back's destaging: cellsrv writes the flash cache's dirty blocks
//! to their disks, one in flight per disk (see the module docs of [`super`]).

use super::ExadataCell;
use crate::sim::SimTime;

impl ExadataCell {
    /// Destage what is due by `now`: cellsrv keeps one destage in flight
    /// per disk, the oldest dirty block first, issued once flash has it and
    /// the disk took the previous one. So a disk's queue holds at most one
    /// of them and reads do not wait behind a backlog; the rest stay dirty
    /// in flash. `all`: every dirty block, whatever `now` (before the
    /// cache is dropped).
    pub(super) fn destage(&mut self, now: SimTime, all: bool) {
        if self.cell.flash_cache_dirty_blocks == 0 {
            return;
        }
        for d in 0..self.dirty.len() {
            // Bounded by the blocks waiting on this disk.
            for _ in 0..self.dirty[d].len() {
                let Some(&(r, ready)) = self.dirty[d].front() else { break };
                let at = ready.max(self.destage_free[d]);
                if at > now && !all {
                    break;
                }
                self.dirty[d].pop_front();
                self.destage_free[d] = self.disk_io(&r, at);
                self.cell.flash_cache_destaged_blocks += r.blocks as u64;
                self.cell.flash_cache_dirty_blocks -= r.blocks as u64;
            }
        }
    }
}
