//! SEQUENCE: for each row of its child, the sequence's NEXTVAL (one value
//! a row, however many times the select list names it; CURRVAL in the same
//! row is the same value) or, when only CURRVAL is read, the session's
//! current value (ORA-08002 before its first NEXTVAL). The values come
//! from the shared pool's sequence cache (`sga/sequence.rs`), whose loads
//! the session writes to SEQ$ after the call.

use super::*;

#[inline(never)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::Sequence(child, l) = kind else { unreachable!() };
    if !child.next(rt, env)? {
        return Ok(false);
    }
    let s = &rt.cat.sequences[l.seq];
    let v = if l.next {
        rt.k.sequences.nextval(s, rt.k.sid, l.at.1)?
    } else {
        rt.k.sequences.currval(s, rt.k.sid, l.at.0)?
    };
    let out = &mut env.gen[l.src];
    out.clear();
    out.push(Value::Num(v));
    Ok(true)
}
