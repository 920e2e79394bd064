//! The buffer keeps its block's `cache buffers chains` child
//! (`sga/cache.rs`, [`HitTag`]): noted at the miss, or at the first get of
//! a block read ahead, and noted again when its segment is placed anew.

use super::*;
use crate::instance::version;
use crate::io::{IoLayer, Tablespace};

fn child_at(c: &BufferCache, io: &mut IoLayer, seg: u32, block: u32) -> u16 {
    let a = io.block_address(seg, block);
    c.latch_child(a.file, a.block)
}

/// An index's root formatted before its CREATE placed it (in USERS, by
/// default), then placed in its tablespace: the cached root's gets take
/// the child covering its new address once the segment is readdressed.
#[test]
fn a_segment_placed_anew_while_cached_gets_its_new_child() {
    let mut c = BufferCache::new(8192, 64 << 20, 0, &version::V18, true);
    let mut io = IoLayer::new(100.0);
    io.tablespaces.push(Tablespace { name: "S".into(), device: "DATA".into(), temporary: false, bytes: 1 << 30 });
    c.new_block(7, 1, &mut io, SimTime::ZERO);
    let before = child_at(&c, &mut io, 7, 1);
    assert_eq!(c.consistent_get(7, 1, GetKind::Normal, &mut io, SimTime::ZERO).latch_child, before);
    io.place(7, "S");
    c.readdress_segment(7);
    let after = child_at(&c, &mut io, 7, 1);
    assert_ne!(io.block_address(7, 1).file, 4, "no longer in USERS");
    assert_ne!(after, before, "the new address is under another child");
    let o = c.consistent_get(7, 1, GetKind::Normal, &mut io, SimTime::ZERO);
    assert!(o.miss.is_none());
    assert_eq!(o.latch_child, after);
    assert_eq!(c.latches.child_gets(after), 2);
}

/// A multiblock read installs blocks no get has looked at: each one's
/// first get notes the child covering its own address.
#[test]
fn blocks_read_ahead_note_their_child_at_their_first_get() {
    let mut c = BufferCache::new(8192, 64 << 20, 0, &version::V18, true);
    let mut io = IoLayer::new(100.0);
    let m = c.get_ahead(9, 0, GetKind::Examination, 8, &mut io, SimTime::ZERO);
    assert_eq!(m.miss.map(|m| m.blocks), Some(8));
    for b in (0..8).rev() {
        let want = child_at(&c, &mut io, 9, b);
        for _ in 0..2 {
            let o = c.consistent_get(9, b, GetKind::Examination, &mut io, SimTime::ZERO);
            assert!(o.miss.is_none());
            assert_eq!(o.latch_child, want, "block {b}");
        }
    }
}
