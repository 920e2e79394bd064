//! What sessions hold on buffers: blocks with uncommitted changes (by
//! writer), blocks a committed transaction left uncleaned, exclusive pins
//! of current-mode gets while sessions run at once, and the RowCR window. The buffer cache owns one [`BufferHolds`];
//! sessions read and change it through these methods only.

use crate::fasthash::FxMap;

/// Spare writer lists kept for the changed blocks (beyond these they are freed).
pub const ACTIVE_SPARE: usize = 64;

/// A block: (segment, block).
pub type BlockKey = (u32, u32);

#[derive(Debug, Clone, Default)]
pub struct BufferHolds {
    /// Blocks holding uncommitted changes: block -> (the changing
    /// session's SID, undo records for the block). A reader from another
    /// session builds a consistent-read clone of such a block.
    active: FxMap<BlockKey, Vec<(u32, u32)>>,
    /// Emptied writer lists of `active`, reused for the next blocks marked
    /// (a workload marks and releases a block on every commit).
    active_spare: Vec<Vec<(u32, u32)>>,
    /// While other sessions of a workload run (until this simulated time,
    /// µs), a unique-index shortcut get of a table block takes the RowCR
    /// path (versions with RowCR and `_row_cr` on); 0 otherwise.
    row_cr_until: f64,
    /// Buffers pinned exclusive by a current-mode get while sessions run
    /// at once: block -> (from, until, SID). Another session's get in
    /// between waits until then (`buffer busy waits`).
    exclusive_pins: FxMap<BlockKey, (f64, f64, u32)>,
    /// Blocks whose ITL still names a committed transaction: its commit
    /// did not clean them out (past a tenth of the cache, or no longer
    /// cached). The next get of each cleans it out (delayed block
    /// cleanout); the state is the block's, cached or not. One bit a
    /// block, per segment (dense: segment ids and block numbers are small
    /// integers), so that every get can ask for its block without a hash.
    uncleaned: Vec<Vec<u64>>,
    /// How many bits of `uncleaned` are set.
    uncleaned_count: usize,
    /// Blocks whose ITL names committed transactions whose rows still
    /// carry their lock bytes: a commit cleanout (the commit SCN in the
    /// ITL, the lock bytes left) or a current-mode get's delayed cleanout.
    /// The next transaction's first change to the block clears them, a
    /// block cleanout record in its KTB redo, one entry per ITL (block ->
    /// ITLs). A query's consistent get needs nothing of them.
    lock_bytes: FxMap<BlockKey, u8>,
    /// Sessions whose transaction holds an IMU pool (`session/imu.rs`):
    /// its undo is in memory, where a reader's consistent read finds it
    /// without an undo block get (`IMU CR rollbacks`).
    imu_sids: Vec<u32>,
}

impl BufferHolds {
    /// Whether any block waits for its delayed cleanout (one compare on the hot path).
    #[inline(always)]
    pub fn any_uncleaned(&self) -> bool {
        self.uncleaned_count != 0
    }

    /// Whether the block waits for its delayed cleanout (two loads and a
    /// bit test on the hot path).
    #[inline(always)]
    pub fn is_uncleaned(&self, (segment, block): BlockKey) -> bool {
        let word = self.uncleaned.get(segment as usize).and_then(|w| w.get(block as usize / 64));
        word.is_some_and(|w| w & (1 << (block % 64)) != 0)
    }

    /// A committed transaction left the block uncleaned.
    pub fn leave_uncleaned(&mut self, (segment, block): BlockKey) {
        let (s, i) = (segment as usize, block as usize / 64);
        if s >= self.uncleaned.len() {
            self.uncleaned.resize_with(s + 1, Vec::new);
        }
        let words = &mut self.uncleaned[s];
        if i >= words.len() {
            words.resize(i + 1, 0);
        }
        let w = &mut words[i];
        let bit = 1 << (block % 64);
        if *w & bit == 0 {
            *w |= bit;
            self.uncleaned_count += 1;
        }
    }

    /// The block is cleaned out now: whether it needed it.
    pub fn clean_out(&mut self, key: BlockKey) -> bool {
        if !self.is_uncleaned(key) {
            return false;
        }
        self.uncleaned[key.0 as usize][key.1 as usize / 64] &= !(1 << (key.1 % 64));
        self.uncleaned_count -= 1;
        true
    }

    /// A dropped or truncated segment's blocks need no cleanout.
    pub fn forget_uncleaned(&mut self, segment: u32) {
        if let Some(words) = self.uncleaned.get_mut(segment as usize) {
            self.uncleaned_count -= words.iter().map(|w| w.count_ones() as usize).sum::<usize>();
            *words = Vec::new();
        }
        if !self.lock_bytes.is_empty() {
            self.lock_bytes.retain(|k, _| k.0 != segment);
        }
    }

    /// A committed transaction's ITL in the block is cleaned but its rows'
    /// lock bytes remain (commit cleanout), or a current-mode get found it
    /// uncleaned: the next change to the block clears them.
    pub fn leave_lock_bytes(&mut self, key: BlockKey) {
        let n = self.lock_bytes.entry(key).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// A transaction's first change to the block clears the lock bytes
    /// committed transactions left: how many ITLs it cleans out (0: none).
    pub fn take_lock_bytes(&mut self, key: BlockKey) -> u64 {
        if self.lock_bytes.is_empty() {
            return 0;
        }
        self.lock_bytes.remove(&key).map_or(0, u64::from)
    }

    /// Whether any block holds uncommitted changes (one compare on the hot path).
    #[inline(always)]
    pub fn any_changes(&self) -> bool {
        !self.active.is_empty()
    }

    /// Whether a session other than `sid` has uncommitted changes in the block.
    pub fn changed_by_others(&self, key: BlockKey, sid: u32) -> bool {
        self.active.get(&key).is_some_and(|w| w.iter().any(|(s, _)| *s != sid))
    }

    /// IMU pools in use (one per IMU transaction).
    pub fn imu_in_use(&self) -> usize {
        self.imu_sids.len()
    }

    /// Session `sid`'s transaction took an IMU pool.
    pub fn imu_take(&mut self, sid: u32) {
        if !self.imu_sids.contains(&sid) {
            self.imu_sids.push(sid);
        }
    }

    /// Session `sid`'s transaction gave its IMU pool back (flush or end).
    pub fn imu_release(&mut self, sid: u32) {
        self.imu_sids.retain(|s| *s != sid);
    }

    /// Of the other sessions' undo records for the block, those held in
    /// IMU pools.
    pub fn others_imu_records(&self, key: BlockKey, sid: u32) -> u32 {
        if self.imu_sids.is_empty() {
            return 0;
        }
        let w = self.active.get(&key);
        w.map_or(0, |w| w.iter().filter(|(s, _)| *s != sid && self.imu_sids.contains(s)).map(|(_, n)| n).sum())
    }

    /// Undo records of other sessions than `sid` for the block (0: none).
    pub fn others_records(&self, key: BlockKey, sid: u32) -> u32 {
        self.active.get(&key).map_or(0, |w| w.iter().filter(|(s, _)| *s != sid).map(|(_, n)| n).sum())
    }

    /// Session `sid` changed a row of the block (one more undo record).
    pub fn note_change(&mut self, key: BlockKey, sid: u32) {
        self.note_changes(key, sid, 1);
    }

    /// `rows` changes of session `sid` in the block (a load marks each
    /// block once for its rows).
    pub fn note_changes(&mut self, key: BlockKey, sid: u32, rows: u32) {
        let spare = &mut self.active_spare;
        let writers = self.active.entry(key).or_insert_with(|| spare.pop().unwrap_or_default());
        match writers.iter_mut().find(|(s, _)| *s == sid) {
            Some(w) => w.1 += rows,
            None => writers.push((sid, rows)),
        }
    }

    /// One of session `sid`'s changes to the block was rolled back.
    pub fn undo_change(&mut self, key: BlockKey, sid: u32) {
        if let Some(writers) = self.active.get_mut(&key) {
            for w in writers.iter_mut().filter(|(s, _)| *s == sid) {
                w.1 = w.1.saturating_sub(1);
            }
            writers.retain(|(_, n)| *n > 0);
            if writers.is_empty() {
                self.active.remove(&key);
            }
        }
    }

    /// Session `sid`'s transaction ended: its changes to `blocks` are no
    /// longer uncommitted. Emptied lists are kept for reuse (a few); after
    /// a large transaction the emptied map gives its memory back.
    pub fn release(&mut self, sid: u32, blocks: &[BlockKey]) {
        let (active, spare) = (&mut self.active, &mut self.active_spare);
        for key in blocks {
            if let Some(w) = active.get_mut(key) {
                w.retain(|(s, _)| *s != sid);
                if w.is_empty() {
                    if let Some(w) = active.remove(key).filter(|w| w.capacity() <= 16) {
                        if spare.len() < ACTIVE_SPARE {
                            spare.push(w);
                        }
                    }
                }
            }
        }
        if active.is_empty() && active.capacity() > 4096 {
            *active = Default::default();
        }
    }

    /// Whether a shortcut get at `now` takes the RowCR path.
    #[inline(always)]
    pub fn row_cr_at(&self, now: f64) -> bool {
        now < self.row_cr_until
    }

    /// The RowCR window ends at `until` (0: closed).
    pub fn set_row_cr_until(&mut self, until: f64) {
        self.row_cr_until = until;
    }

    /// The exclusive pin on the block, if any: (from, until, SID).
    #[inline]
    pub fn exclusive_pin(&self, key: BlockKey) -> Option<(f64, f64, u32)> {
        if self.exclusive_pins.is_empty() {
            return None;
        }
        self.exclusive_pins.get(&key).copied()
    }

    /// Session `sid` pins the block exclusive from `from` until `until`.
    pub fn pin_exclusive(&mut self, key: BlockKey, from: f64, until: f64, sid: u32) {
        self.exclusive_pins.insert(key, (from, until, sid));
    }

    /// Sessions no longer run at once: no RowCR window, no pins.
    pub fn end_concurrency(&mut self) {
        self.row_cr_until = 0.0;
        self.exclusive_pins.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_seen_by_other_sessions_until_released() {
        let mut h = BufferHolds::default();
        assert!(!h.any_changes());
        h.note_change((1, 7), 10);
        h.note_change((1, 7), 10);
        h.note_change((1, 7), 11);
        assert!(h.any_changes());
        assert!(h.changed_by_others((1, 7), 11));
        assert_eq!((h.others_records((1, 7), 11), h.others_records((1, 7), 12)), (2, 3));
        h.undo_change((1, 7), 10);
        assert_eq!(h.others_records((1, 7), 11), 1);
        h.release(11, &[(1, 7)]);
        assert!(!h.changed_by_others((1, 7), 10));
        h.release(10, &[(1, 7)]);
        assert!(!h.any_changes());
        assert_eq!(h.active_spare.len(), 1, "the emptied list is kept for reuse");
    }

    #[test]
    fn pins_and_the_row_cr_window_end_with_concurrency() {
        let mut h = BufferHolds::default();
        h.pin_exclusive((2, 3), 5.0, 9.0, 42);
        h.set_row_cr_until(f64::INFINITY);
        assert_eq!(h.exclusive_pin((2, 3)), Some((5.0, 9.0, 42)));
        assert!(h.row_cr_at(1e9));
        h.end_concurrency();
        assert_eq!(h.exclusive_pin((2, 3)), None);
        assert!(!h.row_cr_at(0.0));
    }
}
