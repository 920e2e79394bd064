//! The Smart Flash Cache's directory: which block each flash slot holds,
//! filled in ring order (see the module docs of [`super`]).

use crate::fasthash::FxMap;
use crate::io::device::IoRequest;

pub(super) const EMPTY: (u32, u32) = (u32::MAX, u32::MAX);

/// The flash cache's directory: which block each flash slot holds.
#[derive(Debug, Clone, Default)]
pub(super) struct Directory {
    /// Slot -> (file, block).
    pub(super) slots: Vec<(u32, u32)>,
    pub(super) map: FxMap<(u32, u32), u32>,
    /// The next slot to fill.
    hand: u32,
    /// Bytes per slot (the block size of the first cacheable request).
    pub(super) slot_bytes: u32,
}

impl Directory {
    /// The runs of consecutive slots holding a request's blocks, into
    /// `runs` (cleared first); false when one is not cached.
    pub(super) fn lookup(&self, r: &IoRequest, runs: &mut Vec<(u32, u32)>) -> bool {
        runs.clear();
        for b in 0..r.blocks {
            let Some(&s) = self.map.get(&(r.file, r.block.wrapping_add(b))) else { return false };
            match runs.last_mut() {
                Some((start, n)) if *start + *n == s => *n += 1,
                _ => runs.push((s, 1)),
            }
        }
        true
    }

    /// Places a request's blocks in the slots from the hand (a block
    /// already cached keeps its slot); the runs written go to `runs`
    /// (cleared first). Returns the evictions.
    pub(super) fn insert(&mut self, r: &IoRequest, runs: &mut Vec<(u32, u32)>) -> u64 {
        let cap = self.slots.len() as u32;
        runs.clear();
        let mut evicted = 0;
        // Bounded: at most one slot per block, at most the whole cache.
        for b in 0..r.blocks.min(cap) {
            let key = (r.file, r.block.wrapping_add(b));
            let s = match self.map.get(&key) {
                Some(&s) => s,
                None => {
                    let s = self.hand;
                    self.hand = (self.hand + 1) % cap;
                    let old = self.slots[s as usize];
                    if old != EMPTY {
                        self.map.remove(&old);
                        evicted += 1;
                    }
                    self.slots[s as usize] = key;
                    self.map.insert(key, s);
                    s
                }
            };
            match runs.last_mut() {
                Some((start, n)) if *start + *n == s => *n += 1,
                _ => runs.push((s, 1)),
            }
        }
        evicted
    }
}
