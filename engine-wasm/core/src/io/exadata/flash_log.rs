//! Smart flash logging: a redo write raced to the cell's disks and its
//! flash log, completing on the first (see the module docs of [`super`]).

use super::ExadataCell;
use crate::io::device::{BlockDevice, IoKind, IoPurpose, IoRequest};
use crate::sim::SimTime;

/// A redo write slower than this on disk is an outlier (FL_PREVENTED_OUTLIERS).
pub const FL_OUTLIER_US: f64 = 500_000.0;

impl ExadataCell {
    /// A redo write: to disk, and with smart flash logging to the flash
    /// log as well, completing on the first.
    pub(super) fn redo_write(&mut self, r: &IoRequest, now: SimTime, t: SimTime) -> SimTime {
        if self.params.flash_logging == 0.0 {
            return self.disk_io(r, t);
        }
        let t = t.after(self.params.flash_log_overhead_us);
        let disk = self.disk_io(r, t);
        // cellsrv races a write to the flash log only when the flash log
        // has finished its last one (it never queues redo behind redo).
        if self.log_busy_until > t {
            self.cell.fl_disk_first += 1;
            self.cell.fl_skipped += 1;
            return disk;
        }
        // The flash log is written in whole flash pages (its records are
        // padded to the page), so it never takes a partial-page merge.
        let page = (self.params.ssd.page_kb * 1024.0) as u64;
        let log_bytes = ((self.params.flash_log_mb * 1_048_576.0) as u64).max(page);
        let bytes = r.bytes().div_ceil(page).max(1) * page;
        let bytes = bytes.min(log_bytes - log_bytes % page);
        if self.log_cursor + bytes > log_bytes {
            self.log_cursor = 0;
        }
        let start = self.cache_bytes() + self.log_cursor;
        self.log_cursor += bytes;
        let q =
            IoRequest::at(IoKind::Write, 0, (start / page) as u32, (bytes / page) as u32, page as u32, IoPurpose::Redo);
        let flash = self.flash.submit(&q, t);
        self.log_busy_until = flash;
        if flash < disk {
            self.cell.fl_flash_first += 1;
            if disk.since(now) > FL_OUTLIER_US {
                self.cell.fl_prevented_outliers += 1;
            }
            flash
        } else {
            self.cell.fl_disk_first += 1;
            disk
        }
    }
}
