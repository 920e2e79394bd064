//! Compound queries: the set operators UNION [ALL], INTERSECT and MINUS
//! between query blocks, and parenthesised branches.

use super::{Parser, QUERY_WEIGHT, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// Set operators: a flat list of branches, parsed in a loop (a chain
    /// of set operators is not nesting: 45 branches were refused as
    /// nesting deeper than 200 levels when each one recursed), applied
    /// left to right as Oracle does (all set operators have equal
    /// precedence). A parenthesised first branch opens the chain with its
    /// own branches (left to right, that is the same query). Each branch
    /// is parsed one query level down, as a nested query was (FOR UPDATE
    /// in it is refused as in a subquery); its trees count in this query's
    /// deepest; the last branch's ORDER BY is the whole query's. Out of
    /// line: a query without set operators (a scalar subquery in a scalar
    /// subquery...) keeps its frames small.
    #[inline(never)]
    pub(super) fn set_chain(&mut self, q: &mut Query, mut last_paren: bool) -> R<()> {
        while let Some(op) = self.set_operator() {
            if !q.order_by.is_empty() {
                // ORDER BY before a set operator ends the statement.
                return Err(LabError::new(ora::SQL_COMMAND_NOT_PROPERLY_ENDED, self.pos()));
            }
            self.bump();
            if op == SetOp::UnionAll {
                self.bump();
            } else if self.is_kw("ALL") {
                // MINUS ALL and INTERSECT ALL are 21c's; the lab's releases
                // end at 19c, whose parser wants SELECT here.
                return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
            }
            if !(self.is_kw("SELECT") || self.is(&Tok::LParen) && self.paren_query_ahead()) {
                return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
            }
            let paren = self.is(&Tok::LParen) && self.paren_query_ahead();
            self.depth += QUERY_WEIGHT;
            let r = if paren { self.paren_term(true) } else { self.query_branch(false).map(|(q, _)| q) };
            self.depth -= QUERY_WEIGHT;
            let mut rest = r?;
            if !paren {
                q.order_by = std::mem::take(&mut rest.order_by);
                q.row_limit = rest.row_limit.take();
            }
            last_paren = paren;
            rest.set_op = op;
            q.union_all.push(rest);
        }
        if last_paren && self.is_kw("ORDER") && !q.union_all.is_empty() {
            // `... UNION (SELECT ...) ORDER BY 1`: the compound's ORDER BY.
            self.bump();
            self.missing_keyword("BY")?;
            self.order_by_items(&mut q.order_by)?;
        }
        Ok(())
    }

    /// The set operator at the cursor, if any (not consumed).
    pub(super) fn set_operator(&self) -> Option<SetOp> {
        match self.word() {
            Some("UNION") if self.nth_is_kw(1, "ALL") => Some(SetOp::UnionAll),
            Some("UNION") => Some(SetOp::Union),
            Some("INTERSECT") => Some(SetOp::Intersect),
            Some("MINUS") => Some(SetOp::Minus),
            _ => None,
        }
    }

    /// `(` opening a parenthesised query: `(SELECT`, `(WITH` or `((`.
    pub(super) fn paren_query_ahead(&self) -> bool {
        self.nth_is_kw(1, "SELECT") || self.nth_is_kw(1, "WITH") || matches!(self.nth(1), Tok::LParen)
    }

    /// A parenthesised branch of a compound query (itself possibly
    /// compound, with no ORDER BY of its own when a set operator follows,
    /// nor in a later branch).
    #[inline(never)]
    pub(super) fn paren_term(&mut self, later: bool) -> R<Query> {
        self.bump();
        let q = self.query()?;
        if !q.order_by.is_empty() && (later || !self.is(&Tok::RParen) || self.set_operator_after_paren()) {
            return Err(self.fail(ora::MISSING_RIGHT_PARENTHESIS));
        }
        self.rparen()?;
        Ok(q)
    }

    /// After `)`: a set operator follows.
    fn set_operator_after_paren(&self) -> bool {
        matches!(self.nth(1), Tok::Ident { name, quoted: false } if matches!(name.as_str(), "UNION" | "INTERSECT" | "MINUS"))
    }
}
