//! The procedures of Oracle's supplied packages (and Tom Kyte's
//! `runstats_pkg`) a PL/SQL block may call, and the call of a stored
//! procedure.

use super::super::*;
use super::method_opt;

/// The procedures `plsql_call` runs itself.
pub(in crate::session) const BUILTIN_PROCEDURES: &[&str] = &[
    "DBMS_RANDOM.SEED",
    "DBMS_RANDOM.INITIALIZE",
    "DBMS_SESSION.SLEEP",
    "DBMS_LOCK.SLEEP",
    "DBMS_OUTPUT.PUT_LINE",
    "DBMS_STATS.GATHER_TABLE_STATS",
    "DBMS_STATS.GATHER_INDEX_STATS",
    "DBMS_STATS.GATHER_SCHEMA_STATS",
    "DBMS_STATS.SET_SYSTEM_STATS",
    "DBMS_STATS.DELETE_SYSTEM_STATS",
    "DBMS_STATS.SET_TABLE_STATS",
    "DBMS_STATS.SET_INDEX_STATS",
    "DBMS_STATS.SET_COLUMN_STATS",
    "DBMS_STATS.DELETE_TABLE_STATS",
    "DBMS_STATS.DELETE_INDEX_STATS",
    "DBMS_STATS.DELETE_COLUMN_STATS",
    "DBMS_STATS.LOCK_TABLE_STATS",
    "DBMS_STATS.UNLOCK_TABLE_STATS",
    "DBMS_STATS.LOCK_SCHEMA_STATS",
    "DBMS_STATS.UNLOCK_SCHEMA_STATS",
    "DBMS_STATS.SET_TABLE_PREFS",
    "DBMS_STATS.SET_SCHEMA_PREFS",
    "DBMS_STATS.SET_DATABASE_PREFS",
    "DBMS_STATS.SET_GLOBAL_PREFS",
    "DBMS_STATS.DELETE_TABLE_PREFS",
    "DBMS_STATS.DELETE_SCHEMA_PREFS",
    "DBMS_STATS.DELETE_DATABASE_PREFS",
    "DBMS_MEMOPTIMIZE.POPULATE",
    "DBMS_MEMOPTIMIZE.DROP_OBJECT",
    "DBMS_SESSION.SET_SQL_TRACE",
    "RUNSTATS_PKG.RS_START",
    "RUNSTATS_PKG.RS_MIDDLE",
    "RUNSTATS_PKG.RS_STOP",
    "RAISE_APPLICATION_ERROR",
];

/// DBMS_STATS' constants read by its calls themselves:
/// `DBMS_STATS.AUTO_INVALIDATE` (a BOOLEAN whose value is NULL),
/// `DBMS_STATS.AUTO_SAMPLE_SIZE` (the NUMBER 0), `DBMS_STATS.AUTO_DEGREE`
/// (32768) and `DBMS_STATS.DEFAULT_DEGREE` (32766): the degree is
/// accepted and changes nothing (the lab gathers serially).
pub(in crate::session) fn dbms_stats_constant(e: &Expr) -> Option<Value> {
    let name = match e {
        Expr::Column { qualifier: Some(q), name: c } if q.name == "DBMS_STATS" => c.name.as_str(),
        Expr::Column { qualifier: None, name: c } => c.name.strip_prefix("DBMS_STATS.")?,
        Expr::Function { name: c, args } if args.is_empty() => c.name.strip_prefix("DBMS_STATS.")?,
        _ => return None,
    };
    match name {
        "AUTO_INVALIDATE" => Some(Value::Null),
        "AUTO_SAMPLE_SIZE" => Some(Value::int(0)),
        "AUTO_DEGREE" => Some(Value::int(32768)),
        "DEFAULT_DEGREE" => Some(Value::int(32766)),
        // SET_*_PREFS' TABLE_CACHED_BLOCKS => AUTO (session/plsql/prefs.rs).
        "AUTO_TABLE_CACHED_BLOCKS" => Some(Value::int(0)),
        _ => None,
    }
}

/// Whether `name` (`PKG.PROC`) is in one of Oracle's supplied packages.
pub(in crate::session) fn is_oracle_package(name: &str) -> bool {
    ORACLE_PACKAGES.iter().any(|p| name.split('.').next() == Some(*p))
}

/// Bytes a buffered DBMS_OUTPUT line holds besides its text.
const OUTPUT_LINE_BYTES: u64 = 24;

/// Oracle's supplied packages: a call of one of their procedures that the
/// lab does not model is refused as such.
const ORACLE_PACKAGES: &[&str] = &[
    "DBMS_STATS",
    "DBMS_OUTPUT",
    "DBMS_RANDOM",
    "DBMS_SESSION",
    "DBMS_MONITOR",
    "DBMS_SYSTEM",
    "DBMS_LOCK",
    "DBMS_APPLICATION_INFO",
    "DBMS_MEMOPTIMIZE",
    "DBMS_SPACE",
    "DBMS_SQL",
    "DBMS_UTILITY",
    "DBMS_LOB",
    "DBMS_SHARED_POOL",
    "DBMS_WORKLOAD_REPOSITORY",
    "DBMS_METADATA",
    "DBMS_XPLAN",
    "DBMS_ROWID",
    "DBMS_SPM",
    "DBMS_SQLTUNE",
    "DBMS_JOB",
    "DBMS_SCHEDULER",
];

/// `ownname`: the schema DBMS_STATS works on, upper case (NULL or absent:
/// the current schema).
fn stats_owner(v: Option<Value>, schema: &str) -> String {
    match v {
        None | Some(Value::Null) => schema.to_string(),
        Some(v) => v.to_string().to_uppercase(),
    }
}

/// The named arguments of DBMS_STATS' gather procedures: a name the
/// procedure does not have is PLS-00306, as Oracle's compiler says. Of
/// those it has, the lab refuses the ones that would change what it
/// gathers (histograms, sampling, pending or exported statistics).
/// GATHER_SCHEMA_STATS' parameters in order (the overload without OBJLIST).
const SCHEMA_STATS_ORDER: [&str; 16] = [
    "ownname",
    "estimate_percent",
    "block_sample",
    "method_opt",
    "degree",
    "granularity",
    "cascade",
    "stattab",
    "statid",
    "options",
    "statown",
    "no_invalidate",
    "gather_temp",
    "gather_fixed",
    "stattype",
    "force",
];

fn dbms_stats_arguments(vals: &[(Option<String>, Value)], proc_name: &str, pos: Pos) -> Result<(), LabError> {
    const COMMON: &[&str] = &[
        "ownname",
        "estimate_percent",
        "block_sample",
        "method_opt",
        "degree",
        "granularity",
        "cascade",
        "stattab",
        "statid",
        "statown",
        "no_invalidate",
        "force",
    ];
    let own: &[&str] = match proc_name {
        "GATHER_TABLE_STATS" => &["tabname", "partname", "stattype"],
        "GATHER_INDEX_STATS" => &["indname", "partname", "stattype"],
        _ => &["options", "objlist", "gather_temp", "gather_fixed", "stattype", "obj_filter_list"],
    };
    // An argument given by position has its parameter's name: the
    // signatures of DBMS_STATS (Oracle Database PL/SQL Packages and Types
    // Reference; GATHER_SCHEMA_STATS without OBJLIST, the overload a call
    // with no OUT variable resolves to).
    let order: &[&str] = match proc_name {
        "GATHER_TABLE_STATS" => &[
            "ownname",
            "tabname",
            "partname",
            "estimate_percent",
            "block_sample",
            "method_opt",
            "degree",
            "granularity",
            "cascade",
            "stattab",
            "statid",
            "statown",
            "no_invalidate",
            "stattype",
            "force",
        ],
        "GATHER_INDEX_STATS" => &[
            "ownname",
            "indname",
            "partname",
            "estimate_percent",
            "stattab",
            "statid",
            "statown",
            "degree",
            "granularity",
            "no_invalidate",
            "force",
        ],
        _ => &SCHEMA_STATS_ORDER,
    };
    for (k, (n, v)) in vals.iter().enumerate() {
        let n = match n {
            Some(n) => n.to_ascii_lowercase(),
            None => match order.get(k) {
                Some(n) => n.to_string(),
                None => return Err(LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&proc_name], pos)),
            },
        };
        if !COMMON.contains(&n.as_str()) && !own.contains(&n.as_str()) {
            return Err(LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&proc_name], pos));
        }
        let refused = match n.as_str() {
            "stattab" | "statid" | "statown" | "partname" | "objlist" | "obj_filter_list" => !v.is_null(),
            // ESTIMATE_PERCENT and METHOD_OPT are read by the gather (method_opt.rs).
            "block_sample" => v.to_string().eq_ignore_ascii_case("TRUE") || v.as_f64().is_some_and(|x| x != 0.0),
            _ => false,
        };
        if refused {
            return Err(LabError::unsupported(
                format!("DBMS_STATS.{proc_name} with {n} => {v} (the lab reads every row of its own tables)"),
                pos,
            ));
        }
    }
    Ok(())
}

impl Run<'_> {
    /// DBMS_STATS' gathering of one table: its statistics computed, its
    /// row cache entries invalidated, and its cursors as NO_INVALIDATE
    /// says: TRUE keeps them, FALSE invalidates them now, and
    /// DBMS_STATS.AUTO_INVALIDATE (NULL, the default) lets them roll over
    /// within _optimizer_invalidation_period.
    fn gather_table_stats(&mut self, id: TableId, how: &Gather, pos: Pos) -> Result<(), LabError> {
        // Its indexes' clustering factors under TABLE_CACHED_BLOCKS
        // (CASCADE's default gathers them with it): first, so that one
        // the lab refuses leaves the statistics as they were.
        for i in self.inst.cat.tables[id].indexes.clone() {
            self.gather_index_cf(i, pos)?;
        }
        let max = if self.inst.profile.hybrid_histograms { 2048 } else { 254 };
        let sizes = method_opt::parse(how.method_opt.as_deref(), &self.inst.cat, id, max, pos)?;
        let columns = self.gathered_columns(id, &sizes, how.auto_sample, pos)?;
        let blocks = self.inst.cat.table_blocks(&self.inst.cat.tables[id]);
        let t = &self.inst.cat.tables[id];
        let mut st = t.compute_stats(blocks);
        st.columns = columns;
        st.col_usage = t.stats.col_usage.clone();
        st.gathered = true;
        st.analyzed = Some(crate::date::sysdate());
        self.inst.cat.tables[id].stats = st;
        self.inst.cat.tables[id].load.by_analyze = false;
        self.gather_partition_stats(id);
        // Its indexes are gathered with it (CASCADE's default): figures
        // SET_INDEX_STATS set go.
        for i in self.inst.cat.tables[id].indexes.clone() {
            self.inst.cat.stats_set.index.remove(&i);
        }
        let tname = self.inst.cat.tables[id].name.clone();
        self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &tname);
        match &how.no_invalidate {
            None | Some(Value::Null) => self.auto_invalidate_table(id),
            Some(v) if v.as_f64().is_some_and(|n| n != 0.0) || v.to_string().eq_ignore_ascii_case("TRUE") => {}
            Some(_) => self.invalidate_table(id),
        }
        Ok(())
    }

    /// Online statistics gathering at the end of a bulk load
    /// (`session/stats_on_load.rs`): the table and its columns, size 1,
    /// as DBMS_STATS' defaults gather them.
    pub(in crate::session) fn gather_on_load(&mut self, id: TableId, pos: Pos) -> Result<(), LabError> {
        let how = Gather { method_opt: Some("FOR ALL COLUMNS SIZE 1".into()), auto_sample: true, no_invalidate: None };
        self.gather_table_stats(id, &how, pos)
    }

    /// A call's arguments evaluated, with their names.
    fn call_values(
        &mut self,
        args: &[(Option<String>, Expr)],
        vars: &[(String, Value)],
    ) -> Result<Vec<(Option<String>, Value)>, LabError> {
        let mut vals = Vec::new();
        for (n, e) in args {
            let v = dbms_stats_constant(e).map_or_else(|| self.plsql_eval(e, vars), Ok)?;
            vals.push((n.clone(), v));
        }
        Ok(vals)
    }

    pub(in crate::session) fn plsql_call(
        &mut self,
        name: &Ident,
        args: &[(Option<String>, Expr)],
        vars: &[(String, Value)],
        out: &mut Vec<String>,
    ) -> Result<(), LabError> {
        let vals = self.call_values(args, vars)?;
        let arg = |i: usize, named: &str| arg(&vals, i, named);
        match name.name.as_str() {
            "DBMS_RANDOM.SEED" => {
                let v = arg(0, "val").or_else(|| arg(0, "seed")).unwrap_or(Value::int(0));
                let seed = match &v {
                    Value::Num(n) => n.to_f64() as u64,
                    Value::Str(s) => s.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64)),
                    Value::Null => 0,
                    Value::Date(d) => d.seconds() as u64,
                };
                self.s.rng.seed(seed);
            }
            "DBMS_RANDOM.INITIALIZE" => {
                let v = arg(0, "val").and_then(|v| v.as_f64()).unwrap_or(0.0);
                self.s.rng.seed(v as u64);
            }
            "RAISE_APPLICATION_ERROR" => return Err(raise_application_error(&vals, name.pos)),
            "DBMS_SESSION.SLEEP" | "DBMS_LOCK.SLEEP" => self.sleep(name, arg(0, "seconds"))?,
            "DBMS_OUTPUT.PUT_LINE" => {
                let line = arg(0, "a").map(|v| v.to_string()).unwrap_or_default();
                // The buffer is the lab's memory: SQL*Plus's SET SERVEROUTPUT
                // ON is SIZE UNLIMITED, so the memory budget bounds it
                // (200,000 lines of 32 KB trapped at wasm's 4 GB).
                if out.is_empty() {
                    self.s.output_bytes = 0;
                }
                self.s.output_bytes += line.len() as u64 + OUTPUT_LINE_BYTES;
                if self.s.output_bytes > self.memory_room() {
                    return Err(LabError::with(ora::LAB_MEMORY_LIMIT, self.inst.limits.max_memory_mb, name.pos));
                }
                out.push(line)
            }
            "DBMS_STATS.GATHER_TABLE_STATS" | "DBMS_STATS.GATHER_INDEX_STATS" | "DBMS_STATS.GATHER_SCHEMA_STATS" => {
                self.dbms_stats_gather(name, &vals)?
            }
            // SYS.AUX_STATS$: every cursor is optimized again under them
            // (the lab's cursors do not outlive a change of the costs).
            "DBMS_STATS.SET_SYSTEM_STATS" => {
                let pname = arg(0, "pname").map(|v| v.to_string()).unwrap_or_default();
                let value = arg(1, "pvalue").and_then(|v| v.as_f64()).filter(|v| *v > 0.0);
                match value {
                    Some(v) if self.inst.cat.system_stats.set(&pname, v) => self.invalidate_cursors(),
                    _ => {
                        let what = format!("DBMS_STATS.SET_SYSTEM_STATS of {pname} (the lab has CPUSPEEDNW, IOSEEKTIM, IOTFRSPEED, SREADTIM, MREADTIM, MBRC, CPUSPEED, each above 0)");
                        return Err(LabError::unsupported(what, name.pos));
                    }
                }
            }
            n if super::set_stats::handles(n) || super::prefs::handles(n) => self.dbms_stats_set(name, &vals)?,
            "DBMS_STATS.DELETE_SYSTEM_STATS" => {
                self.inst.cat.system_stats = Default::default();
                self.invalidate_cursors();
            }
            "DBMS_MEMOPTIMIZE.POPULATE" => self.memoptimize_populate(name, arg(1, "table_name"))?,
            "DBMS_MEMOPTIMIZE.DROP_OBJECT" => {
                let t = arg(1, "table_name").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
                if let Some(id) = self.inst.cat.table_id(&t) {
                    self.inst.sga.memopt.evict(id);
                }
            }
            "DBMS_SESSION.SET_SQL_TRACE" => {
                let on = arg(0, "sql_trace")
                    .map(|v| matches!(v, Value::Num(n) if !n.is_zero()) || v.to_string().eq_ignore_ascii_case("TRUE"))
                    .unwrap_or(false);
                // SQL_TRACE is not part of a cursor's environment: no cursor is invalidated.
                self.s.params.sql_trace = on;
            }
            "DBMS_MONITOR.SESSION_TRACE_ENABLE" | "DBMS_MONITOR.SESSION_TRACE_DISABLE" => {
                // Another session (by SID) is not traced from here: refused.
                let sid = arg(0, "session_id").and_then(|v| v.as_f64());
                if sid.is_some_and(|sid| sid != self.s.sid as f64) {
                    let what = "DBMS_MONITOR tracing another session".to_string();
                    return Err(LabError::unsupported(what, name.pos));
                }
                let flag = |v: Option<Value>, default: bool| {
                    v.map_or(default, |v| {
                        matches!(v, Value::Num(n) if !n.is_zero()) || v.to_string().eq_ignore_ascii_case("TRUE")
                    })
                };
                let level = if name.name.ends_with("ENABLE") {
                    1 | if flag(arg(2, "waits"), true) { 8 } else { 0 }
                        | if flag(arg(3, "binds"), false) { 4 } else { 0 }
                } else {
                    0
                };
                self.set_trace_level(level);
            }
            "RUNSTATS_PKG.RS_START" | "RUNSTATS_PKG.RS_MIDDLE" | "RUNSTATS_PKG.RS_STOP" => {
                let threshold = arg(0, "p_difference_threshold").and_then(|v| v.as_f64()).unwrap_or(0.0);
                let call = name.name.trim_start_matches("RUNSTATS_PKG.").to_string();
                self.runstats(&call, threshold, name.pos, out)?;
            }
            other => match self.inst.programs.get(other).cloned() {
                Some(p) if p.returns.is_none() => {
                    self.call_program(p, vals, name.pos, out)?;
                }
                Some(_) => return Err(LabError::pls_run(ora::PLS_NOT_A_PROCEDURE, &[&other], name.pos)),
                // A procedure of a package Oracle has, which the lab does
                // not model: refused by name, not "must be declared".
                None if is_oracle_package(other) => {
                    return Err(LabError::unsupported(format!("{other} (not modelled)"), name.pos));
                }
                None => {
                    return Err(LabError::pls_run(ora::PLS_IDENTIFIER_MUST_BE_DECLARED, &[&other], name.pos));
                }
            },
        }
        Ok(())
    }

    /// DBMS_SESSION.SLEEP, DBMS_LOCK.SLEEP: an idle wait (PL/SQL lock
    /// timer): the session's clock moves on, no DB time. Up to 3,153,600 s
    /// (DBMS_SESSION). Refused where it would carry the clock past its
    /// exact range (`sim::EXACT_US`, about 101 days), past which figures
    /// would depend on where the clock stood.
    fn sleep(&mut self, name: &Ident, seconds: Option<Value>) -> Result<(), LabError> {
        match seconds.and_then(|v| v.as_f64()) {
            Some(s) if (0.0..=3_153_600.0).contains(&s) => {
                let us = crate::sim::quantise(s * 1e6);
                if self.s.cost.now_us() + us >= crate::sim::EXACT_US {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        format_args!(
                            "{} past {} days of simulated time (the clock's exact range)",
                            name.name,
                            (crate::sim::EXACT_US / 86_400e6).floor()
                        ),
                        name.pos,
                    ));
                }
                self.s.idle_us += us;
                let to = self.s.cost.now.after(us);
                self.s.cost.idle_until(to);
                Ok(())
            }
            _ => Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                format_args!("{} of other than 0 to 3153600 seconds", name.name),
                name.pos,
            )),
        }
    }

    /// DBMS_STATS.GATHER_TABLE_STATS, GATHER_INDEX_STATS and
    /// GATHER_SCHEMA_STATS. DBMS_STATS commits, as DDL does.
    fn dbms_stats_gather(&mut self, name: &Ident, vals: &[(Option<String>, Value)]) -> Result<(), LabError> {
        let proc_name = name.name.trim_start_matches("DBMS_STATS.");
        dbms_stats_arguments(vals, proc_name, name.pos)?;
        let private = proc_name == "GATHER_TABLE_STATS"
            && arg(vals, 1, "tabname").is_some_and(|n| self.temp_stats_private(&n.to_string().to_uppercase()));
        if !private {
            self.implicit_commit();
        }
        let owner = stats_owner(arg(vals, 0, "ownname"), &self.inst.cat.schema);
        let wrong = || LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&proc_name], name.pos);
        match proc_name {
            "GATHER_TABLE_STATS" => {
                let tname = arg(vals, 1, "tabname").ok_or_else(wrong)?.to_string().to_uppercase();
                let id =
                    self.inst.cat.table_id(&tname).filter(|_| *owner == *self.inst.cat.schema).ok_or_else(|| {
                        LabError::with(ora::UNABLE_TO_ANALYZE, format_args!("\"{owner}\".\"{tname}\""), name.pos)
                    })?;
                // ESTIMATE_PERCENT, METHOD_OPT and NO_INVALIDATE are its
                // 4th, 6th and 13th arguments.
                let how = Gather::of(vals, [3, 5, 12], name.pos)?;
                if self.inst.cat.stats_locked(id) && !forced(vals, 14) {
                    return Err(LabError::new(ora::STATS_LOCKED, name.pos));
                }
                self.gather_table_stats(id, &how, name.pos)?;
                self.inst.cat.tables[id].stats.session_private = private;
            }
            // Index statistics are read from the index itself whenever a
            // plan is costed: gathering them changes nothing, once the
            // index is known to exist.
            "GATHER_INDEX_STATS" => {
                let iname = arg(vals, 1, "indname").ok_or_else(wrong)?.to_string().to_uppercase();
                // ESTIMATE_PERCENT (its 4th): every row, as for a table.
                method_opt::auto_sample(arg(vals, 3, "estimate_percent").as_ref(), name.pos)?;
                let Some(ix) = self.inst.cat.index_id(&iname).filter(|_| *owner == *self.inst.cat.schema) else {
                    return Err(LabError::with(
                        ora::INDEX_UNABLE_TO_ANALYZE,
                        format_args!("\"{owner}\".\"{iname}\""),
                        name.pos,
                    ));
                };
                if self.inst.cat.stats_locked(self.inst.cat.indexes[ix].table) && !forced(vals, 10) {
                    return Err(LabError::new(ora::STATS_LOCKED, name.pos));
                }
                // Gathered from the index again: figures set by hand go.
                self.gather_index_cf(ix, name.pos)?;
                self.inst.cat.stats_set.index.remove(&ix);
            }
            // Every table of the schema, as GATHER_TABLE_STATS does each.
            _ => {
                if *owner != *self.inst.cat.schema {
                    return Err(LabError::new(ora::SCHEMA_UNABLE_TO_ANALYZE, name.pos));
                }
                for id in 0..self.inst.cat.tables.len() {
                    // A table whose statistics are locked is passed over.
                    // So is a global temporary table (its rows are a session's).
                    let t = &self.inst.cat.tables[id];
                    if t.dropped || t.temp.is_some() || self.inst.cat.stats_locked(id) {
                        continue;
                    }
                    // ESTIMATE_PERCENT, METHOD_OPT and NO_INVALIDATE are
                    // its 2nd, 4th and 12th arguments here (the overload
                    // without OBJLIST).
                    let how = Gather::of(vals, [1, 3, 11], name.pos)?;
                    self.gather_table_stats(id, &how, name.pos)?;
                }
            }
        }
        Ok(())
    }

    /// DBMS_MEMOPTIMIZE.POPULATE of table `table`.
    fn memoptimize_populate(&mut self, name: &Ident, table: Option<Value>) -> Result<(), LabError> {
        let t = table.ok_or_else(|| LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&"POPULATE"], name.pos))?;
        let tname = t.to_string().to_uppercase();
        let id =
            self.inst.cat.table_id(&tname).ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, name.pos))?;
        if !self.inst.profile.memoptimize_rowstore {
            return Err(LabError::pls_run(
                ora::PLS_IDENTIFIER_MUST_BE_DECLARED,
                &[&"DBMS_MEMOPTIMIZE.POPULATE"],
                name.pos,
            ));
        }
        if !self.inst.cat.tables[id].memoptimize_read {
            return Err(LabError::new(ora::MEMOPTIMIZE_READ_NOT_ENABLED, name.pos));
        }
        if self.inst.sga.memopt.size == 0 {
            return Err(LabError::new(ora::MEMOPTIMIZE_POOL_NOT_SET, name.pos));
        }
        self.inst.sga.memopt.request_populate(id);
        self.s.stats.memopt.tasks_accepted += 1;
        Ok(())
    }
}

/// How a gather reads its table: METHOD_OPT (None: the default), whether
/// ESTIMATE_PERCENT is AUTO_SAMPLE_SIZE, and NO_INVALIDATE.
struct Gather {
    method_opt: Option<String>,
    auto_sample: bool,
    no_invalidate: Option<Value>,
}

impl Gather {
    /// From the call's arguments, given the positions of ESTIMATE_PERCENT,
    /// METHOD_OPT and NO_INVALIDATE.
    fn of(vals: &[(Option<String>, Value)], at: [usize; 3], pos: Pos) -> Result<Gather, LabError> {
        let estimate = arg(vals, at[0], "estimate_percent");
        let method_opt = arg(vals, at[1], "method_opt").filter(|v| !v.is_null()).map(|v| v.to_string());
        Ok(Gather {
            method_opt,
            auto_sample: method_opt::auto_sample(estimate.as_ref(), pos)?,
            no_invalidate: arg(vals, at[2], "no_invalidate"),
        })
    }
}

/// `RAISE_APPLICATION_ERROR(num, msg [, keeperrorstack])`.
fn raise_application_error(vals: &[(Option<String>, Value)], at: Pos) -> LabError {
    super::exceptions::application_error(arg(vals, 0, "num"), arg(vals, 1, "msg"), vals.len(), at)
}

/// A call's argument named `named`, or else at position `i` (when given
/// by position).
fn arg(vals: &[(Option<String>, Value)], i: usize, named: &str) -> Option<Value> {
    vals.iter()
        .find(|(n, _)| n.as_deref().map(|n| n.eq_ignore_ascii_case(named)).unwrap_or(false))
        .map(|(_, v)| v.clone())
        .or_else(|| vals.get(i).filter(|(n, _)| n.is_none()).map(|(_, v)| v.clone()))
}

/// FORCE => TRUE (named, or at position `i`): gather even when locked.
fn forced(vals: &[(Option<String>, Value)], i: usize) -> bool {
    arg(vals, i, "force")
        .is_some_and(|v| v.as_f64().is_some_and(|n| n != 0.0) || v.to_string().eq_ignore_ascii_case("TRUE"))
}
