//! Analytic functions over GROUP BY and DISTINCT: they run on the groups
//! (`RANK() OVER (ORDER BY SUM(SAL) DESC)`), a window line above the
//! GROUP BY and below DISTINCT's UNIQUE and the ORDER BY's sort. When the
//! first window's keys are all GROUP BY keys, the groups are made by a
//! SORT GROUP BY in that order and the window sorts nothing: WINDOW
//! BUFFER over SORT GROUP BY (Dyke's WINDOW (BUFFER) of 9.2,
//! Nyffenegger's of 2022); else WINDOW SORT over HASH GROUP BY.

use super::window::{share_sorts, Key};
use super::*;
use crate::exec::window_area::WinItem;

/// A grouped block's windows and the order its GROUP BY should give them.
type GroupWindows = (Vec<WinItem>, Option<Vec<Key>>);

impl Builder<'_> {
    /// After a grouped or DISTINCT block's select list and ORDER BY: its
    /// analytic functions (over the group row when `group` = (keys, its
    /// source)) and the order the GROUP BY should give them (the first
    /// window's keys when they are all GROUP BY keys, else none; the
    /// ORDER BY's when every window is `OVER ()`).
    pub(super) fn windows_over_groups(
        &mut self,
        q: &Query,
        group: Option<(&Vec<CExpr>, usize)>,
    ) -> Result<Option<GroupWindows>, LabError> {
        let Some(mut items) = self.ext.windows.take() else { return Ok(None) };
        if !self.pending_subs.is_empty() {
            return Err(LabError::unsupported("scalar subqueries in a select list with analytic functions", q.pos));
        }
        let Some((keys, out)) = group else { return Ok(Some((items, Some(Vec::new())))) };
        for w in &mut items {
            let parts = w.func.args.iter_mut().chain(&mut w.partition).chain(w.order.iter_mut().map(|(e, _, _)| e));
            for e in parts {
                super::group::to_group_row(e, keys, out, keys.len());
                let mut refs = Vec::new();
                e.sources(&mut refs);
                if refs.iter().any(|s| *s != out) {
                    return Err(LabError::new(ora::NOT_A_GROUP_BY_EXPRESSION, w.func.pos));
                }
            }
        }
        let by = match share_sorts(&items).first() {
            Some((_, l)) => {
                let w = &items[l[0]];
                let keyed: Vec<Key> =
                    w.partition.iter().map(|e| (e.clone(), false, false)).chain(w.order.iter().cloned()).collect();
                let on_keys = |e: &CExpr| matches!(e, CExpr::Gen { src, col } if *src == out && *col < keys.len());
                if keyed.is_empty() {
                    None
                } else if keyed.iter().all(|(e, _, _)| on_keys(e)) {
                    Some(keyed)
                } else {
                    Some(Vec::new())
                }
            }
            None => None,
        };
        Ok(Some((items, by)))
    }
}
