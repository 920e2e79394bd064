//! `INTERVAL 'text' field [(p)] [TO field [(fs)]]` literals and `CAST(x AS
//! type)`. An interval literal is parsed to a call the user cannot write,
//! `"INTERVAL LITERAL"(amount, 'SECOND' | 'MONTH', text)`, its seconds or
//! months (what `NUMTODSINTERVAL(seconds, 'SECOND')` or
//! `NUMTOYMINTERVAL(months, 'MONTH')` give) and its text as a heading
//! prints it (`INTERVAL'1'MINUTE`): the planner adds it to or
//! subtracts it from a DATE (`exec/plan/interval.rs`) and refuses it
//! anywhere else. `CAST(x AS type)` is the call `CAST(x, 'TYPE', n, s,
//! text)` (length or precision, scale; -1 and -1000 when not given; the
//! type as written), which the user cannot write (a `CAST(` is always
//! this form).

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::number::Number;
use crate::ora;

const FIELDS: [&str; 6] = ["YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"];

impl Parser<'_> {
    /// At `INTERVAL 'text'`.
    pub(super) fn interval_literal(&mut self) -> R<Expr> {
        let pos = self.pos();
        self.bump();
        let (text, tpos) = match &self.tok().tok {
            Tok::Str(s) => (s.clone(), self.pos()),
            _ => return Err(self.fail(ora::MISSING_EXPRESSION)),
        };
        self.bump();
        let lead = self.interval_field()?;
        let lead_prec = self.field_precision(lead == 5)?.unwrap_or(2);
        let trail = if self.eat_kw("TO") {
            let t = self.interval_field()?;
            if t == 5 {
                self.field_precision(false)?;
            }
            t
        } else {
            lead
        };
        // YEAR TO MONTH, or within DAY..SECOND, in order.
        let ym = lead <= 1;
        if trail < lead || (ym && trail > 1) || (!ym && trail < 2) {
            return Err(LabError::new(ora::INTERVAL_INVALID, tpos));
        }
        let amount = interval_amount(&text, lead, trail, lead_prec).map_err(|e| LabError::new(e, tpos))?;
        let unit = if ym { "MONTH" } else { "SECOND" };
        // The heading's text: the literal without blanks, upper-cased.
        let to = if trail != lead { format!("TO{}", FIELDS[trail]) } else { String::new() };
        let heading = format!("INTERVAL'{}'{}{to}", text.trim(), FIELDS[lead]);
        let args = vec![Expr::Number(amount, tpos), Expr::String(unit.into(), tpos), Expr::String(heading, tpos)];
        Ok(Expr::Function { name: Ident { name: "INTERVAL LITERAL".into(), pos }, args })
    }

    /// A field's index in [`FIELDS`].
    fn interval_field(&mut self) -> R<usize> {
        let i = self.word().and_then(|w| FIELDS.iter().position(|f| *f == w));
        let Some(i) = i else { return Err(self.fail(ora::MISSING_KEYWORD)) };
        self.bump();
        Ok(i)
    }

    /// `(p)` or, for SECOND as the leading field, `(p, fs)`: the leading
    /// precision (0 to 9, ORA-30088 otherwise).
    fn field_precision(&mut self, second: bool) -> R<Option<u32>> {
        if !self.eat(&Tok::LParen) {
            return Ok(None);
        }
        let p = self.uint(ora::INTERVAL_PRECISION_RANGE)?;
        if p > 9 {
            return Err(LabError::new(ora::INTERVAL_PRECISION_RANGE, self.toks[self.i.saturating_sub(1)].pos));
        }
        if second && self.eat(&Tok::Comma) {
            self.uint(ora::INTERVAL_PRECISION_RANGE)?;
        }
        self.rparen()?;
        Ok(Some(p))
    }

    /// At `CAST (`.
    pub(super) fn cast_expr(&mut self) -> R<(Expr, u32)> {
        let pos = self.pos();
        self.bump();
        self.bump();
        let (x, h) = self.expr_h()?;
        self.missing_keyword("AS")?;
        let tpos = self.pos();
        let from = self.i;
        let (kind, n, s) = match self.datatype()? {
            DataType::Number { precision, scale } => {
                ("NUMBER", precision.map_or(-1, i64::from), scale.map_or(-1000, i64::from))
            }
            DataType::Varchar2 { len, .. } => ("VARCHAR2", i64::from(len), -1000),
            DataType::Char { len } => ("CHAR", i64::from(len), -1000),
            DataType::Date => ("DATE", -1, -1000),
        };
        // The type's text as a heading prints it: `VARCHAR2(3)`.
        let text: String = self.toks[from..self.i]
            .iter()
            .map(|t| match &t.tok {
                Tok::Ident { name, .. } => name.clone(),
                Tok::Number(n) => n.to_string(),
                Tok::LParen => "(".into(),
                Tok::RParen => ")".into(),
                Tok::Comma => ",".into(),
                _ => String::new(),
            })
            .collect();
        self.rparen()?;
        let num = |v: i64| Expr::Number(Number::from_i64(v), tpos);
        let args = vec![x, Expr::String(kind.into(), tpos), num(n), num(s), Expr::String(text, tpos)];
        Ok((Expr::Function { name: Ident { name: "CAST".into(), pos }, args }, h + 1))
    }
}

/// The literal's text as seconds (DAY..SECOND) or months (YEAR, MONTH):
/// ORA-01867 for text that does not fit the fields, ORA-01873 for a
/// leading field with more digits than its precision.
fn interval_amount(text: &str, lead: usize, trail: usize, prec: u32) -> Result<Number, ora::Entry> {
    let t = text.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    // The fields' texts in order: YEAR-MONTH, DAY HH:MI:SS, HH:MI:SS...
    let parts: Vec<&str> = match (lead, trail) {
        (0, 1) => t.splitn(2, '-').collect(),
        (2, 2) => vec![t],
        (2, _) => {
            let (d, rest) = t.split_once(' ').ok_or(ora::INTERVAL_INVALID)?;
            std::iter::once(d).chain(rest.trim_start().split(':')).collect()
        }
        _ => t.split(':').collect(),
    };
    if parts.len() != trail - lead + 1 {
        return Err(ora::INTERVAL_INVALID);
    }
    // Limits of the trailing fields: months, hours, minutes, seconds.
    let limit = [0.0, 12.0, 0.0, 24.0, 60.0, 60.0];
    let scale = [12.0, 1.0, 86_400.0, 3_600.0, 60.0, 1.0];
    let mut total = 0.0f64;
    for (k, p) in parts.iter().enumerate() {
        let f = lead + k;
        let fractional = f == 5;
        let ok = !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || (fractional && c == '.'));
        if !ok {
            return Err(ora::INTERVAL_INVALID);
        }
        let v: f64 = p.parse().map_err(|_| ora::INTERVAL_INVALID)?;
        if k == 0 {
            let digits = p.split('.').next().unwrap_or("").trim_start_matches('0').len() as u32;
            if digits > prec {
                return Err(ora::INTERVAL_LEADING_PRECISION);
            }
        } else if v >= limit[f] {
            return Err(ora::INTERVAL_INVALID);
        }
        total += v * scale[f];
    }
    let total = if neg { -total } else { total };
    Number::from_f64(total).ok_or(ora::INTERVAL_INVALID)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts() {
        let n = |t, l, r| interval_amount(t, l, r, 2).map(|n| n.to_f64());
        assert_eq!(n("1", 4, 4), Ok(60.0));
        assert_eq!(n("1-6", 0, 1), Ok(18.0));
        assert_eq!(n("2 03:04:05", 2, 5), Ok(2.0 * 86_400.0 + 3.0 * 3_600.0 + 245.0));
        assert_eq!(n("-1", 2, 2), Ok(-86_400.0));
        assert_eq!(n("100", 2, 2), Err(ora::INTERVAL_LEADING_PRECISION));
        assert_eq!(n("1-12", 0, 1), Err(ora::INTERVAL_INVALID));
        assert_eq!(n("1 25", 2, 3), Err(ora::INTERVAL_INVALID));
        assert_eq!(n("x", 2, 2), Err(ora::INTERVAL_INVALID));
    }
}
