//! What the device view draws of a device: its state at the end of a
//! step (and at each frame), as the result JSON carries it.

/// At most this many cells in a flash snapshot: more erase blocks are
/// shown in groups of neighbours.
pub const MAX_SNAPSHOT_BLOCKS: usize = 1024;

crate::tsdecl::contract! {
    /// A device's state at the end of a step (what the device view draws).
    #[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
    pub struct DeviceSnapshot as DeviceSnapshot {
        /// Flash: the erase blocks' pages.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub flash: Option<FlashSnapshot>,
        /// A disk's request queue and write cache.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub queue: Option<QueueSnapshot>,
        /// A cell's disks, each its queue.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub disks: Vec<QueueSnapshot>,
    }

    /// A flash device's erase blocks: `blocks[i]` is `[valid, invalid, free]`
    /// pages of `group` neighbouring erase blocks (1 unless the device has
    /// more than [`MAX_SNAPSHOT_BLOCKS`]; the last group may hold fewer).
    #[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
    pub struct FlashSnapshot as FlashSnapshot {
        pub erase_blocks: u32,
        pub pages_per_block: u32,
        pub group: u32,
        pub blocks: Vec<[u32; 3]>,
        /// The shown block holding the write frontier (erased pages being filled).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub open: Option<u32>,
        #[serde(flatten)]
        pub pages: FlashPages,
        pub write_amplification: f64,
    }

    /// A flash device's pages by state and its GC totals: the device view's
    /// snapshot and each playback frame carry them (flattened into both).
    #[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
    pub struct FlashPages as FlashPages {
        pub valid_pages: u64,
        pub invalid_pages: u64,
        pub free_pages: u64,
        pub erases: u64,
        pub gc_background: u64,
        pub gc_foreground: u64,
        pub gc_pages_moved: u64,
    }
}

impl FlashSnapshot {
    /// Group per-block `(valid, written)` pages into at most
    /// [`MAX_SNAPSHOT_BLOCKS`] cells.
    pub fn group_blocks(pages_per_block: u32, valid: &[u32], written: &[u32]) -> (u32, Vec<[u32; 3]>) {
        let n = valid.len().min(written.len());
        let group = n.div_ceil(MAX_SNAPSHOT_BLOCKS).max(1);
        let cells = (0..n.div_ceil(group))
            .map(|c| {
                let mut cell = [0u32; 3];
                for b in c * group..((c + 1) * group).min(n) {
                    let w = written[b].min(pages_per_block);
                    let v = valid[b].min(w);
                    cell[0] += v;
                    cell[1] += w - v;
                    cell[2] += pages_per_block - w;
                }
                cell
            })
            .collect();
        (group as u32, cells)
    }
}

crate::tsdecl::contract! {
    /// A disk's queue at the end of a step.
    #[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
    pub struct QueueSnapshot as QueueSnapshot {
        /// Requests in the device at its last request.
        pub queue_depth: u32,
        pub max_queue_depth: u32,
        /// Bytes in the controller's write cache not yet on the platter.
        pub dirty_bytes: u64,
        /// The write cache's size (0: no write cache).
        pub write_cache_bytes: u64,
    }
}
