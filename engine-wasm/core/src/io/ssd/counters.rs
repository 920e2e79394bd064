//! The SSD's own counters, as the device view and `LAB DEVICES` show them.

use crate::io::snapshot::FlashPages;

/// The SSD's own counters, beside the common ones.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SsdCounters {
    pub valid_pages: u64,
    pub invalid_pages: u64,
    pub free_pages: u64,
    /// Flash page reads (host reads, read-modify-write reads, GC reads).
    pub page_reads: u64,
    /// Reads of a page a partial write had to rewrite.
    pub rmw_reads: u64,
    /// Pages written in part (merged by the firmware).
    pub partial_writes: u64,
    /// Pages programmed for the host.
    pub host_page_writes: u64,
    /// Host pages acknowledged from the DRAM write buffer.
    pub buffered_pages: u64,
    /// Time writes waited for room in the write buffer.
    pub buffer_full_wait_us: f64,
    /// Pages programmed in all (host and GC relocations).
    pub flash_page_writes: u64,
    pub erases: u64,
    pub gc_background: u64,
    pub gc_foreground: u64,
    /// Valid pages GC re-programmed.
    pub gc_pages_moved: u64,
}

impl SsdCounters {
    /// Flash page programs per host page program (1 before any GC moves).
    pub fn write_amplification(&self) -> f64 {
        if self.host_page_writes == 0 {
            return 0.0;
        }
        self.flash_page_writes as f64 / self.host_page_writes as f64
    }
}

impl SsdCounters {
    /// The pages by state and the GC totals (the device view).
    pub fn pages(&self) -> FlashPages {
        FlashPages {
            valid_pages: self.valid_pages,
            invalid_pages: self.invalid_pages,
            free_pages: self.free_pages,
            erases: self.erases,
            gc_background: self.gc_background,
            gc_foreground: self.gc_foreground,
            gc_pages_moved: self.gc_pages_moved,
        }
    }

    /// The counters by name (`LAB DEVICES`, the step's device counters).
    pub fn named(&self) -> Vec<(&'static str, f64)> {
        let s = self;
        vec![
            ("valid_pages", s.valid_pages as f64),
            ("invalid_pages", s.invalid_pages as f64),
            ("free_pages", s.free_pages as f64),
            ("page_reads", s.page_reads as f64),
            ("rmw_reads", s.rmw_reads as f64),
            ("partial_writes", s.partial_writes as f64),
            ("host_page_writes", s.host_page_writes as f64),
            ("buffered_pages", s.buffered_pages as f64),
            ("buffer_full_wait_us", s.buffer_full_wait_us),
            ("flash_page_writes", s.flash_page_writes as f64),
            ("write_amplification", s.write_amplification()),
            ("erases", s.erases as f64),
            ("gc_background", s.gc_background as f64),
            ("gc_foreground", s.gc_foreground as f64),
            ("gc_pages_moved", s.gc_pages_moved as f64),
        ]
    }
}
