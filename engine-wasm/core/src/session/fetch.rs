//! A fetch call's parts that are not the row loop (`session/cursor.rs`,
//! `execute_fetch_current`): the operator stacks a cursor charges to, a row
//! handed to the caller or measured for the wire, and the end of the call
//! (the server's call overhead and the round trip).

use super::net::*;
use super::*;
use crate::catalog::RowSink;
use crate::exec::CExpr;
use crate::instance::params::StatisticsLevel;

/// One fetch call, as its end charges it.
#[derive(Clone, Copy)]
pub(super) struct FetchCall {
    /// The execution's first fetch call (it carries the execute).
    pub first: bool,
    /// The execution was a MemOptimized fast lookup.
    pub memopt_hit: bool,
    /// Bytes of the rows the call returned.
    pub bytes: u64,
    /// Rows the call returned.
    pub rows: u32,
}

/// A row evaluated into `row` and handed to `out`; returns its bytes. Rows
/// held for the caller (an INSERT ... SELECT) count against memory (`room`
/// bytes left), their strings included.
#[inline]
pub(super) fn hand_row(
    project: &[CExpr],
    cx: &mut EvalCtx<'_>,
    out: &mut dyn RowSink,
    row: &mut Vec<Value>,
    room: &mut u64,
    max_mb: u64,
) -> Result<u64, LabError> {
    row.reserve_exact(project.len());
    let mut row_bytes = 0u64;
    for e in project.iter() {
        let v = e.eval(cx)?;
        row_bytes += v.stored_len() as u64 + 1;
        row.push(v);
    }
    let held = out.charge(row, row_bytes);
    *room = room.checked_sub(held).ok_or_else(|| memory_error(max_mb))?;
    out.take_row(row);
    Ok(row_bytes)
}

/// The bytes a row would take on the wire, without building it.
#[inline]
pub(super) fn row_bytes(project: &[CExpr], cx: &mut EvalCtx<'_>) -> Result<u64, LabError> {
    let mut bytes = 0u64;
    for e in project.iter() {
        bytes += e.stored_len(cx)? as u64 + 1;
    }
    Ok(bytes)
}

impl Run<'_> {
    /// Whether this execution of `c` may take the MemOptimized fast lookup,
    /// gathers rowsource statistics, and is traced (SQL_TRACE).
    pub(super) fn execution_flags(&self, c: &Compiled, client: Client) -> (bool, bool, bool) {
        let p = self.effective();
        let gps = c.gather_plan_statistics;
        let stats_all = p.statistics_level == StatisticsLevel::All;
        // SQL_TRACE or event 10046 (session/sqltrace.rs).
        let traced = p.sql_trace || self.s.sqltrace.level > 0;
        let fast_lookup =
            self.inst.profile.memoptimize_rowstore && !stats_all && !gps && !traced && client != Client::Plsql;
        (fast_lookup, stats_all || gps, traced)
    }

    /// An execution begins: the cursor's operator stacks under this fetch
    /// base (interned once per cursor context), its per-line figures sized
    /// to its plan, no block cloned yet, one more execute.
    pub(super) fn begin_execute(&mut self, c: &mut Compiled, cs: &CallStacks) {
        if !matches!(c.stacks, Some((base, _)) if base == cs.fetch) {
            let fetch = cs.fetch;
            c.stacks = Some((fetch, c.frames.iter().map(|f| OpStacks::intern(&mut self.s.cost, fetch, f)).collect()));
        }
        if c.line_stats.len() != c.lines.len() {
            c.line_stats = vec![LineStat::default(); c.lines.len()];
        }
        if !self.s.cr_seen.is_empty() {
            self.s.cr_seen.clear();
        }
        self.s.stats.calls.execute_count += 1;
    }

    /// The execute call's event, and what PL/SQL's context switch and
    /// SQL_TRACE add to it (and its EXEC line: session/sqltrace.rs).
    pub(super) fn execute_call(&mut self, client: Client, cs: &CallStacks, sql_trace: bool) {
        self.call_event(kind::EXECUTE, cs.execute);
        if client == Client::Plsql {
            let us = self.inst.cost_params.grid.plsql_context_switch_us;
            self.s.cost.charge_grid(cs.plsql_switch, us);
        }
        if sql_trace {
            self.traced_execute_call(cs);
        }
    }

    /// What SQL_TRACE adds to an execute call: writing its lines, and its
    /// EXEC line (out of line: off, the call pays one test).
    #[cold]
    #[inline(never)]
    fn traced_execute_call(&mut self, cs: &CallStacks) {
        let t = self.inst.cost_params.grid.sql_trace_call_us;
        self.s.cost.charge_grid(cs.execute, t);
        self.trace_call_end("EXEC", 0);
    }

    /// The session's work area sizes, in the instance's block size.
    pub(super) fn workarea(&self) -> crate::exec::workarea::WorkArea {
        crate::exec::workarea::WorkArea {
            block_size: self.inst.params.current.db_block_size,
            ..crate::exec::workarea::WorkArea::of(&self.s.params)
        }
    }

    /// The end of a fetch call: pins were released; the server's call
    /// overhead (a MemOptimized fast lookup through OCI bypasses the cursor
    /// execution path, opiexe and the fetch, so it costs less) and the
    /// round trip. JDBC thin (18c) has no fast-lookup protocol: its
    /// execution runs the cursor as usual (the READ OPTIM row sources still
    /// read the memoptimize area), and a hit costs the driver a second call.
    pub(super) fn end_fetch_call(
        &mut self,
        client: Client,
        cs: &CallStacks,
        policy: FetchPolicy,
        ncols: u64,
        text_len: u64,
        call: FetchCall,
    ) {
        self.s.stats.calls.fetch_calls += 1;
        let g = &self.inst.cost_params.grid;
        let thin_hit = call.first && call.memopt_hit && matches!(client, Client::JdbcThin | Client::Sqlcl);
        if call.first && call.memopt_hit && !thin_hit {
            let us = g.memopt_call_us;
            self.s.cost.charge_grid(cs.memopt_call, us);
        } else {
            let (e_us, f_us, k_us) = (g.execute_call_us, g.fetch_call_us, g.fetch_cursor_us);
            if call.first {
                self.s.cost.charge_grid(cs.execute, e_us);
            }
            self.s.cost.charge_parts(&[(cs.fetch, f_us), (cs.fetch_cursor, k_us)]);
        }
        if policy.round_trips {
            // Oracle Net packet sizes (model): the first reply carries
            // the describe of every column, later replies a header;
            // each row adds its data and a few bytes of framing.
            let z = client.net_sizes();
            let sent = if call.first { z.first_reply + z.describe_per_column * ncols } else { z.fetch_reply };
            let received = if call.first { z.execute_request + text_len } else { z.fetch_request };
            self.roundtrip(client, cs, sent + call.bytes + z.row_framing * call.rows as u64, received);
            if thin_hit {
                self.thin_memopt_second_call(client, cs);
            }
        }
        if self.s.sqltrace.mark.is_some() {
            self.trace_call_end("FETCH", call.rows as u64);
        }
    }
}
