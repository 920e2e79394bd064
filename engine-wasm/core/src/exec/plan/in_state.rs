//! What the compilation of a WHERE clause keeps for `in_exists.rs`: the
//! polarity of the node being compiled, the IN predicate the next block
//! takes, and the last block's text.

use crate::exec::expr::CExpr;
use crate::exec::row_source::SubText;
use lio_sql::ast::Pos;

#[derive(Debug, Default)]
pub(super) struct SubqState {
    /// The polarity of the WHERE clause's expression being compiled:
    /// TRUE reached through AND and OR, FALSE under one NOT more, None
    /// anywhere else.
    pub(super) polarity: Option<bool>,
    /// The polarity of the node `compile_expr_node` is compiling.
    pub(super) node_polarity: Option<bool>,
    /// The IN predicate the next block compiled takes.
    pub(super) push: Option<PushIn>,
    /// The text of the last query block compiled.
    pub(super) text: Option<Box<SubText>>,
}

#[derive(Debug)]
pub(super) struct PushIn {
    /// The IN's left operand, of the enclosing block.
    pub(super) left: CExpr,
    /// The ANY comparison `x cmp ANY (SELECT y ...)` (`=` for an IN).
    pub(super) cmp: lio_sql::ast::BinaryOp,
    /// `LNNVL(y <> x)` (an IN under NOT), else `y = x`; for another
    /// comparison `LNNVL(y neg x)` or `y cmp x` with the operands swapped.
    pub(super) lnnvl: bool,
    pub(super) pos: Pos,
}
