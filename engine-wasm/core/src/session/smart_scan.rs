//! Smart scans in the session's kernel: a long full scan of a segment on
//! an Exadata cell (`io/exadata/smart_scan.rs`) gets its blocks from the cell's scan
//! requests (`cell smart table scan`), not through the buffer cache.

use crate::kernel::{Kernel, OpStacks};
use crate::trace::{kind, Event, GetKind};

impl Kernel<'_> {
    /// A smart scan's visit of block `block` (`cell smart table scan`):
    /// the cell brings it in the scan's requests (the session waits when
    /// the request holding it has not completed); it is not read into the
    /// buffer cache and takes no latch: a direct consistent get.
    pub fn smart_scan_get(
        &mut self,
        scan: &mut crate::io::exadata::SmartScan,
        block: u32,
        line: u16,
        st: &OpStacks,
    ) -> u64 {
        let step = scan.need(block, self.cost.now, &mut *self.io);
        let g = &mut self.stats.gets;
        g.direct += 1;
        g.direct_reads += step.blocks;
        g.direct_requests += step.requests;
        g.cell_flash_hits += step.flash_hits;
        g.offload_bytes += step.blocks * scan.block_size as u64;
        if let Some(us) = step.wait_us {
            self.cost.charge_wait(st.read, us, crate::stats::WaitEvent::CellSmartTableScan as u8);
            self.stats.calls.note_wait(crate::stats::WaitEvent::CellSmartTableScan, us);
            self.trace.push(
                Event {
                    kind: kind::PHYSICAL_READ,
                    get_kind: GetKind::NONE,
                    segment: scan.seg,
                    block,
                    plan_line: line,
                    stack: st.read,
                    latch: crate::trace::NO_LATCH,
                },
                self.cost.now.0,
            );
        }
        self.cost.charge_grid(st.get, self.params.grid.normal_get_us);
        // A block with other sessions' uncommitted changes comes back from
        // the cell as a block: the session builds its read-consistent copy.
        if self.cache.holds.any_changes() {
            self.consistent_read(scan.seg, block, st);
        }
        let a = self.io.block_address(scan.seg, block);
        self.trace.push(
            Event {
                kind: kind::BLOCK_GET,
                get_kind: GetKind::Normal as u8,
                segment: scan.seg,
                block,
                plan_line: line,
                stack: st.get,
                latch: self.cache.latch_child(a.file, a.block),
            },
            self.cost.now.0,
        );
        1
    }
}
