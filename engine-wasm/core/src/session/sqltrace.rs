//! The extended SQL trace (event 10046, SQL_TRACE, DBMS_MONITOR): the
//! lines Oracle writes to the session's trace file, on the simulated clock,
//! with each call's figures from the session's own ledger (consistent gets
//! are `cr=`, db block gets `cu=`, physical reads `p=`, the ledger's CPU
//! `c=` and DB time `e=`). Layout of published traces:
//! http://www.dba-oracle.com/t_10046_trace_file_parse_execute.htm (10g),
//! http://www.vlss-llc.com/blog/2013-01-interpreting-raw-sqltrace-output
//! (11g: `sqlid=`, `plh=`). Nothing here runs while tracing is off.

use super::sqltrace_file::*;
use super::*;
use crate::stats::{Stat, TraceWait, WaitEvent};
use std::fmt::Write as _;

/// A call line's own figures.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CallFig {
    pub mis: u32,
    pub rows: u64,
    pub plh: u32,
    /// The waits so far are left for the next call (a statement written
    /// after it ran: its waits are its execute's).
    pub keep_waits: bool,
    /// The call is written as it was at its mark, taking no time (a
    /// statement written after it ran: its parse, at its start).
    pub at_start: bool,
}

impl Run<'_> {
    /// Event 10046's level in an `ALTER SESSION SET EVENTS` value.
    pub(super) fn event_10046(&self, v: &lio_sql::ast::ParamValue) -> Option<u8> {
        match v {
            lio_sql::ast::ParamValue::Text(t) => event_10046(t),
            _ => None,
        }
    }

    /// The trace's level now: the event's, else SQL_TRACE's (level 1).
    #[inline]
    pub(super) fn sql_trace_level(&self) -> u8 {
        if self.s.sqltrace.level > 0 {
            self.s.sqltrace.level
        } else {
            self.s.params.sql_trace as u8
        }
    }

    /// `ALTER SESSION SET EVENTS '10046 trace name context forever, level
    /// n'` (or `... context off`), DBMS_MONITOR.SESSION_TRACE_ENABLE.
    pub(super) fn set_trace_level(&mut self, level: u8) {
        self.s.sqltrace.level = level;
    }

    /// The process id the trace file is named by (`<instance>_ora_<spid>.trc`;
    /// the lab's server processes are numbered from its session ids).
    pub(crate) fn trace_spid(&self) -> u32 {
        1000 + self.s.sid
    }

    /// The ledger now (the trace's header first if the file is new).
    pub(super) fn trace_mark(&mut self) -> CallMark {
        self.trace_header();
        if self.s.stats.calls.trace_waits.is_none() {
            self.s.stats.calls.trace_waits = Some(Vec::new());
        }
        let snap = self.snapshot();
        CallMark {
            t: self.s.time_mark(),
            cr: snap.get(Stat::ConsistentGets),
            cu: snap.get(Stat::DbBlockGets),
            pr: snap.get(Stat::PhysicalReads),
            hard: snap.get(Stat::ParseCountHard),
            redo: snap.get(Stat::RedoSize),
        }
    }

    /// LAB VERSION while tracing: the trace goes on in the new release's
    /// layout, under a header of its own (its banner), its cursors numbered
    /// anew, as a new server process of that release would write it.
    pub(super) fn trace_new_release(&mut self) {
        let t = &mut self.s.sqltrace;
        if t.started {
            t.started = false;
            t.cursors.clear();
        }
    }

    /// The trace file's header, if the file is new.
    pub(super) fn trace_header(&mut self) {
        if !self.s.sqltrace.started {
            self.s.sqltrace.started = true;
            let spid = self.trace_spid();
            let name = format!("LIOLAB_ora_{spid}.trc");
            self.trace_line(format!("Trace file /u01/app/oracle/diag/rdbms/liolab/LIOLAB/trace/{name}"));
            let banner = self.inst.profile.banner;
            self.trace_line(banner.to_string());
            self.trace_line("Instance name: LIOLAB".into());
            self.trace_line(format!("Unix process pid: {spid}, image: oracle@liolab"));
            self.trace_line(String::new());
            self.trace_line(String::new());
            let at = trace_stamp(self.s.cost.now_us(), self.inst.profile.trace_iso_time);
            let sid = self.s.sid;
            self.trace_line(format!("*** {at}"));
            let mut ids = vec![
                format!("SESSION ID:({sid}.1)"),
                "CLIENT ID:()".to_string(),
                "SERVICE NAME:(SYS$USERS)".to_string(),
                "MODULE NAME:(SQL*Plus)".to_string(),
                "ACTION NAME:()".to_string(),
            ];
            if self.inst.profile.trace_iso_time {
                ids.push("CLIENT DRIVER:(SQL*PLUS)".to_string());
            }
            for id in ids {
                self.trace_line(format!("*** {id} {at}"));
            }
            self.trace_line(String::new());
        }
    }

    /// One line into the file, unless it is full: past its limit, the line
    /// Oracle writes when MAX_DUMP_FILE_SIZE stops a trace.
    pub(super) fn trace_line(&mut self, line: String) {
        let t = &mut self.s.sqltrace;
        if t.full {
            return;
        }
        let set = self.s.params.other.get("max_dump_file_size").and_then(|v| max_dump_file_size(v));
        let room = self.inst.limits.memory_bytes().saturating_sub(self.inst.cat.memory_bytes());
        let cap = set.unwrap_or(TRACE_MAX_BYTES).min(TRACE_MAX_BYTES).min(room);
        let len = line.len() as u64 + 1;
        if t.bytes + len > cap {
            t.full = true;
            t.lines.push(format!("*** DUMP FILE SIZE IS LIMITED TO {cap} BYTES ***"));
            return;
        }
        t.bytes += len;
        t.lines.push(line);
    }

    /// The cursor number of the statement with hash value `hv`.
    fn trace_cursor(&mut self, hv: u32) -> u64 {
        let address = self.inst.profile.trace_cursor_address;
        let t = &mut self.s.sqltrace;
        if let Some(&(_, n)) = t.cursors.iter().find(|(h, _)| *h == hv) {
            return n;
        }
        let n = cursor_number((t.cursors.len() % TRACE_CURSORS) as u32 + 1, address);
        if t.cursors.len() < TRACE_CURSORS {
            t.cursors.push((hv, n));
        }
        n
    }

    /// `PARSING IN CURSOR` with the text, and the parse call since `m`
    /// (`mis=1`: it was a hard parse); returns the cursor's number (the
    /// running statement's from now on).
    pub(super) fn trace_parse(&mut self, text: &str, oct: u32, m: &CallMark, f: CallFig) -> u64 {
        let (sqlid, hv) = crate::exec::hash::sql_id(text);
        let n = self.trace_cursor(hv);
        self.s.sqltrace.cursor = Some(n);
        self.trace_line("=====================".into());
        let tim = m.t.now_us.round() as u64;
        let mut l = format!(
            "PARSING IN CURSOR #{n} len={} dep=0 uid={LAB_USER_ID} oct={oct} lid={LAB_USER_ID} tim={tim} hv={hv} ad='{:x}'",
            text.len(),
            0x7000_0000u64 + hv as u64 * 8
        );
        if self.inst.profile.trace_sqlid {
            let _ = write!(l, " sqlid='{sqlid}'");
        }
        self.trace_line(l);
        self.trace_line(text.to_string());
        self.trace_line("END OF STMT".into());
        self.trace_call("PARSE", m, f);
        n
    }

    /// A PARSE, EXEC or FETCH line for the call since `m`, after the waits
    /// in it; the `SQL*Net message from client` that ends it after the line.
    pub(super) fn trace_call(&mut self, call: &str, m: &CallMark, f: CallFig) {
        let now = if f.at_start { m.clone() } else { self.trace_mark() };
        let n = self.s.sqltrace.cursor.unwrap_or(0);
        let waits = match self.s.stats.calls.trace_waits.as_mut() {
            Some(w) if !f.keep_waits => std::mem::take(w),
            _ => Vec::new(),
        };
        let (from, within): (Vec<TraceWait>, Vec<TraceWait>) =
            waits.into_iter().partition(|w| w.event == WaitEvent::SqlNetMessageFromClient);
        let tim = now.t.now_us.round() as u64;
        self.trace_waits(n, &within, tim);
        let e = now.t.db_time_since(&m.t);
        let c = now.t.cpu_in(now.t.now_us - m.t.now_us, &m.t).min(e);
        let (p, cr, cu) = (now.pr - m.pr, now.cr - m.cr, now.cu - m.cu);
        let (mis, r) = (f.mis, f.rows);
        let mut l = format!(
            "{call} #{n}:c={},e={},p={p},cr={cr},cu={cu},mis={mis},r={r},dep=0,og=1",
            c.round() as u64,
            e.round() as u64
        );
        if self.inst.profile.trace_sqlid {
            let _ = write!(l, ",plh={}", f.plh);
        }
        let _ = write!(l, ",tim={tim}");
        self.trace_line(l);
        self.trace_waits(n, &from, tim);
    }

    /// WAIT lines (at level 8 and 12); each read's blocks go to its plan line.
    fn trace_waits(&mut self, n: u64, waits: &[TraceWait], call_tim: u64) {
        for w in waits {
            if w.line != u16::MAX && is_read(w.event) {
                let reads = &mut self.s.sqltrace.line_reads;
                let i = w.line as usize;
                if reads.len() <= i {
                    reads.resize(i + 1, 0);
                }
                reads[i] += w.p[2];
            }
        }
        if self.sql_trace_level() & 8 == 0 {
            return;
        }
        // A wait the clock did not stamp (a buffer busy wait, a latch)
        // ended after the one before it and before the next stamped one:
        // tim= keeps its place in the file.
        let mut next = vec![call_tim; waits.len()];
        let mut after = call_tim;
        for (i, w) in waits.iter().enumerate().rev() {
            next[i] = after;
            if !w.tim.is_nan() {
                after = (w.tim.round() as u64).min(after);
            }
        }
        let mut prev: Option<u64> = None;
        for (w, next) in waits.iter().zip(next) {
            let [n1, n2, n3] = wait_params(w.event);
            let [p1, p2, p3] = w.p;
            let obj = if is_read(w.event) { w.p[0] as i64 } else { -1 };
            let ela = w.us.round() as u64;
            let tim =
                if w.tim.is_nan() { prev.map_or(next, |p| (p + ela).min(next).max(p)) } else { w.tim.round() as u64 };
            prev = Some(tim);
            let name = w.event.name();
            let l = format!("WAIT #{n}: nam='{name}' ela= {ela} {n1}={p1} {n2}={p2} {n3}={p3} obj#={obj} tim={tim}");
            self.trace_line(l);
        }
    }

    /// A SQL*Plus query's parse starts: the ledger and the session cursor
    /// cache's hits now.
    pub(super) fn trace_open(&mut self) -> (CallMark, u64) {
        (self.trace_mark(), self.s.stats.calls.session_cursor_cache_hits)
    }

    /// Its cursor is open: PARSING IN CURSOR and PARSE; whether the cursor
    /// came from the session cursor cache.
    pub(super) fn trace_opened(&mut self, (m, hits): &(CallMark, u64), text: &str, c: &Compiled, hard: bool) -> bool {
        let plh = crate::exec::xplan::plan_hash_of(&c.lines);
        self.trace_parse(text, 3, m, CallFig { mis: hard as u32, plh, ..Default::default() });
        self.s.stats.calls.session_cursor_cache_hits > *hits
    }

    /// An execution of a cursor starts: when it is the traced statement's
    /// (`on`: SQL_TRACE or event 10046; not PL/SQL's), its BINDS and the
    /// ledger for its EXEC line (the EXEC and FETCH lines: `execute_call`,
    /// `end_fetch_call`).
    #[inline(always)]
    pub(super) fn trace_exec_start(&mut self, on: bool, client: Client, binds: &[Value], lines: &[exec::PlanLine]) {
        if on {
            self.traced_exec_start(client, binds, lines);
        }
    }

    /// [`Self::trace_exec_start`] when the execution is traced (out of
    /// line: off, an execution pays one test).
    #[cold]
    #[inline(never)]
    fn traced_exec_start(&mut self, client: Client, binds: &[Value], lines: &[exec::PlanLine]) {
        self.s.sqltrace.mark = None;
        if client == Client::Plsql || self.s.sqltrace.cursor.is_none() {
            return;
        }
        self.s.sqltrace.plh = exec::xplan::plan_hash_of(lines);
        self.s.sqltrace.line_reads.clear();
        self.trace_binds(binds);
        self.s.sqltrace.mark = Some(self.trace_mark());
    }

    /// An EXEC or FETCH call of a traced execution ends: its line, and
    /// the next call's mark (out of line: only a traced call comes here).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_call_end(&mut self, call: &str, rows: u64) {
        if let Some(m) = self.s.sqltrace.mark.clone() {
            let plh = self.s.sqltrace.plh;
            self.trace_call(call, &m, CallFig { plh, rows, ..Default::default() });
            self.s.sqltrace.mark = Some(self.trace_mark());
        }
    }

    /// The two SQL*Net waits of the round trip just made, for their WAIT
    /// lines: the driver id (the protocol's name in ASCII, 'TCP\0' or
    /// 'beq\0'), one byte, when they ended.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_roundtrip(&mut self, client: Client) {
        let driver = if client.networked() { 0x5443_5000 } else { 0x6265_7100 };
        let now = self.s.cost.now_us();
        let (to, from) = (WaitEvent::SqlNetMessageToClient, WaitEvent::SqlNetMessageFromClient);
        let w = self.s.stats.calls.trace_waits.as_deref_mut().unwrap_or_default();
        let n = w.len();
        if n >= 2 && w[n - 2].event == to && w[n - 1].event == from {
            for x in &mut w[n - 2..] {
                (x.p, x.tim) = ([driver, 1, 0], now);
            }
        }
    }

    /// BINDS at level 4 and 12: each bind's type and value.
    pub(super) fn trace_binds(&mut self, binds: &[Value]) {
        if self.sql_trace_level() & 4 == 0 || binds.is_empty() {
            return;
        }
        let n = self.s.sqltrace.cursor.unwrap_or(0);
        self.trace_line(format!("BINDS #{n}:"));
        for (i, v) in binds.iter().enumerate() {
            let (dty, mxl) = match v {
                Value::Num(_) => (2, 22),
                _ => (1, 32),
            };
            self.trace_line(format!(" Bind#{i}"));
            self.trace_line(format!("  oacdty={dty:02} mxl={mxl}({mxl}) mxlc=00 mal=00 scl=00 pre=00"));
            let shown = match v {
                Value::Null => String::new(),
                Value::Num(_) => v.to_string(),
                _ => format!("\"{v}\""),
            };
            self.trace_line(format!("  value={shown}"));
        }
    }

    /// STAT lines of the cursor's execution (its row source figures).
    pub(super) fn trace_stat(&mut self, c: &Compiled) {
        let n = self.s.sqltrace.cursor.unwrap_or(0);
        let lines = self.plan_out(c);
        // Reads are rolled up to the parents as buffers are.
        let mut pr: Vec<u64> = (0..lines.len()).map(|i| *self.s.sqltrace.line_reads.get(i).unwrap_or(&0)).collect();
        for i in (1..lines.len()).rev() {
            if let Some(p) = lines[i].parent {
                pr[p as usize] += pr[i];
            }
        }
        let costed = self.inst.profile.trace_sqlid;
        let mut out = Vec::new();
        for (i, l) in lines.iter().enumerate().skip(1) {
            let kids = lines.iter().filter(|k| k.parent == l.parent && k.id <= l.id).count();
            let op = stat_op(&l.operation, l.name.as_deref());
            let time = c.line_stats.get(i).map(|s| s.time_us.round() as u64).unwrap_or(0);
            let mut s = format!(
                "STAT #{n} id={} cnt={} pid={} pos={kids} obj=0 op='{op} (cr={} pr={} pw=0 ",
                l.id,
                l.a_rows,
                l.parent.unwrap_or(0),
                l.buffers,
                pr[i]
            );
            if self.inst.profile.trace_stat_starts {
                let _ = write!(s, "str={} ", l.starts);
            }
            let _ = write!(s, "time={time} us");
            if costed {
                let _ = write!(s, " cost={} size={} card={}", l.cost, l.bytes.unwrap_or(0), l.e_rows);
            }
            s.push_str(")'");
            out.push(s);
        }
        for s in out {
            self.trace_line(s);
        }
    }

    /// CLOSE (11.2.0.2 on): type 1 puts the cursor in the session cursor
    /// cache, 3 puts back one taken from it.
    pub(super) fn trace_close(&mut self, from_cache: bool) {
        if !self.inst.profile.trace_close {
            return;
        }
        let n = self.s.sqltrace.cursor.unwrap_or(0);
        let tim = self.s.cost.now_us().round() as u64;
        let ty = if from_cache { 3 } else { 1 };
        self.trace_line(format!("CLOSE #{n}:c=0,e=0,dep=0,type={ty},tim={tim}"));
    }

    /// The end of a step run while tracing: a statement that did not trace
    /// its own calls is written as one parse and one execute (a query's
    /// rows as one fetch), a transaction's end as XCTEND; an error as
    /// ERROR; the waits left after the last call.
    pub(super) fn trace_step(&mut self, stmt: &Statement, m: &CallMark, rows: u64, err: Option<&str>) {
        let kind = kind_of(&stmt.kind);
        if self.s.sqltrace.cursor.is_none() && kind != "sqlplus" && kind != "lab" {
            let oct = command_type(&stmt.kind);
            let text = stmt.text.trim_end_matches([';', '/', ' ', '\n']).to_string();
            // Written after it ran, in the order Oracle writes it as it
            // runs: the parse at its start (its work is the execute's),
            // the waits, then the execute (or a query's fetch) to its end.
            let at = self.trace_mark();
            let mis = (at.hard > m.hard) as u32;
            let start = CallFig { keep_waits: true, at_start: true, ..Default::default() };
            self.trace_parse(&text, oct, m, CallFig { mis, ..start });
            let txn_end = matches!(stmt.kind, StatementKind::Commit | StatementKind::Rollback);
            if txn_end {
                let rlbk = matches!(stmt.kind, StatementKind::Rollback) as u8;
                let rd_only = (at.redo == m.redo) as u8;
                let mut l = format!("XCTEND rlbk={rlbk}, rd_only={rd_only}");
                if self.inst.profile.trace_sqlid {
                    // The transaction ends before the commit's waits (its
                    // log file sync) that the execute's line follows.
                    let waits = self.s.stats.calls.trace_waits.as_deref().unwrap_or_default();
                    let first = waits.iter().filter(|w| !w.tim.is_nan()).map(|w| w.tim - w.us).fold(f64::MAX, f64::min);
                    let _ = write!(l, ", tim={}", self.s.cost.now_us().min(first).max(m.t.now_us).round() as u64);
                }
                self.trace_line(l);
            }
            if kind == "query" {
                self.trace_call("EXEC", m, start);
                if err.is_none() {
                    self.trace_call("FETCH", m, CallFig { rows, ..Default::default() });
                }
            } else {
                self.trace_call("EXEC", m, CallFig { rows, ..Default::default() });
            }
        } else {
            let at = self.trace_mark();
            let n = self.s.sqltrace.cursor.unwrap_or(0);
            let waits = self.s.stats.calls.trace_waits.as_mut().map(std::mem::take).unwrap_or_default();
            let tim = at.t.now_us.round() as u64;
            self.trace_waits(n, &waits, tim);
        }
        if let Some(code) = err {
            let n = self.s.sqltrace.cursor.unwrap_or(0);
            let num: u64 = code.trim_start_matches(|ch: char| !ch.is_ascii_digit()).parse().unwrap_or(0);
            let tim = self.s.cost.now_us().round() as u64;
            self.trace_line(format!("ERROR #{n}:err={num} tim={tim}"));
        }
        self.s.sqltrace.cursor = None;
        self.s.sqltrace.mark = None;
        if self.sql_trace_level() == 0 {
            self.s.stats.calls.trace_waits = None;
        }
    }
}
