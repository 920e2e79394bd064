//! The `cache buffers chains` latch set: which child latch covers a block
//! (hash bucket → child), and each child's gets, misses and sleeps. Latches
//! belong to the instance (V$LATCH, V$LATCH_CHILDREN); a get is charged
//! here, by the buffer cache, whichever session takes it.

/// The bucket-to-child-latch mapping of one cache configuration: which
/// `cache buffers chains` child covers a block. Copied into each trace so
/// its latch column can be derived instead of stored per event.
#[derive(Debug, Clone, Copy, Default)]
pub struct LatchMap {
    /// Hash buckets - 1 (bucket counts are powers of two).
    pub(crate) bucket_mask: u32,
    /// log2 of the buckets per child latch (a power of two too).
    pub(crate) latch_shift: u32,
}

impl LatchMap {
    /// The child covering the block at address (`file`#, `block`#).
    #[inline(always)]
    pub fn child(&self, file: u32, block: u32) -> u16 {
        let dba = ((file as u64) << 32) | block as u64;
        let bucket = (mix64(dba) as u32) & self.bucket_mask;
        (bucket >> self.latch_shift) as u16
    }
}

fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Totals of one latch or of a set of children.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LatchChild {
    pub gets: u64,
    pub misses: u64,
    pub sleeps: u64,
    /// Misses that got the latch while spinning (V$LATCH.SPIN_GETS).
    pub spin_gets: u64,
}

/// Simulated times closer than this (µs) are the same moment.
pub const EPS: f64 = 1e-6;

/// A child's most recent hold: who took it, in which mode, from when to when.
#[derive(Debug, Clone, Copy, Default)]
struct Hold {
    from: f64,
    until: f64,
    sid: u32,
    shared: bool,
}

/// How a contended get went: the time spent spinning (CPU) and sleeping
/// (the `latch: cache buffers chains` wait), and whether a shared hold had
/// to wait before its upgrade to exclusive.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LatchWait {
    pub spin_us: f64,
    pub sleep_us: f64,
    pub upgrade_waited: bool,
}

/// How long a child is held and how long a miss spins before it sleeps.
#[derive(Debug, Clone, Copy)]
pub struct LatchTiming {
    pub hold_us: f64,
    pub spin_us: f64,
    pub wakeup_us: f64,
}

/// The CBC child latches. Gets are kept in one dense array (the hot
/// path). While two or more sessions run at once ([`LatchSet::contention`])
/// each child also remembers its last hold: a get by another session
/// inside that hold is a miss that spins, and sleeps when the holder keeps
/// the latch longer than the spin.
#[derive(Debug, Clone)]
pub struct LatchSet {
    pub map: LatchMap,
    gets: Vec<u64>,
    /// The sum of `gets` (read once per step: not summed over the children).
    total_gets: u64,
    /// Each child's last hold; empty unless contention is modelled.
    holds: Vec<Hold>,
    misses: u64,
    sleeps: u64,
    spin_gets: u64,
}

impl LatchSet {
    /// `hash_buckets` and `children` are powers of two.
    pub fn new(hash_buckets: u32, children: u32) -> Self {
        debug_assert!(hash_buckets.is_power_of_two() && children.is_power_of_two());
        LatchSet {
            map: LatchMap { bucket_mask: hash_buckets - 1, latch_shift: (hash_buckets / children).trailing_zeros() },
            gets: vec![0; children as usize],
            total_gets: 0,
            holds: Vec::new(),
            misses: 0,
            sleeps: 0,
            spin_gets: 0,
        }
    }

    /// Model holders and misses from now on (`true`: sessions run at once),
    /// or stop (the holds are forgotten).
    pub fn set_contention(&mut self, on: bool) {
        if on {
            self.holds = vec![Hold::default(); self.gets.len()];
        } else {
            self.holds = Vec::new();
        }
    }

    /// Whether holders are modelled (two or more sessions run at once).
    #[inline(always)]
    pub fn contention(&self) -> bool {
        !self.holds.is_empty()
    }

    /// Session `sid` takes `child` at `t` (µs) for `timing.hold_us`, in
    /// shared or exclusive mode. Another session's hold covering `t`
    /// makes the get a miss (two shared holds are compatible): the getter
    /// spins until the holder releases, or, when that is further away
    /// than the spin, spins the whole spin and sleeps until it is posted at
    /// the release (`wakeup_us` later). `upgrade`: a shared get that then
    /// upgrades to exclusive, which waits when another session's shared
    /// hold is still running at that moment. `timing`'s durations are on
    /// the clock's grid (`sim::GridUs`: the cost parameters' grid values).
    pub fn contend(
        &mut self,
        child: u16,
        sid: u32,
        t: f64,
        shared: bool,
        upgrade: bool,
        timing: LatchTiming,
    ) -> LatchWait {
        let Some(h) = self.holds.get_mut(child as usize) else { return LatchWait::default() };
        let mut w = LatchWait::default();
        // Times within a nanosecond count as equal (sums of float costs).
        let busy = h.sid != sid && t >= h.from - EPS && t < h.until - EPS && !(shared && h.shared);
        let mut start = t;
        if busy {
            self.misses += 1;
            let wait = h.until - t;
            if wait <= timing.spin_us {
                self.spin_gets += 1;
                w.spin_us = wait;
            } else {
                self.sleeps += 1;
                w.spin_us = timing.spin_us;
                w.sleep_us = wait - timing.spin_us + timing.wakeup_us;
            }
            start = t + w.spin_us + w.sleep_us;
        } else if upgrade && h.sid != sid && h.shared && t >= h.from - EPS && t < h.until - EPS {
            // Shared with another reader: the upgrade waits for it to leave.
            w.upgrade_waited = true;
            w.spin_us = h.until - t;
            start = h.until;
        }
        let until = start + timing.hold_us;
        let overlap_shared = shared && h.shared && start < h.until && !upgrade;
        *h = Hold {
            from: start,
            until: if overlap_shared { until.max(h.until) } else { until },
            sid,
            shared: shared && !upgrade,
        };
        w
    }

    /// `n` gets of the child covering the block at (`file`#, `block`#);
    /// returns the child.
    #[inline(always)]
    pub fn get(&mut self, file: u32, block: u32, n: u64) -> u16 {
        self.get_child(self.map.child(file, block), n)
    }

    /// `n` gets of child `child` (one the map gave for the block); returns it.
    #[inline(always)]
    pub fn get_child(&mut self, child: u16, n: u64) -> u16 {
        self.gets[child as usize] += n;
        self.total_gets += n;
        child
    }

    pub fn children(&self) -> usize {
        self.gets.len()
    }

    pub fn child_gets(&self, child: u16) -> u64 {
        self.gets.get(child as usize).copied().unwrap_or(0)
    }

    pub fn totals(&self) -> LatchChild {
        LatchChild { gets: self.total_gets, misses: self.misses, sleeps: self.sleeps, spin_gets: self.spin_gets }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: LatchTiming = LatchTiming { hold_us: 1.0, spin_us: 5.0, wakeup_us: 2.0 };

    #[test]
    fn a_held_child_makes_another_sessions_get_spin_then_sleep() {
        let mut l = LatchSet::new(1024, 1024);
        l.set_contention(true);
        // Session 10 holds child 3 over [0, 1).
        assert_eq!(l.contend(3, 10, 0.0, false, false, T), LatchWait::default());
        // Session 11 at 0.25: a miss, spins 0.75 us, holds [1, 2).
        let w = l.contend(3, 11, 0.25, false, false, T);
        assert_eq!((w.spin_us, w.sleep_us), (0.75, 0.0));
        // Session 10 again at 1.5: held by 11 until 2: spins 0.5.
        assert_eq!(l.contend(3, 10, 1.5, false, false, T).spin_us, 0.5);
        // A long hold (10 us) makes the next getter sleep: spin 5, sleep 5 + 2.
        let long = LatchTiming { hold_us: 10.0, ..T };
        l.contend(3, 12, 20.0, false, false, long);
        let w = l.contend(3, 11, 20.0, false, false, T);
        assert_eq!((w.spin_us, w.sleep_us), (5.0, 7.0));
        // The same session never misses on its own hold; other children are free.
        assert_eq!(l.contend(3, 11, 32.5, false, false, T), LatchWait::default());
        assert_eq!(l.contend(4, 12, 32.5, false, false, T), LatchWait::default());
        let t = l.totals();
        assert_eq!((t.misses, t.spin_gets, t.sleeps), (3, 2, 1));
    }

    #[test]
    fn shared_holds_are_compatible_until_an_upgrade() {
        let mut l = LatchSet::new(1024, 1024);
        l.set_contention(true);
        l.contend(7, 10, 0.0, true, false, T);
        assert_eq!(l.contend(7, 11, 0.5, true, false, T), LatchWait::default());
        // Session 12 upgrades while 11's shared hold runs until 1.5.
        let w = l.contend(7, 12, 1.0, true, true, T);
        assert!(w.upgrade_waited);
        assert_eq!(w.spin_us, 0.5);
        assert_eq!(l.totals().misses, 0);
        // Without contention nothing is remembered.
        l.set_contention(false);
        assert_eq!(l.contend(7, 11, 1.2, false, false, T), LatchWait::default());
    }
}
