//! A partitioned index's place in the catalog (`partition.rs` holds its
//! types): which index partition holds a row, the trees DML maintains,
//! and the statistics the optimizer reads (one partition's, or the
//! index's global ones).

use super::partition::{IndexPart, IndexParts, PartOf};
use super::{Catalog, Index, IndexFigures, Table};
use crate::value::Value;
use std::cmp::Ordering;

impl Index {
    /// A partitioned index's partitions (None: not partitioned).
    pub fn parts(&self) -> Option<&IndexParts> {
        match self.part.as_deref() {
            Some(IndexPart::Parent(p)) => Some(p),
            _ => None,
        }
    }

    /// An index partition's place (None: not a partition).
    pub fn part_of(&self) -> Option<&PartOf> {
        match self.part.as_deref() {
            Some(IndexPart::Child(p)) => Some(p),
            _ => None,
        }
    }
}

impl Catalog {
    /// The index (`iid` itself, or one of its partitions) that holds row
    /// `r` of table `t` with values `row`: a local index's partition is
    /// the row's table partition's, a global partitioned one's the
    /// partition its key routes to.
    pub fn index_target(&self, iid: usize, t: &Table, r: u32, row: &[Value]) -> usize {
        let Some(ps) = self.indexes[iid].parts() else { return iid };
        let pos = match (&ps.scheme, &t.part) {
            (Some(sc), _) => sc.route(&row[sc.key]).unwrap_or(0),
            (None, Some(pt)) => pt.row_part[r as usize] as usize,
            (None, None) => 0,
        };
        ps.children[pos.min(ps.children.len() - 1)]
    }

    /// The index (partition) whose entry for row `r` (values `row`) DML
    /// changes: [`Self::index_target`], None when that is an UNUSABLE
    /// index partition (skipped, as SKIP_UNUSABLE_INDEXES has it).
    pub fn dml_index(&self, iid: usize, t: &Table, r: u32, row: &[Value]) -> Option<usize> {
        let i = self.index_target(iid, t, r, row);
        (i == iid || !self.indexes[i].unusable).then_some(i)
    }

    /// The trees DML maintains for table `tid`'s indexes: each index, or
    /// each partition of a partitioned one; not an UNUSABLE one.
    pub fn physical_indexes(&self, tid: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for &i in &self.tables[tid].indexes {
            match self.indexes[i].parts() {
                Some(ps) => out.extend(ps.children.iter().copied()),
                None => out.push(i),
            }
        }
        out.retain(|&i| !self.indexes[i].unusable);
        out
    }

    /// Whether index (partition) `iid` holds row `r` of `t` (values `row`).
    #[inline]
    pub fn holds_row(&self, iid: usize, t: &Table, r: u32, row: &[Value]) -> bool {
        match self.indexes[iid].part_of() {
            None => true,
            Some(of) => self.index_target(of.parent, t, r, row) == iid,
        }
    }

    /// An UNUSABLE unique index (or partition of one) on table `tid`: its name (ORA-01502 for DML).
    pub fn unusable_unique(&self, tid: usize) -> Option<&str> {
        let t = &self.tables[tid];
        t.indexes.iter().map(|&i| &self.indexes[i]).find_map(|ix| {
            let kids = ix.parts().map_or_else(|| vec![ix.id], |p| p.children.clone());
            (ix.unique && kids.iter().any(|&c| self.indexes[c].unusable)).then_some(ix.name.as_str())
        })
    }

    /// A partitioned index's statistics over the partitions `kept`
    /// (None: all of them, the index's global statistics): BLEVEL the
    /// highest, LEAF_BLOCKS, CLUSTERING_FACTOR and NUM_ROWS summed,
    /// DISTINCT_KEYS summed when the key holds the table's partition key
    /// (a key is then in one partition only), else counted over the
    /// partitions' keys together. One partition: its own.
    pub fn part_index_figures(&self, id: usize, kept: Option<&[u16]>) -> IndexFigures {
        let ix = &self.indexes[id];
        let tree = |i: usize| self.stats_set.index_figures(i, &self.indexes[i].btree);
        let Some(ps) = ix.parts() else { return tree(id) };
        let pick: Vec<usize> = match kept {
            Some(k) => k.iter().filter_map(|&p| ps.children.get(p as usize).copied()).collect(),
            None => ps.children.clone(),
        };
        if let [one] = pick[..] {
            return tree(one);
        }
        let figs: Vec<IndexFigures> = pick.iter().map(|&c| tree(c)).collect();
        // Distinct keys add up when no two partitions can hold a key (a
        // composite table's: the index holds both keys).
        let holds_key = ps.scheme.is_some()
            || self.tables[ix.table].part.as_ref().is_some_and(|pt| {
                ix.columns.contains(&pt.key) && pt.sub.as_ref().is_none_or(|s| ix.columns.contains(&s.key))
            });
        let distinct = if holds_key {
            figs.iter().map(|f| f.distinct_keys).sum()
        } else {
            let mut keys: Vec<crate::storage::Key> = Vec::new();
            for &c in &pick {
                let bt = &self.indexes[c].btree;
                keys.extend((0..bt.len()).map(|p| bt.key_at(p)));
            }
            keys.sort_by(|a, b| crate::storage::cmp_keys(a, b));
            keys.dedup_by(|a, b| crate::storage::cmp_keys(a, b) == Ordering::Equal);
            keys.len() as f64
        };
        IndexFigures {
            blevel: figs.iter().map(|f| f.blevel).max().unwrap_or(0),
            leaf_blocks: figs.iter().map(|f| f.leaf_blocks).sum(),
            distinct_keys: distinct,
            clustering_factor: figs.iter().map(|f| f.clustering_factor).sum(),
            num_rows: figs.iter().map(|f| f.num_rows).sum(),
            set: figs.iter().any(|f| f.set),
        }
    }
}
