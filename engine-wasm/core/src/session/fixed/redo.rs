//! V$LOG and V$LOGFILE: the online redo log groups.

use super::*;
use crate::exec::fixed::FixedView;

impl Run<'_> {
    pub(super) fn redo_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        match v {
            FixedView::Log => self
                .inst
                .io
                .redo
                .groups
                .iter()
                .map(|g| {
                    vec![
                        num(g.group),
                        num(1),
                        num(g.sequence as f64),
                        num(g.bytes as f64),
                        num(g.block_size),
                        num(1),
                        // NOARCHIVELOG: a used log is never archived.
                        text(if g.status == crate::io::redo::LogStatus::Unused { "YES" } else { "NO" }),
                        text(g.status.name()),
                    ]
                })
                .collect(),
            FixedView::Logfile => self
                .inst
                .io
                .redo
                .groups
                .iter()
                .map(|g| vec![num(g.group), Value::Null, text("ONLINE"), text(&g.member()), text("NO")])
                .collect(),
            _ => unreachable!("{v:?} is not served here"),
        }
    }
}
