//! V$LATCH and V$LATCH_CHILDREN: the cache buffers chains latches.

use super::*;
use crate::exec::fixed::FixedView;

impl Run<'_> {
    pub(super) fn latch_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        match v {
            FixedView::Latch => {
                let t = self.inst.sga.cache.latch_totals();
                vec![vec![
                    num(CBC_LATCH_NUMBER),
                    num(1),
                    text("cache buffers chains"),
                    num(t.gets as f64),
                    num(t.misses as f64),
                    num(t.sleeps as f64),
                    num(0),
                    num(0),
                    num(t.spin_gets as f64),
                    num(0),
                ]]
            }
            FixedView::LatchChildren => {
                let l = &self.inst.sga.cache.latches;
                (0..l.children())
                    .map(|c| {
                        vec![
                            num(CBC_LATCH_NUMBER),
                            num(c as u32 + 1),
                            num(1),
                            text("cache buffers chains"),
                            num(l.child_gets(c as u16) as f64),
                            num(0),
                            num(0),
                            num(0),
                            num(0),
                            num(0),
                            num(0),
                        ]
                    })
                    .collect()
            }
            _ => unreachable!("{v:?} is not served here"),
        }
    }
}

/// V$LATCH.LATCH# of `cache buffers chains` (its number in 11g/18c).
const CBC_LATCH_NUMBER: u32 = 228;
