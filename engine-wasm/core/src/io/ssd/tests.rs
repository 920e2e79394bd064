//! The SSD's tests: hand-checked timings of a tiny device.

use super::*;
use crate::io::IoPurpose;

/// 4 blocks of 4 pages of 4 KB on one channel, 25 / 250 / 2,000 us,
/// a 1,024 MB/s link (a 4 KB page crosses in 4 us), no command overhead,
/// 25% spare (12 logical pages), background GC off.
fn tiny(channels: f64) -> Ssd {
    Ssd::new("F", &SATA_SSD, hand_params(channels, 4.0, 1.0)).unwrap()
}

/// Hand-checkable flash (also the Exadata cell tests'): 4 blocks of
/// `pages_per_block` pages of 4 KB, 25 / 250 / 2,000 us, a 1,024 MB/s
/// link, no command overhead, 25% spare, background GC off, no write
/// buffer nor partial-write cost.
pub(crate) fn hand_params(channels: f64, pages_per_block: f64, file_stride_mb: f64) -> SsdParams {
    SsdParams {
        channels,
        blocks: 4.0,
        pages_per_block,
        page_kb: 4.0,
        read_us: 25.0,
        program_us: 250.0,
        erase_us: 2_000.0,
        host_mb_s: 1_024.0,
        command_us: 0.0,
        overprovision_pct: 25.0,
        gc_low_watermark_pct: 0.0,
        file_stride_mb,
        partial_write_us: 0.0,
        merge_per_sector: 0.0,
        write_buffer_kb: 0.0,
    }
}

fn page(kind: IoKind, lpn: u32) -> IoRequest {
    IoRequest::at(kind, 0, lpn, 1, 4096, IoPurpose::Data)
}

/// (valid, invalid, free) pages.
fn pool(d: &Ssd) -> (u64, u64, u64) {
    (d.ssd.valid_pages, d.ssd.invalid_pages, d.ssd.free_pages)
}

fn at(t: SimTime, us: f64) -> bool {
    (t.0 - us).abs() < 1e-9
}

/// Fill, overwrite, a foreground GC, then a background GC, with every
/// time computed by hand. Each write is issued when the previous one
/// completes; an unobstructed write is 4 us of transfer + 250 us of
/// program = 254 us.
#[test]
fn four_blocks_of_four_pages_fill_overwrite_and_collect() {
    let mut d = tiny(1.0);
    assert_eq!((d.logical_pages, pool(&d)), (12, (0, 0, 16)));
    let mut t = SimTime::ZERO;
    // 1. Logical pages 0-7 fill blocks 0 and 1; then 0, 1, 2 and 4 are
    //    overwritten into block 2. 12 writes x 254 = 3,048 us.
    for lpn in [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 4] {
        t = d.submit(&page(IoKind::Write, lpn), t);
    }
    assert!(at(t, 3_048.0), "{t:?}");
    // Block 0 holds 3 invalid pages (0, 1, 2) and valid 3; block 1 one
    // invalid (4) and 5, 6, 7; block 2 is full; block 3 is free.
    assert_eq!(pool(&d), (8, 4, 4));
    assert_eq!((d.ssd.erases, d.ssd.gc_foreground), (0, 0));

    // 2. Overwrite logical page 5 at 3,048: the pool is at its reserve
    //    (4 pages), so foreground GC first. Victim block 0 (3 invalid
    //    against block 1's 2): move logical page 3, read 3,048-3,073,
    //    program into block 3 3,073-3,323; erase block 0 3,323-5,323.
    //    The host's page (its 4 us transfer long done) is programmed
    //    after the erase: 5,323-5,573.
    let mut after_fg = d.clone();
    t = after_fg.submit(&page(IoKind::Write, 5), t);
    assert!(at(t, 5_573.0), "{t:?}");
    // Valid 8; invalid 2 (the old 4 and 5 in block 1); free 6 (block 0
    // and two pages left in block 3). 8 + 2 + 6 = 16.
    assert_eq!(pool(&after_fg), (8, 2, 6));
    let s = after_fg.ssd;
    assert_eq!((s.erases, s.gc_foreground, s.gc_background, s.gc_pages_moved), (1, 1, 0, 1));
    // 13 host pages, 14 programs: write amplification 14/13.
    assert_eq!((s.host_page_writes, s.flash_page_writes), (13, 14));
    assert!((s.write_amplification() - 14.0 / 13.0).abs() < 1e-12);
    assert_eq!(after_fg.erase_counts, vec![1, 0, 0, 0]);
    d = after_fg;

    // 3. Background GC below a watermark of 50% (8 pages): the device
    //    is idle from 5,573. Victim block 1 (2 invalid; block 2 has
    //    none, block 3 is still open): move 6 (read 5,573-5,598,
    //    program 5,598-5,848) and 7 (5,848-5,873, 5,873-6,123) into
    //    block 3's last pages; erase block 1 6,123-8,123. Free is then 8,
    //    not below the watermark: one cycle.
    assert!(d.set_param("gc_low_watermark_pct", 50.0));
    let mut busy = d.clone();
    //    A read of logical page 3 (in block 3) at 10,000 finds the
    //    device idle again: 25 us read + 4 us transfer.
    t = d.submit(&page(IoKind::Read, 3), SimTime(10_000.0));
    assert!(at(t, 10_029.0), "{t:?}");
    assert_eq!(pool(&d), (8, 0, 8));
    let s = d.ssd;
    assert_eq!((s.erases, s.gc_foreground, s.gc_background, s.gc_pages_moved), (2, 1, 1, 3));
    assert_eq!((s.host_page_writes, s.flash_page_writes, s.page_reads), (13, 16, 4));
    //    The same read arriving at 6,000 waits behind the collection:
    //    the channel is free at 8,123: read to 8,148, transfer to 8,152.
    t = busy.submit(&page(IoKind::Read, 3), SimTime(6_000.0));
    assert!(at(t, 8_152.0), "{t:?}");
    assert_eq!(busy.ssd.gc_background, 1);
}

/// The fill of all 12 logical pages leaves the pool at its reserve;
/// from there each overwrite runs a foreground GC that moves the 3
/// valid pages of the victim: 3 x (25 + 250) + 2,000 = 2,825 us, then
/// the host program: 254 -> 3,075 per write, write amplification 4.
#[test]
fn a_full_device_collects_on_every_overwrite() {
    let mut d = tiny(1.0);
    let mut t = SimTime::ZERO;
    for lpn in 0..12 {
        t = d.submit(&page(IoKind::Write, lpn), t);
    }
    assert_eq!(pool(&d), (12, 0, 4));
    let t_full = t;
    t = d.submit(&page(IoKind::Write, 0), t);
    // GC from 3,048: 3 moves to 3,873, erase to 5,873, program to 6,123.
    assert!(at(t, t_full.0 + 3_075.0), "{t:?}");
    for lpn in [4, 8, 1] {
        t = d.submit(&page(IoKind::Write, lpn), t);
    }
    assert!(at(t, t_full.0 + 4.0 * 3_075.0), "{t:?}");
    let s = d.ssd;
    assert_eq!((s.gc_foreground, s.erases, s.gc_pages_moved), (4, 4, 12));
    assert_eq!((s.host_page_writes - 12, s.flash_page_writes - 12), (4, 16));
    assert_eq!(pool(&d), (12, 0, 4));
}

/// A write buffer of 8 KB (2 pages) on one channel, four writes issued
/// at 0. Page 0: transfer 0-4, program 4-254, acknowledged at 4 (in
/// the buffer). Page 1: transfer 4-8, program 254-504, acknowledged at
/// 8. Page 2: transfer 8-12, program 504-754; the buffer holds 2 pages
/// still programming, so it waits for the first to end: 254 (242 us of
/// waiting). 512 bytes into page 3: not a whole page, so not buffered:
/// transfer 12-12.5, program 754-1,004, acknowledged when programmed.
#[test]
fn a_write_buffer_acknowledges_whole_pages_before_their_programs() {
    let mut d = tiny(1.0);
    assert!(d.set_param("write_buffer_kb", 8.0));
    let acks: Vec<f64> = [0, 1, 2].iter().map(|&lpn| d.submit(&page(IoKind::Write, lpn), SimTime::ZERO).0).collect();
    assert_eq!(acks, [4.0, 8.0, 254.0]);
    let partial = IoRequest::at(IoKind::Write, 0, 24, 1, 512, IoPurpose::Data);
    assert!(at(d.submit(&partial, SimTime::ZERO), 1_004.0));
    let s = d.ssd;
    assert_eq!((s.buffered_pages, s.partial_writes, s.host_page_writes), (3, 1, 4));
    assert!((s.buffer_full_wait_us - 242.0).abs() < 1e-9, "{}", s.buffer_full_wait_us);
    // Without the buffer the same page waits for its program.
    let mut d = tiny(1.0);
    assert!(at(d.submit(&page(IoKind::Write, 0), SimTime::ZERO), 254.0));
}

/// A 512-byte write into a 4 KB page that holds data must read the page
/// first: page 0 written (0-254); 512 bytes at byte 512 issued at 254:
/// read 254-279, transfer 254-254.5, program after the read 279-529.
/// Into a page that was never written there is nothing to keep: 512
/// bytes at byte 20,480 (page 5) issued at 529: 529.5, program to 779.5.
#[test]
fn a_512_byte_write_into_a_4k_page_is_a_read_modify_write() {
    let mut d = tiny(1.0);
    let redo = |block| IoRequest::at(IoKind::Write, 0, block, 1, 512, IoPurpose::Data);
    let t = d.submit(&page(IoKind::Write, 0), SimTime::ZERO);
    assert!(at(t, 254.0));
    let t = d.submit(&redo(1), t);
    assert!(at(t, 529.0), "{t:?}");
    assert_eq!((d.ssd.rmw_reads, d.ssd.page_reads, d.ssd.host_page_writes), (1, 1, 2));
    assert_eq!(pool(&d), (1, 1, 14));
    let t = d.submit(&redo(40), t);
    assert!(at(t, 779.5), "{t:?}");
    assert_eq!(d.ssd.rmw_reads, 1);
    // A whole aligned page needs no read; a misaligned 4 KB (bytes
    // 512-4,607) touches pages 0 and 1 partly: page 0 holds data (a
    // read), page 1 does not.
    let t = d.submit(&page(IoKind::Write, 0), t);
    assert_eq!(d.ssd.rmw_reads, 1);
    d.submit(&IoRequest::at(IoKind::Write, 0, 1, 8, 512, IoPurpose::Data), t);
    assert_eq!(d.ssd.rmw_reads, 2);
}

/// The merge path at 100 us a merge, two channels. Three 512-byte
/// sectors at bytes 6,656-8,191 (page 1, never written: no read) cross
/// the link in 1.5 us; one merge (1.5-101.5) then the program: 351.5;
/// merged sector by sector (three merges, 1.5-301.5): 551.5. Four
/// sectors at bytes 3,072-5,119 (two in page 0, two in page 1), 2 us
/// of transfer: page 0 merges 2-202 and programs on channel 0 to 452,
/// page 1 merges after it, 202-402, and programs on channel 1 to 652
/// (one merge a page: 102, 352; 202, 452).
#[test]
fn merging_sector_by_sector_costs_a_merge_per_512_bytes() {
    let write = |block, blocks| IoRequest::at(IoKind::Write, 0, block, blocks, 512, IoPurpose::Redo);
    let device = |per_sector: f64| {
        let mut d = tiny(2.0);
        assert!(d.set_param("partial_write_us", 100.0));
        assert!(!d.set_param("merge_per_sector", 0.5));
        assert!(d.set_param("merge_per_sector", per_sector));
        d
    };
    for (per_sector, one_page, two_pages) in [(0.0, 351.5, 452.0), (1.0, 551.5, 652.0)] {
        assert!(at(device(per_sector).submit(&write(13, 3), SimTime::ZERO), one_page), "{per_sector}");
        let mut d = device(per_sector);
        assert!(at(d.submit(&write(6, 4), SimTime::ZERO), two_pages), "{per_sector}");
        assert_eq!((d.ssd.partial_writes, d.ssd.rmw_reads, d.ssd.host_page_writes), (2, 0, 2));
    }
}

/// Two channels: an 8 KB write crosses the link in 8 us, then its two
/// pages are programmed in parallel on channels 0 and 1: 258 (one
/// channel: 508). Reading both back at 1,000: two parallel reads to
/// 1,025, then 8 us of transfer: 1,033.
#[test]
fn channels_serve_pages_in_parallel() {
    let two = IoRequest::at(IoKind::Write, 0, 0, 2, 4096, IoPurpose::Data);
    let mut d2 = tiny(2.0);
    let mut d1 = tiny(1.0);
    assert!(at(d2.submit(&two, SimTime::ZERO), 258.0));
    assert!(at(d1.submit(&two, SimTime::ZERO), 508.0));
    let read = IoRequest { kind: IoKind::Read, ..two };
    assert!(at(d2.submit(&read, SimTime(1_000.0)), 1_033.0));
    assert!(at(d1.submit(&read, SimTime(1_000.0)), 1_058.0));
}

/// Sustained random overwrites of a full device never stall forever:
/// the pool stays between empty and full and every write completes.
#[test]
fn sustained_overwrites_keep_the_pool_consistent() {
    let mut d = tiny(2.0);
    let mut t = SimTime::ZERO;
    let mut x: u64 = 7;
    for _ in 0..2_000 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let lpn = ((x >> 33) % 12) as u32;
        let t2 = d.submit(&page(IoKind::Write, lpn), t);
        assert!(t2 > t);
        t = t2;
        let (v, i, f) = pool(&d);
        assert_eq!(v + i + f, 16);
        assert!(f >= 4, "the reserve is GC's alone");
    }
    assert!(d.ssd.write_amplification() > 1.0);
}

/// Requests reach the device out of time order: a write for 10,000 is
/// submitted first (link 10,000-10,004, program 10,004-10,254 on the
/// one channel), then a read of page 0 (written at 0-254) for 1,000.
/// The channel and the link are idle at 1,000: read 1,000-1,025,
/// transfer 1,025-1,029 (a busy-until per resource would serve it after
/// the future program: 10,283). A read for 10,100 meets the program:
/// 10,254-10,279, transfer to 10,283.
#[test]
fn a_request_is_served_at_its_time_not_behind_later_ones_submitted_first() {
    let mut d = tiny(1.0);
    assert!(at(d.submit(&page(IoKind::Write, 0), SimTime::ZERO), 254.0));
    let t = d.submit(&page(IoKind::Write, 1), SimTime(10_000.0));
    assert!(at(t, 10_254.0), "{t:?}");
    let t = d.submit(&page(IoKind::Read, 0), SimTime(1_000.0));
    assert!(at(t, 1_029.0), "{t:?}");
    let t = d.submit(&page(IoKind::Read, 0), SimTime(10_100.0));
    assert!(at(t, 10_283.0), "{t:?}");
}

#[test]
fn absurd_parameters_are_refused() {
    let mut p = SsdParams::sata();
    assert!(p.set("channels", 0.0).is_err());
    assert!(p.set("channels", 2.5).is_err());
    assert!(p.set("erase_ms", 2.0).is_err());
    p.set("blocks", 1_048_576.0).unwrap();
    assert!(p.validate().is_err(), "too many pages for the lab");
    let mut p = SsdParams::sata();
    p.set("blocks", 2.0).unwrap();
    p.set("overprovision_pct", 10.0).unwrap();
    assert!(p.validate().is_err(), "needs a spare block");
    assert!(Ssd::new("X", &PCIE_FLASH, SsdParams::pcie()).is_ok());
    let mut d = tiny(1.0);
    assert!(!d.set_param("blocks", 8.0), "geometry is fixed once built");
    assert!(d.set_param("erase_us", 3_000.0));
}
