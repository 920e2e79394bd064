//! Cursors: parse (soft or hard, with the recursive SQL a hard parse
//! needs), execute and fetch through the row sources, and the plan with
//! its per-line figures.

use super::invalidation::Staleness;
pub use super::invalidation::OPTIMIZER_INVALIDATION_PERIOD_US;
use super::net::*;
pub(crate) use super::types::FetchPolicy;
use super::*;
use crate::exec::{self, Compiled, RowStats, Rt};
use crate::instance::params::StatisticsLevel;
pub use crate::instance::shared_pool::LibChild;
use crate::kernel;
use crate::optimizer::OptEnv;
use crate::result::PlanLineOut;

/// Shared cursors the library cache holds before they age out (a model
/// value: statements built with literals would otherwise grow it forever).
const LIBRARY_CACHE_CURSORS: usize = 10_000;
/// Cursors a session's cursor cache holds, and the bytes of their texts,
/// before they age out (model values, as the library cache's). A compiled
/// cursor takes about 120 times its text (a 7 KB join of 1,000 tables
/// about 870 KB): without a bound, EXECUTE IMMEDIATE of texts built in a
/// loop grew the cache without end (300,000 one-line texts took 600 MB,
/// outside the lab's memory budget). 1 MB of text keeps it near 120 MB.
const SESSION_CACHED_CURSORS: usize = 10_000;
const SESSION_CURSOR_TEXT_BYTES: usize = 1 << 20;

impl Run<'_> {
    /// Get (or hard parse) the cursor for `text`. Returns whether it was a
    /// hard parse.
    pub(super) fn open_cursor(
        &mut self,
        q: &Query,
        text: &str,
        vars: &[String],
        cs: &CallStacks,
    ) -> Result<(Box<Compiled>, bool), LabError> {
        match self.cached_cursor(text, cs) {
            Some(c) => Ok((c, false)),
            None => self.compile_cursor(q, text, vars, cs),
        }
    }

    /// The parse call: the session's cached cursor for `text` if it has
    /// one (a session cursor cache hit), else None (the caller compiles).
    pub(super) fn cached_cursor(&mut self, text: &str, cs: &CallStacks) -> Option<Box<Compiled>> {
        self.parse_call();
        if self.s.cursor_epoch != self.inst.cursor_epoch {
            self.s.cursors.clear();
            self.s.cursor_text_bytes = 0;
            self.s.cursor_epoch = self.inst.cursor_epoch;
        }
        let (key, mut c) = self.s.cursors.remove_entry(text)?;
        self.s.cursor_text_bytes -= key.len();
        if self.s.cursor_keys.len() < 16 {
            self.s.cursor_keys.push(key);
        }
        // Built in another optimizer environment, or on a table changed
        // since: the library cache decides (compile_cursor).
        let same_env = c.opt_env.as_ref().is_some_and(|e| e.matches(&self.s.params));
        let stale = self.staleness(&c.deps, c.parsed_at_us) != Staleness::Current;
        if !same_env || stale || !self.host_kinds_match(&c) || !self.acs_cached_ok(text, &c) {
            return None;
        }
        c.sql_slot = self.sql_area_parse(text, &c, false);
        self.s.stats.calls.session_cursor_cache_hits += 1;
        self.plsql_cursor_kept_open();
        let us = self.inst.cost_params.soft_parse_us;
        self.s.cost.charge(cs.parse, us * 0.2);
        self.call_event(kind::PARSE, cs.parse);
        Some(c)
    }

    /// `q` optimized in this session's environment, on the tables as the
    /// catalog holds them now.
    fn optimize(&self, q: &Query, vars: &[String], binds: &super::sqlplus::ParseKinds) -> Result<Compiled, LabError> {
        let profile = self.inst.profile.clone();
        let mut ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars, &self.s.user);
        ctx.cbo_trace = self.cbo_tracing();
        ctx.costing.sampling = self.s.sampling;
        binds.set(&mut ctx);
        exec::compile(q, &ctx)
    }

    /// A parse that found no cached cursor: compile `q` (a soft parse when
    /// another session has it in the shared pool, else a hard parse).
    pub(super) fn compile_cursor(
        &mut self,
        q: &Query,
        text: &str,
        vars: &[String],
        cs: &CallStacks,
    ) -> Result<(Box<Compiled>, bool), LabError> {
        self.ensure_dual(Some(q), None);
        let mut binds = self.parse_kinds();
        let mut c = Box::new(self.optimize(q, vars, &binds)?);
        if self.cr_needed(&c.tables) {
            // The optimizer's figures of a table without statistics (its
            // rows, dynamic sampling) read it as a query in this session
            // would: without other sessions' uncommitted changes.
            let tables = c.tables.clone();
            c = Box::new(self.read_consistently(&tables, |r| r.optimize(q, vars, &binds))?);
        }
        // The library cache: a child of this text built in this optimizer
        // environment, on the tables as they are, is shared (a soft parse);
        // an invalidated one is reloaded; else a new child is built.
        let now = self.s.cost.now_us();
        let parent_aware = self.acs_retire(text);
        let versions: Vec<(TableId, u64)> =
            c.tables.iter().map(|&t| (t, self.inst.table_versions.get(t).copied().unwrap_or(0))).collect();
        let found = self.inst.library_cache.get(text).and_then(|children| {
            children
                .iter()
                .enumerate()
                .rev()
                .find(|(_, ch)| {
                    !ch.obsolete
                        && ch.env.matches(&self.s.params)
                        && ch.binds == c.bind_kinds
                        && super::acs::acs_shares(ch, &c)
                })
                .map(|(i, ch)| (i, self.staleness(&ch.deps, ch.parsed_at_us), ch.parsed_at_us, ch.env.clone()))
        });
        let (shared, invalidated) = match found {
            Some((i, Staleness::Current, at, env)) => {
                self.acs_shared_plan((q, text, i, vars), &mut binds, &mut c)?;
                c.child = i as u32;
                c.parsed_at_us = at;
                c.deps = versions;
                c.opt_env = Some(env);
                (true, false)
            }
            found => {
                if !self.inst.library_cache.contains_key(text) && self.inst.library_cache.len() >= LIBRARY_CACHE_CURSORS
                {
                    // The shared pool is full: unpinned cursors age out (model: all of them).
                    self.inst.library_cache.clear();
                }
                let env = std::rc::Rc::new(OptEnv::of(&self.s.params));
                let mut child = LibChild::new(env.clone(), versions.clone(), now, c.bind_kinds.clone());
                child.peeked = std::mem::take(&mut binds.host);
                let children = self.inst.library_cache.entry(text.to_string()).or_default();
                let i = match found {
                    // Invalidated: the same child is loaded again.
                    Some((i, Staleness::Invalidated, ..)) if i < children.len() => {
                        children[i] = child;
                        i
                    }
                    // Rolling invalidation: a new child replaces it.
                    Some((i, ..)) => {
                        if let Some(old) = children.get_mut(i) {
                            old.obsolete = true;
                        }
                        children.push(child);
                        children.len() - 1
                    }
                    None => {
                        children.push(child);
                        children.len() - 1
                    }
                };
                c.child = i as u32;
                self.acs_new_child(text, i, &c, parent_aware);
                c.parsed_at_us = now;
                c.deps = versions;
                c.opt_env = Some(env);
                (false, matches!(found, Some((_, Staleness::Invalidated, ..))))
            }
        };
        c.sql_slot = self.sql_area_parse(text, &c, !shared);
        if invalidated {
            self.sql_area_invalidated(c.sql_slot);
        }
        if shared {
            // Another session parsed it: a soft parse (no optimization, no recursive SQL).
            let us = self.inst.cost_params.grid.soft_parse_us;
            self.s.cost.charge_grid(cs.parse, us);
            self.call_event(kind::PARSE, cs.parse);
            self.cbo_trace_parsed(text, &mut c, false, true);
            return Ok((c, false));
        }
        self.recursive_dictionary_sql(&c.tables, cs.hard_parse);
        if let Some(d) = &c.dyn_sampling {
            let tables = d.tables.clone();
            self.dyn_sampling_queries(&tables, q.pos)?;
        }
        self.s.stats.calls.parse_count_hard += 1;
        let us = self.inst.cost_params.hard_parse_us;
        self.s.cost.charge(cs.hard_parse, us);
        self.s.stats.calls.parse_cpu_us += us;
        self.call_event(kind::PARSE, cs.hard_parse);
        self.cbo_trace_parsed(text, &mut c, true, true);
        Ok((c, true))
    }

    /// The row cache entries a hard parse on `tables` needs; missing ones
    /// are read by recursive SQL (crate::dict).
    pub(super) fn recursive_dictionary_sql(&mut self, tables: &[TableId], base: crate::sim::cost::StackId) {
        let st = match self.s.dict_stacks {
            Some((b, st)) if b == base => st,
            _ => {
                let st = OpStacks::intern(&mut self.s.cost, base, "kqrpre1;opiodr;opiosq0");
                self.s.dict_stacks = Some((base, st));
                st
            }
        };
        self.inst.sga.row_cache.hard_parse(&mut kernel!(self.inst, self.s), &mut self.inst.cat, LAB_USER, tables, &st);
    }

    pub(super) fn close_cursor(&mut self, text: &str, c: Box<Compiled>, cache: bool) {
        if cache {
            // The key's buffer is reused (a cursor is taken out and put back on every execution).
            let key = match self.s.cursor_keys.pop() {
                Some(mut k) => {
                    k.clear();
                    k.push_str(text);
                    k
                }
                None => text.to_string(),
            };
            if let Some((old, _)) = self.s.cursors.remove_entry(text) {
                self.s.cursor_text_bytes -= old.len();
                self.s.cursor_keys.push(old);
            }
            if self.s.cursors.len() >= SESSION_CACHED_CURSORS
                || self.s.cursor_text_bytes + key.len() > SESSION_CURSOR_TEXT_BYTES
            {
                // The cache is full: its cursors age out (model: all of them).
                self.s.cursors.clear();
                self.s.cursor_text_bytes = 0;
            }
            self.s.cursor_text_bytes += key.len();
            self.s.cursors.insert(key, c);
        }
    }

    /// Execute a cursor and fetch its rows according to `policy`. Tables
    /// another session has changed and not committed are read as they were
    /// before those changes (session/cr.rs).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn execute_fetch(
        &mut self,
        c: &mut Compiled,
        text: &str,
        binds: &[Value],
        client: Client,
        cs: &CallStacks,
        policy: FetchPolicy,
        rows_out: Option<&mut dyn crate::catalog::RowSink>,
        max_rows: Option<u64>,
    ) -> Result<u64, LabError> {
        let swapped = self.cr_enter(&c.tables)?;
        let rows0 = if c.bind_preds.is_empty() { 0 } else { super::acs::rows_processed(c) };
        let mark = self.sql_mark();
        let outer_reads = self.sql_area_started(c.sql_slot);
        let r = self.execute_fetch_current(c, text, binds, client, cs, policy, rows_out, max_rows);
        // The sequence cache's loads the execution made: SEQ$ written.
        self.sequence_refills();
        self.cr_leave(&swapped);
        self.acs_executed(text, c, rows0, &mark);
        self.execution_ended(c, text, &mark, (&r, max_rows, !binds.is_empty()), outer_reads);
        r
    }

    /// [`Self::execute_fetch`] over the tables as they are now.
    #[allow(clippy::too_many_arguments)]
    fn execute_fetch_current(
        &mut self,
        c: &mut Compiled,
        text: &str,
        binds: &[Value],
        client: Client,
        cs: &CallStacks,
        policy: FetchPolicy,
        mut rows_out: Option<&mut dyn crate::catalog::RowSink>,
        max_rows: Option<u64>,
    ) -> Result<u64, LabError> {
        let (fast_lookup, rowsource_stats, sql_trace) = self.execution_flags(c, client);
        self.trace_exec_start(sql_trace, client, binds, &c.lines);
        self.begin_execute(c, cs);
        // Disjoint borrows of the cursor: its plan, runtime state and figures.
        let stacks: &[OpStacks] = c.stacks.as_ref().map(|s| s.1.as_slice()).unwrap_or(&[]);
        // V$ views read by this execution: their rows as of now.
        let fixed_rows = if c.fixed.is_empty() { Vec::new() } else { self.fixed_rows(&c.fixed) };
        let (root, env, lines, project, sorts) = (&mut c.root, &mut c.env, &mut c.line_stats, &c.project, c.sorts);
        self.execute_call(client, cs, sql_trace);
        env.rownum = 0;
        let work = self.work_limit();
        let mbrc = self.s.params.db_file_multiblock_read_count;
        let direct_reads = !self.s.buffered_scan;
        let workarea = self.workarea();
        // The row sources' view of the engine, for one open or fetch call.
        macro_rules! row_source_context {
            () => {
                Rt {
                    cat: &self.inst.cat,
                    k: kernel!(self.inst, self.s),
                    lines: &mut lines[..],
                    binds,
                    rng: &mut self.s.rng,
                    stacks,
                    fast_lookup,
                    rowsource_stats: RowStats { cpu: rowsource_stats, timed: rowsource_stats || sql_trace },
                    work,
                    max_memory_mb: self.inst.limits.max_memory_mb,
                    workarea,
                    fixed: &fixed_rows,
                    outer_moved: false,
                    mbrc,
                    direct_reads,
                }
            };
        }
        // Memory is only taken by rows held for the caller.
        let (mut room, max_mb) =
            (if rows_out.is_some() { self.memory_room() } else { 0 }, self.inst.limits.max_memory_mb);
        let mut total = 0u64;
        let mut want = policy.first.max(1);
        let mut first_call = true;
        // A unique probe is not asked for a row after its one row (the
        // answer could only be "no row"); the fetch calls stay the same.
        let single_row = root.at_most_one_row();
        let mut exhausted = false;
        // The row being handed to `rows_out` (a row store takes its values
        // and leaves its capacity: no allocation per row; kept between
        // executions).
        let mut row: Vec<Value> = std::mem::take(&mut self.s.dml.fetch_row);
        loop {
            // A fetch call. The work budget is checked once a call; inside
            // a call the row sources check it every 1,024 rows produced and
            // 256 rejected (Rt::produced, Rt::test_preds).
            work.check(&self.s.stats)?;
            self.call_event(kind::FETCH, cs.fetch);
            let mut got = 0u32;
            let mut bytes = 0u64;
            let mut done = false;
            let mut rt = row_source_context!();
            if first_call {
                // The execution's row sources open in its first fetch call
                // (a query's work starts when the first row is asked for).
                root.open(&mut rt, env, false).map_err(|e| *e)?;
            }
            while got < want {
                if let Some(m) = max_rows {
                    if total >= m {
                        done = true;
                        break;
                    }
                }
                if exhausted || !root.next(&mut rt, env).map_err(|e| *e)? {
                    done = true;
                    break;
                }
                exhausted = single_row;
                if !sorts {
                    env.rownum += 1;
                }
                got += 1;
                total += 1;
                let mut cx = rt.eval_ctx(&*env);
                bytes += match rows_out.as_deref_mut() {
                    Some(out) => {
                        let held = super::fetch::hand_row(project, &mut cx, out, &mut row, &mut room, max_mb)?;
                        rt.k.stats.work.rows_held += 1;
                        held
                    }
                    None => super::fetch::row_bytes(project, &mut cx)?,
                };
            }
            // End of the fetch call: pins are released. The server's
            // call overhead: a MemOptimized fast lookup (OCI) bypasses the
            // cursor execution path (opiexe, opifch2), so it costs less.
            root.release_pins();
            let call = super::fetch::FetchCall { first: first_call, memopt_hit: env.memopt_hit, bytes, rows: got };
            self.end_fetch_call(client, cs, policy, project.len() as u64, text.len() as u64, call);
            first_call = false;
            if done || got < want {
                break;
            }
            want = policy.then.max(1);
        }
        super::types::DmlScratch::keep(&mut self.s.dml.fetch_row, row);
        Ok(total)
    }

    /// Whether an execution of `c` now gathers rowsource statistics.
    pub(super) fn rowsource_stats(&self, c: &Compiled) -> bool {
        c.gather_plan_statistics || self.effective().statistics_level == StatisticsLevel::All
    }

    pub(super) fn plan_out(&self, c: &Compiled) -> Vec<PlanLineOut> {
        self.plan_out_of(c, &c.line_stats)
    }

    /// The plan with the cursor's figures since it was loaded (DBMS_XPLAN's
    /// ALLSTATS without LAST).
    pub(super) fn plan_out_total(&self, c: &Compiled) -> Vec<PlanLineOut> {
        self.plan_out_of(c, &c.total_line_stats())
    }

    fn plan_out_of(&self, c: &Compiled, line_stats: &[exec::row_source::LineStat]) -> Vec<PlanLineOut> {
        let stats = Some(line_stats);
        let timed = self.rowsource_stats(c);
        let n = c.lines.len();
        // Buffers are cumulative: own gets plus the children's.
        let mut buffers = vec![0u64; n];
        for i in (0..n).rev() {
            let own = stats.and_then(|s| s.get(i)).map(|s| s.own_buffers).unwrap_or(0);
            buffers[i] += own;
            if let Some(p) = c.lines[i].parent {
                let b = buffers[i];
                buffers[p as usize] += b;
            }
        }
        // SELECT STATEMENT's figures are its last child's (a select list's
        // scalar subqueries come first).
        let main = c.lines.iter().rposition(|l| l.parent == Some(0)).unwrap_or(1);
        let top = |i: usize| stats.and_then(|s| s.get(if i == 0 { main } else { i })).copied().unwrap_or_default();
        c.lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let s = stats.and_then(|s| s.get(i)).copied().unwrap_or_default();
                PlanLineOut {
                    id: l.id,
                    parent: l.parent,
                    depth: l.depth,
                    operation: l.operation.clone(),
                    name: l.name.clone(),
                    // SELECT STATEMENT: one start per execution, the rows returned.
                    starts: top(i).starts,
                    e_rows: l.e_rows.round() as u64,
                    a_rows: top(i).a_rows,
                    buffers: buffers[i],
                    cost: l.cost.round() as u64,
                    io_cost: crate::exec::plan::cpu::io_cost(l.cost, l.cpu),
                    bytes: l.bytes.map(|b| b.round() as u64),
                    access: c.predicates.get(i).and_then(|p| p.access.clone()),
                    filter: c.predicates.get(i).and_then(|p| p.filter.clone()),
                    pstart: l.partition.as_ref().map(|p| p.0.clone()),
                    pstop: l.partition.as_ref().map(|p| p.1.clone()),
                    // SELECT STATEMENT: the time of the line under it.
                    time_us: timed.then(|| (top(i).time_us * 1000.0).round() / 1000.0),
                    workarea: s.workarea,
                }
            })
            .collect()
    }

    /// A query typed in SQL*Plus.
    #[inline(never)]
    pub(super) fn run_sqlplus_query(&mut self, q: &Query, text: &str) -> Result<Outcome, LabError> {
        // SQLcl's autotrace runs the query through its thin driver.
        let client = if self.sqlcl_traced("query") { Client::Sqlcl } else { Client::SqlPlus };
        let cs = self.call_stacks(client);
        let traced = (self.sql_trace_level() > 0).then(|| self.trace_open());
        let (mut c, hard) = self.open_cursor(q, text, &[], &cs)?;
        let from_cache = traced.as_ref().is_some_and(|t| self.trace_opened(t, text, &c, hard));
        // SQL*Plus's bind variables (each declared: SP2-0552 otherwise).
        let binds = self.host_values(&c.bind_names);
        if let Some(v) = c.dictionary_view() {
            if self.s.sqlplus.autotrace != Autotrace::Off || c.gather_plan_statistics {
                self.close_cursor(text, c, true);
                return Err(exec::plan::dictionary_plan_refused(v, "AUTOTRACE", q.pos));
            }
        }
        // Fresh per-execution plan statistics for what autotrace shows.
        c.reset_line_stats();
        let sp = &self.s.sqlplus;
        if sp.autotrace == Autotrace::TraceOnly && sp.autotrace_explain && !sp.autotrace_statistics {
            // SET AUTOTRACE TRACEONLY EXPLAIN: EXPLAIN PLAN, not a run; it
            // optimises afresh (a cached cursor may keep an older plan).
            let (plan, plan_notes) = match self.explain_compile(q) {
                Ok(fresh) => (self.plan_out(&fresh), self.plan_notes(&fresh)),
                Err(_) => (self.plan_out(&c), self.plan_notes(&c)),
            };
            self.close_cursor(text, c, true);
            self.user_call_roundtrip(client, text.len());
            return Ok(Outcome { plan, plan_notes, ..Default::default() });
        }
        let mut rows = Vec::new();
        let arraysize = self.s.sqlplus.arraysize;
        // SQL*Plus asks for one row first; the thin driver prefetches.
        let (first, then) =
            if client == Client::Sqlcl { (arraysize, arraysize) } else { (1, super::types::oci_fetch_rows(arraysize)) };
        let policy = FetchPolicy { first, then, round_trips: true };
        let r = self.execute_fetch(&mut c, text, &binds, client, &cs, policy, Some(&mut rows), None);
        if traced.is_some() && r.is_ok() {
            self.trace_stat(&c);
            self.trace_close(from_cache);
        }
        let (plan, gathered, plan_notes) = (self.plan_out(&c), self.rowsource_stats(&c), self.plan_notes(&c));
        let (columns, column_numeric) = (c.columns.clone(), c.numeric.clone());
        let mut column_widths = self.display_widths(&c);
        super::sqlplus::literal_widths(q, &mut column_widths);
        self.close_cursor(text, c, true);
        let n = r?;
        self.remember_cursor(text, gathered);
        let show_rows = self.s.sqlplus.autotrace != Autotrace::TraceOnly;
        Ok(Outcome {
            columns,
            column_widths,
            column_numeric,
            rows: if show_rows { rows } else { Vec::new() },
            rows_processed: n,
            plan,
            plan_notes,
            ..Default::default()
        })
    }
}
