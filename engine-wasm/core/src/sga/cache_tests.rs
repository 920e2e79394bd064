//! The buffer cache's unit tests (`sga/cache.rs`).

use super::*;
use crate::instance::version;
use crate::io::FixedLatency;

#[test]
fn latch_gets_follow_get_kinds_and_misses_go_to_the_device() {
    let mut c = BufferCache::new(8192, 64 << 20, 0, &version::V18, true);
    let mut d = FixedLatency::new("DATA", 100.0);
    let t = SimTime(5.0);
    assert_eq!(c.consistent_get(1, 10, GetKind::Examination, &mut d, t).read_done(), Some(SimTime(105.0)));
    c.consistent_get(1, 11, GetKind::Normal, &mut d, t);
    c.consistent_get(1, 12, GetKind::Pin, &mut d, t);
    assert_eq!(c.latch_totals().gets, 1 + 2 + 2);
    assert_eq!(d.counters().read_requests, 3);
    assert_eq!(c.consistent_get(1, 10, GetKind::Examination, &mut d, t).read_done(), None);
    assert_eq!(d.counters().read_requests, 3);
    let child = c.latch_child(1, 10);
    assert_eq!(c.latches.child_gets(child), 2);
}

#[test]
fn lru_mid_point_touch_counts_and_a_free_buffer_wait() {
    // 4 buffers: hot half 2, scan depth 1.
    let mut c = BufferCache::new(8192, 4 * 8192, 0, &version::V18, true);
    let mut d = FixedLatency::new("DATA", 100.0);
    for b in 1..=4 {
        c.consistent_get(1, b, GetKind::Normal, &mut d, SimTime(0.0));
    }
    let order = |c: &BufferCache| c.lru_order(PoolKind::Default).iter().map(|x| (x.1, x.2, x.3)).collect::<Vec<_>>();
    // Each read entered at the mid-point (the hot half is empty).
    assert_eq!(order(&c), vec![(4, 1, false), (3, 1, false), (2, 1, false), (1, 1, false)]);
    // Within 3 s a visit does not count; after 3 s it does.
    c.consistent_get(1, 1, GetKind::Normal, &mut d, SimTime(1e6));
    c.consistent_get(1, 1, GetKind::Normal, &mut d, SimTime(3.1e6));
    // Block 5: block 1 (touch 2) goes to the hot end, block 2 is reused.
    let m = c.consistent_get(1, 5, GetKind::Normal, &mut d, SimTime(3.2e6)).miss.unwrap();
    assert_eq!(m.hot_moved, 1);
    assert_eq!(order(&c), vec![(1, 0, false), (5, 1, false), (4, 1, false), (3, 1, false)]);
    // Block 3 is changed (3.3 s after its read: touch count 2): dirty,
    // at the cold end. Block 6's search posts DBWR (it writes block 3:
    // 100 us), moves block 3 to the hot end, finds no clean buffer
    // within its depth and waits for the write; then reuses block 4.
    c.consistent_get(1, 3, GetKind::Current, &mut d, SimTime(3.3e6));
    assert_eq!(c.segment_buffers(1), (4, 1));
    let m = c.consistent_get(1, 6, GetKind::Normal, &mut d, SimTime(4e6)).miss.unwrap();
    let done = Some(m.done);
    assert_eq!((m.free_waits, m.free_wait_us), (1, 100.0));
    assert_eq!(done, Some(SimTime(4e6 + 200.0)), "the read starts when the write is done");
    assert_eq!((c.dbwr.stats.physical_writes, d.counters().write_requests), (1, 1));
    assert_eq!(order(&c), vec![(3, 0, false), (1, 0, false), (6, 1, false), (5, 1, false)]);
    // The same with DBWR's write taking 2.5 s: the wait times out at
    // 1 s and the session scans again; block 3 went to the hot end in
    // the first scan, so block 4 is now at the cold end, clean, and
    // is reused without waiting for the write.
    let mut c2 = BufferCache::new(8192, 4 * 8192, 0, &version::V18, true);
    let mut d2 = FixedLatency::new("DATA", 100.0);
    for (b, at) in [(1, 0.0), (2, 0.0), (3, 0.0), (4, 0.0), (1, 1e6), (1, 3.1e6), (5, 3.2e6), (3, 3.3e6)] {
        let kind = if at == 3.3e6 { GetKind::Current } else { GetKind::Normal };
        c2.consistent_get(1, b, kind, &mut d2, SimTime(at));
    }
    assert!(d2.set_param("latency_us", 2_500_000.0));
    let m = c2.consistent_get(1, 6, GetKind::Normal, &mut d2, SimTime(4e6)).miss.unwrap();
    let done = Some(m.done);
    assert_eq!((m.free_waits, m.free_wait_timeouts, m.free_wait_us), (1, 1, 1e6));
    assert_eq!(done, Some(SimTime(5e6 + 2_500_000.0)), "read at the timeout");
    assert_eq!(order(&c2), vec![(3, 0, true), (1, 0, false), (6, 1, false), (5, 1, false)]);
}
