//! Index prefix compression (`COMPRESS [n]`): the prefix length an index
//! is built with, from its DDL.

use super::*;

/// The prefix length of `COMPRESS [n]` on an index of `columns` columns
/// (0: not compressed). Without n, every column but the last (all of them
/// for a non-unique index, whose rowid is its last column); n must be at
/// least 1 and at most the columns (non-unique) or the columns - 1
/// (unique): ORA-25194; a unique index of one column has no prefix to
/// share: ORA-25193.
pub(super) fn prefix_length(ph: &Physical, columns: usize, unique: bool, at: Pos) -> Result<u32, LabError> {
    if ph.compress != Some(true) {
        return Ok(0);
    }
    let at = ph.compress_at.unwrap_or(at);
    let most = if unique { columns.saturating_sub(1) } else { columns };
    if most == 0 {
        return Err(LabError::new(ora::COMPRESS_SINGLE_COLUMN_KEY, at));
    }
    match ph.compress_prefix {
        None => Ok(most as u32),
        Some(n) if n.fract() == 0.0 && n >= 1.0 && n <= most as f64 => Ok(n as u32),
        Some(_) => Err(LabError::new(ora::INVALID_COMPRESS_PREFIX_LENGTH, at)),
    }
}

/// The leaf format (PCTFREE, prefix length) of a key's unique index from
/// its `USING INDEX` clause.
pub(super) fn key_leaf(using: &Physical, columns: usize) -> Result<(u32, u32), LabError> {
    Ok((using.pctfree.unwrap_or(10), prefix_length(using, columns, true, Pos::default())?))
}

/// Table compression the lab does not model: rows compressed as a block
/// fills (OLTP / advanced row compression, hybrid columnar), or a basic
/// COMPRESS table loaded by direct path (CREATE TABLE ... AS SELECT), whose
/// blocks Oracle writes compressed. A basic COMPRESS table filled by
/// conventional inserts stores its rows uncompressed, as the lab does.
pub(super) fn compression_refused(ph: &Physical, direct_load: bool) -> Result<(), LabError> {
    let (Some(true), Some(at)) = (ph.compress, ph.compress_at) else { return Ok(()) };
    if ph.compress_advanced {
        return Err(LabError::unsupported(
            "advanced row and hybrid columnar compression (COMPRESS FOR OLTP, ROW STORE COMPRESS ADVANCED)",
            at,
        ));
    }
    if direct_load {
        return Err(LabError::unsupported(
            "basic compression of a direct-path load (CREATE TABLE ... COMPRESS AS SELECT)",
            at,
        ));
    }
    Ok(())
}
