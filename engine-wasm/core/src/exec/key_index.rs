//! A hash join's build rows by key (`row_source/hash_join.rs`): each
//! distinct key's chain of build rows, in the order they were inserted.
//!
//! Open addressing over the keys' bytes ([`crate::exec::hash_area::key_bytes`])
//! kept in one buffer, and the chains as links between build rows: no
//! allocation per row or per key (the vectors grow, and keep their
//! capacity from one execution to the next). The slot is the top bits of
//! the key's Fx hash (a multiplicative hash mixes upwards: a NUMBER's key
//! bytes differ in their high bytes).

use crate::fasthash::FxHasher;
use std::hash::Hasher;

/// No row: the end of a chain.
pub const END: u32 = u32::MAX;

#[derive(Debug, Clone, Default)]
pub struct KeyIndex {
    /// Per slot: its chain + 1 (0: empty). A power of two long, at most
    /// half full.
    slots: Vec<u32>,
    /// Per chain: its key's hash, its key's bytes in `bytes`, its first and
    /// last build row.
    hashes: Vec<u64>,
    spans: Vec<(u32, u32)>,
    first: Vec<u32>,
    last: Vec<u32>,
    bytes: Vec<u8>,
    /// Per build row: the next row of its chain ([`END`] at the end; rows
    /// inserted without a key are in no chain).
    next: Vec<u32>,
}

fn hash(key: &[u8]) -> u64 {
    let mut h = FxHasher::default();
    h.write(key);
    h.finish()
}

impl KeyIndex {
    pub fn clear(&mut self) {
        self.slots.clear();
        self.hashes.clear();
        self.spans.clear();
        self.first.clear();
        self.last.clear();
        self.bytes.clear();
        self.next.clear();
    }

    fn slot_of(&self, h: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (h >> (64 - bits)) as usize
    }

    /// The chain of `key` (hashed `h`), or the empty slot it would take.
    fn find(&self, key: &[u8], h: u64) -> Result<u32, usize> {
        if self.slots.is_empty() {
            return Err(0);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(h);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            let c = (s - 1) as usize;
            let (at, len) = self.spans[c];
            if self.hashes[c] == h && &self.bytes[at as usize..(at + len) as usize] == key {
                return Ok(c as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// The first build row with `key` ([`END`]: none).
    #[inline]
    pub fn first(&self, key: &[u8]) -> u32 {
        match self.find(key, hash(key)) {
            Ok(c) => self.first[c as usize],
            Err(_) => END,
        }
    }

    /// The row after `row` in its chain ([`END`]: none).
    #[inline]
    pub fn next(&self, row: u32) -> u32 {
        self.next[row as usize]
    }

    /// The next build row (numbered from 0 in insertion order), in no chain.
    pub fn push_unkeyed(&mut self) {
        self.next.push(END);
    }

    /// The next build row, with `key`: at the end of the key's chain.
    pub fn push(&mut self, key: &[u8]) {
        let row = self.next.len() as u32;
        self.next.push(END);
        let h = hash(key);
        match self.find(key, h) {
            Ok(c) => {
                let c = c as usize;
                self.next[self.last[c] as usize] = row;
                self.last[c] = row;
            }
            Err(i) => {
                let c = self.hashes.len() as u32;
                self.hashes.push(h);
                self.spans.push((self.bytes.len() as u32, key.len() as u32));
                self.bytes.extend_from_slice(key);
                self.first.push(row);
                self.last.push(row);
                if 2 * (c as usize + 1) > self.slots.len() {
                    self.grow();
                } else {
                    self.slots[i] = c + 1;
                }
            }
        }
    }

    /// Twice the slots (16 at first), every chain placed again.
    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(16);
        self.slots.clear();
        self.slots.resize(n, 0);
        let mask = n - 1;
        for c in 0..self.hashes.len() {
            let mut i = self.slot_of(self.hashes[c]);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = c as u32 + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(ix: &KeyIndex, key: &[u8]) -> Vec<u32> {
        let mut v = Vec::new();
        let mut r = ix.first(key);
        while r != END {
            v.push(r);
            r = ix.next(r);
        }
        v
    }

    /// Rows come back per key in insertion order, across growths, and
    /// unkeyed rows keep their numbers but join nothing.
    #[test]
    fn chains_in_insertion_order() {
        let mut ix = KeyIndex::default();
        let mut kb = Vec::new();
        let key = |i: u32, kb: &mut Vec<u8>| {
            let v = crate::value::Value::from_f64((i % 1000) as f64);
            crate::exec::hash_area::key_bytes(std::slice::from_ref(&v), kb);
        };
        for i in 0..5000u32 {
            if i % 7 == 3 {
                ix.push_unkeyed();
                continue;
            }
            key(i, &mut kb);
            ix.push(&kb);
        }
        for k in [0u32, 3, 999] {
            key(k, &mut kb);
            let want: Vec<u32> = (0..5000).filter(|i| i % 1000 == k && i % 7 != 3).collect();
            assert_eq!(chain(&ix, &kb), want);
        }
        key(1000, &mut kb);
        assert_eq!(chain(&ix, &kb), (0..5000).filter(|i| i % 1000 == 0 && i % 7 != 3).collect::<Vec<_>>());
        assert_eq!(ix.first(b"nothing"), END);
        ix.clear();
        assert_eq!(ix.first(&kb), END);
    }
}
