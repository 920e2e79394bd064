//! Composite (RANGE-HASH, RANGE-LIST, ...) tables in the session: CREATE
//! TABLE's `SUBPARTITION BY HASH (c) SUBPARTITIONS n` or `SUBPARTITION BY
//! HASH | LIST (c) SUBPARTITION TEMPLATE (...)` made into the table's
//! subpartitions (each a segment), their object numbers after their
//! partition's, and USER_TAB_SUBPARTITIONS (`catalog/partition_composite.rs`
//! holds the model, `partition_composite_ddl.rs` the maintenance).

use super::*;
use crate::catalog::partition::{PartMethod, Partitioning, Subparts};
use crate::catalog::Column;
use lio_sql::ast::{PartitionMethod, SubpartitionBy};

impl Run<'_> {
    /// The composite partitioning of a table whose partitions (`top`, as
    /// declared) each divide into `s.count` hash subpartitions: the
    /// table's segments are the subpartitions, in each partition's
    /// tablespace.
    pub(super) fn composite_of(
        &mut self,
        top: Box<Partitioning>,
        s: &SubpartitionBy,
        (table, columns): (&str, &[Column]),
        pctfree: u32,
    ) -> Result<Box<Partitioning>, LabError> {
        let key = columns.iter().position(|c| c.name == s.column.name).ok_or_else(|| {
            LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", s.column.name), s.column.pos)
        })?;
        // HASH-* from 11.2; 10.2 has RANGE-HASH and RANGE-LIST only (INTERVAL-*: partitioning_of).
        if top.method == PartMethod::Hash && !self.inst.profile.composite_hash {
            let what = format!("composite partitioning (HASH-{}) before 11.2", s.method.word());
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, s.pos));
        }
        if !self.inst.profile.composite_11g && (top.method != PartMethod::Range || s.method == PartitionMethod::Range) {
            let what = format!("composite partitioning ({}-{}) before 11.1", top.method.name(), s.method.word());
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, s.pos));
        }
        let n = s.count as usize;
        if top.parts.len() * n > 1024 * 1024 {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "more than 1048576 subpartitions", s.pos));
        }
        // One partition's subpartitions: the template's, or n unnamed hash ones.
        let mut each = Vec::with_capacity(n);
        for i in 0..n {
            let d = s.template.get(i);
            if let Some(name) = d.and_then(|d| d.name.as_ref()) {
                if each.iter().any(|q: &crate::catalog::partition::Partition| q.name == name.name) {
                    return Err(LabError::new(ora::PARTITION_NAME_CONFLICT, name.pos));
                }
            }
            each.push(self.new_partition(d, &columns[key], table, pctfree)?);
        }
        let method = match s.method {
            PartitionMethod::List => PartMethod::List,
            PartitionMethod::Range => PartMethod::Range,
            PartitionMethod::Hash => PartMethod::Hash,
        };
        super::partition::check_range_bounds(&each, |i| s.template.get(i).map_or(s.pos, |d| d.pos))?;
        let (mut parts, mut first) = (Vec::new(), vec![0]);
        for p in &top.parts {
            for q in &each {
                let mut leaf = q.clone();
                leaf.name.clear();
                leaf.tablespace = q.tablespace.clone().or_else(|| p.tablespace.clone());
                parts.push(leaf);
            }
            first.push(parts.len());
        }
        let template =
            Box::new(Partitioning { method, key, interval: None, parts: each, row_part: Vec::new(), sub: None });
        let (method, pkey) = (top.method, top.key);
        let sub = Some(Box::new(Subparts { key, top, template, first }));
        Ok(Box::new(Partitioning { method, key: pkey, interval: None, parts, row_part: Vec::new(), sub }))
    }

    /// A composite table's object numbers: each partition's, then its
    /// subpartitions' (an unnamed partition SYS_Pn, each subpartition
    /// SYS_SUBPn, n its OBJECT_ID); the subpartitions' segments are
    /// created now unless deferred.
    pub(super) fn stamp_composite(&mut self, tid: TableId, deferred: &[bool]) {
        let Some(first) = self.inst.cat.tables[tid].part.as_ref().and_then(|p| p.sub.as_ref()).map(|s| s.first.clone())
        else {
            return;
        };
        for i in 0..first.len() - 1 {
            let stamp = self.object_stamp();
            let Some(s) = self.inst.cat.tables[tid].part.as_mut().and_then(|p| p.sub.as_mut()) else { return };
            let part = &mut s.top.parts[i];
            part.stamp = stamp;
            if part.name.is_empty() {
                part.name = format!("SYS_P{}", stamp.id);
            }
            for j in first[i]..first[i + 1] {
                let stamp = self.object_stamp();
                let Some(p) = self.inst.cat.tables[tid].part.as_mut() else { return };
                p.parts[j].stamp = stamp;
                // A template's subpartition: the partition's name and its own.
                let named = p.sub.as_ref().map(|s| (&s.top.parts[i].name, &s.template.parts[j - first[i]].name));
                p.parts[j].name = match named {
                    Some((top, sub)) if !sub.is_empty() => format!("{top}_{sub}"),
                    _ => format!("SYS_SUBP{}", stamp.id),
                };
                if !deferred.get(i).copied().unwrap_or(false) {
                    self.create_partition_segment(tid, j);
                }
            }
        }
    }
}

/// (see `subpartition_rows`)
impl Run<'_> {
    /// USER_TAB_SUBPARTITIONS: each composite table's subpartitions, by
    /// partition and place within it.
    pub(super) fn subpartition_rows(&self) -> Vec<Vec<Value>> {
        let (num, text) = (Value::from_f64, Value::str);
        let mut rows = Vec::new();
        let tables = self.inst.cat.tables.iter().filter(|t| !t.dropped && !t.sys);
        for (t, pt) in tables.filter_map(|t| t.part.as_deref().map(|p| (t, p))) {
            let Some(s) = &pt.sub else { continue };
            let ts = t.tablespace.as_deref().unwrap_or("USERS");
            for (i, p) in pt.parts.iter().enumerate() {
                let (top, j) = s.top_of(i);
                rows.push(vec![
                    text(&t.name),
                    text(&s.top.parts[top].name),
                    text(&p.name),
                    if p.high_value.is_empty() { Value::Null } else { text(&p.high_value) },
                    num(p.high_value.len() as f64),
                    num(top as f64 + 1.0),
                    num(j as f64 + 1.0),
                    text(p.tablespace.as_deref().unwrap_or(ts)),
                    num(t.pctfree as f64),
                    text(if t.load.nologging { "NO" } else { "YES" }),
                    text(if t.compress { "ENABLED" } else { "DISABLED" }),
                ]);
                let r = rows.last_mut().expect("pushed");
                r.extend(super::partition::stats_columns(&p.stats));
                r.push(text(if s.top.parts[top].seq > 0 { "YES" } else { "NO" }));
                r.push(text(if p.seg.is_some() { "YES" } else { "NO" }));
            }
        }
        rows
    }
}
