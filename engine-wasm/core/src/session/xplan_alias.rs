//! DBMS_XPLAN's "Query Block Name / Object Alias" section (`+ALIAS`): the
//! query block each plan line belongs to and the object alias it reads.
//!
//! ```text
//! Query Block Name / Object Alias (identified by operation id):
//! -------------------------------------------------------------
//!
//!    1 - SEL$1
//!    3 - SEL$1 / T1@SEL$1
//!    4 - SEL$1 / T2@SEL$1
//! ```
//!
//! Oracle names a query block by its keyword and its place in the
//! statement (SEL$1 for the first SELECT, SEL$2 for the next, UPD$1,
//! SET$1, ...) or by a `QB_NAME(name)` hint; an object alias is the FROM
//! item's alias (or its table's name) `@` the block it was written in. A
//! block the optimizer transforms (a merged view, an unnested subquery,
//! an ANSI join, OR expansion) gets a hashed name (SEL$58A6D7F6). V$SQL_PLAN
//! holds the block's name on the block's top line and on every line that
//! reads an object (a table, or an index of it); the join, sort and count
//! lines between carry none and are not listed (19c: `1 - SEL$58A6D7F6`,
//! `3 - ... / CC@SEL$1`, `4 - ... / C@SEL$1` around a HASH JOIN at 2;
//! 11.2 likewise around a NESTED LOOPS at 2). 11.2 and 19c print the alias
//! bare (`T@SEL$1`); 21c quotes it (`"EMP"@"SEL$1"`), a release the lab
//! has no profile for.
//!
//! The lab prints the section for a query of one query block whose FROM
//! items are tables of the schema (no subquery, view, set operator, ANSI
//! join, CONNECT BY, row limiting clause or DUAL), whose plan has one line
//! under the statement's, each object line reading a table named once in
//! FROM, and whose other lines are of kinds Oracle leaves unnamed. Any
//! other display asking for the section is refused (LAB-00001): its names
//! would be guessed.

use super::*;
use lio_sql::ast::{Expr, FromItem, Hint, Pos, SelectItem};

/// The section's heading.
const HEAD: &str = "Query Block Name / Object Alias (identified by operation id):";

/// Lines below a block's top line that carry no query block name.
const UNNAMED: &[&str] = &[
    "HASH JOIN",
    "NESTED LOOPS",
    "MERGE JOIN",
    "SORT JOIN",
    "SORT AGGREGATE",
    "SORT ORDER BY",
    "SORT GROUP BY",
    "HASH GROUP BY",
    "HASH UNIQUE",
    "SORT UNIQUE",
    "COUNT",
    "FILTER",
    "PARTITION RANGE",
    "PARTITION HASH",
    "PARTITION LIST",
];

/// A subquery: another query block.
fn is_subquery(e: &Expr) -> bool {
    matches!(e, Expr::Subquery(_) | Expr::InSubquery { .. } | Expr::Exists { .. })
}

/// What the refusal names.
fn refused(why: &str, pos: Pos) -> LabError {
    LabError::unsupported(format!("DBMS_XPLAN's Query Block Name / Object Alias section ({why})"), pos)
}

impl Run<'_> {
    /// The section's lines for the plan `plan` of the statement `text`
    /// (a query, or EXPLAIN PLAN FOR one); refused at `pos` where the lab
    /// cannot name the blocks as Oracle does.
    pub(super) fn alias_section(&self, text: &str, plan: &[PlanLineOut], pos: Pos) -> Result<Vec<String>, LabError> {
        let units = lio_sql::parse_script(text);
        let q = match units.first().map(|u| &u.result) {
            Some(Ok(Statement { kind: StatementKind::Query(q), .. })) => q,
            Some(Ok(Statement { kind: StatementKind::ExplainPlan(e), .. })) if e.load.is_none() => &e.query,
            _ => return Err(refused("a statement other than a query", pos)),
        };
        // An ANSI join (its ON condition joins the WHERE clause): Oracle
        // merges its blocks into one of a hashed name (SEL$58A6D7F6).
        if lio_sql::has_word(text, "JOIN") {
            return Err(refused("an ANSI join, whose blocks Oracle merges", pos));
        }
        let qb = self.single_block(q, pos)?;
        // Each FROM item: its table and its alias.
        let items: Vec<(usize, String)> = q
            .from
            .iter()
            .filter_map(|f| match f {
                FromItem::Table { name, alias, .. } => {
                    self.inst.cat.table_id(&name.name).map(|t| (t, alias.as_ref().unwrap_or(name).name.clone()))
                }
                _ => None,
            })
            .collect();
        if items.len() != q.from.len() {
            return Err(refused("a FROM item other than a table", pos));
        }
        let mut out = vec![String::new(), HEAD.into(), "-".repeat(HEAD.len()), String::new()];
        let mut read = vec![false; items.len()];
        for l in plan.iter().filter(|l| l.id > 0) {
            let object = match &l.name {
                Some(n) => {
                    let k = self.item_of(n, &items).ok_or_else(|| refused("an object not read once in FROM", pos))?;
                    read[k] = true;
                    Some(&items[k].1)
                }
                None => None,
            };
            // A line of a kind not listed (CONCATENATION, VIEW, BUFFER
            // SORT, WINDOW ...) may be a transformation's: refused, top or not.
            let unnamed = UNNAMED.iter().any(|u| l.operation.starts_with(u));
            match object {
                Some(a) => out.push(format!("{:>4} - {qb} / {a}@{qb}", l.id)),
                None if !unnamed => return Err(refused(&format!("the {} line", l.operation.trim_end()), pos)),
                None if l.parent == Some(0) => out.push(format!("{:>4} - {qb}", l.id)),
                None => {}
            }
        }
        if plan.iter().filter(|l| l.parent == Some(0)).count() != 1 || read.contains(&false) {
            return Err(refused("a plan the optimizer transformed", pos));
        }
        Ok(out)
    }

    /// The name of `q`'s one query block (SEL$1, or its QB_NAME), or the
    /// refusal when it has more than one or the optimizer may transform it.
    fn single_block(&self, q: &lio_sql::ast::Query, pos: Pos) -> Result<String, LabError> {
        let sub = |e: &Expr| crate::exec::plan::rownum::any_expr(e, &is_subquery);
        let subs = q.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if sub(expr)))
            || q.where_clause.as_ref().is_some_and(sub)
            || q.having.as_deref().is_some_and(sub)
            || q.order_by.iter().any(|o| sub(&o.expr))
            || q.group_by.iter().any(sub);
        let ansi = !q.outer_joins.is_empty() || q.full_join.is_some() || !q.using.is_empty();
        let dual = q.from.iter().any(|f| matches!(f, FromItem::Table { name, .. } if name.name == "DUAL"));
        if subs || ansi || dual || !q.union_all.is_empty() || q.connect_by.is_some() || q.row_limit.is_some() {
            return Err(refused("a statement of more than one query block, or one Oracle transforms", pos));
        }
        let mut name = "SEL$1".to_string();
        for h in &q.hints {
            if let Hint::Other(raw) = h {
                let up = raw.to_ascii_uppercase();
                if let Some(arg) = up.strip_prefix("QB_NAME").map(str::trim_start) {
                    let inner = arg.strip_prefix('(').and_then(|a| a.strip_suffix(')')).map(str::trim);
                    match inner {
                        Some(n)
                            if !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || "_$#".contains(c)) =>
                        {
                            name = n.to_string()
                        }
                        _ => return Err(refused("a QB_NAME hint the lab does not read", pos)),
                    }
                }
            }
        }
        Ok(name)
    }

    /// The FROM item a plan line's object (a table, or an index of one)
    /// belongs to; None when no item or two items read it.
    fn item_of(&self, object: &str, items: &[(usize, String)]) -> Option<usize> {
        let cat = &self.inst.cat;
        let table = cat.table_id(object).or_else(|| cat.index_id(object).map(|i| cat.indexes[i].table))?;
        let mut hits = items.iter().enumerate().filter(|(_, (t, _))| *t == table);
        match (hits.next(), hits.next()) {
            (Some((k, _)), None) => Some(k),
            _ => None,
        }
    }
}
