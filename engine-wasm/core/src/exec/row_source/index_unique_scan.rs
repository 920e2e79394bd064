//! INDEX UNIQUE SCAN (heap index or IOT), optionally READ OPTIM: one
//! descent per start to the leaf holding the key, or, as a nested loop's
//! inner row source in 11g, the leaf kept pinned from the previous outer
//! row (`pins.rs`). Per line: the descent's gets, `index fetch by key`.

use super::*;

#[inline(always)]
pub(super) fn open(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &Env,
    keep_pins: bool,
    line: u16,
) -> Result<(), Box<LabError>> {
    let OpKind::IndexUnique { done, kept, parts, .. } = kind else { unreachable!() };
    *done = false;
    kept.open(keep_pins, rt.outer_moved);
    if let Some(ps) = parts {
        super::partition_scan::open_index(ps, rt, env, line)?;
    }
    Ok(())
}

/// The probe: of this index, or of each partition the scan reads (a
/// unique key is in one partition; the others are probed all the same).
#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    if !matches!(kind, OpKind::IndexUnique { parts: Some(_), .. }) {
        return probe(kind, rt, env, line, st);
    }
    super::partition_scan::next_over_index_partitions(
        kind,
        rt,
        env,
        |k| match k {
            OpKind::IndexUnique { parts: Some(ps), .. } => ps.as_mut(),
            _ => unreachable!(),
        },
        |k, ix| {
            let OpKind::IndexUnique { index, done, kept, .. } = k else { unreachable!() };
            *index = ix;
            *done = false;
            kept.open(false, true);
        },
        |k, rt, env| probe(k, rt, env, line, st),
    )
}

#[inline(always)]
fn probe(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, line: u16, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::IndexUnique { index, keys, src, read_optim, done, keybuf, filter, finger, leaf_hint, kept, .. } = kind
    else {
        unreachable!()
    };
    if *done {
        return Ok(false);
    }
    *done = true;
    // A one-column key (the common probe) needs no key buffer.
    let single;
    let key: &[Value] = if keys.len() == 1 {
        single = rt.eval(&keys[0], env)?;
        std::slice::from_ref(&single)
    } else {
        keybuf.clear();
        for k in keys.iter() {
            let v = rt.eval(k, env)?;
            keybuf.push(v);
        }
        keybuf
    };
    let ix = &rt.cat.indexes[*index];
    let bt = &ix.btree;
    // A reverse key index is probed with the key reversed.
    let reversed;
    let key: &[Value] = if bt.reverse {
        reversed = crate::storage::reversed_key(key);
        &reversed
    } else {
        key
    };
    let pos = bt.lower_bound_from(key, *finger);
    let ascending = pos == *finger + 1;
    *finger = pos;
    let found = bt.key_equals(pos, key);
    env.memopt_hit = false;
    if *read_optim && rt.fast_lookup && memoptimized_get::lookup(rt, env, (line, st), ix, found.then_some(pos), *src) {
        return Ok(true);
    }
    let leaf = if bt.is_empty() { 0 } else { bt.leaf_of_from(pos.min(bt.len() - 1), *leaf_hint) };
    *leaf_hint = leaf;
    let holds_rows = bt.holds_rows;
    let path =
        if holds_rows { LeafPath::Descend } else { kept.path(leaf, true, ascending, rt.k.profile.nl_kept_leaf_trust) };
    kept.taken(path, leaf, false);
    if path == LeafPath::Kept {
        rt.pinned_read(st);
    } else {
        for level in 0..bt.level_counts.len() - 1 {
            rt.get(line, st, ix.seg, bt.path_block(level, leaf), GetKind::Examination, false);
        }
        let lb = bt.leaf_block(leaf);
        match path {
            LeafPath::Next | LeafPath::Repeat => rt.get(line, st, ix.seg, lb, GetKind::Normal, true),
            _ => {
                if holds_rows {
                    // The row is in the leaf: a visit to an unpinned buffer.
                    rt.k.stats.access.buffer_is_not_pinned += 1;
                }
                rt.get(line, st, ix.seg, lb, GetKind::Examination, false);
                if kept.in_loop && !holds_rows {
                    // In a loop, the descent ends checking the leaf
                    // against the pins the loop keeps.
                    rt.revisit(line, st, ix.seg, lb);
                }
            }
        }
    }
    rt.k.stats.access.index_fetch_by_key += 1;
    if !found {
        return Ok(false);
    }
    env.rows[*src] = bt.row_at(pos);
    env.blocks[*src] = bt.rowid_block_at(pos);
    Ok(rt.test_all(filter, env)?)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// One descent per start; a missing key returns no row but still
    /// counts the fetch by key. (Each query runs twice: the first one's
    /// hard parse adds the dictionary's recursive lookups.)
    #[test]
    fn one_probe_per_start() {
        let s = run(&format!("{}select id from t where id = 5;\nselect id from t where id = 5;", table_t(300)));
        let l = line(&s, "INDEX UNIQUE SCAN");
        assert_eq!((l.starts, l.a_rows), (1, 1));
        assert_eq!(stat(&s, "index fetch by key"), 1);
        let s = run(&format!("{}select id from t where id = 5000;\nselect id from t where id = 5000;", table_t(300)));
        assert_eq!(line(&s, "INDEX UNIQUE SCAN").a_rows, 0);
        assert_eq!(stat(&s, "index fetch by key"), 1);
    }
}
