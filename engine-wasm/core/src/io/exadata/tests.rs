//! The cell's tests: hand-checked timings of a tiny cell.

use super::*;
use crate::io::hdd::HddParams;
use crate::io::{BlockDevice, DeviceParams, IoKind, IoPurpose, IoRequest};
use crate::sim::SimTime;

/// A hand-checkable cell: 2 disks (6,000 rpm: 5,000 us of rotation;
/// 100 MB/s; seeks 1,000 / 5,200 / 10,000 us over 1 GB of 1 MB
/// tracks, files 90 MB apart), 8 KB allocation units, 100 us of
/// cellsrv, flash of 4 blocks x 16 pages of 4 KB on 2 channels (25 /
/// 250 / 2,000 us, 1,024 MB/s link, no command overhead), 64 KB of
/// flash cache (8 slots of 8 KB) and 64 KB of flash log.
fn tiny() -> ExadataCell {
    let mut p = CellParams {
        disks: 2.0,
        au_kb: 8.0,
        cell_overhead_us: 100.0,
        flash_cache_mb: 0.0625,
        flash_log_mb: 0.0625,
        flash_log_overhead_us: 0.0,
        ..Default::default()
    };
    p.hdd = HddParams {
        rpm: 6_000.0,
        avg_seek_us: 5_200.0,
        track_to_track_us: 1_000.0,
        full_stroke_us: 10_000.0,
        transfer_mb_s: 100.0,
        capacity_gb: 1.0,
        track_kb: 1_000.0,
        file_stride_mb: 90.0,
        cache_mb: 0.0,
        link_mb_s: 600.0,
        controller_us: 100.0,
    };
    // 2^20 bytes: files start on page boundaries.
    p.ssd = crate::io::ssd::tests::hand_params(2.0, 16.0, 1.048576);
    ExadataCell::new("CELL", p).unwrap()
}

fn read(file: u32, block: u32, blocks: u32) -> IoRequest {
    IoRequest::at(IoKind::Read, file, block, blocks, 8192, IoPurpose::Data)
}

/// Within a few units of the clock's grid (each duration is rounded to
/// 2^-10 us on its way to the clock: `sim::quantise`).
fn at(t: SimTime, us: f64) -> bool {
    (t.0 - us).abs() < 4.0 / crate::sim::GRID_PER_US
}

/// A single-block read of file 0 block 0 at 0: cellsrv 100; disk 0
/// (AU 0) at byte 0, the head's track: no seek, 5,000 rotation, 81.92
/// transfer -> 5,181.92. Cached (DEFAULT, small): 8 KB into slots 0,
/// two 4 KB pages on two channels: 8 us of link, 250 program ->
/// 5,439.92. The same read again at 10,000 is a hit: 100 + 25 (both
/// pages in parallel) + 8 -> 10,133.
#[test]
fn a_single_block_read_populates_the_cache_and_the_next_one_hits() {
    let mut c = tiny();
    let (t, note) = c.serve(&read(0, 0, 1), SimTime::ZERO);
    assert!(at(t, 5_439.92), "{t:?}");
    assert!(!note.flash_cache_hit);
    assert_eq!((c.cell.flash_cache_read_misses, c.cell.flash_cache_population_blocks), (1, 1));
    let (t, note) = c.serve(&read(0, 0, 1), SimTime(10_000.0));
    assert!(at(t, 10_133.0), "{t:?}");
    assert!(note.flash_cache_hit);
    assert_eq!(c.cell.flash_cache_read_hits, 1);
    assert_eq!(c.disks[0].counters().read_requests, 1, "the hit did not reach the disk");
}

/// ASM striping: 8 KB allocation units over 2 disks. A 4-block read of
/// file 0 from block 0 is 4 AUs: 0 and 2 on disk 0, 1 and 3 on disk 1,
/// each disk's two at its AUs 0 and 1 (consecutive: the second streams).
/// Large under DEFAULT: not cached, and the cache is not consulted.
#[test]
fn a_large_read_is_striped_over_the_disks_and_not_cached_by_default() {
    let mut c = tiny();
    let t = c.submit(&read(0, 0, 4), SimTime::ZERO);
    // Each disk: 5,000 rotation + 81.92, then 81.92 streaming: 100 + 5,163.84.
    assert!(at(t, 5_263.84), "{t:?}");
    assert_eq!(c.disks[0].counters().read_requests, 2);
    assert_eq!(c.disks[1].counters().read_requests, 2);
    assert_eq!(c.disks[0].hdd.sequential, 1);
    assert_eq!(c.cell.flash_cache_read_misses, 0);
    assert_eq!(c.dir.map.len(), 0);
}

/// Under KEEP a large read populates the cache and waits for it: the 4
/// blocks (32 KB, 8 pages over 2 channels) cross the link in 32 us and
/// take 4 programs per channel, 1,000 us: 5,263.84 + 1,032 = 6,295.84.
/// The next one is served from flash: 100 + 4 x 25 reads per channel +
/// 32 of link from 10,000 -> 10,232.
#[test]
fn keep_caches_large_reads_and_the_first_one_pays_for_it() {
    let mut c = tiny();
    c.set_cache_policy(0, CellFlashCache::Keep);
    let t = c.submit(&read(0, 0, 4), SimTime::ZERO);
    assert!(at(t, 6_295.84), "{t:?}");
    assert_eq!(c.cell.flash_cache_population_blocks, 4);
    let t = c.submit(&read(0, 0, 4), SimTime(10_000.0));
    assert!(at(t, 10_232.0), "{t:?}");
    assert_eq!(c.cell.flash_cache_read_hits, 1);
    // NONE: neither consulted nor filled.
    c.set_cache_policy(1, CellFlashCache::None);
    c.submit(&read(1, 0, 1), SimTime(20_000.0));
    assert_eq!((c.cell.flash_cache_read_hits, c.cell.flash_cache_read_misses), (1, 1));
}

/// A miss's population is booked on the flash for when its disk read
/// ends, in the future; a hit submitted after it for an earlier time
/// does not wait for it. Block 0 cached (read at 0). Block 2 at
/// 10,000: AU 2 on disk 0 (its AU 1, the head's track): 100 + 5,000 +
/// 81.92 -> 15,181.92, then into slot 1 (flash pages 2 and 3, both
/// channels): link 8, program 250 -> 15,439.92. A hit on block 0 at
/// 12,000: 100 + 25 (pages 0 and 1 in parallel) + 8 of link -> 12,133
/// (behind the population it would be 15,472.92).
#[test]
fn a_hit_does_not_wait_for_a_population_booked_later_in_time() {
    let mut c = tiny();
    c.submit(&read(0, 0, 1), SimTime::ZERO);
    let t = c.submit(&read(0, 2, 1), SimTime(10_000.0));
    assert!(at(t, 15_439.92), "{t:?}");
    let (t, note) = c.serve(&read(0, 0, 1), SimTime(12_000.0));
    assert!(note.flash_cache_hit);
    assert!(at(t, 12_133.0), "{t:?}");
}

/// The ring: 8 slots; 10 single blocks evict the first two.
#[test]
fn the_cache_evicts_in_ring_order() {
    let mut c = tiny();
    let mut t = SimTime::ZERO;
    for b in 0..10 {
        t = c.submit(&read(0, b, 1), t);
    }
    assert_eq!((c.dir.map.len(), c.cell.flash_cache_evictions), (8, 2));
    assert!(!c.serve(&read(0, 0, 1), t).1.flash_cache_hit, "block 0 was evicted");
    assert!(c.serve(&read(0, 9, 1), t).1.flash_cache_hit);
}

/// Write-through: a write completes when the disk has it (100 + 5,000
/// plus 81.92). Write-back: when flash has it (100 + 8 + 250 = 358),
/// and the block stays dirty in flash until cellsrv destages it, which
/// it does once flash has it (the next request at 10,000 finds it due).
#[test]
fn write_back_completes_at_flash_write_through_at_disk() {
    let w = IoRequest { kind: IoKind::Write, ..read(0, 0, 1) };
    let mut wt = tiny();
    assert!(at(wt.submit(&w, SimTime::ZERO), 5_181.92));
    let mut wb = tiny();
    assert!(wb.set_param("write_back", 1.0));
    let t = wb.submit(&w, SimTime::ZERO);
    assert!(at(t, 358.0), "{t:?}");
    assert_eq!(wb.disks[0].counters().write_requests, 0, "dirty in flash");
    assert_eq!(wb.cell.flash_cache_dirty_blocks, 1);
    // The block is now cached: a read hits; its destage was due.
    assert!(wb.serve(&read(0, 0, 1), SimTime(10_000.0)).1.flash_cache_hit);
    assert_eq!(wb.disks[0].counters().write_requests, 1, "destaged");
    let c = wb.cell;
    assert_eq!((c.flash_cache_writeback_blocks, c.flash_cache_destaged_blocks, c.flash_cache_dirty_blocks), (1, 1, 0));
    // Back to write-through: the flash cache is dropped and created empty.
    assert!(wb.set_param("write_back", 0.0));
    assert!(!wb.serve(&read(0, 0, 1), SimTime(20_000.0)).1.flash_cache_hit);
    assert!(!wb.set_param("disks", 4.0), "layout is fixed");
    assert!(!wb.set_param("write_back", 2.0));
}

/// Write-back destages one block at a time per disk, so a read does not
/// wait behind the backlog. Blocks 0, 4 and 8 of file 0 (disk 0, 16 KB
/// apart on one track) written back at 0: in flash at 358, 608, 858.
/// A read of block 12 at 1,000 finds block 0's destage due (358 to
/// 5,439.92: half a revolution and 81.92 of transfer) and blocks 4 and
/// 8 still dirty: the read (at 1,100, a miss) waits for that one
/// destage only, 5,439.92 + 5,081.92 = 10,521.84, then populates flash
/// (8 + 250): 10,779.84. With every destage issued at once it would
/// have waited for all three (20,685.68). At 30,000 the other two go,
/// one after the other, behind the read: to 15,603.76 and 20,685.68.
#[test]
fn write_back_destages_one_at_a_time_and_reads_go_between() {
    let mut wb = tiny();
    assert!(wb.set_param("write_back", 1.0));
    for b in [0, 4, 8] {
        wb.submit(&IoRequest { kind: IoKind::Write, ..read(0, b, 1) }, SimTime::ZERO);
    }
    assert_eq!(wb.cell.flash_cache_dirty_blocks, 3);
    let t = wb.submit(&read(0, 12, 1), SimTime(1_000.0));
    assert!(at(t, 10_779.84), "{t:?}");
    assert_eq!((wb.cell.flash_cache_destaged_blocks, wb.cell.flash_cache_dirty_blocks), (1, 2));
    assert_eq!(wb.disks[0].hdd.max_queue_depth, 2, "the destage in flight and the read");
    wb.submit(&read(0, 0, 1), SimTime(30_000.0));
    assert_eq!((wb.cell.flash_cache_destaged_blocks, wb.cell.flash_cache_dirty_blocks), (3, 0));
    assert!((wb.disks[0].counters().busy_us - 4.0 * 5_081.92).abs() < 1e-6);
    assert!(at(wb.destage_free[0], 20_685.68), "{:?}", wb.destage_free[0]);
}

/// Smart flash logging: a 512-byte redo write to an idle disk (100 +
/// 5,000 + 5.12) races a write into the flash log, padded to a whole
/// 4 KB page (4 us of link + 250 program): flash wins at 354. With a disk queue of 100 reads ahead of it
/// (each ~5-10 ms: more than 500 ms in all), the flash win is a
/// prevented outlier. With flash logging off, the disk's time.
#[test]
fn smart_flash_logging_completes_on_the_first_and_counts_outliers() {
    let redo = IoRequest::at(IoKind::Write, 3, 0, 1, 512, IoPurpose::Redo);
    let mut off = tiny();
    let t = off.submit(&redo, SimTime::ZERO);
    // File 3 at 270 MB on disk 1 (AU 0 of file 3 -> (3 + 0) % 2):
    // track 270 of 1,000: seek 1,000 + 6,000 x sqrt(.27) + 3,000 x .27.
    let seek = 1_000.0 + 6_000.0 * 0.27f64.sqrt() + 3_000.0 * 0.27;
    assert!(at(t, 100.0 + seek + 5_000.0 + 5.12), "{t:?}");
    let mut on = tiny();
    assert!(on.set_param("flash_logging", 1.0));
    let t = on.submit(&redo, SimTime::ZERO);
    assert!(at(t, 354.0), "{t:?}");
    assert_eq!((on.cell.fl_flash_first, on.cell.fl_disk_first, on.cell.fl_prevented_outliers), (1, 0, 0));
    // The disk write still happened.
    assert_eq!(on.disks[1].counters().write_requests, 1);
    // Queue 100 random reads on disk 1, then a redo write at 0.
    let mut busy = tiny();
    busy.set_param("flash_logging", 1.0);
    for i in 0..100u32 {
        // Temp reads: not cached, so the flash stays idle.
        let q = IoRequest { purpose: IoPurpose::Temp, ..read(1 + 2 * (i % 7), i * 2, 1) };
        busy.submit(&q, SimTime::ZERO);
    }
    assert!(busy.disks[1].hdd.queue_depth >= 40);
    busy.submit(&redo, SimTime::ZERO);
    assert_eq!((busy.cell.fl_flash_first, busy.cell.fl_prevented_outliers), (1, 1));
    // A redo write to an idle disk that is quick: the disk can win
    // when the flash is slow (program 10 ms).
    let mut slow_flash = tiny();
    slow_flash.set_param("flash_logging", 1.0);
    slow_flash.set_param("flash_program_us", 10_000.0);
    slow_flash.submit(&redo, SimTime::ZERO);
    assert_eq!((slow_flash.cell.fl_disk_first, slow_flash.cell.fl_flash_first), (1, 0));
}

/// A flash grid disk: the request goes to the flash directly (100 +
/// 2 pages on 2 channels 25 + 8 of link).
#[test]
fn a_flash_grid_disk_serves_everything_from_flash() {
    let mut p = tiny().params.clone();
    p.flash_grid_disk = 1.0;
    let mut c = ExadataCell::new("G", p).unwrap();
    let t = c.submit(&read(5, 7, 1), SimTime::ZERO);
    assert!(at(t, 133.0), "{t:?}");
    assert_eq!(c.disks.iter().map(|d| d.counters().read_requests).sum::<u64>(), 0);
}

#[test]
fn parameters_are_named_ranged_and_checked_together() {
    let mut p = CellParams::default();
    assert!(p.set("disks", 0.0).is_err());
    assert!(p.set("disks", 2.5).is_err());
    assert!(p.set("disk_rpm", 10_000.0).is_ok());
    assert!(p.set("flash_channels", 8.0).is_ok());
    assert!(p.set("flash_logging", 1.0).is_ok());
    assert!(p.set("flash_logging", 0.5).is_err());
    assert!(p.set("nonsense", 1.0).is_err());
    p.set("flash_cache_mb", 1_000_000.0).unwrap();
    assert!(p.validate().is_err(), "the cache must fit in the flash");
    for n in CellParams::NAMES {
        assert!(CellParams::range(n).is_some(), "{n}");
        assert!(CellParams::default().get(n).is_some(), "{n}");
    }
    assert!(ExadataCell::new("X", CellParams::default()).is_ok());
}

/// A smart scan of 10 blocks in chunks of 4 with 2 outstanding: chunks
/// 0 and 1 issued at 0; block 0 waits for chunk 0; block 4 finds chunk
/// 1 (issued in parallel on the other disks) done or waits for it.
#[test]
fn a_smart_scan_keeps_its_depth_and_waits_for_each_chunk_in_order() {
    let mut c = tiny();
    let shape = SmartScanShape { request_bytes: 32_768, depth: 2 };
    let mut s = SmartScan::new(9, 10, 8192, shape);
    assert_eq!(s.chunk, 4);
    let step = s.need(0, SimTime::ZERO, &mut c);
    assert_eq!((step.requests, step.blocks), (2, 8));
    let w0 = step.wait_us.expect("the first chunk is waited for");
    let step = s.need(1, SimTime(w0), &mut c);
    assert_eq!((step.requests, step.wait_us), (0, None), "same chunk");
    let step = s.need(4, SimTime(w0), &mut c);
    assert_eq!((step.requests, step.blocks), (1, 2), "the last chunk is 2 blocks");
    let step = s.need(9, SimTime(1e9), &mut c);
    assert_eq!((step.requests, step.wait_us), (0, None), "long done");
    assert_eq!(c.cell.large_read_requests, 3);
}
