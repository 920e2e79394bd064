//! Adaptive cursor sharing in the library cache (11.1+; Antognini,
//! "Troubleshooting Oracle Performance" 2nd ed., ch. 2; the 11.2
//! Performance Tuning Guide, "Adaptive Cursor Sharing"). A child whose
//! plan a peeked bind decided (`Compiled::bind_preds`) is bind sensitive;
//! its executions are counted by rows processed (V$SQL_CS_HISTOGRAM) and,
//! once a bad execution's bucket holds as many as the good ones', the next
//! parse retires it (IS_SHAREABLE = N) and builds bind-aware children,
//! each serving the selectivities within 10% of its own peeked ones
//! (V$SQL_CS_SELECTIVITY). A new bind-aware child with the plan of an
//! older one retires that one and takes its range too. The BIND_AWARE
//! hint makes the first child bind aware. The views' rows:
//! `session/fixed/cs.rs`.

use super::*;
use crate::exec::{self, Compiled};
use crate::instance::shared_pool::{CsChild, LibChild};
use crate::optimizer::acs;

impl Run<'_> {
    /// Adaptive cursor sharing is on: optimizer features of 11.1 or later,
    /// `_optimizer_adaptive_cursor_sharing` and `_optim_peek_user_binds`
    /// not FALSE.
    pub(super) fn acs_on(&self) -> bool {
        let p = &self.s.params;
        let off = |n: &str| p.other.get(n).is_some_and(|v| v == "FALSE");
        !off("_optimizer_adaptive_cursor_sharing")
            && !off("_optim_peek_user_binds")
            && crate::optimizer::features::ofe_of(p.other.get("optimizer_features_enable"), self.inst.profile.name)[0]
                >= 11
    }

    /// Before a parse of `text` looks for a child to share: the children
    /// their executions marked are retired. Whether the text's cursor is
    /// bind aware (its next children are built bind aware).
    pub(super) fn acs_retire(&mut self, text: &str) -> bool {
        let Some(children) = self.inst.library_cache.get_mut(text) else { return false };
        let mut aware = false;
        for ch in children.iter_mut() {
            if ch.cs.aware_due {
                ch.cs.aware_due = false;
                ch.cs.unshareable = true;
                aware = true;
            }
            aware |= ch.cs.aware;
        }
        aware
    }

    /// Whether the session's cached cursor `c` of `text` may run without
    /// the library cache's look: not when its child is retired, or bind
    /// aware (the binds' selectivities choose the child).
    pub(super) fn acs_cached_ok(&self, text: &str, c: &Compiled) -> bool {
        match self.inst.library_cache.get(text).and_then(|v| v.get(c.child as usize)) {
            Some(ch) => !ch.cs.aware && !ch.cs.aware_due && !ch.cs.unshareable,
            None => true,
        }
    }

    /// A child `i` of `text` was built for `c` (`parent_aware`: the
    /// cursor's earlier children were made bind aware): its state.
    pub(super) fn acs_new_child(&mut self, text: &str, i: usize, c: &Compiled, parent_aware: bool) {
        if c.bind_preds.is_empty() || !self.acs_on() {
            return;
        }
        let aware = parent_aware || bind_aware_hint(text);
        let plan_hash = exec::xplan::plan_hash_of(&c.lines);
        let Some(children) = self.inst.library_cache.get_mut(text) else { return };
        let mut ranges: Vec<(f64, f64)> = c.bind_preds.iter().map(|p| acs::range_of(p.sel)).collect();
        if aware {
            for (j, ch) in children.iter_mut().enumerate() {
                let same = ch.cs.aware && ch.cs.plan_hash == plan_hash && ch.cs.ranges.len() == ranges.len();
                if j != i && same && !ch.cs.unshareable {
                    ch.cs.unshareable = true;
                    for (r, o) in ranges.iter_mut().zip(&ch.cs.ranges) {
                        *r = (r.0.min(o.0), r.1.max(o.1));
                    }
                }
            }
        }
        if let Some(ch) = children.get_mut(i) {
            let ranges = if aware { ranges } else { Vec::new() };
            ch.cs = CsChild {
                sensitive: true,
                aware,
                preds: c.bind_preds.clone(),
                ranges,
                plan_hash,
                ..Default::default()
            };
        }
    }

    /// A parse shares child `i` of `text`: its plan is the one its hard
    /// parse built from the binds it peeked, not from the binds now.
    pub(super) fn acs_shared_plan(
        &mut self,
        (q, text, i, vars): (&lio_sql::ast::Query, &str, usize, &[String]),
        binds: &mut super::sqlplus::ParseKinds,
        c: &mut Box<Compiled>,
    ) -> Result<(), LabError> {
        let Some(ch) = self.inst.library_cache.get(text).and_then(|v| v.get(i)) else { return Ok(()) };
        if ch.peeked == binds.host {
            return Ok(());
        }
        binds.host = ch.peeked.clone();
        let profile = self.inst.profile.clone();
        let mut ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars, &self.s.user);
        ctx.cbo_trace = self.cbo_tracing();
        binds.set(&mut ctx);
        **c = exec::compile(q, &ctx)?;
        Ok(())
    }
}

/// The rows the cursor's plan lines have produced since it was loaded
/// (an execution's rows processed, in V$SQL_CS_STATISTICS, is the
/// difference: 9 + 9 + 1 = 19 for a count of 9 rows by index).
pub(crate) fn rows_processed(c: &Compiled) -> u64 {
    c.line_stats.iter().chain(&c.earlier_stats).map(|l| l.a_rows).sum()
}

/// Whether child `ch` may serve a parse whose peeked binds gave
/// `c.bind_preds`: not a retired one; a bind-aware one when each
/// selectivity is in its range.
pub(super) fn acs_shares(ch: &LibChild, c: &Compiled) -> bool {
    if ch.cs.unshareable || ch.cs.aware_due {
        return false;
    }
    !ch.cs.aware
        || (ch.cs.ranges.len() == c.bind_preds.len()
            && ch.cs.ranges.iter().zip(&c.bind_preds).all(|(&(lo, hi), p)| p.sel >= lo && p.sel <= hi))
}

/// The statement's hint comment (the one after its first keyword) names
/// BIND_AWARE.
fn bind_aware_hint(text: &str) -> bool {
    let t = text.trim_start();
    let rest = t.trim_start_matches(|ch: char| ch.is_ascii_alphabetic()).trim_start();
    let Some(body) = rest.strip_prefix("/*+") else { return false };
    let body = body.split("*/").next().unwrap_or("");
    body.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_')).any(|w| w.eq_ignore_ascii_case("BIND_AWARE"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_hint_is_read_from_the_first_comment() {
        assert!(super::bind_aware_hint("SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :id"));
        assert!(!super::bind_aware_hint("SELECT /*+ no_bind_aware */ count(pad) FROM t"));
        assert!(!super::bind_aware_hint("SELECT count(pad) FROM t /*+ bind_aware */"));
    }
}
