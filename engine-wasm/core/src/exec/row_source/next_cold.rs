//! The next row of row sources that produce few rows per call: dual,
//! generators, aggregates and sorts.

use super::*;

impl Op {
    /// Row sources that produce few rows per call (or run their child
    /// loop inside one call): kept out of `next` so its frame stays small.
    #[inline(never)]
    pub(super) fn next_cold(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        let line = self.line;
        let st = self.st;
        let got = match &mut self.kind {
            OpKind::Dual { src, done } => {
                if *done {
                    false
                } else {
                    *done = true;
                    env.gen[*src] = vec![Value::str("X")];
                    true
                }
            }
            OpKind::RowGen { src, next, end, .. } => {
                if *next > *end {
                    false
                } else {
                    env.gen[*src].clear();
                    env.gen[*src].push(Value::int(*next));
                    env.level = *next as u64;
                    // Checked: a range ending at i64::MAX ends.
                    match next.checked_add(1) {
                        Some(n) => *next = n,
                        None => *end = *next - 1,
                    }
                    true
                }
            }
            OpKind::FixedTable { src, slot, next, filter } => loop {
                let Some(r) = rt.fixed.get(*slot).and_then(|rows| rows.get(*next)) else {
                    break false;
                };
                *next += 1;
                env.gen[*src].clear();
                env.gen[*src].extend(r.iter().cloned());
                if rt.test_all(filter, env)? {
                    break true;
                }
            },
            OpKind::SortAggregate { child, aggs, out_src, done, pos } => {
                if *done {
                    return Ok(false);
                }
                *done = true;
                let mut states: Vec<AggState> = vec![AggState::new(); aggs.len()];
                while child.next(rt, env)? {
                    for (a, s) in aggs.iter().zip(states.iter_mut()) {
                        match &a.arg {
                            Some(e) => match e.column_ref(rt.cat, env) {
                                Some(v) => s.add_ref(a.func, v, *pos)?,
                                None => {
                                    let v = rt.eval(e, env)?;
                                    s.add(a.func, Some(v), *pos)?
                                }
                            },
                            None => s.add(a.func, None, *pos)?,
                        }
                    }
                }
                env.gen[*out_src] = aggs.iter().zip(states.iter()).map(|(a, s)| s.result(a.func)).collect();
                true
            }
            OpKind::CountStopkey { child, limit, count, first_row } => {
                if *count >= *limit || !child.next(rt, env)? {
                    false
                } else {
                    *count += 1;
                    if !*first_row {
                        env.rownum = *count;
                    }
                    true
                }
            }
            OpKind::IndexFast { index, src, block, pos, started, filter } => {
                let ix = &rt.cat.indexes[*index];
                let (bt, seg) = (&ix.btree, ix.seg);
                if !*started {
                    *started = true;
                    rt.k.stats.access.index_fast_full_scans_full += 1;
                    for _ in 0..rt.k.profile.full_scan_header_gets {
                        rt.get(line, st, seg, 0, GetKind::Normal, false);
                    }
                    *block = 1;
                    *pos = 0;
                }
                let first_leaf = bt.leaf_block(0);
                let n = bt.entries.len();
                loop {
                    // Entries of the leaves already read, then the next block.
                    let leaves_read = block.saturating_sub(first_leaf) as usize;
                    let read_to = bt.leaf_start.get(leaves_read).map_or(n, |&s| s as usize).min(n);
                    if *pos < read_to {
                        let p = *pos;
                        *pos += 1;
                        rt.pinned_read(st);
                        env.rows[*src] = bt.row_at(p);
                        env.blocks[*src] = bt.rowid_block_at(p);
                        if rt.test_all(filter, env)? {
                            break true;
                        }
                        continue;
                    }
                    if *block >= bt.blocks() {
                        break false;
                    }
                    rt.get(line, st, seg, *block, GetKind::Normal, true);
                    *block += 1;
                }
            }
            OpKind::IndexMinMax { index, low, high, src, max, done, filter } => {
                if *done {
                    return Ok(false);
                }
                *done = true;
                let lowv = match low.as_ref() {
                    Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
                    None => None,
                };
                let highv = match high.as_ref() {
                    Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
                    None => None,
                };
                let ix = &rt.cat.indexes[*index];
                let (bt, seg) = (&ix.btree, ix.seg);
                rt.k.stats.access.index_scans_kdiixs1 += 1;
                let n = bt.entries.len();
                // From the first entry in range to one past the last (NULL
                // keys sort last and are never a MIN or MAX).
                let null_bound =
                    lowv.as_ref().is_some_and(|(v, _)| v.is_null()) || highv.as_ref().is_some_and(|(v, _)| v.is_null());
                let (lo, hi) = if null_bound {
                    (0, 0)
                } else {
                    let lo = lowv.as_ref().map_or(0, |(v, incl)| bt.first_bound(v, *incl));
                    let mut hi = highv.as_ref().map_or(n, |(v, incl)| bt.first_bound(v, !*incl));
                    while hi > 0 && bt.first_at(hi - 1).is_null() {
                        hi -= 1;
                    }
                    (lo, hi)
                };
                // The entry the descent lands on, found or not.
                let at = if *max { hi.saturating_sub(1) } else { lo };
                if n > 0 {
                    let leaf = bt.leaf_of(at.min(n - 1));
                    for level in 0..bt.level_counts.len() - 1 {
                        rt.get(line, st, seg, bt.path_block(level, leaf), GetKind::Examination, false);
                    }
                    rt.get(line, st, seg, bt.leaf_block(leaf), GetKind::Normal, true);
                }
                if lo >= hi {
                    return Ok(false);
                }
                env.rows[*src] = bt.row_at(at);
                env.blocks[*src] = bt.rowid_block_at(at);
                rt.test_all(filter, env)?
            }
            OpKind::Filter { child, preds } => loop {
                if !child.next(rt, env)? {
                    break false;
                }
                if rt.test_all(preds, env)? {
                    break true;
                }
            },
            OpKind::SortOrderBy { child, keys, exprs, out_src, rows, next, sorted } => {
                if !*sorted {
                    *sorted = true;
                    let mut keyed: Vec<(Vec<Value>, Vec<Value>)> = Vec::new();
                    // Memory the sort may take: the budget less the data.
                    let mut room = rt.max_memory_mb.saturating_mul(1 << 20).saturating_sub(rt.cat.memory_bytes());
                    // The bytes the sort holds in its work area.
                    let mut sort_bytes = 0u64;
                    while child.next(rt, env)? {
                        // ROWNUM is assigned before the sort.
                        env.rownum += 1;
                        let mut k = Vec::with_capacity(keys.len());
                        for (e, _, _) in keys.iter() {
                            k.push(rt.eval(e, env)?);
                        }
                        let mut out = Vec::with_capacity(exprs.len());
                        for e in exprs.iter() {
                            out.push(rt.eval(e, env)?);
                        }
                        let bytes: u64 = k.iter().chain(out.iter()).map(|v| v.stored_len() as u64 + 1).sum();
                        sort_bytes += crate::exec::workarea::SORT_ROW_OVERHEAD
                            + k.iter().chain(out.iter()).map(|v| v.column_len() as u64).sum::<u64>();
                        let held = crate::catalog::ROW_BYTES
                            + crate::catalog::VALUE_BYTES * (k.len() + out.len()) as u64
                            + bytes;
                        room = room
                            .checked_sub(held)
                            .ok_or_else(|| Box::new(crate::session::memory_error(rt.max_memory_mb)))?;
                        keyed.push((k, out));
                        // Rows held by the sort weigh like rows held for an insert.
                        rt.k.stats.work.rows_held += 1;
                        if keyed.len() & 1023 == 0 {
                            rt.work.check(rt.k.stats).map_err(Box::new)?;
                        }
                    }
                    let dirs: Vec<(usize, bool, bool)> =
                        keys.iter().enumerate().map(|(i, (_, d, n))| (i, *d, *n)).collect();
                    keyed.sort_by(|a, b| order_rows(&a.0, &b.0, &dirs));
                    let own = rt.stacks[st].own;
                    let n = keyed.len() as u64;
                    let (k, wa) = (&mut rt.k, &rt.workarea);
                    if !crate::exec::workarea::run_sort(k, &rt.work, wa, "SORT (v2)", sort_bytes, n, own)? {
                        rt.k.stats.access.sorts_memory += 1;
                    }
                    *rows = keyed.into_iter().map(|(_, r)| r).collect();
                }
                match rows.get(*next) {
                    Some(r) => {
                        env.gen[*out_src] = r.clone();
                        *next += 1;
                        true
                    }
                    None => false,
                }
            }
            OpKind::GroupBy { child, keys, aggs, out_src, order, filter, rows, next, built, pos } => {
                if !*built {
                    *built = true;
                    *rows = group_rows(rt, env, child, keys, aggs, *pos)?;
                    if let Some(dirs) = order {
                        rows.sort_by(|a, b| order_rows(a, b, dirs));
                        // A sort group by holds its groups in its work area.
                        let sort_bytes: u64 = rows
                            .iter()
                            .map(|r| {
                                crate::exec::workarea::SORT_ROW_OVERHEAD
                                    + r.iter().map(|v| v.column_len() as u64).sum::<u64>()
                            })
                            .sum();
                        let own = rt.stacks[st].own;
                        let n = rows.len() as u64;
                        let (k, wa) = (&mut rt.k, &rt.workarea);
                        if !crate::exec::workarea::run_sort(k, &rt.work, wa, "GROUP BY (SORT)", sort_bytes, n, own)? {
                            rt.k.stats.access.sorts_memory += 1;
                        }
                    }
                }
                loop {
                    match rows.get_mut(*next) {
                        Some(r) => {
                            env.gen[*out_src] = std::mem::take(r);
                            *next += 1;
                            if rt.test_all(filter, env)? {
                                break true;
                            }
                        }
                        None => break false,
                    }
                }
            }
            OpKind::SubqueryFilter { child, subs, preds } => loop {
                if !child.next(rt, env)? {
                    break false;
                }
                for s in subs.iter_mut() {
                    let v = run_subquery(rt, env, s)?;
                    env.gen[s.slot].clear();
                    env.gen[s.slot].push(v);
                }
                if rt.test_all(preds, env)? {
                    break true;
                }
            },
            OpKind::UnionAll { branches, out_src, current } => loop {
                let Some((b, exprs)) = branches.get_mut(*current) else { break false };
                if b.next(rt, env)? {
                    let mut out = Vec::with_capacity(exprs.len());
                    for e in exprs.iter() {
                        out.push(rt.eval(e, env)?);
                    }
                    env.gen[*out_src] = out;
                    break true;
                }
                *current += 1;
                if let Some((b, _)) = branches.get_mut(*current) {
                    b.open(rt, env, false)?;
                }
            },
            OpKind::NestedLoopsOuter { outer, inner, inner_srcs, inner_active, matched } => loop {
                if !*inner_active {
                    if !outer.next(rt, env)? {
                        break false;
                    }
                    inner.open(rt, env, false)?;
                    *inner_active = true;
                    *matched = false;
                }
                if inner.next(rt, env)? {
                    *matched = true;
                    break true;
                }
                *inner_active = false;
                if !*matched {
                    // No inner row: the outer row with NULLs for the inner side.
                    for &s in inner_srcs.iter() {
                        env.rows[s] = u32::MAX;
                        env.gen[s].clear();
                    }
                    break true;
                }
            },
            _ => unreachable!("hot row sources are handled in next"),
        };
        if got {
            rt.produced(line, st)?;
        }
        Ok(got)
    }
}

/// Compare two rows on (column, descending, nulls first) keys; NULLs
/// compare equal to each other.
fn order_rows(a: &[Value], b: &[Value], dirs: &[(usize, bool, bool)]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    for &(i, desc, nulls_first) in dirs {
        let (x, y) = (&a[i], &b[i]);
        let o = match (x.is_null(), y.is_null()) {
            (true, true) => Ordering::Equal,
            (true, false) => {
                if nulls_first {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (false, true) => {
                if nulls_first {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            _ => {
                let o = x.cmp_sql(y);
                if desc {
                    o.reverse()
                } else {
                    o
                }
            }
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// A key's bytes for the hash table: equal SQL values (NULLs included)
/// give equal bytes.
fn key_bytes(vals: &[Value], out: &mut Vec<u8>) {
    out.clear();
    for v in vals {
        match v {
            Value::Null => out.push(0),
            // A number a double stands for exactly keeps the bytes it had
            // when NUMBER was a double (hash order unchanged); others
            // their decimal key.
            Value::Num(n) => match n.f64_key() {
                Some(x) => {
                    out.push(1);
                    let x = if x == 0.0 { 0.0 } else { x };
                    out.extend_from_slice(&x.to_bits().to_le_bytes());
                }
                None => {
                    out.push(3);
                    out.extend_from_slice(n.key_bytes());
                }
            },
            Value::Str(s) => {
                out.push(2);
                out.extend_from_slice(&(s.len() as u64).to_le_bytes());
                out.extend_from_slice(s.as_bytes());
            }
        }
    }
}

/// Read the child to its end and aggregate its rows per key: the groups
/// in the order first seen, each as its keys then its aggregates. The
/// rows the hash table holds count against the memory budget, as a
/// sort's do.
fn group_rows(
    rt: &mut Rt<'_>,
    env: &mut Env,
    child: &mut Op,
    keys: &[CExpr],
    aggs: &[AggSpec],
    pos: Pos,
) -> Result<Vec<Vec<Value>>, Box<LabError>> {
    let mut index: std::collections::HashMap<Vec<u8>, usize> = std::collections::HashMap::new();
    let mut groups: Vec<(Vec<Value>, Vec<AggState>)> = Vec::new();
    let mut room = rt.max_memory_mb.saturating_mul(1 << 20).saturating_sub(rt.cat.memory_bytes());
    let mut kb = Vec::new();
    let mut seen: u64 = 0;
    while child.next(rt, env)? {
        let mut k = Vec::with_capacity(keys.len());
        for e in keys {
            k.push(rt.eval(e, env)?);
        }
        key_bytes(&k, &mut kb);
        let g = match index.get(&kb) {
            Some(&g) => g,
            None => {
                let bytes: u64 = k.iter().map(|v| v.stored_len() as u64 + 1).sum::<u64>() + kb.len() as u64;
                let held =
                    crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES * (k.len() + aggs.len()) as u64 * 2 + bytes;
                room =
                    room.checked_sub(held).ok_or_else(|| Box::new(crate::session::memory_error(rt.max_memory_mb)))?;
                rt.k.stats.work.rows_held += 1;
                index.insert(kb.clone(), groups.len());
                groups.push((k, vec![AggState::new(); aggs.len()]));
                groups.len() - 1
            }
        };
        let states = &mut groups[g].1;
        for (a, s) in aggs.iter().zip(states.iter_mut()) {
            match &a.arg {
                Some(e) => match e.column_ref(rt.cat, env) {
                    Some(v) => s.add_ref(a.func, v, pos)?,
                    None => {
                        let v = rt.eval(e, env)?;
                        s.add(a.func, Some(v), pos)?
                    }
                },
                None => s.add(a.func, None, pos)?,
            }
        }
        seen += 1;
        if seen & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
    }
    Ok(groups
        .into_iter()
        .map(|(mut k, st)| {
            k.extend(aggs.iter().zip(st.iter()).map(|(a, s)| s.result(a.func)));
            k
        })
        .collect())
}

fn truth3(b: Option<bool>) -> Value {
    match b {
        Some(true) => Value::int(1),
        Some(false) => Value::int(0),
        None => Value::Null,
    }
}

/// `v IN (values)`: TRUE on a match, else NULL when a comparison was
/// NULL, else FALSE (an empty list is FALSE even for a NULL `v`).
fn in_values<'v>(v: &Value, values: impl Iterator<Item = &'v Value>, pos: Pos) -> Result<Option<bool>, LabError> {
    let mut unknown = false;
    for w in values {
        match crate::exec::expr::compare(v, w, pos)? {
            Some(std::cmp::Ordering::Equal) => return Ok(Some(true)),
            Some(_) => {}
            None => unknown = true,
        }
    }
    Ok(if unknown { None } else { Some(false) })
}

/// Evaluate one FILTER subquery for the current row. An uncorrelated one
/// runs once per execution (its values kept, counted against the memory
/// budget); a correlated one runs for each row and stops at the first
/// row that decides.
fn run_subquery(rt: &mut Rt<'_>, env: &mut Env, s: &mut SubPlan) -> Result<Value, Box<LabError>> {
    if !s.correlated && s.cache.is_none() {
        let mut vals = Vec::new();
        let mut room = rt.max_memory_mb.saturating_mul(1 << 20).saturating_sub(rt.cat.memory_bytes());
        s.op.open(rt, env, false)?;
        while s.op.next(rt, env)? {
            let v = match &s.kind {
                SubKind::Exists => Value::Null,
                SubKind::In { right, .. } => rt.eval(right, env)?,
            };
            let held = crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES + v.stored_len() as u64;
            room = room.checked_sub(held).ok_or_else(|| Box::new(crate::session::memory_error(rt.max_memory_mb)))?;
            rt.k.stats.work.rows_held += 1;
            vals.push(v);
            if matches!(s.kind, SubKind::Exists) {
                break;
            }
        }
        s.cache = Some(vals);
    }
    match (&s.kind, &s.cache) {
        (SubKind::Exists, Some(vals)) => Ok(truth3(Some(!vals.is_empty()))),
        (SubKind::In { left, .. }, Some(vals)) => {
            let v = rt.eval(left, env)?;
            if v.is_null() {
                return Ok(truth3(if vals.is_empty() { Some(false) } else { None }));
            }
            Ok(truth3(in_values(&v, vals.iter(), s.pos)?))
        }
        (SubKind::Exists, None) => {
            s.op.open(rt, env, false)?;
            Ok(truth3(Some(s.op.next(rt, env)?)))
        }
        (SubKind::In { left, right }, None) => {
            let v = rt.eval(left, env)?;
            s.op.open(rt, env, false)?;
            let mut unknown = false;
            let mut any = false;
            while s.op.next(rt, env)? {
                any = true;
                let w = rt.eval(right, env)?;
                match in_values(&v, std::iter::once(&w), s.pos)? {
                    Some(true) => return Ok(truth3(Some(true))),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(truth3(if !any {
                Some(false)
            } else if unknown {
                None
            } else {
                Some(false)
            }))
        }
    }
}
