//! V$PARAMETER, V$VERSION, V$SESSION, V$TIMER.

use super::*;
use crate::exec::fixed::FixedView;
use crate::instance::param_defs::type_code;
use crate::instance::param_listing::listing_with_defaults;

impl Run<'_> {
    pub(super) fn instance_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        match v {
            FixedView::Parameter => listing_with_defaults(&self.s.params, self.inst.profile.name)
                .into_iter()
                .enumerate()
                .map(|(i, (name, value, default, sess))| {
                    // An unset string parameter's VALUE is NULL.
                    let value = if value.is_empty() { Value::Null } else { text(&value) };
                    vec![
                        num(i as u32 + 1),
                        text(&name),
                        num(type_code(&name)),
                        value.clone(),
                        value,
                        text(if default { "TRUE" } else { "FALSE" }),
                        text(if sess { "TRUE" } else { "FALSE" }),
                        Value::Null,
                    ]
                })
                .collect(),
            FixedView::Version => version_rows(&self.inst.profile),
            FixedView::Session => self
                .all_sessions()
                .into_iter()
                .map(|(sid, f)| {
                    let me = sid == self.s.sid;
                    let user = if me { &*self.s.user } else { &*self.inst.cat.schema };
                    vec![
                        num(sid),
                        num(1),
                        text(user),
                        text(if me { "ACTIVE" } else { "INACTIVE" }),
                        text(user),
                        text("sqlplus@lio-lab (TNS V1-V3)"),
                        text("USER"),
                        f.last_sql
                            .and_then(|(i, id)| self.inst.sql_area.get(i).filter(|e| e.id == id))
                            .map(|e| text(&e.sql_id))
                            .unwrap_or(Value::Null),
                        text(if me { "SQL*Net message to client" } else { "SQL*Net message from client" }),
                        text(if me { "Network" } else { "Idle" }),
                    ]
                })
                .collect(),
            FixedView::Timer => vec![vec![num((self.s.cost.now_us() / 10_000.0).floor())]],
            _ => unreachable!("{v:?} is not served here"),
        }
    }
}

fn version_rows(p: &crate::instance::version::VersionProfile) -> Vec<Vec<Value>> {
    // `18.0.0` -> 18.0.0.0.0; `11.2.0.1` -> 11.2.0.1.0
    let mut parts: Vec<&str> = p.name.split('.').collect();
    while parts.len() < 5 {
        parts.push("0");
    }
    let full = parts.join(".");
    let modern = p.name.starts_with("18") || p.name.starts_with("19");
    let banner_full = if modern { format!("{}\nVersion {full}", p.banner) } else { p.banner.to_string() };
    let mut rows = vec![vec![text(p.banner), text(&banner_full), text(p.banner), num(0)]];
    if !modern {
        for b in [
            format!("PL/SQL Release {full} - Production"),
            format!("CORE\t{full}\tProduction"),
            format!("TNS for Linux: Version {full} - Production"),
            format!("NLSRTL Version {full} - Production"),
        ] {
            rows.push(vec![text(&b), text(&b), text(&b), num(0)]);
        }
    }
    rows
}
