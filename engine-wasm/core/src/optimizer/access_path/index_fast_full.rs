//! INDEX FAST FULL SCAN instead of TABLE ACCESS FULL: an index that holds
//! every column the block reads, with a NOT NULL column (so every row has
//! an entry), and fewer blocks to read than the table (multiblock reads of
//! the whole segment, costed as a full scan is: `cost::ScanCosting`).
//! `INDEX_FFS(t [ix])` makes it win whatever it costs; `NO_INDEX_FFS`
//! and `NO_INDEX` take it away. An index that cannot answer (it misses a
//! column, or has no NOT NULL column) leaves the hint ignored, as Oracle
//! ignores it.

use super::{index_covers, AccessPath, Beats, Candidate, TableRef, Tier};
use crate::catalog::IndexKind;
use lio_sql::ast::IndexWay;

pub fn candidates(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let t = r.t;
    for &i in &t.indexes {
        let ix = &r.cat.indexes[i];
        // (A bitmap index's fast full scan is not modelled.)
        if !r.usable(ix)
            || ix.kind == IndexKind::Bitmap
            || r.way_hinted(ix, IndexWay::NoFastFull)
            || !ix.columns.iter().any(|&c| t.columns[c].not_null)
            || !index_covers(r.referenced, t, ix)
        {
            continue;
        }
        let blocks = match ix.kind {
            IndexKind::BTree | IndexKind::Bitmap => ix.btree.blocks() as u64,
        };
        let scan = r.costing.multiblock(blocks as f64, r.num_rows, 0);
        let path = AccessPath::IndexFastFull { index: i };
        let c = Candidate::new(
            path,
            Tier::FastFull,
            (scan.cost, r.num_rows, Some(r.num_rows * r.row_bytes())),
            "index covers the block",
        );
        let c = c.beats(Beats::Strictly).exact(scan.io + r.costing.cpu_units(scan.cpu)).parts(scan.io, scan.cpu);
        out.push(c.forced(r.way_hinted(ix, IndexWay::FastFull)));
    }
}
