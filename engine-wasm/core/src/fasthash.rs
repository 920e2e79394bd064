//! A fast, non-cryptographic hasher for the engine's hot maps (interned
//! stacks, cursors by text, row locks): the Fx hash rustc uses. The maps'
//! keys come from the lab's own structures and the user's script, and a
//! slow hash would cost more than any collision attack could.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[derive(Debug, Clone, Copy, Default)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
pub type FxMap<K, V> = HashMap<K, V, FxBuild>;
pub type FxSet<K> = HashSet<K, FxBuild>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_tuples_hash_apart() {
        let mut m: FxMap<String, u32> = FxMap::default();
        for i in 0..10_000u32 {
            m.insert(format!("oracle;opitsk;frame{i}"), i);
        }
        assert_eq!(m.len(), 10_000);
        assert_eq!(m["oracle;opitsk;frame42"], 42);
        let mut s: FxSet<(u32, u32)> = FxSet::default();
        for a in 0..100 {
            for b in 0..100 {
                s.insert((a, b));
            }
        }
        assert_eq!(s.len(), 10_000);
        // Prefixes of each other differ (the length is mixed in).
        let h = |x: &[u8]| {
            let mut f = FxHasher::default();
            f.write(x);
            f.finish()
        };
        assert_ne!(h(b"abc"), h(b"abc\0"));
    }
}
