//! Outer-join simplification, as Oracle's optimizer does it before it
//! chooses a join order: a WHERE condition that cannot be TRUE when an
//! outer-joined table's columns are all NULL removes every row the outer
//! join added for it, so the join is an inner one (the Optimizer
//! Development Group's "Outerjoins in Oracle": `T1.x = T2.x (+) and
//! T2.y > 5` is run as `T1.x = T2.x and T2.y > 5`; event 10053's `OJE:
//! Converting outer join of T2 and T1 to inner-join`). A FULL JOIN whose
//! WHERE clause rejects the NULLs of one side keeps only the other side's
//! unmatched rows: a LEFT (or RIGHT) outer join, and an inner join when it
//! rejects both. The plan is then the simpler join's (HASH JOIN OUTER,
//! NESTED LOOPS, HASH JOIN ...), no VIEW VW_FOJ_0, its WHERE conditions
//! pushed to the tables as for that join; the rows are the same.
//!
//! A condition counts as rejecting by `full_join::null_rejected`'s
//! three-valued reading: a comparison, LIKE, IN or BETWEEN of the side's
//! columns (or arithmetic on them) and IS NOT NULL do; IS NULL, NVL,
//! COALESCE, CASE, a function, or an OR with an arm that may hold on the
//! NULLs do not (the join stays: the forums.oracle.com thread where
//! `NVL(c.x, c.y) = :b` kept the outer join's plan). A subquery condition
//! is not read (the join stays outer: rows right, the plan maybe not
//! Oracle's).

use super::full_join::{null_rejected, rel_sources};
use super::relations::Rel;
use super::*;

impl Builder<'_> {
    /// The block's outer joins simplified against its WHERE conditions
    /// (`simplify`); a FULL JOIN that stays one gets its mode and takes
    /// the WHERE conditions, returned to filter its VIEW VW_FOJ_0 line
    /// (`has_subs`: a subquery in that WHERE clause, a FILTER child or
    /// unnested into a semi or anti join, refused).
    #[allow(clippy::type_complexity)]
    pub(super) fn simplify_outer_joins(
        &self,
        q: &Query,
        rels: &[Rel],
        (conjuncts, outer_joined, join_modes): (
            &mut Vec<CExpr>,
            &mut Vec<(usize, Vec<CExpr>)>,
            &mut Vec<(usize, JoinMode)>,
        ),
        has_subs: bool,
    ) -> Result<Vec<CExpr>, LabError> {
        let full = self.full_join_item(q)?;
        if let Some(b) = full {
            super::full_join::on_reads_left(rels, outer_joined, b, q.pos)?;
        }
        let Some(b) = simplify(q, rels, conjuncts, outer_joined, full)? else { return Ok(Vec::new()) };
        if has_subs {
            let at = q.where_clause.as_ref().map_or(q.pos, expr_pos);
            return Err(LabError::unsupported("a subquery in a FULL OUTER JOIN's WHERE clause", at));
        }
        join_modes.push((b, JoinMode::Full));
        Ok(super::full_join::where_above_view(conjuncts))
    }
}

/// Simplify the block's outer joins against its WHERE `conjuncts`:
/// `outer_joined` (ON conditions per outer-joined FROM item) loses each
/// item turned into an inner join (its ON conditions join the WHERE
/// clause's), and `full` (the FULL JOIN's right item over the left one,
/// item 0) becomes a LEFT join (the right item outer-joined), a RIGHT join
/// (item 0 outer-joined, which must be a table) or an inner join. Returns the
/// FULL JOIN's item while it stays a full join. Repeated until nothing
/// changes: an ON condition moved to the WHERE clause may reject the
/// NULLs of the table it joins to (`t2 LEFT JOIN t3 ON t3.k = t2.k`
/// turned inner makes `t3.k = t2.k` a WHERE condition on `t2`).
pub(super) fn simplify(
    q: &Query,
    rels: &[Rel],
    conjuncts: &mut Vec<CExpr>,
    outer_joined: &mut Vec<(usize, Vec<CExpr>)>,
    full: Option<usize>,
) -> Result<Option<usize>, LabError> {
    let rejects = |conjuncts: &[CExpr], item: usize| {
        let side = rel_sources(rels.get(item));
        !side.is_empty() && conjuncts.iter().any(|c| null_rejected(c, &side))
    };
    if let Some(b) = full {
        let (left, right) = (rejects(conjuncts, 0), rejects(conjuncts, b));
        match (left, right) {
            (false, false) => return Ok(Some(b)),
            // The right side's NULLs rejected: only the left side's
            // unmatched rows go, a RIGHT JOIN (the left item outer-joined).
            (false, true) => {
                if !matches!(q.from.first(), Some(FromItem::Table { name, .. }) if name.name != "DUAL") {
                    let what = "a FULL JOIN turned into a RIGHT JOIN whose left item is not a table";
                    return Err(LabError::with(ora::LAB_UNSUPPORTED, what, q.pos));
                }
                if let Some(entry) = outer_joined.iter_mut().find(|(i, _)| *i == b) {
                    entry.0 = 0;
                }
            }
            // The left side's NULLs rejected: a LEFT JOIN (item b stays
            // outer-joined); the loop below makes it inner if the right
            // side's are rejected too.
            (true, _) => {}
        }
    }
    // NO_OUTER_JOIN_TO_INNER keeps the outer joins (Antognini's T1/T2 plan:
    // FILTER over HASH JOIN OUTER with it, HASH JOIN without).
    let upper =
        |h: &Hint| matches!(h, Hint::Other(raw) if raw.to_ascii_uppercase().starts_with("NO_OUTER_JOIN_TO_INNER"));
    if q.hints.iter().any(upper) {
        return Ok(None);
    }
    while let Some(k) = outer_joined.iter().position(|(i, _)| rejects(conjuncts, *i)) {
        let (_, on) = outer_joined.remove(k);
        conjuncts.extend(on);
    }
    Ok(None)
}
