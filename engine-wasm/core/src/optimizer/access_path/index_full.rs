//! INDEX FULL SCAN for an `INDEX(t [ix])` hint that no key or range
//! predicate serves: every leaf in key order, then the table by rowid
//! unless the index holds every column the block reads. Oracle obeys the
//! hint only with an index every row is in (one with a NOT NULL column);
//! the lab's scan stops at the first NULL leading key, so it takes an
//! index whose leading column is NOT NULL and refuses a named index whose
//! NOT NULL column is not the first. Cost: BLEVEL + leaf blocks, plus the
//! clustering factor for the table visits.

use super::{index_covers, AccessPath, Candidate, TableRef, Tier};
use crate::catalog::IndexKind;
use crate::exec::expr::CExpr;
use lio_sql::{ora, LabError};

pub fn candidates(r: &TableRef<'_>, wanted: Option<&str>, out: &mut Vec<Candidate>) {
    let (t, cat) = (r.t, r.cat);
    // A column is never NULL in the rows wanted when it is declared NOT
    // NULL or the block says `col IS NOT NULL` (Dyke's INDEX FULL SCAN
    // example 2): the index then holds every row the query returns.
    let not_null = |c: usize| {
        t.columns[c].not_null
            || r.conjuncts.iter().any(|e| {
                matches!(e, CExpr::IsNull(a, true) if matches!(**a, CExpr::Col { src, col, .. } if src == r.src && col == c))
            })
    };
    let every_row = |ix: &crate::catalog::Index| ix.columns.iter().any(|&c| not_null(c));
    let cands: Vec<&crate::catalog::Index> = t
        .indexes
        .iter()
        .map(|&i| &cat.indexes[i])
        .filter(|ix| r.usable(ix) && !ix.reverse && ix.kind == IndexKind::BTree && wanted.is_none_or(|w| ix.name == w))
        .filter(|ix| every_row(ix))
        .collect();
    let before = out.len();
    for ix in cands.iter().filter(|ix| not_null(ix.columns[0])) {
        let f = r.index_figures(ix.id);
        let index_cost = match ix.kind {
            IndexKind::BTree | IndexKind::Bitmap => f.blevel as f64 + f.leaf_blocks,
        };
        let covers = index_covers(r.referenced, t, ix);
        let (cost, bytes) = if covers {
            (index_cost, Some(r.num_rows * r.row_bytes()))
        } else {
            (index_cost + f.clustering_factor, Some(r.num_rows * r.row_bytes()))
        };
        let path = AccessPath::IndexFull { index: ix.id, covers, index_cost };
        let c = Candidate::new(path, Tier::HintedFullIndex, (cost, r.num_rows, bytes), "INDEX hint, no key or range");
        out.push(c.forced(true));
    }
    if out.len() == before {
        if let Some(ix) = cands.first() {
            let e = LabError::with(
                ora::LAB_UNSUPPORTED,
                format_args!("an INDEX hint for a full scan of {}, whose leading column may be NULL", ix.name),
                r.index_hint_pos(),
            );
            let c = Candidate::new(AccessPath::Refused(e), Tier::HintedFullIndex, (0.0, 0.0, None), "refused hint");
            out.push(c);
        }
        // No index holds every row: Oracle ignores the hint.
    }
}
