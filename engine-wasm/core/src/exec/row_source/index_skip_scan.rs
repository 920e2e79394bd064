//! INDEX SKIP SCAN [DESCENDING]: an equality on the index columns after
//! the leading one, probed once per leading value. Oracle's kdiss_fetch
//! searches from the root with backtracking and keeps the path from the
//! root to the current leaf pinned during the scan (Oracle's 9i skip
//! scan notes, askmaclean.com): a probe for the next leading value gets
//! only the branch blocks and the leaf of its path that differ from the
//! pinned ones (a leaf already pinned is revisited, not got again), and
//! the leaves between two probes' leaves are skipped. The next leading
//! value is read from the branch's separators, not from a leaf. Per line:
//! the branch gets (examinations, as a range scan's descent) and leaf
//! gets; no `index scans kdiixs1` (a skip scan is not kdiixs1).

use super::skip_state::Skip;
use super::*;

/// Restart: the next fetch probes the first leading value from the root.
pub(super) fn open(kind: &mut OpKind) {
    let OpKind::IndexRange { started, end, pinned_leaf, skip: Some(s), .. } = kind else { unreachable!() };
    *started = false;
    *end = false;
    *pinned_leaf = None;
    s.path.clear();
}

pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::IndexRange { index, keys, src, pos, started, pinned_leaf, keybuf, end, filter, desc, skip, .. } = kind
    else {
        unreachable!()
    };
    let Some(s) = skip.as_deref_mut() else { unreachable!() };
    let desc = *desc;
    let ix = &rt.cat.indexes[*index];
    let bt = &ix.btree;
    let seg = ix.seg;
    loop {
        if *end {
            return Ok(false);
        }
        if !*started {
            *started = true;
            super::index_range_scan::eval_keys(rt, env, keys, keybuf)?;
            if bt.is_empty() {
                *end = true;
                return Ok(false);
            }
            let first = if desc { bt.len() - 1 } else { 0 };
            *pos = probe(bt, s, keybuf, first, desc);
            descend(rt, line, st, seg, bt, s, pinned_leaf, *pos);
        } else {
            let exhausted = if desc { *pos <= s.run.0 } else { *pos + 1 >= s.run.1 };
            if exhausted || s.run.0 == s.run.1 {
                // The next leading value's probe, or the end.
                let at = if desc { s.group.0.checked_sub(1) } else { Some(s.group.1).filter(|&g| g < bt.len()) };
                let Some(at) = at else {
                    *end = true;
                    return Ok(false);
                };
                *pos = probe(bt, s, keybuf, at, desc);
                descend(rt, line, st, seg, bt, s, pinned_leaf, *pos);
            } else {
                *pos = if desc { *pos - 1 } else { *pos + 1 };
                visit_leaf(rt, (line, st, seg), bt.leaf_block(bt.leaf_of(*pos)), pinned_leaf);
            }
        }
        if s.run.0 == s.run.1 {
            continue;
        }
        let p = *pos;
        env.rows[*src] = bt.row_at(p);
        env.blocks[*src] = bt.rowid_block_at(p);
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}

/// The leading value of the entry at `at`: its group and the run of its
/// entries the keys select; returns the position the scan reads first
/// (the run's first entry, its last descending, or where the run would
/// be when it is empty).
fn probe(bt: &crate::storage::BTree, s: &mut Skip, keybuf: &[Value], at: usize, desc: bool) -> usize {
    s.group = bt.first_group(at);
    s.run = bt.skip_run(s.group.0, s.group.1, keybuf);
    let (a, b) = s.run;
    let p = if desc && b > a { b - 1 } else { a };
    p.min(bt.len() - 1)
}

/// Reach the leaf holding entry `p` from the pinned path: a get of each
/// branch block that differs from the pinned one at its level, and of
/// the leaf unless it is the pinned leaf (then a revisit).
#[allow(clippy::too_many_arguments)]
fn descend(
    rt: &mut Rt<'_>,
    line: u16,
    st: usize,
    seg: u32,
    bt: &crate::storage::BTree,
    s: &mut Skip,
    pinned_leaf: &mut Option<u32>,
    p: usize,
) {
    let leaf = bt.leaf_of(p);
    let levels = bt.level_counts.len() - 1;
    s.path.resize(levels, u32::MAX);
    for level in 0..levels {
        let b = bt.path_block(level, leaf);
        if s.path[level] != b {
            rt.get(line, st, seg, b, GetKind::Examination, false);
            s.path[level] = b;
        }
    }
    visit_leaf(rt, (line, st, seg), bt.leaf_block(leaf), pinned_leaf);
}

/// Leaf block `lb`: revisited when it is the pinned leaf, else got and
/// pinned.
fn visit_leaf(rt: &mut Rt<'_>, (line, st, seg): (u16, usize, u32), lb: u32, pinned_leaf: &mut Option<u32>) {
    if *pinned_leaf == Some(lb) {
        rt.revisit(line, st, seg, lb);
    } else {
        rt.get(line, st, seg, lb, GetKind::Normal, true);
        *pinned_leaf = Some(lb);
    }
}
