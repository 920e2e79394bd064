//! The cost and selectivity formulas the access paths and the join share.

pub use crate::catalog::{SystemStats, CPUSPEEDNW, IOSEEKTIM, IOTFRSPEED};

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
/// statistics, or I/O costing (`optimizer::features`) with the adjusted
/// multiblock read count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScanCosting {
    /// I/O costing: no CPU part, a tablescan counts adjusted multiblock reads.
    pub io_model: bool,
    /// The adjusted MBRC I/O costing divides the blocks by.
    pub adjusted_mbrc: f64,
    /// What selects the model: the OFE, `_optimizer_cost_model`, whether
    /// workload system statistics are set, `_table_scan_cost_plus_one` if set.
    pub ofe: super::features::Release,
    pub model: super::features::ModelSetting,
    pub workload: bool,
    pub plus_one_set: Option<bool>,
    /// The multiblock read count the optimizer assumes (MBRC).
    pub mbrc: f64,
    /// `_table_scan_cost_plus_one`.
    pub plus_one: bool,
    /// Milliseconds of a single-block and of a multiblock read.
    pub sreadtim: f64,
    pub mreadtim: f64,
    /// Millions of cycles a second.
    pub cpuspeed: f64,
    /// The block size, and the sort area the optimizer assumes
    /// (`sort::area_size`), in bytes.
    pub block_size: f64,
    pub sort_area: f64,
    /// `optimizer_dynamic_sampling` when set (else the OFE's level:
    /// `dyn_sampling::level`).
    pub dyn_sampling: Option<u8>,
    /// The statement is dynamic sampling's own recursive query
    /// (`session/dyn_sampling.rs`): it reads its table, not a sample of it.
    pub sampling: bool,
}

impl Default for ScanCosting {
    fn default() -> Self {
        ScanCosting::with(8192.0, DEFAULT_OPTIMIZER_READ_COUNT as f64, true, &SystemStats::default())
    }
}

/// CPU costing's figures, before `ScanCosting::with` places the model.
struct CpuFigures {
    mbrc: f64,
    sreadtim: f64,
    mreadtim: f64,
    cpuspeed: f64,
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
    /// Under the session's parameters, the system statistics and the
    /// release profile's default OFE.
    pub fn of(p: &crate::instance::params::Parameters, sys: &SystemStats, profile: &str) -> ScanCosting {
        use super::features::{ofe_of, ModelSetting};
        let mbrc = p.optimizer_read_count.unwrap_or(DEFAULT_OPTIMIZER_READ_COUNT).max(1);
        let plus_one_set = p.other.get("_table_scan_cost_plus_one").map(|v| v != "FALSE");
        let mut c = ScanCosting::with(p.db_block_size as f64, mbrc as f64, plus_one_set.unwrap_or(true), sys);
        c.plus_one_set = plus_one_set;
        c.sort_area = area_size(p);
        c.model = ModelSetting::of(p.other.get("_optimizer_cost_model").map(String::as_str));
        c.dyn_sampling = super::dyn_sampling::parameter(&p.other);
        c.with_ofe(ofe_of(p.other.get("optimizer_features_enable"), profile))
    }

    /// Under another OFE (the parameter, or an `OPTIMIZER_FEATURES_ENABLE`
    /// hint): its cost model and tablescan plus one.
    pub fn with_ofe(mut self, ofe: super::features::Release) -> ScanCosting {
        use super::features::{io_model, plus_one_default};
        self.ofe = ofe;
        self.plus_one = self.plus_one_set.unwrap_or(plus_one_default(ofe));
        self.io_model = io_model(ofe, self.model, self.workload);
        self
    }

    /// Under another `_optimizer_cost_model` (`OPT_PARAM`, `[NO]CPU_COSTING`).
    pub fn with_model(mut self, model: super::features::ModelSetting) -> ScanCosting {
        self.model = model;
        self.with_ofe(self.ofe)
    }

    /// Noworkload: SREADTIM = IOSEEKTIM + block size / IOTFRSPEED (12 ms
    /// for 8 KB), MREADTIM = IOSEEKTIM + MBRC * block size / IOTFRSPEED (26
    /// ms for 8 blocks of 8 KB), CPUSPEEDNW. Workload: SREADTIM, MREADTIM,
    /// MBRC and CPUSPEED as set.
    pub fn with(block_size: f64, mbrc: f64, plus_one: bool, sys: &SystemStats) -> ScanCosting {
        let tfr = sys.iotfrspeed.max(1.0);
        let mut f = CpuFigures {
            mbrc,
            sreadtim: sys.ioseektim + block_size / tfr,
            mreadtim: sys.ioseektim + mbrc * block_size / tfr,
            cpuspeed: sys.cpuspeednw,
        };
        let mut workload = false;
        if let (Some(sreadtim), Some(mreadtim), Some(m)) = (sys.sreadtim, sys.mreadtim, sys.mbrc) {
            if sreadtim > 0.0 && mreadtim > 0.0 && m > 0.0 {
                let cpuspeed = sys.cpuspeed.unwrap_or(sys.cpuspeednw);
                f = CpuFigures { mbrc: m, sreadtim, mreadtim, cpuspeed };
                workload = true;
            }
        }
        ScanCosting {
            io_model: false,
            // I/O costing reads the parameter's count, not workload MBRC.
            adjusted_mbrc: super::features::adjusted_mbrc(mbrc, block_size),
            ofe: super::features::release("19.1.0"),
            model: Default::default(),
            workload,
            plus_one_set: None,
            mbrc: f.mbrc,
            plus_one,
            sreadtim: f.sreadtim,
            mreadtim: f.mreadtim,
            cpuspeed: f.cpuspeed,
            block_size,
            sort_area: auto_area_size(
                crate::instance::params::DEFAULT_PGA_AGGREGATE_TARGET,
                crate::instance::params::DEFAULT_SMM_MAX_SIZE_KB,
            ),
            dyn_sampling: None,
            sampling: false,
        }
    }

    /// A scan of `blocks` blocks (below the high-water mark) and `rows`
    /// rows, reading up to column `last_col` (1-based; 0: none):
    /// IO = ceil(blocks / MBRC * MREADTIM / SREADTIM) (+1),
    /// CPU = blocks * 7,121.44 + rows * (150 + 20 * (last_col - 1)),
    /// Cost = round(IO + CPU / (CPUSPEEDNW * SREADTIM * 1000)).
    pub fn multiblock(&self, blocks: f64, rows: f64, last_col: usize) -> ScanCost {
        if self.io_model {
            // I/O costing: ceil(blocks / adjusted MBRC) (+1), no CPU part.
            let io = (blocks / self.adjusted_mbrc).ceil() + f64::from(u8::from(self.plus_one));
            return ScanCost { io, cpu: 0.0, cost: io };
        }
        let io = (blocks / self.mbrc * self.mreadtim / self.sreadtim).ceil() + f64::from(u8::from(self.plus_one));
        let per_row = CPU_PER_ROW + CPU_PER_COLUMN * last_col.saturating_sub(1) as f64;
        let cpu = (blocks * CPU_PER_BLOCK + rows * per_row).round();
        ScanCost { io, cpu, cost: (io + cpu / (self.cpuspeed.max(1e-3) * self.sreadtim * 1000.0)).round() }
    }
}

/// An index access path's I/O (in single-block reads) and CPU cycles,
/// the index's and the table visits' apart: the INDEX line prints the
/// first, the TABLE ACCESS BY INDEX ROWID line the sum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IndexCost {
    pub index_io: f64,
    pub index_cpu: f64,
    pub table_io: f64,
    pub table_cpu: f64,
}

/// What an index access reads, from the index's statistics and the
/// predicates' selectivities.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IndexAccess {
    pub blevel: u32,
    pub leaf_blocks: f64,
    pub clustering_factor: f64,
    /// Effective index selectivity (the share of the leaves walked) and
    /// effective table selectivity (the share of the rows visited).
    pub ix_sel: f64,
    pub tb_sel: f64,
    pub num_rows: f64,
    /// Every column of the index bound by an equality (Oracle's
    /// "AllEqRange" / "AllEqJoin").
    pub all_equal: bool,
    /// No table visit (the index answers alone).
    pub index_only: bool,
}

impl IndexAccess {
    /// Lewis, Cost-Based Oracle Fundamentals ch. 4:
    ///   cost = blevel + ceil(leaf_blocks * ix_sel) + ceil(clustering_factor * tb_sel)
    /// with BLEVEL left out when it is 1 and every column is bound by an
    /// equality (Lewis, "blevel=1", 9 August 2011; kadhiresan's 10053
    /// trace, July 2009: `seqno = 10` on a BLEVEL-1 index costs 0 + 1 + 2
    /// = 3, `seqno > 75` on it 1 + 2 + 40 = 43). The CPU component prices
    /// each block visited and each row as the full scan does (7,121.44 and
    /// 150 cycles); Oracle's own per-block figure for single-block access
    /// is not published (its 10053 resc_cpu for the two cases above,
    /// 32,464 and 545,662, against the lab's 28,654 and 481,222).
    pub fn cost(&self) -> IndexCost {
        let blevel = if self.blevel == 1 && self.all_equal { 0.0 } else { f64::from(self.blevel) };
        let index_io = blevel + (self.leaf_blocks * self.ix_sel).ceil();
        let rows = self.num_rows * self.ix_sel;
        let index_cpu = index_io * CPU_PER_BLOCK + rows * CPU_PER_ROW;
        let (table_io, table_cpu) = if self.index_only {
            (0.0, 0.0)
        } else {
            let io = (self.clustering_factor * self.tb_sel).ceil();
            (io, io * CPU_PER_BLOCK + self.num_rows * self.tb_sel * CPU_PER_ROW)
        };
        IndexCost { index_io, index_cpu, table_io, table_cpu }
    }
}

impl IndexCost {
    /// The INDEX line's Cost, and the whole path's (the table line's)
    /// unrounded: the plan prints both rounded.
    pub fn units(&self, c: &ScanCosting) -> (f64, f64) {
        let index = self.index_io + c.cpu_units(self.index_cpu);
        let total = self.index_io + self.table_io + c.cpu_units(self.index_cpu + self.table_cpu);
        (index, total)
    }
}

impl ScanCosting {
    /// CPU cycles in single-block reads: cycles / (CPUSPEED * SREADTIM *
    /// 1000); none under I/O costing.
    pub fn cpu_units(&self, cpu: f64) -> f64 {
        if self.io_model {
            return 0.0;
        }
        cpu / (self.cpuspeed.max(1e-3) * self.sreadtim * 1000.0)
    }
}

/// The optimizer's sort area under `p` (bytes; `sort` has the published
/// figures it fits).
pub fn area_size(p: &crate::instance::params::Parameters) -> f64 {
    use crate::instance::params::WorkareaPolicy;
    match p.workarea_size_policy {
        WorkareaPolicy::Manual => p.sort_area_size.max(1) as f64,
        WorkareaPolicy::Auto => auto_area_size(p.pga_aggregate_target, p.smm_max_size_kb),
    }
}

/// The AUTO policy's area size for a PGA target and `_smm_max_size` (KB).
pub fn auto_area_size(pga_aggregate_target: u64, smm_max_size_kb: u64) -> f64 {
    let max = (pga_aggregate_target / 20).min(smm_max_size_kb.saturating_mul(1024)) / 1024 * 1024;
    ((max / 200 / 1024 * 1024) as f64).max(1024.0)
}
