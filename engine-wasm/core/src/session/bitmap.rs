//! Bitmap indexes in the session: what CREATE BITMAP INDEX may ask for,
//! and DML beside another session's open transaction on a table with a
//! bitmap index. Oracle locks the bitmap piece a changed row's key lives in (old
//! and new key), so a second session changing another row of the same
//! piece waits on `enq: TX - row lock contention`. The lab does not model
//! piece locks across sessions: such DML is refused (LAB-00001) rather
//! than let through as if no piece were locked.

use super::*;

/// LAB-00001 when `table` has a live bitmap index and another session
/// holds a row lock on it.
pub(super) fn check(run: &Run<'_>, table: TableId, pos: Pos) -> Result<(), LabError> {
    let cat = &run.inst.cat;
    let bitmap = cat.tables[table]
        .indexes
        .iter()
        .any(|&i| !cat.indexes[i].dropped && cat.indexes[i].kind == crate::catalog::IndexKind::Bitmap);
    if !bitmap {
        return Ok(());
    }
    match run.inst.row_locks.other_holder(table, run.s.sid) {
        Some(sid) => Err(LabError::with(
            ora::LAB_UNSUPPORTED,
            format_args!(
                "DML on a bitmap-indexed table while session {sid} has an open transaction on it (bitmap piece locks between sessions are not modelled)"
            ),
            pos,
        )),
        None => Ok(()),
    }
}

/// The kind CREATE INDEX builds. A bitmap index cannot be compressed
/// (Julian Dyke, "Bitmap Index Internals", 2005): COMPRESS is refused.
pub(super) fn index_kind(c: &lio_sql::ast::CreateIndex) -> Result<crate::catalog::IndexKind, LabError> {
    if !c.bitmap {
        return Ok(crate::catalog::IndexKind::BTree);
    }
    if let (Some(true), Some(at)) = (c.physical.compress, c.physical.compress_at) {
        return Err(LabError::unsupported("a compressed bitmap index (COMPRESS)", at));
    }
    Ok(crate::catalog::IndexKind::Bitmap)
}
