//! SQL*Plus commands: SET, SHOW, PROMPT, EXEC, SHUTDOWN, STARTUP, `/`.

pub(crate) use super::types::{ExitSpec, Vars};
use super::{Autotrace, Outcome, Run};
use crate::value::Value;
use lio_sql::ast::*;
use lio_sql::{ora, LabError, ScriptUnit, UnitKind};

mod accept;
mod binds;
mod column;
mod describe;
mod report;
mod subst;
mod words;
pub(super) use binds::ParseKinds;
pub(super) use column::literal_widths;
use column::{check_format, column, define};
pub(crate) use subst::substitute_unit;
use words::{abbrev, pos_at, tokens, unquote};

impl Run<'_> {
    pub(super) fn sqlplus_command(&mut self, c: &SqlPlus, pos: Pos, text: &str) -> Result<Outcome, LabError> {
        let mut o = Outcome::default();
        match c {
            SqlPlus::SetAutotrace(m) => {
                let (mode, explain, statistics) = match *m {
                    AutotraceMode::Off => (Autotrace::Off, false, false),
                    AutotraceMode::On { explain, statistics } => (Autotrace::On, explain, statistics),
                    AutotraceMode::TraceOnly { explain, statistics } => (Autotrace::TraceOnly, explain, statistics),
                };
                let sp = &mut self.s.sqlplus;
                sp.autotrace = mode;
                sp.autotrace_explain = explain;
                sp.autotrace_statistics = statistics;
                sp.settings.autotrace_explain = explain;
                sp.settings.autotrace_statistics = statistics;
            }
            SqlPlus::SetArraysize(n) => {
                if *n == 0 || *n > 5000 {
                    return Err(LabError::sp2(ora::SP2_OPTION_OUT_OF_RANGE, &[&"arraysize", n, &1, &5000], pos));
                }
                self.s.sqlplus.arraysize = *n
            }
            SqlPlus::SetServeroutput(on) => {
                let sp = &mut self.s.sqlplus;
                sp.serveroutput = *on;
                // SIZE and FORMAT (the parser checked them), for SHOW.
                let w = words(text);
                for (k, opt) in w.iter().enumerate().skip(3) {
                    let next = w.get(k + 1).map(String::as_str).unwrap_or("");
                    if opt == "SIZE" {
                        sp.serveroutput_size = next.parse().ok();
                    } else if opt.len() >= 3 && "FORMAT".starts_with(opt.as_str()) {
                        sp.serveroutput_format = match next {
                            n if n.len() >= 3 && "TRUNCATED".starts_with(n) => "TRUNCATED",
                            n if n.len() >= 3 && "WORD_WRAPPED".starts_with(n) => "WORD_WRAPPED",
                            _ => "WRAPPED",
                        };
                    }
                }
            }
            SqlPlus::SetLinesize(n) => self.s.sqlplus.settings.linesize = *n,
            SqlPlus::SetPagesize(n) => self.s.sqlplus.settings.pagesize = *n,
            SqlPlus::SetTiming(on) => self.s.sqlplus.settings.timing = *on,
            SqlPlus::SetOther(text) => client_setting(&mut self.s.sqlplus, text, pos)?,
            SqlPlus::Show(name) if name.starts_with("ERRORS") => o.output.extend(self.show_errors(&name[6..], pos)?),
            SqlPlus::Show(name) => match (name.strip_prefix("PARAMETERS"), name.strip_prefix("SPPARAMETERS")) {
                (Some(like), _) => o.output.extend(self.show_parameters(like.trim())),
                (_, Some(like)) => o.output.extend(self.show_spparameters(like.trim())),
                _ => o.output.push(self.show(name)),
            },
            SqlPlus::Ignored(text) => o.output.extend(self.plus_line(text, pos)?),
            SqlPlus::Describe { name, pos } => o.output.extend(self.describe(name, *pos)?),
            SqlPlus::Variable { name, ty } => o.output.extend(self.variable_command(name, *ty)?),
            SqlPlus::Print(names) => o.prints = self.print_command(names)?,
            // The engine gave the script a fresh session before this step.
            SqlPlus::Connect(c) => {
                self.connected(c)?;
                o.feedback = Some("Connected.".into());
            }
            SqlPlus::Prompt(t) => o.output.push(t.clone()),
            SqlPlus::Exec(b) => {
                // The block's `ERROR at line 1` is the EXEC command itself,
                // which may start after other text on its line.
                let r = self.run_plsql(b, &mut o.output);
                if !self.s.sqlplus.serveroutput {
                    o.output.clear();
                }
                if r.is_err() {
                    self.s.failed_output = std::mem::take(&mut o.output);
                }
                r.map_err(|mut e| {
                    if e.pos.line == pos.line && e.pos.column < pos.column {
                        e.pos = pos;
                    }
                    e
                })?;
                o.feedback = Some("PL/SQL procedure successfully completed.".into());
            }
            SqlPlus::Shutdown(abort) => o.output.extend(self.shutdown(*abort)?),
            SqlPlus::Startup => {
                self.inst.params.startup();
                self.s.params = self.inst.params.current.clone();
                // The SGA is built anew; the script's session carries on
                // with its statistics (the lab reconnects it).
                self.inst.rebuild_sga(&self.s.params);
                // A reconnected session's package state starts again:
                // DBMS_RANDOM's unseeded sequence is the new session's, not
                // whatever the session before the restart left of it.
                self.s.rng = crate::random::DbmsRandom::new(0);
                let (file, size) = self.s.params.db_flash_cache();
                let bs = self.s.params.db_block_size;
                self.inst.io.configure_db_flash_cache(file, size, bs);
                self.inst.up = true;
                self.invalidate_cursors();
                // V$SYSSTAT and V$SQL start again with the new instance.
                self.inst.figures_at_startup = self.system_raw();
                self.inst.sql_area.clear();
                self.inst.sql_area_index.clear();
                self.inst.cat.sql_area_bytes = 0;
                self.inst.sga.row_cache.restart();
                self.inst.sga.sequences.restart();
                o.output.push("ORACLE instance started.".into());
                o.output.push("Database mounted.".into());
                o.output.push("Database opened.".into());
            }
            SqlPlus::RunBuffer => {
                let Some(s) = self.s.sqlplus.last_sql.clone() else {
                    // A statement ended by a blank line that did not parse:
                    // the database reports its error when `/` sends it.
                    if let Some(e) = &self.s.sqlplus.buffer_error {
                        return Err(e.clone());
                    }
                    return Err(LabError::with(ora::LAB_SQLPLUS_RUN, ora::SP2_NOTHING_IN_BUFFER.line(&[]), pos));
                };
                self.undeclared_bind(&s)?;
                return self.run_statement(&s);
            }
        }
        Ok(o)
    }
}

impl Run<'_> {
    /// `SHOW name`'s line, in SQL*Plus 18c's words.
    /// SHUTDOWN [IMMEDIATE]: the open transactions roll back.
    fn shutdown(&mut self, abort: bool) -> Result<Vec<String>, LabError> {
        self.roll_back_everyone()?;
        // A clean shutdown writes each sequence's next value to SEQ$: no
        // cached value is lost, as an abort loses them (SQL Language
        // Reference, CREATE SEQUENCE, CACHE).
        if !abort {
            self.sequences_to_dictionary();
        }
        self.inst.up = false;
        self.inst.sga.cache.flush();
        self.inst.sga.memopt.restart(0);
        self.invalidate_cursors();
        Ok(["Database closed.", "Database dismounted.", "ORACLE instance shut down."].map(String::from).to_vec())
    }

    fn show(&self, name: &str) -> String {
        let sp = &self.s.sqlplus;
        let st = &sp.settings;
        let on_off = |b: bool| if b { "ON" } else { "OFF" };
        match name {
            "ARRAYSIZE" => format!("arraysize {}", sp.arraysize),
            "AUTOTRACE" => {
                let mode = match sp.autotrace {
                    Autotrace::Off => return "autotrace OFF".into(),
                    Autotrace::On => "ON",
                    Autotrace::TraceOnly => "TRACEONLY",
                };
                let mut line = format!("autotrace {mode}");
                if sp.autotrace_explain {
                    line.push_str(" EXPLAIN");
                }
                if sp.autotrace_statistics {
                    line.push_str(" STATISTICS");
                }
                line
            }
            "ECHO" => format!("echo {}", on_off(st.echo == Some(true))),
            "FEEDBACK" if st.feedback == 0 => "feedback OFF".into(),
            "FEEDBACK" => format!("FEEDBACK ON for {} or more rows", st.feedback),
            "LINESIZE" => format!("linesize {}", st.linesize),
            "NUMWIDTH" => format!("numwidth {}", st.numwidth),
            "PAGESIZE" => format!("pagesize {}", st.pagesize),
            "SERVEROUTPUT" if !sp.serveroutput => "serveroutput OFF".into(),
            "SERVEROUTPUT" => {
                let size = sp.serveroutput_size.map_or("UNLIMITED".to_string(), |n| n.to_string());
                format!("serveroutput ON SIZE {size} FORMAT {}", sp.serveroutput_format)
            }
            "SQLBLANKLINES" => format!("sqlblanklines {}", on_off(sp.sqlblanklines)),
            "TERMOUT" => format!("termout {}", on_off(st.termout)),
            "TIMING" => format!("timing {}", on_off(st.timing)),
            _ => format!("USER is \"{}\"", self.s.user),
        }
    }
}

/// The words of a SQL*Plus line, upper-cased.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace().filter(|w| *w != "-").map(|w| w.to_ascii_uppercase()).collect()
}

/// `SET FEED[BACK] {6 | n | ON | OFF}`, `SET ECHO {ON | OFF}`, `SET
/// TERM[OUT] {ON | OFF}`, `SET SQLBL[ANKLINES] {ON | OFF}` (the splitter
/// applies it; kept for SHOW) and `SET NUM[WIDTH] 10`; other SET options
/// are accepted with no effect.
fn client_setting(sp: &mut super::SqlPlusState, text: &str, pos: Pos) -> Result<(), LabError> {
    let w = words(text);
    let (opt, val) = (w.get(1).map(String::as_str).unwrap_or(""), w.get(2).map(String::as_str).unwrap_or(""));
    // The value as written (COLSEP, NULL, NUMFORMAT, DEFINE): the rest of
    // the line, without enclosing quotes.
    let t = tokens(text);
    let raw = match t.get(2) {
        Some(&(off, _)) => unquote(text[off..].trim()),
        None => "",
    };
    let is = |full: &str, min: usize| opt.len() >= min && full.starts_with(opt);
    let on_off = |name: &str| match val {
        "ON" => Ok(true),
        "OFF" => Ok(false),
        _ => Err(LabError::sp2(ora::SP2_MUST_BE_ON_OR_OFF, &[&name], pos)),
    };
    let st = &mut sp.settings;
    if is("TERMOUT", 4) {
        st.termout = on_off("termout")?;
    } else if is("SQLBLANKLINES", 5) {
        sp.sqlblanklines = on_off("sqlblanklines")?;
    } else if is("DOCUMENT", 3) {
        sp.document = on_off("document")?;
    } else if is("NUMWIDTH", 3) {
        // A number column's width (the text formatters apply it).
        match val.parse::<u32>() {
            Ok(n) if (2..=50).contains(&n) => st.numwidth = n,
            Ok(n) => return Err(LabError::sp2(ora::SP2_OPTION_OUT_OF_RANGE, &[&"numwidth", &n, &2, &50], pos)),
            Err(_) => return Err(LabError::sp2(ora::SP2_OPTION_NOT_A_NUMBER, &[&"numwidth"], pos)),
        }
    } else if is("FEEDBACK", 4) {
        st.feedback = match val {
            "ON" => 1,
            "OFF" => 0,
            "ONLY" => return Err(LabError::unsupported("SET FEEDBACK ONLY", pos)),
            n => match n.parse::<u32>() {
                Ok(n) => n,
                Err(_) => return Err(LabError::sp2(ora::SP2_OPTION_NOT_A_NUMBER, &[&"feedback"], pos)),
            },
        };
    } else if is("ECHO", 4) {
        st.echo = match val {
            "ON" => Some(true),
            "OFF" => Some(false),
            _ => return Err(LabError::sp2(ora::SP2_MUST_BE_ON_OR_OFF, &[&"echo"], pos)),
        };
    } else if is("HEADING", 3) {
        st.heading = on_off("heading")?;
    } else if is("WRAP", 3) {
        st.wrap = on_off("wrap")?;
    } else if is("VERIFY", 3) {
        sp.vars.verify = on_off("verify")?;
    } else if is("COLSEP", 6) {
        st.colsep = raw.to_string();
    } else if is("NULL", 4) {
        st.null_text = raw.to_string();
    } else if is("NUMFORMAT", 4) {
        if !raw.is_empty() {
            check_format(raw, pos)?;
            if raw.to_ascii_uppercase().starts_with('A') {
                return Err(LabError::sp2(ora::SP2_ILLEGAL_FORMAT, &[&raw], pos));
            }
        }
        st.numformat = raw.to_string();
    } else if is("UNDERLINE", 3) {
        st.underline = match val {
            "ON" => "-".into(),
            "OFF" => String::new(),
            _ if raw.chars().count() == 1 && !raw.starts_with(|c: char| c.is_ascii_alphanumeric()) => raw.into(),
            _ => return Err(LabError::unsupported(format!("SET UNDERLINE {raw}"), pos)),
        };
    } else if is("NEWPAGE", 4) {
        st.newpage = match val {
            "NONE" => None,
            n => match n.parse::<u32>() {
                Ok(n) if n <= 999 => Some(n),
                Ok(n) => return Err(LabError::sp2(ora::SP2_OPTION_OUT_OF_RANGE, &[&"newpage", &n, &0, &999], pos)),
                Err(_) => return Err(LabError::sp2(ora::SP2_OPTION_NOT_A_NUMBER, &[&"newpage"], pos)),
            },
        };
    } else if is("DEFINE", 3) || is("SCAN", 4) || is("ESCAPE", 3) || is("CONCAT", 3) {
        // SCAN is the obsolete name of SET DEFINE ON | OFF.
        let (on, dflt) = if is("ESCAPE", 3) {
            (&mut sp.vars.escape_char, '\\')
        } else if is("CONCAT", 3) {
            (&mut sp.vars.concat_char, '.')
        } else {
            (&mut sp.vars.define_char, '&')
        };
        let mut chars = raw.chars();
        *on = match (val, chars.next(), chars.next()) {
            ("ON", ..) => Some(dflt),
            ("OFF", ..) => None,
            (_, Some(c), None) if !is("SCAN", 4) && !c.is_alphanumeric() && !c.is_whitespace() => Some(c),
            _ => return Err(LabError::unsupported(format!("SET {opt} {raw}"), pos)),
        };
    }
    Ok(())
}

impl Run<'_> {
    /// The SQL*Plus lines the parser passes on as text: COLUMN, CLEAR,
    /// DEFINE, UNDEFINE, WHENEVER, EXIT / QUIT, the report commands the
    /// lab refuses (TTITLE, BTITLE, REPHEADER, REPFOOTER), BREAK and COMPUTE,
    /// and those with no effect here (REM, SPOOL, PAUSE, ...).
    fn plus_line(&mut self, text: &str, pos: Pos) -> Result<Vec<String>, LabError> {
        let t = tokens(text);
        let up = |k: usize| t.get(k).map(|&(_, w)| w.to_ascii_uppercase()).unwrap_or_default();
        let at = |k: usize| t.get(k).map_or(pos, |&(off, _)| pos_at(text, pos, off));
        let cmd = up(0);
        let vars = &mut self.s.sqlplus.vars;
        let st = &mut self.s.sqlplus.settings;
        if abbrev(&cmd, "COLUMN", 3) {
            return column(st, vars, &t, at).map(|()| Vec::new());
        }
        if abbrev(&cmd, "CLEAR", 2) {
            // SQL*Plus says what it cleared.
            let what = up(1);
            if abbrev(&what, "COLUMNS", 3) {
                st.column_formats.clear();
                st.column_headings.clear();
                st.column_noprint.clear();
                vars.new_values.clear();
                return Ok(vec!["columns cleared".into()]);
            }
            if abbrev(&what, "BREAKS", 3) {
                st.breaks.clear();
                return Ok(vec!["breaks cleared".into()]);
            }
            if abbrev(&what, "COMPUTES", 4) {
                st.computes.clear();
                return Ok(vec!["computes cleared".into()]);
            }
            return Ok(Vec::new());
        }
        if abbrev(&cmd, "BREAK", 3) {
            return report::break_command(st, &t, at).map(|()| Vec::new());
        }
        if abbrev(&cmd, "COMPUTE", 4) {
            return report::compute_command(st, &t, at).map(|()| Vec::new());
        }
        if abbrev(&cmd, "UNDEFINE", 5) {
            for k in 1..t.len() {
                vars.defines.remove(&up(k));
            }
            return Ok(Vec::new());
        }
        if abbrev(&cmd, "DEFINE", 3) {
            return define(vars, text, &t, at);
        }
        if abbrev(&cmd, "ACCEPT", 3) {
            return accept::accept(vars, &t, at);
        }
        if abbrev(&cmd, "DOCUMENT", 3) {
            return Ok(accept::document(text, self.s.sqlplus.document));
        }
        if abbrev(&cmd, "WHENEVER", 8) {
            let on_sql = up(1) == "SQLERROR";
            if !on_sql && up(1) != "OSERROR" {
                return Err(LabError::unsupported(format!("WHENEVER {}", t.get(1).map_or("", |w| w.1)), at(1)));
            }
            let action = up(2);
            if action == "CONTINUE" {
                if !matches!(up(3).as_str(), "" | "NONE") || t.len() > 4 {
                    return Err(LabError::unsupported("WHENEVER ... CONTINUE COMMIT | ROLLBACK", at(3)));
                }
                if on_sql {
                    vars.whenever_sqlerror = None;
                }
                return Ok(Vec::new());
            }
            if action != "EXIT" {
                return Err(LabError::unsupported(format!("WHENEVER ... {}", t.get(2).map_or("", |w| w.1)), at(2)));
            }
            let spec = exit_spec(&t, 3, at)?;
            // The lab has no operating system errors: WHENEVER OSERROR never fires.
            if on_sql {
                vars.whenever_sqlerror = Some(spec);
            }
            return Ok(Vec::new());
        }
        if abbrev(&cmd, "EXIT", 4) || abbrev(&cmd, "QUIT", 4) {
            let spec = exit_spec(&t, 1, at)?;
            self.end_by_exit(spec)?;
            return Ok(Vec::new());
        }
        for (full, min) in [("TTITLE", 3), ("BTITLE", 3), ("REPHEADER", 4), ("REPFOOTER", 4)] {
            if abbrev(&cmd, full, min) {
                if t.len() == 2 && up(1) == "OFF" {
                    return Ok(Vec::new());
                }
                return Err(LabError::unsupported(format!("the SQL*Plus {full} command (page titles)"), at(0)));
            }
        }
        Ok(Vec::new())
    }

    /// EXIT, or an error under WHENEVER SQLERROR EXIT: SQL*Plus commits
    /// (or rolls back) and disconnects; nothing later in the script runs.
    pub(crate) fn end_by_exit(&mut self, spec: ExitSpec) -> Result<(), LabError> {
        if spec.rollback {
            self.rollback()?;
        } else {
            self.commit();
        }
        self.s.sqlplus.vars.exited = true;
        Ok(())
    }

    /// After a query: COLUMN ... NEW_VALUE variables take the last row's value.
    pub(crate) fn new_values(&mut self, columns: &[String], rows: &[Vec<Value>]) {
        let vars = &mut self.s.sqlplus.vars;
        let Some(last) = rows.last() else { return };
        for (c, name) in columns.iter().enumerate() {
            if let (Some(var), Some(v)) = (vars.new_values.get(&name.to_ascii_uppercase()), last.get(c)) {
                vars.defines.insert(var.clone(), v.to_string());
            }
        }
    }

    /// `SHOW PARAMETER[S] [name]`: SQL*Plus's NAME / TYPE / VALUE table of
    /// the parameters whose name is LIKE `%name%` (any case), by name.
    /// SQL*Plus's columns: NAME a36, TYPE 11 wide, VALUE a30.
    fn show_parameters(&self, like: &str) -> Vec<String> {
        let listing = crate::instance::param_listing::listing_with_defaults(&self.s.params, self.inst.profile.name);
        let rows = listing.into_iter().map(|(name, value, ..)| (name, value));
        param_table(rows, like, None, &[36, 11, 30])
    }

    /// `SHOW SPPARAMETER[S] [name]`: V$SPPARAMETER's SID / NAME / TYPE /
    /// VALUE for the parameters LIKE `%name%`, by name; SID is `*` (the
    /// lab has one instance) and VALUE is blank for a parameter the SPFILE
    /// has no entry for. SQL*Plus's columns: SID a8, NAME a29, TYPE 11,
    /// VALUE a28.
    fn show_spparameters(&self, like: &str) -> Vec<String> {
        let ip = &self.inst.params;
        let specified: Vec<&str> = ip.spfile_entries().collect();
        let listing = crate::instance::param_listing::listing_with_defaults(&ip.spfile, self.inst.profile.name);
        let rows = listing.into_iter().map(|(name, value, ..)| {
            let v = if specified.contains(&name.as_str()) { value } else { String::new() };
            (name, v)
        });
        param_table(rows, like, Some("*"), &[29, 11, 28])
    }
}

/// SHOW [SP]PARAMETER's table: the rows whose name is LIKE `%like%` (any
/// case), by name, under SQL*Plus's header and dashes; `sid` adds the SID
/// column (8 wide) in front. `w` is the NAME, TYPE and VALUE widths; a
/// longer name or value goes on over the next lines (SQL*Plus's WRAPPED).
fn param_table(
    rows: impl Iterator<Item = (String, String)>,
    like: &str,
    sid: Option<&str>,
    w: &[usize; 3],
) -> Vec<String> {
    let pattern: Vec<char> = format!("%{}%", like.to_ascii_lowercase()).chars().collect();
    let mut rows: Vec<(String, String)> =
        rows.filter(|(name, _)| like_match(&name.to_ascii_lowercase().chars().collect::<Vec<_>>(), &pattern)).collect();
    rows.sort();
    if rows.is_empty() {
        return Vec::new();
    }
    let lead = |s: &str| if sid.is_some() { format!("{s:<8} ") } else { String::new() };
    let mut out = vec![
        format!("{}{:<n$} {:<t$} VALUE", lead("SID"), "NAME", "TYPE", n = w[0], t = w[1]),
        format!("{}{} {} {}", lead(&"-".repeat(8)), "-".repeat(w[0]), "-".repeat(w[1]), "-".repeat(w[2])),
    ];
    let chunks = |s: &str, w: usize| -> Vec<String> {
        let c: Vec<char> = s.chars().collect();
        if c.is_empty() {
            return vec![String::new()];
        }
        c.chunks(w).map(|p| p.iter().collect()).collect()
    };
    for (name, value) in rows {
        let ty = crate::instance::param_defs::type_name(&name);
        let (n, v) = (chunks(&name, w[0]), chunks(&value, w[2]));
        for k in 0..n.len().max(v.len()) {
            let line = format!(
                "{}{:<nw$} {:<tw$} {}",
                lead(if k == 0 { sid.unwrap_or("") } else { "" }),
                n.get(k).map_or("", String::as_str),
                if k == 0 { ty } else { "" },
                v.get(k).map_or("", String::as_str),
                nw = w[0],
                tw = w[1]
            );
            out.push(line.trim_end().to_string());
        }
    }
    out
}

/// SQL LIKE with `%` and `_`.
fn like_match(s: &[char], p: &[char]) -> bool {
    match p.split_first() {
        None => s.is_empty(),
        Some(('%', rest)) => (0..=s.len()).any(|i| like_match(&s[i..], rest)),
        Some(('_', rest)) => !s.is_empty() && like_match(&s[1..], rest),
        Some((c, rest)) => s.first() == Some(c) && like_match(&s[1..], rest),
    }
}

/// `EXIT [SUCCESS | FAILURE | WARNING | n | variable | SQL.SQLCODE] [COMMIT | ROLLBACK]`
/// from token `k` on (the return code goes to the operating system,
/// which the lab does not model; it is checked, not kept).
fn exit_spec(t: &[(usize, &str)], k: usize, at: impl Fn(usize) -> Pos) -> Result<ExitSpec, LabError> {
    let mut spec = ExitSpec { rollback: false };
    let mut k = k;
    let word = |k: usize| t.get(k).map(|&(_, w)| w.to_ascii_uppercase());
    if let Some(w) = word(k) {
        if !matches!(w.as_str(), "COMMIT" | "ROLLBACK") {
            let code = matches!(w.as_str(), "SUCCESS" | "FAILURE" | "WARNING" | "SQL.SQLCODE")
                || w.parse::<i64>().is_ok()
                || w.starts_with(':')
                || w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            if !code {
                return Err(LabError::unsupported(format!("EXIT {}", t[k].1), at(k)));
            }
            k += 1;
        }
    }
    match word(k).as_deref() {
        None => {}
        Some("COMMIT") if k + 1 == t.len() => {}
        Some("ROLLBACK") if k + 1 == t.len() => spec.rollback = true,
        Some(_) => return Err(LabError::unsupported(format!("EXIT ... {}", t[k].1), at(k))),
    }
    Ok(spec)
}
