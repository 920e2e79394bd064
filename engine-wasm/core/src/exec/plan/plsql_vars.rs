//! The PL/SQL variables a statement's names may resolve to.

/// The PL/SQL variables in scope, as names or as the block's own
/// `(name, value)` list: an expression in a block of 40,000 declarations
/// copied 40,000 names to be compiled (quadratic in the block's size).
#[derive(Debug, Clone, Copy)]
pub enum PlsqlVars<'a> {
    Names(&'a [String]),
    Scope(&'a [(String, crate::value::Value)]),
}

impl PlsqlVars<'_> {
    /// Whether `name` is a variable in scope (innermost first).
    pub fn contains(&self, name: &str) -> bool {
        match self {
            PlsqlVars::Names(n) => n.iter().rev().any(|v| crate::kernel::names::same_name(v, name)),
            PlsqlVars::Scope(v) => v.iter().rev().any(|(n, _)| crate::kernel::names::same_name(n, name)),
        }
    }
}

impl<'a> From<&'a [String]> for PlsqlVars<'a> {
    fn from(n: &'a [String]) -> Self {
        PlsqlVars::Names(n)
    }
}

impl<'a> From<&'a [(String, crate::value::Value)]> for PlsqlVars<'a> {
    fn from(v: &'a [(String, crate::value::Value)]) -> Self {
        PlsqlVars::Scope(v)
    }
}
