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
                    env.gen[*src].push(Value::Num(*next as f64));
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
            OpKind::CountStopkey { child, limit, count } => {
                if *count >= *limit || !child.next(rt, env)? {
                    false
                } else {
                    *count += 1;
                    env.rownum = *count;
                    true
                }
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
                    while child.next(rt, env)? {
                        // ROWNUM is assigned before the sort.
                        env.rownum += 1;
                        let mut k = Vec::with_capacity(keys.len());
                        for (e, _) in keys.iter() {
                            k.push(rt.eval(e, env)?);
                        }
                        let mut out = Vec::with_capacity(exprs.len());
                        for e in exprs.iter() {
                            out.push(rt.eval(e, env)?);
                        }
                        let bytes: u64 = k.iter().chain(out.iter()).map(|v| v.stored_len() as u64 + 1).sum();
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
                    let desc: Vec<bool> = keys.iter().map(|(_, d)| *d).collect();
                    keyed.sort_by(|a, b| {
                        for (i, d) in desc.iter().enumerate() {
                            let o = a.0[i].cmp_sql(&b.0[i]);
                            let o = if *d { o.reverse() } else { o };
                            if o != std::cmp::Ordering::Equal {
                                return o;
                            }
                        }
                        std::cmp::Ordering::Equal
                    });
                    rt.k.stats.access.sorts_memory += 1;
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
            _ => unreachable!("hot row sources are handled in next"),
        };
        if got {
            rt.produced(line, st)?;
        }
        Ok(got)
    }
}
