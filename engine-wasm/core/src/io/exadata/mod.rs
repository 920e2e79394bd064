//! An Exadata storage cell: hard disks plus flash behind cellsrv, reached
//! over InfiniBand.
//!
//! - **Disks.** `disks` hard disks, each an [`Hdd`] with the cell's
//!   `disk_*` parameters. ASM stripes a file over them in allocation units
//!   (`au_kb`, coarse striping): allocation unit `a` of file `f` is on disk
//!   `(f + a) % disks`, at that disk's allocation unit `a / disks`. A
//!   request is split at allocation-unit boundaries and its pieces go to
//!   their disks at once; it completes when the last piece does.
//! - **Flash.** One [`Ssd`] with the cell's `flash_*` parameters (a PCIe
//!   flash class device; `flash_channels` = 16 by default, one per flash
//!   module: an X2 cell has 16 FMODs on 4 cards, Harrison's article). Its
//!   logical space holds the Smart Flash Cache (`flash_cache_mb`) and, after
//!   it, the flash log (`flash_log_mb`). With `flash_grid_disk = 1` the flash
//!   is a grid disk instead: every request goes straight to it (no cache, no
//!   disks).
//! - **cellsrv and the interconnect.** Every request costs
//!   `cell_overhead_us` before the cell's devices see it (RDS over
//!   InfiniBand and cellsrv's dispatch; it occupies nothing).
//! - **Smart Flash Cache.** A cache of blocks in flash slots, filled in ring
//!   order (the slot after the last one written; the block it held is
//!   evicted: FIFO, not Oracle's LRU). A segment's `CELL_FLASH_CACHE`
//!   decides what is cached: DEFAULT caches single-block reads and writes
//!   (small I/O) but not large ones (scans); KEEP caches large reads too;
//!   NONE caches nothing. Temp and redo are never cached. A read whose
//!   blocks are all cached is served from flash (a read hit); otherwise it
//!   goes to the disks and, when cacheable, the blocks are then written to
//!   flash before the read returns (population: this is why the first
//!   smart scan after KEEP is slower than the scans before it: the flash's
//!   program bandwidth, 16 channels x 4 KB / 250 us, about 260 MB/s, is
//!   below the disks' scan bandwidth). Large reads use the cache only under
//!   KEEP.
//! - **Write-through** (default, `write_back = 0`): a write completes when
//!   the disks have it; cached copies are updated in flash at the same time
//!   (not waited for). **Write-back** (`write_back = 1`, 11.2.3.2+): a
//!   cacheable write completes when flash has it and stays dirty there
//!   until cellsrv destages it: one destage in flight per disk, oldest
//!   first, issued once flash has the block and the disk took the previous
//!   destage (checked whenever the cell gets a request), so a read waits
//!   behind one destage, not the backlog. Changing the mode writes the
//!   dirty blocks to disk and empties the cache (CellCLI changes
//!   `flashCacheMode` only after `DROP FLASHCACHE`).
//! - **Smart flash logging** (`flash_logging = 1`): a redo write goes to its
//!   disks and to the flash log at once and completes on the first to
//!   finish. `FL_DISK_FIRST` / `FL_FLASH_FIRST` count the winners;
//!   `FL_PREVENTED_OUTLIERS` the flash wins where the disk write took more
//!   than 500 ms (the cell's definition of an outlier). Issuing and
//!   tracking the second write costs cellsrv `flash_log_overhead_us`.
//!
//! Not modelled: the cell's own DRAM, storage indexes, the flash cache's
//! LRU and its metadata, normal/high redundancy (mirror writes), IORM,
//! fine-grained striping of online logs, the interconnect's bandwidth.
//!
//! The cell is split by mechanism: [`cell`] (parameters, striping over the
//! disks, the device interface, its registry entry), [`directory`] (the
//! Smart Flash Cache's slots), [`flash_cache`] (its reads and writes), [`destage`] (write-back's destaging),
//! [`flash_log`] (smart flash logging) and [`smart_scan`] (a session's
//! offloaded scan).

mod cell;
mod destage;
mod directory;
mod flash_cache;
mod flash_log;
mod smart_scan;
#[cfg(test)]
mod tests;

pub use cell::{CellCounters, CellFlashCache, CellParams, ExadataCell, EXADATA_CELL};
pub use flash_log::FL_OUTLIER_US;
pub use smart_scan::{ScanStep, SmartScan, SmartScanShape};
