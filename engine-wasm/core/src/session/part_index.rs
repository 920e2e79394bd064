//! Indexes on partitioned tables (`catalog/partition.rs` holds the model):
//! CREATE INDEX ... LOCAL (one index partition per table partition, each
//! its own segment, named after its table partition unless the list names
//! it), GLOBAL (one tree over every partition's rows, the default) and
//! GLOBAL PARTITION BY RANGE | HASH (partitioned on the index's leading
//! column, its own bounds). Oracle's checks, as its messages word them:
//! - LOCAL on a table that is not partitioned: ORA-14016;
//! - a LOCAL list of another length than the table's partitions: ORA-14024;
//! - a UNIQUE LOCAL index whose key lacks the partition key: ORA-14039;
//! - a GLOBAL partitioned index not partitioned on its leading column:
//!   ORA-14038; a GLOBAL range one whose last bound is not MAXVALUE:
//!   ORA-14021.

use super::*;
use crate::catalog::partition::{IndexPart, IndexParts, IndexTop, PartMethod, PartOf, Partitioning};
use crate::catalog::{Index, IndexKind, SegmentKind};
use crate::sga::cache::PoolKind;
use crate::storage::BTree;
use lio_sql::ast::{CreateIndex, IndexPartitioning};

/// The rows an index (partition) holds: those `keep` keeps (every row when None).
pub(super) type RowFilter<'a> = Option<&'a dyn Fn(usize) -> bool>;

/// Index partitions as declared: name, tablespace, HIGH_VALUE.
type Decls = Vec<(String, Option<String>, String)>;

impl Run<'_> {
    /// An index over the rows of table `tid` that `keep` keeps, its tree
    /// built and its blocks formatted; in the catalog, not yet in the
    /// table's index list.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn build_index(
        &mut self,
        tid: TableId,
        name: &str,
        cols: Vec<usize>,
        (unique, kind): (bool, IndexKind),
        pool: PoolKind,
        (pctfree, prefix_cols): (u32, u32),
        keep: RowFilter<'_>,
    ) -> Result<usize, LabError> {
        let seg =
            self.inst.cat.new_segment(name, SegmentKind::Index, Some(&self.inst.cat.tables[tid].name.clone()), pool);
        self.inst.cat.segments[seg as usize].temporary = self.inst.cat.tables[tid].temp.is_some();
        let (iid, stamp) = (self.inst.cat.indexes.len(), self.object_stamp());
        let bt = self.index_tree(tid, &cols, (unique, kind), (pctfree, prefix_cols), keep)?;
        for b in 0..bt.blocks() {
            self.format_block(seg, b);
        }
        self.inst.cat.indexes.push(Index {
            id: iid,
            stamp,
            name: name.to_string(),
            table: tid,
            columns: cols,
            unique,
            kind,
            btree: bt,
            seg,
            pool,
            dropped: false,
            visible: true,
            reverse: false,
            part: None,
            unusable: false,
        });
        Ok(iid)
    }

    /// The tree of an index on `cols` over the rows `keep` keeps, packed
    /// as a build packs it.
    pub(super) fn index_tree(
        &mut self,
        tid: TableId,
        cols: &[usize],
        (unique, kind): (bool, IndexKind),
        (pctfree, prefix_cols): (u32, u32),
        keep: RowFilter<'_>,
    ) -> Result<BTree, LabError> {
        let bs = self.inst.params.current.db_block_size;
        let mut bt = BTree::new(bs, pctfree, unique, false);
        bt.prefix_cols = prefix_cols;
        bt.bitmap = kind == IndexKind::Bitmap;
        let t = &self.inst.cat.tables[tid];
        // Entries go to the tree as made (one-number keys packed on arrival).
        let kept = |r: usize| keep.is_none_or(|k| k(r));
        let entries = t.rows.iter().enumerate().filter(|(r, _)| kept(*r)).map(|(r, row)| {
            let key: crate::storage::Key = cols.iter().map(|&c| row.value(c)).collect();
            // (A row's own bytes count only in an IOT's entries.)
            let size = BTree::leaf_entry_size(false, unique, &key, &[]);
            ((key, r as u32), size)
        });
        if bt.build_from(entries).is_err() {
            return Err(LabError::new(ora::DUPLICATE_KEYS_FOUND, Pos::default()));
        }
        self.check_memory(bt.held_bytes())?; // the lab's memory (LAB-00034)
        bt.set_rowid_blocks(&self.inst.cat.tables[tid].loc);
        Ok(bt)
    }

    /// CREATE INDEX on a partitioned table (LOCAL, GLOBAL or GLOBAL
    /// PARTITION BY), or GLOBAL PARTITION BY on any table: the index made
    /// (Some); None for an index that is neither (the caller's).
    pub(super) fn partitioned_index(
        &mut self,
        c: &CreateIndex,
        tid: TableId,
        cols: &[usize],
    ) -> Result<Option<Outcome>, LabError> {
        let t = &self.inst.cat.tables[tid];
        let how = c.partitioning.as_deref();
        if c.bitmap && t.part.is_some() {
            let what = "bitmap indexes on partitioned tables";
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, c.name.pos));
        }
        let local = match how {
            Some(IndexPartitioning::Local(_, pos)) if t.part.is_none() => {
                return Err(LabError::new(ora::LOCAL_INDEX_TABLE_NOT_PARTITIONED, *pos))
            }
            Some(IndexPartitioning::Local(..)) => true,
            Some(IndexPartitioning::Global(Some(_))) => false,
            // GLOBAL, or nothing said: one tree over every partition.
            _ => return Ok(None),
        };
        if c.bitmap || c.reverse {
            let what = if c.bitmap { "partitioned bitmap indexes" } else { "partitioned reverse key indexes" };
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, c.name.pos));
        }
        let pool = super::util::pool_of(&c.physical);
        let prefix = super::compress::prefix_length(&c.physical, cols.len(), c.unique, c.name.pos)?;
        let leaf = (c.physical.pctfree.unwrap_or(10), prefix);
        let scheme = match how {
            Some(IndexPartitioning::Global(Some(pb))) => Some(self.global_scheme(c, tid, cols, pb)?),
            _ => None,
        };
        let (names, tops_decl) = if local { self.local_names(c, tid, cols)? } else { Default::default() };
        let first = self.inst.cat.tables[tid].part.as_ref().and_then(|p| p.sub.as_ref()).map(|s| s.first.clone());
        let cat = &self.inst.cat;
        if cat.tables[tid].indexes.iter().any(|&i| !cat.indexes[i].dropped && cat.indexes[i].columns == cols) {
            return Err(LabError::new(ora::COLUMN_LIST_ALREADY_INDEXED, c.columns[0].pos));
        }
        let shape = (c.unique, IndexKind::BTree);
        let parent = self.build_index(tid, &c.name.name, cols.to_vec(), shape, pool, leaf, Some(&|_| false))?;
        // The partitioned index has no segment of its own: its partitions do.
        let pseg = self.inst.cat.indexes[parent].seg;
        self.inst.cat.segments[pseg as usize].dropped = true;
        let (mut children, mut tops) = (Vec::new(), Vec::new());
        let parts: Vec<(String, Option<String>, String)> = match &scheme {
            Some(sc) => sc.parts.iter().map(|p| (p.name.clone(), p.tablespace.clone(), p.high_value.clone())).collect(),
            None => names,
        };
        for (i, (name, tablespace, high_value)) in parts.into_iter().enumerate() {
            // A composite table's index partition, numbered before its subpartitions.
            if let Some(p) = first.as_ref().and_then(|f| f.iter().position(|&f| f == i)) {
                if let Some((name, tablespace, high_value)) = tops_decl.get(p).cloned() {
                    tops.push(IndexTop { name, tablespace, high_value, stamp: self.object_stamp() });
                }
            }
            let keep: Vec<bool> = {
                let t = &self.inst.cat.tables[tid];
                let held = |r: usize| match (&scheme, t.part.as_deref()) {
                    (Some(sc), _) => sc.route(&t.rows.row(r).value(sc.key)) == Some(i),
                    (None, Some(pt)) => pt.row_part[r] as usize == i,
                    (None, None) => false,
                };
                (0..t.rows.len()).map(|r| !t.loc[r].is_dead() && held(r)).collect()
            };
            let shape = (c.unique, IndexKind::BTree);
            let iid = self.build_index(tid, &c.name.name, cols.to_vec(), shape, pool, leaf, Some(&|r| keep[r]))?;
            let name = if name.is_empty() { format!("SYS_P{}", self.inst.cat.indexes[iid].stamp.id) } else { name };
            let ts = tablespace.clone().map(|name| Ident { name, pos: c.name.pos });
            self.place(self.inst.cat.indexes[iid].seg, &Physical { tablespace: ts, ..c.physical.clone() });
            let of = PartOf { parent, name, tablespace, high_value };
            self.inst.cat.indexes[iid].part = Some(Box::new(IndexPart::Child(of)));
            children.push(iid);
        }
        let ix = &mut self.inst.cat.indexes[parent];
        ix.part = Some(Box::new(IndexPart::Parent(IndexParts { local, scheme, children, tops })));
        ix.visible = !c.invisible;
        self.inst.cat.tables[tid].indexes.push(parent);
        self.invalidate_table(tid);
        Ok(Some(Outcome { feedback: Some("Index created.".into()), ..Default::default() }))
    }

    /// A LOCAL index's partition names (and tablespaces and bounds): the
    /// list's, else the table partitions' (ORA-14024 for a list of
    /// another length; ORA-14039 for a UNIQUE index without the partition
    /// key). A composite table's: its subpartitions' (the table's), and
    /// the partitions above them (the list names those).
    fn local_names(&self, c: &CreateIndex, tid: TableId, cols: &[usize]) -> Result<(Decls, Decls), LabError> {
        let Some(IndexPartitioning::Local(list, pos)) = c.partitioning.as_deref() else {
            return Ok(Default::default());
        };
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked by the caller");
        let top = pt.top();
        if !list.is_empty() && list.len() != top.parts.len() {
            return Err(LabError::new(ora::LOCAL_INDEX_PARTITION_COUNT, *pos));
        }
        if c.unique && !(cols.contains(&pt.key) && pt.sub.as_ref().is_none_or(|s| cols.contains(&s.key))) {
            return Err(LabError::new(ora::UNIQUE_LOCAL_INDEX_KEY, c.name.pos));
        }
        let named: Decls = top
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| match list.get(i) {
                Some(d) => (
                    d.name.as_ref().map_or_else(|| p.name.clone(), |n| n.name.clone()),
                    d.tablespace.as_ref().map(|t| t.name.clone()).or_else(|| p.tablespace.clone()),
                    p.high_value.clone(),
                ),
                None => (p.name.clone(), p.tablespace.clone(), p.high_value.clone()),
            })
            .collect();
        let Some(s) = &pt.sub else { return Ok((named, Vec::new())) };
        // Each subpartition's: the table subpartition's name, in its
        // partition's tablespace when the list gives one.
        let subs = (0..pt.parts.len())
            .map(|i| {
                let (p, q) = (s.top_of(i).0, &pt.parts[i]);
                let given = list.get(p).and_then(|d| d.tablespace.as_ref()).map(|t| t.name.clone());
                (q.name.clone(), given.or_else(|| q.tablespace.clone()), q.high_value.clone())
            })
            .collect();
        Ok((subs, named))
    }

    /// A GLOBAL partitioned index's own partitioning: on the index's
    /// leading column (ORA-14038), a range one ending at MAXVALUE
    /// (ORA-14021).
    fn global_scheme(
        &mut self,
        c: &CreateIndex,
        tid: TableId,
        cols: &[usize],
        pb: &lio_sql::ast::PartitionBy,
    ) -> Result<Box<Partitioning>, LabError> {
        let columns = self.inst.cat.tables[tid].columns.clone();
        let name = self.inst.cat.tables[tid].name.clone();
        if columns[cols[0]].name != pb.columns[0].name {
            return Err(LabError::new(ora::GLOBAL_INDEX_NOT_PREFIXED, pb.columns[0].pos));
        }
        let sc = self.partitioning_of(pb, &name, &columns, 10)?;
        if sc.method == PartMethod::Range
            && !matches!(sc.parts.last().map(|p| &p.bound), Some(crate::catalog::partition::PartBound::Less(None)))
        {
            return Err(LabError::new(ora::GLOBAL_INDEX_MAXVALUE, pb.partitions.last().map_or(pb.pos, |d| d.pos)));
        }
        let _ = c;
        Ok(sc)
    }
}
