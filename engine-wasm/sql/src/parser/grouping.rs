//! The GROUP BY clause: plain expressions, `ROLLUP (...)`, `CUBE (...)`,
//! `GROUPING SETS (...)` and `()`, concatenated (SQL Language Reference,
//! SELECT, group_by_clause). The extensions expand into grouping sets: the
//! cross product of each element's sets, as Oracle expands concatenated
//! groupings.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

/// Most grouping sets one GROUP BY clause may expand to (a limit of the
/// lab: CUBE of 12 expressions is 4,096 sets, each a pass over every row).
pub const MAX_GROUPING_SETS: usize = 4096;

/// One element's grouping sets (indexes into `group_by`).
type Sets = Vec<Vec<usize>>;

impl Parser<'_> {
    /// After `GROUP BY`: its elements into `q.group_by`, and the grouping
    /// sets when an extension is written.
    pub(super) fn group_by_clause(&mut self, q: &mut Query) -> R<()> {
        let mut product: Sets = vec![Vec::new()];
        let (mut rollups, mut cubes, mut sets, mut at) = (0, 0, 0, None);
        loop {
            let pos = self.pos();
            let element = match self.extension_word() {
                Some("ROLLUP") => {
                    rollups += 1;
                    self.rollup_cube(q, false)?
                }
                Some("CUBE") => {
                    cubes += 1;
                    self.rollup_cube(q, true)?
                }
                Some(_) => {
                    sets += 1;
                    self.grouping_sets(q)?
                }
                None if self.is(&Tok::LParen) && self.nth(1) == &Tok::RParen => {
                    self.bump();
                    self.bump();
                    sets += 1;
                    vec![Vec::new()]
                }
                None => {
                    q.group_by.push(self.expr()?);
                    vec![vec![q.group_by.len() - 1]]
                }
            };
            if element.len() > 1 || element.first().is_some_and(|s| s.is_empty()) {
                at.get_or_insert(pos);
            }
            product = cross(product, element, pos)?;
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        let Some(pos) = at.or((rollups + cubes > 0).then_some(q.pos)) else { return Ok(()) };
        let kind = match (rollups, cubes, sets) {
            (1, 0, 0) => GroupingKind::Rollup,
            (0, 1, 0) => GroupingKind::Cube,
            _ => GroupingKind::Sets,
        };
        q.grouping = Some(Box::new(GroupingSets { sets: product, kind, pos }));
        Ok(())
    }

    /// `ROLLUP`, `CUBE` or `GROUPING` (of GROUPING SETS) followed by its
    /// parenthesis: the extension's keyword (a column named CUBE is not).
    fn extension_word(&self) -> Option<&'static str> {
        match self.word() {
            Some("ROLLUP") if self.nth(1) == &Tok::LParen => Some("ROLLUP"),
            Some("CUBE") if self.nth(1) == &Tok::LParen => Some("CUBE"),
            Some("GROUPING") if self.nth_is_kw(1, "SETS") => Some("GROUPING"),
            _ => None,
        }
    }

    /// `ROLLUP (e, (e, e), ...)`: the prefixes, longest first; `CUBE`: every
    /// subset, in Oracle's order of the GROUPING_ID (0 first).
    fn rollup_cube(&mut self, q: &mut Query, cube: bool) -> R<Sets> {
        let pos = self.pos();
        self.bump();
        self.lparen()?;
        let mut items = Vec::new();
        loop {
            items.push(self.grouping_item(q)?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.rparen()?;
        if !cube {
            return Ok((0..=items.len()).rev().map(|n| items[..n].concat()).collect());
        }
        if items.len() > 12 {
            return Err(LabError::with(ora::LAB_GROUPING_SETS, MAX_GROUPING_SETS, pos));
        }
        let n = items.len();
        Ok((0..1usize << n)
            .map(|id| (0..n).filter(|b| id & (1 << (n - 1 - b)) == 0).flat_map(|b| items[b].clone()).collect())
            .collect())
    }

    /// An item of ROLLUP or CUBE: an expression or a composite `(e, e)`.
    fn grouping_item(&mut self, q: &mut Query) -> R<Vec<usize>> {
        let mut set = Vec::new();
        if self.is(&Tok::LParen) && self.composite_ahead() {
            self.bump();
            if self.eat(&Tok::RParen) {
                return Ok(set);
            }
            loop {
                q.group_by.push(self.expr()?);
                set.push(q.group_by.len() - 1);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.rparen()?;
        } else {
            q.group_by.push(self.expr()?);
            set.push(q.group_by.len() - 1);
        }
        Ok(set)
    }

    /// `GROUPING SETS (element, ...)`: the union of its elements' sets.
    fn grouping_sets(&mut self, q: &mut Query) -> R<Sets> {
        self.bump();
        self.bump();
        self.lparen()?;
        let mut all = Vec::new();
        loop {
            let pos = self.pos();
            match self.extension_word() {
                Some("ROLLUP") => all.extend(self.rollup_cube(q, false)?),
                Some("CUBE") => all.extend(self.rollup_cube(q, true)?),
                Some(_) => return Err(self.unsupported("GROUPING SETS nested in GROUPING SETS")),
                None => all.push(self.grouping_item(q)?),
            }
            if all.len() > MAX_GROUPING_SETS {
                return Err(LabError::with(ora::LAB_GROUPING_SETS, MAX_GROUPING_SETS, pos));
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.rparen()?;
        Ok(all)
    }

    /// At `(`: whether it opens a composite column list `(a, b)` or `()`
    /// (a comma at its own level before its `)`), not a parenthesised
    /// expression.
    fn composite_ahead(&self) -> bool {
        let mut depth = 0usize;
        for n in 0.. {
            match self.nth(n) {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 1 => return n == 1,
                Tok::RParen => depth -= 1,
                Tok::Comma if depth == 1 => return true,
                Tok::Semi | Tok::Eof => return false,
                _ => {}
            }
        }
        false
    }
}

/// The concatenation of two groupings: each set of `a` joined with each of
/// `b`.
fn cross(a: Sets, b: Sets, pos: Pos) -> R<Sets> {
    if a.len().saturating_mul(b.len()) > MAX_GROUPING_SETS {
        return Err(LabError::with(ora::LAB_GROUPING_SETS, MAX_GROUPING_SETS, pos));
    }
    Ok(a.iter().flat_map(|x| b.iter().map(move |y| [x.as_slice(), y.as_slice()].concat())).collect())
}
