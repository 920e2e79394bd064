//! DBMS_STATS' procedures that set, delete and lock statistics by hand
//! (SET_TABLE_STATS, SET_INDEX_STATS, SET_COLUMN_STATS, DELETE_*_STATS,
//! LOCK_/UNLOCK_TABLE_STATS, LOCK_/UNLOCK_SCHEMA_STATS): how Lewis, Foote
//! and others fake a big table on a small one. The optimizer then costs
//! from the figures set (`Catalog::index_figures`, the table's
//! `TableStats`); the dictionary views show them.

use super::super::*;
use crate::catalog::{ColumnStats, IndexStatsSet, TableStats};

/// The procedures here, with their parameters in order (Oracle Database
/// PL/SQL Packages and Types Reference, 11.2), for arguments given by
/// position and the PLS-00306 of a name a procedure does not have.
const SIGNATURES: &[(&str, &[&str])] = &[
    (
        "SET_TABLE_STATS",
        &[
            "ownname",
            "tabname",
            "partname",
            "stattab",
            "statid",
            "numrows",
            "numblks",
            "avgrlen",
            "flags",
            "statown",
            "no_invalidate",
            "cachedblk",
            "cachehit",
            "force",
        ],
    ),
    (
        "SET_INDEX_STATS",
        &[
            "ownname",
            "indname",
            "partname",
            "stattab",
            "statid",
            "numrows",
            "numlblks",
            "numdist",
            "avglblk",
            "avgdblk",
            "clstfct",
            "indlevel",
            "flags",
            "statown",
            "no_invalidate",
            "guessq",
            "cachedblk",
            "cachehit",
            "force",
        ],
    ),
    (
        "SET_COLUMN_STATS",
        &[
            "ownname",
            "tabname",
            "colname",
            "partname",
            "stattab",
            "statid",
            "distcnt",
            "density",
            "nullcnt",
            "srec",
            "avgclen",
            "flags",
            "statown",
            "no_invalidate",
            "force",
        ],
    ),
    (
        "DELETE_TABLE_STATS",
        &[
            "ownname",
            "tabname",
            "partname",
            "stattab",
            "statid",
            "cascade_parts",
            "cascade_columns",
            "cascade_indexes",
            "statown",
            "no_invalidate",
            "force",
        ],
    ),
    (
        "DELETE_INDEX_STATS",
        &[
            "ownname",
            "indname",
            "partname",
            "stattab",
            "statid",
            "cascade_parts",
            "statown",
            "no_invalidate",
            "stattype",
            "force",
        ],
    ),
    (
        "DELETE_COLUMN_STATS",
        &[
            "ownname",
            "tabname",
            "colname",
            "partname",
            "stattab",
            "statid",
            "cascade_parts",
            "statown",
            "no_invalidate",
            "force",
            "col_stat_type",
        ],
    ),
    ("LOCK_TABLE_STATS", &["ownname", "tabname", "stattype"]),
    ("UNLOCK_TABLE_STATS", &["ownname", "tabname", "stattype"]),
    ("LOCK_SCHEMA_STATS", &["ownname", "stattype"]),
    ("UNLOCK_SCHEMA_STATS", &["ownname", "stattype"]),
];

/// Whether `name` (`DBMS_STATS.X`) is one of the procedures here.
pub(in crate::session) fn handles(name: &str) -> bool {
    name.strip_prefix("DBMS_STATS.").is_some_and(|p| SIGNATURES.iter().any(|(n, _)| *n == p))
}

/// [`super::prefs::by_name`] with this file's signatures; LAB-00001 for the arguments
/// the lab does not model (a statistics table, a partition, a
/// histogram's SREC, a stattype other than ALL).
fn named(proc_name: &str, vals: &[(Option<String>, Value)], pos: Pos) -> Result<Vec<(String, Value)>, LabError> {
    let order = SIGNATURES.iter().find(|(n, _)| *n == proc_name).map(|(_, o)| *o).unwrap_or(&[]);
    let out = super::prefs::by_name(order, proc_name, vals, pos)?;
    for (n, v) in &out {
        let refused = match n.as_str() {
            "partname" | "stattab" | "statid" | "statown" | "srec" => !v.is_null(),
            "stattype" => !v.is_null() && !v.to_string().eq_ignore_ascii_case("ALL"),
            "col_stat_type" => !v.is_null() && !v.to_string().eq_ignore_ascii_case("ALL"),
            _ => false,
        };
        if refused {
            return Err(LabError::unsupported(format!("DBMS_STATS.{proc_name} with {n} => {v}"), pos));
        }
    }
    Ok(out)
}

fn get<'a>(args: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    args.iter().find(|(n, _)| n == name).map(|(_, v)| v).filter(|v| !v.is_null())
}

fn truth(v: Option<&Value>) -> bool {
    v.is_some_and(|v| v.as_f64().is_some_and(|n| n != 0.0) || v.to_string().eq_ignore_ascii_case("TRUE"))
}

/// A figure argument: a number of at least 0 (Oracle's ORA-20001 for a
/// negative one is refused as a lab limit here).
fn figure(args: &[(String, Value)], name: &str, proc_name: &str, pos: Pos) -> Result<Option<f64>, LabError> {
    match get(args, name) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(x) if x >= 0.0 && x.is_finite() => Ok(Some(x)),
            _ => Err(LabError::unsupported(format!("DBMS_STATS.{proc_name} with {name} => {v}"), pos)),
        },
    }
}

/// SET_INDEX_STATS' figures, those given.
fn index_figures_given(args: &[(String, Value)], proc_name: &str, pos: Pos) -> Result<IndexStatsSet, LabError> {
    let level = figure(args, "indlevel", proc_name, pos)?;
    Ok(IndexStatsSet {
        blevel: level.map(|x| x.round() as u32),
        leaf_blocks: figure(args, "numlblks", proc_name, pos)?,
        distinct_keys: figure(args, "numdist", proc_name, pos)?,
        clustering_factor: figure(args, "clstfct", proc_name, pos)?,
        num_rows: figure(args, "numrows", proc_name, pos)?,
        avg_leaf_per_key: figure(args, "avglblk", proc_name, pos)?,
        avg_data_per_key: figure(args, "avgdblk", proc_name, pos)?,
    })
}

impl Run<'_> {
    /// DBMS_STATS.SET_/DELETE_/LOCK_/UNLOCK_ procedures. Each commits, as
    /// DBMS_STATS does.
    pub(in crate::session) fn dbms_stats_set(
        &mut self,
        name: &Ident,
        vals: &[(Option<String>, Value)],
    ) -> Result<(), LabError> {
        // SET_/DELETE_*_PREFS (session/plsql/prefs.rs).
        if super::prefs::handles(&name.name) {
            return self.dbms_stats_prefs(name, vals);
        }
        let proc_name = name.name.trim_start_matches("DBMS_STATS.");
        let pos = name.pos;
        let args = named(proc_name, vals, pos)?;
        self.implicit_commit();
        let owner = match get(&args, "ownname") {
            None => self.inst.cat.schema.to_string(),
            Some(v) => v.to_string().to_uppercase(),
        };
        if proc_name.ends_with("SCHEMA_STATS") {
            if *owner != *self.inst.cat.schema {
                return Err(LabError::new(ora::SCHEMA_UNABLE_TO_ANALYZE, pos));
            }
            let lock = proc_name.starts_with("LOCK");
            for id in 0..self.inst.cat.tables.len() {
                if !self.inst.cat.tables[id].dropped && !self.inst.cat.tables[id].sys {
                    self.set_locked(id, lock);
                }
            }
            return Ok(());
        }
        let force = truth(get(&args, "force"));
        if proc_name.ends_with("INDEX_STATS") {
            let iname = get(&args, "indname").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
            let missing = || {
                LabError::with_args(
                    ora::STATS_OBJECT_MISSING,
                    &[&"INDEX", &format_args!("\"{owner}\".\"{iname}\"")],
                    pos,
                )
            };
            let id = self.inst.cat.index_id(&iname).filter(|_| *owner == *self.inst.cat.schema).ok_or_else(missing)?;
            let table = self.inst.cat.indexes[id].table;
            if self.inst.cat.stats_locked(table) && !force {
                return Err(LabError::new(ora::STATS_LOCKED, pos));
            }
            if proc_name == "SET_INDEX_STATS" {
                let set = index_figures_given(&args, proc_name, pos)?;
                let e = self.inst.cat.stats_set.index.entry(id).or_default();
                e.blevel = set.blevel.or(e.blevel);
                e.leaf_blocks = set.leaf_blocks.or(e.leaf_blocks);
                e.distinct_keys = set.distinct_keys.or(e.distinct_keys);
                e.clustering_factor = set.clustering_factor.or(e.clustering_factor);
                e.num_rows = set.num_rows.or(e.num_rows);
                e.avg_leaf_per_key = set.avg_leaf_per_key.or(e.avg_leaf_per_key);
                e.avg_data_per_key = set.avg_data_per_key.or(e.avg_data_per_key);
            } else {
                self.inst.cat.stats_set.index.remove(&id);
                self.inst.cat.stats_set.gathered_cf.remove(&id);
            }
            self.stats_changed(table, get(&args, "no_invalidate").cloned());
            return Ok(());
        }
        let tname = get(&args, "tabname").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
        let missing = || {
            LabError::with_args(ora::STATS_OBJECT_MISSING, &[&"TABLE", &format_args!("\"{owner}\".\"{tname}\"")], pos)
        };
        let id = self.inst.cat.table_id(&tname).filter(|_| *owner == *self.inst.cat.schema).ok_or_else(missing)?;
        match proc_name {
            "LOCK_TABLE_STATS" | "UNLOCK_TABLE_STATS" => {
                self.set_locked(id, proc_name.starts_with("LOCK"));
                return Ok(());
            }
            _ if self.inst.cat.stats_locked(id) && !force => return Err(LabError::new(ora::STATS_LOCKED, pos)),
            "SET_TABLE_STATS" => {
                let rows = figure(&args, "numrows", proc_name, pos)?;
                let blocks = figure(&args, "numblks", proc_name, pos)?;
                let len = figure(&args, "avgrlen", proc_name, pos)?;
                let st = self.stats_to_set(id);
                st.num_rows = rows.map_or(st.num_rows, |x| x.round() as u64);
                st.blocks = blocks.map_or(st.blocks, |x| x.round() as u64);
                st.avg_row_len = len.map_or(st.avg_row_len, |x| x.round() as u32);
                st.user_set = true;
            }
            "SET_COLUMN_STATS" | "DELETE_COLUMN_STATS" => {
                let cname = get(&args, "colname").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
                let t = &self.inst.cat.tables[id];
                let col = t.columns.iter().position(|c| c.name == cname).ok_or_else(|| {
                    LabError::with_args(ora::STATS_OBJECT_MISSING, &[&"COLUMN", &format_args!("\"{cname}\"")], pos)
                })?;
                let computed = t.column_stats(col);
                if proc_name == "DELETE_COLUMN_STATS" {
                    let st = self.stats_to_set(id);
                    st.columns[col] = computed;
                } else {
                    self.set_column_stats(id, col, &args, pos)?;
                }
            }
            // DELETE_TABLE_STATS: the table's, its columns' and (unless
            // CASCADE_INDEXES => FALSE) its indexes' statistics go.
            _ => {
                let t = &mut self.inst.cat.tables[id];
                let col_usage = t.stats.col_usage.clone();
                t.stats = TableStats { col_usage, ..Default::default() };
                let cascade = get(&args, "cascade_indexes").is_none_or(|v| truth(Some(v)));
                if cascade {
                    let ixs = self.inst.cat.tables[id].indexes.clone();
                    for i in ixs {
                        self.inst.cat.stats_set.index.remove(&i);
                        self.inst.cat.stats_set.gathered_cf.remove(&i);
                    }
                }
            }
        }
        self.stats_changed(id, get(&args, "no_invalidate").cloned());
        Ok(())
    }

    /// SET_COLUMN_STATS: DISTCNT, NULLCNT and AVGCLEN; DENSITY only as
    /// 1/DISTCNT (the lab's selectivity without a histogram is 1/NDV).
    fn set_column_stats(
        &mut self,
        id: TableId,
        col: usize,
        args: &[(String, Value)],
        pos: Pos,
    ) -> Result<(), LabError> {
        let p = "SET_COLUMN_STATS";
        let (ndv, density) = (figure(args, "distcnt", p, pos)?, figure(args, "density", p, pos)?);
        let (nulls, avgclen) = (figure(args, "nullcnt", p, pos)?, figure(args, "avgclen", p, pos)?);
        let st = self.stats_to_set(id);
        let c = &mut st.columns[col];
        let ndv = ndv.map_or(c.ndv, |x| x.round() as u64);
        if let Some(d) = density {
            if ndv == 0 || (d * ndv as f64 - 1.0).abs() > 1e-6 {
                let what =
                    format!("DBMS_STATS.{p} with density => {d} other than 1/distcnt (NewDensity is not modelled)");
                return Err(LabError::unsupported(what, pos));
            }
        }
        c.ndv = ndv;
        c.nulls = nulls.map_or(c.nulls, |x| x.round() as u64);
        c.user_set = true;
        // Set figures replace a histogram built on the old ones.
        c.hist = None;
        if let Some(len) = avgclen {
            if let Some(l) = st.avg_col_len.get_mut(col) {
                *l = len.round() as u32;
            }
        }
        Ok(())
    }

    /// Table `id`'s statistics, ready to be set: gathered ones, or (never
    /// gathered) the figures the lab computes from the rows, with every
    /// column's.
    fn stats_to_set(&mut self, id: TableId) -> &mut TableStats {
        let cat = &self.inst.cat;
        let t = &cat.tables[id];
        if !t.stats.gathered {
            let mut st = t.compute_stats(cat.table_blocks(t));
            st.col_usage = t.stats.col_usage.clone();
            st.gathered = true;
            self.inst.cat.tables[id].stats = st;
        }
        let t = &self.inst.cat.tables[id];
        if t.stats.columns.len() < t.columns.len() {
            let cols: Vec<ColumnStats> = (0..t.columns.len())
                .map(|c| t.stats.columns.get(c).cloned().unwrap_or_else(|| t.column_stats(c)))
                .collect();
            self.inst.cat.tables[id].stats.columns = cols;
        }
        let st = &mut self.inst.cat.tables[id].stats;
        st.analyzed = Some(crate::date::sysdate());
        st
    }

    fn set_locked(&mut self, id: TableId, lock: bool) {
        if lock {
            self.inst.cat.stats_set.locked.insert(id);
        } else {
            self.inst.cat.stats_set.locked.remove(&id);
        }
    }

    /// After statistics changed by hand: the row cache's entries for the
    /// table go, and its cursors as NO_INVALIDATE says (as after a gather).
    fn stats_changed(&mut self, id: TableId, no_invalidate: Option<Value>) {
        let tname = self.inst.cat.tables[id].name.clone();
        self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &tname);
        match no_invalidate {
            None | Some(Value::Null) => self.auto_invalidate_table(id),
            Some(v) if truth(Some(&v)) => {}
            Some(_) => self.invalidate_table(id),
        }
    }
}
