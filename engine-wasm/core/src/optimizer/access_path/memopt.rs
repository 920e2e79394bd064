//! MemOptimized Rowstore fast lookup (INDEX UNIQUE SCAN READ OPTIM): a
//! single-table, non-aggregate, unordered query on a MEMOPTIMIZE FOR READ
//! table whose whole WHERE clause binds its primary key to binds or
//! literals, in a release that has the rowstore.

use super::TableRef;
use crate::catalog::IndexId;
use crate::exec::expr::CExpr;

pub fn applies(r: &TableRef<'_>, index: IndexId, consumed: usize, keys: &[CExpr]) -> bool {
    r.single
        && !r.aggregate_query
        && r.q.order_by.is_empty()
        && r.memoptimize_rowstore
        && r.t.memoptimize_read
        && Some(index) == r.pk_index()
        && r.conjuncts.len() == consumed
        && keys.iter().all(|k| matches!(k, CExpr::Bind(_) | CExpr::Const(_)))
}
