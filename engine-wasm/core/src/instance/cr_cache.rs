//! The consistent-read cache: tables as another session's uncommitted
//! changes found them (`Instance::cr_cache`), built and swapped in by
//! `session/cr.rs`, dropped when the transaction ends.

use crate::catalog::{Catalog, Cluster, ClusterId, Index, IndexId, Table, TableId, TableStorage};

/// A table with its indexes and cluster, as one version.
#[derive(Debug, Clone)]
pub struct CrVersion {
    table: Table,
    indexes: Vec<(IndexId, Index)>,
    cluster: Option<(ClusterId, Cluster)>,
}

impl CrVersion {
    pub(crate) fn of(cat: &Catalog, t: TableId) -> CrVersion {
        let table = cat.tables[t].clone();
        // (A partitioned index's partitions are copied with it.)
        let parts = |i: IndexId| cat.indexes[i].parts().map(|p| p.children.clone()).unwrap_or_default();
        let ids = table.indexes.iter().flat_map(|&i| std::iter::once(i).chain(parts(i)));
        let indexes = ids.map(|i| (i, cat.indexes[i].clone())).collect();
        let cluster = match &table.storage {
            TableStorage::Cluster { cluster, .. } => Some((*cluster, cat.clusters[*cluster].clone())),
            _ => None,
        };
        CrVersion { table, indexes, cluster }
    }

    /// Exchange this version with the catalog's.
    pub(crate) fn swap(&mut self, cat: &mut Catalog) {
        std::mem::swap(&mut cat.tables[self.table.id], &mut self.table);
        for (i, ix) in &mut self.indexes {
            std::mem::swap(&mut cat.indexes[*i], ix);
        }
        if let Some((c, cl)) = &mut self.cluster {
            std::mem::swap(&mut cat.clusters[*c], cl);
        }
    }
}

impl CrVersion {
    /// Bytes the copy holds (the table's rows and index entries, as the
    /// memory budget counts them).
    pub fn bytes(&self) -> u64 {
        self.table.mem_bytes + self.indexes.iter().map(|(_, ix)| ix.btree.held_bytes()).sum::<u64>()
    }
}

/// Bytes every cached consistent-read copy holds ([`Catalog::held_bytes`]).
pub(crate) fn cr_cache_bytes(cache: &crate::fasthash::FxMap<(TableId, u32), (u64, CrVersion)>) -> u64 {
    cache.values().map(|(_, v)| v.bytes()).sum()
}
