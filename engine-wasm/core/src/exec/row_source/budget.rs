//! What a row source that holds rows (a sort, a hash table, a subquery's
//! values) takes from the memory budget, and the end of a sort.

use super::Rt;
use lio_sql::LabError;

impl Rt<'_> {
    /// Memory a row source may hold now: the budget less the data.
    pub fn memory_room(&self) -> u64 {
        self.max_memory_mb.saturating_mul(1 << 20).saturating_sub(self.cat.memory_bytes())
    }

    /// `held` more bytes out of `room`, or the memory budget's error.
    pub fn hold(&self, room: &mut u64, held: u64) -> Result<(), Box<LabError>> {
        *room =
            room.checked_sub(held).ok_or_else(|| Box::new(crate::kernel::limits::memory_error(self.max_memory_mb)))?;
        Ok(())
    }

    /// A sort of `n` rows, `bytes` in its work area `label`, has ended: in
    /// its work area, or spilled to temp; one done in memory counts in
    /// `sorts (memory)`.
    pub fn end_sort(
        &mut self,
        label: &'static str,
        bytes: u64,
        n: u64,
        own: crate::sim::cost::StackId,
    ) -> Result<(), Box<LabError>> {
        let (k, wa) = (&mut self.k, &self.workarea);
        if !crate::exec::workarea::run_sort(k, &self.work, wa, label, bytes, n, own)? {
            self.k.stats.access.sorts_memory += 1;
        }
        Ok(())
    }
}
