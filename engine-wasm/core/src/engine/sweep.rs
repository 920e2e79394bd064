//! `LAB SWEEP`: what-if curves. Each point replays the scenario so far (the
//! engine's journal of the statements run since the instance was created)
//! on a fresh engine, with the swept DDL option written into the DDL that
//! sets it, or the swept setting applied before the workload, then runs the
//! workload as `LAB RUN` does. A point is therefore exactly a single run of
//! the script at that setting; the script's own instance is left as it was.

use super::Engine;
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
}

impl Varies {
    fn name(&self) -> &'static str {
        match self {
            Varies::RunOption => "lab run option",
            Varies::Arraysize => "sqlplus setting",
            Varies::LabParameter => "lab parameter",
            Varies::DdlOption => "ddl option",
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

    fn sweep(&mut self, sw: &LabSweep) -> Result<(Vec<String>, SweepOut), LabError> {
        let syntax = |msg: String, pos: Pos| LabError::with(ora::LAB_COMMAND_SYNTAX, msg, pos);
        let points =
            sw.points().map_err(|n| syntax(format!("LAB SWEEP takes at most 50 points, not {n}"), sw.name.pos))?;
        let Some(journal) = self.journal.clone() else {
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
        if matches!(varies, Varies::DdlOption) && with_option(&journal, name, "1").is_none() {
            return Err(LabError::with(
                ora::LAB_COMMAND_SYNTAX,
                format!(
                    "no statement of the scenario so far sets {name} n, and it is not a lab parameter, a LAB RUN option or ARRAYSIZE"
                ),
                sw.name.pos,
            ));
        }
        // The points' work together stays within the script's budget.
        let budget = self.inst.limits.max_script_work;
        let mut spent: u64 = 0;
        let config = crate::engine::EngineConfig { trace: false, ..self.config.clone() };
        let mut out = SweepOut {
            parameter: name.to_string(),
            scale: if matches!(sw.step, SweepStep::Factor(_)) { "log" } else { "linear" },
            varies: varies.name(),
            points: Vec::with_capacity(points.len()),
        };
        for &v in &points {
            let value = literal(v);
            let (setup, run) = match varies {
                Varies::DdlOption => (with_option(&journal, name, &value).unwrap_or_default(), sw.run_text.clone()),
                Varies::RunOption => (journal.clone(), format!("{} {name} {value}", sw.run_text)),
                Varies::Arraysize => (format!("{journal}set arraysize {value}\n"), sw.run_text.clone()),
                Varies::LabParameter => {
                    (format!("{journal}LAB SET {} = {value};\n", name.to_ascii_lowercase()), sw.run_text.clone())
                }
            };
            let mut e = Engine::new(config.clone());
            // A statement that sets the swept value and fails there (HASHKEYS past the lab's
            // limit, SET ARRAYSIZE 6000) makes the point an error, not a run at another value.
            let refused = e
                .exec(&setup)
                .into_iter()
                .find(|s| s.error.is_some() && s.statement.to_ascii_uppercase().contains(name))
                .and_then(|s| s.error);
            let steps = if refused.is_some() { Vec::new() } else { e.exec(&format!("LAB RUN {run};")) };
            spent = spent.saturating_add(e.sessions.values().map(|s| s.stats.work_units()).sum::<u64>());
            let mut step = steps.into_iter().next().unwrap_or_default();
            if refused.is_some() {
                step.error = refused;
            }
            let runs = step.runs.as_ref().map_or(1, |r| r.len() as u32);
            out.points.push(SweepPointOut {
                value: v,
                executions: step.stats.get("execute count").copied().unwrap_or(0),
                runs,
                elapsed_us: step.elapsed_us,
                trimmed_mean_us: step.trimmed_mean_us,
                error: step.error.map(|e| ErrorOut {
                    code: e.code,
                    message: e.message,
                    line: sw.name.pos.line,
                    column: sw.name.pos.column,
                }),
                stats: step.stats,
            });
            if spent > budget && out.points.len() < points.len() {
                return Err(LabError::with(
                    ora::LAB_COMMAND_SYNTAX,
                    format!(
                        "LAB SWEEP stopped after {} of {} points: their work passed the script's budget of {budget} units (LAB SET max_script_work raises it)",
                        out.points.len(),
                        points.len()
                    ),
                    sw.name.pos,
                ));
            }
        }
        Ok((sweep_table(&out, lio_sql::split_script(&journal).len()), out))
    }
}

/// The points as SQL*Plus-style text: per execution and per run figures.
fn sweep_table(s: &SweepOut, statements: usize) -> Vec<String> {
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
