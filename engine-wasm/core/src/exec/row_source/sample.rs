//! `SAMPLE [BLOCK] (p) [SEED (n)]` at run time: which rows (row
//! sampling) or blocks (block sampling) a TABLE ACCESS SAMPLE or INDEX
//! SAMPLE FAST FULL SCAN keeps. Each is kept when a hash of the
//! execution's seed and its place (block and row slot, or block) falls
//! below p / 100, so about p% are kept, independently. With SEED the
//! seed is n, and every execution keeps the same rows; without it the
//! seed is the simulated clock at the open, a new sample each execution
//! that a rerun of the script repeats. (Oracle's own generator is not
//! reproduced: its samples are other rows, in the same proportion.)

/// A sampling scan's state.
#[derive(Debug, Clone)]
pub struct SampleScan {
    /// p / 100.
    pub fraction: f64,
    /// `SAMPLE BLOCK`.
    pub block: bool,
    pub seed: Option<u32>,
    /// This execution's seed (set at the open).
    pub run_seed: u64,
}

impl SampleScan {
    pub fn new(percent: f64, block: bool, seed: Option<u32>) -> Self {
        SampleScan { fraction: percent / 100.0, block, seed, run_seed: 0 }
    }

    /// At the open: SEED's, else the simulated clock's (microseconds).
    pub fn start(&mut self, now_us: f64) {
        self.run_seed = match self.seed {
            Some(n) => u64::from(n),
            None => now_us.to_bits(),
        };
    }

    /// Whether block `b` is read (always, for row sampling).
    #[inline(always)]
    pub fn block_kept(&self, b: u32) -> bool {
        !self.block || self.draw(u64::from(b), u64::MAX) < self.fraction
    }

    /// Whether row `slot` of block `b` is returned (always, for block
    /// sampling, once its block is read).
    #[inline(always)]
    pub fn row_kept(&self, b: u32, slot: u64) -> bool {
        self.block || self.draw(u64::from(b), slot) < self.fraction
    }

    /// Uniform in [0, 1) from the seed and a place (splitmix64).
    #[inline(always)]
    fn draw(&self, a: u64, b: u64) -> f64 {
        let mut z = self.run_seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xD1B5_4A32_D192_ED03);
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// About p% of 100,000 rows, the same ones for the same seed.
    #[test]
    fn proportion_and_repeat() {
        let mut s = SampleScan::new(10.0, false, Some(7));
        s.start(0.0);
        let kept = (0..100_000u64).filter(|&i| s.row_kept((i / 100) as u32, i % 100)).count();
        assert!((9_500..10_500).contains(&kept), "{kept}");
        let again = (0..100_000u64).filter(|&i| s.row_kept((i / 100) as u32, i % 100)).count();
        assert_eq!(kept, again);
        let mut b = SampleScan::new(25.0, true, Some(7));
        b.start(0.0);
        let blocks = (0..10_000u32).filter(|&i| b.block_kept(i)).count();
        assert!((2_400..2_600).contains(&blocks), "{blocks}");
    }
}
