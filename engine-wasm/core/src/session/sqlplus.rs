//! SQL*Plus commands: SET, SHOW, PROMPT, EXEC, SHUTDOWN, STARTUP, `/`.

use super::{Autotrace, Outcome, Run};
use lio_sql::ast::*;
use lio_sql::{ora, LabError};

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
            SqlPlus::Show(name) => o.output.push(self.show(name)),
            SqlPlus::Ignored(text) => column_format(&mut self.s.sqlplus.settings, text),
            // The engine gave the script a fresh session before this step.
            SqlPlus::Connect(_) => o.feedback = Some("Connected.".into()),
            SqlPlus::Prompt(t) => o.output.push(t.clone()),
            SqlPlus::Exec(b) => {
                self.run_plsql(b, &mut o.output)?;
                if !self.s.sqlplus.serveroutput {
                    o.output.clear();
                }
                o.feedback = Some("PL/SQL procedure successfully completed.".into());
            }
            SqlPlus::Shutdown => {
                // SHUTDOWN IMMEDIATE rolls back the open transactions.
                self.roll_back_everyone()?;
                self.inst.up = false;
                self.inst.sga.cache.flush();
                self.inst.sga.memopt.restart(0);
                self.invalidate_cursors();
                o.output.extend(
                    ["Database closed.", "Database dismounted.", "ORACLE instance shut down."].map(String::from),
                );
            }
            SqlPlus::Startup => {
                self.inst.params.startup();
                self.s.params = self.inst.params.current.clone();
                // The SGA is built anew; the script's session carries on
                // with its statistics (the lab reconnects it).
                self.inst.rebuild_sga(&self.s.params);
                let (file, size) = self.s.params.db_flash_cache();
                let bs = self.s.params.db_block_size;
                self.inst.io.configure_db_flash_cache(file, size, bs);
                self.inst.up = true;
                self.invalidate_cursors();
                // V$SYSSTAT and V$SQL start again with the new instance.
                self.inst.figures_at_startup = self.system_raw();
                self.inst.sql_area.clear();
                self.inst.sql_area_index.clear();
                self.inst.sga.row_cache.restart();
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
            "NUMWIDTH" => "numwidth 10".into(),
            "PAGESIZE" => format!("pagesize {}", st.pagesize),
            "SERVEROUTPUT" if !sp.serveroutput => "serveroutput OFF".into(),
            "SERVEROUTPUT" => {
                let size = sp.serveroutput_size.map_or("UNLIMITED".to_string(), |n| n.to_string());
                format!("serveroutput ON SIZE {size} FORMAT {}", sp.serveroutput_format)
            }
            "SQLBLANKLINES" => format!("sqlblanklines {}", on_off(sp.sqlblanklines)),
            "TERMOUT" => format!("termout {}", on_off(st.termout)),
            "TIMING" => format!("timing {}", on_off(st.timing)),
            _ => format!("USER is \"{}\"", super::LAB_USER),
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
    } else if is("NUMWIDTH", 3) {
        // The text formatters print numbers in SQL*Plus's default 10 columns.
        match val.parse::<u32>() {
            Ok(10) => {}
            Ok(_) => return Err(LabError::unsupported("SET NUMWIDTH other than 10", pos)),
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
    }
    Ok(())
}

/// `COL[UMN] name FOR[MAT] fmt`: kept for the text formatters, and
/// cleared by `CLEAR COLUMNS` / `COLUMN name CLEAR` (other COLUMN options,
/// SPOOL, REM and the like have no effect).
fn column_format(st: &mut crate::result::SettingsOut, text: &str) {
    let w: Vec<&str> = text.split_whitespace().collect();
    let up = |k: usize| w.get(k).map(|x| x.to_ascii_uppercase()).unwrap_or_default();
    let abbrev = |word: String, full: &str, min: usize| word.len() >= min && full.starts_with(word.as_str());
    // CL[EAR] COL[UMNS] resets every column's format; COL[UMN] name CLE[AR] one.
    if abbrev(up(0), "CLEAR", 2) && abbrev(up(1), "COLUMNS", 3) {
        st.column_formats.clear();
        return;
    }
    if abbrev(up(0), "COLUMN", 3) && w.len() == 3 && abbrev(up(2), "CLEAR", 3) {
        st.column_formats.remove(&w[1].trim_matches('"').to_ascii_uppercase());
        return;
    }
    let is_column = w.first().is_some_and(|c| {
        let c = c.to_ascii_uppercase();
        c.len() >= 3 && "COLUMN".starts_with(c.as_str())
    });
    if !is_column || w.len() < 4 {
        return;
    }
    let opt = w[2].to_ascii_uppercase();
    if opt.len() >= 3 && "FORMAT".starts_with(opt.as_str()) {
        let name = w[1].trim_matches('"').to_ascii_uppercase();
        st.column_formats.insert(name, w[3].to_string());
    }
}
