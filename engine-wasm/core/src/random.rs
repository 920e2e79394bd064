//! `DBMS_RANDOM`: a seeded, deterministic generator. The same script gives
//! the same data in the UI, the CLI and the tests. (Oracle's own sequence is
//! not reproduced; only its interface and distributions are.)

#[derive(Debug, Clone)]
pub struct DbmsRandom {
    state: u64,
}

impl DbmsRandom {
    pub fn new(seed: u64) -> Self {
        let mut r = DbmsRandom { state: 0 };
        r.seed(seed);
        r
    }

    /// `dbms_random.seed(n)`
    pub fn seed(&mut self, seed: u64) {
        self.state = seed ^ 0x9E37_79B9_7F4A_7C15;
    }

    /// splitmix64
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `dbms_random.value`: uniform in [0, 1).
    pub fn value(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `dbms_random.value(low, high)`: uniform in [low, high).
    pub fn value_between(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.value()
    }

    /// `dbms_random.normal`: the standard normal distribution (mean 0,
    /// standard deviation 1), from two uniform draws (Box-Muller). Two
    /// values of the generator a call, as `value` takes one.
    pub fn normal(&mut self) -> f64 {
        // 1 - value() is in (0, 1]: its logarithm is finite.
        let u1 = 1.0 - self.value();
        let u2 = self.value();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }

    /// `dbms_random.string(opt, len)`: 'U' upper, 'L' lower, 'A' mixed
    /// case, 'X' upper alphanumeric, 'P' printable.
    pub fn string(&mut self, opt: &str, len: usize) -> String {
        const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
        const MIXED: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        const UPPER_ALNUM: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        const PRINTABLE: &[u8] =
            b" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
        let set = match opt.chars().next().map(|c| c.to_ascii_uppercase()) {
            Some('U') => UPPER,
            Some('L') => LOWER,
            Some('A') => MIXED,
            Some('X') => UPPER_ALNUM,
            Some('P') => PRINTABLE,
            _ => UPPER,
        };
        let len = len.min(4000);
        let mut s = String::with_capacity(len);
        for _ in 0..len {
            let i = (self.value() * set.len() as f64) as usize;
            s.push(set[i.min(set.len() - 1)] as char);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_sequences_repeat() {
        let mut a = DbmsRandom::new(0);
        let mut b = DbmsRandom::new(0);
        for _ in 0..100 {
            assert_eq!(a.value(), b.value());
        }
        let s = a.string('x'.to_string().as_str(), 12);
        // The normal distribution's mean and spread, over 20,000 draws.
        let n = 20_000;
        let v: Vec<f64> = (0..n).map(|_| b.normal()).collect();
        let mean = v.iter().sum::<f64>() / n as f64;
        let sd = (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
        assert!(mean.abs() < 0.03 && (sd - 1.0).abs() < 0.03, "mean {mean}, sd {sd}");
        assert_eq!(s.len(), 12);
        assert!(s.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
    }
}
