//! A block's address comes from its segment's datafile extents (issue 28,
//! the order/DDL test): (file#, block#) in its tablespace's file, as
//! Oracle's DBA, not the segment's number, which counts every segment
//! created before it, dropped ones included. The CBC child and the device
//! address follow the address, so a table gets the same ones whatever was
//! created and dropped before it.
//!
//! Locally managed files start with a 1 MB space-management header from
//! 11.2 (64 KB before): Jonathan Lewis, "LMT Headers",
//! https://jonathanlewis.wordpress.com/2012/05/31/lmt-headers/ ; system
//! allocation gives 16 extents of 64 KB, then 1 MB ones.

mod common;
use common::*;
use lio_core::Engine;

/// The live heap segment of table `name`.
fn seg_of(e: &Engine, name: &str) -> u32 {
    e.catalog().table(name).and_then(|t| t.heap_seg()).expect("a table with a segment")
}

/// Every allocated block's (file#, block#, CBC child) of table `name`.
fn addresses(e: &Engine, name: &str) -> Vec<(u32, u32, u16)> {
    let seg = seg_of(e, name);
    let x = &e.instance().io.extents;
    let blocks: u32 = x.extents_of(seg).iter().map(|e| e.2).sum();
    (0..blocks)
        .map(|b| {
            let a = x.address(seg, b).expect("an allocated block");
            (a.file, a.block, e.instance().sga.cache.latch_child(a.file, a.block))
        })
        .collect()
}

const SETUP: &str = "LAB DEVICE disk TYPE hdd cache_mb = 0;\n\
     create tablespace disk_ts datafile '+DISK' size 1g;\n";

const TABLE: &str = "create table t (id number, pad varchar2(200)) tablespace disk_ts;\n\
     insert into t select rownum, rpad('x', 200, 'x') from dual connect by level <= 3000;\n\
     commit;\n";

/// The HDD's busy time over a full scan of T from disk (seeks, rotations
/// and transfers: it depends on where T's blocks are).
fn scan_busy_us(e: &mut Engine) -> f64 {
    ok(&e.exec("alter system checkpoint;\nalter system flush buffer_cache;"));
    let before = e.instance().io.device("DISK").unwrap().counters().busy_us;
    ok(&e.exec("select /*+ full(t) */ count(*) from t where id > 0;"));
    e.instance().io.device("DISK").unwrap().counters().busy_us - before
}

/// A table created after N other tables (with an index, rows) were created
/// and dropped in its tablespace and in USERS has the blocks, CBC children
/// and device timings a fresh engine gives it.
#[test]
fn a_table_after_dropped_ones_has_a_fresh_engines_addresses() {
    let mut fresh = quiet_engine();
    ok(&fresh.exec(&format!("{SETUP}{TABLE}")));
    let mut used = quiet_engine();
    ok(&used.exec(SETUP));
    for n in 0..5 {
        ok(&used.exec(&format!(
            "create table x{n} (id number, pad varchar2(100)) tablespace disk_ts;\n\
             create index x{n}_i on x{n} (id) tablespace disk_ts;\n\
             create table u{n} (id number);\n\
             insert into x{n} select rownum, rpad('y', 100, 'y') from dual connect by level <= {};\n\
             insert into u{n} values (1);\n\
             commit;\n\
             drop table x{n};\n\
             drop table u{n};",
            500 * (n + 1)
        )));
    }
    ok(&used.exec(TABLE));
    assert!(seg_of(&used, "T") > seg_of(&fresh, "T") + 10, "the segment numbers differ");
    let a = addresses(&fresh, "T");
    assert_eq!(a, addresses(&used, "T"));
    // disk_ts is file 5 (after SYSTEM, SYSAUX, UNDOTBS1, USERS; TEMP is a
    // tempfile); T's first block follows the 1 MB header (block 128).
    assert_eq!(a[0].0, 5);
    assert_eq!(a[0].1, 128);
    let (f, u) = (scan_busy_us(&mut fresh), scan_busy_us(&mut used));
    assert!(f > 0.0);
    assert_eq!(f, u, "the same seeks");
}

/// DROP gives the segment's extents back; the next segment created in the
/// tablespace takes the first free one.
#[test]
fn a_dropped_segments_extents_are_reused() {
    let mut e = quiet_engine();
    // Deferred segment creation (the default): a table's first extent
    // comes with its first row.
    ok(&e.exec(
        "create table a (n number, p varchar2(100));\n\
         insert into a values (0, null);\n\
         create table b (n number);\n\
         insert into b values (0);\n\
         insert into a select rownum, rpad('x', 100, 'x') from dual connect by level <= 2000;\n\
         commit;",
    ));
    let xa = e.instance().io.extents.extents_of(seg_of(&e, "A"));
    let xb = e.instance().io.extents.extents_of(seg_of(&e, "B"));
    // USERS is file 4: A's first extent (8 blocks of 8 KB) after the
    // header, B's next, A's second after B's.
    assert_eq!(xa[0], (4, 128, 8));
    assert_eq!(xb, vec![(4, 136, 8)]);
    assert_eq!(xa[1], (4, 144, 8));
    ok(&e.exec(
        "drop table a;\ncreate table c (n number);\ninsert into c values (1);\n\
         create table d (n number);\ninsert into d values (1);",
    ));
    assert_eq!(e.instance().io.extents.extents_of(seg_of(&e, "C")), vec![(4, 128, 8)]);
    assert_eq!(e.instance().io.extents.extents_of(seg_of(&e, "D")), vec![(4, 144, 8)]);
}

/// However segments are created, grown and dropped, no two live ones
/// share a block.
#[test]
fn two_live_segments_never_share_an_address() {
    let mut e = quiet_engine();
    for n in 0..6 {
        ok(&e.exec(&format!(
            "create table s{n} (id number, pad varchar2(300));\n\
             create index s{n}_i on s{n} (id);\n\
             insert into s{n} select rownum, rpad('z', 300, 'z') from dual connect by level <= {};\n\
             commit;",
            700 * (n % 3 + 1)
        )));
        if n % 2 == 1 {
            ok(&e.exec(&format!("drop table s{};", n - 1)));
        }
    }
    let cat = e.catalog();
    let x = &e.instance().io.extents;
    let mut taken: Vec<(u32, u32, u32)> = Vec::new();
    for s in cat.segments.iter().filter(|s| !s.dropped) {
        taken.extend(x.extents_of(s.id));
    }
    taken.sort();
    assert!(taken.len() > 20, "{taken:?}");
    for w in taken.windows(2) {
        let (a, b) = (w[0], w[1]);
        assert!(a.0 != b.0 || a.1 + a.2 <= b.1, "{a:?} and {b:?} overlap");
    }
}
