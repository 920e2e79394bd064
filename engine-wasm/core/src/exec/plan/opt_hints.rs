//! Hints that change how a statement is costed: `OPTIMIZER_FEATURES_ENABLE
//! ('x')`, `OPT_PARAM('optimizer_features_enable' 'x')`,
//! `OPT_PARAM('_optimizer_cost_model' 'io'|'cpu'|'choose')`, `CPU_COSTING`
//! and `NO_CPU_COSTING` (9i's, which Lewis's calc_mbrc.sql uses). They
//! select the cost model for the whole statement (`optimizer::features`);
//! an OFE Oracle does not have is ignored, as Oracle ignores the hint.

use crate::optimizer::cost::ScanCosting;
use crate::optimizer::features::{release, ModelSetting, RELEASES};
use lio_sql::ast::{Hint, ParamValue, Query};

/// The parameter of `TABLE ACCESS BY INDEX ROWID BATCHED` (`batched.rs`).
pub(super) const BATCH_PARAM: &str = "_optimizer_batch_table_access_by_rowid";

/// The parameters `OPT_PARAM` may name here.
pub(super) const COSTING_PARAMS: &[&str] = &["_optimizer_cost_model", "optimizer_features_enable"];

/// `costing` with the statement's costing hints applied, when they change it.
pub(super) fn costing(q: &Query, costing: ScanCosting) -> Option<ScanCosting> {
    let mut c = costing;
    let ofe = |v: &str| RELEASES.iter().any(|r| *r == v.trim()).then(|| release(v));
    for h in &q.hints {
        match h {
            Hint::OptParam { name, value: ParamValue::Text(v) } if name == "_optimizer_cost_model" => {
                c = c.with_model(ModelSetting::of(Some(v)));
            }
            Hint::OptParam { name, value: ParamValue::Text(v) } if name == "optimizer_features_enable" => {
                if let Some(r) = ofe(v) {
                    c = c.with_ofe(r);
                }
            }
            Hint::Other(raw) => {
                let name = raw.split('(').next().unwrap_or("").trim().to_ascii_uppercase();
                match name.as_str() {
                    "CPU_COSTING" => c = c.with_model(ModelSetting::Cpu),
                    "NO_CPU_COSTING" | "NOCPU_COSTING" => c = c.with_model(ModelSetting::Io),
                    // OPT_PARAM('name' 'value') without the comma (the parser's
                    // OptParam takes the comma form).
                    "OPT_PARAM" => {
                        let quoted: Vec<&str> = raw.split('\'').skip(1).step_by(2).collect();
                        match quoted.as_slice() {
                            [n, v] if n.eq_ignore_ascii_case("_optimizer_cost_model") => {
                                c = c.with_model(ModelSetting::of(Some(v)))
                            }
                            [n, v] if n.eq_ignore_ascii_case("optimizer_features_enable") => {
                                if let Some(r) = ofe(v) {
                                    c = c.with_ofe(r);
                                }
                            }
                            _ => {}
                        }
                    }
                    "OPTIMIZER_FEATURES_ENABLE" => {
                        let arg = raw.split(['(', ')']).nth(1).unwrap_or("").trim().trim_matches('\'');
                        if let Some(r) = ofe(arg) {
                            c = c.with_ofe(r);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    (c != costing).then_some(c)
}

/// The last MONITOR (Some(true)) or NO_MONITOR (Some(false)) hint.
pub(super) fn monitor_hint(hints: &[Hint]) -> Option<bool> {
    hints.iter().rev().find_map(|h| match h {
        Hint::Other(n) if n.eq_ignore_ascii_case("MONITOR") => Some(true),
        Hint::Other(n) if n.eq_ignore_ascii_case("NO_MONITOR") => Some(false),
        _ => None,
    })
}

/// OPT_PARAM of a parameter whose effect on the plan the lab does not
/// model is refused.
pub(super) fn refuse_opt_params(q: &Query) -> Result<(), lio_sql::LabError> {
    for h in &q.hints {
        if let Hint::OptParam { name, .. } = h {
            let modelled = name == "_nlj_batching_enabled" || name == BATCH_PARAM;
            if !modelled && !COSTING_PARAMS.contains(&name.as_str()) {
                let what = format_args!("the OPT_PARAM('{name}') hint");
                return Err(lio_sql::LabError::with(lio_sql::ora::LAB_UNSUPPORTED, what, q.pos));
            }
        }
    }
    Ok(())
}
