//! Whether a statement's hard parse samples its tables dynamically
//! (`optimizer/dyn_sampling.rs` has the rule): the level each table
//! reference is optimized at, from a table-level `DYNAMIC_SAMPLING(t n)`
//! hint, a cursor-level `DYNAMIC_SAMPLING(n)` or the session's level.
//! A table that was never analysed is sampled at level 2 (the plan's
//! Note); at level 0 or 1 it would take Oracle's default statistics,
//! which the lab does not model: refused. (The parser refuses levels
//! other than 0 and 2 in a hint; `Parameters::set` in the parameter.)

use crate::catalog::{Catalog, TableId};
use crate::optimizer::{cost::ScanCosting, dyn_sampling};
use lio_sql::ast::{Hint, Query};
use lio_sql::LabError;

/// A hard parse's dynamic sampling: its level and the tables it sampled
/// (each read by a recursive query at the hard parse: `session/
/// dyn_sampling.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct DynSampling {
    pub level: u8,
    pub tables: Vec<TableId>,
}

/// What the statement sampled (None: no table). Dynamic sampling's own
/// recursive query samples nothing: it reads the table.
pub(super) fn sampled(
    q: &Query,
    (cat, costing): (&Catalog, &ScanCosting),
    src_tables: &[(usize, TableId)],
    src_alias: &[(usize, String)],
) -> Result<Option<DynSampling>, LabError> {
    if costing.sampling {
        return Ok(None);
    }
    let (cursor, tables) = hints(&q.hints);
    let session = dyn_sampling::level(costing.dyn_sampling, costing.ofe);
    let mut used: Option<DynSampling> = None;
    for &(src, tid) in src_tables {
        let t = &cat.tables[tid];
        let alias = src_alias.iter().find(|(s, _)| *s == src).map_or(t.name.as_str(), |(_, a)| a.as_str());
        let hinted = tables.iter().rev().find(|(a, _)| a.eq_ignore_ascii_case(alias)).map(|&(_, l)| l);
        if t.sys || t.stats.gathered {
            if hinted.is_some_and(|l| l > 0) {
                let what = format!("DYNAMIC_SAMPLING of {alias}, whose table has statistics");
                return Err(LabError::unsupported(what, q.pos));
            }
            continue;
        }
        match hinted.or(cursor).unwrap_or(session) {
            2 => {
                let d = used.get_or_insert(DynSampling { level: 2, tables: Vec::new() });
                if !d.tables.contains(&tid) {
                    d.tables.push(tid);
                }
            }
            level => {
                let what = format!(
                    "the default statistics of {}, never analysed, at dynamic sampling level {level} \
                     (the lab samples it at level 2, or costs the statistics DBMS_STATS gathers)",
                    t.name
                );
                return Err(LabError::unsupported(what, q.pos));
            }
        }
    }
    Ok(used)
}

/// The statement's `DYNAMIC_SAMPLING` hints: the cursor-level level (the
/// last), and each table-level one as (alias, level). A hint without a
/// level, or with a query block name, is ignored, as Oracle ignores it.
fn hints(hints: &[Hint]) -> (Option<u8>, Vec<(String, u8)>) {
    let mut cursor = None;
    let mut tables = Vec::new();
    for h in hints {
        let Hint::Other(raw) = h else { continue };
        let Some((name, rest)) = raw.split_once('(') else { continue };
        if !name.trim().eq_ignore_ascii_case("DYNAMIC_SAMPLING") {
            continue;
        }
        let args: Vec<&str> = rest
            .trim_end_matches(')')
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|a| !a.is_empty())
            .collect();
        match args.as_slice() {
            [level] => cursor = level.parse().ok().or(cursor),
            [alias, level] if !alias.contains('@') => {
                if let Ok(l) = level.parse() {
                    tables.push((alias.trim_matches('"').to_string(), l));
                }
            }
            _ => {}
        }
    }
    (cursor, tables)
}
