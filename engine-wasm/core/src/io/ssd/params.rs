//! The SSD's named parameters, their ranges and the presets of its two
//! device types.

use crate::io::device::DeviceParams;

/// The largest device the lab builds (physical pages): its maps take 8
/// bytes per page.
pub const MAX_PHYSICAL_PAGES: f64 = 4_194_304.0;

/// The SSD's named parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct SsdParams {
    pub channels: f64,
    pub blocks: f64,
    pub pages_per_block: f64,
    /// Flash page size, KB (1,024 bytes).
    pub page_kb: f64,
    pub read_us: f64,
    pub program_us: f64,
    pub erase_us: f64,
    /// Host interface rate, MB/s (10^6 bytes per second: bytes per us).
    pub host_mb_s: f64,
    /// Controller and protocol overhead per command.
    pub command_us: f64,
    /// Share of the physical pages the host cannot address.
    pub overprovision_pct: f64,
    /// Background GC runs while free pages are below this share of the physical pages.
    pub gc_low_watermark_pct: f64,
    /// Where file `f` starts: `f * file_stride_mb` MB (10^6 bytes).
    pub file_stride_mb: f64,
    /// Firmware time to merge a partial page's new bytes (serial).
    pub partial_write_us: f64,
    /// 1: the unaligned path merges a write's 512-byte host sectors into a
    /// partial page one at a time (`partial_write_us` each), as firmware
    /// emulating 512-byte sectors over 4 KB pages does; 0: one merge per
    /// partial page, whatever the write put in it.
    pub merge_per_sector: f64,
    /// Power-loss-protected DRAM that acknowledges whole-page writes
    /// before their programs (KB, 1,024 bytes; 0: none, writes complete
    /// when programmed).
    pub write_buffer_kb: f64,
}

impl DeviceParams for SsdParams {
    const NAMES: &'static [&'static str] = &[
        "channels",
        "blocks",
        "pages_per_block",
        "page_kb",
        "read_us",
        "program_us",
        "erase_us",
        "host_mb_s",
        "command_us",
        "overprovision_pct",
        "gc_low_watermark_pct",
        "file_stride_mb",
        "partial_write_us",
        "merge_per_sector",
        "write_buffer_kb",
    ];

    fn range(name: &str) -> Option<(f64, f64)> {
        Some(match name {
            "channels" => (1.0, 256.0),
            "blocks" => (2.0, 1_048_576.0),
            "pages_per_block" => (2.0, 1024.0),
            "page_kb" => (0.5, 64.0),
            "read_us" | "program_us" | "erase_us" => (0.01, 1_000_000.0),
            "host_mb_s" => (1.0, 1_000_000.0),
            "command_us" => (0.0, 1_000_000.0),
            "overprovision_pct" => (0.0, 90.0),
            "gc_low_watermark_pct" => (0.0, 90.0),
            "file_stride_mb" => (0.001, 1_000_000.0),
            "partial_write_us" => (0.0, 1_000_000.0),
            "merge_per_sector" => (0.0, 1.0),
            "write_buffer_kb" => (0.0, 1_048_576.0),
            _ => return None,
        })
    }

    fn whole(name: &str) -> bool {
        matches!(name, "channels" | "blocks" | "pages_per_block" | "merge_per_sector")
    }

    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "channels" => &mut self.channels,
            "blocks" => &mut self.blocks,
            "pages_per_block" => &mut self.pages_per_block,
            "page_kb" => &mut self.page_kb,
            "read_us" => &mut self.read_us,
            "program_us" => &mut self.program_us,
            "erase_us" => &mut self.erase_us,
            "host_mb_s" => &mut self.host_mb_s,
            "command_us" => &mut self.command_us,
            "overprovision_pct" => &mut self.overprovision_pct,
            "gc_low_watermark_pct" => &mut self.gc_low_watermark_pct,
            "file_stride_mb" => &mut self.file_stride_mb,
            "partial_write_us" => &mut self.partial_write_us,
            "merge_per_sector" => &mut self.merge_per_sector,
            "write_buffer_kb" => &mut self.write_buffer_kb,
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), String> {
        if (self.page_kb * 1024.0).fract() != 0.0 {
            return Err("page_kb must be a whole number of bytes".into());
        }
        if self.physical_pages() > MAX_PHYSICAL_PAGES {
            return Err(format!(
                "blocks x pages_per_block must be at most {MAX_PHYSICAL_PAGES} pages in the lab (a smaller device fills the same way)"
            ));
        }
        if self.logical_pages() < 1.0 || self.logical_pages() > self.physical_pages() - self.pages_per_block {
            return Err("overprovision_pct must leave at least one erase block spare and one page addressable".into());
        }
        Ok(())
    }
}

impl SsdParams {
    /// Parameters that shape the flash array: fixed once the device exists.
    pub(super) const GEOMETRY: &'static [&'static str] =
        &["channels", "blocks", "pages_per_block", "page_kb", "overprovision_pct"];

    /// A SATA SSD of the early 2010s (MLC NAND behind a SATA 6 Gb/s link).
    /// NAND timings: CALIBRATION section E (page read ~25 us, program ~250
    /// us, erase ~2,000 us). 8 channels, 128 pages of 4 KB per block, ~500
    /// MB/s of link and ~20 us per AHCI command, 7% spare area (a consumer
    /// drive's 2^30 vs 10^9 difference): typical magnitudes of the class,
    /// not a datasheet. Scaled down to 4 GB of flash (the fill ratio, not
    /// the size, drives GC; the lab's data sets are small).
    pub fn sata() -> Self {
        SsdParams {
            channels: 8.0,
            blocks: 8192.0,
            pages_per_block: 128.0,
            page_kb: 4.0,
            read_us: 25.0,
            program_us: 250.0,
            erase_us: 2_000.0,
            host_mb_s: 500.0,
            command_us: 20.0,
            overprovision_pct: 7.0,
            gc_low_watermark_pct: 10.0,
            file_stride_mb: 256.0,
            // A read-modify-write in the controller costs about what the
            // page read and program do again (consumer controllers merge in
            // DRAM): a magnitude, not a datasheet.
            partial_write_us: 100.0,
            // One merge per partial page: a controller that buffers the
            // write in DRAM merges what it brought into each page at once.
            merge_per_sector: 0.0,
            // A drive without power-loss protection must program a write
            // the host asked to be durable (redo is written O_DSYNC / FUA)
            // before acknowledging it: its DRAM does not count.
            write_buffer_kb: 0.0,
        }
    }

    /// A PCIe flash card (the Fusion-io / Exadata flash class): the same
    /// NAND (CALIBRATION E), more channels (32), a faster link (1,500 MB/s),
    /// a lighter command path (~10 us, no AHCI) and enterprise spare area
    /// (20%). Typical magnitudes of the class, not a datasheet. Its flash
    /// modules (the Sun F20's FMODs) present 4 KB sectors and take writes
    /// that are not whole, aligned 4 KB through a firmware read-modify-write
    /// several times slower than an aligned write (F20 guidance: align to 4
    /// KB; Oracle's fix for redo is a 4 KB log block size): ~700 us each,
    /// sector by sector (the modules report 512-byte sectors and emulate
    /// them). That the slow path works per sector is the lab's reading of
    /// Harrison's Exadata redo tests (a group commit's multi-block writes
    /// degraded far more than single-block ones; 4 KB blocks fixed both),
    /// not a datasheet figure.
    pub fn pcie() -> Self {
        SsdParams {
            channels: 32.0,
            host_mb_s: 1_500.0,
            command_us: 10.0,
            overprovision_pct: 20.0,
            partial_write_us: 700.0,
            merge_per_sector: 1.0,
            ..Self::sata()
        }
    }

    pub fn physical_pages(&self) -> f64 {
        self.blocks * self.pages_per_block
    }

    /// Host-addressable pages.
    pub fn logical_pages(&self) -> f64 {
        (self.physical_pages() * (1.0 - self.overprovision_pct / 100.0)).floor()
    }
}
