//! Assembling the access path the optimizer chose for a table reference
//! (`optimizer::access_path`) into its operators and plan lines.

use super::*;
use crate::exec::row_source::{BitmapHow, BitmapState};
use crate::optimizer::access_path::{AccessPath, Candidate};

/// A range bound and whether it is inclusive.
type Bound = Option<(CExpr, bool)>;

const FRAMES_KDIFXS: &str = "qerixtFetch;kdifxs";
const FRAMES_BY_ROWID: &str = "qertbFetchByRowID;kdsgrp";

impl Builder<'_> {
    /// BITMAP INDEX SINGLE VALUE / RANGE SCAN under BITMAP CONVERSION TO
    /// ROWIDS (or COUNT) and the table access.
    fn assemble_bitmap(
        &mut self,
        path: AccessPath,
        t: &crate::catalog::Table,
        src: usize,
        (e_rows, cost, bytes): (f64, f64, Option<f64>),
    ) -> Op {
        let AccessPath::Bitmap { index, keys, low, high, index_only, index_cost, counted } = path else {
            unreachable!("a bitmap access path")
        };
        let iop = self.bitmap_scan(index, (keys, false), (low, high), src, (e_rows, index_cost));
        self.bitmap_top(iop, (counted, index_only), t, src, (e_rows, cost, bytes, index_cost))
    }

    /// One bitmap index scan: BITMAP INDEX SINGLE VALUE (`keys`, or the
    /// NULL key: `nulls`) or RANGE SCAN (bounds).
    fn bitmap_scan(
        &mut self,
        index: IndexId,
        (keys, nulls): (Vec<CExpr>, bool),
        (low, high): (Bound, Bound),
        src: usize,
        (e_rows, index_cost): (f64, f64),
    ) -> Op {
        let ranged = keys.is_empty() && !nulls;
        let operation = if ranged { "BITMAP INDEX RANGE SCAN" } else { "BITMAP INDEX SINGLE VALUE" };
        let mut kind = OpKind::index_range(index, keys, low, high, src);
        if let OpKind::IndexRange { nulls: n, .. } = &mut kind {
            *n = nulls;
        }
        let name = &self.ctx.cat.indexes[index].name;
        self.op(operation, Some(name), e_rows, index_cost, None, "qerbiFetch;kdibsGet", kind)
    }

    /// BITMAP CONVERSION TO ROWIDS (or COUNT) over `bitmaps`, under the
    /// table access unless the index answers alone.
    fn bitmap_top(
        &mut self,
        bitmaps: Op,
        (counted, index_only): (bool, bool),
        t: &crate::catalog::Table,
        src: usize,
        (e_rows, cost, bytes, index_cost): (f64, f64, Option<f64>, f64),
    ) -> Op {
        let (kind, operation) = if counted {
            (OpKind::BitmapCount(Box::new(bitmaps)), "BITMAP CONVERSION COUNT")
        } else {
            (OpKind::Filter { child: Box::new(bitmaps), preds: vec![], startup: None }, "BITMAP CONVERSION TO ROWIDS")
        };
        let conv = self.op(operation, None, e_rows, index_cost, None, "qerbcFetch", kind);
        if index_only {
            return conv;
        }
        let kind = by_rowid(t.id, src, conv, false, false);
        // BATCHED from 12c: `batched.rs`.
        self.op("TABLE ACCESS BY INDEX ROWID", Some(&t.name), e_rows, cost, bytes, FRAMES_BY_ROWID, kind)
    }

    /// BITMAP AND / OR of the legs' scans (a range leg under BITMAP
    /// MERGE, a B-tree leg under BITMAP CONVERSION FROM ROWIDS), each
    /// MINUS leg taken away in turn (BITMAP MINUS over it), under the
    /// conversion and the table access.
    fn assemble_bitmap_combine(
        &mut self,
        path: AccessPath,
        t: &crate::catalog::Table,
        src: usize,
        (e_rows, cost, bytes, index_cost): (f64, f64, Option<f64>, f64),
    ) -> Op {
        let AccessPath::BitmapCombine { or, legs, index_only, counted } = path else {
            unreachable!("a bitmap combination")
        };
        let how = if or { BitmapHow::Or } else { BitmapHow::And };
        let (minus, mut legs): (Vec<_>, Vec<_>) = legs.into_iter().partition(|l| l.minus);
        // The bitmap indexes' legs before the B-tree rowids converted
        // (Julian Dyke's 9.2 plan), each kind in the order the optimizer
        // took them (a stable sort).
        let cat = self.ctx.cat;
        legs.sort_by_key(|l| cat.indexes[l.index].kind == crate::catalog::IndexKind::BTree);
        let mut children = Vec::with_capacity(legs.len());
        for l in legs {
            children.push(self.bitmap_leg(l, src, e_rows));
        }
        let mut top = if children.len() == 1 {
            children.pop().expect("one leg")
        } else {
            self.bitmap_combine(how, children, src, index_cost)
        };
        for l in minus {
            let scan = self.bitmap_leg(l, src, e_rows);
            top = self.bitmap_combine(BitmapHow::Minus, vec![top, scan], src, index_cost);
        }
        self.bitmap_top(top, (counted, index_only), t, src, (e_rows, cost, bytes, index_cost))
    }

    /// One leg's bitmap: its scan (a range's under BITMAP MERGE, a
    /// B-tree's under BITMAP CONVERSION FROM ROWIDS).
    fn bitmap_leg(&mut self, l: crate::optimizer::access_path::BitmapLeg, src: usize, e_rows: f64) -> Op {
        let ix = &self.ctx.cat.indexes[l.index];
        if ix.kind == crate::catalog::IndexKind::BTree {
            let name = ix.name.clone();
            let rows = (l.sel * e_rows.max(1.0)).max(1.0).round();
            let kind = OpKind::index_range(l.index, l.keys, None, None, src);
            let scan = self.op("INDEX RANGE SCAN", Some(&name), rows, l.index_io.round(), None, FRAMES_KDIFXS, kind);
            return self.bitmap_combine(BitmapHow::FromRowids, vec![scan], src, l.index_io);
        }
        // (A bitmap line prints no estimates.)
        let ranged = l.keys.is_empty() && !l.nulls;
        let io = l.index_io;
        let scan = self.bitmap_scan(l.index, (l.keys, l.nulls), (l.low, l.high), src, (e_rows, io));
        if ranged {
            self.bitmap_combine(BitmapHow::Merge, vec![scan], src, io)
        } else {
            scan
        }
    }

    /// BITMAP AND / OR / MINUS / MERGE (or CONVERSION FROM ROWIDS) over
    /// `children`.
    fn bitmap_combine(&mut self, how: BitmapHow, children: Vec<Op>, src: usize, cost: f64) -> Op {
        let kind = OpKind::BitmapCombine { children, state: Box::new(BitmapState::new(how, src)) };
        self.op(how.operation(), None, 0.0, cost, None, how.frames(), kind)
    }

    /// TABLE ACCESS FULL (or SAMPLE) of `t` read as source `src`.
    fn full_scan(
        &mut self,
        t: &crate::catalog::Table,
        src: usize,
        (e_rows, cost, bytes): (f64, f64, Option<f64>),
    ) -> Op {
        let table = t.id;
        let kind = OpKind::Full {
            table,
            src,
            filter: vec![],
            next_row: 0,
            pinned: None,
            started: false,
            order: Vec::new(),
            order_at: 0,
            direct: None,
            smart: None,
            parts: None,
            sample: self.sample_scan(src),
        };
        let operation = if self.ext.sample(src).is_some() { "TABLE ACCESS SAMPLE" } else { "TABLE ACCESS FULL" };
        self.op(operation, Some(&t.name), e_rows, cost, bytes, "qertbFetch;kdstf0000101km", kind)
    }

    /// The operators of `c` for table `t` read as source `src`.
    pub(super) fn assemble_access(
        &mut self,
        c: Candidate,
        t: &crate::catalog::Table,
        src: usize,
    ) -> Result<Op, LabError> {
        let (cpu, top) = (c.cpu, self.assemble_path(c, t, src)?);
        // The path's top line (the table access, or the index alone) costs
        // the path's CPU cycles; an index under a table access keeps none
        // of its own (the lab costs the path's cycles together).
        self.cpu_cycles(top.line, cpu);
        Ok(top)
    }

    fn assemble_path(&mut self, c: Candidate, t: &crate::catalog::Table, src: usize) -> Result<Op, LabError> {
        let table = t.id;
        let (e_rows, cost, bytes) = (c.card, c.cost, c.bytes);
        let cat = self.ctx.cat;
        Ok(match c.path {
            AccessPath::Refused(e) => return Err(e),
            AccessPath::FullScan => self.full_scan(t, src, (e_rows, cost, bytes)),
            AccessPath::MinMax { index, low, high, max, filter } => {
                let ranged = low.is_some() || high.is_some();
                let operation = if ranged { "INDEX RANGE SCAN (MIN/MAX)" } else { "INDEX FULL SCAN (MIN/MAX)" };
                let first_row = ranged || !filter.is_empty();
                let kind = OpKind::IndexMinMax { index, low, high, src, max, done: false, filter };
                let name = &cat.indexes[index].name;
                let op = self.op(operation, Some(name), e_rows, cost, bytes, FRAMES_KDIFXS, kind);
                if !first_row {
                    return Ok(op);
                }
                let kind = OpKind::CountStopkey { child: Box::new(op), limit: 1, count: 0, first_row: true };
                self.op("FIRST ROW", None, e_rows, cost, bytes, "qerfrFetch", kind)
            }
            AccessPath::IotUnique { index, keys } => {
                let kind = index_unique(index, keys, src, false);
                let name = &cat.indexes[index].name;
                self.op("INDEX UNIQUE SCAN", Some(name), e_rows, cost, bytes, FRAMES_KDIFXS, kind)
            }
            AccessPath::HashCluster { key, key_col } => {
                let kind = OpKind::Hash {
                    table,
                    src,
                    key,
                    key_col,
                    bucket_rows: Vec::new(),
                    next: 0,
                    started: false,
                    filter: vec![],
                };
                self.op("TABLE ACCESS HASH", Some(&t.name), e_rows, cost, bytes, "qertbFetchByHash;kdsgrp", kind)
            }
            AccessPath::IndexUnique { index, keys, read_optim, index_only, index_cost } => {
                let suffix = if read_optim { " READ OPTIM" } else { "" };
                let kind = index_unique(index, keys, src, read_optim);
                let name = &cat.indexes[index].name;
                let operation = format!("INDEX UNIQUE SCAN{suffix}");
                // An index-only line carries the bytes of the columns it gives.
                let ib = if index_only { bytes } else { None };
                let iop = self.op(&operation, Some(name), 1.0, index_cost, ib, FRAMES_KDIFXS, kind);
                if index_only {
                    return Ok(iop);
                }
                let operation = format!("TABLE ACCESS BY INDEX ROWID{suffix}");
                let kind = by_rowid(table, src, iop, true, read_optim);
                self.op(&operation, Some(&t.name), e_rows, cost, bytes, FRAMES_BY_ROWID, kind)
            }
            AccessPath::IndexRange { index, keys, low, high, index_only, index_cost } => {
                let kind = OpKind::index_range(index, keys, low, high, src);
                let name = &cat.indexes[index].name;
                let ib = if index_only { bytes } else { None };
                let iop = self.op("INDEX RANGE SCAN", Some(name), e_rows, index_cost, ib, "qerixtFetch;kdiixs1", kind);
                if index_only {
                    return Ok(iop);
                }
                let kind = by_rowid(table, src, iop, false, false);
                self.op("TABLE ACCESS BY INDEX ROWID", Some(&t.name), e_rows, cost, bytes, FRAMES_BY_ROWID, kind)
            }
            AccessPath::IndexSkip { index, keys, index_only, index_cost, desc, .. } => {
                let mut kind = OpKind::index_range(index, keys, None, None, src);
                if let OpKind::IndexRange { skip, desc: d, .. } = &mut kind {
                    *skip = Some(Default::default());
                    *d = desc;
                }
                let name = &cat.indexes[index].name;
                let operation = if desc { "INDEX SKIP SCAN DESCENDING" } else { "INDEX SKIP SCAN" };
                let ib = if index_only { bytes } else { None };
                let iop = self.op(operation, Some(name), e_rows, index_cost, ib, "qerixtFetch;kdissFetch", kind);
                if index_only {
                    return Ok(iop);
                }
                let kind = by_rowid(table, src, iop, false, false);
                self.op("TABLE ACCESS BY INDEX ROWID", Some(&t.name), e_rows, cost, bytes, FRAMES_BY_ROWID, kind)
            }
            AccessPath::Bitmap { .. } => self.assemble_bitmap(c.path, t, src, (e_rows, cost, bytes)),
            AccessPath::BitmapCombine { .. } => {
                let index_cost = c.index_io.round();
                self.assemble_bitmap_combine(c.path, t, src, (e_rows, cost, bytes, index_cost))
            }
            AccessPath::IndexFull { index, covers, index_cost } => {
                let kind = OpKind::index_range(index, vec![], None, None, src);
                let name = &cat.indexes[index].name;
                let ib = if covers { bytes } else { None };
                let iop = self.op("INDEX FULL SCAN", Some(name), e_rows, index_cost, ib, "qerixtFetch;kdiixs1", kind);
                if covers {
                    return Ok(iop);
                }
                let kind = by_rowid(table, src, iop, false, false);
                self.op("TABLE ACCESS BY INDEX ROWID", Some(&t.name), e_rows, cost, bytes, FRAMES_BY_ROWID, kind)
            }
            AccessPath::IndexFastFull { index } => {
                let sample = self.sample_scan(src);
                let operation = if sample.is_some() { "INDEX SAMPLE FAST FULL SCAN" } else { "INDEX FAST FULL SCAN" };
                let kind = OpKind::IndexFast { index, src, block: 0, pos: 0, started: false, filter: vec![], sample };
                let name = &cat.indexes[index].name;
                self.op(operation, Some(name), e_rows, cost, bytes, FRAMES_KDIFXS, kind)
            }
        })
    }
}

impl Builder<'_> {
    /// The run-time state of source `src`'s SAMPLE clause, if it has one.
    fn sample_scan(&self, src: usize) -> Option<Box<crate::exec::row_source::sample::SampleScan>> {
        let s = self.ext.sample(src)?;
        Some(Box::new(crate::exec::row_source::sample::SampleScan::new(s.percent, s.block, s.seed)))
    }
}

fn index_unique(index: IndexId, keys: Vec<CExpr>, src: usize, read_optim: bool) -> OpKind {
    OpKind::IndexUnique {
        index,
        keys,
        src,
        read_optim,
        done: false,
        keybuf: Vec::new(),
        filter: vec![],
        finger: 0,
        leaf_hint: 0,
        kept: Default::default(),
        parts: None,
    }
}

fn by_rowid(table: TableId, src: usize, child: Op, unique_child: bool, read_optim: bool) -> OpKind {
    OpKind::ByRowid { table, src, child: Box::new(child), unique_child, read_optim, pinned: None, filter: vec![] }
}
