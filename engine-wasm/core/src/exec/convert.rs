//! Datatype semantics of expressions: Oracle's implicit conversions between
//! character and number, blank-padded CHAR, the declared limits of a
//! column or variable and the type code `DUMP` shows (the value-level
//! conversions themselves, and `DUMP`'s formats, are in `scalar`).
//!
//! - A character value compared with a number is converted to a number
//!   (the character side gets an implicit `TO_NUMBER`, as Oracle's plans
//!   show), and text that is not a number raises ORA-01722 when a row is
//!   compared, not before.
//! - `CHAR(n)` values are stored blank-padded to `n`. Two character values
//!   neither of which is VARCHAR2 (CHAR columns, literals, which are CHAR in
//!   Oracle) compare with blank-padded semantics (`'a ' = 'a'`); when one
//!   side is VARCHAR2 the comparison is non-padded.
//!
//! See docs/SQL.md, "Datatypes".

use super::expr::{CExpr, Func};
use super::func::Math;
pub use super::scalar::{
    concat_sql, dump, fit_number, number_bytes, number_of, pad_char, parse_number, PLSQL_VARCHAR2_MAX, SQL_VARCHAR2_MAX,
};
use crate::catalog::Catalog;
use crate::value::Value;
use lio_sql::ast::{DataType, Pos};
use lio_sql::{ora, LabError};

/// The datatype class of an expression, as far as comparisons care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Number,
    /// CHAR: a literal or a CHAR column (its length when known).
    Char(Option<u32>),
    Varchar,
    /// Binds, V$ views' columns...: decided on the values at run time.
    Unknown,
}

impl Kind {
    fn is_text(self) -> bool {
        matches!(self, Kind::Char(_) | Kind::Varchar)
    }

    /// The datatype of values of these kinds in one column (a CASE's
    /// results, a UNION ALL's branches), NULLs left out: CHAR of one length
    /// stays CHAR; CHARs of different lengths, or any VARCHAR2, give
    /// VARCHAR2 (SQL Language Reference, "UNION [ALL], INTERSECT, MINUS
    /// Operators": "If the queries select values of CHAR with different
    /// lengths, then the returned value is VARCHAR2"; CASE the same, as
    /// `CASE ... THEN 'Y' ELSE 'N' END` is CHAR(1) and `... ELSE 'NX' END`
    /// VARCHAR2(2): https://www.freelists.org/post/oracle-l/Why-is-this-expression-CHAR1-instead-of-VARCHAR21).
    pub fn common(kinds: impl IntoIterator<Item = Kind>) -> Kind {
        let mut out = None;
        for k in kinds {
            out = Some(match (out, k) {
                (None, k) => k,
                (Some(Kind::Char(Some(a))), Kind::Char(Some(b))) if a == b => Kind::Char(Some(a)),
                (Some(a), b) if a.is_text() && b.is_text() => Kind::Varchar,
                (Some(Kind::Number), Kind::Number) => Kind::Number,
                _ => return Kind::Unknown,
            });
        }
        out.unwrap_or(Kind::Unknown)
    }
}

/// What the kinds of an expression's parts are known from.
#[derive(Clone, Copy)]
pub struct Kinds<'a> {
    pub cat: &'a Catalog,
    /// The binds' (PL/SQL variables' declared types), when known.
    pub binds: &'a [Kind],
    /// Per generated row source (`CExpr::Gen::src`): its columns' kinds (a
    /// view's, a UNION ALL's, a GROUP BY's, a sort's).
    pub gens: &'a [Vec<Kind>],
    /// The aggregates of the block being compiled, before they are
    /// rewired to their row source (`CExpr::Gen { src: usize::MAX }`).
    pub aggs: &'a [Kind],
}

impl<'a> Kinds<'a> {
    /// Only the catalogue's: no generated sources, no binds known.
    pub fn of(cat: &'a Catalog) -> Self {
        Kinds { cat, binds: &[], gens: &[], aggs: &[] }
    }
}

/// The kind of a NULL literal, left out of a column's common kind.
fn is_null(e: &CExpr) -> bool {
    matches!(e, CExpr::Const(Value::Null))
}

/// The datatype class of a compiled expression.
/// UPPER, LOWER, INITCAP, SUBSTR: CHAR of a CHAR argument, else VARCHAR2.
fn same_text_kind(args: &[CExpr], k: &Kinds<'_>) -> Kind {
    match args.first().map(|a| kind(a, k)) {
        Some(Kind::Char(_)) => Kind::Char(None),
        _ => Kind::Varchar,
    }
}

pub fn kind(e: &CExpr, k: &Kinds<'_>) -> Kind {
    match e {
        CExpr::Bind(i) => k.binds.get(*i).copied().unwrap_or(Kind::Unknown),
        CExpr::Const(Value::Num(_)) | CExpr::Level | CExpr::Rownum | CExpr::RowId(_) | CExpr::Neg(..) => Kind::Number,
        CExpr::Const(Value::Str(s)) => Kind::Char(Some(s.chars().count() as u32)),
        CExpr::Const(Value::Null) => Kind::Unknown,
        CExpr::Varchar(_) => Kind::Varchar,
        CExpr::Col { table, col, .. } => match k.cat.tables.get(*table).and_then(|t| t.columns.get(*col)) {
            Some(c) => match c.data_type {
                DataType::Number { .. } => Kind::Number,
                DataType::Char { len } => Kind::Char(Some(len)),
                DataType::Varchar2 { .. } => Kind::Varchar,
                DataType::Date => Kind::Unknown,
            },
            None => Kind::Unknown,
        },
        CExpr::Gen { src, col } if *src == usize::MAX => k.aggs.get(*col).copied().unwrap_or(Kind::Unknown),
        CExpr::Gen { src, col } => k.gens.get(*src).and_then(|g| g.get(*col)).copied().unwrap_or(Kind::Unknown),
        // A CASE of CHARs of one length is CHAR; see [`Kind::common`].
        CExpr::Case(_, whens, otherwise, _) => Kind::common(
            whens.iter().map(|(_, r)| r).chain(otherwise.as_deref()).filter(|r| !is_null(r)).map(|r| kind(r, k)),
        ),
        CExpr::Bin(op, a, b, _) => {
            use lio_sql::ast::BinaryOp as B;
            match op {
                B::Add | B::Sub | B::Mul | B::Div => Kind::Number,
                // CHAR || CHAR is CHAR; with a VARCHAR2 side, VARCHAR2. Its
                // length is not known: a NULL side adds nothing (CHAR(4)
                // NULL || 'b ' is 'b ', not six characters), so it compares
                // without trailing blanks, never padded to the sum.
                B::Concat => match (kind(a, k), kind(b, k)) {
                    (Kind::Char(_), Kind::Char(_)) => Kind::Char(None),
                    _ => Kind::Varchar,
                },
                _ => Kind::Unknown,
            }
        }
        CExpr::Func(f, args, _) => match f {
            Func::Mod
            | Func::Round
            | Func::Trunc
            | Func::Length
            | Func::Abs
            | Func::Floor
            | Func::Ceil
            | Func::Sign
            | Func::Instr
            | Func::ToNumber
            | Func::Vsize
            | Func::RandomValue
            | Func::RandomInteger
            | Func::RandomNormal
            | Func::RawCast(true) => Kind::Number,
            Func::Math(Math::Reverse | Math::Chr | Math::Translate) => Kind::Varchar,
            Func::Math(Math::Initcap) => same_text_kind(args, k),
            Func::Math(_) => Kind::Number,
            // GREATEST and LEAST return their first argument's type (text
            // as VARCHAR2).
            Func::Greatest | Func::Least => match args.first().map(|a| kind(a, k)) {
                Some(Kind::Number) => Kind::Number,
                Some(Kind::Char(_) | Kind::Varchar) => Kind::Varchar,
                _ => Kind::Unknown,
            },
            // CAST's result has the type it names: a CHAR(n) compares
            // blank-padded with another CHAR, a NUMBER as a number.
            Func::Cast(to) => match to {
                super::cast::CastTo::Char(n) => Kind::Char(Some(*n)),
                super::cast::CastTo::Varchar2(_) => Kind::Varchar,
                super::cast::CastTo::Number(..) => Kind::Number,
                super::cast::CastTo::Date => Kind::Unknown,
            },
            Func::DbmsRowid(super::rowid::RowidFn::Create) | Func::Rowid => Kind::Varchar,
            Func::DbmsRowid(_) => Kind::Number,
            // The same datatype as their argument.
            Func::Upper | Func::Lower | Func::Substr => same_text_kind(args, k),
            // DECODE's result has its first result's datatype, except that
            // a CHAR or NULL first result makes it VARCHAR2 (SQL Language
            // Reference, DECODE).
            Func::Decode => match args.get(2) {
                Some(r) if is_null(r) => Kind::Varchar,
                Some(r) => match kind(r, k) {
                    Kind::Char(_) => Kind::Varchar,
                    other => other,
                },
                None => Kind::Unknown,
            },
            Func::Rpad
            | Func::Lpad
            | Func::PlRpad
            | Func::PlLpad
            | Func::ToChar
            | Func::Trim
            | Func::Ltrim
            | Func::Rtrim
            | Func::Replace
            | Func::Concat
            | Func::RandomString
            | Func::User
            | Func::Dump(_)
            | Func::RawCast(false) => Kind::Varchar,
            _ => Kind::Unknown,
        },
        _ => Kind::Unknown,
    }
}

/// `TO_NUMBER(e)`, folded when `e` is a literal that is a number. A
/// literal that is not one stays a call: Oracle raises ORA-01722 when the
/// comparison runs (an empty table gives no error).
fn to_number(e: &mut CExpr, pos: Pos) {
    if let CExpr::Const(Value::Str(s)) = e {
        if let Some(n) = parse_number(s) {
            *e = CExpr::Const(Value::Num(n));
            return;
        }
    }
    let inner = std::mem::replace(e, CExpr::Const(Value::Null));
    *e = CExpr::Func(Func::ToNumber, vec![inner], pos);
}

/// `s` blank-padded to `n` characters; trailing blanks beyond `n` dropped
/// (blank-padded comparison ignores them). Longer text stays as it is.
fn pad_to(s: &str, n: u32) -> String {
    let n = n as usize;
    let blanks = |s: &str, k: usize| {
        let mut out = String::with_capacity(s.len() + k);
        out.push_str(s);
        out.extend(std::iter::repeat_n(' ', k));
        out
    };
    let have = s.chars().count();
    if have <= n {
        return blanks(s, n - have);
    }
    let t = s.trim_end_matches(' ');
    let kept = t.chars().count();
    if kept <= n {
        blanks(t, n - kept)
    } else {
        s.to_string()
    }
}

fn is_const_str(e: &CExpr) -> Option<&str> {
    match e {
        CExpr::Const(Value::Str(s)) => Some(s),
        _ => None,
    }
}

/// `e` as the key of a blank-padded comparison (trailing blanks dropped).
fn char_key(e: &mut CExpr, pos: Pos) {
    if let Some(s) = is_const_str(e) {
        *e = CExpr::Const(Value::str(s.trim_end_matches(' ')));
        return;
    }
    let inner = std::mem::replace(e, CExpr::Const(Value::Null));
    *e = CExpr::Func(Func::CharKey, vec![inner], pos);
}

/// Blank-padded comparison of two CHAR expressions: a literal is padded to
/// the other side's length (so an index on a CHAR column still finds it);
/// two sides of different or unknown lengths compare without trailing
/// blanks.
fn blank_pad(a: &mut CExpr, ka: Option<u32>, b: &mut CExpr, kb: Option<u32>, pos: Pos) {
    match (is_const_str(a).is_some(), is_const_str(b).is_some()) {
        (true, true) => {
            let n = ka.unwrap_or(0).max(kb.unwrap_or(0));
            for e in [a, b] {
                if let Some(s) = is_const_str(e) {
                    *e = CExpr::Const(Value::str(&pad_to(s, n)));
                }
            }
        }
        (true, false) | (false, true) => {
            let (c, other_len, other) = if is_const_str(a).is_some() { (a, kb, b) } else { (b, ka, a) };
            match other_len {
                Some(n) => {
                    let s = pad_to(is_const_str(c).unwrap_or_default(), n);
                    *c = CExpr::Const(Value::str(&s));
                }
                None => {
                    char_key(c, pos);
                    char_key(other, pos);
                }
            }
        }
        (false, false) => {
            if ka.is_none() || ka != kb {
                char_key(a, pos);
                char_key(b, pos);
            }
        }
    }
}

/// The implicit conversions of a comparison `a op b`, made at compile time:
/// character against number converts the character side to a number;
/// CHAR against CHAR compares blank-padded.
pub fn coerce_pair(a: &mut CExpr, b: &mut CExpr, k: &Kinds<'_>, pos: Pos) {
    match (kind(a, k), kind(b, k)) {
        (Kind::Number, k) if k.is_text() => to_number(b, pos),
        (k, Kind::Number) if k.is_text() => to_number(a, pos),
        (Kind::Char(x), Kind::Char(y)) => blank_pad(a, x, b, y, pos),
        _ => {}
    }
}

/// The same for `x [NOT] IN (list)` and `x BETWEEN lo AND hi`: a number
/// anywhere makes every character operand a number; a CHAR `x` of known
/// length pads the literals compared with it.
pub fn coerce_list(x: &mut CExpr, list: &mut [&mut CExpr], k: &Kinds<'_>, pos: Pos) {
    let kx = kind(x, k);
    let kinds: Vec<Kind> = list.iter().map(|e| kind(e, k)).collect();
    if kx == Kind::Number || kinds.contains(&Kind::Number) {
        if kx.is_text() {
            to_number(x, pos);
        }
        for (e, k) in list.iter_mut().zip(&kinds) {
            if k.is_text() {
                to_number(e, pos);
            }
        }
        return;
    }
    if let Kind::Char(Some(n)) = kx {
        if is_const_str(x).is_none() {
            for (e, k) in list.iter_mut().zip(&kinds) {
                if let (Kind::Char(_), Some(s)) = (k, is_const_str(e)) {
                    let s = pad_to(s, n);
                    **e = CExpr::Const(Value::str(&s));
                }
            }
        }
    }
}

/// The comparisons of a compiled PL/SQL expression converted again, now
/// that its binds' types are known (its variables' declared types).
pub fn coerce_binds(e: &mut CExpr, cat: &Catalog, binds: &[Kind]) {
    use lio_sql::ast::BinaryOp as B;
    for c in e.children_mut() {
        coerce_binds(c, cat, binds);
    }
    let k = Kinds { binds, ..Kinds::of(cat) };
    match e {
        CExpr::Bin(B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge, a, b, pos) => coerce_pair(a, b, &k, *pos),
        CExpr::InList(x, l, _, pos) => {
            let mut items: Vec<&mut CExpr> = l.iter_mut().collect();
            coerce_list(x, &mut items, &k, *pos)
        }
        CExpr::Between(x, lo, hi) => coerce_list(x, &mut [&mut **lo, &mut **hi], &k, Pos::default()),
        _ => {}
    }
}

// ------------------------------------------------------------ PL/SQL

/// A PL/SQL variable's declared type, as its assignments check it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlType {
    Varchar(u32),
    Char(u32),
    Number { precision: Option<u32>, scale: Option<i32> },
}

impl PlType {
    /// Its class in comparisons.
    pub fn kind(self) -> Kind {
        match self {
            PlType::Varchar(_) => Kind::Varchar,
            PlType::Char(n) => Kind::Char(Some(n)),
            PlType::Number { .. } => Kind::Number,
        }
    }
}

/// The declared type of a PL/SQL variable from its text (`VARCHAR2(10)`,
/// `CHAR(5 BYTE)`, `NUMBER(5,2)`, `PLS_INTEGER`); None for the types whose
/// values the lab does not check (`t.c%TYPE`, BOOLEAN, DATE...).
pub fn plsql_type(text: &str) -> Option<PlType> {
    plsql_type_normalized(&normalize_type(text))
}

/// A type's text upper-cased, without blanks: `VARCHAR2(10CHAR)`.
pub fn normalize_type(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase()
}

/// [`plsql_type`] of a [`normalize_type`]d text (no allocation: it runs
/// at every assignment).
pub fn plsql_type_normalized(t: &str) -> Option<PlType> {
    let (name, args) = match t.split_once('(') {
        Some((n, rest)) => (n, Some(rest.strip_suffix(')')?)),
        None => (t, None),
    };
    let len = |a: Option<&str>| -> Option<u32> {
        let a = a?;
        let a = a.strip_suffix("CHAR").or_else(|| a.strip_suffix("BYTE")).unwrap_or(a);
        a.parse().ok()
    };
    Some(match name {
        "VARCHAR2" | "VARCHAR" | "NVARCHAR2" | "STRING" => PlType::Varchar(len(args)?),
        "CHAR" | "NCHAR" | "CHARACTER" => PlType::Char(if args.is_some() { len(args)? } else { 1 }),
        "NUMBER" | "DECIMAL" | "NUMERIC" | "DEC" => match args {
            None => PlType::Number { precision: None, scale: None },
            Some(a) => {
                let (p, s) = match a.split_once(',') {
                    Some((p, s)) => (p, Some(s.parse().ok()?)),
                    None => (a, None),
                };
                PlType::Number { precision: Some(p.parse().ok()?), scale: s }
            }
        },
        "INTEGER" | "INT" | "SMALLINT" | "PLS_INTEGER" | "BINARY_INTEGER" | "SIMPLE_INTEGER" | "NATURAL"
        | "POSITIVE" | "NATURALN" | "POSITIVEN" => PlType::Number { precision: None, scale: Some(0) },
        "FLOAT" | "REAL" | "DOUBLEPRECISION" => PlType::Number { precision: None, scale: None },
        _ => return None,
    })
}

/// A value assigned to a PL/SQL variable of type `ty` (ORA-06502 when it
/// does not fit): text is converted to a number and back, CHAR is
/// blank-padded, NUMBER(p,s) rounded to its scale.
pub fn plsql_assign(ty: PlType, v: Value, pos: Pos) -> Result<Value, LabError> {
    if v.is_null() {
        return Ok(v);
    }
    Ok(match ty {
        PlType::Number { precision, scale } => {
            let n = match &v {
                Value::Str(s) => parse_number(s).ok_or_else(|| LabError::new(ora::PLSQL_CHAR_TO_NUMBER, pos))?,
                Value::Num(n) => *n,
                Value::Null => return Ok(v),
                Value::Date(_) => {
                    return Err(LabError::with_args(ora::INCONSISTENT_DATATYPES, &[&"NUMBER", &"DATE"], pos))
                }
            };
            Value::Num(fit_number(n, precision, scale).ok_or_else(|| LabError::new(ora::PLSQL_NUMBER_PRECISION, pos))?)
        }
        PlType::Varchar(n) | PlType::Char(n) => {
            let s: crate::value::Text = match v {
                Value::Str(s) => s,
                other => crate::value::Text::from(other.to_string()),
            };
            match ty {
                PlType::Char(n) => {
                    Value::str(&pad_char(&s, n).ok_or_else(|| LabError::new(ora::PLSQL_BUFFER_TOO_SMALL, pos))?)
                }
                _ if s.len() > n as usize && s.chars().count() > n as usize => {
                    return Err(LabError::new(ora::PLSQL_BUFFER_TOO_SMALL, pos))
                }
                _ => Value::Str(s),
            }
        }
    })
}

/// A PL/SQL expression's `||`: PL/SQL's own operator, whose limit is
/// 32,767 bytes rather than SQL's 4,000.
pub fn plsql_concat(e: &mut CExpr) {
    use lio_sql::ast::BinaryOp;
    if let CExpr::Bin(BinaryOp::Concat, a, b, pos) = e {
        let (a, b, pos) = (
            std::mem::replace(&mut **a, CExpr::Const(Value::Null)),
            std::mem::replace(&mut **b, CExpr::Const(Value::Null)),
            *pos,
        );
        *e = CExpr::Func(Func::PlConcat, vec![a, b], pos);
    }
    if let CExpr::Func(f @ Func::Concat, _, _) = e {
        *f = Func::PlConcat;
    }
    if let CExpr::Func(f @ (Func::Rpad | Func::Lpad), _, _) = e {
        *f = if *f == Func::Rpad { Func::PlRpad } else { Func::PlLpad };
    }
    for c in e.children_mut() {
        plsql_concat(c);
    }
}

// ------------------------------------------------------------ DUMP

/// Oracle's type code of an expression for `DUMP`: 2 NUMBER, 1 VARCHAR2,
/// 96 CHAR (literals are CHAR); 0 when only the value can tell.
pub fn dump_type(e: &CExpr, k: &Kinds<'_>) -> u8 {
    match kind(e, k) {
        Kind::Number => 2,
        Kind::Char(_) => 96,
        Kind::Varchar => 1,
        Kind::Unknown => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;

    #[test]
    fn number_text_follows_oracle() {
        for (s, v) in [(" 12 ", 12.0), ("1e1", 10.0), ("-.5", -0.5), ("+3.", 3.0), ("1.5E-2", 0.015)] {
            assert_eq!(parse_number(s).map(|n| n.to_f64()), Some(v), "{s}");
        }
        for s in ["abc", "inf", "NaN", "infinity", "0x10", "1_000", "", " ", ".", "1e", "e5", "1.2.3", "\t1"] {
            assert_eq!(parse_number(s), None, "{s:?}");
        }
    }

    #[test]
    fn padding_to_a_length() {
        assert_eq!(pad_to("ab", 2), "ab");
        assert_eq!(pad_to("ab", 4), "ab  ");
        assert_eq!(pad_to("ab   ", 3), "ab ");
        assert_eq!(pad_to("abcd", 3), "abcd");
    }

    #[test]
    fn number_bytes_are_oracles() {
        // Values as DUMP prints them in Oracle.
        assert_eq!(number_bytes("0"), Some(vec![0x80]));
        assert_eq!(number_bytes("1"), Some(vec![0xc1, 2]));
        assert_eq!(number_bytes("100"), Some(vec![0xc2, 2]));
        assert_eq!(number_bytes("123"), Some(vec![0xc2, 2, 24]));
        assert_eq!(number_bytes(".5"), Some(vec![0xc0, 51]));
        assert_eq!(number_bytes("-1"), Some(vec![0x3e, 100, 102]));
        assert_eq!(number_bytes("12.5"), Some(vec![0xc1, 13, 51]));
        assert_eq!(number_bytes("1E+44"), Some(vec![0xd7, 2]));
        // Lengths agree with the row-size model.
        for x in [1.0, 42.0, 100.0, 12345.0, 100000.0, 0.5, -1.0, -123.45, 0.001] {
            let n = number_bytes(&crate::value::format_number(x)).unwrap().len();
            assert_eq!(n, crate::value::oracle_number_len(x), "{x}");
        }
    }

    fn fit(x: &str, p: Option<u32>, s: Option<i32>) -> Option<f64> {
        fit_number(Number::parse(x).unwrap(), p, s).map(|n| n.to_f64())
    }

    #[test]
    fn number_scale_and_precision() {
        assert_eq!(fit("1.234", Some(5), Some(2)), Some(1.23));
        assert_eq!(fit("999.994", Some(5), Some(2)), Some(999.99));
        assert_eq!(fit("999.995", Some(5), Some(2)), None);
        assert_eq!(fit("12345.0", Some(5), Some(2)), None);
        assert_eq!(fit("12345.0", Some(5), None), Some(12345.0));
        assert_eq!(fit("123456.0", Some(5), None), None);
        assert_eq!(fit("9949.0", Some(2), Some(-2)), Some(9900.0));
    }
}
