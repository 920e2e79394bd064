//! Name resolution: a column reference against the block's scope, the
//! enclosing blocks' (a correlated subquery), then PL/SQL variables.

use super::*;

impl Builder<'_> {
    /// The ROWID pseudocolumn: the one table source in scope (or the
    /// qualified one); a view's or a join's unqualified ROWID is refused.
    fn rowid(
        &mut self,
        qualifier: &Option<lio_sql::ast::Ident>,
        name: &lio_sql::ast::Ident,
        scope: &[ScopeEntry],
    ) -> Result<CExpr, LabError> {
        let tables: Vec<(usize, usize)> = scope
            .iter()
            .filter(|s| qualifier.as_ref().is_none_or(|q| q.name == s.alias))
            .filter_map(|s| {
                s.columns.iter().find_map(|(_, c)| match c {
                    CExpr::Col { src, table, .. } => Some((*src, *table)),
                    _ => None,
                })
            })
            .collect();
        match tables.as_slice() {
            [(src, table)] => Ok(CExpr::Func(
                Func::Rowid,
                vec![CExpr::RowId(*src), CExpr::Const(crate::value::Value::int(*table as i64))],
                name.pos,
            )),
            [] if scope.iter().any(|s| qualifier.as_ref().is_none_or(|q| q.name == s.alias)) => {
                Err(LabError::unsupported("the ROWID of a view, a dictionary view or DUAL", name.pos))
            }
            [] => Err(LabError::with(ora::INVALID_IDENTIFIER, "\"ROWID\"", name.pos)),
            _ => Err(LabError::new(ora::COLUMN_AMBIGUOUSLY_DEFINED, name.pos)),
        }
    }

    /// The column `qualifier.name` names.
    pub(super) fn resolve_column(
        &mut self,
        qualifier: &Option<lio_sql::ast::Ident>,
        name: &lio_sql::ast::Ident,
        scope: &[ScopeEntry],
    ) -> Result<CExpr, LabError> {
        if qualifier.is_none() && name.name == "USER" {
            return Ok(CExpr::Func(Func::User, vec![CExpr::Const(crate::value::Value::str(self.ctx.user))], name.pos));
        }
        if name.name == "ROWID" {
            return self.rowid(qualifier, name, scope);
        }
        if let Some(c) = self.sequence_column(qualifier, name, scope)? {
            return Ok(c);
        }
        let mut found: Option<CExpr> = None;
        for s in scope {
            if let Some(q) = qualifier {
                if q.name != s.alias {
                    continue;
                }
            }
            if let Some((_, c)) = s.columns.iter().find(|(n, _)| *n == name.name) {
                if found.is_some() {
                    return Err(LabError::new(ora::COLUMN_AMBIGUOUSLY_DEFINED, name.pos));
                }
                found = Some(c.clone());
            }
        }
        if found.is_none() {
            // A correlated subquery reads the enclosing blocks' columns.
            'outer: for sc in self.outer_scopes.iter().rev() {
                for s in sc {
                    if qualifier.as_ref().is_some_and(|q| q.name != s.alias) {
                        continue;
                    }
                    if let Some((_, c)) = s.columns.iter().find(|(n, _)| *n == name.name) {
                        found = Some(c.clone());
                        self.outer_refs += 1;
                        self.outer_ref_exprs.push(c.clone());
                        break 'outer;
                    }
                }
            }
        }
        if let (None, Some(q)) = (&found, qualifier) {
            if let Some((_, _, natural)) = self.using_hidden.iter().find(|(a, n, _)| *a == q.name && *n == name.name) {
                let code = if *natural { ora::NATURAL_COLUMN_QUALIFIED } else { ora::USING_COLUMN_QUALIFIED };
                return Err(LabError::new(code, q.pos));
            }
        }
        Ok(match found {
            Some(c) => c,
            None if qualifier.is_none() && self.ctx.plsql_vars.contains(&name.name) => {
                if !self.plsql_refs.contains(&name.pos) {
                    self.plsql_refs.push(name.pos);
                }
                CExpr::Bind(self.bind(&name.name))
            }
            // A cursor FOR loop's record field (`r.value`).
            None if qualifier
                .as_ref()
                .is_some_and(|q| self.ctx.plsql_vars.contains(&format!("{}.{}", q.name, name.name))) =>
            {
                let field = format!("{}.{}", qualifier.as_ref().map(|q| q.name.as_str()).unwrap_or(""), name.name);
                let at = qualifier.as_ref().map(|q| q.pos).unwrap_or(name.pos);
                if !self.plsql_refs.contains(&at) {
                    self.plsql_refs.push(at);
                }
                CExpr::Bind(self.bind(&field))
            }
            // PL/SQL BOOLEAN literals (arguments such as set_sql_trace(true)).
            None if qualifier.is_none() && (name.name == "TRUE" || name.name == "FALSE") => {
                CExpr::Const(crate::value::Value::int(i64::from(name.name == "TRUE")))
            }
            None => {
                let shown = match qualifier {
                    Some(q) => format!("{}\".\"{}", q.name, name.name),
                    None => name.name.clone(),
                };
                return Err(LabError::with(
                    ora::INVALID_IDENTIFIER,
                    format_args!("\"{}\"", shown),
                    qualifier.as_ref().map(|q| q.pos).unwrap_or(name.pos),
                ));
            }
        })
    }
}

/// Whether `e` is a ROWID (the pseudocolumn, or ROWID_CREATE's result).
fn is_rowid(e: &CExpr) -> bool {
    matches!(e, CExpr::Func(Func::Rowid | Func::DbmsRowid(crate::exec::rowid::RowidFn::Create), ..))
}

/// ROWIDs are held as their text: ordering them by it would not be
/// Oracle's order (by object, file, block, row), so an ORDER BY or a
/// range comparison of ROWIDs is refused.
pub(super) fn refuse_rowid_order(e: &CExpr, pos: lio_sql::ast::Pos) -> Result<(), LabError> {
    if is_rowid(e) {
        return Err(LabError::unsupported("ordering ROWIDs (ORDER BY, <, >, BETWEEN, MIN, MAX of a ROWID)", pos));
    }
    Ok(())
}
