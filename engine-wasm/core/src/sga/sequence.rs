//! The sequence cache in the shared pool (Oracle's `v$_sequences`): for
//! each sequence in use, the next value to hand out and the high water mark
//! written to SEQ$ when the cached range was loaded.
//!
//! Model (SQL Language Reference, CREATE SEQUENCE; Lewis, "Oracle
//! sequences: the basics"; Debes, "Secrets of the Oracle Database"):
//! - NEXTVAL hands out the cached values one by one. When none is left
//!   (the first NEXTVAL after CREATE, ALTER or an instance restart, or the
//!   cache used up), the instance takes the next CACHE values (1 for
//!   NOCACHE) and writes their end to SEQ$.HIGHWATER by a recursive
//!   `update seq$` (USER_SEQUENCES.LAST_NUMBER): CACHE 20 from 1 shows 21
//!   after the first NEXTVAL and 41 after the 21st. That update is queued
//!   here as a [`Refill`] and done by the session (gets, redo, the
//!   recursive transaction's commit: `session/sequence.rs`).
//! - Past MAXVALUE (or below MINVALUE for a descending sequence) a CYCLE
//!   sequence starts again at MINVALUE (MAXVALUE); another fails with
//!   ORA-08004.
//! - CURRVAL is the value this session's last NEXTVAL returned (ORA-08002
//!   before the first).

use crate::catalog::sequence::Sequence;
use crate::number::Number;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

#[derive(Debug, Clone)]
struct Entry {
    obj: u32,
    /// The next value to hand out.
    next: Number,
    /// The end of the cached range (SEQ$.HIGHWATER as written): no value
    /// is left when `next` reaches it.
    high: Number,
}

/// A load of the cache: SEQ$.HIGHWATER of sequence `obj` becomes `high`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Refill {
    pub obj: u32,
    pub high: Number,
}

#[derive(Debug, Clone, Default)]
pub struct SequenceCache {
    entries: Vec<Entry>,
    /// (session, sequence, CURRVAL).
    currval: Vec<(u32, u32, Number)>,
    /// Loads made since the session last took them.
    pub pending: Vec<Refill>,
}

fn add(a: &Number, b: &Number) -> Number {
    // Both are integers below 10^28 in magnitude: the sum is exact.
    a.add(b).unwrap_or(*a)
}

impl SequenceCache {
    /// NEXTVAL of `s` for session `sid`; `at` is the statement's position
    /// (ORA-08004 is reported there).
    pub fn nextval(&mut self, s: &Sequence, sid: u32, at: Pos) -> Result<Number, LabError> {
        let obj = s.stamp.id;
        let i = match self.entries.iter().position(|e| e.obj == obj) {
            Some(i) => i,
            None => {
                self.entries.push(Entry { obj, next: s.last_number, high: s.last_number });
                self.entries.len() - 1
            }
        };
        let asc = s.ascending();
        let mut e = self.entries[i].clone();
        if e.next == e.high {
            // Nothing cached: load the next range.
            let beyond = if asc { e.next > s.max } else { e.next < s.min };
            if beyond {
                if !s.cycle {
                    let (how, edge) = if asc { ("exceeds", "MAX") } else { ("goes below", "MIN") };
                    return Err(LabError::with_args(ora::SEQUENCE_EXHAUSTED, &[&s.name, &how, &edge], at));
                }
                e.next = if asc { s.min } else { s.max };
            }
            let n = if s.cache.is_zero() { Number::from_i64(1) } else { s.cache };
            let span = s.increment.mul(&n).unwrap_or(s.increment);
            let mut high = add(&e.next, &span);
            // The range ends one step past the limit.
            let past = add(if asc { &s.max } else { &s.min }, &s.increment);
            if (asc && high > past) || (!asc && high < past) {
                high = past;
            }
            e.high = high;
            self.pending.push(Refill { obj, high });
        }
        let v = e.next;
        e.next = add(&v, &s.increment);
        self.entries[i] = e;
        match self.currval.iter_mut().find(|c| c.0 == sid && c.1 == obj) {
            Some(c) => c.2 = v,
            None => self.currval.push((sid, obj, v)),
        }
        Ok(v)
    }

    /// CURRVAL of `s` in session `sid`; ORA-08002 at `at` before its first NEXTVAL.
    pub fn currval(&self, s: &Sequence, sid: u32, at: Pos) -> Result<Number, LabError> {
        self.currval
            .iter()
            .find(|c| c.0 == sid && c.1 == s.stamp.id)
            .map(|c| c.2)
            .ok_or_else(|| LabError::with(ora::SEQUENCE_CURRVAL_NOT_DEFINED, &s.name, at))
    }

    /// The last value the instance handed out of `s` (ALTER SEQUENCE
    /// continues from it), or the value before its first.
    pub fn last_value(&self, s: &Sequence) -> Number {
        let next = self.entries.iter().find(|e| e.obj == s.stamp.id).map_or(s.last_number, |e| e.next);
        next.sub(&s.increment).unwrap_or(next)
    }

    /// ALTER or DROP of sequence `obj`: its cached values are given up.
    pub fn forget(&mut self, obj: u32) {
        self.entries.retain(|e| e.obj != obj);
    }

    /// DROP SEQUENCE: CURRVAL goes with it.
    pub fn drop_sequence(&mut self, obj: u32) {
        self.forget(obj);
        self.currval.retain(|c| c.1 != obj);
    }

    /// Each cached sequence (its object number) and its next value.
    pub fn cached(&self) -> impl Iterator<Item = (u32, Number)> + '_ {
        self.entries.iter().map(|e| (e.obj, e.next))
    }

    /// ALTER SYSTEM FLUSH SHARED_POOL: every cached value is lost; the
    /// sessions' CURRVAL stays.
    pub fn flush(&mut self) {
        self.entries.clear();
    }

    /// An instance restart: every cached value is lost (the next NEXTVAL
    /// starts at LAST_NUMBER), and every session with it.
    pub fn restart(&mut self) {
        *self = SequenceCache::default();
    }
}
