//! `LAB` commands.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

const DRIVERS: &[(&str, Driver)] = &[
    ("plsql", Driver::Plsql),
    ("jdbc_thin", Driver::JdbcThin),
    ("jdbc_oci_net", Driver::JdbcOciNet),
    ("jdbc_oci_bequeath", Driver::JdbcOciBequeath),
    ("sqlplus", Driver::SqlPlus),
];

impl Parser<'_> {
    fn lab_error(&self, msg: impl Into<String>) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        LabError::with(ora::LAB_COMMAND_SYNTAX, msg.into(), self.pos())
    }

    fn lab_uint(&mut self, what: &str) -> R<u32> {
        if let Tok::Number(n) = self.tok().tok {
            let n = n.to_f64();
            if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) {
                self.bump();
                return Ok(n as u32);
            }
        }
        Err(self.lab_error(format!("{what} needs a whole number")))
    }

    fn lab_int(&mut self, what: &str) -> R<i64> {
        let neg = self.is(&Tok::Minus);
        if neg {
            self.bump();
        }
        if let Tok::Number(n) = self.tok().tok {
            let n = n.to_f64();
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                self.bump();
                return Ok(if neg { -(n as i64) } else { n as i64 });
            }
        }
        Err(self.lab_error(format!("{what} needs a whole number")))
    }

    /// The session number of `LAB SESSION n`: 1 to [`MAX_SESSIONS`].
    fn lab_session(&mut self) -> R<u32> {
        match self.tok().tok {
            Tok::Number(n) if n.is_integer() && (1..=i64::from(MAX_SESSIONS)).contains(&n.to_i64().unwrap_or(0)) => {
                self.bump();
                Ok(n.to_f64() as u32)
            }
            _ => Err(self.lab_error(format!("LAB SESSION needs a session number from 1 to {MAX_SESSIONS}"))),
        }
    }

    pub(super) fn lab_unit(&mut self) -> R<LabCommand> {
        if !self.eat_kw("LAB") {
            return Err(self.lab_error("expected LAB"));
        }
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.lab_error("unknown LAB command; expected VERSION, RUN, SET, SESSION, PROFILE, RESET, DEVICE, DEVICES, SWEEP or HELP (LAB HELP lists them)"));
        };
        let cmd = match w.as_str() {
            "VERSION" => {
                self.bump();
                // The version as written (`11.2.0.1` is several number tokens).
                let start = self.tok().start;
                let last = self.toks.len() - 1;
                if let Tok::Error(e) = &self.toks[last].tok {
                    return Err(e.clone());
                }
                let v = self.slice(start, self.toks[last.saturating_sub(1)].end.max(start));
                if v.is_empty() || self.at_eof() {
                    return Err(self.lab_error("LAB VERSION needs a version, e.g. LAB VERSION 19c"));
                }
                return Ok(LabCommand::Version(v));
            }
            "RUN" => {
                self.bump();
                LabCommand::Run(self.lab_run()?)
            }
            "SET" => {
                self.bump();
                let t = self.tok().clone();
                let name = match &t.tok {
                    Tok::Ident { name, .. } => Ident { name: name.to_lowercase(), pos: t.pos },
                    _ => return Err(self.lab_error("LAB SET needs a parameter name: LAB SET name = value")),
                };
                self.bump();
                if !self.eat(&Tok::Eq) {
                    return Err(self.lab_error("LAB SET needs '=': LAB SET name = value"));
                }
                let value =
                    self.param_value().map_err(|_| self.lab_error("LAB SET needs a value: LAB SET name = value"))?;
                LabCommand::Set { name, value }
            }
            "SESSION" => {
                self.bump();
                LabCommand::Session(self.lab_session()?)
            }
            "PROFILE" => {
                self.bump();
                LabCommand::Profile
            }
            "RESET" => {
                self.bump();
                LabCommand::Reset
            }
            "DEVICE" => {
                self.bump();
                self.lab_device()?
            }
            "DEVICES" => {
                self.bump();
                LabCommand::Devices
            }
            "SWEEP" => {
                self.bump();
                LabCommand::Sweep(self.lab_sweep()?)
            }
            "HELP" => {
                self.bump();
                let topic = match self.word().map(str::to_string) {
                    Some(t) if LAB_COMMANDS.iter().any(|(n, _, _)| *n == t) => {
                        self.bump();
                        Some(t)
                    }
                    Some(t) => return Err(self.lab_error(format!("no help for '{t}'; LAB HELP lists the LAB commands"))),
                    None => None,
                };
                LabCommand::Help(topic)
            }
            _ => {
                return Err(self.lab_error("unknown LAB command; expected VERSION, RUN, SET, SESSION, PROFILE, RESET, DEVICE, DEVICES, SWEEP or HELP (LAB HELP lists them)"))
            }
        };
        if !self.at_eof() {
            return Err(self.lab_error(format!("unexpected '{}' at the end of the LAB command", self.symbol())));
        }
        Ok(cmd)
    }

    /// `LAB DEVICE name TYPE kind [param = value ...]`
    fn lab_device(&mut self) -> R<LabCommand> {
        const USAGE: &str = "LAB DEVICE name TYPE hdd|sata_ssd|pcie_flash|exadata_cell [param = value ...]";
        let ident = |p: &Self, lower: bool| match &p.tok().tok {
            Tok::Ident { name, .. } => {
                Some(Ident { name: if lower { name.to_lowercase() } else { name.clone() }, pos: p.tok().pos })
            }
            _ => None,
        };
        let Some(name) = ident(self, false) else {
            return Err(self.lab_error(format!("LAB DEVICE needs a device name: {USAGE}")));
        };
        self.bump();
        if !self.eat_kw("TYPE") {
            return Err(self.lab_error(format!("LAB DEVICE needs TYPE: {USAGE}")));
        }
        let Some(kind) = ident(self, true) else {
            return Err(self.lab_error(format!("LAB DEVICE needs a device type: {USAGE}")));
        };
        self.bump();
        let mut params = Vec::new();
        while !self.at_eof() {
            let Some(p) = ident(self, true) else {
                return Err(self.lab_error(format!("expected a device parameter name: {USAGE}")));
            };
            self.bump();
            if !self.eat(&Tok::Eq) {
                return Err(self.lab_error(format!("device parameter {} needs '= value'", p.name)));
            }
            let neg = self.eat(&Tok::Minus);
            let Tok::Number(v) = self.tok().tok else {
                return Err(self.lab_error(format!("device parameter {} needs a number", p.name)));
            };
            self.bump();
            params.push((p, if neg { -v.to_f64() } else { v.to_f64() }));
        }
        Ok(LabCommand::Device { name, kind, params })
    }

    /// A non-negative number (a sweep's bounds and step).
    fn lab_number(&mut self, what: &str) -> R<f64> {
        if let Tok::Number(n) = self.tok().tok {
            let n = n.to_f64();
            if n.is_finite() && n >= 0.0 {
                self.bump();
                return Ok(n);
            }
        }
        Err(self.lab_error(format!("{what} needs a number")))
    }

    fn lab_sweep(&mut self) -> R<LabSweep> {
        const USAGE: &str =
            "LAB SWEEP name FROM a TO b [STEP s | FACTOR f] RUN '<sql>' ... or LAB SWEEP VERSION IN (v1, v2, ...) RUN '<sql>' ...";
        let t = self.tok().clone();
        let name = match &t.tok {
            Tok::Ident { name, .. } if !name.eq_ignore_ascii_case("FROM") => {
                Ident { name: name.to_uppercase(), pos: t.pos }
            }
            _ => return Err(self.lab_error(format!("LAB SWEEP needs a parameter or DDL option to vary: {USAGE}"))),
        };
        self.bump();
        if name.name == "VERSION" {
            return self.lab_sweep_versions(name, USAGE);
        }
        if !self.eat_kw("FROM") {
            return Err(self.lab_error(format!("LAB SWEEP needs FROM: {USAGE}")));
        }
        let from = self.lab_number("FROM")?;
        if !self.eat_kw("TO") {
            return Err(self.lab_error(format!("LAB SWEEP needs TO: {USAGE}")));
        }
        let to_pos = self.pos();
        let to = self.lab_number("TO")?;
        if to < from {
            return Err(LabError::with(ora::LAB_COMMAND_SYNTAX, "LAB SWEEP needs FROM a TO b with a <= b", to_pos));
        }
        let step_pos = self.pos();
        let step = if self.eat_kw("STEP") {
            let s = self.lab_number("STEP")?;
            if s <= 0.0 {
                return Err(LabError::with(ora::LAB_COMMAND_SYNTAX, "STEP must be more than 0", step_pos));
            }
            SweepStep::Step(s)
        } else if self.eat_kw("FACTOR") {
            let f = self.lab_number("FACTOR")?;
            if f <= 1.0 || from <= 0.0 {
                return Err(LabError::with(
                    ora::LAB_COMMAND_SYNTAX,
                    "FACTOR must be more than 1, from a FROM more than 0",
                    step_pos,
                ));
            }
            SweepStep::Factor(f)
        } else {
            SweepStep::Even
        };
        if !self.eat_kw("RUN") {
            return Err(self.lab_error(format!("LAB SWEEP needs RUN '<sql>': {USAGE}")));
        }
        let start = self.tok().start;
        let last = self.toks.len() - 1;
        let run = self.lab_run()?;
        let run_text = self.slice(start, self.toks[last.saturating_sub(1)].end.max(start)).to_string();
        let sweep = LabSweep { name, from, to, step, run, run_text };
        if let Err(n) = sweep.points() {
            return Err(LabError::with(
                ora::LAB_COMMAND_SYNTAX,
                format!("LAB SWEEP takes at most {MAX_SWEEP_POINTS} points; FROM {from} TO {to} gives {n}"),
                step_pos,
            ));
        }
        Ok(sweep)
    }

    /// `LAB SWEEP VERSION IN (10g, 11.2.0.1, 19c) RUN ...`: the releases as
    /// written between the commas (a release is several tokens: `11.2.0.1`).
    fn lab_sweep_versions(&mut self, name: Ident, usage: &str) -> R<LabSweep> {
        if !self.eat_kw("IN") || !self.eat(&Tok::LParen) {
            return Err(self.lab_error(format!("LAB SWEEP VERSION needs IN (release, ...): {usage}")));
        }
        let mut list = Vec::new();
        loop {
            let start = self.tok().start;
            let mut end = start;
            while !self.at_eof() && !matches!(self.tok().tok, Tok::Comma | Tok::RParen) {
                end = self.tok().end;
                self.bump();
            }
            let v = self.slice(start, end).trim().to_string();
            if v.is_empty() {
                return Err(self.lab_error(format!("LAB SWEEP VERSION IN needs a release between the commas: {usage}")));
            }
            list.push(v);
            if self.eat(&Tok::RParen) {
                break;
            }
            if !self.eat(&Tok::Comma) {
                return Err(self.lab_error(format!("LAB SWEEP VERSION IN needs ')' after its releases: {usage}")));
            }
        }
        if list.len() > MAX_SWEEP_POINTS {
            return Err(LabError::with(
                ora::LAB_COMMAND_SYNTAX,
                format!("LAB SWEEP takes at most {MAX_SWEEP_POINTS} points, not {}", list.len()),
                name.pos,
            ));
        }
        if !self.eat_kw("RUN") {
            return Err(self.lab_error(format!("LAB SWEEP needs RUN '<sql>': {usage}")));
        }
        let start = self.tok().start;
        let last = self.toks.len() - 1;
        let run = self.lab_run()?;
        let run_text = self.slice(start, self.toks[last.saturating_sub(1)].end.max(start)).to_string();
        Ok(LabSweep { name, from: 1.0, to: list.len() as f64, step: SweepStep::Versions(list), run, run_text })
    }

    fn lab_run(&mut self) -> R<LabRun> {
        let t = self.tok().clone();
        let Tok::Str(sql) = &t.tok else {
            return Err(self.lab_error("LAB RUN needs a quoted SQL statement: LAB RUN 'select ...'"));
        };
        self.bump();
        let mut r = LabRun {
            sql: sql.clone(),
            sql_pos: t.inner,
            bind: None,
            via: None,
            fetchsize: None,
            runs: None,
            batch: None,
            literals: false,
            autocommit: false,
            sessions: None,
        };
        while !self.at_eof() {
            let Some(w) = self.word().map(str::to_string) else {
                return Err(self.lab_error(format!(
                    "unexpected '{}'; LAB RUN options are BIND a TO b, VIA driver, FETCHSIZE n, RUNS n, BATCH n, LITERALS, AUTOCOMMIT, SESSIONS n",
                    self.symbol()
                )));
            };
            self.bump();
            match w.as_str() {
                "BIND" => {
                    let a = self.lab_int("BIND")?;
                    if !self.eat_kw("TO") {
                        return Err(self.lab_error("BIND needs a range: BIND a TO b"));
                    }
                    let b = self.lab_int("BIND")?;
                    r.bind = Some((a, b));
                }
                "VIA" => {
                    let d = self
                        .word()
                        .map(str::to_ascii_lowercase)
                        .and_then(|d| DRIVERS.iter().find(|(n, _)| *n == d).map(|(_, drv)| *drv));
                    let Some(d) = d else {
                        let names = DRIVERS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
                        return Err(self.lab_error(format!("unknown driver '{}'; use one of: {names}", self.symbol())));
                    };
                    self.bump();
                    r.via = Some(d);
                }
                "FETCHSIZE" => r.fetchsize = Some(self.lab_uint("FETCHSIZE")?),
                "RUNS" => r.runs = Some(self.lab_uint("RUNS")?),
                "BATCH" => r.batch = Some(self.lab_uint("BATCH")?),
                "LITERALS" => r.literals = true,
                "AUTOCOMMIT" => r.autocommit = true,
                "SESSIONS" => {
                    let n = self.lab_uint("SESSIONS")?;
                    if n == 0 || n > MAX_WORKLOAD_SESSIONS {
                        self.i -= 1;
                        return Err(self.lab_error(format!(
                            "SESSIONS needs a number of sessions from 1 to {MAX_WORKLOAD_SESSIONS}"
                        )));
                    }
                    r.sessions = Some(n);
                }
                _ => {
                    self.i -= 1;
                    return Err(self.lab_error(format!(
                        "unknown LAB RUN option '{w}'; expected BIND, VIA, FETCHSIZE, RUNS, BATCH, LITERALS, AUTOCOMMIT or SESSIONS"
                    )));
                }
            }
        }
        Ok(r)
    }
}
