//! The blocks of a table's segment as its statistics, its extents and
//! its full scans count them (ASSM bitmap blocks: `storage::assm`).

use super::*;

impl Catalog {
    /// USER_TABLES.BLOCKS of a table's own segment (heap or cluster).
    pub fn table_blocks(&self, t: &Table) -> u64 {
        if let Some(p) = &t.part {
            return p.parts.iter().map(|p| p.blocks()).sum();
        }
        match &t.storage {
            TableStorage::Heap { heap, seg } => {
                if seg.is_none() {
                    0
                } else if t.sys {
                    // SYSTEM's MANUAL segment space management: the header.
                    1 + heap.data_blocks() as u64
                } else {
                    // The header and the data blocks in use (the ASSM
                    // bitmap blocks and a whole 64 KB extent are not yet
                    // counted: docs/MODEL.md).
                    1 + heap.data_blocks() as u64
                }
            }
            TableStorage::Iot { index } => self.indexes[*index].btree.blocks() as u64,
            TableStorage::Cluster { cluster, .. } => self.clusters[*cluster].hash.blocks() as u64,
        }
    }

    /// The blocks below the HWM of a table's own segment, its ASSM bitmap
    /// blocks and header included (what its extents hold); partitions'
    /// summed.
    pub fn segment_blocks(&self, t: &Table) -> u64 {
        if let Some(p) = &t.part {
            return p.parts.iter().map(|p| p.segment_blocks()).sum();
        }
        match &t.storage {
            TableStorage::Heap { heap, seg: Some(_) } if !t.sys => {
                crate::storage::assm::hwm_blocks(heap.data_blocks() as u64, heap.block_size as u64)
            }
            _ => self.table_blocks(t),
        }
    }
}
