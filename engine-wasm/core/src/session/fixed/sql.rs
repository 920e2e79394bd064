//! V$SQL (V$SQLAREA) and V$SQL_WORKAREA: the shared pool's cursors.

use super::*;
use crate::exec::fixed::FixedView;

impl Run<'_> {
    pub(super) fn sql_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        match v {
            FixedView::Sql => self
                .inst
                .sql_area
                .iter()
                .map(|e| {
                    let short: String = e.text.chars().take(1000).collect();
                    let (cs, obsolete) =
                        self.lib_child(e).map_or((Default::default(), false), |c| (c.cs.clone(), c.obsolete));
                    let yn = |b: bool| text(if b { "Y" } else { "N" });
                    vec![
                        text(&e.sql_id),
                        text(&short),
                        text(&e.text),
                        num(e.child),
                        num(e.hash_value),
                        num(e.plan_hash_value),
                        num(e.executions as f64),
                        num(e.parse_calls as f64),
                        num(e.loads as f64),
                        num(e.invalidations as f64),
                        num(e.rows_processed as f64),
                        num(e.buffer_gets as f64),
                        num(e.disk_reads as f64),
                        num(e.cpu_us.round()),
                        num(e.elapsed_us.round()),
                        num(e.sorts as f64),
                        yn(cs.sensitive),
                        yn(cs.aware),
                        yn(!cs.unshareable && !obsolete),
                    ]
                })
                .collect(),
            FixedView::SqlWorkarea => self
                .inst
                .sql_area
                .iter()
                .filter_map(|e| {
                    let w = e.workarea?;
                    let l = w.last;
                    let last = match l.passes {
                        0 => "OPTIMAL".to_string(),
                        1 => "1 PASS".to_string(),
                        n => format!("{n} PASSES"),
                    };
                    let bytes = |b: u64| if b == 0 { Value::Null } else { num(b as f64) };
                    Some(vec![
                        text(&e.sql_id),
                        num(0),
                        text(l.operation),
                        text(if l.manual { "MANUAL" } else { "AUTO" }),
                        num(l.estimated_optimal as f64),
                        num(l.memory_used as f64),
                        text(&last),
                        bytes(l.tempseg),
                        bytes(w.max_tempseg),
                        num((w.optimal + w.onepass + w.multipass) as f64),
                        num(w.optimal as f64),
                        num(w.onepass as f64),
                        num(w.multipass as f64),
                    ])
                })
                .collect(),
            _ => unreachable!("{v:?} is not served here"),
        }
    }
}
