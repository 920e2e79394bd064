//! The ANSI join keywords of a FROM clause (`[INNER] JOIN`, `CROSS`,
//! `LEFT`, `RIGHT`, `FULL [OUTER] JOIN`), a join's `ON` condition and its
//! `USING` column list (`query.rs`'s `table_refs` puts them together).

use super::{Node, Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Join {
    Inner,
    Cross,
    Left,
    Right,
    Full,
}

impl Join {
    /// A USING join's outer join.
    pub(super) fn using_outer(self) -> Option<UsingOuter> {
        match self {
            Join::Left => Some(UsingOuter::Left),
            Join::Right => Some(UsingOuter::Right),
            Join::Full => Some(UsingOuter::Full),
            Join::Inner | Join::Cross => None,
        }
    }
}

impl Parser<'_> {
    /// `USING (c, ...)` (at USING): plain column names.
    #[inline(never)]
    pub(super) fn using_columns(&mut self) -> R<Vec<Ident>> {
        self.bump();
        self.lparen()?;
        let mut cols = Vec::new();
        loop {
            if matches!(self.nth(1), Tok::Dot) {
                return Err(self.fail(ora::ONLY_SIMPLE_COLUMN_NAMES));
            }
            cols.push(self.ident(ora::INVALID_IDENTIFIER)?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.rparen()?;
        Ok(cols)
    }

    /// A join keyword (`join_keyword`), and whether NATURAL came first
    /// (`NATURAL [INNER | LEFT | RIGHT | FULL [OUTER]] JOIN`: a USING join
    /// on the common column names).
    #[inline(never)]
    pub(super) fn join_keywords(&mut self) -> R<Option<(Join, bool)>> {
        let natural =
            self.is_kw("NATURAL") && ["JOIN", "INNER", "LEFT", "RIGHT", "FULL"].iter().any(|k| self.nth_is_kw(1, k));
        if natural {
            self.bump();
        }
        match self.join_keyword()? {
            Some(Join::Cross) if natural => Err(self.fail(ora::MISSING_KEYWORD)),
            Some(j) => Ok(Some((j, natural))),
            None if natural => Err(self.fail(ora::MISSING_KEYWORD)),
            None => Ok(None),
        }
    }

    /// `[INNER] JOIN`, `CROSS JOIN`, `LEFT [OUTER] JOIN`, anything else
    /// `RIGHT [OUTER] JOIN`, `FULL [OUTER] JOIN`, anything else None.
    #[inline(never)]
    fn join_keyword(&mut self) -> R<Option<Join>> {
        if self.is_kw("INNER") && self.nth_is_kw(1, "JOIN") {
            self.bump();
            self.bump();
            Ok(Some(Join::Inner))
        } else if self.is_kw("JOIN") {
            self.bump();
            Ok(Some(Join::Inner))
        } else if self.is_kw("CROSS") && self.nth_is_kw(1, "JOIN") {
            self.bump();
            self.bump();
            Ok(Some(Join::Cross))
        } else if self.is_kw("LEFT") && (self.nth_is_kw(1, "JOIN") || self.nth_is_kw(1, "OUTER")) {
            self.bump();
            self.eat_kw("OUTER");
            self.missing_keyword("JOIN")?;
            Ok(Some(Join::Left))
        } else if self.is_kw("RIGHT") && (self.nth_is_kw(1, "JOIN") || self.nth_is_kw(1, "OUTER")) {
            self.bump();
            self.eat_kw("OUTER");
            self.missing_keyword("JOIN")?;
            Ok(Some(Join::Right))
        } else if self.is_kw("FULL") && (self.nth_is_kw(1, "JOIN") || self.nth_is_kw(1, "OUTER")) {
            self.bump();
            self.eat_kw("OUTER");
            self.missing_keyword("JOIN")?;
            Ok(Some(Join::Full))
        } else if matches!(self.word(), Some("CROSS" | "OUTER")) && self.nth_is_kw(1, "APPLY") {
            Err(self.unsupported("CROSS APPLY and OUTER APPLY"))
        } else {
            Ok(None)
        }
    }

    #[inline(never)]
    pub(super) fn join_condition(&mut self) -> R<Node> {
        if self.eat_kw("ON") {
            self.expr_h()
        } else {
            Err(self.fail(ora::MISSING_KEYWORD))
        }
    }
}
