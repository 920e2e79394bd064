//! The DEFAULT keyword as a value (Oracle 8i+): `INSERT ... VALUES (1,
//! DEFAULT)` and `UPDATE t SET c = DEFAULT`.
//!
//! Oracle's SQL Reference (INSERT, values_clause; UPDATE, update_set_clause):
//! DEFAULT sets the column to its default, or to NULL when it has none.
//! In VALUES that is what omitting the column from the INSERT's list does,
//! so the lab runs the INSERT without those columns: a default reading a
//! sequence (or an identity column, ALWAYS or BY DEFAULT) takes its value a
//! row at a time (`session/sequence_defaults.rs`), a column without a
//! default is NULL (ORA-01400 when NOT NULL, as for an omitted one). In SET
//! the column's default expression takes the keyword's place (NULL when it
//! has none, ORA-01407 for a NOT NULL column), evaluated for each row as
//! any SET expression. `INSERT INTO t DEFAULT VALUES` is not Oracle syntax:
//! ORA-00926 at DEFAULT (rsim/oracle-enhanced #1180), the parser's answer.
//!
//! Not modelled: SET of a GENERATED ALWAYS identity column to DEFAULT
//! (LAB-00001: no published session says whether Oracle takes it).

use super::sequence::walk_mut;
use super::*;
use crate::catalog::sequence::Identity;
use std::borrow::Cow;

/// Whether a value is the DEFAULT keyword.
fn is_default(e: &Expr) -> bool {
    matches!(e, Expr::Default(_))
}

/// `e` with every position it holds moved to `at` (a column's default
/// expression, written at CREATE TABLE, placed where DEFAULT stands so
/// an error in it points there).
fn placed_at(e: &Expr, at: Pos) -> Expr {
    let mut e = e.clone();
    walk_mut(&mut e, &mut |x| match x {
        Expr::Number(_, p)
        | Expr::String(_, p)
        | Expr::Null(p)
        | Expr::Bind(_, p)
        | Expr::Rownum(p)
        | Expr::Level(p)
        | Expr::Default(p)
        | Expr::Aggregate { pos: p, .. }
        | Expr::Case { pos: p, .. }
        | Expr::Exists { pos: p, .. } => *p = at,
        Expr::Column { qualifier, name } => {
            name.pos = at;
            if let Some(q) = qualifier {
                q.pos = at;
            }
        }
        Expr::Function { name, .. } => name.pos = at,
        _ => {}
    });
    e
}

impl Run<'_> {
    /// The INSERT without the columns its VALUES give as DEFAULT (None when
    /// it has none, or when the values do not match the columns: the
    /// INSERT's own ORA-00947 / ORA-00913 then).
    pub(super) fn insert_without_default_keyword(&self, i: &Insert, tid: TableId) -> Option<Insert> {
        let InsertSource::Values(exprs) = &i.source else { return None };
        if !exprs.iter().any(is_default) {
            return None;
        }
        let t = &self.inst.cat.tables[tid];
        let cols: Vec<Ident> = match &i.columns {
            Some(c) => c.clone(),
            None => t.columns.iter().map(|c| Ident { name: c.name.clone(), pos: i.table.pos }).collect(),
        };
        // Unknown or repeated columns, a count that does not match: the
        // INSERT's own ORA-00904, ORA-00957, ORA-00947 or ORA-00913.
        let known = cols.iter().filter_map(|c| t.column_index(&c.name)).collect::<std::collections::BTreeSet<_>>();
        if cols.len() != exprs.len() || known.len() != cols.len() {
            return None;
        }
        let (cols, exprs): (Vec<Ident>, Vec<Expr>) =
            cols.into_iter().zip(exprs.iter().cloned()).filter(|(_, e)| !is_default(e)).unzip();
        Some(Insert { columns: Some(cols), source: InsertSource::Values(exprs), ..i.clone() })
    }

    /// The UPDATE's SET list checked and made plain: a GENERATED ALWAYS
    /// identity column set is ORA-32796 at it (nuijten.blogspot.com, 12c:
    /// `set id = id`, `id + 0`, ...), up to the first unknown column (the
    /// UPDATE's ORA-00904); each `c = DEFAULT` becomes `c = <c's
    /// default>` (NULL when it has none).
    pub(super) fn update_sets<'a>(&self, u: &'a Update, tid: TableId) -> Result<Cow<'a, Update>, LabError> {
        let t = &self.inst.cat.tables[tid];
        for (c, e) in &u.sets {
            let Some(k) = t.column_index(&c.name) else { break };
            match (t.columns[k].identity, e) {
                (Some(Identity::Always), Expr::Default(at)) => {
                    return Err(LabError::unsupported("SET of a GENERATED ALWAYS identity column to DEFAULT", *at))
                }
                (Some(Identity::Always), _) => return Err(LabError::new(ora::IDENTITY_ALWAYS_UPDATE, c.pos)),
                _ => {}
            }
        }
        if !u.sets.iter().any(|(_, e)| is_default(e)) {
            return Ok(Cow::Borrowed(u));
        }
        let mut out = u.clone();
        for (c, e) in &mut out.sets {
            let Expr::Default(at) = *e else { continue };
            // An unknown column: the UPDATE's own ORA-00904 (NULL meanwhile).
            let col = t.column_index(&c.name).map(|k| &t.columns[k]);
            *e = match col.and_then(|c| c.default.as_ref()) {
                Some(d) => placed_at(d, at),
                None => Expr::Null(at),
            };
        }
        Ok(Cow::Owned(out))
    }
}
