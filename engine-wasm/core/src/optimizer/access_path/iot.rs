//! An index-organized table's primary key, every column bound: INDEX
//! UNIQUE SCAN of the IOT (its leaves hold the rows).

use super::{AccessPath, Candidate, TableRef, Tier};
use crate::catalog::TableStorage;
use crate::optimizer::predicate::{key_for, usable_equalities};

pub fn candidate(r: &TableRef<'_>) -> Option<Candidate> {
    let TableStorage::Iot { index } = &r.t.storage else { return None };
    let ix = &r.cat.indexes[*index];
    let eq = usable_equalities(r.conjuncts, r.used, r.src, r.available);
    let (cis, keys) = key_for(&eq, &ix.columns)?;
    let cost = r.cat.index_figures(*index).blevel.max(1) as f64;
    let path = AccessPath::IotUnique { index: *index, keys };
    let c = Candidate::new(path, Tier::StorageKey, (cost, 1.0, Some(r.row_bytes())), "IOT primary key bound");
    Some(c.consumes(cis))
}
