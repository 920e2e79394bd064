//! The listing V$PARAMETER, V$SPPARAMETER and SHOW PARAMETER print: the
//! values a `Parameters` holds and the defaults of the public parameters
//! it leaves unset, per release.

use super::param_defs::lookup;
use super::params::Parameters;
use crate::optimizer::features;

/// The listing of V$PARAMETER and SHOW PARAMETER: `p`'s values
/// (`Parameters::listing`) and, for each public parameter the lab defines
/// that `p` leaves unset, Oracle's default on release `profile`: the
/// optimizer's features are the release's own (`18.1.0` on 18c), a hash
/// join's work area is twice `sort_area_size`, segments are deferred
/// (11.2+), no flash cache (11.2+), trace files unlimited; NLS formats and
/// the trace file identifier are NULL (the client's settings apply), as an
/// instance started with no such entry in its parameter file shows them.
/// Hidden parameters are listed only when set, as in Oracle.
pub fn listing_with_defaults(p: &Parameters, profile: &str) -> Vec<(String, String, bool, bool)> {
    let mut out = p.listing();
    let since_11_2 = features::release(profile) >= [11, 2, 0, 0];
    let unlimited = if features::release(profile) < [11, 0, 0, 0] { "UNLIMITED" } else { "unlimited" };
    let defaults: [(&str, String, bool); 11] = [
        ("optimizer_features_enable", features::profile_default(profile).to_string(), true),
        ("hash_area_size", (2 * p.sort_area_size).to_string(), true),
        ("deferred_segment_creation", "TRUE".into(), since_11_2),
        ("db_flash_cache_file", String::new(), since_11_2),
        ("db_flash_cache_size", "0".into(), since_11_2),
        ("max_dump_file_size", unlimited.into(), true),
        ("tracefile_identifier", String::new(), true),
        ("nls_date_format", String::new(), true),
        ("nls_date_language", String::new(), true),
        ("nls_timestamp_format", String::new(), true),
        ("nls_timestamp_tz_format", String::new(), true),
    ];
    for (name, value, exists) in defaults {
        if exists && !out.iter().any(|(n, ..)| n == name) {
            let session = lookup(name).is_some_and(|d| d.session);
            out.push((name.to_string(), value, true, session));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
