//! Recursive subquery factoring (11.2+): a WITH query name that reads
//! itself. SQL Language Reference, SELECT, subquery_factoring_clause: the
//! query is anchor branches, then `UNION ALL`, then the recursive member,
//! which reads the query name once, in its FROM clause; the column alias
//! list is required; `SEARCH` and `CYCLE` follow the parenthesis.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// The definition of `name (cols) AS (query)` whose query read `name`,
    /// with its SEARCH and CYCLE clauses (the parser is after the `)`).
    pub(super) fn recursive_with(&mut self, mut query: Query, cols: Vec<Ident>, name: &Ident) -> R<RecursiveWith> {
        let Some(mut member) = query.union_all.pop() else {
            return Err(LabError::new(ora::RECURSIVE_WITH_UNION_ALL, query.pos));
        };
        if member.set_op != SetOp::UnionAll {
            return Err(LabError::new(ora::RECURSIVE_WITH_UNION_ALL, member.pos));
        }
        let mut anchor = query;
        if !anchor.order_by.is_empty() {
            // The compound's ORDER BY would sort the whole recursive query.
            return Err(LabError::new(ora::RECURSIVE_WITH_UNSUPPORTED, member.pos));
        }
        let refs = |q: &Query| q.from.iter().filter(|f| matches!(f, FromItem::RecursiveRef { .. })).count();
        let in_anchor = refs(&anchor) + anchor.union_all.iter().map(refs).sum::<usize>();
        if in_anchor > 0 {
            return Err(LabError::new(ora::RECURSIVE_WITH_NO_ANCHOR, name.pos));
        }
        let total = self.ctes.last().map_or(0, |c| c.refs) as usize;
        match refs(&member) {
            1 if total == 1 => {}
            0 => return Err(LabError::new(ora::RECURSIVE_WITH_SELF_REFERENCE, member.pos)),
            _ => return Err(LabError::unsupported("a recursive member reading its query name twice", member.pos)),
        }
        let aggregate = member.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)));
        if member.distinct || !member.group_by.is_empty() || aggregate || member.connect_by.is_some() {
            return Err(LabError::new(ora::RECURSIVE_WITH_UNSUPPORTED, member.pos));
        }
        if member.select.len() != cols.len() {
            return Err(LabError::new(ora::QUERY_BLOCK_INCORRECT_COLUMNS, member.pos));
        }
        super::with::name_columns(&mut anchor, cols.clone(), name)?;
        let names = cols.clone();
        super::with::name_columns(&mut member, names, name)?;
        let search = if self.is_kw("SEARCH") { Some(self.search_clause()?) } else { None };
        let cycle = if self.is_kw("CYCLE") { Some(self.cycle_clause()?) } else { None };
        if let (Some(s), Some(c)) = (&search, &cycle) {
            if s.set.name == c.set.name {
                return Err(self.unsupported("the same column set by SEARCH and CYCLE"));
            }
        }
        Ok(RecursiveWith { name: name.clone(), columns: cols, anchor, member, search, cycle })
    }

    /// `SEARCH {DEPTH | BREADTH} FIRST BY c [ASC | DESC] [NULLS ...], ... SET col`.
    fn search_clause(&mut self) -> R<SearchClause> {
        self.bump();
        let depth = if self.eat_kw("DEPTH") {
            true
        } else if self.eat_kw("BREADTH") {
            false
        } else {
            return Err(self.fail(ora::MISSING_KEYWORD));
        };
        self.missing_keyword("FIRST")?;
        self.missing_keyword("BY")?;
        let mut by = Vec::new();
        self.order_by_items(&mut by)?;
        self.missing_keyword("SET")?;
        let set = self.ident(ora::INVALID_IDENTIFIER)?;
        Ok(SearchClause { depth, by, set })
    }

    /// `CYCLE c, ... SET col TO value DEFAULT value`.
    fn cycle_clause(&mut self) -> R<CycleClause> {
        self.bump();
        let mut columns = vec![self.ident(ora::INVALID_IDENTIFIER)?];
        while self.eat(&Tok::Comma) {
            columns.push(self.ident(ora::INVALID_IDENTIFIER)?);
        }
        self.missing_keyword("SET")?;
        let set = self.ident(ora::INVALID_IDENTIFIER)?;
        self.missing_keyword("TO")?;
        let mark = self.expr()?;
        self.missing_keyword("DEFAULT")?;
        let default = self.expr()?;
        Ok(CycleClause { columns, set, mark, default })
    }
}

/// Whether `e` holds an aggregate outside a subquery.
fn has_aggregate(e: &Expr) -> bool {
    match e {
        Expr::Aggregate { .. } => true,
        Expr::Function { args, .. } => args.iter().any(has_aggregate),
        Expr::Binary { left, right, .. } => has_aggregate(left) || has_aggregate(right),
        Expr::Negate(x) | Expr::Not(x) => has_aggregate(x),
        Expr::Case { operand, whens, otherwise, .. } => {
            operand.as_deref().is_some_and(has_aggregate)
                || whens.iter().any(|(a, b)| has_aggregate(a) || has_aggregate(b))
                || otherwise.as_deref().is_some_and(has_aggregate)
        }
        _ => false,
    }
}
