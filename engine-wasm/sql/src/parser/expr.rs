//! Expressions: precedence climbing over binary operators, prefixes,
//! comparisons and operands.

use super::keywords::is_reserved;
use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// An expression (any precedence). Each call counts one nesting level.
    pub(super) fn expr(&mut self) -> R<Expr> {
        self.enter(1)?;
        let r = self.binop(0);
        self.depth -= 1;
        r
    }

    /// Precedence of the binary operator at the cursor:
    /// OR 1 < AND 2 < (NOT 3) < comparison 4 < || 5 < + - 6 < * / 7.
    /// Comparisons (including BETWEEN, IS, IN, LIKE) come back with `None`.
    fn peek_binop(&self) -> Option<(u8, Option<BinaryOp>)> {
        Some(match &self.tok().tok {
            Tok::Ident { name, quoted: false } => match name.as_str() {
                "OR" => (1, Some(BinaryOp::Or)),
                "AND" => (2, Some(BinaryOp::And)),
                "BETWEEN" | "IS" | "IN" | "LIKE" | "LIKE2" | "LIKE4" | "LIKEC" | "MEMBER" | "SUBMULTISET" => (4, None),
                "NOT" if matches!(self.nth_word(1), Some("BETWEEN" | "IN" | "LIKE")) => (4, None),
                _ => return None,
            },
            Tok::Eq | Tok::Ne | Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge => (4, None),
            Tok::Concat => (5, Some(BinaryOp::Concat)),
            Tok::Plus => (6, Some(BinaryOp::Add)),
            Tok::Minus => (6, Some(BinaryOp::Sub)),
            Tok::Star => (7, Some(BinaryOp::Mul)),
            Tok::Slash => (7, Some(BinaryOp::Div)),
            _ => return None,
        })
    }

    /// Precedence climbing: operators binding at least as tightly as `min`.
    fn binop(&mut self, min: u8) -> R<Expr> {
        let mut left = self.prefix(min)?;
        let mut compared = false;
        while let Some((prec, op)) = self.peek_binop() {
            if prec < min {
                break;
            }
            left = match op {
                Some(op) => {
                    self.bump();
                    let right = self.binop(prec + 1)?;
                    Expr::Binary { op, left: Box::new(left), right: Box::new(right) }
                }
                // Comparisons do not chain: `a = b = c` stops here.
                None if compared => break,
                None => {
                    compared = true;
                    self.comparison(left)?
                }
            };
            if prec < 4 {
                compared = false;
            }
        }
        Ok(left)
    }

    /// Prefix operators (`NOT`, unary `-`/`+`) and operands. Kept small:
    /// it is on the native stack once per nesting level.
    fn prefix(&mut self, min: u8) -> R<Expr> {
        if self.is(&Tok::Minus) || self.is(&Tok::Plus) {
            self.sign_prefix()
        } else if min <= 3 && self.is_kw("NOT") {
            self.not_prefix()
        } else {
            self.primary()
        }
    }

    #[inline(never)]
    fn not_prefix(&mut self) -> R<Expr> {
        self.bump();
        self.enter(1)?;
        let r = self.binop(3);
        self.depth -= 1;
        Ok(Expr::Not(Box::new(r?)))
    }

    #[inline(never)]
    fn sign_prefix(&mut self) -> R<Expr> {
        let t = self.bump();
        self.enter(1)?;
        let r = self.prefix(8);
        self.depth -= 1;
        if t.tok == Tok::Plus {
            return r;
        }
        Ok(match r? {
            Expr::Number(n, _) => Expr::Number(-n, t.pos),
            e => Expr::Negate(Box::new(e)),
        })
    }

    /// The comparison after `left` (the cursor is on its operator).
    #[inline(never)]
    fn comparison(&mut self, left: Expr) -> R<Expr> {
        let op = match self.tok().tok {
            Tok::Eq => Some(BinaryOp::Eq),
            Tok::Ne => Some(BinaryOp::Ne),
            Tok::Lt => Some(BinaryOp::Lt),
            Tok::Le => Some(BinaryOp::Le),
            Tok::Gt => Some(BinaryOp::Gt),
            Tok::Ge => Some(BinaryOp::Ge),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            if matches!(self.word(), Some("ANY" | "SOME" | "ALL")) {
                return Err(self.unsupported("ANY, SOME and ALL comparisons"));
            }
            let right = self.binop(5)?;
            return Ok(Expr::Binary { op, left: Box::new(left), right: Box::new(right) });
        }
        let negated = self.is_kw("NOT");
        if negated {
            self.bump();
        }
        match self.word() {
            Some("BETWEEN") => {
                self.bump();
                let low = self.binop(5)?;
                self.missing_keyword("AND")?;
                let high = self.binop(5)?;
                let e = Expr::Between { expr: Box::new(left), low: Box::new(low), high: Box::new(high) };
                Ok(if negated { Expr::Not(Box::new(e)) } else { e })
            }
            Some("IS") => {
                self.bump();
                let negated = self.eat_kw("NOT");
                if !self.eat_kw("NULL") {
                    return Err(self.fail(ora::MISSING_NULL_KEYWORD));
                }
                Ok(Expr::IsNull { expr: Box::new(left), negated })
            }
            Some("IN") => Err(self.unsupported("IN conditions")),
            Some("MEMBER" | "SUBMULTISET") => Err(self.unsupported("collection conditions")),
            _ => Err(self.unsupported("LIKE conditions")),
        }
    }

    fn primary(&mut self) -> R<Expr> {
        match &self.tok().tok {
            Tok::LParen => self.paren_expr(),
            Tok::Ident { quoted: false, .. } => self.word_primary(),
            Tok::Ident { quoted: true, .. } => self.name_expr(),
            _ => self.literal(),
        }
    }

    #[inline(never)]
    fn literal(&mut self) -> R<Expr> {
        let t = self.tok().clone();
        let e = match t.tok {
            Tok::Number(n) => Expr::Number(n, t.pos),
            Tok::Str(s) => Expr::String(s, t.pos),
            Tok::Bind(b) => Expr::Bind(b, t.pos),
            _ => return Err(self.missing_expression()),
        };
        self.bump();
        Ok(e)
    }

    /// `( expr )` or a scalar subquery.
    fn paren_expr(&mut self) -> R<Expr> {
        self.bump();
        if self.is_kw("SELECT") || self.is_kw("WITH") {
            return self.scalar_subquery();
        }
        let e = self.expr()?;
        if !self.is(&Tok::RParen) {
            return Err(self.paren_expr_error());
        }
        self.bump();
        Ok(e)
    }

    #[inline(never)]
    fn scalar_subquery(&mut self) -> R<Expr> {
        let q = self.query()?;
        self.rparen()?;
        Ok(Expr::Subquery(Box::new(q)))
    }

    #[inline(never)]
    fn paren_expr_error(&self) -> LabError {
        if self.is(&Tok::Comma) {
            self.unsupported("expression lists")
        } else {
            self.fail(ora::MISSING_RIGHT_PARENTHESIS)
        }
    }

    /// An expression starting with an unquoted word.
    #[inline(never)]
    fn word_primary(&mut self) -> R<Expr> {
        let t = self.tok().clone();
        let (pos, w) = match t.tok {
            Tok::Ident { name, .. } => (t.pos, name),
            _ => return Err(self.missing_expression()),
        };
        let next_paren = self.nth(1) == &Tok::LParen;
        match w.as_str() {
            "NULL" => {
                self.bump();
                Ok(Expr::Null(pos))
            }
            "ROWNUM" => {
                self.bump();
                Ok(Expr::Rownum(pos))
            }
            "LEVEL" => {
                self.bump();
                Ok(Expr::Level(pos))
            }
            "USER" | "UID" => {
                self.bump();
                Ok(Expr::Column { qualifier: None, name: Ident { name: w, pos } })
            }
            "SYSDATE" | "SYSTIMESTAMP" | "CURRENT_DATE" | "CURRENT_TIMESTAMP" | "LOCALTIMESTAMP" if !next_paren => {
                self.bump();
                Ok(Expr::Function { name: Ident { name: w, pos }, args: Vec::new() })
            }
            "CASE" => Err(self.unsupported("CASE expressions")),
            "PRIOR" => Err(self.unsupported("PRIOR")),
            "CONNECT_BY_ROOT" => Err(self.unsupported("CONNECT_BY_ROOT")),
            "DATE" | "TIMESTAMP" if matches!(self.nth(1), Tok::Str(_)) => Err(self.unsupported("datetime literals")),
            "INTERVAL" if matches!(self.nth(1), Tok::Str(_)) => Err(self.unsupported("interval literals")),
            "CAST" | "EXTRACT" | "TREAT" | "MULTISET" | "CURSOR" if next_paren => {
                Err(self.unsupported(format!("{w} expressions")))
            }
            "MAX" | "MIN" | "COUNT" | "SUM" | "AVG" if next_paren => {
                let func = match w.as_str() {
                    "MAX" => AggregateFunc::Max,
                    "MIN" => AggregateFunc::Min,
                    "COUNT" => AggregateFunc::Count,
                    "SUM" => AggregateFunc::Sum,
                    _ => AggregateFunc::Avg,
                };
                self.bump();
                self.bump();
                let arg = if func == AggregateFunc::Count && self.is(&Tok::Star) {
                    self.bump();
                    None
                } else {
                    self.eat_kw("ALL");
                    if self.is_kw("DISTINCT") || self.is_kw("UNIQUE") {
                        return Err(self.unsupported("DISTINCT aggregates"));
                    }
                    Some(Box::new(self.expr()?))
                };
                self.rparen()?;
                if self.is_kw("OVER") || self.is_kw("KEEP") || self.is_kw("WITHIN") {
                    return Err(self.unsupported("analytic functions"));
                }
                Ok(Expr::Aggregate { func, arg, pos })
            }
            _ if is_reserved(&w) => Err(self.missing_expression()),
            _ => self.name_expr(),
        }
    }

    /// A column reference, dotted name or function call.
    fn name_expr(&mut self) -> R<Expr> {
        let mut parts: Vec<(Ident, bool)> = Vec::new();
        let first = self.tok().clone();
        if let Tok::Ident { name, quoted } = &first.tok {
            parts.push((Ident { name: name.clone(), pos: first.pos }, *quoted));
            self.bump();
        } else {
            return Err(self.missing_expression());
        }
        while self.is(&Tok::Dot) {
            let t = self.nth(1).clone();
            let Tok::Ident { name, quoted } = t else {
                return Err(self.missing_expression());
            };
            self.bump();
            let pos = self.bump().pos;
            parts.push((Ident { name, pos }, quoted));
        }
        if self.is(&Tok::At) {
            return Err(self.unsupported("database links"));
        }
        let pos = parts[0].0.pos;
        if self.is(&Tok::LParen) {
            if self.nth(1) == &Tok::Plus && self.nth(2) == &Tok::RParen {
                return Err(self.unsupported("the outer join operator (+)"));
            }
            let name = parts.iter().map(|(p, _)| p.name.as_str()).collect::<Vec<_>>().join(".");
            self.bump();
            let mut args = Vec::new();
            if !self.eat(&Tok::RParen) {
                loop {
                    if matches!(self.tok().tok, Tok::Ident { .. }) && self.nth(1) == &Tok::Arrow {
                        self.bump();
                        self.bump();
                    }
                    args.push(self.expr()?);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.rparen()?;
            }
            if self.is_kw("OVER") {
                return Err(self.unsupported("analytic functions"));
            }
            return Ok(Expr::Function { name: Ident { name, pos }, args });
        }
        let n = parts.len();
        let pkg = |s: &str| s.starts_with("DBMS_") || s.starts_with("UTL_");
        if n == 2 && !parts[0].1 && pkg(&parts[0].0.name) {
            let name = format!("{}.{}", parts[0].0.name, parts[1].0.name);
            return Ok(Expr::Function { name: Ident { name, pos }, args: Vec::new() });
        }
        let mut it = parts.into_iter().rev();
        let name = it.next().map(|(p, _)| p).unwrap_or(Ident { name: String::new(), pos });
        let qualifier = it.next().map(|(p, _)| p);
        Ok(Expr::Column { qualifier, name })
    }
}
