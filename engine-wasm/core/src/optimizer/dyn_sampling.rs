//! Dynamic sampling (9.2+; Oracle's "Dynamic Statistics" from 12c): at a
//! hard parse the optimizer samples a table that was never analysed and
//! costs it from the sample instead of default statistics.
//!
//! The level in effect is `optimizer_dynamic_sampling` when set, else the
//! one the OFE implies (Oracle's documented default: 2 from OFE 10.0.0, 1
//! under 9.2.0, 0 before); a cursor-level `DYNAMIC_SAMPLING(n)` hint or a
//! table-level `DYNAMIC_SAMPLING(t n)` replaces it for the statement or
//! the table. Level 2 samples every table without statistics (64 blocks;
//! a table of up to 64 blocks whole): the lab costs such a table from its
//! rows, as the sample of a small table gives them. The plan's Note says
//! so (`note`). Level 0 leaves an unanalysed table to Oracle's default
//! statistics, and level 1 samples only some (joined, unindexed, over 32
//! blocks): neither is modelled, so a statement that needs them is
//! refused (`exec/plan/dyn_sampling.rs`); levels 3 to 11 are refused by
//! name where they are set.

use super::features::Release;
use crate::instance::version::{DynSamplingNote, VersionProfile};

/// The level Oracle derives from the OFE when the parameter is not set.
pub fn default_level(ofe: Release) -> u8 {
    if ofe >= [10, 0, 0, 0] {
        2
    } else if ofe >= [9, 2, 0, 0] {
        1
    } else {
        0
    }
}

/// The level in effect: the parameter's value (`set`), else the OFE's.
pub fn level(set: Option<u8>, ofe: Release) -> u8 {
    set.unwrap_or_else(|| default_level(ofe))
}

/// The parameter's value as the session holds it (`Parameters::other`).
pub fn parameter(other: &std::collections::BTreeMap<String, String>) -> Option<u8> {
    other.get("optimizer_dynamic_sampling").and_then(|v| v.parse().ok())
}

/// A level `optimizer_dynamic_sampling` may be set to (Oracle's range, 0
/// to 11, checked before): the lab models 0 and 2; another is refused by
/// name, as a parameter whose effect is not modelled.
pub fn modelled(level: u64, pos: lio_sql::ast::Pos) -> Result<u64, lio_sql::LabError> {
    if level != 0 && level != 2 {
        let what =
            format!("OPTIMIZER_DYNAMIC_SAMPLING = {level}, {} (the lab models levels 0 and 2)", unmodelled(level));
        return Err(lio_sql::LabError::unsupported(what, pos));
    }
    Ok(level)
}

/// What an unmodelled level would do, for its refusal: Oracle's documented
/// criteria (level 1 samples some unanalysed tables, 3 adds tables whose
/// predicates the optimizer guesses, 4 those with predicates on two or
/// more columns, 5 to 10 bigger samples, 11 is 12c's automatic choice).
pub fn unmodelled(level: u64) -> &'static str {
    match level {
        1 => "which samples only joined, unindexed tables of over 32 blocks",
        3 => "which also samples tables whose predicates the optimizer guesses",
        4 => "which also samples tables with predicates on two or more of their columns",
        5..=10 => "whose samples are bigger than 64 blocks",
        _ => "automatic dynamic statistics (12c), whose level the optimizer chooses per statement",
    }
}

/// The Note line DBMS_XPLAN prints for a statement sampled at `level`.
pub fn note(profile: &VersionProfile, level: u8) -> String {
    match profile.dyn_sampling_note {
        DynSamplingNote::Plain => "   - dynamic sampling used for this statement".into(),
        DynSamplingNote::Level => format!("   - dynamic sampling used for this statement (level={level})"),
        DynSamplingNote::Statistics => format!("   - dynamic statistics used: dynamic sampling (level={level})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::version::{V10_2_0_5, V11_2_0_2, V19};

    #[test]
    fn default_follows_the_ofe() {
        assert_eq!(level(None, [19, 1, 0, 0]), 2);
        assert_eq!(level(None, [10, 1, 0, 0]), 2);
        assert_eq!(level(None, [9, 2, 0, 0]), 1);
        assert_eq!(level(None, [9, 0, 1, 0]), 0);
        assert_eq!(level(Some(0), [19, 1, 0, 0]), 0);
    }

    #[test]
    fn note_per_release() {
        assert_eq!(note(&V10_2_0_5, 2), "   - dynamic sampling used for this statement");
        assert_eq!(note(&V11_2_0_2, 2), "   - dynamic sampling used for this statement (level=2)");
        assert_eq!(note(&V19, 2), "   - dynamic statistics used: dynamic sampling (level=2)");
    }
}
