//! The cost and selectivity formulas the access paths and the join share.

use super::predicate::RangeBounds;
pub use crate::catalog::{SystemStats, CPUSPEEDNW, IOSEEKTIM, IOTFRSPEED};
use crate::exec::expr::CExpr;
use crate::storage::BTree;

/// The CPU cycles a full scan costs (Lewis, Cost-Based Oracle Fundamentals
/// ch. 2, and hellodba's measurements: 7,121.44 a block, 150 a row, 20
/// more a row for each column skipped to reach the last one the query
/// reads).
pub const CPU_PER_BLOCK: f64 = 7121.44;
pub const CPU_PER_ROW: f64 = 150.0;
pub const CPU_PER_COLUMN: f64 = 20.0;
/// `_db_file_optimizer_read_count` when `db_file_multiblock_read_count` is
/// not set (10.2+).
pub const DEFAULT_OPTIMIZER_READ_COUNT: u32 = 8;

/// What a multiblock scan is costed with: CPU costing under the system
/// statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScanCosting {
    /// The multiblock read count the optimizer assumes (MBRC).
    pub mbrc: f64,
    /// `_table_scan_cost_plus_one`.
    pub plus_one: bool,
    /// Milliseconds of a single-block and of a multiblock read.
    pub sreadtim: f64,
    pub mreadtim: f64,
    /// Millions of cycles a second.
    pub cpuspeed: f64,
}

impl Default for ScanCosting {
    fn default() -> Self {
        ScanCosting::with(8192.0, DEFAULT_OPTIMIZER_READ_COUNT as f64, true, &SystemStats::default())
    }
}

/// A costed multiblock scan: its I/O cost (in single-block reads), its CPU
/// cycles, and the plan's Cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScanCost {
    pub io: f64,
    pub cpu: f64,
    pub cost: f64,
}

impl ScanCosting {
    pub fn of(p: &crate::instance::params::Parameters, sys: &SystemStats) -> ScanCosting {
        let mbrc = p.optimizer_read_count.unwrap_or(DEFAULT_OPTIMIZER_READ_COUNT).max(1);
        let plus_one = p.other.get("_table_scan_cost_plus_one").is_none_or(|v| v != "FALSE");
        ScanCosting::with(p.db_block_size as f64, mbrc as f64, plus_one, sys)
    }

    /// Noworkload: SREADTIM = IOSEEKTIM + block size / IOTFRSPEED (12 ms
    /// for 8 KB), MREADTIM = IOSEEKTIM + MBRC * block size / IOTFRSPEED (26
    /// ms for 8 blocks of 8 KB), CPUSPEEDNW. Workload: SREADTIM, MREADTIM,
    /// MBRC and CPUSPEED as set.
    pub fn with(block_size: f64, mbrc: f64, plus_one: bool, sys: &SystemStats) -> ScanCosting {
        if let (Some(sreadtim), Some(mreadtim), Some(m)) = (sys.sreadtim, sys.mreadtim, sys.mbrc) {
            if sreadtim > 0.0 && mreadtim > 0.0 && m > 0.0 {
                let cpuspeed = sys.cpuspeed.unwrap_or(sys.cpuspeednw);
                return ScanCosting { mbrc: m, plus_one, sreadtim, mreadtim, cpuspeed };
            }
        }
        let tfr = sys.iotfrspeed.max(1.0);
        ScanCosting {
            mbrc,
            plus_one,
            sreadtim: sys.ioseektim + block_size / tfr,
            mreadtim: sys.ioseektim + mbrc * block_size / tfr,
            cpuspeed: sys.cpuspeednw,
        }
    }

    /// A scan of `blocks` blocks (below the high-water mark) and `rows`
    /// rows, reading up to column `last_col` (1-based; 0: none):
    /// IO = ceil(blocks / MBRC * MREADTIM / SREADTIM) (+1),
    /// CPU = blocks * 7,121.44 + rows * (150 + 20 * (last_col - 1)),
    /// Cost = round(IO + CPU / (CPUSPEEDNW * SREADTIM * 1000)).
    pub fn multiblock(&self, blocks: f64, rows: f64, last_col: usize) -> ScanCost {
        let io = (blocks / self.mbrc * self.mreadtim / self.sreadtim).ceil() + f64::from(u8::from(self.plus_one));
        let per_row = CPU_PER_ROW + CPU_PER_COLUMN * last_col.saturating_sub(1) as f64;
        let cpu = (blocks * CPU_PER_BLOCK + rows * per_row).round();
        ScanCost { io, cpu, cost: (io + cpu / (self.cpuspeed.max(1e-3) * self.sreadtim * 1000.0)).round() }
    }
}

/// DISTINCT_KEYS: the index's different keys.
pub fn distinct_keys(bt: &BTree) -> usize {
    bt.distinct_keys()
}

/// Estimated fraction of the index a range reads: from the column's
/// low/high values for literal bounds, Oracle's defaults (5% one-sided,
/// 0.25% bounded) for binds and join columns.
pub fn range_selectivity(r: &RangeBounds, bt: &BTree) -> f64 {
    let num = |b: &Option<(CExpr, bool)>| match b {
        Some((CExpr::Const(v), _)) => v.as_f64(),
        _ => None,
    };
    let known = |b: &Option<(CExpr, bool)>| b.is_none() || num(b).is_some();
    if known(&r.low) && known(&r.high) {
        if let Some((lo, hi)) = bt.first_range() {
            if let (Some(min), Some(max)) = (lo.as_f64(), hi.as_f64()) {
                if max > min {
                    let a = num(&r.low).unwrap_or(min).max(min);
                    let b = num(&r.high).unwrap_or(max).min(max);
                    return ((b - a) / (max - min)).clamp(0.0, 1.0).max(1.0 / bt.len().max(1) as f64);
                }
            }
        }
    }
    if r.low.is_some() && r.high.is_some() {
        0.0025
    } else {
        0.05
    }
}
