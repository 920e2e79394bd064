//! `TABLE ACCESS BY INDEX ROWID BATCHED` (12.1 on).
//!
//! From 12.1 (`_optimizer_batch_table_access_by_rowid` TRUE, OFE 12.1.0.1)
//! a table access by rowid above an index scan that may return many rows
//! takes a few rowids from the index and visits them in block order: the
//! plan line says BATCHED (Oracle's SQL Tuning Guide 12.1, "Table Access
//! by Rowid"; Rene Nyffenegger's and the HR `employee_id > 190` plans).
//! Published plans give the rule the lab follows:
//! - an INDEX UNIQUE SCAN's table access is never batched (one rowid);
//! - a range, skip or full scan's is, and a bitmap conversion's, also
//!   under COUNT STOPKEY (twelvec.com's and Xifenfei's `rownum` plans);
//! - not when the plan relies on the index's order: an ORDER BY, GROUP
//!   BY or DISTINCT the scan answers without a sort, or a DESCENDING scan
//!   (Mohamed Houri, "TABLE ACCESS BY INDEX ROWID BATCHED", 2014: "cannot
//!   take place when Oracle uses the index access child operation to
//!   avoid the order by operation"): `Builder::scan_direction` takes the
//!   suffix off;
//! - not the second table access of NLJ batching (its rowids come from
//!   the join, not from an index scan of its own), nor the prefetch
//!   shape's, which sits above the loop (`Builder::nested_loops`);
//! - `BATCH_TABLE_ACCESS_BY_ROWID(t)` / `NO_BATCH_TABLE_ACCESS_BY_ROWID(t)`
//!   ask for it or not for one table; the parameter (session, or
//!   `OPT_PARAM`) set FALSE, or an OFE below 12.1.0.1, turns the default
//!   off. Before 12.1 (the release profile) it does not exist.
//!
//! The lab prints the suffix; the row source still visits the rows in
//! index order (docs/MODEL.md says why).

use super::*;

/// The operation's suffix.
const SUFFIX: &str = " BATCHED";

impl Builder<'_> {
    /// Name `op`'s table access BATCHED when the release, the parameter,
    /// the OFE and `q`'s hints for `alias` have it batched.
    pub(super) fn batch_table_access(&mut self, op: &Op, q: &Query, alias: &str) {
        let OpKind::ByRowid { child, .. } = &op.kind else { return };
        if matches!(child.kind, OpKind::IndexUnique { .. }) || !self.ctx.profile.batch_rowid {
            return;
        }
        let default = self.ctx.batch_rowid && self.ctx.costing.ofe >= [12, 1, 0, 1];
        if !hinted(q, alias).unwrap_or_else(|| opt_param(q).unwrap_or(default)) {
            return;
        }
        if let Some(d) = self.drafts.get_mut(op.line as usize) {
            if d.operation.starts_with("TABLE ACCESS BY INDEX ROWID") && !d.operation.ends_with(SUFFIX) {
                d.operation.push_str(SUFFIX);
            }
        }
    }

    /// The table access on `line` is not batched (the plan relies on the
    /// index's order, or the rowids come from a join).
    pub(super) fn unbatch(&mut self, line: u16) {
        if let Some(d) = self.drafts.get_mut(line as usize) {
            if let Some(base) = d.operation.strip_suffix(SUFFIX) {
                d.operation = base.to_string();
            }
        }
    }
}

/// The last `[NO_]BATCH_TABLE_ACCESS_BY_ROWID` hint naming `alias`:
/// Some(true) to batch, Some(false) not to. One without a table names
/// none (Oracle ignores it).
fn hinted(q: &Query, alias: &str) -> Option<bool> {
    q.hints.iter().rev().find_map(|h| {
        let Hint::Other(raw) = h else { return None };
        let (name, args) = raw.split_once('(')?;
        let batch = match name.trim().to_ascii_uppercase().as_str() {
            "BATCH_TABLE_ACCESS_BY_ROWID" => true,
            "NO_BATCH_TABLE_ACCESS_BY_ROWID" => false,
            _ => return None,
        };
        let table = args.trim_end_matches(')').split_whitespace().next()?.trim_matches('"');
        table.eq_ignore_ascii_case(alias).then_some(batch)
    })
}

/// `OPT_PARAM('_optimizer_batch_table_access_by_rowid' 'false'|'true')`.
fn opt_param(q: &Query) -> Option<bool> {
    q.hints.iter().rev().find_map(|h| match h {
        Hint::OptParam { name, value } if name == super::opt_hints::BATCH_PARAM => match value {
            lio_sql::ast::ParamValue::Number(n) => Some(*n != 0.0),
            lio_sql::ast::ParamValue::Text(t) => Some(!t.eq_ignore_ascii_case("FALSE")),
            _ => None,
        },
        _ => None,
    })
}
