//! 12c column defaults an INSERT applies a row at a time: `DEFAULT
//! s.NEXTVAL` (any expression reading a sequence: a value drawn for each
//! row that omits the column) and `DEFAULT ON NULL expr` (the default
//! also replaces a NULL the INSERT gives; the column is NOT NULL).
//!
//! Worked out from published 12c sessions (dbaora.com, "Default Values
//! for Columns Based on Oracle Sequences"; datalbi.com article 20;
//! rogertroller.com, "DEFAULT"): a row's defaults that read one sequence
//! take one value (`id default s.currval, id1 default s.nextval` give 1
//! and 1 on a new session's first row); a row whose NEXTVAL default does
//! not apply (the column given NULL) reads CURRVAL, the session's last
//! value; a NULL given to a plain DEFAULT column stays NULL. The values
//! come from the shared pool's cache as a NEXTVAL in VALUES does, its
//! loads recursive updates of SEQ$ after the call. The default keeps the
//! sequence's name, so a dropped sequence makes the INSERT fail with
//! ORA-02289.

use super::sequence::{sequence_ref_at, with_sequence_value};
use super::*;
use crate::catalog::RowStore;
use crate::exec::plan::sequence::pseudo_refs;
use crate::value::Value;
use lio_sql::ast::{ColumnDef, Expr, Insert, InsertSource, SelectItem};

/// One column's default applied a row at a time.
struct RowDefault {
    col: usize,
    expr: Expr,
    /// A default that reads no sequence, evaluated once for the statement.
    value: Option<Value>,
    /// Applied only where the INSERT gives NULL (a named ON NULL column).
    only_null: bool,
    /// Whether it reads NEXTVAL (else CURRVAL), when it reads the sequence.
    next: Option<bool>,
}

/// The defaults of an INSERT applied a row at a time, and the one
/// sequence they read (its index in the catalog).
pub(super) struct RowDefaults {
    cols: Vec<RowDefault>,
    seq: Option<usize>,
}

impl Run<'_> {
    /// A column definition's DEFAULT checked at CREATE TABLE: ON NULL
    /// before 12.1 is ORA-00936 at ON (Oracle reads ON as an expression).
    pub(super) fn check_column_default(&self, d: &ColumnDef) -> Result<(), LabError> {
        if let Some(p) = d.default_on_null {
            if !self.inst.profile.sequence_defaults {
                return Err(LabError::new(ora::MISSING_EXPRESSION, p));
            }
        }
        match &d.default {
            Some(e) => self.check_default_expr(e),
            None => Ok(()),
        }
    }

    /// A column DEFAULT checked where it is declared (CREATE TABLE, ALTER
    /// TABLE ADD or MODIFY): its sequence (`check_default_sequence`), and
    /// no other column in it (ORA-00984 at the column, as Oracle).
    pub(super) fn check_default_expr(&self, e: &Expr) -> Result<(), LabError> {
        self.check_default_sequence(e)?;
        default_column_error(e).map_or(Ok(()), Err)
    }

    /// A column DEFAULT that reads a sequence: ORA-00984 before 12c, as
    /// Oracle; 12c+ the sequence must exist (ORA-02289), one sequence.
    pub(super) fn check_default_sequence(&self, e: &Expr) -> Result<(), LabError> {
        let Some(at) = sequence_ref_at(e) else { return Ok(()) };
        if !self.inst.profile.sequence_defaults {
            return Err(LabError::new(ora::COLUMN_NOT_ALLOWED_HERE, at));
        }
        let mut refs = Vec::new();
        pseudo_refs(e, &[], &mut refs);
        crate::exec::plan::sequence::one_sequence(&self.inst.cat, &refs)?;
        Ok(())
    }

    /// ALTER TABLE ... ADD of a column whose DEFAULT reads a sequence or
    /// is ON NULL: the rows already there would take values (refused).
    pub(super) fn check_added_default(&self, d: &ColumnDef) -> Result<(), LabError> {
        self.check_column_default(d)?;
        if let Some(p) = d.default_on_null {
            return Err(LabError::unsupported("ALTER TABLE ... ADD of a column with DEFAULT ON NULL", p));
        }
        if let Some(at) = d.default.as_ref().and_then(sequence_ref_at) {
            return Err(LabError::unsupported("ALTER TABLE ... ADD of a column whose DEFAULT reads a sequence", at));
        }
        Ok(())
    }

    /// The defaults of `tid` an INSERT naming `targets` applies a row at a
    /// time: those reading a sequence of the columns it omits, and the ON
    /// NULL ones of the columns it names. The sequence must exist
    /// (ORA-02289 at the table's name); the INSERT's own NEXTVAL or
    /// CURRVAL beside a default reading a sequence is not modelled.
    pub(super) fn row_defaults(
        &mut self,
        i: &Insert,
        tid: TableId,
        targets: &[usize],
    ) -> Result<RowDefaults, LabError> {
        let at = i.table.pos;
        self.check_identity_insert(i, tid, targets)?;
        let mut cols = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let columns = self.inst.cat.tables[tid].columns.clone();
        for (k, c) in columns.iter().enumerate() {
            let Some(e) = &c.default else { continue };
            let named = targets.contains(&k);
            if named && !c.default_on_null {
                continue;
            }
            let mut refs = Vec::new();
            pseudo_refs(e, &[], &mut refs);
            if refs.is_empty() && !named {
                // Omitted, no sequence: the statement's value (insert_defaults).
                continue;
            }
            let value = if refs.is_empty() { Some(self.eval_default(e)?) } else { None };
            for (q, _) in &refs {
                if !names.contains(&q.name) {
                    names.push(q.name.clone());
                }
            }
            let next = (!refs.is_empty()).then(|| refs.iter().any(|r| r.1));
            cols.push(RowDefault { col: k, expr: e.clone(), value, only_null: named, next });
        }
        let seq = match names.as_slice() {
            [] => None,
            [one] => Some(
                self.inst
                    .cat
                    .sequences
                    .iter()
                    .position(|s| &s.name == one)
                    .ok_or_else(|| LabError::new(ora::SEQUENCE_DOES_NOT_EXIST, at))?,
            ),
            _ => return Err(LabError::unsupported("column DEFAULTs reading two sequences in one INSERT", at)),
        };
        if seq.is_some() && self.insert_reads_sequence(i) {
            return Err(LabError::unsupported(
                "NEXTVAL or CURRVAL in an INSERT into a table whose column DEFAULT reads a sequence",
                at,
            ));
        }
        Ok(RowDefaults { cols, seq })
    }

    /// Whether the INSERT's VALUES or select list names a pseudocolumn.
    fn insert_reads_sequence(&self, i: &Insert) -> bool {
        let mut refs = Vec::new();
        match &i.source {
            InsertSource::Values(exprs) => exprs.iter().for_each(|e| pseudo_refs(e, &[], &mut refs)),
            InsertSource::Query(q) => {
                for s in &q.select {
                    if let SelectItem::Expr { expr, .. } = s {
                        pseudo_refs(expr, &[], &mut refs);
                    }
                }
            }
        }
        refs.iter().any(|(q, _)| self.inst.cat.sequence(&q.name).is_some())
    }

    /// Each row's defaults in place, in the rows' order: the sequence's
    /// value taken once a row that needs it (NEXTVAL when an applied
    /// default reads NEXTVAL, else CURRVAL), then the cache loads written
    /// to SEQ$.
    pub(super) fn apply_row_defaults(&mut self, d: &RowDefaults, out: &mut RowStore, at: Pos) -> Result<(), LabError> {
        if d.cols.is_empty() {
            return Ok(());
        }
        let mut row = Vec::with_capacity(out.width());
        let mut result = Ok(());
        for r in 0..out.len() {
            out.row(r).decode_into(&mut row);
            let applied: Vec<&RowDefault> = d.cols.iter().filter(|c| !c.only_null || row[c.col].is_null()).collect();
            if applied.is_empty() {
                continue;
            }
            let value = match d.seq {
                Some(k) if applied.iter().any(|c| c.next.is_some()) => {
                    let s = &self.inst.cat.sequences[k];
                    let seqs = &mut self.inst.sga.sequences;
                    let v = if applied.iter().any(|c| c.next == Some(true)) {
                        seqs.nextval(s, self.s.sid, at)
                    } else {
                        seqs.currval(s, self.s.sid, at)
                    };
                    match v {
                        Ok(v) => Some(v),
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    }
                }
                _ => None,
            };
            for c in applied {
                row[c.col] = match (&c.value, value) {
                    (Some(v), _) => v.clone(),
                    (None, Some(v)) => match &c.expr {
                        Expr::Column { .. } => Value::Num(v),
                        e => self.eval_default(&with_sequence_value(e, v))?,
                    },
                    (None, None) => Value::Null,
                };
            }
            out.set_row(r, &row);
        }
        self.sequence_refills();
        result
    }
}

/// A DEFAULT naming a column (not USER, not a sequence's NEXTVAL or
/// CURRVAL): Oracle's ORA-00984 at it; a qualified name or a package's
/// function (`DBMS_RANDOM.VALUE`: Oracle's SQL Reference forbids PL/SQL
/// functions in a DEFAULT; its error code not checked) refused.
pub(super) fn default_column_error(e: &Expr) -> Option<LabError> {
    let mut out = None;
    super::sequence::walk_mut(&mut e.clone(), &mut |x| {
        if let Expr::Function { name, .. } = x {
            if name.name.contains('.') && out.is_none() {
                // Oracle's documented restriction; its error code not checked.
                out =
                    Some(LabError::unsupported("a PL/SQL function in a column DEFAULT (Oracle allows none)", name.pos));
            }
        }
        let Expr::Column { qualifier, name } = x else { return };
        if out.is_some() || (qualifier.is_none() && name.name == "USER") {
            return;
        }
        out = match qualifier {
            None => Some(LabError::new(ora::COLUMN_NOT_ALLOWED_HERE, name.pos)),
            Some(_) if matches!(name.name.as_str(), "NEXTVAL" | "CURRVAL") => None,
            Some(q) => {
                Some(LabError::unsupported("a qualified name (a package's function?) in a column DEFAULT", q.pos))
            }
        };
    });
    out
}

/// A declared column of CREATE TABLE: ON NULL and identity make it NOT
/// NULL (its constraint numbered when the table is created,
/// `number_not_nulls`).
pub(super) fn declared_column(d: &ColumnDef) -> crate::catalog::Column {
    use crate::catalog::sequence::Identity;
    let on_null = d.default_on_null.is_some() || d.identity.as_ref().is_some_and(|i| i.on_null);
    crate::catalog::Column {
        name: d.name.name.clone(),
        data_type: d.data_type,
        not_null: d.not_null || d.primary_key || on_null,
        identity: d.identity.as_ref().map(|i| if i.always { Identity::Always } else { Identity::ByDefault }),
        type_text: d.type_text.clone(),
        default: d.default.clone(),
        default_on_null: on_null,
        default_text: d.default_text.clone(),
        dict_default: None,
        nn: (d.not_null || d.identity.is_some() || on_null).then(|| crate::catalog::ConName {
            con: 0,
            name: d.not_null_name.as_ref().map(|n| n.name.clone()).unwrap_or_default(),
        }),
    }
}
