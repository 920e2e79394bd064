//! `LAB SWEEP`: what-if curves. Each point replays the scenario so far (the
//! engine's journal of the statements run since the instance was created)
//! on a fresh engine, with the swept DDL option written into the DDL that
//! sets it, or the swept setting applied before the workload, then runs the
//! workload as `LAB RUN` does. A point is therefore exactly a single run of
//! the script at that setting; the script's own instance is left as it was.

use super::sweep_plan::{Suspended, SweepPlan, SweepPointPlan, SweepPointRun};
use super::{Engine, EngineConfig};
use crate::instance::LabLimits;
use crate::result::{ErrorOut, StepOut, SweepOut, SweepPointOut};
use lio_sql::ast::{LabCommand, LabSweep, Pos, Statement, StatementKind, SweepStep};
use lio_sql::{ora, LabError, UnitKind};

/// The journal the sweep replays holds at most this much text.
pub(super) const MAX_JOURNAL_BYTES: usize = 4 * 1024 * 1024;

/// What a sweep varies.
enum Varies {
    /// A LAB RUN option (`FETCHSIZE`, `BATCH`, `RUNS`): appended to the workload.
    RunOption,
    /// SQL*Plus's `SET ARRAYSIZE`, before the workload.
    Arraysize,
    /// A `LAB SET` parameter, before the workload.
    LabParameter,
    /// A DDL option (`HASHKEYS 100`, `PCTFREE 10`): written into the
    /// statements of the scenario that set it.
    DdlOption,
    /// The release (`LAB SWEEP VERSION IN (...)`): written into the
    /// scenario's `LAB VERSION`, or set before it.
    Release,
}

impl Varies {
    fn name(&self) -> &'static str {
        match self {
            Varies::RunOption => "lab run option",
            Varies::Arraysize => "sqlplus setting",
            Varies::LabParameter => "lab parameter",
            Varies::DdlOption => "ddl option",
            Varies::Release => "release",
        }
    }
}

/// `text` with the number after each `word` (a whole word, outside quotes
/// and comments) replaced by `value`; None when no such number is there.
fn with_option(text: &str, word: &str, value: &str) -> Option<String> {
    let b = text.as_bytes();
    let w = word.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut last = 0;
    let mut found = false;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'#';
    while i < b.len() {
        match b[i] {
            b'\'' | b'"' => {
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q {
                    i += 1;
                }
                i += 1;
            }
            b'-' if b.get(i + 1) == Some(&b'-') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            c if ident(c) => {
                let start = i;
                while i < b.len() && ident(b[i]) {
                    i += 1;
                }
                if b[start..i].eq_ignore_ascii_case(w) {
                    let mut j = i;
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    let n0 = j;
                    while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                        j += 1;
                    }
                    if j > n0 && (j == b.len() || !ident(b[j])) {
                        out.push_str(&text[last..n0]);
                        out.push_str(value);
                        last = j;
                        i = j;
                        found = true;
                    }
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[last..]);
    found.then_some(out)
}

/// A number as a statement would carry it (`100`, `2.5`).
fn literal(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

impl Engine {
    /// Add a statement that ran to the journal, as a script would hold it.
    pub(super) fn journal_add(&mut self, text: &str, stmt: &Statement) {
        if matches!(stmt.kind, StatementKind::Lab(LabCommand::Reset)) {
            return;
        }
        let Some(j) = self.journal.as_mut() else { return };
        let kind = lio_sql::split_script(text).first().map(|u| u.kind);
        let end = match kind {
            Some(UnitKind::Plsql) => "\n/\n",
            Some(UnitKind::SqlPlus) => "\n",
            _ => ";\n",
        };
        if j.len() + text.len() + end.len() > MAX_JOURNAL_BYTES {
            self.journal = None;
            return;
        }
        j.push_str(text);
        j.push_str(end);
    }

    /// A statement that went into the SQL buffer without running: a
    /// blank line after it keeps it so when the journal is replayed.
    pub(super) fn journal_add_buffered(&mut self, text: &str) {
        let Some(j) = self.journal.as_mut() else { return };
        if j.len() + text.len() + 2 > MAX_JOURNAL_BYTES {
            self.journal = None;
            return;
        }
        j.push_str(text);
        j.push_str("\n\n");
    }

    fn varies(&self, name: &str) -> Varies {
        let lower = name.to_ascii_lowercase();
        match name {
            "VERSION" => Varies::Release,
            "FETCHSIZE" | "BATCH" | "RUNS" => Varies::RunOption,
            "ARRAYSIZE" => Varies::Arraysize,
            _ if self.inst.cost_params.get(&lower).is_some() || LabLimits::NAMES.contains(&lower.as_str()) => {
                Varies::LabParameter
            }
            _ => Varies::DdlOption,
        }
    }

    /// The `LAB SWEEP` step: a table of the points, and the curve's data.
    pub(super) fn sweep_step(&mut self, sw: &LabSweep, text: &str, pos: Pos) -> StepOut {
        match self.sweep(sw) {
            Ok((output, sweep)) => StepOut {
                index: self.take_step_index(),
                line: pos.line,
                column: pos.column,
                statement: text.to_string(),
                kind: "lab",
                output,
                sweep: Some(sweep),
                autotrace: "off",
                ..Default::default()
            },
            Err(e) => self.error_step(text, pos, "lab", e),
        }
    }

    /// What the sweep runs: its points' scripts (the checks refuse a sweep
    /// that cannot run before any point does).
    pub(super) fn sweep_plan(&self, sw: &LabSweep) -> Result<SweepPlan, LabError> {
        let syntax = |msg: String, pos: Pos| LabError::with(ora::LAB_COMMAND_SYNTAX, msg, pos);
        let points =
            sw.points().map_err(|n| syntax(format!("LAB SWEEP takes at most 50 points, not {n}"), sw.name.pos))?;
        let Some(journal) = self.journal.as_ref() else {
            return Err(syntax(
                format!(
                    "LAB SWEEP replays the scenario so far, and it is larger than {} MB: sweep a shorter scenario",
                    MAX_JOURNAL_BYTES / (1024 * 1024)
                ),
                sw.name.pos,
            ));
        };
        let name = sw.name.name.as_str();
        let varies = self.varies(name);
        let whole = |v: f64| v.fract() == 0.0 && v >= 1.0 && v <= u32::MAX as f64;
        if matches!(varies, Varies::RunOption | Varies::Arraysize) && !points.iter().all(|v| whole(*v)) {
            return Err(syntax(format!("{name} takes whole numbers from 1: check FROM, TO and STEP"), sw.name.pos));
        }
        if matches!(varies, Varies::RunOption) {
            let already = match name {
                "FETCHSIZE" => sw.run.fetchsize.is_some(),
                "BATCH" => sw.run.batch.is_some(),
                _ => sw.run.runs.is_some(),
            };
            if already {
                return Err(syntax(format!("{name} is what the sweep varies: drop it from RUN"), sw.name.pos));
            }
        }
        if matches!(varies, Varies::DdlOption) && with_option(journal, name, "1").is_none() {
            return Err(LabError::with(
                ora::LAB_COMMAND_SYNTAX,
                format!(
                    "no statement of the scenario so far sets {name} n, and it is not a lab parameter, a LAB RUN option or ARRAYSIZE"
                ),
                sw.name.pos,
            ));
        }
        let releases = match &sw.step {
            SweepStep::Versions(list) => super::sweep_versions::check_releases(list, sw.name.pos)?,
            _ => Vec::new(),
        };
        let points = points
            .iter()
            .map(|&v| {
                let value = literal(v);
                let label = releases.get(v as usize - 1).map(|r| r.to_string());
                let (setup, run) = match varies {
                    Varies::Release => (
                        super::sweep_versions::with_release(journal, label.as_deref().unwrap_or_default()),
                        sw.run_text.clone(),
                    ),
                    Varies::DdlOption => (with_option(journal, name, &value).unwrap_or_default(), sw.run_text.clone()),
                    Varies::RunOption => (journal.clone(), format!("{} {name} {value}", sw.run_text)),
                    Varies::Arraysize => (format!("{journal}set arraysize {value}\n"), sw.run_text.clone()),
                    Varies::LabParameter => {
                        (format!("{journal}LAB SET {} = {value};\n", name.to_ascii_lowercase()), sw.run_text.clone())
                    }
                };
                SweepPointPlan { value: v, label, setup, run }
            })
            .collect();
        Ok(SweepPlan {
            parameter: name.to_string(),
            budget: self.inst.limits.max_script_work,
            memory_mb: self.inst.limits.max_memory_mb,
            scenario_mb: self.inst.cat.memory_bytes().div_ceil(1 << 20),
            config: EngineConfig {
                trace: false,
                sweep_points_external: false,
                progress: Default::default(),
                ..self.config.clone()
            },
            points,
            name_pos: sw.name.pos,
            scale: match sw.step {
                SweepStep::Factor(_) => "log",
                SweepStep::Versions(_) => "releases",
                _ => "linear",
            },
            varies: varies.name(),
            statements: lio_sql::split_script(journal).len(),
        })
    }

    /// The serial sweep: each point in turn, in this thread.
    fn sweep(&mut self, sw: &LabSweep) -> Result<(Vec<String>, SweepOut), LabError> {
        let plan = self.sweep_plan(sw)?;
        finish(&plan, |i| run_sweep_point(&plan.config, &plan.parameter, &plan.points[i]))
    }

    /// End the pending sweep with the host's results (`runs[i]` None: run
    /// point i here), then run the rest of the suspended script.
    pub(super) fn resume_sweep(&mut self, runs: Vec<Option<SweepPointRun>>, mut on_step: impl FnMut(StepOut) -> bool) {
        let Some(s) = self.suspended.take() else { return };
        let Suspended { plan, text, pos, units, next } = *s;
        let mut runs = runs;
        let result = finish(&plan, |i| {
            runs.get_mut(i)
                .and_then(Option::take)
                .unwrap_or_else(|| run_sweep_point(&plan.config, &plan.parameter, &plan.points[i]))
        });
        let step = match result {
            Ok((output, sweep)) => StepOut {
                index: self.take_step_index(),
                line: pos.line,
                column: pos.column,
                statement: text.clone(),
                kind: "lab",
                output,
                sweep: Some(sweep),
                autotrace: "off",
                ..Default::default()
            },
            Err(e) => self.error_step(&text, pos, "lab", e),
        };
        if on_step(step) {
            self.run_units(units, next, &mut on_step);
        }
    }
}

/// Run one sweep point on a fresh engine: `setup`, then `LAB RUN run;`.
pub fn run_sweep_point(config: &EngineConfig, name: &str, point: &SweepPointPlan) -> SweepPointRun {
    let mut e = Engine::new(config.clone());
    let memory_code = ora::LAB_MEMORY_LIMIT.code();
    let mut memory_refused = false;
    // A statement that sets the swept value and fails there (HASHKEYS past the lab's
    // limit, SET ARRAYSIZE 6000) makes the point an error, not a run at another value.
    let mut refused = None;
    e.exec_each(&point.setup, |s| {
        if let Some(err) = &s.error {
            memory_refused |= err.code == memory_code;
            if refused.is_none() && s.statement.to_ascii_uppercase().contains(name) {
                refused = s.error;
            }
        }
        true
    });
    let mut step = StepOut::default();
    if refused.is_none() {
        e.exec_each(&format!("LAB RUN {};", point.run), |s| {
            step = s;
            false
        });
    }
    if let Some(err) = &step.error {
        memory_refused |= err.code == memory_code;
    }
    // The work of the point's instance: the replay of statements that ran
    // before its last STARTUP rebuilt the database (its files), it is not
    // the scenario's instance.
    let spent = e.sessions.values().map(|s| s.stats.work_units()).sum::<u64>().saturating_sub(e.work_at_startup);
    if refused.is_some() {
        step.error = refused;
    }
    SweepPointRun {
        executions: step.stats.get("execute count").copied().unwrap_or(0),
        runs: step.runs.as_ref().map_or(1, |r| r.len() as u32),
        elapsed_bits: step.elapsed_us.to_bits(),
        trimmed_mean_bits: step.trimmed_mean_us.map(f64::to_bits),
        error: step.error.map(|e| (e.code, e.message)),
        spent,
        memory_refused: memory_refused && config.memory_cap_mb.is_some(),
        stats: step.stats,
        failed: None,
    }
}

/// [`run_sweep_point`] for a host's worker: `config_json` and `point_json`
/// from the plan ([`Engine::pending_sweep_json`]), the run as JSON.
pub fn run_sweep_point_json(config_json: &str, name: &str, point_json: &str) -> String {
    let config = match EngineConfig::from_json(config_json) {
        Ok(c) => c,
        Err(e) => return serde_json::json!({ "failed": e }).to_string(),
    };
    let point: SweepPointPlan = match serde_json::from_str(point_json) {
        Ok(p) => p,
        Err(e) => return serde_json::json!({ "failed": format!("LIO engine: bad sweep point: {e}") }).to_string(),
    };
    serde_json::to_string(&run_sweep_point(&config, name, &point)).unwrap_or_default()
}

/// The sweep's step from its points' runs, taken in point order (`run(i)`):
/// the serial and the parallel sweep end here, so they print the same.
fn finish(plan: &SweepPlan, mut run: impl FnMut(usize) -> SweepPointRun) -> Result<(Vec<String>, SweepOut), LabError> {
    // The points' work together stays within the script's budget.
    let budget = plan.budget;
    let mut spent: u64 = 0;
    let mut out = SweepOut {
        parameter: plan.parameter.clone(),
        scale: plan.scale,
        varies: plan.varies,
        points: Vec::with_capacity(plan.points.len()),
    };
    let at = |code: String, message: String| ErrorOut {
        code,
        message,
        line: plan.name_pos.line,
        column: plan.name_pos.column,
    };
    for (i, p) in plan.points.iter().enumerate() {
        let r = run(i);
        spent = spent.saturating_add(r.spent);
        let error = match r.failed {
            Some(why) => {
                let e = LabError::with(ora::LAB_SWEEP_POINT_FAILED, why, plan.name_pos);
                Some(at(e.code, e.message))
            }
            None => r.error.map(|(code, message)| at(code, message)),
        };
        out.points.push(SweepPointOut {
            value: p.value,
            label: p.label.clone(),
            executions: r.executions,
            runs: r.runs,
            elapsed_us: f64::from_bits(r.elapsed_bits),
            trimmed_mean_us: r.trimmed_mean_bits.map(f64::from_bits),
            error,
            stats: r.stats,
        });
        if spent > budget && out.points.len() < plan.points.len() {
            return Err(LabError::with(
                ora::LAB_COMMAND_SYNTAX,
                format!(
                    "LAB SWEEP stopped after {} of {} points: their work passed the script's budget of {budget} units (LAB SET max_script_work raises it)",
                    out.points.len(),
                    plan.points.len()
                ),
                plan.name_pos,
            ));
        }
    }
    Ok((sweep_table(&out, plan.statements), out))
}

/// The points as SQL*Plus-style text: per execution and per run figures
/// (a release sweep: the evolution table of its statistics).
fn sweep_table(s: &SweepOut, statements: usize) -> Vec<String> {
    if s.scale == "releases" {
        return super::sweep_versions::evolution_table(s, statements);
    }
    let mut lines = vec![format!(
        "LAB SWEEP {}: {} point{}, each a fresh instance replaying the {} statement{} of the scenario so far",
        s.parameter,
        s.points.len(),
        if s.points.len() == 1 { "" } else { "s" },
        statements,
        if statements == 1 { "" } else { "s" }
    )];
    let w = s.parameter.len().max(10);
    lines.push(String::new());
    lines.push(format!(
        "{:>w$}  {:>20}  {:>18}  {:>22}",
        s.parameter, "consistent gets/exec", "elapsed/exec (us)", "SQL*Net roundtrips/run"
    ));
    lines.push(format!("{}  {}  {}  {}", "-".repeat(w), "-".repeat(20), "-".repeat(18), "-".repeat(22)));
    for p in &s.points {
        if let Some(e) = &p.error {
            // SQL*Plus's refusals carry their own SP2- code in the message.
            let text =
                if e.message.starts_with("SP2-") { e.message.clone() } else { format!("{}: {}", e.code, e.message) };
            lines.push(format!("{:>w$}  {text}", literal(p.value)));
            continue;
        }
        let execs = p.executions.max(1) as f64;
        let per_run_execs = execs / p.runs.max(1) as f64;
        let cg = p.stats.get("consistent gets").copied().unwrap_or(0) as f64 / execs;
        let el = p.trimmed_mean_us.unwrap_or(p.elapsed_us) / per_run_execs;
        let rt = p.stats.get("SQL*Net roundtrips to/from client").copied().unwrap_or(0) as f64 / p.runs.max(1) as f64;
        lines.push(format!("{:>w$}  {:>20.2}  {:>18.1}  {:>22.1}", literal(p.value), cg, el, rt));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::with_option;

    #[test]
    fn writes_the_option_where_the_ddl_sets_it() {
        let ddl = "create cluster c (k number) size 256 single table hashkeys 100;\n-- hashkeys 5\nselect 'hashkeys 7' from dual;\n";
        assert_eq!(
            with_option(ddl, "HASHKEYS", "1000").as_deref(),
            Some("create cluster c (k number) size 256 single table hashkeys 1000;\n-- hashkeys 5\nselect 'hashkeys 7' from dual;\n")
        );
        assert_eq!(with_option("create table t (hashkeys_x number);", "HASHKEYS", "1"), None);
        assert_eq!(
            with_option("alter table t pctfree 10", "PCTFREE", "30").as_deref(),
            Some("alter table t pctfree 30")
        );
    }
}
