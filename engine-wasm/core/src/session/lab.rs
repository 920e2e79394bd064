//! LAB commands: version profiles, lab parameters, the profiler, reset,
//! and `LAB RUN` workloads.

use super::net::*;
use super::*;
use crate::instance::{version, LabLimits};
use crate::result::RunOut;

impl Run<'_> {
    pub(super) fn lab_command(&mut self, l: &LabCommand, pos: Pos) -> Result<Outcome, LabError> {
        match l {
            LabCommand::Version(v) => self.lab_version(v, pos),
            LabCommand::Set { name, value } => self.lab_set(name, value),
            // The engine runs sweeps itself (they replay the scenario on fresh instances).
            LabCommand::Sweep(_) => Err(LabError::with(
                ora::LAB_COMMAND_SYNTAX,
                "LAB SWEEP runs as a statement of the script, not inside another command",
                pos,
            )),
            LabCommand::Help(topic) => Ok(lab_help(topic.as_deref())),
            LabCommand::Profile => Ok(Outcome { output: self.s.last_folded.clone(), ..Default::default() }),
            LabCommand::Reset => {
                Ok(Outcome { feedback: Some("Instance reset.".into()), reset: true, ..Default::default() })
            }
            LabCommand::Device { name, kind, params } => self.lab_device(name, kind, params),
            LabCommand::Devices => Ok(Outcome { output: self.inst.io.listing(), ..Default::default() }),
            LabCommand::Run(r) => self.lab_run(r),
            // The engine switched the script to this session before the step.
            LabCommand::Session(n) => {
                Ok(Outcome { output: vec![format!("Session {n} (SID {})", self.s.sid)], ..Default::default() })
            }
        }
    }

    /// `LAB VERSION v`: a new profile; the SGA is built anew.
    fn lab_version(&mut self, v: &str, pos: Pos) -> Result<Outcome, LabError> {
        let p = version::lookup(v)
            .ok_or_else(|| LabError::with_args(ora::LAB_UNKNOWN_VERSION, &[&v, &version::known_names()], pos))?;
        // A new profile: the SGA is built anew; session statistics carry on.
        self.inst.profile = p.clone();
        self.inst.rebuild_sga(&self.s.params);
        self.invalidate_cursors();
        self.trace_new_release();
        Ok(Outcome { output: vec![format!("Simulating {}", p.banner)], ..Default::default() })
    }

    /// `LAB SET name = value`: the layout of autotrace, the CPUs, the
    /// Exadata cells' settings, or a cost parameter or lab limit.
    fn lab_set(&mut self, name: &Ident, value: &ParamValue) -> Result<Outcome, LabError> {
        if name.name.eq_ignore_ascii_case("dyn_sampling_query") {
            // Whether a hard parse runs dynamic sampling's recursive query (session/dyn_sampling.rs).
            let on = match value {
                ParamValue::Text(t) if t.eq_ignore_ascii_case("on") => true,
                ParamValue::Text(t) if t.eq_ignore_ascii_case("off") => false,
                _ => {
                    return Err(LabError::with_args(
                        ora::LAB_SET_BAD_VALUE,
                        &[&"dyn_sampling_query", &"on or off"],
                        name.pos,
                    ))
                }
            };
            self.s.sampling_query = on;
            let v = if on { "on" } else { "off" };
            return Ok(Outcome { output: vec![format!("dyn_sampling_query = {v}")], ..Default::default() });
        }
        if name.name.eq_ignore_ascii_case("autotrace_style") {
            // The layout the text formatters give autotrace: SQL*Plus's or SQLcl's.
            let style = match value {
                ParamValue::Text(t) if t.eq_ignore_ascii_case("sqlplus") => "sqlplus",
                ParamValue::Text(t) if t.eq_ignore_ascii_case("sqlcl") => "sqlcl",
                _ => {
                    return Err(LabError::with_args(
                        ora::LAB_SET_BAD_VALUE,
                        &[&"autotrace_style", &"sqlplus or sqlcl"],
                        name.pos,
                    ))
                }
            };
            self.s.sqlplus.settings.autotrace_style = style;
            Ok(Outcome { output: vec![format!("autotrace_style = {style}")], ..Default::default() })
        } else if name.name.eq_ignore_ascii_case("cpu_count") {
            let k = match value {
                ParamValue::Number(x) if x.fract() == 0.0 && (0.0..=1024.0).contains(x) => *x as u32,
                _ => {
                    return Err(LabError::with_args(
                        ora::LAB_SET_BAD_VALUE,
                        &[&"cpu_count", &"a whole number from 0 (no run queue) to 1024"],
                        name.pos,
                    ))
                }
            };
            self.inst.cpu_count = k;
            Ok(Outcome { output: vec![format!("cpu_count = {k}")], ..Default::default() })
        } else if name.name.eq_ignore_ascii_case("ash_sampling_interval_us") {
            // Oracle samples once a second (`_ash_sampling_interval` 1000 ms);
            // the lab also samples finer, for runs shorter than a second.
            let us = match value {
                ParamValue::Number(x) if x.fract() == 0.0 && (1.0..=60_000_000.0).contains(x) => *x,
                _ => {
                    return Err(LabError::with_args(
                        ora::LAB_SET_BAD_VALUE,
                        &[&"ash_sampling_interval_us", &"a whole number of microseconds from 1 to 60000000"],
                        name.pos,
                    ))
                }
            };
            self.inst.ash.interval_us = us;
            self.ash_arm();
            Ok(Outcome { output: vec![format!("ash_sampling_interval_us = {us}")], ..Default::default() })
        } else if matches!(name.name.to_ascii_lowercase().as_str(), "cell_flash_cache_mode" | "cell_flash_logging") {
            self.lab_set_cell(name, value)
        } else {
            self.lab_set_param(name, value)
        }
    }

    /// `LAB SET cell_flash_cache_mode|cell_flash_logging`: Exadata settings
    /// with no SQL form, on every cell, now and later.
    fn lab_set_cell(&mut self, name: &Ident, value: &ParamValue) -> Result<Outcome, LabError> {
        let n = name.name.to_ascii_lowercase();
        let text = match value {
            ParamValue::Text(t) => t.to_ascii_lowercase(),
            ParamValue::Number(x) => crate::value::format_number(*x),
            ParamValue::Bytes(b) => b.to_string(),
        };
        let (param, v, expected) = if n == "cell_flash_cache_mode" {
            let v = match text.as_str() {
                "writeback" | "write_back" => Some(1.0),
                "writethrough" | "write_through" => Some(0.0),
                _ => None,
            };
            ("write_back", v, "writeback or writethrough")
        } else {
            let v = match text.as_str() {
                "on" | "true" | "1" => Some(1.0),
                "off" | "false" | "0" => Some(0.0),
                _ => None,
            };
            ("flash_logging", v, "on or off")
        };
        let Some(v) = v else {
            return Err(LabError::with_args(ora::LAB_SET_BAD_VALUE, &[&n, &expected], name.pos));
        };
        let cells = self.inst.io.set_every_cell(param, v);
        Ok(Outcome { output: vec![format!("{n} = {text} ({cells} cell(s))")], ..Default::default() })
    }

    /// `LAB SET` of a cost parameter or a lab limit, checked against its range.
    fn lab_set_param(&mut self, name: &Ident, value: &ParamValue) -> Result<Outcome, LabError> {
        let n = name.name.to_ascii_lowercase();
        let v = match value {
            ParamValue::Number(x) => *x,
            ParamValue::Bytes(b) => *b as f64,
            ParamValue::Text(t) => t
                .parse::<f64>()
                .map_err(|_| LabError::with_args(ora::LAB_SET_BAD_VALUE, &[&n, &"a number is required"], name.pos))?,
        };
        let known = self.inst.cost_params.get(&n).is_some() || LabLimits::NAMES.contains(&n.as_str());
        // The limits count whole units (statements' work, megabytes).
        if LabLimits::NAMES.contains(&n.as_str()) && v.fract() != 0.0 {
            return Err(LabError::with_args(ora::LAB_SET_BAD_VALUE, &[&n, &"a whole number is required"], name.pos));
        }
        if !(v.is_finite() && v >= 0.0) && known {
            return Err(LabError::with_args(
                ora::LAB_SET_BAD_VALUE,
                &[&n, &"value must be a non-negative number"],
                name.pos,
            ));
        }
        // Divisors of the network model: a link that carries nothing, or a
        // window that holds no byte, would make every round trip endless.
        if matches!(n.as_str(), "network_bytes_per_us" | "network_window_bytes") && v < 1e-3 {
            return Err(LabError::with_args(ora::LAB_SET_BAD_VALUE, &[&n, &"value must be positive"], name.pos));
        }
        if let Some((max, why)) = LabLimits::ceiling(&n) {
            if v > max as f64 {
                let what = format!("value must be between 0 and {max}: {why}");
                return Err(LabError::with_args(ora::LAB_SET_BAD_VALUE, &[&n, &what], name.pos));
            }
        }
        match self.inst.set_cost_param(&n, v) {
            true => Ok(Outcome { output: vec![format!("{n} = {v}")], ..Default::default() }),
            false => Err(LabError::with_args(
                ora::LAB_UNKNOWN_PARAMETER,
                &[&n, &[crate::sim::cost::CostParams::NAMES, LabLimits::NAMES].concat().join(", ")],
                name.pos,
            )),
        }
    }

    /// `LAB DEVICE name TYPE kind [param = value ...]`: checked against
    /// the type's parameters and ranges, then registered on the instance.
    fn lab_device(&mut self, name: &Ident, kind: &Ident, params: &[(Ident, f64)]) -> Result<Outcome, LabError> {
        use crate::io::{self, registry};
        let Some(ty) = registry::definable(&kind.name) else {
            return Err(LabError::with_args(
                ora::LAB_UNKNOWN_DEVICE_TYPE,
                &[&kind.name, &registry::definable_names()],
                kind.pos,
            ));
        };
        let names = ty.params;
        for (p, _) in params {
            if !names.contains(&p.name.as_str()) {
                return Err(LabError::with_args(
                    ora::LAB_UNKNOWN_DEVICE_PARAMETER,
                    &[&p.name, &kind.name, &names.join(", ")],
                    p.pos,
                ));
            }
        }
        if self.inst.io.device(&name.name).is_some() {
            return Err(LabError::with_args(ora::LAB_DEVICE_EXISTS, &[&name.name], name.pos));
        }
        if self.inst.io.devices.len() >= io::MAX_DEVICES {
            return Err(LabError::with_args(ora::LAB_TOO_MANY_DEVICES, &[&io::MAX_DEVICES], name.pos));
        }
        let values: Vec<(String, f64)> = params.iter().map(|(p, v)| (p.name.clone(), *v)).collect();
        let device = (ty.build)(&name.name, &values).map_err(|e| match e {
            io::DeviceError::Param(i, why) => {
                LabError::with_args(ora::LAB_DEVICE_BAD_VALUE, &[&name.name, &why], params[i].0.pos)
            }
            io::DeviceError::Inconsistent(why) => {
                LabError::with_args(ora::LAB_DEVICE_BAD_VALUE, &[&name.name, &why], name.pos)
            }
            io::DeviceError::UnknownType => {
                LabError::with_args(ora::LAB_UNKNOWN_DEVICE_TYPE, &[&kind.name, &registry::definable_names()], kind.pos)
            }
        })?;
        let mut device = device;
        if ty.cell_settings {
            // LAB SET cell_flash_cache_mode / cell_flash_logging, unless named here.
            for (p, v) in self.inst.io.cell_settings.clone() {
                if !values.iter().any(|(n, _)| n == p) {
                    device.set_param(p, v);
                }
            }
        }
        self.inst.io.devices.push(device);
        Ok(Outcome { feedback: Some("Device created.".into()), ..Default::default() })
    }

    // ------------------------------------------------------------ LAB RUN

    #[inline(never)]
    pub(super) fn lab_run(&mut self, r: &LabRun) -> Result<Outcome, LabError> {
        // Parsed where it stands in the script, so parse and run-time errors
        // inside the quoted SQL point into the script.
        let units =
            lio_sql::parse_script_in(&format!("{};", r.sql.trim_end_matches(';')), r.sql_pos, &self.inst.cat.views);
        let stmt = match units.into_iter().next() {
            Some(u) => u.result?,
            None => return Err(LabError::new(ora::LAB_RUN_NEEDS_SQL, r.sql_pos)),
        };
        self.check_objects(&stmt)?;
        if let Some(n) = r.sessions.filter(|&n| n > 1) {
            return self.lab_run_sessions(r, &stmt, n);
        }
        let client = Client::from_driver(r.via.unwrap_or(Driver::JdbcThin));
        // More runs than the bound is refused, not run fewer times.
        let runs = r.runs.unwrap_or(1);
        if !(1..=1000).contains(&runs) {
            return Err(LabError::new(ora::LAB_RUN_RUNS_RANGE, r.sql_pos));
        }
        let (lo, hi) = r.bind.unwrap_or((1, 1));
        if hi < lo || hi.checked_sub(lo).is_none_or(|n| n >= 50_000_000) {
            return Err(LabError::new(ora::LAB_RUN_BIND_RANGE, r.sql_pos));
        }
        let fetchsize = r.fetchsize.unwrap_or(match client {
            Client::SqlPlus => self.s.sqlplus.arraysize,
            _ => 10,
        });
        let mut run_outs = Vec::new();
        let mut plan = Vec::new();
        let mut columns = Vec::new();
        let mut rows_processed = 0;
        // Workloads keep a summarized trace: the heat map, and events up to the limit.
        if self.s.trace.enabled && matches!(stmt.kind, StatementKind::Query(_)) {
            let per_run = (hi - lo + 1) as u64;
            self.s.trace.samples.start(runs as u64 * per_run, per_run);
        }
        for run in 0..runs {
            let before = self.snapshot();
            let mark = self.s.cost.mark();
            let waits_before = self.waits_now();
            let hist_before = self.s.stats.calls.wait_hist_us;
            let t0 = self.s.cost.now_us();
            // Executions before this run's, and in all runs (the host's progress report).
            let progress = (run as u64 * (hi - lo + 1) as u64, runs as u64 * (hi - lo + 1) as u64);
            match &stmt.kind {
                StatementKind::Query(q) => {
                    let shape = (&mut plan, &mut columns);
                    rows_processed +=
                        self.lab_run_query(r, &stmt, q, client, (run, progress), (lo, hi), fetchsize, shape)?;
                }
                StatementKind::Insert(ins) => {
                    rows_processed += self.lab_run_insert(r, &stmt, ins, client, (lo, hi), progress)?;
                }
                StatementKind::Update(_) | StatementKind::Delete(_) => {
                    rows_processed += self.lab_run_change(r, &stmt, client, (lo, hi), progress)?;
                }
                _ => {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        "LAB RUN of statements other than SELECT, INSERT, UPDATE and DELETE",
                        r.sql_pos,
                    ))
                }
            }
            let delta = self.snapshot().delta(&before);
            run_outs.push(RunOut {
                run: run + 1,
                elapsed_us: round3(self.s.cost.now_us() - t0),
                stats: named(&delta, &self.inst.profile),
                waits: self.waits_since(&waits_before),
                wait_histograms: crate::result::WaitHistogramOut::since(&self.s.stats.calls.wait_hist_us, &hist_before),
                folded: self.s.cost.folded_since(&mark),
            });
        }
        let trimmed = trimmed_mean(&run_outs.iter().map(|r| r.elapsed_us).collect::<Vec<_>>());
        let mut out = vec![format!("{} execution(s) x {} run(s) via {}", hi - lo + 1, runs, client.name())];
        out.push(format!("mean of runs (min and max dropped when 3 or more): {:.3} s", trimmed / 1e6));
        Ok(Outcome {
            columns,
            rows_processed,
            plan,
            output: out,
            runs: Some(run_outs),
            trimmed_mean_us: Some(round3(trimmed)),
            ..Default::default()
        })
    }

    /// One run of `LAB RUN 'select ...'`: one execution per bind value, the
    /// cursor parsed once per run (or, with LITERALS, a new text each time);
    /// the last run's plan and columns. The rows fetched.
    #[allow(clippy::too_many_arguments)]
    fn lab_run_query(
        &mut self,
        r: &LabRun,
        stmt: &Statement,
        q: &Query,
        client: Client,
        (run, (before, total)): (u32, (u64, u64)),
        (lo, hi): (i64, i64),
        fetchsize: u32,
        shape: (&mut Vec<PlanLineOut>, &mut Vec<String>),
    ) -> Result<u64, LabError> {
        let (plan, columns) = shape;
        let mut rows_processed = 0;
        let cs = self.call_stacks(client);
        let text = stmt.text.clone();
        let mut cursor: Option<Box<Compiled>> = None;
        let mut bind_buf: Vec<Value> = Vec::new();
        let per_run = (hi - lo + 1) as u64;
        // Each execution's figures, while the step keeps them (Compare's samples).
        let mut sample = self.s.trace.samples.wants().then(|| self.sql_mark());
        // Each execution's fetch calls check the work budget.
        for (i, v) in (lo..=hi).enumerate() {
            self.s.trace.set_exec((run as u64 * per_run + i as u64) as u32);
            // Prepared statement: parsed once per run and re-executed
            // with a new bind; LITERALS builds a new text (a hard parse) each time.
            let literal_text = if r.literals { Some(replace_binds(&text, v)) } else { None };
            let sql_text: &str = literal_text.as_deref().unwrap_or(&text);
            if r.literals {
                cursor = None;
            }
            let c = match &mut cursor {
                Some(c) => c,
                None => {
                    let q2 = match &literal_text {
                        Some(t) => match lio_sql::parse_script_in(&format!("{t};"), r.sql_pos, &self.inst.cat.views)
                            .into_iter()
                            .next()
                            .map(|u| u.result)
                        {
                            Some(Ok(Statement { kind: StatementKind::Query(q2), .. })) => q2,
                            _ => q.clone(),
                        },
                        None => q.clone(),
                    };
                    let mut c = self.open_cursor_with_binds(&q2, sql_text, &lab_run_binds(), &cs)?.0;
                    if run == 0 || r.literals {
                        c.reset_line_stats();
                    }
                    cursor.insert(c)
                }
            };
            bind_buf.clear();
            if !r.literals {
                bind_buf.resize(c.bind_names.len(), Value::int(v));
            }
            let policy = match client {
                Client::Plsql => FetchPolicy { first: 2, then: 2, round_trips: false },
                Client::SqlPlus => FetchPolicy { first: 1, then: fetchsize, round_trips: true },
                _ => FetchPolicy { first: fetchsize, then: fetchsize, round_trips: true },
            };
            let n = self.execute_fetch(c, sql_text, &bind_buf, client, &cs, policy, None, None)?;
            rows_processed += n;
            if let Some(m) = &mut sample {
                self.note_exec_sample(m);
                if !self.s.trace.samples.wants() {
                    sample = None;
                }
            }
            let stats = &self.s.stats;
            self.config.progress.tick_work(before + i as u64 + 1, total, || stats.work_units());
            if r.literals && i as i64 == hi - lo {
                *plan = self.plan_out(c);
                *columns = c.columns.clone();
            }
        }
        if let Some(c) = cursor.filter(|_| !r.literals) {
            *plan = self.plan_out(&c);
            *columns = c.columns.clone();
            self.close_cursor(&text, c, true);
        }
        Ok(rows_processed)
    }

    /// One run of `LAB RUN 'insert ...'`: `BATCH n` bind sets per execute
    /// call and round trip, with AUTOCOMMIT a commit after each. The rows
    /// inserted.
    fn lab_run_insert(
        &mut self,
        r: &LabRun,
        stmt: &Statement,
        ins: &Insert,
        client: Client,
        (lo, hi): (i64, i64),
        (before, total): (u64, u64),
    ) -> Result<u64, LabError> {
        let mut rows_processed = 0;
        let batch = r.batch.unwrap_or(1).max(1) as i64;
        let sql_len = stmt.text.len() as u64;
        let cs = self.call_stacks(client);
        let mut v = lo;
        loop {
            self.check_work()?;
            let end = v.saturating_add(batch - 1).min(hi);
            let binds: Vec<Vec<Value>> = (v..=end).map(|x| vec![Value::int(x)]).collect();
            let n = self.insert(ins, &binds, &stmt.text, client)?;
            rows_processed += n;
            self.config.progress.advance(before + (v - lo) as u64, before + (end - lo + 1) as u64, total);
            let rows = (end - v + 1) as u64;
            self.roundtrip(client, &cs, NET_CALL_REPLY, NET_EXECUTE_REQUEST + sql_len + NET_BIND_ROW * rows);
            if r.autocommit {
                self.commit();
            }
            // Checked: a range ending at i64::MAX ends.
            match end.checked_add(1) {
                Some(n) if n <= hi => v = n,
                _ => break,
            }
        }
        Ok(rows_processed)
    }

    /// `LAB RUN 'update ...'` / `'delete ...'`: one execution per bind value
    /// (a new text, hard parsed, with LITERALS), `BATCH n` bind sets per round
    /// trip, and with AUTOCOMMIT a commit after each call (JDBC's default,
    /// carried by the execute call: no round trip of its own).
    pub(super) fn lab_run_change(
        &mut self,
        r: &LabRun,
        stmt: &Statement,
        client: Client,
        (lo, hi): (i64, i64),
        (before, total): (u64, u64),
    ) -> Result<u64, LabError> {
        let batch = r.batch.unwrap_or(1).max(1) as i64;
        let cs = self.call_stacks(client);
        let mut rows = 0;
        let mut v = lo;
        loop {
            self.check_work()?;
            let end = v.saturating_add(batch - 1).min(hi);
            let mut text_len = 0;
            for x in v..=end {
                let literal;
                let s = if r.literals {
                    let text = replace_binds(&stmt.text, x);
                    literal = match lio_sql::parse_script_in(&format!("{text};"), r.sql_pos, &self.inst.cat.views)
                        .into_iter()
                        .next()
                    {
                        Some(u) => u.result?,
                        None => return Err(LabError::new(ora::LAB_RUN_NEEDS_SQL, r.sql_pos)),
                    };
                    &literal
                } else {
                    stmt
                };
                text_len = s.text.len();
                let bind = [Value::int(x)];
                let binds = super::change::DmlBinds::Positional(if r.literals { &[] } else { &bind });
                rows += match &s.kind {
                    StatementKind::Update(u) => self.monitored_update(u, &s.text, binds, client)?,
                    StatementKind::Delete(d) => self.monitored_delete(d, &s.text, binds, client)?,
                    _ => 0,
                };
            }
            let n = (end - v + 1) as u64;
            self.config.progress.advance(before + (v - lo) as u64, before + (end - lo + 1) as u64, total);
            self.roundtrip(client, &cs, NET_CALL_REPLY, NET_EXECUTE_REQUEST + text_len as u64 + NET_BIND_ROW * n);
            if r.autocommit {
                self.commit();
            }
            match end.checked_add(1) {
                Some(n) if n <= hi => v = n,
                _ => break,
            }
        }
        Ok(rows)
    }
}

/// `LAB HELP [command]`: each command's syntax and what it does.
fn lab_help(topic: Option<&str>) -> Outcome {
    let mut output = Vec::new();
    for (name, syntax, what) in LAB_COMMANDS {
        if topic.is_none_or(|t| t == *name) {
            output.push(syntax.to_string());
            output.push(format!("  {what}"));
        }
    }
    Outcome { output, ..Default::default() }
}

/// The binds a LAB RUN client parses its statement with: every one of its
/// placeholders takes the execution's number (`BIND lo TO hi`).
pub(super) fn lab_run_binds() -> Vec<Value> {
    vec![Value::int(0); 64]
}
