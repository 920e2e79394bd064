//! `optimizer_features_enable` and the cost model it selects.
//!
//! The lab models of OFE what changes the figures it prints: the cost
//! model (`_optimizer_cost_model`: CHOOSE takes I/O costing before 9i,
//! and in 9i unless workload system statistics are set; CPU costing from
//! 10g, where noworkload statistics always exist), the tablescan's
//! `_table_scan_cost_plus_one` (false in 8i, true from 9i: Lewis's
//! calc_mbrc.sql), 11g's nested-loop batching and 10gR2's hash
//! aggregation. Other features an older OFE turns off (transformations,
//! 10g's out-of-range decay and join sanity checks) are not switched.

/// The values Oracle accepts (19c's list, oldest first); a release takes
/// those up to its own.
pub const RELEASES: &[&str] = &[
    "8.0.0", "8.0.3", "8.0.4", "8.0.5", "8.0.6", "8.0.7", "8.1.0", "8.1.3", "8.1.4", "8.1.5", "8.1.6", "8.1.7",
    "9.0.0", "9.0.1", "9.2.0", "9.2.0.8", "10.1.0", "10.1.0.3", "10.1.0.4", "10.1.0.5", "10.2.0.1", "10.2.0.2",
    "10.2.0.3", "10.2.0.4", "10.2.0.5", "11.1.0.6", "11.1.0.7", "11.2.0.1", "11.2.0.2", "11.2.0.3", "11.2.0.4",
    "12.1.0.1", "12.1.0.2", "12.2.0.1", "18.1.0", "19.1.0",
];

/// A release as numbers (`9.2.0` is [9, 2, 0, 0]).
pub type Release = [u32; 4];

pub fn release(v: &str) -> Release {
    let mut r = [0u32; 4];
    for (i, p) in v.trim().split('.').take(4).enumerate() {
        r[i] = p.parse().unwrap_or(0);
    }
    r
}

/// The OFE a release profile runs with by default (18c's and 19c's
/// profiles are named 18.0.0 and 19.0.0; their OFE is 18.1.0 and 19.1.0).
pub fn profile_default(profile: &str) -> &'static str {
    let r = release(profile);
    let parsed = parsed_releases();
    RELEASES
        .iter()
        .zip(parsed)
        .rev()
        .find(|(_, v)| **v <= r || (v[0] == r[0] && r[0] >= 18))
        .map(|(s, _)| *s)
        .unwrap_or("19.1.0")
}

/// RELEASES as numbers, parsed once (every statement's costing asks for
/// the profile's default).
fn parsed_releases() -> &'static [Release] {
    static PARSED: std::sync::OnceLock<Vec<Release>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| RELEASES.iter().map(|v| release(v)).collect())
}

/// The values a release profile accepts, newest first (ORA-00096 lists them).
pub fn allowed(profile: &str) -> Vec<&'static str> {
    let top = release(profile_default(profile));
    RELEASES.iter().rev().copied().filter(|v| release(v) <= top).collect()
}

/// `_optimizer_cost_model`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ModelSetting {
    #[default]
    Choose,
    Io,
    Cpu,
}

impl ModelSetting {
    pub fn of(v: Option<&str>) -> ModelSetting {
        match v.map(str::to_ascii_uppercase).as_deref() {
            Some("IO") => ModelSetting::Io,
            Some("CPU") => ModelSetting::Cpu,
            _ => ModelSetting::Choose,
        }
    }
}

/// Whether the optimizer costs by I/O alone: `_optimizer_cost_model`, or
/// under CHOOSE the OFE (before 9i always; in 9i without workload system
/// statistics; never from 10g).
pub fn io_model(ofe: Release, setting: ModelSetting, workload: bool) -> bool {
    match setting {
        ModelSetting::Io => true,
        ModelSetting::Cpu => ofe[0] < 9,
        ModelSetting::Choose => ofe[0] < 9 || (ofe[0] < 10 && !workload),
    }
}

/// `_table_scan_cost_plus_one`'s default: false in 8i, true from 9i.
pub fn plus_one_default(ofe: Release) -> bool {
    ofe[0] >= 9
}

/// I/O costing's adjusted multiblock read count: what a multiblock read
/// of `mbrc` blocks counts for (fuyuncat, "Adjusted MBRC formula in CBO",
/// hellodba.com, 2010, fitted to Lewis's measured values, which it gives
/// to nine digits): 1.6764459346 / 1.26733682^log2(x) * x, x the read
/// count in 8 KB blocks (8,192 / block size * MBRC). 8 gives 6.5888, 16
/// 10.3978, as Lewis's 6.589 and 10.398 (comp.databases.oracle.server,
/// 1 Nov 2002). Never below 1.
pub fn adjusted_mbrc(mbrc: f64, block_size: f64) -> f64 {
    let x = (8192.0 / block_size.max(512.0) * mbrc.max(1.0)).max(1.0);
    (1.6764459346 / 1.26733682f64.powf(x.log2()) * x).max(1.0)
}

/// The OFE in effect: the session's parameter (`set`), else the profile's.
pub fn ofe_of(set: Option<&String>, profile: &str) -> Release {
    release(set.map(String::as_str).unwrap_or(profile_default(profile)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lewis's adjusted values (9i, 8 KB blocks) to his three decimals, and
    /// the tablescan of 10,000 blocks: ceil(10,000 / adjusted) + 1.
    #[test]
    fn adjusted_mbrc_gives_lewis_values() {
        for (m, adj, cost) in [
            (4.0, 4.175, 2397.0),
            (8.0, 6.589, 1519.0),
            (16.0, 10.398, 963.0),
            (32.0, 16.409, 611.0),
            (64.0, 25.895, 388.0),
            (128.0, 40.865, 246.0),
        ] {
            let a = adjusted_mbrc(m, 8192.0);
            assert!((a - adj).abs() < 0.0006, "{m}: {a}");
            assert_eq!((10_000.0 / a).ceil() + 1.0, cost, "{m}");
        }
    }

    #[test]
    fn releases_and_models() {
        assert_eq!(profile_default("11.2.0.1"), "11.2.0.1");
        assert_eq!(profile_default("19.0.0"), "19.1.0");
        assert_eq!(profile_default("10.2.0.5"), "10.2.0.5");
        assert_eq!(allowed("10.2.0.5")[0], "10.2.0.5");
        assert_eq!(*allowed("10.2.0.5").last().unwrap(), "8.0.0");
        assert!(io_model(release("9.2.0"), ModelSetting::Choose, false));
        assert!(!io_model(release("10.2.0.5"), ModelSetting::Choose, false));
        assert!(io_model(release("11.2.0.1"), ModelSetting::Io, false));
        assert!(io_model(release("8.1.7"), ModelSetting::Cpu, true));
        assert!(!io_model(release("9.2.0"), ModelSetting::Choose, true));
    }
}
