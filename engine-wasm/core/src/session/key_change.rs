//! The index entries an UPDATE of one row changes: only the indexes whose
//! key columns it changed (an entry whose key stays is not touched, as in
//! Oracle), each an old entry deleted and a new one inserted.

use crate::catalog::{Catalog, Table};
use crate::value::Value;
use std::collections::{HashMap, HashSet};

/// An index entry an UPDATE changes: the old one (segment, leaf, bytes)
/// and the new one (None in an UNUSABLE index partition).
pub(super) type KeyChange = (Option<(u32, u32, u64)>, Option<(u32, u32, u64)>);

/// Row `r` of `t` going from `old` to `new`: each changed entry's old and
/// new segment, leaf and bytes (a partitioned index's in the partitions
/// holding the old and the new key), and in `touched` each physical index
/// with the rows whose key in it changed (`Run::reindex_only` maintains
/// those). Keys are compared column by column and built only when they
/// differ.
pub(super) fn key_changes(
    cat: &Catalog,
    t: &Table,
    r: u32,
    old: &[Value],
    new: &[Value],
    touched: &mut HashMap<usize, HashSet<u32>>,
) -> Vec<KeyChange> {
    t.indexes
        .iter()
        .filter_map(|&iid| {
            let ix = &cat.indexes[iid];
            let same = ix.columns.iter().all(|&c| old[c].cmp_sql(&new[c]) == std::cmp::Ordering::Equal);
            if same {
                return None;
            }
            let (io, inew) = (cat.dml_index(iid, t, r, old), cat.dml_index(iid, t, r, new));
            for i in io.into_iter().chain(inew) {
                touched.entry(i).or_default().insert(r);
            }
            let entry = |i: Option<usize>, row: &[Value]| {
                i.map(|i| {
                    let ix = &cat.indexes[i];
                    let k = ix.key_of(row);
                    (ix.seg, ix.btree.leaf_for(&k, r), ix.btree.entry_size(&k, row) as u64)
                })
            };
            Some((entry(io, old), entry(inew, new)))
        })
        .collect()
}
