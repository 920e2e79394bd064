//! The index leaf a nested loop's inner index scan keeps pinned from one
//! outer row to the next (11g; the model of "Logical I/O Evolution - Part
//! 3", docs/MODEL.md "Kept leaf pins").
//!
//! A probe that continues where the previous one stopped (ascending keys,
//! as when both row sources are in key order) and lies in the kept leaf
//! needs no descent: it reads the
//! pinned leaf and records nothing, neither a get nor `buffer is pinned
//! count` (the article's "missing buffer visits"). The kept pin is trusted
//! while the outer row source stays on the block it was on and the next
//! one; the probe after that re-verifies it by descending from the root.
//! A leaf reached by a leaf change counts as verified one outer block
//! earlier, so a leaf spanning `b` outer blocks is verified `ceil(b / 2)`
//! times. At a leaf change a range scan follows the kept leaf's sibling
//! pointer; a unique scan, which has no sibling walk, descends and pins.

/// How an inner index probe reaches its leaf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeafPath {
    /// Descend from the root (the classic probe).
    Descend,
    /// The key is in the kept leaf and the pin is trusted: no visit recorded.
    Kept,
    /// The key is in the kept leaf, due for verification: descend to it.
    Verify,
    /// The key is in the leaf after the kept one: a range scan follows the
    /// sibling pointer, a unique scan descends, each pinning the new leaf.
    Next,
    /// Unique scan: the key is the entry after the previous probe's, in
    /// the leaf it examined (ascending probes): descend and pin the leaf.
    Repeat,
}

/// The leaf kept pinned across outer rows, and what the scan knows of it.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeptLeaf {
    /// Leaf (in key order) kept pinned.
    pub leaf: Option<u32>,
    /// Unique scan: leaf examined (not pinned) by the previous probe.
    last: Option<u32>,
    /// Outer block changes since the kept pin was last verified.
    moves: u8,
    /// The scan runs as a nested loop's inner row source keeping pins.
    pub in_loop: bool,
}

impl KeptLeaf {
    /// A new start of the scan: for a new outer row when `keep` (the nested
    /// loop keeps its inner pins), `outer_moved` when the outer row source
    /// is on a new block; otherwise a fresh execution.
    #[inline]
    pub fn open(&mut self, keep: bool, outer_moved: bool) {
        if !keep {
            *self = KeptLeaf::default();
            return;
        }
        self.in_loop = true;
        if outer_moved {
            self.moves = self.moves.saturating_add(1);
        }
    }

    /// The path to `leaf`. `trust`: outer blocks a kept pin is trusted for
    /// (0: no kept-leaf reuse). `ascending`: the probe's first entry is the
    /// one right after the previous probe's (unique scan), or the one its
    /// range scan stopped at. Probes in any other order always descend.
    #[inline]
    pub fn path(&self, leaf: u32, unique: bool, ascending: bool, trust: u8) -> LeafPath {
        if trust == 0 || !self.in_loop || !ascending {
            return LeafPath::Descend;
        }
        match self.leaf {
            Some(k) if k == leaf => {
                if self.moves >= trust {
                    LeafPath::Verify
                } else {
                    LeafPath::Kept
                }
            }
            Some(k) if k.checked_add(1) == Some(leaf) => LeafPath::Next,
            _ if unique && ascending && self.last == Some(leaf) => LeafPath::Repeat,
            _ => LeafPath::Descend,
        }
    }

    /// Record the probe's path to `leaf`. `pins`: a descent pins the leaf
    /// (range scans; unique scans examine it).
    #[inline]
    pub fn taken(&mut self, path: LeafPath, leaf: u32, pins: bool) {
        match path {
            LeafPath::Kept => {}
            LeafPath::Verify => self.moves = 0,
            LeafPath::Descend => {
                self.moves = 0;
                if pins {
                    self.leaf = Some(leaf);
                } else {
                    self.leaf = None;
                    self.last = Some(leaf);
                }
            }
            LeafPath::Next | LeafPath::Repeat => {
                self.leaf = Some(leaf);
                self.last = None;
                self.moves = 1;
            }
        }
    }

    /// Fetch-call boundary: every pin is released.
    pub fn release(&mut self) {
        self.leaf = None;
        self.last = None;
        self.moves = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ordered unique probes: 30 keys over 3 leaves of 10, 3 outer blocks
    /// of 10 rows each aligned with the leaves.
    #[test]
    fn ordered_unique_probes() {
        let mut k = KeptLeaf::default();
        let mut paths = Vec::new();
        for i in 0..30u32 {
            k.open(true, i % 10 == 0 && i > 0);
            let leaf = i / 10;
            let p = k.path(leaf, true, true, 2);
            k.taken(p, leaf, false);
            paths.push(p);
        }
        use LeafPath::*;
        assert_eq!(paths[0], Descend);
        assert_eq!(paths[1], Repeat);
        assert!(paths[2..10].iter().all(|p| *p == Kept));
        // A new leaf (and a new outer block): descend and pin.
        assert_eq!(paths[10], Next);
        assert!(paths[11..20].iter().all(|p| *p == Kept));
        assert_eq!(paths[20], Next);
    }

    #[test]
    fn verification_every_second_outer_block() {
        let mut k = KeptLeaf::default();
        k.open(true, false);
        k.taken(LeafPath::Next, 5, true);
        let mut verified = 0;
        // 9 outer block changes inside the leaf: verified at the 1st, 3rd,
        // 5th, 7th and 9th.
        for m in 1..=9 {
            k.open(true, true);
            let p = k.path(5, false, true, 2);
            if p == LeafPath::Verify {
                verified += 1;
                assert_eq!(m % 2, 1, "verified at move {m}");
            }
            k.taken(p, 5, true);
        }
        assert_eq!(verified, 5);
    }

    #[test]
    fn no_reuse_outside_a_loop_or_without_trust() {
        let mut k = KeptLeaf::default();
        k.open(false, false);
        k.taken(LeafPath::Descend, 3, true);
        assert_eq!(k.path(3, false, true, 2), LeafPath::Descend);
        k.open(true, false);
        k.taken(LeafPath::Descend, 3, true);
        assert_eq!(k.path(3, false, true, 0), LeafPath::Descend);
        assert_eq!(k.path(3, false, false, 2), LeafPath::Descend, "a probe out of order");
        assert_eq!(k.path(3, false, true, 2), LeafPath::Kept);
    }
}
