//! Walking a compiled expression's tree without a list per node.

use super::expr::CExpr;

impl CExpr {
    /// Each expression directly inside this one, in order (no list made).
    pub fn for_each_child<'e>(&'e self, mut f: impl FnMut(&'e CExpr)) {
        match self {
            CExpr::Func(_, a, _) => a.iter().for_each(f),
            CExpr::Bin(_, a, b, _) => {
                f(a);
                f(b);
            }
            CExpr::Neg(e, _) | CExpr::Not(e) | CExpr::IsNull(e, _) => f(e),
            CExpr::Between(a, b, c) => {
                f(a);
                f(b);
                f(c);
            }
            CExpr::InList(x, l, _, _) => {
                f(x);
                l.iter().for_each(f);
            }
            CExpr::Like(x, p, e, _, _) => {
                f(x);
                f(p);
                e.as_deref().into_iter().for_each(f);
            }
            CExpr::Case(o, w, e, _) => {
                o.as_deref().into_iter().for_each(&mut f);
                for (a, b) in w {
                    f(a);
                    f(b);
                }
                e.as_deref().into_iter().for_each(f);
            }
            _ => {}
        }
    }
}

impl CExpr {
    /// This expression and every one inside it, parents first (no list made).
    pub fn walk(&self, f: &mut impl FnMut(&CExpr)) {
        f(self);
        self.for_each_child(|c| c.walk(f));
    }
}

/// The nodes of `preds` (a filter's size, for its rejections' work),
/// walked without recursion and with one list (not one per node).
pub fn node_count(preds: &[CExpr]) -> u64 {
    let mut stack: Vec<&CExpr> = preds.iter().collect();
    let mut n = 0u64;
    while let Some(e) = stack.pop() {
        n += 1;
        e.for_each_child(|c| stack.push(c));
    }
    n
}
