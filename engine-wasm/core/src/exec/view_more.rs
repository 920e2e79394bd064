//! What a VIEW line carries besides its projection (`row_source/view.rs`).

use crate::exec::expr::CExpr;

/// A view's column names, as predicates print them (`"RN"`), and the
/// outer block's predicates on its rows, tested here (Oracle's
/// `filter("RN"<=3)` on the VIEW line; set for a view over analytic
/// functions, `plan/window.rs`).
#[derive(Debug, Clone, Default)]
pub struct ViewMore {
    pub names: Vec<String>,
    pub filter: Vec<CExpr>,
}
