//! LIKE: the pattern matcher, charged by the characters it examines.

use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// `s LIKE p`: `%` any run, `_` one character, `esc` quotes the next one.
/// The pattern's `%`s cut it into segments: the first must match at the
/// start, the last at the end, and each one between at its leftmost
/// place after the previous one (leftmost is never worse): no
/// backtracking, and a pattern as long as the text is not quadratic when
/// it has no `%`. Adds the characters examined to `work`.
pub(super) fn like(s: &str, p: &str, esc: Option<char>, pos: Pos, work: &mut u64) -> Result<bool, LabError> {
    enum P {
        Any,
        One,
        Lit(char),
    }
    let mut pat = Vec::new();
    let mut it = p.chars();
    while let Some(c) = it.next() {
        if Some(c) == esc {
            match it.next() {
                Some(n) if n == '%' || n == '_' || Some(n) == esc => pat.push(P::Lit(n)),
                _ => return Err(LabError::new(ora::MISSING_OR_ILLEGAL_ESCAPE, pos)),
            }
        } else if c == '%' {
            pat.push(P::Any);
        } else if c == '_' {
            pat.push(P::One);
        } else {
            pat.push(P::Lit(c));
        }
    }
    let t: Vec<char> = s.chars().collect();
    *work += (t.len() + pat.len()) as u64;
    // Whether `seg` matches `t` from `i` (it fits there).
    fn at(t: &[char], seg: &[P], i: usize, work: &mut u64) -> bool {
        for (k, q) in seg.iter().enumerate() {
            *work += 1;
            if let P::Lit(c) = q {
                if t[i + k] != *c {
                    return false;
                }
            }
        }
        true
    }
    let segs: Vec<&[P]> = pat.split(|q| matches!(q, P::Any)).collect();
    let (first, last) = (segs[0], segs[segs.len() - 1]);
    if segs.len() == 1 {
        return Ok(first.len() == t.len() && at(&t, first, 0, work));
    }
    if first.len() + last.len() > t.len() {
        return Ok(false);
    }
    let end = t.len() - last.len();
    if !at(&t, first, 0, work) || !at(&t, last, end, work) {
        return Ok(false);
    }
    let mut i = first.len();
    for seg in &segs[1..segs.len() - 1] {
        loop {
            if i + seg.len() > end {
                return Ok(false);
            }
            if at(&t, seg, i, work) {
                i += seg.len();
                break;
            }
            i += 1;
        }
    }
    Ok(true)
}
