//! Adaptive cursor sharing's figures: each execution of a bind-sensitive
//! child counted in its histogram (and the peeked one in its statistics),
//! and the rows of V$SQL_CS_STATISTICS, V$SQL_CS_SELECTIVITY and
//! V$SQL_CS_HISTOGRAM (`session/acs.rs` decides the sharing).

use super::*;
use crate::exec::Compiled;
use crate::instance::shared_pool::LibChild;
use crate::optimizer::acs;

impl Run<'_> {
    /// An execution of `c` (child of `text`) ended: a bind-sensitive
    /// child's histogram counts it, and the executions mark it for
    /// bind-aware children when a bad one's bucket holds as many as the
    /// good ones'.
    pub(crate) fn acs_executed(&mut self, text: &str, c: &Compiled, rows_before: u64, m: &SqlMark) {
        // Only a cursor whose peeked binds decided a predicate is bind
        // sensitive (acs_new_child): most executions end here, without a
        // lookup of their text in the library cache.
        if c.bind_preds.is_empty() {
            return;
        }
        let Some(ch) = self.inst.library_cache.get(text).and_then(|v| v.get(c.child as usize)) else { return };
        if !ch.cs.sensitive {
            return;
        }
        let rows = crate::session::acs::rows_processed(c).saturating_sub(rows_before);
        let gets = self.sql_counts().gets - m.counts.gets;
        let now = self.s.time_now();
        let cpu = now.cpu_in(now.now_us - m.time.now_us, &m.time);
        let Some(ch) = self.inst.library_cache.get_mut(text).and_then(|v| v.get_mut(c.child as usize)) else { return };
        let b = acs::bucket_of(rows);
        ch.cs.hist[b] += 1;
        ch.cs.peeked_exec.get_or_insert((rows, gets, cpu));
        if !ch.cs.aware && acs::turns_aware(&ch.cs.hist, b) {
            ch.cs.aware_due = true;
        }
    }

    /// The library cache's child behind a V$SQL entry.
    pub(super) fn lib_child(&self, e: &SqlAreaEntry) -> Option<&LibChild> {
        self.inst.library_cache.get(&e.text).and_then(|v| v.get(e.child as usize))
    }

    pub(super) fn cs_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        let mut out = Vec::new();
        for e in &self.inst.sql_area {
            let Some(ch) = self.lib_child(e).filter(|ch| ch.cs.sensitive) else { continue };
            let head = [num(e.hash_value), text(&e.sql_id), num(e.child)];
            match v {
                FixedView::SqlCsStatistics => {
                    if let Some((rows, gets, cpu)) = ch.cs.peeked_exec {
                        let bind_set = crate::exec::fixed::name_id(&format!("{:?}", ch.peeked));
                        let tail =
                            [num(bind_set), text("Y"), num(1), num(rows as f64), num(gets as f64), num(cpu.round())];
                        out.push(head.iter().cloned().chain(tail).collect());
                    }
                }
                FixedView::SqlCsSelectivity => {
                    for (p, &(lo, hi)) in ch.cs.preds.iter().zip(&ch.cs.ranges) {
                        let tail = [text(&p.text), num(0), text(&acs::bound_text(lo)), text(&acs::bound_text(hi))];
                        out.push(head.iter().cloned().chain(tail).collect());
                    }
                }
                _ => {
                    for (b, &n) in ch.cs.hist.iter().enumerate() {
                        out.push(head.iter().cloned().chain([num(b as f64), num(n as f64)]).collect());
                    }
                }
            }
        }
        out
    }
}
