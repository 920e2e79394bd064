//! What a join returns of its inputs' rows: inner, outer, semi, anti.

/// What a join returns of its first input's rows (the build side of a
/// hash join, the outer side of a nested loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinMode {
    /// Each matching pair.
    Inner,
    /// Each matching pair, and each first-input row with no match once,
    /// the second input's sources NULL.
    Outer,
    /// Each matching pair, each first-input row with no match once (the
    /// second input's sources NULL), and each second-input row with no
    /// match once (the first input's NULL): HASH JOIN FULL OUTER.
    Full,
    /// Each first-input row with a match, once.
    Semi,
    /// Each first-input row with no match (NOT EXISTS).
    Anti,
    /// Null-aware anti join (NOT IN, the subquery's column nullable): no
    /// row at all when the second input has a NULL key; a first-input row
    /// with a NULL key only when the second input is empty.
    AntiNa,
    /// Single null-aware (NOT IN, only the first input's column nullable):
    /// as `AntiNa`, the second input having no NULL key.
    AntiSna,
}

impl JoinMode {
    /// Whether first-input rows with no match come out (at the end of a
    /// hash join's probe).
    pub fn keeps_unmatched(self) -> bool {
        matches!(self, JoinMode::Outer | JoinMode::Full | JoinMode::Anti | JoinMode::AntiNa | JoinMode::AntiSna)
    }

    /// Whether it is a NOT IN's null-aware anti join.
    pub fn null_aware(self) -> bool {
        matches!(self, JoinMode::AntiNa | JoinMode::AntiSna)
    }

    /// Whether a first-input row comes out at most once (semi and anti).
    pub fn once(self) -> bool {
        !matches!(self, JoinMode::Inner | JoinMode::Outer | JoinMode::Full)
    }

    /// Whether an unmatched row comes out with the other side NULL.
    pub fn pads(self) -> bool {
        matches!(self, JoinMode::Outer | JoinMode::Full)
    }
}
