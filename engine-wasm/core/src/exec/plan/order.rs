//! Orders a row source delivers without a sort, and the sorts that stop
//! early:
//!
//! - an INDEX RANGE SCAN or INDEX FULL SCAN (under its TABLE ACCESS BY
//!   INDEX ROWID and a FILTER) returns rows in the index's key order, past
//!   the columns its equality keys bind: an ORDER BY on those columns
//!   needs no SORT ORDER BY (the scan runs DESCENDING for an ORDER BY ...
//!   DESC), and a GROUP BY or DISTINCT on them is SORT GROUP BY NOSORT /
//!   SORT UNIQUE NOSORT (no sort: `sorts (memory)` unchanged);
//! - `SELECT ... FROM (SELECT ... ORDER BY ...) WHERE ROWNUM <= n`: the
//!   view's sort is SORT ORDER BY STOPKEY, a top-n sort holding n rows;
//!   a DISTINCT or GROUP BY there is SORT UNIQUE STOPKEY (hash
//!   aggregation disabled) or SORT GROUP BY STOPKEY (Dyke's "SORT (UNIQUE
//!   STOPKEY)" page: 10.2 turns the DISTINCT into a GROUP BY).

use super::*;

/// The key order an index scan at the bottom of a row source gives.
pub(super) struct Delivered {
    src: usize,
    /// Index columns its equality keys bind (constant in the output).
    bound: Vec<usize>,
    /// The index columns after those, in key order.
    cols: Vec<usize>,
    desc: bool,
    /// A bitmap index scan runs one way only: its rows come in key order,
    /// then rowid order within a key (a piece's bits), and it is never read
    /// DESCENDING (that read lost rows of a key).
    one_way: bool,
}

/// The order `op` returns its rows in, when an index scan gives it.
pub(super) fn delivered(op: &Op, cat: &Catalog) -> Option<Delivered> {
    match &op.kind {
        OpKind::ByRowid { child, .. } | OpKind::Filter { child, .. } | OpKind::BitmapCount(child) => {
            delivered(child, cat)
        }
        OpKind::IndexRange { index, keys, src, desc, skip: Some(_), .. } => {
            // A skip scan's keys bind the columns after the leading one.
            let ix = &cat.indexes[*index];
            let n = (keys.len() + 1).min(ix.columns.len());
            let cols = std::iter::once(ix.columns[0]).chain(ix.columns[n..].iter().copied()).collect();
            Some(Delivered { src: *src, bound: ix.columns[1..n].to_vec(), cols, desc: *desc, one_way: false })
        }
        // A reverse key index's order is not its columns'.
        OpKind::IndexRange { index, .. } if cat.indexes[*index].reverse => None,
        OpKind::IndexRange { index, keys, src, desc, .. } => {
            let ix = &cat.indexes[*index];
            let n = keys.len().min(ix.columns.len());
            let one_way = ix.kind == crate::catalog::IndexKind::Bitmap;
            Some(Delivered {
                src: *src,
                bound: ix.columns[..n].to_vec(),
                cols: ix.columns[n..].to_vec(),
                desc: *desc,
                one_way,
            })
        }
        _ => None,
    }
}

/// Whether rows in `d`'s order are in the order of `keys` (expression,
/// descending, nulls first): `Some(desc)`, the direction the scan must
/// run in, when they are or would be with the scan reversed (NULLs sort
/// high in an index, as ASC NULLS LAST and DESC NULLS FIRST have them);
/// `any_direction` for grouping, where either direction will do.
pub(super) fn satisfies(d: &Delivered, keys: &[(CExpr, bool, bool)], any_direction: bool) -> Option<bool> {
    let mut want: Option<bool> = None;
    let mut at = 0;
    for (k, desc, nulls_first) in keys {
        let CExpr::Col { src, col, .. } = k else { return None };
        if *src != d.src {
            return None;
        }
        // A column the keys bind, or one already ordered on, orders nothing more.
        if d.bound.contains(col) || d.cols[..at].contains(col) {
            continue;
        }
        if d.cols.get(at) != Some(col) {
            return None;
        }
        at += 1;
        let dir = if any_direction || d.one_way { d.desc } else { *desc };
        if d.one_way && !any_direction && (*desc != d.desc || nulls_first != desc) {
            return None;
        }
        if !any_direction && nulls_first != desc {
            return None;
        }
        if want.is_some_and(|w| w != dir) {
            return None;
        }
        want = Some(dir);
    }
    Some(want.unwrap_or(d.desc))
}

/// The grouping keys as ORDER BY keys in the scan's own direction.
pub(super) fn group_keys(keys: &[CExpr]) -> Vec<(CExpr, bool, bool)> {
    keys.iter().map(|k| (k.clone(), false, false)).collect()
}

impl Builder<'_> {
    /// A GROUP BY's or DISTINCT's `USE_HASH_AGGREGATION` (true) or
    /// `NO_USE_HASH_AGGREGATION` (false) hint, and the key order its input
    /// `op` comes in (none asked for under USE_HASH_AGGREGATION).
    pub(super) fn aggregation_input(&self, q: &Query, op: &Op) -> (Option<bool>, Option<Delivered>) {
        let hint = q.hints.iter().find_map(|h| match h {
            Hint::UseHashAggregation(b) => Some(*b),
            _ => None,
        });
        (hint, if hint == Some(true) { None } else { delivered(op, self.ctx.cat) })
    }

    /// Run the index scan at the bottom of `op` descending (`desc`) or
    /// ascending, renaming its line (INDEX RANGE SCAN DESCENDING, ...).
    /// The plan now relies on the index's order: a table access above it
    /// is not batched (`batched.rs`).
    pub(super) fn scan_direction(&mut self, op: &mut Op, desc: bool) {
        match &mut op.kind {
            OpKind::ByRowid { child, .. } => {
                self.unbatch(op.line);
                self.scan_direction(child, desc)
            }
            OpKind::Filter { child, .. } | OpKind::BitmapCount(child) => self.scan_direction(child, desc),
            OpKind::IndexRange { desc: d, .. } if *d != desc => {
                *d = desc;
                if let Some(draft) = self.drafts.get_mut(op.line as usize) {
                    let base = draft.operation.trim_end_matches(" DESCENDING").to_string();
                    draft.operation = if desc { format!("{base} DESCENDING") } else { base };
                }
            }
            _ => {}
        }
    }

    /// An ORDER BY that `op`'s index scan answers: the scan turned to its
    /// direction; whether it did (no SORT ORDER BY needed).
    pub(super) fn order_by_index(&mut self, op: &mut Op, keys: &[(CExpr, bool, bool)]) -> bool {
        let Some(d) = delivered(op, self.ctx.cat) else { return false };
        match satisfies(&d, keys, false) {
            Some(desc) => {
                self.scan_direction(op, desc);
                true
            }
            None => false,
        }
    }

    /// The sort under `op` (a VIEW's, the block of `SELECT ... FROM (...)
    /// WHERE ROWNUM <= n`) stops at `limit` rows: SORT ORDER BY STOPKEY,
    /// SORT GROUP BY STOPKEY or SORT UNIQUE STOPKEY.
    pub(super) fn stopkey_sort(&mut self, op: &mut Op, limit: u64) {
        let OpKind::View { child, numbers: false, .. } = &mut op.kind else { return };
        let line = child.line as usize;
        let Some(name) = self.drafts.get(line).map(|d| d.operation.clone()) else { return };
        let renamed = match (&mut child.kind, name.as_str()) {
            (OpKind::SortOrderBy { limit: l, .. }, "SORT ORDER BY") => {
                *l = limit;
                "SORT ORDER BY STOPKEY"
            }
            (
                OpKind::GroupBy { order, keys, aggs, stopkey, .. },
                "HASH GROUP BY" | "SORT GROUP BY" | "HASH UNIQUE" | "SORT UNIQUE",
            ) => {
                *stopkey = limit;
                if order.is_none() {
                    *order = Some((0..keys.len()).map(|i| (i, false, false)).collect());
                }
                let unique = aggs.is_empty() && name.ends_with("UNIQUE");
                if unique && !self.ctx.gby_hash_aggregation {
                    "SORT UNIQUE STOPKEY"
                } else {
                    "SORT GROUP BY STOPKEY"
                }
            }
            _ => return,
        };
        self.drafts[line].operation = renamed.to_string();
    }
}
