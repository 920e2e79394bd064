//! The dictionary's view of partitioned indexes: USER_PART_INDEXES (one
//! row per partitioned index: its type, count, LOCALITY, and ALIGNMENT:
//! PREFIXED when its leading column is the partition key) and
//! USER_IND_PARTITIONS (one row per index partition: its bound as the
//! table's or its own partition's HIGH_VALUE, STATUS, and its statistics,
//! read from its tree as USER_INDEXES' are).

use super::*;
use crate::catalog::Index;
use crate::exec::dictionary::DictView;

impl Run<'_> {
    /// USER_PART_INDEXES, USER_IND_PARTITIONS or USER_IND_SUBPARTITIONS.
    pub(super) fn part_index_rows(&self, d: DictView) -> Vec<Vec<Value>> {
        let cat = &self.inst.cat;
        let num = |n: f64| Value::from_f64(n);
        let text = Value::str;
        let mut rows = Vec::new();
        let live = cat.indexes.iter().filter(|ix| !ix.dropped && !cat.tables[ix.table].dropped);
        for (ix, ps) in live.filter_map(|ix| ix.parts().map(|p| (ix, p))) {
            let t = &cat.tables[ix.table];
            let scheme = ps.scheme.as_deref().or(t.part.as_deref());
            let Some(sc) = scheme else { continue };
            // A composite table's LOCAL index: partitioned as the table, subpartitioned too.
            let sub = sc.sub.as_ref().filter(|_| ps.local);
            if d == DictView::PartIndexes {
                let prefixed = ix.columns.first() == Some(&sc.key);
                let count = if sub.is_some() { ps.tops.len() } else { ps.children.len() };
                rows.push(vec![
                    text(&ix.name),
                    text(&t.name),
                    text(sc.method.name()),
                    text(sub.map_or("NONE", |s| s.template.method.name())),
                    num(count as f64),
                    num(sub.map_or(0.0, |s| s.count() as f64)),
                    num(1.0),
                    num(if sub.is_some() { 1.0 } else { 0.0 }),
                    text(if ps.local { "LOCAL" } else { "GLOBAL" }),
                    text(if prefixed { "PREFIXED" } else { "NON_PREFIXED" }),
                    text(t.tablespace.as_deref().unwrap_or("USERS")),
                    num(ix.btree.pctfree as f64),
                    text("NONE"),
                ]);
                continue;
            }
            if let Some(s) = sub {
                rows.extend(self.composite_index_rows(ix, ps, s, d));
                continue;
            }
            if d == DictView::IndSubpartitions {
                continue;
            }
            for (i, c) in ps.children.iter().map(|&c| &cat.indexes[c]).enumerate() {
                let Some(of) = c.part_of() else { continue };
                let hv = if of.high_value.is_empty() { Value::Null } else { text(&of.high_value) };
                let mut row = vec![
                    text(&ix.name),
                    text("NO"),
                    text(&of.name),
                    num(0.0),
                    hv,
                    num(of.high_value.len() as f64),
                    num(i as f64 + 1.0),
                ];
                row.extend(self.segment_columns(c));
                rows.push(row);
            }
        }
        rows
    }

    /// An index (sub)partition's STATUS, TABLESPACE_NAME, PCT_FREE,
    /// LOGGING and its figures (`figure_columns`).
    pub(super) fn segment_columns(&self, c: &Index) -> Vec<Value> {
        let mut row = vec![
            Value::str(if c.unusable { "UNUSABLE" } else { "USABLE" }),
            self.index_tablespace(c),
            Value::from_f64(c.btree.pctfree as f64),
            Value::str("YES"),
        ];
        row.extend(figure_columns(&self.inst.cat, c.id, None));
        row
    }

    /// An index's (or index partition's) tablespace: the partition's own,
    /// else its table partition's, else its table's.
    pub(super) fn index_tablespace(&self, ix: &Index) -> Value {
        let t = &self.inst.cat.tables[ix.table];
        let of = ix.part_of().and_then(|o| o.tablespace.as_deref());
        Value::str(of.or(t.tablespace.as_deref()).unwrap_or("USERS"))
    }
}

/// USER_INDEXES.STATUS: N/A for a partitioned index (its partitions have
/// theirs), UNUSABLE, or VALID.
pub(super) fn index_status(ix: &Index) -> &'static str {
    if ix.parts().is_some() {
        "N/A"
    } else if ix.unusable {
        "UNUSABLE"
    } else {
        "VALID"
    }
}

/// BLEVEL, LEAF_BLOCKS, DISTINCT_KEYS, CLUSTERING_FACTOR, NUM_ROWS and
/// SAMPLE_SIZE of index (partition) `id`, read off its tree (`kept`: a
/// composite index partition's subpartitions, their figures combined);
/// zeros for an empty one never given figures.
pub(super) fn figure_columns(cat: &crate::catalog::Catalog, id: usize, kept: Option<&[u16]>) -> Vec<Value> {
    let f = cat.part_index_figures(id, kept);
    let empty = f.num_rows == 0.0 && !f.set;
    let z = |v: f64| Value::from_f64(if empty { 0.0 } else { v });
    vec![
        z(f.blevel as f64),
        z(f.leaf_blocks),
        z(f.distinct_keys),
        z(f.clustering_factor),
        Value::from_f64(f.num_rows),
        Value::from_f64(f.num_rows),
    ]
}
