//! The optimizer environment a cursor is built under.

use crate::instance::params::{Parameters, StatisticsLevel, WorkareaPolicy};

/// The parameters a cursor is optimized under (V$SQL_OPTIMIZER_ENV): a
/// cursor built under other values is another child, never shared.
#[derive(Debug, Clone, PartialEq)]
pub struct OptEnv {
    nlj_batching_enabled: bool,
    statistics_level: StatisticsLevel,
    db_file_multiblock_read_count: u32,
    optimizer_read_count: Option<u32>,
    workarea_size_policy: WorkareaPolicy,
    sort_area_size: u64,
    pga_aggregate_target: u64,
    smm_max_size_kb: u64,
    sort_multiblock_read_count: u32,
    /// Parameters the lab keeps without modelling (optimizer_mode, ...).
    other: std::collections::BTreeMap<String, String>,
}

impl OptEnv {
    pub fn of(p: &Parameters) -> OptEnv {
        OptEnv {
            nlj_batching_enabled: p.nlj_batching_enabled,
            statistics_level: p.statistics_level,
            db_file_multiblock_read_count: p.db_file_multiblock_read_count,
            optimizer_read_count: p.optimizer_read_count,
            workarea_size_policy: p.workarea_size_policy,
            sort_area_size: p.sort_area_size,
            pga_aggregate_target: p.pga_aggregate_target,
            smm_max_size_kb: p.smm_max_size_kb,
            sort_multiblock_read_count: p.sort_multiblock_read_count,
            other: p.other.clone(),
        }
    }

    /// Whether `p` gives this environment (no allocation).
    pub fn matches(&self, p: &Parameters) -> bool {
        self.nlj_batching_enabled == p.nlj_batching_enabled
            && self.statistics_level == p.statistics_level
            && self.db_file_multiblock_read_count == p.db_file_multiblock_read_count
            && self.optimizer_read_count == p.optimizer_read_count
            && self.workarea_size_policy == p.workarea_size_policy
            && self.sort_area_size == p.sort_area_size
            && self.pga_aggregate_target == p.pga_aggregate_target
            && self.smm_max_size_kb == p.smm_max_size_kb
            && self.sort_multiblock_read_count == p.sort_multiblock_read_count
            && self.other == p.other
    }
}
