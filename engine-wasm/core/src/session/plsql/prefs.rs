//! DBMS_STATS' statistics preferences: SET_TABLE_PREFS, SET_SCHEMA_PREFS,
//! SET_DATABASE_PREFS, SET_GLOBAL_PREFS, DELETE_TABLE_PREFS,
//! DELETE_SCHEMA_PREFS, DELETE_DATABASE_PREFS (`catalog/stats/prefs.rs`
//! holds them), and the clustering factor a gather counts under
//! TABLE_CACHED_BLOCKS. Of Oracle's preferences the lab models
//! TABLE_CACHED_BLOCKS; the others are refused by name (LAB-00001), an
//! unknown name is Oracle's ORA-20001.

use super::super::*;
use crate::catalog::{clustering_factor, CachedBlocks, TableStorage};

/// The procedures here with their parameters in order (Oracle Database
/// PL/SQL Packages and Types Reference, DBMS_STATS).
const SIGNATURES: &[(&str, &[&str])] = &[
    ("SET_TABLE_PREFS", &["ownname", "tabname", "pname", "pvalue"]),
    ("SET_SCHEMA_PREFS", &["ownname", "pname", "pvalue"]),
    ("SET_DATABASE_PREFS", &["pname", "pvalue", "add_sys"]),
    ("SET_GLOBAL_PREFS", &["pname", "pvalue"]),
    ("DELETE_TABLE_PREFS", &["ownname", "tabname", "pname"]),
    ("DELETE_SCHEMA_PREFS", &["ownname", "pname"]),
    ("DELETE_DATABASE_PREFS", &["pname", "add_sys"]),
];

/// Oracle's other preference names (19c): valid, not modelled.
const OTHER_PREFS: &[&str] = &[
    "APPROXIMATE_NDV_ALGORITHM",
    "AUTO_STAT_EXTENSIONS",
    "AUTO_TASK_STATUS",
    "AUTO_TASK_MAX_RUN_TIME",
    "AUTO_TASK_INTERVAL",
    "AUTOSTATS_TARGET",
    "CASCADE",
    "CONCURRENT",
    "DEGREE",
    "ENABLE_HYBRID_HISTOGRAMS",
    "ENABLE_TOP_FREQ_HISTOGRAMS",
    "ESTIMATE_PERCENT",
    "GLOBAL_TEMP_TABLE_STATS",
    "GRANULARITY",
    "INCREMENTAL",
    "INCREMENTAL_LEVEL",
    "INCREMENTAL_STALENESS",
    "METHOD_OPT",
    "NO_INVALIDATE",
    "OPTIONS",
    "PREFERENCE_OVERRIDES_PARAMETER",
    "PUBLISH",
    "STALE_PERCENT",
    "STAT_CATEGORY",
    "WAIT_TIME_TO_UPDATE_STATS",
];

/// Whether `name` (`DBMS_STATS.X`) is one of the procedures here.
pub(in crate::session) fn handles(name: &str) -> bool {
    name.strip_prefix("DBMS_STATS.").is_some_and(|p| SIGNATURES.iter().any(|(n, _)| *n == p))
}

/// The call's arguments by parameter name (lower case), checked against
/// the signature `order`: PLS-00306 for a name the procedure does not
/// have or one position too many.
pub(super) fn by_name(
    order: &[&str],
    proc_name: &str,
    vals: &[(Option<String>, Value)],
    pos: Pos,
) -> Result<Vec<(String, Value)>, LabError> {
    let wrong = || LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&proc_name], pos);
    let mut out = Vec::with_capacity(vals.len());
    for (k, (n, v)) in vals.iter().enumerate() {
        let n = match n {
            Some(n) => n.to_ascii_lowercase(),
            None => order.get(k).ok_or_else(wrong)?.to_string(),
        };
        if !order.contains(&n.as_str()) {
            return Err(wrong());
        }
        out.push((n, v.clone()));
    }
    Ok(out)
}

/// The call's arguments by parameter name (PLS-00306 for a name the
/// procedure does not have, one position too many, or a PNAME, PVALUE or
/// TABNAME missing: they have no default).
fn named(proc_name: &str, vals: &[(Option<String>, Value)], pos: Pos) -> Result<Vec<(String, Value)>, LabError> {
    let order = SIGNATURES.iter().find(|(n, _)| *n == proc_name).map(|(_, o)| *o).unwrap_or(&[]);
    let out = by_name(order, proc_name, vals, pos)?;
    let needs = |p: &str| order.contains(&p) && !out.iter().any(|(n, _)| n == p);
    if needs("pname") || needs("pvalue") || needs("tabname") {
        return Err(LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&proc_name], pos));
    }
    Ok(out)
}

fn get<'a>(args: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    args.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// The preference named, checked: TABLE_CACHED_BLOCKS (where the release
/// has it) is modelled, Oracle's other names are refused as not
/// modelled, anything else is ORA-20001.
pub(in crate::session) fn check_pname(
    pname: &str,
    profile: &crate::instance::version::VersionProfile,
    what: &str,
    pos: Pos,
) -> Result<(), LabError> {
    let p = pname.trim().to_ascii_uppercase();
    if p == "TABLE_CACHED_BLOCKS" && profile.table_cached_blocks {
        return Ok(());
    }
    if OTHER_PREFS.contains(&p.as_str()) {
        return Err(LabError::unsupported(format!("{what} of {p} (the lab models TABLE_CACHED_BLOCKS)"), pos));
    }
    Err(LabError::new(ora::STATS_INVALID_PNAME, pos))
}

impl Run<'_> {
    /// DBMS_STATS.SET_*_PREFS and DELETE_*_PREFS. Each commits, as
    /// DBMS_STATS does.
    pub(in crate::session) fn dbms_stats_prefs(
        &mut self,
        name: &Ident,
        vals: &[(Option<String>, Value)],
    ) -> Result<(), LabError> {
        let pos = name.pos;
        if !self.inst.profile.stats_prefs {
            return Err(LabError::pls_run(ora::PLS_IDENTIFIER_MUST_BE_DECLARED, &[&name.name], pos));
        }
        let proc_name = name.name.trim_start_matches("DBMS_STATS.");
        let args = named(proc_name, vals, pos)?;
        let pname = get(&args, "pname").map(|v| v.to_string()).unwrap_or_default();
        check_pname(&pname, &self.inst.profile, &name.name, pos)?;
        // PVALUE NULL sets Oracle's default (1).
        let value = match get(&args, "pvalue") {
            None | Some(Value::Null) => Some(CachedBlocks::N(1)),
            Some(v) => Some(CachedBlocks::parse(&v.to_string()).ok_or_else(|| {
                let what = format!(
                    "{} of TABLE_CACHED_BLOCKS => {v}: Oracle refuses it (ORA-20001); the values are 1 to 255 and DBMS_STATS.AUTO_TABLE_CACHED_BLOCKS (0)",
                    name.name
                );
                LabError::unsupported(what, pos)
            })?),
        }
        .filter(|_| proc_name.starts_with("SET_"));
        let tables = match proc_name {
            "SET_TABLE_PREFS" | "DELETE_TABLE_PREFS" => vec![self.prefs_table(&args, pos)?],
            "SET_SCHEMA_PREFS" | "DELETE_SCHEMA_PREFS" => {
                self.prefs_owner(&args, pos)?;
                self.prefs_all_tables()
            }
            "SET_DATABASE_PREFS" | "DELETE_DATABASE_PREFS" => self.prefs_all_tables(),
            _ => Vec::new(),
        };
        self.implicit_commit();
        let prefs = &mut self.inst.cat.stats_set.prefs;
        if proc_name == "SET_GLOBAL_PREFS" {
            prefs.global = value;
            return Ok(());
        }
        for id in tables {
            match value {
                Some(v) => prefs.table.insert(id, v),
                None => prefs.table.remove(&id),
            };
        }
        Ok(())
    }

    /// OWNNAME is the lab's schema (ORA-20000 otherwise, as for a missing
    /// table).
    fn prefs_owner(&self, args: &[(String, Value)], pos: Pos) -> Result<String, LabError> {
        let owner = match get(args, "ownname") {
            None | Some(Value::Null) => self.inst.cat.schema.to_string(),
            Some(v) => v.to_string().to_uppercase(),
        };
        if *owner != *self.inst.cat.schema {
            return Err(LabError::new(ora::SCHEMA_UNABLE_TO_ANALYZE, pos));
        }
        Ok(owner)
    }

    fn prefs_table(&self, args: &[(String, Value)], pos: Pos) -> Result<TableId, LabError> {
        let owner = self.prefs_owner(args, pos)?;
        let tname = get(args, "tabname").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
        self.inst.cat.table_id(&tname).filter(|&id| !self.inst.cat.tables[id].dropped).ok_or_else(|| {
            LabError::with(ora::STATS_OBJECT_MISSING, format_args!("TABLE \"{owner}\".\"{tname}\""), pos)
        })
    }

    /// The schema's tables (SET_SCHEMA_PREFS and SET_DATABASE_PREFS set
    /// each one's preference).
    fn prefs_all_tables(&self) -> Vec<TableId> {
        (0..self.inst.cat.tables.len()).filter(|&id| !self.inst.cat.tables[id].dropped).collect()
    }

    /// A DBMS_STATS gather of index `ix`: its clustering factor counted
    /// with its table's TABLE_CACHED_BLOCKS. Above 1 the figure is kept
    /// until the next gather (`StatsSet::gathered_cf`); at 1 the index's
    /// own count is the figure. Refused above 1 where the lab's rowids do
    /// not say which segment a block is in (a partitioned table, an IOT,
    /// a cluster) and for a bitmap index.
    pub(in crate::session) fn gather_index_cf(&mut self, ix: usize, pos: Pos) -> Result<(), LabError> {
        let cat = &self.inst.cat;
        let tid = cat.indexes[ix].table;
        let t = &cat.tables[tid];
        let n = cat.stats_set.prefs.cached_blocks(tid).blocks(cat.table_blocks(t), self.inst.sga.cache.default_buffers);
        if n <= 1 {
            self.inst.cat.stats_set.gathered_cf.remove(&ix);
            return Ok(());
        }
        let bt = &cat.indexes[ix].btree;
        if t.part.is_some() || !matches!(t.storage, TableStorage::Heap { .. }) || bt.bitmap {
            let what = format!(
                "TABLE_CACHED_BLOCKS {n} for index {} (the lab counts it for B-tree indexes of heap tables that are not partitioned)",
                cat.indexes[ix].name
            );
            return Err(LabError::unsupported(what, pos));
        }
        let blocks = (0..bt.len()).map(|p| t.loc.get(bt.row_at(p) as usize).map_or(u32::MAX, |l| l.block));
        let cf = clustering_factor(blocks, n) as f64;
        self.inst.cat.stats_set.gathered_cf.insert(ix, cf);
        Ok(())
    }
}
