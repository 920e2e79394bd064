//! A single-column hash cluster key bound by an equality: TABLE ACCESS
//! HASH, one bucket (and its overflow chain).

use super::{AccessPath, Candidate, TableRef, Tier};
use crate::catalog::TableStorage;
use crate::optimizer::predicate::{key_for, usable_equalities};

pub fn candidate(r: &TableRef<'_>) -> Option<Candidate> {
    let TableStorage::Cluster { cluster, key_cols } = &r.t.storage else { return None };
    let cl = &r.cat.clusters[*cluster];
    if cl.hash.hashkeys == 0 || key_cols.len() != 1 {
        return None;
    }
    let eq = usable_equalities(r.conjuncts, r.used, r.src, r.available);
    let (cis, mut keys) = key_for(&eq, key_cols)?;
    let chain = cl.hash.overflow_blocks() as f64 / cl.hash.bucket_blocks.max(1) as f64;
    let cost = (1.0 + chain).round();
    // A key that a unique index (the primary key) covers alone matches at
    // most one row; otherwise the rows spread over HASHKEYS values.
    let unique = r.t.indexes.iter().any(|i| {
        let ix = &r.cat.indexes[*i];
        !ix.dropped && ix.unique && ix.columns[..] == key_cols[..]
    });
    let e_rows = if unique { 1.0 } else { (r.num_rows / cl.hash.hashkeys as f64).max(1.0).round() };
    let path = AccessPath::HashCluster { key: keys.remove(0), key_col: key_cols[0] };
    let bytes = Some(e_rows * r.row_bytes());
    // The bound key wins whatever the full scan costs, as before costs
    // ranked the paths: the chain length above is the lab's own estimate,
    // not Oracle's hash-access costing (not modelled).
    let c = Candidate::new(path, Tier::StorageKey, (cost, e_rows, bytes), "hash cluster key bound");
    Some(c.consumes(cis).forced(true))
}
