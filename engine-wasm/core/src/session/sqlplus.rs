//! SQL*Plus commands: SET, PROMPT, EXEC, SHUTDOWN, STARTUP, `/`.

use super::{Autotrace, Outcome, Run};
use lio_sql::ast::*;
use lio_sql::{ora, LabError};

impl Run<'_> {
    pub(super) fn sqlplus_command(&mut self, c: &SqlPlus, pos: Pos) -> Result<Outcome, LabError> {
        let mut o = Outcome::default();
        match c {
            SqlPlus::SetAutotrace(m) => {
                self.s.sqlplus.autotrace = match m {
                    AutotraceMode::Off => Autotrace::Off,
                    AutotraceMode::On { .. } => Autotrace::On,
                    AutotraceMode::TraceOnly { .. } => Autotrace::TraceOnly,
                }
            }
            SqlPlus::SetArraysize(n) => {
                if *n == 0 || *n > 5000 {
                    return Err(LabError::sp2(ora::SP2_OPTION_OUT_OF_RANGE, &[&"arraysize", &0, &1, &5000], pos));
                }
                self.s.sqlplus.arraysize = *n
            }
            SqlPlus::SetServeroutput(on) => self.s.sqlplus.serveroutput = *on,
            SqlPlus::SetLinesize(_)
            | SqlPlus::SetPagesize(_)
            | SqlPlus::SetTiming(_)
            | SqlPlus::SetOther(_)
            | SqlPlus::Ignored(_) => {}
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
