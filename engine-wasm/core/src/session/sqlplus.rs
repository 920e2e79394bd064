//! SQL*Plus commands: SET, PROMPT, EXEC, SHUTDOWN, STARTUP, `/`.

use super::{Autotrace, Outcome, Run};
use lio_sql::ast::*;
use lio_sql::{ora, LabError};

impl Run<'_> {
    pub(super) fn sqlplus_command(&mut self, c: &SqlPlus, pos: Pos) -> Result<Outcome, LabError> {
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
            SqlPlus::SetServeroutput(on) => self.s.sqlplus.serveroutput = *on,
            SqlPlus::SetLinesize(n) => self.s.sqlplus.settings.linesize = *n,
            SqlPlus::SetPagesize(n) => self.s.sqlplus.settings.pagesize = *n,
            SqlPlus::SetTiming(on) => self.s.sqlplus.settings.timing = *on,
            SqlPlus::SetOther(text) => client_setting(&mut self.s.sqlplus.settings, text, pos)?,
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
                    return Err(LabError::with(ora::LAB_SQLPLUS_RUN, ora::SP2_NOTHING_IN_BUFFER.line(&[]), pos));
                };
                return self.run_statement(&s);
            }
        }
        Ok(o)
    }
}

/// The words of a SQL*Plus line, upper-cased.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace().filter(|w| *w != "-").map(|w| w.to_ascii_uppercase()).collect()
}

/// `SET FEED[BACK] {6 | n | ON | OFF}` and `SET ECHO {ON | OFF}`; other
/// SET options are accepted with no effect.
fn client_setting(st: &mut crate::result::SettingsOut, text: &str, pos: Pos) -> Result<(), LabError> {
    let w = words(text);
    let (opt, val) = (w.get(1).map(String::as_str).unwrap_or(""), w.get(2).map(String::as_str).unwrap_or(""));
    let is = |full: &str, min: usize| opt.len() >= min && full.starts_with(opt);
    if is("FEEDBACK", 4) {
        st.feedback = match val {
            "ON" => 1,
            "OFF" => 0,
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

/// `COL[UMN] name FOR[MAT] fmt`: kept for the text formatters (other
/// COLUMN options, CLEAR, SPOOL, REM and the like have no effect).
fn column_format(st: &mut crate::result::SettingsOut, text: &str) {
    let w: Vec<&str> = text.split_whitespace().collect();
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
