//! V$SESSION_EVENT, V$SYSTEM_EVENT, V$EVENT_HISTOGRAM[_MICRO]: the wait interface.

use super::*;
use crate::exec::fixed::name_id;
use crate::exec::fixed::FixedView;
use crate::stats::WaitEvent;

impl Run<'_> {
    pub(super) fn event_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        match v {
            FixedView::SessionEvent => {
                let mut rows = Vec::new();
                for (sid, f) in self.all_sessions() {
                    for e in WaitEvent::ALL {
                        let w = f.waits[e as usize];
                        if w.count > 0 {
                            let mut r = vec![num(sid), text(e.name())];
                            r.extend(event_figures(e, &w, true));
                            rows.push(r);
                        }
                    }
                }
                rows
            }
            FixedView::SystemEvent => {
                let sys = self.system_figures();
                WaitEvent::ALL
                    .iter()
                    .filter(|e| sys.waits[**e as usize].count > 0)
                    .map(|e| {
                        let mut r = vec![text(e.name())];
                        r.extend(event_figures(*e, &sys.waits[*e as usize], false));
                        r
                    })
                    .collect()
            }
            FixedView::EventHistogram | FixedView::EventHistogramMicro => {
                // One row per event and bucket with waits: the bucket's upper
                // bound (ms or us), the count, and for the micro view its words.
                let micro = v == FixedView::EventHistogramMicro;
                let sys = self.system_figures();
                let mut rows = Vec::new();
                for e in WaitEvent::ALL {
                    let w = &sys.waits[e as usize];
                    let hist: &[u64] = if micro { &w.hist_us } else { &w.hist };
                    for (b, n) in hist.iter().enumerate().filter(|(_, n)| **n > 0) {
                        let bound = 1u64 << b;
                        let mut row = vec![num(e as u32), text(e.name()), num(bound as f64), num(*n as f64)];
                        if micro {
                            row.push(text(&wait_time_format(bound)));
                        }
                        rows.push(row);
                    }
                }
                rows
            }
            _ => unreachable!("{v:?} is not served here"),
        }
    }
}

/// TOTAL_WAITS, TOTAL_TIMEOUTS, TIME_WAITED, AVERAGE_WAIT, [MAX_WAIT,]
/// TIME_WAITED_MICRO, EVENT_ID, WAIT_CLASS: times in centiseconds.
fn event_figures(e: WaitEvent, w: &WaitTotal, with_max: bool) -> Vec<Value> {
    let cs = w.us / 10_000.0;
    let avg = if w.count > 0 { cs / w.count as f64 } else { 0.0 };
    let mut r = vec![num(w.count as f64), num(0), num(cs.round()), num((avg * 100.0).round() / 100.0)];
    if with_max {
        // The longest wait's bucket bound, in centiseconds.
        let top = w.hist.iter().rposition(|n| *n > 0).unwrap_or(0);
        r.push(num(((1u64 << top) as f64 / 10.0).floor()));
    }
    r.push(num(w.us.round()));
    r.push(num(name_id(e.name())));
    r.push(text(e.wait_class()));
    r
}

/// V$EVENT_HISTOGRAM_MICRO's WAIT_TIME_FORMAT: the bucket's upper bound
/// in words ("512 microseconds", "1 millisecond", "2 seconds").
fn wait_time_format(micro: u64) -> String {
    // Power-of-two bounds named by powers of 1,024.
    let (v, unit) = if micro < 1 << 10 {
        (micro, "microsecond")
    } else if micro < 1 << 20 {
        (micro >> 10, "millisecond")
    } else {
        (micro >> 20, "second")
    };
    format!("{v} {unit}{}", if v == 1 { "" } else { "s" })
}
