//! Partitioned tables in the session: CREATE TABLE's partitioning clause
//! made into the table's partitions (their bounds evaluated and checked,
//! their object numbers), and the routing of inserted rows to their
//! partitions, whose deferred segments the first row creates
//! (`catalog/partition.rs` holds the model).

use super::*;
use crate::catalog::partition::{Interval, PartBound, PartMethod, PartStats, Partition, Partitioning, MAX_PARTITIONS};
use crate::catalog::{Column, RowStore, SegmentKind};
use crate::storage::HeapSegment;
use lio_sql::ast::{PartitionBound, PartitionBy, PartitionMethod, SegmentCreation};

impl Run<'_> {
    /// The table's partitioning (without object numbers yet: see
    /// [`Self::stamp_partitions`]), its bounds checked.
    pub(super) fn partitioning_of(
        &mut self,
        p: &PartitionBy,
        table: &str,
        columns: &[Column],
        pctfree: u32,
    ) -> Result<Box<Partitioning>, LabError> {
        let kc = &p.columns[0];
        let key = columns
            .iter()
            .position(|c| c.name == kc.name)
            .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", kc.name), kc.pos))?;
        let method = match p.method {
            PartitionMethod::Range => PartMethod::Range,
            PartitionMethod::List => PartMethod::List,
            PartitionMethod::Hash => PartMethod::Hash,
        };
        // INTERVAL from 11.1: 10.2's grammar stops at the keyword.
        if p.interval.is_some() && !self.inst.profile.interval_partitioning {
            let what = match &p.sub {
                Some(s) => format!("composite partitioning (INTERVAL-{}) before 11.1", s.method.word()),
                None => "interval partitioning before 11.1".to_string(),
            };
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, p.interval_pos));
        }
        let interval = match &p.interval {
            Some(e) => Some(self.interval_of(e, &columns[key], kc.pos)?),
            None => None,
        };
        let mut parts: Vec<Partition> = Vec::new();
        let n = p.count.map_or(p.partitions.len(), |n| n as usize);
        for i in 0..n {
            let d = p.partitions.get(i);
            if let Some(name) = d.and_then(|d| d.name.as_ref()) {
                if parts.iter().any(|q| q.name == name.name) {
                    return Err(LabError::new(ora::PARTITION_NAME_CONFLICT, name.pos));
                }
            }
            parts.push(self.new_partition(d, &columns[key], table, pctfree)?);
        }
        check_range_bounds(&parts, |i| p.partitions.get(i).map_or(p.pos, |d| d.pos))?;
        if interval.is_some() {
            check_transition(&parts, p)?;
        }
        let pt = Box::new(Partitioning { method, key, interval, parts, row_part: Vec::new(), sub: None });
        match &p.sub {
            Some(s) => self.composite_of(pt, s, (table, columns), pctfree),
            None => Ok(pt),
        }
    }

    /// `INTERVAL (e)`: a positive NUMBER for a NUMBER key, a
    /// NUMTOYMINTERVAL or NUMTODSINTERVAL of whole months or seconds for a
    /// DATE key (ORA-14751 for another key, ORA-14752 for a mismatch).
    fn interval_of(&mut self, e: &lio_sql::ast::Expr, key: &Column, kpos: Pos) -> Result<Interval, LabError> {
        let pos = exec::plan::position_of(e);
        let is_date = match key.data_type {
            lio_sql::ast::DataType::Date => true,
            lio_sql::ast::DataType::Number { .. } => false,
            _ => return Err(LabError::new(ora::INTERVAL_KEY_TYPE, kpos)),
        };
        let amount = exec::plan::interval::amount_of(e);
        if amount.as_ref().is_some_and(|(ym, _)| !*ym && !is_date) || amount.is_none() == is_date {
            return Err(LabError::new(ora::INTERVAL_NOT_CONSTANT, pos));
        }
        let (ym, expr) = amount.unwrap_or((false, e.clone()));
        let Value::Num(n) = self.eval_constant(&expr, "an interval that is not a constant")? else {
            return Err(LabError::new(ora::INTERVAL_NOT_CONSTANT, pos));
        };
        if n.signum() <= 0 {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "an interval of zero or less", pos));
        }
        if !is_date {
            return Ok(Interval::Number(n));
        }
        let whole = n.is_integer().then(|| n.to_i64()).flatten();
        match (whole, ym) {
            (Some(m), true) => Ok(Interval::Months(m)),
            (Some(s), false) => Ok(Interval::Seconds(s)),
            _ => Err(LabError::with(ora::LAB_UNSUPPORTED, "an interval of a fraction of a month or second", pos)),
        }
    }

    /// A partition as declared (`d`; None for one of `PARTITIONS n`), its
    /// bound evaluated; no object number or segment yet.
    pub(super) fn new_partition(
        &mut self,
        d: Option<&lio_sql::ast::PartitionDef>,
        key: &Column,
        table: &str,
        pctfree: u32,
    ) -> Result<Partition, LabError> {
        let (bound, high_value) = match d.map(|d| &d.bound) {
            None | Some(PartitionBound::Hash) => (PartBound::Hash, String::new()),
            Some(PartitionBound::LessThan(None)) => (PartBound::Less(None), "MAXVALUE".into()),
            Some(PartitionBound::LessThan(Some(e))) => {
                let v = self.bound_value(e, key, table)?;
                let text = high_value_text(&v);
                (PartBound::Less(Some(v)), text)
            }
            Some(PartitionBound::Default) => (PartBound::Default, "DEFAULT".into()),
            Some(PartitionBound::List(es)) => {
                let mut vs = Vec::new();
                for e in es {
                    vs.push(self.bound_value(e, key, table)?);
                }
                let text = vs.iter().map(high_value_text).collect::<Vec<_>>().join(", ");
                (PartBound::List(vs), text)
            }
        };
        Ok(Partition {
            name: d.and_then(|d| d.name.as_ref()).map(|n| n.name.clone()).unwrap_or_default(),
            bound,
            high_value,
            stamp: Default::default(),
            seg: None,
            heap: HeapSegment::new(self.inst.params.current.db_block_size, pctfree),
            tablespace: d.and_then(|d| d.tablespace.as_ref()).map(|t| t.name.clone()),
            stats: PartStats::default(),
            data_id: None,
            seq: 0,
        })
    }

    /// A bound's value: a constant expression, converted to the key
    /// column's type (a bind or a column is not a constant).
    pub(super) fn bound_value(&mut self, e: &lio_sql::ast::Expr, col: &Column, table: &str) -> Result<Value, LabError> {
        let pos = exec::plan::position_of(e);
        let v = self.eval_constant(e, "a partition bound that is not a constant")?;
        let col = Column { not_null: false, ..col.clone() };
        super::change::convert(&col, (&self.inst.cat.schema, table), v, pos, false)
    }

    /// CREATE TABLE ... PARTITION BY: what the lab does not model with it
    /// refused, the partitions made.
    /// A partitioned table has no segment of its own: its partitions do.
    pub(super) fn partitioned_table(
        &mut self,
        c: &lio_sql::ast::CreateTable,
        keys: bool,
        columns: &[Column],
    ) -> Result<Option<Box<Partitioning>>, LabError> {
        let Some(p) = c.partitioning.as_deref() else { return Ok(None) };
        let refuse = |what: &str| Err(LabError::with(ora::LAB_UNSUPPORTED, format_args!("{what}"), p.pos));
        if c.organization_index {
            return refuse("partitioned index-organized tables");
        }
        if c.cluster.is_some() || c.memoptimize_read {
            return refuse("a partitioned table in a cluster or MEMOPTIMIZE FOR READ");
        }
        if keys {
            return refuse("primary and unique keys on partitioned tables (their indexes)");
        }
        let pctfree = c.physical.pctfree.unwrap_or(10);
        self.partitioning_of(p, &c.name.name, columns, pctfree).map(Some)
    }

    /// LAB-00001 for `what` on a partitioned table.
    pub(super) fn refuse_partitioned(&self, tid: TableId, what: &str, pos: Pos) -> Result<(), LabError> {
        match self.inst.cat.tables[tid].part {
            Some(_) => Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos)),
            None => Ok(()),
        }
    }

    /// Each partition's OBJECT_ID, after the table's (as Oracle numbers
    /// them); a partition with no name is SYS_Pn, n its OBJECT_ID. Their
    /// segments are created now unless deferred.
    /// `deferred[i]`: whether partition `i` (as declared) waits for its
    /// first row ([`Self::partition_deferral`]).
    pub(super) fn stamp_partitions(&mut self, tid: TableId, deferred: &[bool]) {
        if self.inst.cat.tables[tid].part.as_ref().is_some_and(|p| p.sub.is_some()) {
            return self.stamp_composite(tid, deferred);
        }
        let n = self.inst.cat.tables[tid].part.as_ref().map_or(0, |p| p.parts.len());
        for i in 0..n {
            let stamp = self.object_stamp();
            let Some(p) = self.inst.cat.tables[tid].part.as_mut() else { return };
            let part = &mut p.parts[i];
            part.stamp = stamp;
            if part.name.is_empty() {
                part.name = format!("SYS_P{}", stamp.id);
            }
            if !deferred.get(i).copied().unwrap_or(false) {
                self.create_partition_segment(tid, i);
            }
        }
    }

    /// Whether each declared partition's segment waits for its first row:
    /// its own SEGMENT CREATION clause, else the table's (`table`: the
    /// clause or DEFERRED_SEGMENT_CREATION). Before 11.2.0.2 a partitioned
    /// table's segments come with it and neither clause is modelled there
    /// (LAB-00001: 11.2.0.1's own error for them is not established).
    pub(super) fn partition_deferral(&self, c: &lio_sql::ast::CreateTable, table: bool) -> Result<Vec<bool>, LabError> {
        let Some(p) = c.partitioning.as_deref() else { return Ok(Vec::new()) };
        let n = p.count.map_or(p.partitions.len(), |n| n as usize);
        let own = |i: usize| p.partitions.get(i).and_then(|d| d.segment_creation);
        if !self.inst.profile.deferred_partition_segments {
            if let Some((_, at)) = (0..n).find_map(own) {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    "SEGMENT CREATION on a partition before 11.2.0.2",
                    at,
                ));
            }
            if c.segment_creation == Some(SegmentCreation::Deferred) {
                let what = "SEGMENT CREATION DEFERRED of a partitioned table before 11.2.0.2";
                return Err(LabError::with(ora::LAB_UNSUPPORTED, what, c.segment_creation_pos));
            }
            return Ok(vec![false; n]);
        }
        Ok((0..n).map(|i| own(i).map_or(table, |(s, _)| s == SegmentCreation::Deferred)).collect())
    }

    /// The partitions of the rows an INSERT appends to table `tid`
    /// (ORA-14400 for a key no partition takes, before any row is stored),
    /// their deferred segments created; returns each partition's data
    /// blocks before the insert.
    pub(super) fn route_rows(
        &mut self,
        tid: TableId,
        rows: &RowStore,
        pos: Pos,
        direct: bool,
    ) -> Result<Vec<usize>, LabError> {
        self.create_interval_partitions(tid, rows, pos)?;
        let Some(p) = self.inst.cat.tables[tid].part.as_ref() else { return Ok(Vec::new()) };
        let mut routed = Vec::with_capacity(rows.len());
        for r in 0..rows.len() {
            let row = rows.row(r);
            let Some(i) = p.route_row(|c| row.value(c)) else {
                return Err(LabError::new(ora::PARTITION_KEY_NO_PARTITION, pos));
            };
            routed.push(i as u16);
        }
        let mut hit = vec![false; p.parts.len()];
        for &i in &routed {
            hit[i as usize] = true;
        }
        for (i, _) in hit.iter().enumerate().filter(|(_, h)| **h) {
            if self.inst.cat.tables[tid].part.as_ref().is_some_and(|p| p.parts[i].seg.is_none()) {
                // Space management's recursive transaction, as for a
                // table's deferred segment (`create_deferred_segment`).
                self.imu_recursive();
                self.create_partition_segment(tid, i);
            }
        }
        let Some(p) = self.inst.cat.tables[tid].part.as_mut() else { return Ok(Vec::new()) };
        p.row_part.extend(routed);
        let before = p.parts.iter().map(|q| q.heap.data_blocks() as usize).collect();
        if direct {
            // A direct-path load fills new blocks above each partition's HWM.
            p.parts.iter_mut().zip(&hit).filter(|(_, h)| **h).for_each(|(q, _)| q.heap.start_above_hwm());
        }
        Ok(before)
    }

    /// Partition `i`'s segment, when it has none yet (deferred).
    pub(super) fn create_partition_segment(&mut self, tid: TableId, i: usize) {
        let t = &self.inst.cat.tables[tid];
        let Some(p) = t.part.as_ref() else { return };
        if p.parts[i].seg.is_some() {
            return;
        }
        let (pool, name) = (t.pool, format!("{}:{}", t.name, p.parts[i].name));
        let ts = p.parts[i].tablespace.clone().or_else(|| t.tablespace.clone());
        let cfc = t.cell_flash_cache;
        let s = self.inst.cat.new_segment(&name, SegmentKind::Table, None, pool);
        if let Some(ts) = ts {
            self.inst.place_segment(s, &ts);
        }
        if let Some(c) = cfc {
            self.inst.io.set_cell_flash_cache(s, c);
        }
        if let Some(p) = self.inst.cat.tables[tid].part.as_mut() {
            p.parts[i].seg = Some(s);
        }
    }

    /// Statement rollback of an insert into a partitioned table: the rows
    /// leave their partitions, each heap back to its blocks `before`.
    pub(super) fn roll_back_partitions(&mut self, tid: TableId, first_row: usize, before: &[usize]) {
        let Some(p) = self.inst.cat.tables[tid].part.as_mut() else { return };
        p.row_part.truncate(first_row);
        for (part, &b) in p.parts.iter_mut().zip(before) {
            part.heap.truncate_to(b.max(1));
        }
    }
}

/// (see `truncate_partitions`)
impl Run<'_> {
    /// TRUNCATE of a partitioned table (`only`: None) or of one partition:
    /// each partition emptied gets a new DATA_OBJECT_ID and an empty
    /// segment (its buffers dropped from the cache). The caller empties
    /// the table's rows for a whole-table truncate.
    pub(super) fn truncate_partitions(&mut self, tid: TableId, only: Option<usize>) {
        let n = self.inst.cat.tables[tid].part.as_ref().map_or(0, |p| p.parts.len());
        let bs = self.inst.params.current.db_block_size;
        let pctfree = self.inst.cat.tables[tid].pctfree;
        for i in (0..n).filter(|i| only.is_none_or(|o| o == *i)) {
            let data_id = self.object_stamp().id;
            let Some(p) = self.inst.cat.tables[tid].part.as_mut() else { return };
            let part = &mut p.parts[i];
            part.data_id = Some(data_id);
            part.heap = HeapSegment::new(bs, pctfree);
            if let Some(seg) = part.seg {
                self.inst.sga.cache.invalidate_segment(seg);
            }
        }
        if let (Some(p), None) = (self.inst.cat.tables[tid].part.as_mut(), only) {
            p.row_part.clear();
        }
    }
}

/// (see `gather_partition_stats`)
impl Run<'_> {
    /// DBMS_STATS' partition-level statistics (GRANULARITY AUTO gathers
    /// them with the global ones): each partition's rows, blocks below
    /// its high-water mark and average row length.
    pub(in crate::session) fn gather_partition_stats(&mut self, tid: TableId) {
        let t = &self.inst.cat.tables[tid];
        let Some(pt) = t.part.as_deref() else { return };
        let n = pt.parts.len();
        let (mut rows, mut lens) = (vec![0u64; n], vec![vec![0u64; t.columns.len()]; n]);
        for ((r, &p), l) in t.rows.iter().zip(&pt.row_part).zip(&t.loc) {
            if l.is_dead() {
                continue;
            }
            rows[p as usize] += 1;
            for (c, len) in r.column_lens().enumerate() {
                lens[p as usize][c] += len as u64;
            }
        }
        let now = crate::date::sysdate();
        let Some(pt) = self.inst.cat.tables[tid].part.as_mut() else { return };
        for (i, p) in pt.parts.iter_mut().enumerate() {
            // As the table's: 3 and each column's average length, rounded up.
            let col_avg = |s: &u64| if rows[i] == 0 { 0 } else { (*s as f64 / rows[i] as f64).ceil() as u32 };
            let avg = 3 + lens[i].iter().map(col_avg).sum::<u32>();
            p.stats = PartStats {
                num_rows: rows[i],
                blocks: p.blocks(),
                avg_row_len: avg,
                gathered: true,
                analyzed: Some(now),
            };
        }
    }
}

/// (see `partition_rows`)
impl Run<'_> {
    /// USER_TAB_PARTITIONS, USER_PART_TABLES and USER_PART_KEY_COLUMNS.
    pub(super) fn partition_rows(&self, d: crate::exec::dictionary::DictView) -> Vec<Vec<Value>> {
        use crate::exec::dictionary::DictView;
        let num = |n: f64| Value::from_f64(n);
        let text = Value::str;
        let mut rows = Vec::new();
        let tables = self.inst.cat.tables.iter().filter(|t| !t.dropped && !t.sys);
        for (t, pt) in tables.filter_map(|t| t.part.as_deref().map(|p| (t, p))) {
            let ts = t.tablespace.as_deref().unwrap_or("USERS");
            let logging = if t.load.nologging { "NO" } else { "YES" };
            let compression = if t.compress { "ENABLED" } else { "DISABLED" };
            match d {
                DictView::PartTables => rows.push(vec![
                    text(&t.name),
                    text(pt.method.name()),
                    text(pt.sub.as_ref().map_or("NONE", |s| s.template.method.name())),
                    // An interval table counts every partition it could have.
                    num(if pt.top().interval.is_some() { MAX_PARTITIONS as f64 } else { pt.top().parts.len() as f64 }),
                    num(pt.sub.as_ref().map_or(0.0, |s| s.count() as f64)),
                    num(1.0),
                    num(if pt.sub.is_some() { 1.0 } else { 0.0 }),
                    text("VALID"),
                    text(ts),
                    num(t.pctfree as f64),
                    text(logging),
                    text(compression),
                    pt.top().interval.as_ref().map_or(Value::Null, |iv| text(&iv.text())),
                ]),
                DictView::PartKeyColumns => {
                    rows.push(vec![text(&t.name), text("TABLE"), text(&t.columns[pt.key].name), num(1.0)])
                }
                _ => {
                    let subs = pt.sub.as_ref().map_or(0, |s| s.count());
                    for (i, p) in pt.top().parts.iter().enumerate() {
                        let st = &pt.partition_stats(i);
                        let hv = if p.high_value.is_empty() { Value::Null } else { text(&p.high_value) };
                        rows.push(vec![
                            text(&t.name),
                            text(if subs > 0 { "YES" } else { "NO" }),
                            text(&p.name),
                            num(subs as f64),
                            hv,
                            num(p.high_value.len() as f64),
                            num(i as f64 + 1.0),
                            text(p.tablespace.as_deref().unwrap_or(ts)),
                            num(t.pctfree as f64),
                            text(logging),
                            text(compression),
                        ]);
                        let r = rows.last_mut().expect("pushed");
                        r.extend(stats_columns(st));
                        r.push(text(if p.seq > 0 { "YES" } else { "NO" }));
                        // A composite partition is metadata: its subpartitions hold the segments.
                        r.push(text(match (subs > 0, p.seg.is_some()) {
                            (true, _) => "N/A",
                            (false, true) => "YES",
                            (false, false) => "NO",
                        }));
                    }
                }
            }
        }
        rows
    }
}

/// USER_TAB_PARTITIONS' and USER_TAB_SUBPARTITIONS' NUM_ROWS, BLOCKS,
/// AVG_ROW_LEN, SAMPLE_SIZE, LAST_ANALYZED, GLOBAL_STATS and USER_STATS
/// (the figures NULL until gathered).
pub(super) fn stats_columns(st: &PartStats) -> [Value; 7] {
    let g = |v: f64| if st.gathered { Value::from_f64(v) } else { Value::Null };
    [
        g(st.num_rows as f64),
        g(st.blocks as f64),
        g(if st.num_rows == 0 { 0.0 } else { st.avg_row_len as f64 }),
        g(st.num_rows as f64),
        st.analyzed.map(Value::Date).unwrap_or(Value::Null),
        Value::str(if st.gathered { "YES" } else { "NO" }),
        Value::str("NO"),
    ]
}

/// Range bounds ascend strictly, MAXVALUE last: ORA-14037 names the
/// partition whose bound is not below the next one's.
pub(super) fn check_range_bounds(parts: &[Partition], at: impl Fn(usize) -> Pos) -> Result<(), LabError> {
    for (i, w) in parts.windows(2).enumerate() {
        let too_high = match (&w[0].bound, &w[1].bound) {
            (PartBound::Less(None), PartBound::Less(_)) => true,
            (PartBound::Less(Some(a)), PartBound::Less(Some(b))) => a.cmp_sql(b) != std::cmp::Ordering::Less,
            _ => false,
        };
        if too_high {
            return Err(LabError::with(ora::PARTITION_BOUND_TOO_HIGH, &w[0].name, at(i)));
        }
    }
    Ok(())
}

/// An interval table's range section: no MAXVALUE partition (ORA-14761);
/// a monthly interval's transition point on a day every month has.
fn check_transition(parts: &[Partition], p: &PartitionBy) -> Result<(), LabError> {
    if let Some(i) = parts.iter().position(|q| q.bound == PartBound::Less(None)) {
        return Err(LabError::new(ora::INTERVAL_MAXVALUE, p.partitions.get(i).map_or(p.pos, |d| d.pos)));
    }
    let monthly = matches!(p.interval.as_ref().and_then(exec::plan::interval::amount_of), Some((true, _)));
    if let (true, Some(PartBound::Less(Some(Value::Date(d))))) = (monthly, parts.last().map(|q| &q.bound)) {
        if d.civil().day > 28 {
            let at = p.partitions.last().map_or(p.pos, |d| d.pos);
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "a monthly interval above a bound after the 28th", at));
        }
    }
    Ok(())
}

/// A bound as USER_TAB_PARTITIONS.HIGH_VALUE shows it: a number as it
/// is, a string quoted, a date as Oracle writes a DATE constant.
pub(super) fn high_value_text(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Num(n) => n.to_string(),
        Value::Str(s) => format!("'{}'", s.to_string().replace('\'', "''")),
        Value::Date(d) => {
            format!("TO_DATE('{}', 'SYYYY-MM-DD HH24:MI:SS', 'NLS_CALENDAR=GREGORIAN')", d.canonical())
        }
    }
}
