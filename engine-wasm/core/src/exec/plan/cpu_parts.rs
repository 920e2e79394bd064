//! The CPU parts the plan builder gives its lines (`cpu.rs` sums them up
//! the tree for DBMS_XPLAN's %CPU).

use super::*;

impl Builder<'_> {
    /// Line `line`'s CPU part, children's included: `cycles` CPU cycles
    /// under the statement's costing (none under I/O costing).
    pub(super) fn cpu_cycles(&mut self, line: u16, cycles: f64) {
        let units = self.ctx.costing.cpu_units(cycles);
        self.drafts[line as usize].cpu = Some(units);
    }

    /// Line `line`'s own CPU part beyond its children's: `units` in
    /// single-block reads.
    pub(super) fn add_cpu(&mut self, line: u16, units: f64) {
        self.drafts[line as usize].cpu_add += units;
    }

    /// A sort line `name` of `rows` rows of `row_bytes` (`sort_units`):
    /// its CPU part (`optimizer::sort`), none for a NOSORT line.
    pub(super) fn sort_cpu(&mut self, line: u16, name: &str, rows: f64, row_bytes: f64) {
        if name.ends_with("NOSORT") {
            return;
        }
        let s = self.ctx.costing.sort(rows, row_bytes);
        let units = self.ctx.costing.cpu_units(s.cpu);
        self.add_cpu(line, units);
    }
}
