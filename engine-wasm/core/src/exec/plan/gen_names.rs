//! Generated sources whose columns have names, as predicates print them: a
//! recursive WITH's pump (`"R"."N"`, its alias and column) and a VIEW
//! over a non-mergeable query block (`"RN"`, the view's column name, as
//! Oracle prints `filter("RN"<=3)`).

use crate::exec::row_source::{Op, OpKind, RowGenKind};

/// The name of column `col` of source `src` when a recursive WITH's pump
/// or a view produces it; `children` walks the plan (`predicates.rs`).
pub(super) fn named_column(root: &Op, src: usize, col: usize, children: fn(&Op) -> Vec<&Op>) -> Option<String> {
    fn at(op: &Op, src: usize, children: fn(&Op) -> Vec<&Op>) -> Option<&Op> {
        let own = match &op.kind {
            OpKind::RowGen { src: s, gen: RowGenKind::Pump { .. }, .. } => *s == src,
            OpKind::View { out_src, .. } => *out_src == src,
            _ => false,
        };
        if own {
            return Some(op);
        }
        children(op).into_iter().find_map(|c| at(c, src, children))
    }
    match &at(root, src, children)?.kind {
        OpKind::RowGen { gen: RowGenKind::Pump { names, .. }, .. } => {
            let (alias, cols) = names.as_ref();
            Some(format!("\"{alias}\".\"{}\"", cols.get(col).map_or("?", |c| c.as_str())))
        }
        OpKind::View { more, .. } => more.names.get(col).map(|n| format!("\"{n}\"")),
        _ => None,
    }
}
