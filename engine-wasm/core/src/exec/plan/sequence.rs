//! `seq.NEXTVAL` and `seq.CURRVAL` in a query: where Oracle allows them
//! (SQL Language Reference, "Sequence Pseudocolumns": the select list of a
//! top-level SELECT that has no DISTINCT, GROUP BY, ORDER BY, aggregate or
//! set operator, and is not a subquery or a view's query; the select list
//! of INSERT ... SELECT) they read a SEQUENCE line under the statement, a
//! value a row (`row_source/sequence.rs`); anywhere else ORA-02287. A name
//! that is neither a table's alias nor a sequence: ORA-02289.
//!
//! The lab reads one sequence a statement; two are refused (LAB-00001).

use super::sql_ext::SeqPlan;
use super::*;
use lio_sql::ast::Ident;

/// `q.NEXTVAL` or `q.CURRVAL`: the qualifier, and whether it is NEXTVAL.
fn pseudo(e: &Expr) -> Option<(&Ident, bool)> {
    match e {
        Expr::Column { qualifier: Some(q), name } if name.name == "NEXTVAL" || name.name == "CURRVAL" => {
            Some((q, name.name == "NEXTVAL"))
        }
        _ => None,
    }
}

/// Appends the sequence pseudocolumns `e` names (outside subqueries) whose
/// qualifier is none of the FROM names `skip`: (qualifier, NEXTVAL).
pub(crate) fn pseudo_refs(e: &Expr, skip: &[&str], out: &mut Vec<(Ident, bool)>) {
    let found = std::cell::RefCell::new(out);
    super::rownum::any_expr(e, &|x| {
        if let Some((qn, next)) = pseudo(x) {
            if !skip.contains(&qn.name.as_str()) {
                found.borrow_mut().push((qn.clone(), next));
            }
        }
        false
    });
}

/// The one sequence `refs` read: its index in the catalog, whether NEXTVAL
/// is read, and where it is first named. ORA-02289 for no such sequence;
/// a second sequence is refused (LAB-00001).
pub(crate) fn one_sequence(cat: &Catalog, refs: &[(Ident, bool)]) -> Result<Option<(usize, bool, Pos)>, LabError> {
    let Some((first, _)) = refs.first() else { return Ok(None) };
    let Some(seq) = cat.sequences.iter().position(|s| s.name == first.name) else {
        return Err(LabError::new(ora::SEQUENCE_DOES_NOT_EXIST, first.pos));
    };
    if let Some((other, _)) = refs.iter().find(|(n, _)| n.name != first.name) {
        return Err(LabError::unsupported("NEXTVAL or CURRVAL of two sequences in one statement", other.pos));
    }
    Ok(Some((seq, refs.iter().any(|(_, n)| *n), first.pos)))
}

/// The names a FROM clause gives its row sources.
fn from_names(q: &Query) -> Vec<&str> {
    q.from
        .iter()
        .filter_map(|f| match f {
            FromItem::Table { name, alias, .. } => Some(alias.as_ref().unwrap_or(name).name.as_str()),
            FromItem::Subquery { alias, view, .. } => alias.as_ref().or(view.as_ref()).map(|a| a.name.as_str()),
            FromItem::XmlTableRange { alias, .. }
            | FromItem::RecursiveWith { alias, .. }
            | FromItem::RecursiveRef { alias, .. } => alias.as_ref().map(|a| a.name.as_str()),
        })
        .collect()
}

impl Builder<'_> {
    /// Registers the sequence the top-level select list of `q` reads, after
    /// checking the query may read one there.
    pub(super) fn plan_sequence(&mut self, q: &Query) -> Result<(), LabError> {
        let names = from_names(q);
        // Not in the WHERE or CONNECT BY clauses.
        let elsewhere =
            [q.where_clause.as_ref(), q.connect_by.as_ref(), q.hier.as_ref().and_then(|h| h.start_with.as_ref())];
        for e in elsewhere.into_iter().flatten() {
            let mut refs = Vec::new();
            pseudo_refs(e, &names, &mut refs);
            if let Some((qn, _)) = refs.first() {
                return Err(LabError::new(ora::SEQUENCE_NOT_ALLOWED_HERE, qn.pos));
            }
        }
        let mut found = Vec::new();
        for s in &q.select {
            if let SelectItem::Expr { expr, .. } = s {
                pseudo_refs(expr, &names, &mut found);
            }
        }
        let Some((seq, next, at)) = one_sequence(self.ctx.cat, &found)? else { return Ok(()) };
        let aggregate = q.select.iter().any(|s| {
            matches!(s, SelectItem::Expr { expr, .. }
                if super::rownum::any_expr(expr, &|e| matches!(e, Expr::Aggregate { .. } | Expr::Analytic(_))))
        });
        if q.distinct
            || !q.group_by.is_empty()
            || q.having.is_some()
            || !q.order_by.is_empty()
            || !q.union_all.is_empty()
            || aggregate
        {
            return Err(LabError::new(ora::SEQUENCE_NOT_ALLOWED_HERE, at));
        }
        let src = self.new_source();
        self.set_source_kinds(src, vec![crate::exec::convert::Kind::Number]);
        let name = self.ctx.cat.sequences[seq].name.clone();
        let line = crate::exec::row_source::SeqLine { src, seq, next, at: (at, q.pos) };
        self.ext.seq = Some(SeqPlan { line, name });
        Ok(())
    }

    /// `qualifier.name` as a sequence pseudocolumn, when it is one: the
    /// registered sequence's value, or the error Oracle gives.
    pub(super) fn sequence_column(
        &self,
        qualifier: &Option<Ident>,
        name: &Ident,
        scope: &[ScopeEntry],
    ) -> Result<Option<CExpr>, LabError> {
        let Some(q) = qualifier else { return Ok(None) };
        if name.name != "NEXTVAL" && name.name != "CURRVAL" {
            return Ok(None);
        }
        let named = |s: &ScopeEntry| s.alias == q.name;
        if scope.iter().any(named) || self.outer_scopes.iter().flatten().any(named) {
            return Ok(None);
        }
        if let Some(p) = &self.ext.seq {
            if p.name == q.name && self.outer_scopes.is_empty() {
                return Ok(Some(CExpr::Gen { src: p.line.src, col: 0 }));
            }
        }
        if self.ctx.cat.sequence(&q.name).is_some() {
            return Err(LabError::new(ora::SEQUENCE_NOT_ALLOWED_HERE, q.pos));
        }
        Err(LabError::new(ora::SEQUENCE_DOES_NOT_EXIST, q.pos))
    }

    /// The SEQUENCE line over the statement's row source.
    pub(super) fn sequence_line(&mut self, root: Op, e_rows: f64, cost: f64) -> Op {
        let Some(p) = self.ext.seq.take() else { return root };
        let kind = OpKind::Sequence(Box::new(root), p.line);
        self.op("SEQUENCE", Some(&p.name), e_rows, cost, None, "qerseqFetch", kind)
    }
}
