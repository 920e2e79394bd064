//! V$STATNAME, V$SYSSTAT, V$MYSTAT, V$SESSTAT.

use super::*;
use crate::exec::fixed::name_id;
use crate::exec::fixed::FixedView;
use crate::stats::Stat;

impl Run<'_> {
    fn named_stats(&self) -> Vec<(usize, Stat, &'static str)> {
        Stat::ALL.iter().enumerate().filter_map(|(i, s)| s.name(&self.inst.profile).map(|n| (i, *s, n))).collect()
    }

    pub(super) fn stat_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        let stats = self.named_stats();
        match v {
            FixedView::StatName => stats
                .iter()
                .map(|(i, s, n)| vec![num(*i as u32), text(n), num(Stat::class(*s)), num(name_id(n))])
                .collect(),
            FixedView::SysStat => {
                let sys = self.system_figures();
                stats
                    .iter()
                    .map(|(i, s, n)| {
                        vec![
                            num(*i as u32),
                            text(n),
                            num(Stat::class(*s)),
                            num(sys.stats.get(*s) as f64),
                            num(name_id(n)),
                        ]
                    })
                    .collect()
            }
            FixedView::MyStat => {
                let f = self.figures();
                stats
                    .iter()
                    .map(|(i, s, _)| vec![num(self.s.sid), num(*i as u32), num(f.stats.get(*s) as f64)])
                    .collect()
            }
            FixedView::SesStat => {
                let mut rows = Vec::new();
                for (sid, f) in self.all_sessions() {
                    for (i, s, _) in &stats {
                        rows.push(vec![num(sid), num(*i as u32), num(f.stats.get(*s) as f64)]);
                    }
                }
                rows
            }
            _ => unreachable!("{v:?} is not served here"),
        }
    }
}
