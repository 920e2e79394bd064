//! SQL functions on values: the [`Func`] a call names, its evaluation
//! ([`eval_func`]) and the value helpers expressions share (NUMBER errors,
//! SQL comparison, LIKE, padding). A leaf below `expr`: it knows no
//! expression tree.

use super::datefn::{self, DateFn};
pub use super::func_choose::compare;
pub(crate) use super::func_math::num;
pub use super::func_math::num_error;
pub(super) use super::func_math::text;
pub use super::func_math::Math;
use crate::number::{NumError, Number};
use crate::random::DbmsRandom;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Rpad,
    Lpad,
    Mod,
    Round,
    Trunc,
    Substr,
    RandomValue,
    RandomString,
    /// `dbms_random.random`: an integer in [-2^31, 2^31).
    RandomInteger,
    RandomNormal,
    ToChar,
    ToNumber,
    Length,
    Upper,
    Lower,
    Nvl,
    Abs,
    Floor,
    Ceil,
    User,
    Nvl2,
    Decode,
    Coalesce,
    Nullif,
    Instr,
    Trim,
    Ltrim,
    Rtrim,
    Replace,
    Concat,
    Sign,
    Greatest,
    Least,
    /// `VSIZE(x)`: the bytes of the value's internal form.
    Vsize,
    /// `DUMP(x [, fmt])`, with Oracle's type code of `x` found at compile
    /// time (0: from the value).
    Dump(u8),
    /// UTL_RAW.CAST_TO_NUMBER (true) and CAST_TO_VARCHAR2 (false).
    RawCast(bool),
    /// Internal: the key of a blank-padded comparison (trailing blanks
    /// dropped). Printed as its argument.
    CharKey,
    /// Internal: `||` in PL/SQL, whose limit is 32,767 bytes.
    PlConcat,
    /// Internal: RPAD and LPAD in PL/SQL, whose limit is 32,767 bytes.
    PlRpad,
    PlLpad,
    /// A function of dates ([`super::datefn`]).
    Date(DateFn),
    /// `CAST(x AS type)` ([`super::cast`]).
    Cast(super::cast::CastTo),
    /// Issue 33's numeric and character functions (`func_math`).
    Math(Math),
    /// Internal: the ROWID pseudocolumn of a table source, `Rowid(RowId(src),
    /// table)` (evaluated by `CExpr::eval`, which has the extents).
    Rowid,
    /// A DBMS_ROWID function ([`super::rowid`]).
    DbmsRowid(super::rowid::RowidFn),
    /// Internal: `LNNVL(cond)`, TRUE when `cond` is FALSE or unknown (a
    /// NOT IN's predicate pushed into its subquery, `plan/in_exists.rs`).
    Lnnvl,
}

impl Func {
    pub fn lookup(name: &str) -> Option<Func> {
        Some(match name {
            "RPAD" => Func::Rpad,
            "LPAD" => Func::Lpad,
            "MOD" => Func::Mod,
            "ROUND" => Func::Round,
            "TRUNC" => Func::Trunc,
            "SUBSTR" => Func::Substr,
            "DBMS_RANDOM.VALUE" | "SYS.DBMS_RANDOM.VALUE" => Func::RandomValue,
            "DBMS_RANDOM.STRING" | "SYS.DBMS_RANDOM.STRING" => Func::RandomString,
            "DBMS_RANDOM.RANDOM" | "SYS.DBMS_RANDOM.RANDOM" => Func::RandomInteger,
            "DBMS_RANDOM.NORMAL" | "SYS.DBMS_RANDOM.NORMAL" => Func::RandomNormal,
            "TO_CHAR" => Func::ToChar,
            "TO_NUMBER" => Func::ToNumber,
            "LENGTH" => Func::Length,
            "UPPER" => Func::Upper,
            "LOWER" => Func::Lower,
            "NVL" => Func::Nvl,
            "ABS" => Func::Abs,
            "FLOOR" => Func::Floor,
            "CEIL" => Func::Ceil,
            "USER" => Func::User,
            "NVL2" => Func::Nvl2,
            "DECODE" => Func::Decode,
            "COALESCE" => Func::Coalesce,
            "NULLIF" => Func::Nullif,
            "INSTR" => Func::Instr,
            "TRIM" => Func::Trim,
            "LTRIM" => Func::Ltrim,
            "RTRIM" => Func::Rtrim,
            "REPLACE" => Func::Replace,
            "CONCAT" => Func::Concat,
            "SIGN" => Func::Sign,
            "GREATEST" => Func::Greatest,
            "LEAST" => Func::Least,
            "VSIZE" => Func::Vsize,
            "DUMP" => Func::Dump(0),
            "UTL_RAW.CAST_TO_NUMBER" | "SYS.UTL_RAW.CAST_TO_NUMBER" => Func::RawCast(true),
            "UTL_RAW.CAST_TO_VARCHAR2" | "SYS.UTL_RAW.CAST_TO_VARCHAR2" => Func::RawCast(false),
            _ => {
                return DateFn::lookup(name)
                    .map(Func::Date)
                    .or_else(|| Math::lookup(name).map(Func::Math))
                    .or_else(|| super::rowid::RowidFn::lookup(name).map(Func::DbmsRowid))
            }
        })
    }

    fn arity(self) -> (usize, usize) {
        match self {
            Func::Rpad | Func::Lpad | Func::PlRpad | Func::PlLpad => (2, 3),
            Func::Mod | Func::Nvl => (2, 2),
            Func::Round | Func::Trunc | Func::ToChar => (1, 2),
            Func::Substr => (2, 3),
            Func::RandomValue => (0, 2),
            Func::RandomString => (2, 2),
            Func::ToNumber => (1, 2),
            Func::Length | Func::Upper | Func::Lower | Func::Abs | Func::Floor | Func::Ceil => (1, 1),
            Func::User | Func::RandomInteger | Func::RandomNormal => (0, 0),
            Func::Date(d) => d.arity(),
            Func::Nvl2 => (3, 3),
            Func::Decode => (3, 255),
            Func::Coalesce | Func::Greatest | Func::Least => (1, 255),
            Func::Nullif | Func::Concat => (2, 2),
            Func::Instr => (2, 4),
            Func::Trim | Func::Sign | Func::Vsize | Func::CharKey | Func::Lnnvl | Func::Cast(_) => (1, 1),
            Func::Dump(_) => (1, 2),
            Func::RawCast(_) => (1, 1),
            Func::PlConcat => (2, 2),
            Func::Math(m) => m.arity(),
            Func::Rowid => (2, 2),
            Func::DbmsRowid(r) => r.arity(),
            Func::Ltrim | Func::Rtrim | Func::Replace => {
                (if matches!(self, Func::Replace) { 2 } else { 1 }, if matches!(self, Func::Replace) { 3 } else { 2 })
            }
        }
    }

    pub fn check_arity(self, n: usize, name: &str, pos: Pos) -> Result<(), LabError> {
        let (lo, hi) = self.arity();
        if n < lo || n > hi {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, pos).then(format_args!(" ({name})")));
        }
        if self == Func::RandomValue && n == 1 {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, pos).then(" (DBMS_RANDOM.VALUE)"));
        }
        Ok(())
    }

    pub fn is_random(self) -> bool {
        matches!(self, Func::RandomValue | Func::RandomString | Func::RandomInteger | Func::RandomNormal)
    }
}

/// Argument `i` as a length, position or count: a double is exact enough.
#[inline]
fn arg_f64(v: &[Value], i: usize, pos: Pos) -> Result<Option<f64>, LabError> {
    Ok(num(&v[i], pos)?.map(|x| x.to_f64()))
}

/// A NUMBER result, or its error at `pos`.
pub(crate) fn num_value(r: Result<Number, NumError>, pos: Pos) -> Result<Value, LabError> {
    r.map(Value::Num).map_err(|e| num_error(e, pos))
}

/// A string result: Oracle has no empty string, it is NULL.
fn str_or_null(s: &str) -> Value {
    if s.is_empty() {
        Value::Null
    } else {
        Value::str(s)
    }
}

fn pad(s: &str, n: usize, p: &str, left: bool) -> String {
    let have = s.chars().count();
    if n <= have {
        return s.chars().take(n).collect();
    }
    let p = if p.is_empty() { " " } else { p };
    let need = n - have;
    // Whole copies of the pad string, cut to `need` characters.
    let mut fill = p.repeat(need / p.chars().count() + 1);
    if p.is_ascii() {
        fill.truncate(need);
    } else if let Some((i, _)) = fill.char_indices().nth(need) {
        fill.truncate(i);
    }
    let mut out = String::with_capacity(s.len() + fill.len());
    if left {
        out.push_str(&fill);
        out.push_str(s);
    } else {
        out.push_str(s);
        out.push_str(&fill);
    }
    out
}

/// `work` counts the characters examined (charged to the work limit).
pub(super) fn eval_func(
    f: Func,
    v: &[Value],
    rng: &mut DbmsRandom,
    work: &mut u64,
    pos: Pos,
) -> Result<Value, LabError> {
    // The characters of its string arguments: what a function reads
    // (INSTR adds its search below).
    *work += v.iter().map(|x| if let Value::Str(s) = x { s.len() as u64 } else { 0 }).sum::<u64>();
    // ROUND, TRUNC and TO_CHAR of a date, TO_CHAR with a format.
    let on_date = matches!(v.first(), Some(Value::Date(_)));
    match f {
        // NULL, a date's or a number's (a NULL DATE has no value to say so).
        Func::Round | Func::Trunc if matches!(v.first(), Some(Value::Null)) => return Ok(Value::Null),
        Func::Round | Func::Trunc if on_date => {
            return datefn::eval(if f == Func::Round { DateFn::Round } else { DateFn::Trunc }, v, pos)
        }
        Func::ToChar if on_date => return datefn::eval(DateFn::ToChar, v, pos),
        // A number (or a text read as one) with a number format model.
        Func::ToChar | Func::ToNumber if v.len() > 1 => return super::numfmt::call(f == Func::ToChar, v, pos),
        _ => {}
    }
    let n = |i: usize| -> Result<Option<Number>, LabError> { num(&v[i], pos) };
    let fl = |i: usize| arg_f64(v, i, pos);
    Ok(match f {
        Func::Rpad
        | Func::Lpad
        | Func::PlRpad
        | Func::PlLpad
        | Func::Substr
        | Func::Trim
        | Func::Ltrim
        | Func::Rtrim
        | Func::Replace => return text_func(f, v, pos),
        Func::Nvl | Func::Nvl2 | Func::Decode | Func::Coalesce | Func::Nullif | Func::Greatest | Func::Least => {
            return super::func_choose::choose_func(choice(f), v, pos)
        }
        Func::RandomValue | Func::RandomString | Func::RandomInteger | Func::RandomNormal => {
            return random_func(f, v, rng, pos)
        }
        Func::Math(m) => return super::func_math::eval(m, v, pos),
        Func::DbmsRowid(r) => return r.eval(v, pos),
        Func::Rowid => Value::Null,
        Func::Mod => match (n(0)?, n(1)?) {
            (Some(a), Some(b)) => num_value(a.rem(&b), pos)?,
            _ => Value::Null,
        },
        Func::Round | Func::Trunc => {
            // The places are truncated to an integer (ROUND(x, 1.9) is ROUND(x, 1));
            // NULL places make the result NULL, as any NULL argument.
            let d = if v.len() > 1 { fl(1)?.map(|d| d.clamp(-1000.0, 1000.0) as i32) } else { Some(0) };
            match (n(0)?, d) {
                (Some(x), Some(d)) => num_value(if f == Func::Trunc { x.trunc(d) } else { x.round(d) }, pos)?,
                _ => Value::Null,
            }
        }
        Func::ToChar => match &v[0] {
            Value::Null => Value::Null,
            x => Value::str(&x.to_string()),
        },
        Func::ToNumber => match n(0)? {
            Some(x) => Value::Num(x),
            None => Value::Null,
        },
        Func::Length => match text(&v[0]) {
            Some(s) => Value::Num(s.chars().count().into()),
            None => Value::Null,
        },
        Func::Upper => text(&v[0]).map(|s| Value::str(&s.to_uppercase())).unwrap_or(Value::Null),
        Func::Lower => text(&v[0]).map(|s| Value::str(&s.to_lowercase())).unwrap_or(Value::Null),
        Func::Abs => n(0)?.map(|x| Value::Num(x.abs())).unwrap_or(Value::Null),
        Func::Floor => match n(0)? {
            Some(x) => num_value(x.floor(), pos)?,
            None => Value::Null,
        },
        Func::Ceil => match n(0)? {
            Some(x) => num_value(x.ceil(), pos)?,
            None => Value::Null,
        },
        // The user compiled in (the parsing session's).
        Func::User => v.first().cloned().unwrap_or(Value::Null),
        Func::Instr => return instr(v, work, pos),
        Func::Concat => super::scalar::concat_sql(&v[0], &v[1], super::scalar::SQL_VARCHAR2_MAX, pos)?,
        Func::PlConcat => super::scalar::concat_sql(&v[0], &v[1], super::scalar::PLSQL_VARCHAR2_MAX, pos)?,
        Func::Lnnvl => Value::int(if matches!(&v[0], Value::Num(n) if !n.is_zero()) { 0 } else { 1 }),
        Func::Vsize => match &v[0] {
            Value::Null => Value::Null,
            x => Value::int(x.stored_len() as i64),
        },
        Func::Dump(typ) => {
            let fmt = if v.len() > 1 { n(1)?.map(|x| x.to_f64()).unwrap_or(10.0) } else { 10.0 };
            if ![8.0, 10.0, 16.0, 17.0].contains(&fmt) {
                return Err(LabError::unsupported("DUMP formats other than 8, 10, 16 and 17", pos));
            }
            super::scalar::dump(&v[0], typ, fmt as u32, pos)?
        }
        Func::RawCast(to_number) => return super::raw::cast(&v[0], to_number, pos),
        Func::CharKey => match &v[0] {
            Value::Str(s) => Value::str(s.trim_end_matches(' ')),
            other => other.clone(),
        },
        Func::Sign => n(0)?.map(|x| Value::int(x.signum().into())).unwrap_or(Value::Null),
        Func::Date(d) => return datefn::eval(d, v, pos),
        Func::Cast(to) => return super::cast::eval(to, &v[0], pos),
    })
}

/// The text functions that pad, cut and trim: RPAD/LPAD (SQL and PL/SQL),
/// SUBSTR, TRIM/LTRIM/RTRIM, REPLACE.
fn text_func(f: Func, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    let fl = |i: usize| arg_f64(v, i, pos);
    Ok(match f {
        Func::Rpad | Func::Lpad | Func::PlRpad | Func::PlLpad => {
            let (mut sb, mut pb) = (super::pad::StackText::new(), super::pad::StackText::new());
            let (Some(s), Some(len)) = (super::pad::arg_text(&v[0], &mut sb), fl(1)?) else { return Ok(Value::Null) };
            // A NULL pad string makes the result NULL, as any NULL argument.
            let p = if v.len() > 2 {
                match super::pad::arg_text(&v[2], &mut pb) {
                    Some(p) => p,
                    None => return Ok(Value::Null),
                }
            } else {
                " ".into()
            };
            let plsql = matches!(f, Func::PlRpad | Func::PlLpad);
            // PL/SQL's VARCHAR2 holds 32,767 bytes: a longer result is
            // ORA-06502. SQL returns at most 4,000 (MAX_STRING_SIZE =
            // STANDARD) and cuts a longer one silently, where `||` would
            // raise ORA-01489 (http://blog.cmartin2.com/?p=133: length of
            // rpad('test', 5000, '!') is 4000; rpad('test', 32768, '!') in
            // PL/SQL is ORA-06502).
            let max = if plsql { super::scalar::PLSQL_VARCHAR2_MAX } else { super::scalar::SQL_VARCHAR2_MAX };
            if plsql && len >= (max + 1) as f64 {
                return Err(LabError::new(ora::PLSQL_BUFFER_TOO_SMALL, pos));
            }
            let len = len.clamp(0.0, max as f64) as usize;
            let left = matches!(f, Func::Lpad | Func::PlLpad);
            if len == 0 {
                Value::Null
            } else if let Some(short) = super::pad::pad_short(&s, len, &p, left) {
                short
            } else {
                let mut out = pad(&s, len, &p, left);
                if out.len() > max {
                    // Multibyte characters: at most `max` bytes, whole characters.
                    let cut = (0..=max).rev().find(|&i| out.is_char_boundary(i)).unwrap_or(0);
                    out.truncate(cut);
                }
                Value::str(&out)
            }
        }
        Func::Substr => {
            let Some(s) = text(&v[0]) else { return Ok(Value::Null) };
            let chars: Vec<char> = s.chars().collect();
            // A NULL position or length makes the result NULL.
            let Some(start) = fl(1)?.map(|x| x as i64) else { return Ok(Value::Null) };
            let len = if v.len() > 2 { fl(2)?.map(|x| x as i64) } else { Some(i64::MAX) };
            let Some(len) = len else { return Ok(Value::Null) };
            let begin = if start > 0 {
                start - 1
            } else if start < 0 {
                chars.len() as i64 + start
            } else {
                0
            };
            if begin < 0 || begin >= chars.len() as i64 || len <= 0 {
                return Ok(Value::Null);
            }
            let end = (begin.saturating_add(len)).min(chars.len() as i64);
            Value::str(&chars[begin as usize..end as usize].iter().collect::<String>())
        }
        Func::Trim | Func::Ltrim | Func::Rtrim => {
            let Some(s) = text(&v[0]) else { return Ok(Value::Null) };
            let set: Vec<char> = if v.len() > 1 {
                match text(&v[1]) {
                    Some(x) => x.chars().collect(),
                    None => return Ok(Value::Null),
                }
            } else {
                vec![' ']
            };
            let r = match f {
                Func::Trim => s.trim_matches(|c| set.contains(&c)),
                Func::Ltrim => s.trim_start_matches(|c| set.contains(&c)),
                _ => s.trim_end_matches(|c| set.contains(&c)),
            };
            str_or_null(r)
        }
        Func::Replace => {
            let Some(s) = text(&v[0]) else { return Ok(Value::Null) };
            let to = if v.len() > 2 { text(&v[2]).unwrap_or_default() } else { String::new() };
            match text(&v[1]) {
                Some(from) => {
                    // The result's length first: nested REPLACEs multiply it
                    // (three levels of 32,767 would be 35 TB).
                    if !from.is_empty() && to.len() > from.len() {
                        let grown = s.matches(from.as_str()).count().saturating_mul(to.len() - from.len());
                        if s.len().saturating_add(grown) > 32767 {
                            return Err(LabError::new(ora::CONCAT_TOO_LONG, pos));
                        }
                    }
                    str_or_null(&s.replace(&from, &to))
                }
                None => Value::str(&s),
            }
        }
        _ => return Err(LabError::unsupported(format!("{f:?} here"), pos)),
    })
}

/// DBMS_RANDOM.VALUE, STRING, RANDOM and NORMAL, from the session's generator.
fn random_func(f: Func, v: &[Value], rng: &mut DbmsRandom, pos: Pos) -> Result<Value, LabError> {
    let fl = |i: usize| arg_f64(v, i, pos);
    Ok(match f {
        Func::RandomValue => {
            if v.is_empty() {
                Value::from_f64(rng.value())
            } else {
                match (fl(0)?, fl(1)?) {
                    (Some(a), Some(b)) => Value::from_f64(rng.value_between(a, b)),
                    _ => Value::Null,
                }
            }
        }
        Func::RandomString => {
            let opt = text(&v[0]).unwrap_or_else(|| "U".to_string());
            let len = fl(1)?.unwrap_or(0.0).max(0.0) as usize;
            let s = rng.string(&opt, len);
            if s.is_empty() {
                Value::Null
            } else {
                Value::str(&s)
            }
        }
        Func::RandomInteger => Value::from_f64((rng.value() * 4_294_967_296.0).floor() - 2_147_483_648.0),
        Func::RandomNormal => Value::from_f64(rng.normal()),
        _ => return Err(LabError::unsupported(format!("{f:?} here"), pos)),
    })
}

/// INSTR(s, sub [, start [, occurrence]]): each place tried adds the
/// characters it compares to `work`.
fn instr(v: &[Value], work: &mut u64, pos: Pos) -> Result<Value, LabError> {
    let fl = |i: usize| arg_f64(v, i, pos);
    let (Some(s), Some(sub)) = (text(&v[0]), text(&v[1])) else { return Ok(Value::Null) };
    let start = if v.len() > 2 { fl(2)? } else { Some(1.0) };
    let occ = if v.len() > 3 { fl(3)? } else { Some(1.0) };
    let (Some(start), Some(occ)) = (start, occ) else { return Ok(Value::Null) };
    let (start, occ) = (start.trunc() as i64, occ.trunc() as i64);
    // "The value of occurrence must be positive": ORA-01428 naming it.
    if occ <= 0 {
        let given = num(&v[3], pos)?.map(|x| x.to_string()).unwrap_or_default();
        return Err(LabError::with_args(ora::ARGUMENT_OUT_OF_RANGE, &[&given], pos));
    }
    if start == 0 {
        return Ok(Value::Num(Number::ZERO));
    }
    let t: Vec<char> = s.chars().collect();
    let u: Vec<char> = sub.chars().collect();
    // Each place tried compares up to the whole substring: charged
    // as characters examined.
    let mut tried = 0u64;
    let mut at = |i: usize| {
        tried += u.len() as u64 + 1;
        i + u.len() <= t.len() && t[i..i + u.len()] == u[..]
    };
    let mut seen = 0;
    let mut found = None;
    if start > 0 {
        let mut i = (start - 1) as usize;
        while i < t.len() {
            if at(i) {
                seen += 1;
                if seen == occ {
                    found = Some(i);
                    break;
                }
            }
            i += 1;
        }
    } else {
        // Backwards from the |start|-th character from the end.
        let mut i = t.len() as i64 + start;
        while i >= 0 {
            if at(i as usize) {
                seen += 1;
                if seen == occ {
                    found = Some(i as usize);
                    break;
                }
            }
            i -= 1;
        }
    }
    *work += tried;
    Ok(match found {
        Some(i) => Value::Num((i + 1).into()),
        None => Value::Num(Number::ZERO),
    })
}

/// The choosing function `f` is.
fn choice(f: Func) -> super::func_choose::Choose {
    use super::func_choose::Choose as C;
    match f {
        Func::Nvl => C::Nvl,
        Func::Nvl2 => C::Nvl2,
        Func::Decode => C::Decode,
        Func::Coalesce => C::Coalesce,
        Func::Nullif => C::Nullif,
        Func::Greatest => C::Greatest,
        _ => C::Least,
    }
}
