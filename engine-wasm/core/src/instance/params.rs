//! Initialization and session parameters. Static parameters take effect at
//! `STARTUP`; `ALTER SYSTEM ... SCOPE=SPFILE` stores them until then.

use super::param_defs::{self, Kind, Model, SysMod};
use lio_sql::ast::{ParamValue, Pos, Scope};
use lio_sql::{ora, LabError};
use std::collections::BTreeMap;

const MB: u64 = 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatisticsLevel {
    Basic,
    Typical,
    All,
}

/// The parameters the engine models. Unknown parameters are kept in
/// `other` so `ALTER SYSTEM/SESSION` on them succeeds, as long as they look
/// like real parameter names.
#[derive(Debug, Clone)]
pub struct Parameters {
    pub db_block_size: u32,
    pub db_cache_size: u64,
    pub db_keep_cache_size: u64,
    pub memoptimize_pool_size: u64,
    pub statistics_level: StatisticsLevel,
    pub sql_trace: bool,
    /// `_fastpin_enable`: 0 turns fastpath gets off (totals unchanged).
    pub fastpin_enable: bool,
    /// `_nlj_batching_enabled`
    pub nlj_batching_enabled: bool,
    /// `_row_cr`
    pub row_cr: bool,
    pub db_file_multiblock_read_count: u32,
    /// `_db_file_optimizer_read_count` (None: 8); setting dbf_mbrc sets it.
    pub optimizer_read_count: Option<u32>,
    /// `_db_writer_max_writes`: most buffers DBWR writes in one batch (0: no limit).
    pub db_writer_max_writes: u32,
    /// The redo log buffer, bytes (static).
    pub log_buffer: u64,
    /// `workarea_size_policy`: AUTO sizes work areas from
    /// `pga_aggregate_target`, MANUAL from `sort_area_size`.
    pub workarea_size_policy: WorkareaPolicy,
    /// `sort_area_size` (bytes): a sort's work area under the MANUAL policy.
    pub sort_area_size: u64,
    /// `pga_aggregate_target` (bytes): the PGA the AUTO policy shares out.
    pub pga_aggregate_target: u64,
    /// `_smm_max_size` (KB): the largest serial work area under AUTO.
    pub smm_max_size_kb: u64,
    /// `_sort_multiblock_read_count` (blocks): a sort's temp I/O unit, the
    /// read buffer each run gets in a merge.
    pub sort_multiblock_read_count: u32,
    pub other: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkareaPolicy {
    Auto,
    Manual,
}

/// The lab's default `pga_aggregate_target`: 2 GB, so a serial work area
/// (5%: 102 MB) holds every sort of the lab's samples (the largest, 100,000
/// rows of 700 bytes, is about 74 MB) and the default instance's figures
/// have no temp I/O. Oracle's own default is the greater of 10 MB and 20%
/// of the SGA (about 200 MB beside a 1 GB buffer cache: a 10 MB work
/// area); `ALTER SYSTEM SET pga_aggregate_target` sets it.
pub const DEFAULT_PGA_AGGREGATE_TARGET: u64 = 2048 * MB;

/// `sort_area_size` default (Oracle's: 64 KB).
pub const DEFAULT_SORT_AREA_SIZE: u64 = 65_536;

/// `_smm_max_size` default, KB: 1 GB (11g's cap on one serial work area;
/// 5% of `pga_aggregate_target` is below it unless the target exceeds 20 GB).
pub const DEFAULT_SMM_MAX_SIZE_KB: u64 = 1_048_576;

/// `_sort_multiblock_read_count` default: 2 blocks (the documented default
/// of 8i's SORT_MULTIBLOCK_READ_COUNT, hidden since 9i).
pub const DEFAULT_SORT_MULTIBLOCK_READ_COUNT: u32 = 2;

impl Default for Parameters {
    fn default() -> Self {
        Parameters {
            db_block_size: 8192,
            db_cache_size: 1024 * MB,
            db_keep_cache_size: 0,
            memoptimize_pool_size: 0,
            statistics_level: StatisticsLevel::Typical,
            sql_trace: false,
            fastpin_enable: true,
            nlj_batching_enabled: true,
            row_cr: true,
            db_file_multiblock_read_count: 128,
            optimizer_read_count: None,
            db_writer_max_writes: 0,
            log_buffer: 8 * MB,
            workarea_size_policy: WorkareaPolicy::Auto,
            sort_area_size: DEFAULT_SORT_AREA_SIZE,
            pga_aggregate_target: DEFAULT_PGA_AGGREGATE_TARGET,
            smm_max_size_kb: DEFAULT_SMM_MAX_SIZE_KB,
            sort_multiblock_read_count: DEFAULT_SORT_MULTIBLOCK_READ_COUNT,
            other: BTreeMap::new(),
        }
    }
}

fn as_bool(v: &ParamValue) -> Option<bool> {
    match v {
        ParamValue::Number(n) => Some(*n != 0.0),
        ParamValue::Text(t) => match t.to_ascii_uppercase().as_str() {
            "TRUE" | "ON" | "YES" => Some(true),
            "FALSE" | "OFF" | "NO" => Some(false),
            _ => None,
        },
        ParamValue::Bytes(b) => Some(*b != 0),
    }
}

fn as_bytes(v: &ParamValue) -> Option<u64> {
    match v {
        ParamValue::Bytes(b) => Some(*b),
        ParamValue::Number(n) if *n >= 0.0 => Some(*n as u64),
        ParamValue::Text(t) => parse_size(t),
        _ => None,
    }
}

/// `100M`, `1G`, `8192`, `64K`
pub fn parse_size(t: &str) -> Option<u64> {
    let t = t.trim().trim_matches('\'');
    let (num, mult) = match t.chars().last()?.to_ascii_uppercase() {
        'K' => (&t[..t.len() - 1], 1024),
        'M' => (&t[..t.len() - 1], MB),
        'G' => (&t[..t.len() - 1], 1024 * MB),
        _ => (t, 1),
    };
    num.trim().parse::<u64>().ok().map(|n| n * mult)
}

/// A boolean parameter's value as V$PARAMETER shows it.
fn bool_text(b: bool) -> String {
    if b { "TRUE" } else { "FALSE" }.to_string()
}

/// A value as Oracle echoes it in ORA-00096 and ORA-00068.
fn shown(v: &ParamValue) -> String {
    match v {
        ParamValue::Number(n) => crate::value::format_number(*n),
        ParamValue::Bytes(b) => b.to_string(),
        ParamValue::Text(t) => t.clone(),
    }
}

/// ORA-00096 for a value outside an enumerated parameter's values.
fn invalid_value(name: &str, value: &ParamValue, pos: Pos) -> LabError {
    let among = param_defs::lookup(name).map(param_defs::among).unwrap_or_default();
    LabError::with_args(ora::INVALID_PARAMETER_VALUE, &[&shown(value), &name, &among], pos)
}

/// ORA-00068: a number outside the range the lab accepts.
fn out_of_range(name: &str, value: &ParamValue, (low, high): (u64, u64), pos: Pos) -> LabError {
    LabError::with_args(ora::PARAMETER_VALUE_OUT_OF_RANGE, &[&shown(value), &name, &low, &high], pos)
}

/// ORA-02017: a number was needed.
fn integer_required(pos: Pos) -> LabError {
    LabError::new(ora::INTEGER_VALUE_REQUIRED, pos)
}

/// Which statement sets a parameter: its checks and error codes differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// `ALTER SYSTEM SET ... [SCOPE = ...] [DEFERRED]`
    System {
        scope: Scope,
        deferred: bool,
    },
    Session,
}

fn unsupported(what: String, pos: Pos) -> LabError {
    LabError::with(ora::LAB_UNSUPPORTED, what, pos)
}

/// The checks Oracle makes before changing anything: the name (ORA-02065 /
/// ORA-02248, or LAB-00001 for a real parameter the lab does not model),
/// where it may be changed (ORA-02095 / ORA-02096) and the value's type
/// (ORA-02017, ORA-00096). Ranges are checked by [`Parameters::set`].
pub fn check(name: &str, value: &ParamValue, via: Via, pos: Pos) -> Result<&'static param_defs::Def, LabError> {
    let session = via == Via::Session;
    let Some(def) = param_defs::lookup(name) else {
        if name.starts_with('_') {
            return Err(unsupported(format!("hidden parameter {name} is not modelled"), pos));
        }
        if param_defs::NOT_MODELLED.contains(&name) {
            return Err(unsupported(format!("parameter {name} (what it changes is not modelled)"), pos));
        }
        if param_defs::SESSION_OPTIONS.contains(&name) && (session || name == "events") {
            let stmt = if session { "SESSION" } else { "SYSTEM" };
            return Err(unsupported(format!("ALTER {stmt} SET {}", name.to_ascii_uppercase()), pos));
        }
        return Err(LabError::new(
            if session { ora::INVALID_ALTER_SESSION_OPTION } else { ora::ILLEGAL_ALTER_SYSTEM_OPTION },
            pos,
        ));
    };
    match via {
        Via::Session if !def.session => return Err(LabError::new(ora::PARAMETER_NOT_MODIFIABLE_WITH_OPTION, pos)),
        Via::System { scope, deferred } if scope != Scope::Spfile => match def.system {
            SysMod::Static => return Err(LabError::new(ora::PARAMETER_CANNOT_BE_MODIFIED, pos)),
            SysMod::Deferred if !deferred => return Err(LabError::new(ora::PARAMETER_NOT_MODIFIABLE_WITH_OPTION, pos)),
            SysMod::Immediate if deferred => return Err(LabError::new(ora::PARAMETER_NOT_MODIFIABLE_WITH_OPTION, pos)),
            _ => {}
        },
        _ => {}
    }
    let text = match value {
        ParamValue::Text(t) => Some(t.to_ascii_uppercase()),
        _ => None,
    };
    match def.kind {
        Kind::Bool => {
            as_bool(value).ok_or_else(|| invalid_value(name, value, pos))?;
        }
        Kind::Int | Kind::Size => {
            as_bytes(value).ok_or_else(|| integer_required(pos))?;
        }
        Kind::Enum(values) => {
            if !text.as_deref().is_some_and(|t| values.contains(&t)) {
                return Err(invalid_value(name, value, pos));
            }
        }
        Kind::Text => {
            if matches!(value, ParamValue::Text(t) if t.trim().is_empty()) {
                return Err(invalid_value(name, value, pos));
            }
        }
        Kind::Custom => {}
    }
    if let Model::Only(values) = def.model {
        let v = match def.kind {
            Kind::Bool => if as_bool(value) == Some(true) { "TRUE" } else { "FALSE" }.to_string(),
            _ => text.clone().unwrap_or_else(|| shown(value)),
        };
        if !values.contains(&v.as_str()) {
            return Err(unsupported(
                format!("{} = {v} (the lab models {} only)", name.to_ascii_uppercase(), values.join(", ")),
                pos,
            ));
        }
    }
    Ok(def)
}

/// ALTER SYSTEM reports a refused value under ORA-02097, on its own line.
fn under_02097(e: LabError) -> LabError {
    if e.is(ora::INVALID_PARAMETER_VALUE)
        || e.is(ora::PARAMETER_VALUE_OUT_OF_RANGE)
        || e.is(ora::PGA_AGGREGATE_TARGET_RANGE)
    {
        let pos = e.pos;
        LabError::new(ora::PARAMETER_VALUE_INVALID, pos).then(format_args!("\n{}: {}", e.code, e.message))
    } else {
        e
    }
}

impl Parameters {
    /// `db_flash_cache_file` and `db_flash_cache_size` (bytes), when set.
    pub fn db_flash_cache(&self) -> (Option<&str>, u64) {
        let file = self.other.get("db_flash_cache_file").map(String::as_str);
        let size = self.other.get("db_flash_cache_size").and_then(|s| s.parse().ok()).unwrap_or(0);
        (file, size)
    }

    /// V$PARAMETER: (name, value, is default, session-modifiable), by name.
    /// Hidden (`_`) parameters show only when set, as in Oracle.
    pub fn listing(&self) -> Vec<(String, String, bool, bool)> {
        let d = Parameters::default();
        let tf = |b: bool| if b { "TRUE" } else { "FALSE" }.to_string();
        let level = |l: StatisticsLevel| match l {
            StatisticsLevel::Basic => "BASIC",
            StatisticsLevel::Typical => "TYPICAL",
            StatisticsLevel::All => "ALL",
        };
        let mut v = vec![
            ("db_block_size", self.db_block_size.to_string(), self.db_block_size == d.db_block_size, false),
            ("db_cache_size", self.db_cache_size.to_string(), self.db_cache_size == d.db_cache_size, false),
            ("db_keep_cache_size", self.db_keep_cache_size.to_string(), self.db_keep_cache_size == 0, false),
            ("memoptimize_pool_size", self.memoptimize_pool_size.to_string(), self.memoptimize_pool_size == 0, false),
            ("log_buffer", self.log_buffer.to_string(), self.log_buffer == d.log_buffer, false),
            (
                "statistics_level",
                level(self.statistics_level).to_string(),
                self.statistics_level == d.statistics_level,
                true,
            ),
            ("sql_trace", tf(self.sql_trace), self.sql_trace == d.sql_trace, true),
            (
                "db_file_multiblock_read_count",
                self.db_file_multiblock_read_count.to_string(),
                self.db_file_multiblock_read_count == d.db_file_multiblock_read_count,
                true,
            ),
            (
                "workarea_size_policy",
                match self.workarea_size_policy {
                    WorkareaPolicy::Auto => "AUTO",
                    WorkareaPolicy::Manual => "MANUAL",
                }
                .to_string(),
                self.workarea_size_policy == d.workarea_size_policy,
                true,
            ),
            ("sort_area_size", self.sort_area_size.to_string(), self.sort_area_size == d.sort_area_size, true),
            (
                "pga_aggregate_target",
                self.pga_aggregate_target.to_string(),
                self.pga_aggregate_target == d.pga_aggregate_target,
                false,
            ),
        ];
        if self.smm_max_size_kb != d.smm_max_size_kb {
            v.push(("_smm_max_size", self.smm_max_size_kb.to_string(), false, true));
        }
        if self.sort_multiblock_read_count != d.sort_multiblock_read_count {
            v.push(("_sort_multiblock_read_count", self.sort_multiblock_read_count.to_string(), false, true));
        }
        if !self.fastpin_enable {
            v.push(("_fastpin_enable", "0".into(), false, false));
        }
        if !self.nlj_batching_enabled {
            v.push(("_nlj_batching_enabled", "0".into(), false, true));
        }
        if self.db_writer_max_writes != 0 {
            v.push(("_db_writer_max_writes", self.db_writer_max_writes.to_string(), false, false));
        }
        if !self.row_cr {
            v.push(("_row_cr", tf(false), false, true));
        }
        if let Some(n) = self.optimizer_read_count.filter(|_| self.db_file_multiblock_read_count == 128) {
            v.push(("_db_file_optimizer_read_count", n.to_string(), false, true));
        }
        let mut out: Vec<(String, String, bool, bool)> =
            v.into_iter().map(|(n, val, def, ses)| (n.to_string(), val, def, ses)).collect();
        for (n, val) in &self.other {
            let session = param_defs::lookup(n).is_some_and(|d| d.session);
            out.push((n.clone(), val.clone(), false, session));
        }
        // Parameters the lab models at one value: that value, always.
        for d in param_defs::DEFS {
            if let Model::Only([only]) = d.model {
                out.push((d.name.to_string(), only.to_string(), d.name != "recyclebin", d.session));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// `ALTER SESSION SET name = value`: checked, then applied.
    pub fn alter_session(&mut self, name: &str, value: &ParamValue, pos: Pos) -> Result<(), LabError> {
        check(name, value, Via::Session, pos)?;
        self.set(name, value, pos)
    }

    /// Apply one parameter value whose name and type [`check`] passed; the
    /// range is checked here (ORA-00068, ORA-00093, ORA-00096).
    pub fn set(&mut self, name: &str, value: &ParamValue, pos: Pos) -> Result<(), LabError> {
        let bytes = || as_bytes(value).ok_or_else(|| integer_required(pos));
        let boolean = || as_bool(value).ok_or_else(|| invalid_value(name, value, pos));
        let within = |v: u64, (low, high): (u64, u64)| {
            if (low..=high).contains(&v) {
                Ok(v)
            } else {
                Err(out_of_range(name, value, (low, high), pos))
            }
        };
        match name {
            "db_block_size" => {
                let v = bytes()?;
                if ![2048, 4096, 8192, 16384, 32768].contains(&v) {
                    return Err(LabError::with_args(
                        ora::INVALID_PARAMETER_VALUE,
                        &[&shown(value), &name, &"2048, 4096, 8192, 16384, 32768"],
                        pos,
                    ));
                }
                self.db_block_size = v as u32;
            }
            "db_cache_size" => self.db_cache_size = bytes()?,
            "db_keep_cache_size" => self.db_keep_cache_size = bytes()?,
            "memoptimize_pool_size" => {
                let v = bytes()?;
                if v != 0 && v < 100 * MB {
                    return Err(LabError::new(ora::PARAMETER_VALUE_INVALID, pos)
                        .then(format_args!("\n{}", ora::MEMOPTIMIZE_POOL_TOO_SMALL.line(&[]))));
                }
                self.memoptimize_pool_size = v;
            }
            "statistics_level" => {
                self.statistics_level = match value {
                    ParamValue::Text(t) => match t.to_ascii_uppercase().as_str() {
                        // BASIC turns timed statistics off: the lab always times.
                        "BASIC" => {
                            return Err(unsupported(
                                "STATISTICS_LEVEL = BASIC (the lab models TYPICAL and ALL)".into(),
                                pos,
                            ))
                        }
                        "TYPICAL" => StatisticsLevel::Typical,
                        "ALL" => StatisticsLevel::All,
                        _ => return Err(invalid_value(name, value, pos)),
                    },
                    _ => return Err(invalid_value(name, value, pos)),
                }
            }
            "sql_trace" => self.sql_trace = boolean()?,
            "_fastpin_enable" => self.fastpin_enable = boolean()?,
            "_nlj_batching_enabled" => self.nlj_batching_enabled = boolean()?,
            "_row_cr" => self.row_cr = boolean()?,
            "_db_writer_max_writes" => self.db_writer_max_writes = within(bytes()?, (0, 1 << 20))? as u32,
            // Oracle rounds up to at least 2 MB-ish; the lab keeps 64 KB .. 1 GB.
            "log_buffer" => self.log_buffer = within(bytes()?, (64 * 1024, 1024 * MB))?,
            "db_file_multiblock_read_count" => {
                // Oracle lowers a value above its maximum I/O size silently.
                self.db_file_multiblock_read_count = bytes()?.clamp(1, 1024) as u32;
                self.optimizer_read_count = Some(self.db_file_multiblock_read_count);
            }
            "_db_file_optimizer_read_count" => self.optimizer_read_count = Some(within(bytes()?, (1, 1024))? as u32),
            // The Database Smart Flash Cache (11gR2): kept as text, read at STARTUP.
            "db_flash_cache_file" => match value {
                ParamValue::Text(t) if !t.trim().is_empty() => {
                    self.other.insert(name.to_string(), t.trim().to_string());
                }
                _ => return Err(invalid_value(name, value, pos)),
            },
            "db_flash_cache_size" => drop(self.other.insert(name.to_string(), bytes()?.to_string())),
            // Read where they act (param_defs::KEPT_BOOLS).
            n if param_defs::KEPT_BOOLS.contains(&n) => {
                drop(self.other.insert(name.to_string(), bool_text(boolean()?)))
            }
            "_optimizer_cost_model" | "optimizer_features_enable" => self.set_costing(name, value, pos)?,
            "workarea_size_policy" => {
                self.workarea_size_policy = match value {
                    ParamValue::Text(t) => match t.to_ascii_uppercase().as_str() {
                        "AUTO" => WorkareaPolicy::Auto,
                        "MANUAL" => WorkareaPolicy::Manual,
                        _ => return Err(invalid_value(name, value, pos)),
                    },
                    _ => return Err(invalid_value(name, value, pos)),
                }
            }
            // Oracle's minimum: six database blocks' worth; the lab's maximum: 2 GB.
            "sort_area_size" => self.sort_area_size = within(bytes()?, (6 * self.db_block_size as u64, 2048 * MB))?,
            // A hash join's work area under MANUAL: `workarea::hash_area_bytes`.
            "hash_area_size" => {
                let v = within(bytes()?, (6 * self.db_block_size as u64, 2048 * MB))?.to_string();
                self.other.insert(name.to_string(), v);
            }
            "pga_aggregate_target" => {
                let v = bytes()?;
                if !(10 * MB..4 * 1024 * 1024 * MB).contains(&v) {
                    return Err(LabError::new(ora::PGA_AGGREGATE_TARGET_RANGE, pos));
                }
                self.pga_aggregate_target = v;
            }
            "_smm_max_size" => self.smm_max_size_kb = within(bytes()?, (16, DEFAULT_SMM_MAX_SIZE_KB * 4))?,
            "_sort_multiblock_read_count" => self.sort_multiblock_read_count = within(bytes()?, (1, 128))? as u32,
            "optimizer_dynamic_sampling" => {
                let level = crate::optimizer::dyn_sampling::modelled(within(bytes()?, (0, 11))?, pos)?;
                self.other.insert(name.to_string(), level.to_string());
            }
            "_imu_pools" => drop(self.other.insert(name.to_string(), within(bytes()?, (0, 65_535))?.to_string())),
            _ => match param_defs::lookup(name).map(|d| d.model) {
                // Purely informational: kept for V$PARAMETER.
                Some(Model::Info) => {
                    self.other.insert(name.to_string(), shown(value));
                }
                // The one value the lab models, which is already in effect.
                Some(Model::Only(_)) => {}
                _ => return Err(LabError::new(ora::ILLEGAL_ALTER_SYSTEM_OPTION, pos)),
            },
        }
        Ok(())
    }
}

impl Parameters {
    /// The cost model's parameters, read by optimizer::features (the
    /// release profile bounds the OFE: session/parameters.rs).
    fn set_costing(&mut self, name: &str, value: &ParamValue, pos: Pos) -> Result<(), LabError> {
        let v = match value {
            _ if name == "_optimizer_cost_model" => shown(value).to_ascii_uppercase(),
            ParamValue::Text(t) if crate::optimizer::features::RELEASES.contains(&t.trim()) => t.trim().to_string(),
            _ => {
                let among = "8.0.0 .. 19.1.0";
                return Err(LabError::with_args(ora::INVALID_PARAMETER_VALUE, &[&shown(value), &name, &among], pos));
            }
        };
        self.other.insert(name.to_string(), v);
        Ok(())
    }
}

/// Instance parameters: what is in effect now, and what the spfile holds
/// for the next `STARTUP`.
#[derive(Debug, Clone, Default)]
pub struct InstanceParameters {
    pub current: Parameters,
    pub spfile: Parameters,
    /// The SPFILE's entries (`ALTER SYSTEM SET ... SCOPE = SPFILE | BOTH`),
    /// in the order first written, with their latest values: `spfile` is
    /// the defaults with these applied in turn.
    entries: Vec<(String, ParamValue)>,
}

impl InstanceParameters {
    /// `ALTER SYSTEM SET name = value [SCOPE = ...] [DEFERRED]`. SCOPE =
    /// MEMORY leaves the SPFILE as it is: the value lasts until SHUTDOWN.
    pub fn alter_system(
        &mut self,
        name: &str,
        value: &ParamValue,
        scope: Option<Scope>,
        deferred: bool,
        pos: Pos,
    ) -> Result<(), LabError> {
        let scope = scope.unwrap_or(Scope::Both);
        check(name, value, Via::System { scope, deferred }, pos).map_err(under_02097)?;
        // Validate once against a scratch copy so errors change nothing.
        let mut probe = if scope == Scope::Memory { self.current.clone() } else { self.spfile.clone() };
        probe.set(name, value, pos).map_err(under_02097)?;
        if scope == Scope::Memory {
            self.current = probe;
            return Ok(());
        }
        self.spfile = probe;
        match self.entries.iter_mut().find(|(n, _)| n == name) {
            Some(e) => e.1 = value.clone(),
            None => self.entries.push((name.to_string(), value.clone())),
        }
        if scope != Scope::Spfile {
            self.current.set(name, value, pos).map_err(under_02097)?;
        }
        Ok(())
    }

    /// The parameters the SPFILE has an entry for (V$SPPARAMETER's
    /// ISSPECIFIED = 'TRUE'), in the order first written.
    pub fn spfile_entries(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(n, _)| n.as_str())
    }

    /// `ALTER SYSTEM RESET name SCOPE = SPFILE`: the parameter's SPFILE
    /// entry deleted, so the next STARTUP gives it its default; the value
    /// in effect is unchanged. A name Oracle does not know is ORA-00922
    /// (as 10g answered `alter system reset open_cursor ...`:
    /// https://blog.csdn.net/congpu1904/article/details/100312790), one the
    /// lab does not model LAB-00001 (as for SET); a parameter the SPFILE has
    /// no entry for is ORA-32010 "cannot find entry to delete in SPFILE".
    /// SCOPE = MEMORY and BOTH (the default) would also reset the value in
    /// effect: LAB-00001, the lab resets the SPFILE only.
    pub fn reset(&mut self, name: &str, scope: Option<Scope>, pos: Pos) -> Result<(), LabError> {
        if param_defs::lookup(name).is_none() {
            if name.starts_with('_') || param_defs::NOT_MODELLED.contains(&name) {
                return Err(unsupported(format!("parameter {name} is not modelled"), pos));
            }
            return Err(LabError::new(ora::MISSING_OR_INVALID_OPTION, pos));
        }
        if scope != Some(Scope::Spfile) {
            let scope = if scope == Some(Scope::Memory) { "MEMORY" } else { "BOTH" };
            return Err(unsupported(
                format!("ALTER SYSTEM RESET ... SCOPE = {scope} (the lab resets SCOPE = SPFILE only)"),
                pos,
            ));
        }
        let Some(at) = self.entries.iter().position(|(n, _)| n == name) else {
            return Err(LabError::new(ora::SPFILE_ENTRY_NOT_FOUND, pos));
        };
        // The SPFILE without the entry: the defaults, then the others
        // (each was accepted when it was written).
        let mut spfile = Parameters::default();
        for (n, v) in self.entries.iter().filter(|(n, _)| n != name) {
            spfile.set(n, v, pos)?;
        }
        self.entries.remove(at);
        self.spfile = spfile;
        Ok(())
    }

    /// `STARTUP`: the spfile's values take effect.
    pub fn startup(&mut self) {
        self.current = self.spfile.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_parameters_wait_for_restart() {
        let mut p = InstanceParameters::default();
        let v = ParamValue::Bytes(100 * MB);
        assert!(p.alter_system("memoptimize_pool_size", &v, None, false, Pos::default()).is_err());
        p.alter_system("memoptimize_pool_size", &v, Some(Scope::Spfile), false, Pos::default()).unwrap();
        assert_eq!(p.current.memoptimize_pool_size, 0);
        p.startup();
        assert_eq!(p.current.memoptimize_pool_size, 100 * MB);
    }

    #[test]
    fn memoptimize_pool_minimum_is_100m() {
        let mut p = InstanceParameters::default();
        let e = p
            .alter_system(
                "memoptimize_pool_size",
                &ParamValue::Bytes(50 * MB),
                Some(Scope::Spfile),
                false,
                Pos::default(),
            )
            .unwrap_err();
        assert!(e.is(ora::PARAMETER_VALUE_INVALID), "{e}");
        assert_eq!(e.message.lines().nth(1), Some(ora::MEMOPTIMIZE_POOL_TOO_SMALL.line(&[]).as_str()));
    }
}
