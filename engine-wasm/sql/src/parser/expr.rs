//! Expressions: precedence climbing over binary operators, prefixes,
//! comparisons and operands.
//!
//! Every function here returns the expression with the depth of its tree
//! (a leaf is 1, a node one more than its deepest operand), and every node
//! it builds goes through [`Parser::grow`], so no tree deeper than
//! [`super::MAX_EXPRESSION_DEPTH`] is ever built: not by nesting, which
//! [`Parser::enter`] bounds too, and not by the loop that builds
//! left-associative chains (`1 + 1 + ... + 1`, `a OR b OR ...`), which adds
//! depth without any nesting.

use super::keywords::is_reserved;
use super::{Node, Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// An expression (any precedence). Each call counts one nesting level.
    pub(super) fn expr(&mut self) -> R<Expr> {
        self.expr_h().map(|(e, _)| e)
    }

    /// An expression and the depth of its tree, also recorded as the
    /// deepest tree of the current query or loop if it is.
    pub(super) fn expr_h(&mut self) -> R<Node> {
        self.enter(1)?;
        let r = self.binop(0);
        self.depth -= 1;
        let (e, h) = r?;
        Ok((e, self.record(h)))
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
    fn binop(&mut self, min: u8) -> R<Node> {
        let (mut left, mut depth) = self.prefix(min)?;
        let mut compared = false;
        while let Some((prec, op)) = self.peek_binop() {
            if prec < min {
                break;
            }
            (left, depth) = match op {
                Some(op) => {
                    // A left-deep chain grows here by one level per operator,
                    // without nesting: refused at the operator that would
                    // make it too deep, before its right operand is parsed.
                    let at = self.pos();
                    self.grow(depth + 1, at)?;
                    self.bump();
                    let (right, rh) = self.binop(prec + 1)?;
                    let depth = self.grow(1 + depth.max(rh), at)?;
                    (Expr::Binary { op, left: Box::new(left), right: Box::new(right) }, depth)
                }
                // Comparisons do not chain: `a = b = c` stops here.
                None if compared => break,
                None => {
                    compared = true;
                    self.comparison(left, depth)?
                }
            };
            if prec < 4 {
                compared = false;
            }
        }
        Ok((left, depth))
    }

    /// Prefix operators (`NOT`, unary `-`/`+`) and operands. Kept small:
    /// it is on the native stack once per nesting level.
    fn prefix(&mut self, min: u8) -> R<Node> {
        if self.is(&Tok::Minus) || self.is(&Tok::Plus) {
            self.sign_prefix()
        } else if min <= 3 && self.is_kw("NOT") {
            self.not_prefix()
        } else {
            self.primary()
        }
    }

    #[inline(never)]
    fn not_prefix(&mut self) -> R<Node> {
        let at = self.bump().pos;
        self.enter(1)?;
        let r = self.binop(3);
        self.depth -= 1;
        let (e, h) = r?;
        Ok((Expr::Not(Box::new(e)), self.grow(h + 1, at)?))
    }

    /// `PRIOR e` / `CONNECT_BY_ROOT e` (binding as a unary minus does).
    #[inline(never)]
    fn hier_prefix(&mut self, w: String, pos: Pos) -> R<Node> {
        self.bump();
        self.enter(1)?;
        let r = self.prefix(8);
        self.depth -= 1;
        let (e, h) = r?;
        Ok((Expr::Function { name: Ident { name: w, pos }, args: vec![e] }, self.grow(h + 1, pos)?))
    }

    #[inline(never)]
    fn sign_prefix(&mut self) -> R<Node> {
        let t = self.bump();
        self.enter(1)?;
        let r = self.prefix(8);
        self.depth -= 1;
        if t.tok == Tok::Plus {
            return r;
        }
        Ok(match r? {
            (Expr::Number(n, _), _) => (Expr::Number(n.neg(), t.pos), 1),
            (e, h) => (Expr::Negate(Box::new(e)), self.grow(h + 1, t.pos)?),
        })
    }

    /// The comparison after `left` (the cursor is on its operator).
    #[inline(never)]
    fn comparison(&mut self, left: Expr, lh: u32) -> R<Node> {
        let at = self.pos();
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
                return self.quantified(left, lh, op, at);
            }
            let (right, rh) = self.binop(5)?;
            let depth = self.grow(1 + lh.max(rh), at)?;
            return Ok((Expr::Binary { op, left: Box::new(left), right: Box::new(right) }, depth));
        }
        let negated = self.is_kw("NOT");
        if negated {
            self.bump();
        }
        match self.word() {
            Some("BETWEEN") => {
                self.bump();
                let (low, loh) = self.binop(5)?;
                self.missing_keyword("AND")?;
                let (high, hih) = self.binop(5)?;
                let depth = self.grow(1 + lh.max(loh).max(hih), at)?;
                let e = Expr::Between { expr: Box::new(left), low: Box::new(low), high: Box::new(high) };
                Ok(if negated { (Expr::Not(Box::new(e)), self.grow(depth + 1, at)?) } else { (e, depth) })
            }
            Some("IS") => {
                self.bump();
                let negated = self.eat_kw("NOT");
                if !self.eat_kw("NULL") {
                    return Err(self.fail(ora::MISSING_NULL_KEYWORD));
                }
                Ok((Expr::IsNull { expr: Box::new(left), negated }, self.grow(lh + 1, at)?))
            }
            Some("IN") => {
                self.bump();
                self.lparen()?;
                if self.is_kw("SELECT") || self.is_kw("WITH") {
                    let (q, qh) = self.query_h()?;
                    self.rparen()?;
                    let depth = self.grow(1 + lh.max(qh + 1), at)?;
                    return Ok((
                        Expr::InSubquery { expr: Box::new(left), query: Box::new(q), negated, quant: None },
                        depth,
                    ));
                }
                let (list, depth) = self.expression_list(lh, at)?;
                let depth = self.grow(depth + 1, at)?;
                Ok((Expr::InList { expr: Box::new(left), list, negated }, depth))
            }
            Some("LIKE") => {
                self.bump();
                let (pattern, ph) = self.binop(5)?;
                let mut depth = lh.max(ph);
                let escape = if self.eat_kw("ESCAPE") {
                    let (e, eh) = self.binop(5)?;
                    depth = depth.max(eh);
                    Some(Box::new(e))
                } else {
                    None
                };
                let depth = self.grow(depth + 1, at)?;
                Ok((Expr::Like { expr: Box::new(left), pattern: Box::new(pattern), escape, negated }, depth))
            }
            Some("MEMBER" | "SUBMULTISET") => Err(self.unsupported("collection conditions")),
            _ => Err(self.unsupported("LIKE2, LIKE4 and LIKEC conditions")),
        }
    }

    /// `CASE [operand] WHEN a THEN b ... [ELSE c] END`
    #[inline(never)]
    fn case_expr(&mut self) -> R<Node> {
        let pos = self.bump().pos;
        let mut depth = 1;
        let operand = if self.is_kw("WHEN") {
            None
        } else {
            let (e, h) = self.expr_h()?;
            depth = depth.max(h);
            Some(Box::new(e))
        };
        let mut whens = Vec::new();
        while self.eat_kw("WHEN") {
            let (w, wh) = self.expr_h()?;
            self.missing_keyword("THEN")?;
            let (t, th) = self.expr_h()?;
            depth = depth.max(wh).max(th);
            whens.push((w, t));
        }
        if whens.is_empty() {
            return Err(self.fail(ora::MISSING_KEYWORD));
        }
        let otherwise = if self.eat_kw("ELSE") {
            let (e, h) = self.expr_h()?;
            depth = depth.max(h);
            Some(Box::new(e))
        } else {
            None
        };
        self.missing_keyword("END")?;
        let depth = self.grow(depth + 1, pos)?;
        Ok((Expr::Case { operand, whens, otherwise, pos }, depth))
    }

    /// `EXISTS (SELECT ...)`
    #[inline(never)]
    fn exists_expr(&mut self) -> R<Node> {
        let pos = self.bump().pos;
        self.lparen()?;
        if !self.is_kw("SELECT") && !self.is_kw("WITH") {
            return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
        }
        let (q, h) = self.query_h()?;
        self.rparen()?;
        Ok((Expr::Exists { query: Box::new(q), negated: false, pos }, self.grow(h + 1, pos)?))
    }

    fn primary(&mut self) -> R<Node> {
        match &self.tok().tok {
            Tok::LParen => self.paren_expr(),
            Tok::Ident { quoted: false, .. } => self.word_primary(),
            Tok::Ident { quoted: true, .. } => self.name_expr(),
            _ => self.literal(),
        }
    }

    #[inline(never)]
    fn literal(&mut self) -> R<Node> {
        let t = self.tok().clone();
        let e = match t.tok {
            Tok::Number(n) => Expr::Number(n, t.pos),
            Tok::Str(s) => Expr::String(s, t.pos),
            Tok::Bind(b) => Expr::Bind(b, t.pos),
            _ => return Err(self.missing_expression()),
        };
        self.bump();
        Ok((e, 1))
    }

    /// `( expr )` or a scalar subquery.
    fn paren_expr(&mut self) -> R<Node> {
        let at = self.bump().pos;
        if self.is_kw("SELECT") || self.is_kw("WITH") {
            return self.scalar_subquery(at);
        }
        let e = self.expr_h()?;
        if !self.is(&Tok::RParen) {
            return Err(self.paren_expr_error());
        }
        self.bump();
        Ok(e)
    }

    /// A subquery is one level above the deepest expression in it.
    #[inline(never)]
    fn scalar_subquery(&mut self, at: Pos) -> R<Node> {
        let (q, h) = self.query_h()?;
        self.rparen()?;
        Ok((Expr::Subquery(Box::new(q)), self.grow(h + 1, at)?))
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
    fn word_primary(&mut self) -> R<Node> {
        let t = self.tok().clone();
        let (pos, w) = match t.tok {
            Tok::Ident { name, .. } => (t.pos, name),
            _ => return Err(self.missing_expression()),
        };
        let next_paren = self.nth(1) == &Tok::LParen;
        match w.as_str() {
            "NULL" => {
                self.bump();
                Ok((Expr::Null(pos), 1))
            }
            "ROWNUM" => {
                self.bump();
                Ok((Expr::Rownum(pos), 1))
            }
            // The ROWID pseudocolumn: resolved against the FROM clause's
            // tables (a table's own column of that name cannot exist:
            // ROWID is reserved).
            "ROWID" if !next_paren => {
                self.bump();
                Ok((Expr::Column { qualifier: None, name: Ident { name: w, pos } }, 1))
            }
            "LEVEL" => {
                self.bump();
                Ok((Expr::Level(pos), 1))
            }
            "USER" | "UID" => {
                self.bump();
                Ok((Expr::Column { qualifier: None, name: Ident { name: w, pos } }, 1))
            }
            "SYSDATE" | "SYSTIMESTAMP" | "CURRENT_DATE" | "CURRENT_TIMESTAMP" | "LOCALTIMESTAMP" if !next_paren => {
                self.bump();
                Ok((Expr::Function { name: Ident { name: w, pos }, args: Vec::new() }, 1))
            }
            "CASE" => self.case_expr(),
            "EXISTS" if next_paren => self.exists_expr(),
            // PRIOR e, CONNECT_BY_ROOT e: unary operators of a
            // hierarchical query, kept as functions of one argument (the
            // planner places them); CONNECT_BY_ISLEAF / ISCYCLE likewise
            // as functions of none.
            "PRIOR" | "CONNECT_BY_ROOT" => self.hier_prefix(w, pos),
            "CONNECT_BY_ISLEAF" | "CONNECT_BY_ISCYCLE" if !next_paren => {
                self.bump();
                Ok((Expr::Function { name: Ident { name: w, pos }, args: Vec::new() }, 1))
            }
            // `DATE 'YYYY-MM-DD'`: TO_DATE of the text in that format.
            "DATE" if matches!(self.nth(1), Tok::Str(_)) => {
                self.bump();
                let Tok::Str(s) = self.nth(0).clone() else { unreachable!("a string follows") };
                let at = self.pos();
                self.bump();
                let args = vec![Expr::String(s, at), Expr::String("YYYY-MM-DD".into(), at)];
                Ok((Expr::Function { name: Ident { name: "TO_DATE".into(), pos }, args }, 1))
            }
            // `EXTRACT(field FROM d)`: the field's name, then the date.
            "EXTRACT" if next_paren => {
                self.bump();
                self.bump();
                let at = self.pos();
                let field = self.word().unwrap_or_default().to_string();
                if !matches!(field.as_str(), "YEAR" | "MONTH" | "DAY" | "HOUR" | "MINUTE" | "SECOND") {
                    return Err(self.unsupported("EXTRACT of this field"));
                }
                self.bump();
                self.missing_keyword("FROM")?;
                let d = self.expr()?;
                self.rparen()?;
                let args = vec![Expr::String(field, at), d];
                Ok((Expr::Function { name: Ident { name: "EXTRACT".into(), pos }, args }, 1))
            }
            "TIMESTAMP" if matches!(self.nth(1), Tok::Str(_)) => Err(self.unsupported("datetime literals")),
            "INTERVAL" if matches!(self.nth(1), Tok::Str(_)) => Ok((self.interval_literal()?, 1)),
            "CAST"
                if next_paren && !matches!(self.nth(2), Tok::Ident { name, quoted: false } if name == "MULTISET") =>
            {
                self.cast_expr()
            }
            "CAST" | "TREAT" | "MULTISET" | "CURSOR" if next_paren => Err(self.unsupported(format!("{w} expressions"))),
            "LISTAGG" if next_paren => self.listagg(pos),
            "PERCENTILE_CONT" if next_paren => self.percentile(AggregateFunc::PercentileCont, pos),
            "PERCENTILE_DISC" if next_paren => self.percentile(AggregateFunc::PercentileDisc, pos),
            _ if next_paren && AggregateFunc::lookup(&w).is_some() => {
                let func = AggregateFunc::lookup(&w).unwrap_or(AggregateFunc::Avg);
                self.bump();
                self.bump();
                let mut distinct = false;
                let (arg, depth) = if func == AggregateFunc::Count && self.is(&Tok::Star) {
                    self.bump();
                    (None, 1)
                } else {
                    if !self.eat_kw("ALL") && (self.eat_kw("DISTINCT") || self.eat_kw("UNIQUE")) {
                        // MIN and MAX of the distinct values are the plain ones.
                        distinct = matches!(func, AggregateFunc::Count | AggregateFunc::Sum | AggregateFunc::Avg);
                    }
                    let (e, h) = self.expr_h()?;
                    (Some(Box::new(e)), self.grow(h + 1, pos)?)
                };
                self.rparen()?;
                self.aggregate_end(func, arg, distinct, depth, pos)
            }
            _ if is_reserved(&w) => Err(self.missing_expression()),
            _ => self.name_expr(),
        }
    }

    /// A column reference, dotted name or function call.
    fn name_expr(&mut self) -> R<Node> {
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
                if parts.len() > 2 {
                    return Err(self.unsupported("the outer join operator (+) on other than a column"));
                }
                self.bump();
                self.bump();
                self.bump();
                let mut it = parts.into_iter().rev();
                let name = it.next().map(|(p, _)| p).unwrap_or(Ident { name: String::new(), pos });
                let qualifier = it.next().map(|(p, _)| p);
                return Ok((Expr::OuterMark(Box::new(Expr::Column { qualifier, name })), 2));
            }
            let name = parts.iter().map(|(p, _)| p.name.as_str()).collect::<Vec<_>>().join(".");
            if let Some(pkg) = parts.iter().find(|(p, q)| !q && UNMODELLED_PACKAGES.contains(&p.name.as_str())) {
                // Named before its arguments, which are usually ROWIDs.
                return Err(LabError::unsupported(format!("the {} package ({name})", pkg.0.name), pos));
            }
            self.bump();
            let mut args = Vec::new();
            let mut depth = 1;
            if !self.eat(&Tok::RParen) {
                loop {
                    if matches!(self.tok().tok, Tok::Ident { .. }) && self.nth(1) == &Tok::Arrow {
                        self.bump();
                        self.bump();
                    }
                    let (arg, h) = self.expr_h()?;
                    depth = self.grow(depth.max(h + 1), pos)?;
                    args.push(arg);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.rparen()?;
            }
            if matches!(name.as_str(), "RANK" | "DENSE_RANK" | "CUME_DIST" | "PERCENT_RANK") && self.is_kw("WITHIN") {
                return self.hypothetical(&name, args, depth, pos);
            }
            if let Some(func) = WindowFunc::lookup(&name) {
                if !self.is_kw("OVER") {
                    return Err(self.fail(ora::MISSING_WINDOW_SPECIFICATION));
                }
                return Ok((self.over_clause(func, args, false, pos)?, depth + 1));
            }
            if self.is_kw("OVER") {
                return Err(self.unsupported("analytic functions"));
            }
            return Ok((Expr::Function { name: Ident { name, pos }, args }, depth));
        }
        let n = parts.len();
        let pkg = |s: &str| s.starts_with("DBMS_") || s.starts_with("UTL_");
        if n == 2 && !parts[0].1 && pkg(&parts[0].0.name) {
            let name = format!("{}.{}", parts[0].0.name, parts[1].0.name);
            return Ok((Expr::Function { name: Ident { name, pos }, args: Vec::new() }, 1));
        }
        let mut it = parts.into_iter().rev();
        let name = it.next().map(|(p, _)| p).unwrap_or(Ident { name: String::new(), pos });
        let qualifier = it.next().map(|(p, _)| p);
        Ok((Expr::Column { qualifier, name }, 1))
    }
}

/// Oracle-supplied packages the lab does not model, refused by name where
/// a call to one of them starts (their arguments are usually ROWIDs).
const UNMODELLED_PACKAGES: &[&str] = &[];
