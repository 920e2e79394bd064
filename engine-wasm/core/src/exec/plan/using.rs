//! `JOIN t USING (c, ...)`: an equality of the two sides' columns for each
//! USING column, and one column `c` in scope for both (the left side's
//! value: in an inner join the two are equal). As in Oracle, `c` is then
//! unqualified: `t.c` anywhere in the block is ORA-25154, and `*` lists
//! the USING columns first, then each table's other columns.
//! (Oracle SQL Language Reference, SELECT, "using_clause"; the ORA-25154
//! example: https://gotodba.com/2019/12/02/ansi-joins-and-ora-25154/)

use super::*;
use lio_sql::ast::UsingOuter;

impl Builder<'_> {
    /// The join conditions of the block's USING joins: an inner join's
    /// (WHERE conjuncts), and an outer join's with the FROM item it
    /// outer-joins (its ON conditions). Their columns move from the
    /// tables' scope entries to one unqualified entry, first: the left
    /// side's value, the right's for a RIGHT JOIN, `COALESCE(left,
    /// right)` for a FULL JOIN (each NULL when its side has no row).
    #[allow(clippy::type_complexity)]
    pub(super) fn using_joins(
        &mut self,
        q: &Query,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(Vec<CExpr>, Vec<(usize, CExpr)>), LabError> {
        let Some(first) = q.using.first() else {
            return Ok((Vec::new(), Vec::new()));
        };
        let at = first.columns.first().map(|c| c.pos).unwrap_or(q.pos);
        if scope.len() != q.from.len() {
            return Err(LabError::unsupported("JOIN ... USING with this FROM clause", at));
        }
        if let Some(SelectItem::QualifiedStar(a)) = q.select.iter().find(|s| matches!(s, SelectItem::QualifiedStar(_)))
        {
            return Err(LabError::unsupported("alias.* in a query with JOIN ... USING", a.pos));
        }
        // The merged columns: name, value, the chain (first FROM item) it belongs to.
        let mut merged: Vec<(String, CExpr, usize)> = Vec::new();
        let mut conds = Vec::new();
        let mut outer_conds = Vec::new();
        for u in &q.using {
            let natural = u.natural.then(|| natural_columns(scope, &merged, u, q.pos));
            // No common name: a Cartesian product, whose outer form keeps
            // a side's rows when the other is empty; not modelled.
            if u.outer.is_some() && natural.as_ref().is_some_and(Vec::is_empty) {
                return Err(LabError::unsupported("a NATURAL outer join with no common column", q.pos));
            }
            for col in natural.as_ref().unwrap_or(&u.columns) {
                let name = &col.name;
                let missing = || LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{name}\""), col.pos);
                let in_merged = merged.iter().position(|(n, _, chain)| n == name && *chain == u.left);
                let in_tables: Vec<usize> =
                    (u.left..u.right).filter(|&i| scope[i].columns.iter().any(|(n, _)| n == name)).collect();
                let left = match (in_merged, in_tables.as_slice()) {
                    (Some(m), []) => merged[m].1.clone(),
                    (None, [i]) => take_column(&mut scope[*i], name),
                    (None, []) => return Err(missing()),
                    _ => return Err(LabError::new(ora::COLUMN_AMBIGUOUSLY_DEFINED, col.pos)),
                };
                if !scope[u.right].columns.iter().any(|(n, _)| n == name) {
                    return Err(missing());
                }
                let right = take_column(&mut scope[u.right], name);
                for i in in_tables.iter().copied().chain([u.right]) {
                    self.using_hidden.push((scope[i].alias.clone(), name.clone(), u.natural));
                }
                let cond = self.using_equality(col, left.clone(), right.clone())?;
                let value = match u.outer {
                    None => {
                        conds.push(cond);
                        left
                    }
                    Some(UsingOuter::Left) => {
                        outer_conds.push((u.right, cond));
                        left
                    }
                    Some(UsingOuter::Right) => {
                        outer_conds.push((u.left, cond));
                        right
                    }
                    Some(UsingOuter::Full) => {
                        outer_conds.push((u.right, cond));
                        CExpr::Func(Func::Coalesce, vec![left, right], col.pos)
                    }
                };
                match in_merged {
                    Some(m) => merged[m].1 = value,
                    None => merged.push((name.clone(), value, u.left)),
                }
            }
        }
        let columns = merged.into_iter().map(|(n, c, _)| (n, c)).collect();
        scope.insert(0, ScopeEntry { alias: String::new(), columns });
        Ok((conds, outer_conds))
    }

    /// `left = right`, compiled as a comparison written in the WHERE clause.
    fn using_equality(&mut self, col: &lio_sql::ast::Ident, left: CExpr, right: CExpr) -> Result<CExpr, LabError> {
        let side = |alias: &str| lio_sql::ast::Ident { name: alias.to_string(), pos: col.pos };
        let sides = [
            ScopeEntry { alias: "\u{1}L".into(), columns: vec![(col.name.clone(), left)] },
            ScopeEntry { alias: "\u{1}R".into(), columns: vec![(col.name.clone(), right)] },
        ];
        let e = Expr::Binary {
            op: BinaryOp::Eq,
            left: Box::new(Expr::Column { qualifier: Some(side("\u{1}L")), name: col.clone() }),
            right: Box::new(Expr::Column { qualifier: Some(side("\u{1}R")), name: col.clone() }),
        };
        self.compile_expr(&e, &sides, None)
    }
}

/// An outer USING join's conditions added to its outer-joined item's ON
/// conditions; as with ON, that item must be a table.
pub(super) fn outer_using(
    q: &Query,
    outer_joined: &mut Vec<(usize, Vec<CExpr>)>,
    conds: Vec<(usize, CExpr)>,
) -> Result<(), LabError> {
    for (i, c) in conds {
        if !matches!(q.from.get(i), Some(FromItem::Table { name, .. }) if name.name != "DUAL") {
            let at = q.using.iter().find_map(|u| u.columns.first()).map_or(q.pos, |c| c.pos);
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "an outer USING join to other than a table", at));
        }
        match outer_joined.iter_mut().find(|(j, _)| *j == i) {
            Some((_, on)) => on.push(c),
            None => outer_joined.push((i, vec![c])),
        }
    }
    Ok(())
}

/// A NATURAL join's columns: the names of the left side (its merged
/// columns, then its tables' in order) that the right item has too; none
/// makes it a Cartesian product, as in Oracle.
fn natural_columns(
    scope: &[ScopeEntry],
    merged: &[(String, CExpr, usize)],
    u: &lio_sql::ast::UsingJoin,
    pos: lio_sql::ast::Pos,
) -> Vec<lio_sql::ast::Ident> {
    let right = &scope[u.right];
    let left = merged.iter().filter(|m| m.2 == u.left).map(|m| &m.0);
    let tables = (u.left..u.right).flat_map(|i| scope[i].columns.iter().map(|(n, _)| n));
    let mut out: Vec<lio_sql::ast::Ident> = Vec::new();
    for name in left.chain(tables) {
        if right.columns.iter().any(|(n, _)| n == name) && !out.iter().any(|c| c.name == *name) {
            out.push(lio_sql::ast::Ident { name: name.clone(), pos });
        }
    }
    out
}

/// Remove `name` from a scope entry, returning its value.
fn take_column(entry: &mut ScopeEntry, name: &str) -> CExpr {
    let k = entry.columns.iter().position(|(n, _)| n == name).unwrap_or(0);
    entry.columns.remove(k).1
}
