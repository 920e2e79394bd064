//! FAST DUAL: one row, no buffer visit.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind) {
    let OpKind::Dual { done, .. } = kind else { unreachable!() };
    *done = false;
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, env: &mut Env) -> bool {
    let OpKind::Dual { src, done } = kind else { unreachable!() };
    if *done {
        return false;
    }
    *done = true;
    env.gen[*src] = vec![Value::str("X")];
    true
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn one_row() {
        let s = run("select 'a' from dual;");
        let l = line(&s, "FAST DUAL");
        assert_eq!((l.starts, l.a_rows, l.buffers), (1, 1, 0));
    }
}
