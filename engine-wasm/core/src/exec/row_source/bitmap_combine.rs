//! BITMAP AND / OR / MINUS / MERGE: the bitmaps of several bitmap index
//! scans (or, under BITMAP MERGE, of the keys of one range scan)
//! combined in memory, then handed up one bit at a time in rowid order;
//! BITMAP CONVERSION FROM ROWIDS, a B-tree scan's rowids made one bitmap
//! the same way.
//!
//! Each child is read to its end when the line first asks for a row: its
//! gets are the scan's own (a descent, then each leaf of the key's
//! pieces once), none again while the result is handed up. The result
//! is one bitmap: the line counts one row (a piece) when it holds any
//! bit, as Antognini's plans show for bitmaps of one piece each
//! (Troubleshooting Oracle Performance, 2nd ed., ch. 13); a result of
//! more than a piece's bits is counted as one too (an assumption: the
//! lab does not cut the combined bitmap into pieces).

use super::bitmap_state::{CombineState, How};
use super::*;

pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::BitmapCombine { children, state: c } = kind else { unreachable!() };
    c.started = false;
    c.at = 0;
    c.rows.clear();
    for ch in children {
        ch.open(rt, env, keep_pins)?;
    }
    Ok(())
}

pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, line: u16) -> Result<bool, Box<LabError>> {
    let OpKind::BitmapCombine { children, state: c } = kind else { unreachable!() };
    if !c.started {
        c.started = true;
        combine(children, c, rt, env)?;
    }
    let Some(&(block, row)) = c.rows.get(c.at) else { return Ok(false) };
    env.rows[c.src] = row;
    env.blocks[c.src] = block;
    if c.at > 0 {
        // One row a piece: the bits after the first are in the same one.
        let l = &mut rt.lines[line as usize];
        l.a_rows = l.a_rows.saturating_sub(1);
    }
    c.at += 1;
    Ok(true)
}

/// Read every child to its end and combine their bits.
fn combine(children: &mut [Op], c: &mut CombineState, rt: &mut Rt<'_>, env: &mut Env) -> Result<(), Box<LabError>> {
    let src = c.src;
    // The bits held count against the memory budget (8 bytes each).
    let mut room = rt.memory_room();
    let table = children.first().and_then(|ch| table_of(ch, rt.cat));
    for (i, ch) in children.iter_mut().enumerate() {
        c.scratch.clear();
        while ch.next(rt, env)? {
            rt.hold(&mut room, 8)?;
            // An index whose entries do not record their rowid's block
            // (strings, NULLs): the block is the row's, as the table
            // access by rowid takes it, so the bits of two indexes meet.
            let (row, mut block) = (env.rows[src], env.blocks[src]);
            if block == crate::storage::NO_BLOCK {
                if let Some(l) = table.and_then(|t| rt.cat.tables[t].loc.get(row as usize)) {
                    block = l.block;
                }
            }
            c.scratch.push((block, row));
        }
        c.scratch.sort_unstable();
        c.scratch.dedup();
        if i == 0 {
            std::mem::swap(&mut c.rows, &mut c.scratch);
            continue;
        }
        match c.how {
            How::And => {
                let other = &c.scratch;
                c.rows.retain(|r| other.binary_search(r).is_ok());
            }
            How::Minus => {
                let other = &c.scratch;
                c.rows.retain(|r| other.binary_search(r).is_err());
                if null_probe(ch) {
                    // `col != NULL` holds for no row.
                    c.rows.clear();
                }
            }
            How::Or | How::Merge | How::FromRowids => {
                c.rows.extend_from_slice(&c.scratch);
                c.rows.sort_unstable();
                c.rows.dedup();
            }
        }
    }
    Ok(())
}

/// `ch` is a probe of a key that evaluated to NULL (a bind's value): the
/// scan found nothing, and `col != NULL` is true of no row, so the
/// BITMAP MINUS it feeds is empty.
fn null_probe(ch: &Op) -> bool {
    matches!(&ch.kind, OpKind::IndexRange { keys, keybuf, nulls: false, .. }
        if !keys.is_empty() && keybuf.iter().any(|v| v.is_null()))
}

/// The table `op`'s bitmaps are of: its first leaf's index's (a
/// combination's first child, down to a scan).
fn table_of(op: &Op, cat: &crate::catalog::Catalog) -> Option<crate::catalog::TableId> {
    let mut op = op;
    loop {
        match &op.kind {
            OpKind::IndexRange { index, .. } => return Some(cat.indexes[*index].table),
            OpKind::BitmapCombine { children, .. } => op = children.first()?,
            _ => return None,
        }
    }
}
