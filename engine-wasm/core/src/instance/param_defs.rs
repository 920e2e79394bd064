//! What the lab knows about each initialization parameter: its type, where
//! it may be changed (`ALTER SESSION`, `ALTER SYSTEM` now, deferred, or only
//! in the spfile), and whether the lab models what it does.
//!
//! `ALTER SYSTEM | SESSION SET` checks a name here before any value:
//! a name Oracle does not have is ORA-02065 / ORA-02248, as in Oracle; a
//! real parameter whose effect the lab does not model is refused with
//! LAB-00001 naming it (accepting it would print "System altered." and then
//! change nothing); a hidden (`_x`) parameter is refused unless the lab
//! models it. Purely informational parameters (trace file names, date
//! formats: the lab has no DATE values) are kept and shown in V$PARAMETER.

/// A parameter's value type, as V$PARAMETER.TYPE has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Bool,
    /// A whole number (`ORA-02017: integer value required` otherwise).
    Int,
    /// A size in bytes, `K`, `M`, `G` suffixes allowed ("big integer").
    Size,
    /// One of these values (`ORA-00096` lists them, in Oracle's order).
    Enum(&'static [&'static str]),
    Text,
    /// Validated by `Parameters::set` alone (hidden parameters that take
    /// `0`/`1` or `TRUE`/`FALSE`).
    Custom,
}

/// V$PARAMETER.ISSYS_MODIFIABLE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SysMod {
    Immediate,
    /// `ALTER SYSTEM` needs `DEFERRED` (or `SCOPE = SPFILE`): ORA-02096.
    Deferred,
    /// Only `SCOPE = SPFILE` (ORA-02095 otherwise), taking effect at STARTUP.
    Static,
}

/// Whether the lab does what the parameter does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Modelled: `Parameters` has a field (or `other` entry) the engine reads.
    Lab,
    /// Only these values are what the lab does (upper case); any other
    /// valid value is refused with LAB-00001 naming it.
    Only(&'static [&'static str]),
    /// Informational: kept and listed, with no effect Oracle would show in
    /// anything the lab models.
    Info,
}

#[derive(Debug, Clone, Copy)]
pub struct Def {
    pub name: &'static str,
    pub kind: Kind,
    /// V$PARAMETER.ISSES_MODIFIABLE
    pub session: bool,
    pub system: SysMod,
    pub model: Model,
}

use Kind::*;
use Model::*;
use SysMod::*;

const fn d(name: &'static str, kind: Kind, session: bool, system: SysMod, model: Model) -> Def {
    Def { name, kind, session, system, model }
}

/// `OPTIMIZER_MODE`'s values in the order ORA-00096 lists them (11.2).
pub const OPTIMIZER_MODES: &[&str] =
    &["FIRST_ROWS_1000", "FIRST_ROWS_100", "FIRST_ROWS_10", "FIRST_ROWS_1", "FIRST_ROWS", "ALL_ROWS", "CHOOSE", "RULE"];

/// The parameters `ALTER SYSTEM | SESSION SET` accepts.
pub const DEFS: &[Def] = &[
    // Modelled.
    d("db_block_size", Int, false, Static, Lab),
    d("db_cache_size", Size, false, Immediate, Lab),
    d("db_keep_cache_size", Size, false, Immediate, Lab),
    d("memoptimize_pool_size", Size, false, Static, Lab),
    d("log_buffer", Size, false, Static, Lab),
    d("statistics_level", Enum(&["ALL", "TYPICAL", "BASIC"]), true, Immediate, Lab),
    d("sql_trace", Bool, true, Immediate, Lab),
    d("db_file_multiblock_read_count", Int, true, Immediate, Lab),
    d("workarea_size_policy", Enum(&["MANUAL", "AUTO"]), true, Immediate, Lab),
    d("sort_area_size", Int, true, Deferred, Lab),
    d("hash_area_size", Int, true, Static, Lab),
    d("pga_aggregate_target", Size, false, Immediate, Lab),
    d("db_flash_cache_file", Text, false, Static, Lab),
    d("db_flash_cache_size", Size, false, Static, Lab),
    d("deferred_segment_creation", Bool, true, Immediate, Lab),
    d("_fastpin_enable", Custom, false, Immediate, Lab),
    d("_nlj_batching_enabled", Custom, true, Immediate, Lab),
    d("_optimizer_batch_table_access_by_rowid", Bool, true, Immediate, Lab),
    d("_row_cr", Bool, true, Immediate, Lab),
    d("_db_file_optimizer_read_count", Int, true, Immediate, Lab),
    d("_table_scan_cost_plus_one", Bool, true, Immediate, Lab),
    // Levels 0 and 2 (optimizer/dyn_sampling.rs); the others refused by `Parameters::set`.
    d("optimizer_dynamic_sampling", Int, true, Immediate, Lab),
    // The cost model (I/O or CPU costing) and what it selects (optimizer::features).
    d("_optimizer_cost_model", Enum(&["IO", "CPU", "CHOOSE"]), true, Immediate, Lab),
    d("optimizer_features_enable", Custom, true, Immediate, Lab),
    d("_optim_peek_user_binds", Bool, true, Immediate, Lab),
    d("_optimizer_adaptive_cursor_sharing", Bool, true, Immediate, Lab),
    d("_hash_join_enabled", Bool, true, Immediate, Lab),
    d("_gby_hash_aggregation_enabled", Bool, true, Immediate, Lab),
    d("_db_writer_max_writes", Int, false, Immediate, Lab),
    d("_smm_max_size", Int, true, Immediate, Lab),
    d("_sort_multiblock_read_count", Int, true, Immediate, Lab),
    d("_disk_sector_size_override", Bool, false, Immediate, Lab),
    // In-memory undo and private redo strands (session/imu.rs).
    d("_in_memory_undo", Bool, true, Immediate, Lab),
    d("_imu_pools", Int, false, Static, Lab),
    // The lab's optimizer is ALL_ROWS; FIRST_ROWS(_n) costing is not modelled.
    d("optimizer_mode", Enum(OPTIMIZER_MODES), true, Immediate, Only(&["ALL_ROWS"])),
    // Literals are never replaced by binds in the lab.
    d("cursor_sharing", Enum(&["FORCE", "EXACT"]), true, Immediate, Only(&["EXACT"])),
    // The lab always times its events.
    d("timed_statistics", Bool, true, Immediate, Only(&["TRUE"])),
    // A dropped table is gone at once in the lab (no recycle bin).
    d("recyclebin", Enum(&["ON", "OFF"]), true, Deferred, Only(&["OFF"])),
    // Informational: the lab has no DATE or TIMESTAMP values, no trace files.
    d("nls_date_format", Text, true, Static, Info),
    d("nls_date_language", Text, true, Static, Info),
    d("nls_timestamp_format", Text, true, Static, Info),
    d("nls_timestamp_tz_format", Text, true, Static, Info),
    d("tracefile_identifier", Text, true, Static, Info),
    d("max_dump_file_size", Text, true, Immediate, Info),
];

/// Real Oracle parameters the lab does not model: refused with LAB-00001.
/// (Not a complete list of Oracle's parameters: a real name missing here
/// gets ORA-02065 / ORA-02248 as a misspelt one would.)
pub const NOT_MODELLED: &[&str] = &[
    "approx_for_aggregation",
    "approx_for_count_distinct",
    "archive_lag_target",
    "audit_trail",
    "background_dump_dest",
    "bitmap_merge_area_size",
    "blank_trimming",
    "cell_offload_compaction",
    "cell_offload_decryption",
    "cell_offload_plan_display",
    "cell_offload_processing",
    "client_result_cache_size",
    "cluster_database",
    "commit_logging",
    "commit_wait",
    "commit_write",
    "compatible",
    "control_files",
    "create_bitmap_area_size",
    "cursor_invalidation",
    "cursor_space_for_time",
    "db_16k_cache_size",
    "db_2k_cache_size",
    "db_32k_cache_size",
    "db_4k_cache_size",
    "db_8k_cache_size",
    "db_big_table_cache_percent_target",
    "db_block_checking",
    "db_block_checksum",
    "db_cache_advice",
    "db_create_file_dest",
    "db_domain",
    "db_file_name_convert",
    "db_files",
    "db_lost_write_protect",
    "db_name",
    "db_recovery_file_dest",
    "db_recovery_file_dest_size",
    "db_recycle_cache_size",
    "db_securefile",
    "db_ultra_safe",
    "db_unique_name",
    "db_writer_processes",
    "dbwr_io_slaves",
    "ddl_lock_timeout",
    "diagnostic_dest",
    "disk_asynch_io",
    "dispatchers",
    "enable_ddl_logging",
    "fast_start_mttr_target",
    "fast_start_parallel_rollback",
    "filesystemio_options",
    "heat_map",
    "inmemory_force",
    "inmemory_query",
    "inmemory_size",
    "java_pool_size",
    "job_queue_processes",
    "large_pool_size",
    "local_listener",
    "lock_sga",
    "log_archive_dest",
    "log_archive_dest_1",
    "log_archive_format",
    "log_checkpoint_interval",
    "log_checkpoint_timeout",
    "max_string_size",
    "memory_max_target",
    "memory_target",
    "nls_comp",
    "nls_currency",
    "nls_language",
    "nls_length_semantics",
    "nls_numeric_characters",
    "nls_sort",
    "nls_territory",
    "open_cursors",
    "optimizer_adaptive_features",
    "optimizer_adaptive_plans",
    "optimizer_adaptive_reporting_only",
    "optimizer_adaptive_statistics",
    "optimizer_capture_sql_plan_baselines",
    "optimizer_ignore_hints",
    "optimizer_ignore_parallel_hints",
    "optimizer_index_caching",
    "optimizer_index_cost_adj",
    "optimizer_inmemory_aware",
    "optimizer_secure_view_merging",
    "optimizer_use_invisible_indexes",
    "optimizer_use_pending_statistics",
    "optimizer_use_sql_plan_baselines",
    "parallel_adaptive_multi_user",
    "parallel_degree_limit",
    "parallel_degree_policy",
    "parallel_execution_message_size",
    "parallel_force_local",
    "parallel_max_servers",
    "parallel_min_servers",
    "parallel_min_time_threshold",
    "parallel_servers_target",
    "pga_aggregate_limit",
    "plscope_settings",
    "plsql_ccflags",
    "plsql_code_type",
    "plsql_debug",
    "plsql_optimize_level",
    "plsql_warnings",
    "processes",
    "query_rewrite_enabled",
    "query_rewrite_integrity",
    "remote_login_passwordfile",
    "resource_limit",
    "resource_manager_plan",
    "result_cache_max_size",
    "result_cache_mode",
    "resumable_timeout",
    "sec_case_sensitive_logon",
    "service_names",
    "session_cached_cursors",
    "sessions",
    "sga_max_size",
    "sga_target",
    "shared_pool_size",
    "shared_servers",
    "skip_unusable_indexes",
    "sort_area_retained_size",
    "star_transformation_enabled",
    "streams_pool_size",
    "temp_undo_enabled",
    "timed_os_statistics",
    "transactions",
    "undo_management",
    "undo_retention",
    "undo_tablespace",
    "use_large_pages",
    "user_dump_dest",
];

/// `ALTER SESSION SET` options that are not initialization parameters
/// (`CURRENT_SCHEMA`, `EVENTS`, ...): none is modelled. `ALTER SYSTEM`
/// takes only `EVENTS` of them.
pub const SESSION_OPTIONS: &[&str] = &[
    "constraint",
    "constraints",
    "container",
    "current_schema",
    "edition",
    "error_on_overlap_time",
    "events",
    "flagger",
    "isolation_level",
    "row_archival_visibility",
    "sql_translation_profile",
    "time_zone",
    "use_private_outlines",
    "use_stored_outlines",
];

/// Boolean parameters kept in `other` and read where they act (segments,
/// log blocks, full scan cost, join method, hash group by, bind peeking,
/// cursor sharing, batched rowid access).
pub(crate) const KEPT_BOOLS: &[&str] = &[
    "deferred_segment_creation",
    "_disk_sector_size_override",
    "_table_scan_cost_plus_one",
    "_hash_join_enabled",
    "_gby_hash_aggregation_enabled",
    "_in_memory_undo",
    "_optim_peek_user_binds",
    "_optimizer_adaptive_cursor_sharing",
    "_optimizer_batch_table_access_by_rowid",
];

/// The definition of a modelled or informational parameter.
pub fn lookup(name: &str) -> Option<&'static Def> {
    DEFS.iter().find(|d| d.name == name)
}

/// SHOW PARAMETER's TYPE of a parameter (`string` for names the lab does
/// not define).
pub fn type_name(name: &str) -> &'static str {
    match lookup(name).map(|d| d.kind) {
        _ if name == "optimizer_features_enable" => "string",
        Some(Bool | Custom) => "boolean",
        Some(Int) => "integer",
        Some(Size) => "big integer",
        _ => "string",
    }
}

/// V$PARAMETER.TYPE: 1 boolean, 2 string, 3 integer, 6 big integer.
pub fn type_code(name: &str) -> u32 {
    match type_name(name) {
        "boolean" => 1,
        "integer" => 3,
        "big integer" => 6,
        _ => 2,
    }
}

/// How a value of an enumerated parameter is printed in ORA-00096 (Oracle
/// lists OPTIMIZER_MODE's values in lower case, others in upper case).
pub fn among(def: &Def) -> String {
    match def.kind {
        Enum(values) if def.name == "optimizer_mode" => values.join(", ").to_ascii_lowercase(),
        Enum(values) => values.join(", "),
        Bool => "FALSE, TRUE".into(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_is_defined_once_and_in_lower_case() {
        let mut all: Vec<&str> = DEFS.iter().map(|d| d.name).chain(NOT_MODELLED.iter().copied()).collect();
        for n in &all {
            assert_eq!(*n, n.to_ascii_lowercase());
        }
        all.sort_unstable();
        let len = all.len();
        all.dedup();
        assert_eq!(all.len(), len, "a parameter is listed twice");
    }
}
