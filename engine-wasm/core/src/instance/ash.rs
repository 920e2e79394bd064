//! The instance's Active Session History: the samples the sessions'
//! probes took (`sim/ash.rs`), kept in a circular buffer as Oracle's ASH
//! buffer in the SGA is (the oldest go first), counted in the lab's
//! memory budget. V$ACTIVE_SESSION_HISTORY, the activity view and the
//! SQL Monitor report read it.

use crate::sim::ash::{AshTick, DEFAULT_INTERVAL_US};
use std::collections::VecDeque;

/// Samples kept before the oldest are overwritten (a model value: Oracle
/// sizes its buffer from the SGA, a few MB per CPU).
pub const MAX_SAMPLES: usize = 1_000_000;

/// Bytes one kept sample holds (counted in the memory budget).
pub const SAMPLE_BYTES: u64 = std::mem::size_of::<AshSample>() as u64;

/// One row of V$ACTIVE_SESSION_HISTORY.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AshSample {
    /// The sampling instant's number on the clock (its time over the
    /// interval): every session sampled at one instant shares it.
    pub sample_id: u64,
    /// Its sequence in the store (steps remember theirs).
    pub seq: u64,
    pub sid: u32,
    pub tick: AshTick,
    /// The V$SQL entry's figures when the sample was stored.
    pub sql_id: [u8; 13],
    pub plan_hash: u32,
    pub child: u32,
    pub interval_us: f64,
}

impl AshSample {
    pub fn sql_id(&self) -> Option<&str> {
        self.tick.sql.map(|_| std::str::from_utf8(&self.sql_id).unwrap_or(""))
    }
}

/// The plan lines a plan hash value's samples name (SQL_PLAN_OPERATION,
/// SQL_PLAN_OPTIONS, and the object), kept once per plan.
pub type PlanOps = Vec<(String, String, Option<String>)>;

#[derive(Debug, Clone)]
pub struct AshStore {
    /// `LAB SET ash_sampling_interval_us` (Oracle: 1 s).
    pub interval_us: f64,
    pub samples: VecDeque<AshSample>,
    /// Samples stored so far (the next one's `seq`).
    pub seq: u64,
    /// Each step's samples: (step index, first seq, end seq), the most recent.
    pub steps: VecDeque<(usize, u64, u64)>,
    pub plans: crate::fasthash::FxMap<u32, PlanOps>,
    /// Samples lost: overwritten, or over the memory budget.
    pub dropped: u64,
    /// The samples' memory (with the plans'), in the budget.
    pub bytes: u64,
}

impl Default for AshStore {
    fn default() -> Self {
        AshStore {
            interval_us: DEFAULT_INTERVAL_US,
            samples: VecDeque::new(),
            seq: 0,
            steps: VecDeque::new(),
            plans: Default::default(),
            dropped: 0,
            bytes: 0,
        }
    }
}

impl AshStore {
    /// Keep `ticks` of session `sid` (in time order), each with its
    /// cursor's SQL_ID and plan (`sql` looks the V$SQL entry up). `room`:
    /// bytes the memory budget has left; the oldest samples go to make
    /// room, and a sample that does not fit is dropped.
    pub fn store(
        &mut self,
        ticks: &mut Vec<(u32, AshTick, f64)>,
        sql: impl Fn((usize, u64)) -> Option<([u8; 13], u32, u32)>,
        mut room: u64,
    ) {
        ticks.sort_by(|a, b| a.1.t_us.total_cmp(&b.1.t_us).then(a.0.cmp(&b.0)));
        for &(sid, tick, interval_us) in ticks.iter() {
            if self.samples.len() >= MAX_SAMPLES || room < SAMPLE_BYTES {
                if self.samples.pop_front().is_none() {
                    self.dropped += 1;
                    continue;
                }
                self.dropped += 1;
                room += SAMPLE_BYTES;
                self.bytes -= SAMPLE_BYTES;
            }
            let (sql_id, plan_hash, child) = tick.sql.and_then(&sql).unwrap_or(([b' '; 13], 0, 0));
            self.samples.push_back(AshSample {
                sample_id: (tick.t_us / interval_us).round() as u64,
                seq: self.seq,
                sid,
                tick,
                sql_id,
                plan_hash,
                child,
                interval_us,
            });
            self.seq += 1;
            self.bytes += SAMPLE_BYTES;
            room -= SAMPLE_BYTES;
        }
        ticks.clear();
    }

    /// Forget every sample (a new SGA); the sequence and the losses go on.
    pub fn clear(&mut self) {
        self.samples.clear();
        self.plans.clear();
        self.steps.clear();
        self.bytes = 0;
    }

    /// Remember plan `hash`'s lines (once), for the samples' operations.
    pub fn plan<'a>(&mut self, hash: u32, lines: impl Iterator<Item = (&'a str, Option<&'a String>)>) {
        if self.plans.contains_key(&hash) {
            return;
        }
        let ops: PlanOps = lines
            .map(|(operation, name)| {
                let (op, opt) = split_operation(operation);
                (op.to_string(), opt.to_string(), name.cloned())
            })
            .collect();
        self.bytes += ops
            .iter()
            .map(|(a, b, c)| 72 + (a.len() + b.len() + c.as_ref().map_or(0, |c| c.len())) as u64)
            .sum::<u64>();
        self.plans.insert(hash, ops);
    }

    /// Samples with `seq` in `from..to`.
    pub fn range(&self, from: u64, to: u64) -> impl Iterator<Item = &AshSample> {
        let first = self.samples.front().map_or(0, |s| s.seq);
        let skip = from.saturating_sub(first) as usize;
        self.samples.iter().skip(skip).take_while(move |s| s.seq < to)
    }
}

/// A plan line's operation as V$SQL_PLAN splits it: OPERATION and OPTIONS
/// (`TABLE ACCESS` / `BY INDEX ROWID`, `INDEX` / `UNIQUE SCAN`).
pub fn split_operation(text: &str) -> (&str, &str) {
    const TWO: &[&str] = &[
        "TABLE ACCESS",
        "NESTED LOOPS",
        "HASH JOIN",
        "MERGE JOIN",
        "SELECT STATEMENT",
        "INSERT STATEMENT",
        "UPDATE STATEMENT",
        "DELETE STATEMENT",
        "FAST DUAL",
        "FIXED TABLE",
        "PARTITION RANGE",
        "PARTITION LIST",
        "PARTITION HASH",
        "BITMAP CONVERSION",
        "BITMAP INDEX",
        "CONNECT BY",
        "RECURSIVE WITH",
        "FIRST ROW",
        "GENERATE CUBE",
        "UNION ALL",
        "LOAD AS",
        "LOAD TABLE",
        "CREATE TABLE",
    ];
    let t = text.trim();
    let two = TWO.iter().find(|p| t == **p || t.strip_prefix(**p).is_some_and(|r| r.starts_with(' ')));
    let mut cut = match two {
        Some(p) => p.len(),
        None => t.find(' ').unwrap_or(t.len()),
    };
    let rest = t[cut..].trim_start();
    // A parenthesised qualifier (`UNION ALL (RECURSIVE WITH)`) and the
    // third word of `LOAD AS SELECT`, `LOAD TABLE CONVENTIONAL`, `CREATE
    // TABLE STATEMENT` belong to the operation.
    if rest.starts_with('(') {
        if let Some(e) = rest.find(')') {
            cut = t.len() - rest.len() + e + 1;
        }
    } else if matches!(two, Some(&"LOAD AS" | &"LOAD TABLE" | &"CREATE TABLE")) {
        cut = t.len() - rest.len() + rest.find(' ').unwrap_or(rest.len());
    }
    (t[..cut].trim_end(), t[cut..].trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_split_as_v_sql_plan() {
        assert_eq!(split_operation("TABLE ACCESS BY INDEX ROWID"), ("TABLE ACCESS", "BY INDEX ROWID"));
        assert_eq!(split_operation("INDEX UNIQUE SCAN"), ("INDEX", "UNIQUE SCAN"));
        assert_eq!(split_operation("SELECT STATEMENT"), ("SELECT STATEMENT", ""));
        assert_eq!(split_operation("NESTED LOOPS"), ("NESTED LOOPS", ""));
        assert_eq!(split_operation("SORT AGGREGATE"), ("SORT", "AGGREGATE"));
        assert_eq!(split_operation("HASH JOIN RIGHT SEMI"), ("HASH JOIN", "RIGHT SEMI"));
        assert_eq!(split_operation("FILTER"), ("FILTER", ""));
        assert_eq!(split_operation("LOAD TABLE CONVENTIONAL"), ("LOAD TABLE CONVENTIONAL", ""));
        assert_eq!(
            split_operation("UNION ALL (RECURSIVE WITH) BREADTH FIRST"),
            ("UNION ALL (RECURSIVE WITH)", "BREADTH FIRST")
        );
    }
}
