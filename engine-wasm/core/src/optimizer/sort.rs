//! What a sort costs (SORT ORDER BY / GROUP BY / UNIQUE / JOIN, HASH GROUP
//! BY / UNIQUE, WINDOW SORT): the 10053 trace's "SORT ressource" section.
//!
//! - **Row size** = X + ceil(X / 10) + 10, X the average column lengths of
//!   what the sort carries (Akhmadeev, "10053, Row Size, and the Magic of
//!   10", 10.2.0.2; it gives the published 13, 16 and 52).
//! - **Blocks to sort** = ceil(rows x row size / block size).
//! - **Area size** (`cost::area_size`), the memory the optimizer assumes: `sort_area_size`
//!   under MANUAL; under AUTO the serial maximum (5% of
//!   `pga_aggregate_target`, whole KB, at most `_smm_max_size`) / 200, whole
//!   KB (the published pairs 39,845,888/198,656, 41,943,040/208,896 and
//!   53,686,272/268,288 all fit). It is much less than what the sort gets
//!   at run time: the optimizer prices I/O for sorts that then run in memory.
//! - **I/O**: none when the rows fit the area; else the blocks written once
//!   plus, per merge pass, 2 x (floor((blocks + 1) / (MBRC x SREADTIM /
//!   MREADTIM)) + 1) (Noveljic, "IO Sort Cost Calculation", 19c: 196 +
//!   108 = 304; Schultz's 10.2 trace 2,567 + 1,424 = 3,991). The passes:
//!   initial runs of the area's size merged `area / 877` at a time (the
//!   published sort widths 226, 238, 305).
//! - **CPU** = 7,044,491 + rows x (870.6 + 2.1176 x row size) cycles: the
//!   lab's fit of three published traces (a 1-row sort of row size 13:
//!   7,045,389 in 10.2.0.2; 403,084 rows of 52: 402,383,422 in 10.2;
//!   918,843 rows of 14: 834,280,255 in Oracle's 11g optimizer-trace paper).
//!   Noveljic's 19c trace (100,000 rows of 16: 119,218,158) is 18% above
//!   it: later releases' figure is not modelled.
//!
//! Under I/O costing a sort keeps the lab's flat one unit (9i's sort
//! formulas are not modelled).

#[cfg(test)]
use super::cost::area_size;
use super::cost::ScanCosting;

/// The fixed CPU cycles of a sort, and its cycles a row and a row byte.
pub const SORT_CPU_FIXED: f64 = 7_044_491.0;
pub const SORT_CPU_PER_ROW: f64 = 870.6;
pub const SORT_CPU_PER_BYTE: f64 = 2.1176;
/// Bytes of the area per unit of sort width (merge fan-in).
const AREA_PER_WIDTH: f64 = 877.0;

/// A sort as the optimizer costs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SortCost {
    pub row_size: f64,
    pub blocks: f64,
    pub merge_passes: f64,
    pub io: f64,
    pub cpu: f64,
    /// I/O plus CPU in single-block reads (the units a line's Cost adds).
    pub units: f64,
}

/// Oracle's sort row size for `col_bytes` bytes of columns.
pub fn row_size(col_bytes: f64) -> f64 {
    let x = col_bytes.max(0.0).round();
    x + (x / 10.0).ceil() + 10.0
}

impl ScanCosting {
    /// Sorting `rows` rows of `col_bytes` bytes of columns.
    pub fn sort(&self, rows: f64, col_bytes: f64) -> SortCost {
        let n = rows.max(1.0);
        let rs = row_size(col_bytes);
        let bytes = n * rs;
        let blocks = (bytes / self.block_size.max(512.0)).ceil().max(1.0);
        let area = self.sort_area.max(1024.0);
        let (merge_passes, io) = if bytes <= area {
            (0.0, 0.0)
        } else {
            let runs = (bytes / area).ceil();
            let width = (area / AREA_PER_WIDTH).floor().max(2.0);
            let passes = (runs.ln() / width.ln()).ceil().max(1.0);
            let scale = self.mbrc * self.sreadtim / self.mreadtim.max(1e-6);
            let per_pass = 2.0 * (((blocks + 1.0) / scale.max(1e-6)).floor() + 1.0);
            (passes, blocks + passes * per_pass)
        };
        if self.io_model {
            return SortCost { row_size: rs, blocks, merge_passes, io, cpu: 0.0, units: io.max(1.0) };
        }
        let cpu = (SORT_CPU_FIXED + n * (SORT_CPU_PER_ROW + SORT_CPU_PER_BYTE * rs)).round();
        SortCost { row_size: rs, blocks, merge_passes, io, cpu, units: io + self.cpu_units(cpu) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published row sizes: 2 bytes 13, 5 bytes 16, 38 bytes 52.
    #[test]
    fn row_size_is_the_magic_of_ten() {
        assert_eq!(row_size(2.0), 13.0);
        assert_eq!(row_size(5.0), 16.0);
        assert_eq!(row_size(38.0), 52.0);
    }

    /// Noveljic's 19c case (8 KB blocks, noworkload, MBRC 8, a 1 GB
    /// PGA target: area 268,288): 100,000 rows of 16 bytes are 196 blocks,
    /// one merge pass of 108: I/O 304, as his trace.
    #[test]
    fn one_pass_io_is_blocks_plus_two_scaled_reads_a_block() {
        let p = crate::instance::params::Parameters { pga_aggregate_target: 1 << 30, ..Default::default() };
        assert_eq!(area_size(&p), 268_288.0);
        let c = ScanCosting { sort_area: area_size(&p), ..Default::default() };
        let s = c.sort(100_000.0, 5.0);
        assert_eq!((s.blocks, s.merge_passes, s.io), (196.0, 1.0, 304.0));
    }

    /// The three traces the CPU formula was fitted to, within 0.1%.
    #[test]
    fn cpu_reproduces_the_fitted_traces() {
        let c = ScanCosting::default();
        for (rows, x, published) in
            [(1.0, 2.0, 7_045_389.0), (403_084.0, 38.0, 402_383_422.0), (918_843.0, 3.0, 834_280_255.0)]
        {
            let cpu = c.sort(rows, x).cpu;
            assert!((cpu / published - 1.0).abs() < 1e-3, "{rows}: {cpu} vs {published}");
        }
    }
}
