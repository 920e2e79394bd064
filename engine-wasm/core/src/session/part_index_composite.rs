//! A composite table's LOCAL index in the dictionary: USER_IND_PARTITIONS
//! lists its partitions (COMPOSITE YES, SUBPARTITION_COUNT, STATUS N/A as
//! Oracle shows a partition whose subpartitions hold the segments, the
//! figures of its subpartitions' trees combined as the optimizer combines
//! them), USER_IND_SUBPARTITIONS its subpartitions (each a tree, its
//! STATUS its own).

use super::part_index_dict::figure_columns;
use super::*;
use crate::catalog::partition::{IndexParts, Subparts};
use crate::catalog::{Index, ObjStamp};
use crate::exec::dictionary::DictView;

impl Run<'_> {
    /// Index `ix`'s rows of `d` (USER_IND_PARTITIONS or
    /// USER_IND_SUBPARTITIONS); `s` is its table's subpartitioning.
    pub(super) fn composite_index_rows(
        &self,
        ix: &Index,
        ps: &IndexParts,
        s: &Subparts,
        d: DictView,
    ) -> Vec<Vec<Value>> {
        let cat = &self.inst.cat;
        let (num, text) = (Value::from_f64, Value::str);
        let hv = |h: &str| if h.is_empty() { Value::Null } else { text(h) };
        let mut rows = Vec::new();
        for (p, top) in ps.tops.iter().enumerate() {
            let segs: Vec<u16> = (s.first[p] as u16..s.first[p + 1] as u16).collect();
            if d == DictView::IndPartitions {
                let ts = top.tablespace.as_deref().or(cat.tables[ix.table].tablespace.as_deref());
                let mut row = vec![
                    text(&ix.name),
                    text("YES"),
                    text(&top.name),
                    num(segs.len() as f64),
                    hv(&top.high_value),
                    num(top.high_value.len() as f64),
                    num(p as f64 + 1.0),
                    text("N/A"),
                    text(ts.unwrap_or("USERS")),
                    num(ix.btree.pctfree as f64),
                    text("YES"),
                ];
                row.extend(figure_columns(cat, ix.id, Some(&segs)));
                rows.push(row);
                continue;
            }
            for (j, &i) in segs.iter().enumerate() {
                let c = &cat.indexes[ps.children[i as usize]];
                let Some(of) = c.part_of() else { continue };
                let mut row = vec![
                    text(&ix.name),
                    text(&top.name),
                    text(&of.name),
                    hv(&of.high_value),
                    num(of.high_value.len() as f64),
                    num(p as f64 + 1.0),
                    num(j as f64 + 1.0),
                ];
                row.extend(self.segment_columns(c));
                rows.push(row);
            }
        }
        rows
    }
}

/// USER_SEGMENTS' and USER_OBJECTS' type of index `ix`'s segment `c`
/// (`ix` itself, or one of its partitions or a composite one's
/// subpartitions).
pub(super) fn index_object_type(ix: &Index, c: &Index) -> &'static str {
    match (c.part_of(), ix.parts().is_some_and(|p| !p.tops.is_empty())) {
        (None, _) => "INDEX",
        (Some(_), false) => "INDEX PARTITION",
        (Some(_), true) => "INDEX SUBPARTITION",
    }
}

/// An index's objects as USER_OBJECTS lists them: (OBJECT_NAME,
/// OBJECT_TYPE, its stamp, the stamp of the segment holding it,
/// SUBOBJECT_NAME): the index, a composite LOCAL index's partitions (no
/// segment), each index (sub)partition.
pub(super) type IndexObject<'a> = (&'a str, &'static str, ObjStamp, Option<ObjStamp>, Option<&'a str>);

pub(super) fn index_objects<'a>(cat: &'a crate::catalog::Catalog, ix: &'a Index) -> Vec<IndexObject<'a>> {
    let mut out = vec![(ix.name.as_str(), "INDEX", ix.stamp, ix.parts().is_none().then_some(ix.stamp), None)];
    let Some(ps) = ix.parts() else { return out };
    out.extend(ps.tops.iter().map(|p| (ix.name.as_str(), "INDEX PARTITION", p.stamp, None, Some(p.name.as_str()))));
    for c in ps.children.iter().map(|&c| &cat.indexes[c]) {
        let sub = c.part_of().map(|o| o.name.as_str());
        out.push((ix.name.as_str(), index_object_type(ix, c), c.stamp, Some(c.stamp), sub));
    }
    out
}
