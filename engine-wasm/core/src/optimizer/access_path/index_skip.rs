//! INDEX SKIP SCAN: equalities on the columns after an index's leading
//! one (the longest run of them from the second column), no equality on
//! the leading column; probed once per leading value. Costed as Lewis
//! gives it (oracle-l, "Cost of Index Skip Scan", 6 May 2018:
//! "ndv(column1) * cost of (column1 = unknown and column2 = value)", the
//! root pinned):
//!   I/O = BLEVEL + ANDV * ceil(#LB * ix_sel / ANDV) + ceil(CLUF * ix_sel)
//! where ANDV (the 10053's "ANDV (#skips)") is the leading column's NDV
//! and ix_sel the product of the bound columns' selectivities. Checked
//! against published plans: Brooks (11g, 100,000 rows, ANDV 2, BLEVEL 1):
//! the skip scan line 1 + 2 * 1 = 3, the table line 4; dicasoracledba
//! (9i, 1,000 rows, ANDV 1,000, index only): 1 + 1000 * 1 = 1001 (so no
//! limit at the index full scan's cost, which Lewis remembers from some
//! release: a published plan shows none). CPU: each block and row priced
//! as the range scan prices them. `INDEX_SS(t [ix])` / `INDEX_SS_ASC`
//! make it win whatever it costs, `INDEX_SS_DESC` runs it descending;
//! `NO_INDEX_SS` leaves it out. Oracle's notes exclude reverse-key,
//! function-based, bitmap and single-column indexes.

use super::{index_covers, AccessPath, Beats, Candidate, TableRef, Tier};
use crate::catalog::{IndexId, IndexKind};
use crate::exec::expr::CExpr;
use crate::optimizer::cost::IndexAccess;
use crate::optimizer::predicate::usable_equalities;
use crate::optimizer::selectivity::key_equality;
use lio_sql::ast::IndexWay;

/// A skip scan candidate for each index it can serve.
pub fn candidates(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let eq = usable_equalities(r.conjuncts, r.used, r.src, r.available);
    if eq.is_empty() {
        return;
    }
    for ixid in r.indexes() {
        let ix = &r.cat.indexes[ixid];
        if ix.columns.len() < 2
            || !matches!(ix.kind, IndexKind::BTree)
            || ix.reverse
            || r.way_hinted(ix, IndexWay::NoSkipScan)
            || eq.iter().any(|(_, c, _)| *c == ix.columns[0])
        {
            continue;
        }
        let mut cis = Vec::new();
        let mut keys = Vec::new();
        for c in &ix.columns[1..] {
            let Some((ci, _, e)) = eq.iter().find(|(_, col, _)| col == c) else { break };
            cis.push(*ci);
            keys.push(e.clone());
        }
        if keys.is_empty() {
            continue;
        }
        out.push(candidate(r, ixid, cis, keys));
    }
}

fn candidate(r: &TableRef<'_>, index: IndexId, cis: Vec<usize>, keys: Vec<CExpr>) -> Candidate {
    let ix = &r.cat.indexes[index];
    let sel: f64 = ix.columns[1..]
        .iter()
        .zip(&keys)
        .map(|(&c, k)| key_equality(&r.column_stats(c), r.num_rows, k, r.peek))
        .product();
    let andv = (r.column_stats(ix.columns[0]).ndv as f64).max(1.0);
    let lb = ix.btree.leaf_count() as f64;
    let index_only = index_covers(r.referenced, r.t, ix);
    let skips = andv * (lb * sel / andv).ceil();
    let access = IndexAccess {
        blevel: ix.btree.blevel(),
        leaf_blocks: 0.0,
        clustering_factor: ix.btree.clustering_factor as f64,
        ix_sel: sel,
        tb_sel: sel,
        num_rows: r.num_rows,
        all_equal: false,
        index_only,
    };
    let mut ic = access.cost();
    ic.index_io += skips;
    ic.index_cpu += skips * crate::optimizer::cost::CPU_PER_BLOCK;
    let (index_cost, cost) = ic.units(&r.costing);
    let e_rows = (r.num_rows * sel).max(1.0).round();
    // An index-only line carries the referenced columns' bytes too (all
    // in the index): `select n1 ... where n1 = 5` prints 100 rows, 300 bytes.
    let bytes = Some(e_rows * r.row_bytes());
    let desc = r.way_hinted(ix, IndexWay::SkipScanDesc);
    let forced = desc || r.way_hinted(ix, IndexWay::SkipScan);
    let path = AccessPath::IndexSkip { index, keys, index_only, index_cost: index_cost.round(), andv, desc };
    let c = Candidate::new(path, Tier::SkipScan, (cost.round(), e_rows, bytes), "equality after the leading column");
    c.parts(ic.index_io + ic.table_io, ic.index_cpu + ic.table_cpu)
        .index_part(sel, ic.index_io)
        .exact(cost)
        .consumes(cis)
        .forced(forced)
        .beats(Beats::Strictly)
}
