//! SQLcl's own calls around an autotraced statement (LAB SET
//! autotrace_style = sqlcl, SET AUTOTRACE with statistics).
//!
//! SQLcl is a Java program on the JDBC thin driver. Its autotrace reads
//! the session's statistics before and after the statement, one row per
//! V$STATNAME statistic (NAME, VALUE) sorted by name, and prints the
//! differences that are not zero. The two reads are the two snapshots, so
//! whatever SQLcl does between them is in its block. The published blocks
//! (seed 000's five on 18c, and SQLcl listings in two public repositories'
//! scripts, on 19c and later: 38 round trips and 1,804 sorted rows; 32
//! and about 1,500) fit one sequence:
//!
//! 1. The first snapshot query executes; its sort reads V$MYSTAT (the
//!    "before" figures), then counts itself (`sorts (memory)` 1,
//!    `sorts (rows)` the release's V$STATNAME rows) and replies with the
//!    first `SNAPSHOT_FETCH` rows. The rest come in further fetches of
//!    `SNAPSHOT_FETCH` rows, each a round trip and a user call: with
//!    2,011 statistics, 40 of them.
//! 2. The statement runs through the thin driver (its first fetch rides on
//!    the execute: one round trip for a one-row query; a MemOptimized hit
//!    costs the 18c driver a second call, `session/net.rs`).
//! 3. The second snapshot query executes (SQLcl's cached statement: a
//!    parse, an execute and an open cursor, no text on the wire); its
//!    round trip and user call are counted when the request arrives,
//!    before its sort reads V$MYSTAT (the "after" figures). Its replies,
//!    and the plan SQLcl fetches next (DBMS_XPLAN), are after the window.
//! 4. SQLcl closes the first snapshot's statement once it has its rows.
//!    The thin driver does not send a close at once: it queues the cursor
//!    and sends a close-cursors piggyback (TTC function OCCA, 105) in front
//!    of its next call, in the same packet (python-oracledb's thin driver,
//!    `_write_close_cursors_piggyback`: message type, function, sequence
//!    number, a pointer byte, the count and each cursor id as TTC ub4s,
//!    8 bytes for one cursor; the 18.3 JDBC thin driver's
//!    `T4C8Oclose.doOCCA` the same, sent by
//!    `T4CConnection.sendPiggyBackedMessages` in front of the next call).
//!    The server runs it as a call of its own before the call it rides
//!    on: one user call, no round trip.
//!
//! So the window holds 40 + 1 + 1 = 42 round trips (43 on a MemOptimized
//! hit) and 43 user calls, the bytes of 40 fetch requests, two execute
//! requests and the piggyback, the first snapshot's replies (tens of
//! thousands of bytes: 2,011 rows of a name and a number) and the
//! statement's own. A 19c listing with 1,804 statistics gives 36 + 2 = 38
//! round trips and 39 user calls the same way. The statement's cursor is
//! still open at the second read (SQLcl closes it later), the first
//! snapshot's is closed, the second's open: `opened cursors current` is
//! the window's opens less its closes, 2 - 1 = 1. One published block
//! shows the other case: no piggyback in the window, user calls equal to
//! round trips, and 2 cursors current (docs/MODEL.md).

use super::*;
use crate::stats::{Snapshot, Stat, TimeMark};

/// SQLcl's fetch size for its own snapshot query (model value: the round
/// trips of the three published blocks, 2,011 rows in 41 calls and 1,804
/// in 37, each call up to 50 rows).
const SNAPSHOT_FETCH: u64 = 50;
/// The snapshot's select list: NAME and VALUE.
const SNAPSHOT_COLUMNS: u64 = 2;
/// Mean length of a V$STATNAME name the lab does not model (model value:
/// an 11.2.0.4 V$STATNAME listing in a public script's output, 25,803
/// characters over its 638 lines of 11 blanks, a name and a newline,
/// less the query's text, is 28 characters a name).
const UNMODELLED_NAME_LEN: u64 = 28;

/// The bytes of a close-cursors piggyback before its cursor ids: message
/// type, function code, sequence number and the pointer byte.
const PIGGYBACK_HEADER: u64 = 4;
/// A cursor id as a TTC ub4: a length byte and one byte (the thin driver's
/// cursor numbers of a SQLcl session are below 256).
const CURSOR_ID_BYTES: u64 = 2;

/// A TTC ub4: one byte for zero, else a length byte and the value's bytes.
fn ub4_len(v: u64) -> u64 {
    1 + (64 - u64::from(v.leading_zeros())).div_ceil(8)
}

/// The first snapshot as SQLcl read it.
pub(crate) struct SqlclMark {
    pub snap: Snapshot,
    pub waits: TimeMark,
    /// Rows SQLcl's sort of the snapshot counted (`sorts (rows)`).
    sort_rows: u64,
    /// Cursor closes the server had received by the read.
    closes: u64,
}

/// SQLcl's second read: the statistics, the waits and the closes received.
pub(crate) type SqlclAfter = (Snapshot, TimeMark, u64);

impl Run<'_> {
    /// Whether SQLcl wraps this statement in its snapshots: the SQLcl
    /// layout, autotrace with statistics, and a statement autotrace
    /// reports (a query or DML).
    pub(crate) fn sqlcl_traced(&self, kind: &str) -> bool {
        let sp = &self.s.sqlplus;
        sp.settings.autotrace_style == "sqlcl"
            && sp.autotrace != Autotrace::Off
            && sp.autotrace_statistics
            && matches!(kind, "query" | "dml")
    }

    /// SQLcl's first snapshot: its execute round trip, the read of the
    /// session's statistics (returned), its sort, and the replies that
    /// carry the rows.
    pub(crate) fn sqlcl_before(&mut self) -> SqlclMark {
        let client = Client::Sqlcl;
        let cs = self.call_stacks(client);
        let z = *client.net_sizes();
        self.sqlcl_execute(&cs, z.execute_request);
        let snap = self.snapshot();
        let waits = self.waits_now();
        let closes = self.s.thin_closes.sent;
        let rows = u64::from(self.inst.profile.statname_rows);
        self.s.stats.access.sorts_memory += 1;
        // Every row: its name and value, each with its length byte, and the
        // row's framing; the unmodelled statistics are zero (one byte).
        let modelled: Vec<(&'static str, u64)> =
            Stat::ALL.iter().filter_map(|s| s.name(&self.inst.profile).map(|n| (n, snap.get(*s)))).collect();
        let named_bytes: u64 =
            modelled.iter().map(|(n, v)| n.len() as u64 + Value::int(*v as i64).stored_len() as u64 + 2).sum();
        let others = rows.saturating_sub(modelled.len() as u64);
        let data = named_bytes + others * (UNMODELLED_NAME_LEN + 1 + 2) + rows * z.row_framing;
        let first = rows.min(SNAPSHOT_FETCH);
        let share = |n: u64| data * n / rows.max(1);
        // The execute's reply (after the read): describe and first rows.
        self.s.stats.calls.bytes_sent += z.first_reply + z.describe_per_column * SNAPSHOT_COLUMNS + share(first);
        let mut sent = first;
        while sent < rows {
            let n = (rows - sent).min(SNAPSHOT_FETCH);
            let bytes = share(sent + n) - share(sent);
            self.call_event(kind::FETCH, cs.fetch);
            self.roundtrip(client, &cs, z.fetch_reply + bytes, z.fetch_request);
            sent += n;
        }
        // SQLcl closes the statement; the driver queues the close.
        self.s.thin_closes.pending += 1;
        SqlclMark { snap, waits, sort_rows: rows, closes }
    }

    /// The thin driver's queued closes, sent in front of SQLcl's next call
    /// (inside its packet, so no round trip of their own): the server runs
    /// them as one call (a user call) and closes the cursors.
    pub(super) fn close_cursors_piggyback(&mut self, cs: &CallStacks) {
        let n = std::mem::take(&mut self.s.thin_closes.pending);
        self.s.thin_closes.sent += n;
        let c = &mut self.s.stats.calls;
        c.user_calls += 1;
        c.bytes_received += PIGGYBACK_HEADER + ub4_len(n) + n * CURSOR_ID_BYTES;
        let g = &self.inst.cost_params.grid;
        let (begin_us, end_us) = (g.user_call_begin_us, g.user_call_end_us);
        self.s.cost.charge_parts(&[(cs.user_call_begin, begin_us), (cs.user_call_end, end_us)]);
    }

    /// SQLcl's second snapshot, up to its read of the session's statistics
    /// (returned); then its replies, outside the window.
    pub(crate) fn sqlcl_after(&mut self) -> SqlclAfter {
        let client = Client::Sqlcl;
        let cs = self.call_stacks(client);
        let z = *client.net_sizes();
        self.parse_call();
        self.sqlcl_execute(&cs, z.execute_request);
        let snap = self.snapshot();
        let waits = self.waits_now();
        self.s.stats.access.sorts_memory += 1;
        (snap, waits, self.s.thin_closes.sent)
    }

    /// A SQLcl execute call whose reply is counted later (after the read):
    /// the request's round trip, user call and bytes, and the execute.
    fn sqlcl_execute(&mut self, cs: &CallStacks, request: u64) {
        self.s.stats.calls.execute_count += 1;
        self.call_event(kind::EXECUTE, cs.execute);
        self.roundtrip(Client::Sqlcl, cs, 0, request);
    }

    /// The statistics SQLcl prints for the window from `m` to `after`:
    /// the difference of the two snapshots, and the lines of statistics the
    /// lab counts but does not list in V$STATNAME (they would move every
    /// script's figures): `Requests to/from client` (each round trip is
    /// one request), `non-idle wait count`, `opened cursors current` (the
    /// window's opens, one a parse call, less the closes the server
    /// received in it), `sorts (rows)`, and the SCN
    /// calls of each execution (`calls to kcmgcs`; `calls to get snapshot
    /// scn: kcmgss`, once more for a MemOptimized read's own snapshot).
    pub(crate) fn sqlcl_statistics(&self, m: &SqlclMark, after: &SqlclAfter) -> BTreeMap<String, u64> {
        let delta = after.0.delta(&m.snap);
        let mut out = named(&delta, &self.inst.profile);
        let non_idle: u64 = crate::stats::WaitEvent::ALL
            .iter()
            .filter(|e| e.class() != crate::stats::WaitClass::Idle)
            .map(|e| after.1.count_since(*e, &m.waits))
            .sum();
        let executes = delta.get(Stat::ExecuteCount);
        let lookups = if self.inst.profile.memoptimize_rowstore { delta.get(Stat::MemoptRLookups) } else { 0 };
        for (name, v) in [
            ("Requests to/from client", delta.get(Stat::SqlNetRoundtrips)),
            ("non-idle wait count", non_idle),
            ("opened cursors current", delta.get(Stat::OpenedCursorsCumulative).saturating_sub(after.2 - m.closes)),
            ("sorts (rows)", m.sort_rows),
            ("calls to kcmgcs", executes),
            ("calls to get snapshot scn: kcmgss", executes + lookups),
        ] {
            if v > 0 {
                out.insert(name.to_string(), v);
            }
        }
        out
    }
}
