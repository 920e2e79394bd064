//! A quantified comparison's operator and quantifier: `x > ALL (SELECT
//! ...)`, `x = ANY (SELECT ...)`, `x >= SOME (...)` (SOME is ANY).

use super::BinaryOp;

/// `op ANY | SOME (subquery)` (all false) or `op ALL (subquery)`.
/// `= ANY` is IN and `<> ALL` NOT IN: the parser writes those as the IN
/// they are, so an `InSubquery` with a quantifier has another form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantifier {
    pub op: BinaryOp,
    pub all: bool,
}

impl BinaryOp {
    /// The comparison that is TRUE where this one is FALSE (`>` for `<=`).
    pub fn negated(self) -> BinaryOp {
        match self {
            BinaryOp::Eq => BinaryOp::Ne,
            BinaryOp::Ne => BinaryOp::Eq,
            BinaryOp::Lt => BinaryOp::Ge,
            BinaryOp::Le => BinaryOp::Gt,
            BinaryOp::Gt => BinaryOp::Le,
            BinaryOp::Ge => BinaryOp::Lt,
            other => other,
        }
    }

    /// The comparison with its operands swapped (`<` for `>`).
    pub fn swapped(self) -> BinaryOp {
        match self {
            BinaryOp::Lt => BinaryOp::Gt,
            BinaryOp::Le => BinaryOp::Ge,
            BinaryOp::Gt => BinaryOp::Lt,
            BinaryOp::Ge => BinaryOp::Le,
            other => other,
        }
    }

    /// Whether the comparison holds for operands ordered `o` (left to right).
    pub fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            BinaryOp::Eq => o == Equal,
            BinaryOp::Ne => o != Equal,
            BinaryOp::Lt => o == Less,
            BinaryOp::Le => o != Greater,
            BinaryOp::Gt => o == Greater,
            _ => o != Less,
        }
    }

    /// The operator's text as an expression's heading writes it (`>=`,
    /// `||`, ` AND `).
    pub fn text(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Concat => "||",
            BinaryOp::Eq => "=",
            BinaryOp::Ne => "<>",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::And => " AND ",
            BinaryOp::Or => " OR ",
        }
    }
}
