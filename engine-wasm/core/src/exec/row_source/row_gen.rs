//! CONNECT BY WITHOUT FILTERING (`CONNECT BY level <= n` or `rownum <=
//! n` on dual: DUAL's one row read first, through FAST DUAL or its full
//! scan, then the levels) and
//! XMLTABLE EVALUATION (`xmltable('a to b')`): the numbers of a range, no
//! buffer visit; at most [`MAX_GENERATED_ROWS`] per start (LAB-00030).

use super::*;
use lio_sql::ora;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<(), Box<LabError>> {
    let OpKind::RowGen { gen, next, end, child, .. } = kind else { unreachable!() };
    *next = 1;
    *end = 0;
    if let Some(c) = child {
        c.open(rt, env, false)?;
        // No DUAL row (none can be missing, but a filter could): no rows.
        if !c.next(rt, env)? {
            return Ok(());
        }
    }
    let (lo, hi) = match gen {
        RowGenKind::Pump { buf, width, .. } => (0, (env.gen[*buf].len() / (*width).max(1)) as i64 - 1),
        // Text that is not a number is ORA-01722, as in any comparison.
        // The root row (LEVEL 1) is not tested by CONNECT BY: a limit of
        // 0, a negative one or NULL still gives one row, as in Oracle
        // (http://www.sqlsnippets.com/en/topic-11821.html, "Variables").
        RowGenKind::ConnectBy(e) => {
            let n = crate::exec::convert::number_of(&rt.eval(e, env)?, Pos::default())?;
            (1, n.map_or(1, |n| (n.floor() as i64).max(1)))
        }
        // LEVEL < n: the levels below n (n - 1 for a whole n), the root row always.
        RowGenKind::ConnectByLt(e) => {
            let n = crate::exec::convert::number_of(&rt.eval(e, env)?, Pos::default())?;
            (1, n.map_or(1, |n| (n.ceil() as i64).saturating_sub(1).max(1)))
        }
        RowGenKind::Range(a, b) => {
            let a = crate::exec::convert::number_of(&rt.eval(a, env)?, Pos::default())?;
            let b = crate::exec::convert::number_of(&rt.eval(b, env)?, Pos::default())?;
            (a.unwrap_or(0.0) as i64, b.unwrap_or(0.0) as i64)
        }
    };
    if hi.saturating_sub(lo) >= MAX_GENERATED_ROWS {
        return Err(Box::new(LabError::with(ora::LAB_ROW_GENERATOR_LIMIT, MAX_GENERATED_ROWS, Pos::default())));
    }
    *next = lo;
    *end = hi;
    Ok(())
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::RowGen { src, next, end, gen, .. } = kind else { unreachable!() };
    if *next > *end {
        return Ok(false);
    }
    let _ = rt;
    if let RowGenKind::Pump { buf, width, .. } = gen {
        // The pump's row (its values and its row's number), without an
        // allocation once the row has its size.
        let at = *next as usize * *width;
        let mut row = std::mem::take(&mut env.gen[*src]);
        row.clear();
        row.extend_from_slice(&env.gen[*buf][at..at + *width]);
        env.gen[*src] = row;
        *next += 1;
        return Ok(true);
    }
    env.gen[*src].clear();
    env.gen[*src].push(Value::int(*next));
    env.level = *next as u64;
    // Checked: a range ending at i64::MAX ends.
    match next.checked_add(1) {
        Some(n) => *next = n,
        None => *end = *next - 1,
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn level_below_n() {
        let s = run("select count(*), max(level) from dual connect by level < 1001;");
        assert_eq!(rows(&s), ["1000|1000"]);
        assert_eq!(rows(&run("select count(*) from dual connect by level < 2.5;")), ["2"]);
        assert_eq!(rows(&run("select count(*) from dual connect by level < 0;")), ["1"]);
    }

    #[test]
    fn numbers_of_the_range() {
        let s = run("select count(*), sum(level) from dual connect by level <= 10;");
        assert_eq!(line(&s, "CONNECT BY WITHOUT FILTERING").a_rows, 10);
        assert_eq!(rows(&s), ["10|55"]);
        let s = run("select count(*) from xmltable('3 to 7');");
        assert_eq!(rows(&s), ["5"]);
    }

    /// Beyond the lab's limit: an error, not 10^12 rows.
    #[test]
    fn limited() {
        let mut e = crate::Engine::new(crate::EngineConfig { trace: false, ..Default::default() });
        let s = e.exec("select count(*) from dual connect by level <= 1000000000000;");
        let want = LabError::with(ora::LAB_ROW_GENERATOR_LIMIT, MAX_GENERATED_ROWS, Pos::default()).code;
        assert_eq!(s[0].error.as_ref().map(|e| e.code.as_str()), Some(want.as_str()));
    }
}
