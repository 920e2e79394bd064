//! `ALTER SYSTEM SET | RESET` and `ALTER SESSION SET`.

use super::*;

impl Run<'_> {
    /// A parameter set for the instance (and this session), its SPFILE
    /// entry reset, or a parameter set for this session.
    pub(super) fn alter_parameter(&mut self, kind: &StatementKind) -> Result<Outcome, LabError> {
        if let StatementKind::AlterSystem(s) | StatementKind::AlterSession(s) = kind {
            self.check_ofe(&s.name.name, &s.value, s.name.pos)?;
        }
        let feedback = match kind {
            StatementKind::AlterSystem(s) => {
                self.inst.params.alter_system(&s.name.name, &s.value, s.scope, s.deferred, s.name.pos)?;
                // DEFERRED: for sessions that connect later, not this one.
                if s.scope != Some(Scope::Spfile) && !s.deferred {
                    self.s.params.set(&s.name.name, &s.value, s.name.pos)?;
                    self.apply_dynamic();
                }
                "System altered."
            }
            // The SPFILE entry only: the value in effect stays until STARTUP.
            StatementKind::AlterSystemReset(r) => {
                self.inst.params.reset(&r.name.name, r.scope, r.name.pos)?;
                "System altered."
            }
            StatementKind::AlterSession(s)
                if s.name.name.eq_ignore_ascii_case("events") && self.event_10046(&s.value).is_some() =>
            {
                let level = self.event_10046(&s.value).unwrap_or(0);
                self.set_trace_level(level);
                "Session altered."
            }
            StatementKind::AlterSession(s)
                if s.name.name.eq_ignore_ascii_case("events") && self.event_10053(&s.value).is_some() =>
            {
                self.s.sqltrace.cbo_level = self.event_10053(&s.value).unwrap_or(0);
                "Session altered."
            }
            StatementKind::AlterSession(s) => {
                // The format dates print and convert by: ORA-01821 for no format.
                if let (true, lio_sql::ast::ParamValue::Text(t)) =
                    (s.name.name.eq_ignore_ascii_case("nls_date_format"), &s.value)
                {
                    crate::date::format::Model::parse(t, s.name.pos)?;
                }
                self.s.params.alter_session(&s.name.name, &s.value, s.name.pos)?;
                self.apply_dynamic();
                "Session altered."
            }
            _ => unreachable!("alter_parameter runs ALTER SYSTEM and ALTER SESSION"),
        };
        Ok(Outcome { feedback: Some(feedback.into()), ..Default::default() })
    }

    /// OPTIMIZER_FEATURES_ENABLE takes the releases up to the profile's
    /// own (ORA-00096 lists them, newest first).
    fn check_ofe(&self, name: &str, value: &lio_sql::ast::ParamValue, pos: Pos) -> Result<(), LabError> {
        if !name.eq_ignore_ascii_case("optimizer_features_enable") {
            return Ok(());
        }
        let allowed = crate::optimizer::features::allowed(self.inst.profile.name);
        match value {
            lio_sql::ast::ParamValue::Text(t) if allowed.contains(&t.trim()) => Ok(()),
            v => {
                let shown = match v {
                    lio_sql::ast::ParamValue::Text(t) => t.clone(),
                    lio_sql::ast::ParamValue::Number(n) => crate::value::format_number(*n),
                    lio_sql::ast::ParamValue::Bytes(b) => b.to_string(),
                };
                let list = allowed.join(", ");
                Err(LabError::with_args(
                    ora::INVALID_PARAMETER_VALUE,
                    &[&shown, &"optimizer_features_enable", &list],
                    pos,
                ))
            }
        }
    }
}
