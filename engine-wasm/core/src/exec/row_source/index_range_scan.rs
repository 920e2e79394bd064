//! INDEX RANGE SCAN (and INDEX FULL SCAN, with no keys and no bounds):
//! equality on a key prefix, or a range on the first key column. One
//! descent per start (or, as a nested loop's inner row source in 11g, the
//! kept leaf or its sibling, `pins.rs`), then the entries in key order,
//! each checked in the pinned leaf or the next one. Per line: the
//! descent's and leaf gets, the revisits of the pinned leaf,
//! `index scans kdiixs1`.

use super::*;

#[inline(always)]
pub(super) fn open(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &Env,
    keep_pins: bool,
    line: u16,
) -> Result<(), Box<LabError>> {
    let OpKind::IndexRange { started, end, pinned_leaf, kept, parts, .. } = kind else { unreachable!() };
    *started = false;
    *end = false;
    if !keep_pins {
        *pinned_leaf = None;
    }
    kept.open(keep_pins, rt.outer_moved);
    if let Some(ps) = parts {
        super::partition_scan::open_index(ps, rt, env, line)?;
    }
    Ok(())
}

/// The next entry: of this index, or of each of its partitions the
/// scan reads, one after another (each probed with a descent of its own).
#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    if !matches!(kind, OpKind::IndexRange { parts: Some(_), .. }) {
        return scan(kind, rt, env, line, st);
    }
    super::partition_scan::next_over_index_partitions(
        kind,
        rt,
        env,
        |k| match k {
            OpKind::IndexRange { parts: Some(ps), .. } => ps.as_mut(),
            _ => unreachable!(),
        },
        |k, ix| {
            let OpKind::IndexRange { index, started, end, pinned_leaf, kept, .. } = k else { unreachable!() };
            *index = ix;
            (*started, *end, *pinned_leaf) = (false, false, None);
            kept.open(false, true);
        },
        |k, rt, env| scan(k, rt, env, line, st),
    )
}

#[inline(always)]
fn scan(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, line: u16, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::IndexRange {
        index,
        keys,
        low,
        high,
        src,
        pos,
        started,
        pinned_leaf,
        keybuf,
        high_value,
        end,
        filter,
        kept,
        silent,
        desc,
        piece_end,
        nulls,
        in_run,
        run,
        ..
    } = kind
    else {
        unreachable!()
    };
    let ix = &rt.cat.indexes[*index];
    let bt = &ix.btree;
    let seg = ix.seg;
    loop {
        if *end {
            return Ok(false);
        }
        if !*started {
            *started = true;
            *piece_end = 0;
            // Where the previous probe's scan stopped.
            let stopped = *pos;
            probe_keys(rt, env, keys, keybuf, bt.reverse)?;
            rt.k.stats.access.index_scans_kdiixs1 += 1;
            let bounds = (eval_bound(rt, env, low)?, eval_bound(rt, env, high)?);
            *in_run = !keys.is_empty() && !*nulls && (low.is_some() || high.is_some());
            (*pos, *high_value, *run) = if *in_run {
                run_start(bt, keybuf, bounds, *desc)
            } else {
                let (f, h) = start_at(bt, keybuf, (keys.is_empty(), *nulls), bounds, *desc);
                (f.unwrap_or(bt.len()), h, (0, 0))
            };
            let leaf = if bt.is_empty() { 0 } else { bt.leaf_of((*pos).min(bt.len() - 1)) };
            let path = if bt.holds_rows {
                LeafPath::Descend
            } else {
                kept.path(leaf, false, *pos == stopped, rt.k.profile.nl_kept_leaf_trust)
            };
            kept.taken(path, leaf, true);
            *silent = matches!(path, LeafPath::Kept | LeafPath::Next);
            let lb = bt.leaf_block(leaf);
            match path {
                LeafPath::Kept => rt.pinned_read(st),
                LeafPath::Next => rt.get_sibling(line, st, seg, lb),
                _ => {
                    for level in 0..bt.level_counts.len() - 1 {
                        rt.get(line, st, seg, bt.path_block(level, leaf), GetKind::Examination, false);
                    }
                    rt.get(line, st, seg, lb, GetKind::Normal, true);
                }
            }
            *pinned_leaf = Some(lb);
        } else {
            let quiet = (*silent).then_some(kept.leaf).flatten();
            if !next_entry(rt, bt, (seg, line, st), (pos, *desc), pinned_leaf, (*piece_end, quiet)) {
                *end = true;
                return Ok(false);
            }
        }
        let p = *pos;
        let inside = if *in_run {
            (run.0 as usize..run.1 as usize).contains(&p)
        } else {
            in_range(bt, p, (keys.is_empty(), *nulls), keybuf, high_value, *desc)
        };
        if !inside {
            *end = true;
            // A leaf the check crossed into is released; the
            // probe's leaf stays pinned for the next outer row.
            if let Some(k) = kept.leaf {
                *pinned_leaf = Some(bt.leaf_block(k));
            }
            return Ok(false);
        }
        env.rows[*src] = bt.row_at(p);
        env.blocks[*src] = bt.rowid_block_at(p);
        if rt.test_all(filter, env)? {
            if bt.bitmap {
                bitmap_piece(rt, bt, p, piece_end, line);
            }
            return Ok(true);
        }
    }
}

/// Move the scan to its next entry: in the pinned leaf, or the next
/// (descending: the previous) leaf; false at the end of the index.
///
/// A fetch call resumes the scan in the leaf where the last call stopped
/// (its pin was released at the call's end): that leaf is got again even
/// when its entries are all consumed and the scan goes on into the next
/// leaf (Antognini's INDEX FULL SCAN at arraysize 2: one leaf get per
/// fetch call plus one per leaf crossed, whichever call the crossing
/// falls in). `quiet`: the kept leaf of a silent (kept or sibling)
/// probe, whose entries are read without a visit, as bitmap entries
/// before `piece_end`.
fn next_entry(
    rt: &mut Rt<'_>,
    bt: &crate::storage::BTree,
    (seg, line, st): (u32, u16, usize),
    (pos, desc): (&mut usize, bool),
    pinned_leaf: &mut Option<u32>,
    (piece_end, quiet): (u32, Option<u32>),
) -> bool {
    let stopped_in = (pinned_leaf.is_none() && *pos < bt.len()).then(|| bt.leaf_of(*pos));
    let regot = |rt: &mut Rt<'_>, lf: u32| rt.get(line, st, seg, bt.leaf_block(lf), GetKind::Normal, true);
    if desc && *pos == 0 || !desc && *pos + 1 >= bt.len() {
        stopped_in.into_iter().for_each(|lf| regot(rt, lf));
        if !desc {
            *pos += 1;
        }
        return false;
    }
    *pos = if desc { *pos - 1 } else { *pos + 1 };
    let lf = bt.leaf_of(*pos);
    let lb = bt.leaf_block(lf);
    let same_piece = bt.bitmap && (*pos as u32) < piece_end;
    if *pinned_leaf == Some(lb) {
        if !(same_piece || quiet == Some(lf)) {
            rt.revisit(line, st, seg, lb);
        }
    } else {
        if let Some(old) = stopped_in.filter(|&old| old != lf) {
            regot(rt, old);
        }
        rt.get(line, st, seg, lb, GetKind::Normal, true);
        *pinned_leaf = Some(lb);
    }
    true
}

/// The probe's key values, into `keybuf` (a reverse key index is probed
/// with the key reversed).
#[inline(always)]
fn probe_keys(
    rt: &mut Rt<'_>,
    env: &mut Env,
    keys: &[CExpr],
    keybuf: &mut Vec<Value>,
    reverse: bool,
) -> Result<(), Box<LabError>> {
    eval_keys(rt, env, keys, keybuf)?;
    if reverse {
        let r = crate::storage::reversed_key(keybuf);
        keybuf.clear();
        keybuf.extend(r.iter().cloned());
    }
    Ok(())
}

/// The probe's key values, into `keybuf`.
pub(super) fn eval_keys(
    rt: &mut Rt<'_>,
    env: &mut Env,
    keys: &[CExpr],
    keybuf: &mut Vec<Value>,
) -> Result<(), Box<LabError>> {
    keybuf.clear();
    for k in keys {
        let v = rt.eval(k, env)?;
        keybuf.push(v);
    }
    Ok(())
}

/// A bitmap index's scan returns a row a bit; its line counts a row a
/// piece (BITMAP INDEX SINGLE VALUE's A-Rows are the pieces read): a row
/// of the piece already counted is taken back before `produced` adds it.
fn bitmap_piece(rt: &mut Rt<'_>, bt: &crate::storage::BTree, p: usize, piece_end: &mut u32, line: u16) {
    if (p as u32) < *piece_end {
        let l = &mut rt.lines[line as usize];
        l.a_rows = l.a_rows.saturating_sub(1);
    } else if let Some(i) = bt.piece_of(p) {
        *piece_end = bt.pieces()[i].end;
    }
}

/// A bound's value and whether it is inclusive.
fn eval_bound(
    rt: &mut Rt<'_>,
    env: &mut Env,
    b: &Option<(CExpr, bool)>,
) -> Result<Option<(Value, bool)>, Box<LabError>> {
    Ok(match b.as_ref() {
        Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
        None => None,
    })
}

/// The first entry whose first key column is NULL (NULLs sort last), or
/// the end.
fn first_null(bt: &crate::storage::BTree) -> usize {
    let (mut a, mut b) = (0, bt.len());
    while a < b {
        let mid = a + (b - a) / 2;
        if bt.first_is_null(mid) {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    a
}

/// Where a scan starts (None: nothing in range) and the bound it stops
/// at: the NULL key's first entry (`nulls`); ascending, the first entry in range and the high bound;
/// descending, the last one (NULL keys, which sort last, skipped) and
/// the low bound.
#[allow(clippy::type_complexity)]
fn start_at(
    bt: &crate::storage::BTree,
    keybuf: &[Value],
    (range, nulls): (bool, bool),
    (low, high): (Option<(Value, bool)>, Option<(Value, bool)>),
    desc: bool,
) -> (Option<usize>, Option<(Value, bool)>) {
    if nulls {
        return (Some(first_null(bt)), None);
    }
    let n = bt.len();
    if !range {
        let lo = bt.lower_bound(keybuf);
        if !desc {
            return (Some(lo), None);
        }
        // The last entry with the prefix: equal entries run from `lo`.
        let (mut a, mut b) = (lo, n);
        while a < b {
            let mid = a + (b - a) / 2;
            if bt.key_equals(mid, keybuf) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return ((a > lo).then(|| a - 1), None);
    }
    if low.as_ref().is_some_and(|(v, _)| v.is_null()) || high.as_ref().is_some_and(|(v, _)| v.is_null()) {
        return (None, None);
    }
    if !desc {
        return (Some(low.as_ref().map_or(0, |(v, incl)| bt.first_bound(v, *incl))), high);
    }
    let mut hi = high.as_ref().map_or(n, |(v, incl)| bt.first_bound(v, !*incl));
    while hi > 0 && bt.first_is_null(hi - 1) {
        hi -= 1;
    }
    (hi.checked_sub(1), low)
}

/// A range on the column after the equality prefix `keybuf`: one run of
/// entries, read from its first (descending: its last) entry; an empty
/// one probes where it would be. (Start, no stop bound, the run.)
#[allow(clippy::type_complexity)]
fn run_start(
    bt: &crate::storage::BTree,
    keybuf: &[Value],
    (low, high): (Option<(Value, bool)>, Option<(Value, bool)>),
    desc: bool,
) -> (usize, Option<(Value, bool)>, (u32, u32)) {
    let (lo, hi) = (low.as_ref().map(|(v, i)| (v, *i)), high.as_ref().map(|(v, i)| (v, *i)));
    let (a, z) = bt.prefix_range(keybuf, lo, hi);
    let first = if desc && z > a { z - 1 } else { a };
    (first, None, (a as u32, z as u32))
}

/// Entry `p` is in the scan's range: a NULL key (`nulls`), equal to the
/// key prefix `keybuf`, or
/// (a range on the first key column, `range`) not NULL and within the
/// bound the walk stops at (`stop`: the high bound ascending, the low
/// one descending).
#[inline(always)]
fn in_range(
    bt: &crate::storage::BTree,
    p: usize,
    (range, nulls): (bool, bool),
    keybuf: &[Value],
    stop: &Option<(Value, bool)>,
    desc: bool,
) -> bool {
    use std::cmp::Ordering::*;
    if nulls {
        return p < bt.len() && bt.first_is_null(p);
    }
    if range {
        p < bt.len()
            && !bt.first_is_null(p)
            && match stop.as_ref() {
                Some((h, incl)) => match (bt.cmp_first_at(p, h), desc) {
                    (Equal, _) => *incl,
                    (Less, false) | (Greater, true) => true,
                    _ => false,
                },
                None => true,
            }
    } else {
        bt.key_equals(p, keybuf)
    }
}

impl OpKind {
    /// An INDEX RANGE SCAN (or, with no keys and no bounds, an INDEX FULL
    /// SCAN) of `index` for table reference `src`, before its first fetch.
    pub(crate) fn index_range(
        index: IndexId,
        keys: Vec<CExpr>,
        low: Option<(CExpr, bool)>,
        high: Option<(CExpr, bool)>,
        src: usize,
    ) -> OpKind {
        OpKind::IndexRange {
            index,
            keys,
            low,
            high,
            src,
            pos: 0,
            started: false,
            pinned_leaf: None,
            keybuf: Vec::new(),
            high_value: None,
            end: false,
            filter: vec![],
            kept: Default::default(),
            silent: false,
            desc: false,
            skip: None,
            piece_end: 0,
            nulls: false,
            in_run: false,
            run: (0, 0),
            parts: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// A range on the first key column: its entries in key order.
    #[test]
    fn range_on_the_key() {
        let s = run(&format!("{}select id from t where id < 4 order by id;", table_t(3000)));
        let l = line(&s, "INDEX RANGE SCAN");
        assert_eq!((l.starts, l.a_rows), (1, 3));
        assert_eq!(stat(&s, "index scans kdiixs1"), 1);
        assert_eq!(rows(&s), ["1", "2", "3"]);
    }
}
