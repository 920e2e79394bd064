//! 12c identity columns: `GENERATED [ALWAYS | BY DEFAULT [ON NULL]] AS
//! IDENTITY [(sequence options)]`.
//!
//! CREATE TABLE creates the system sequence ISEQ$$_<the table's object
//! id> (zahirmohideen.blogspot.com, 12.1.0.1: table T_IDENTITY 92733,
//! sequence ISEQ$$_92733; dbastreet.com: CACHE 20 by default, the options
//! in parentheses as CREATE SEQUENCE's), and the column's default reads
//! its NEXTVAL, so an INSERT takes a value a row as for `DEFAULT
//! s.NEXTVAL` (`session/sequence_defaults.rs`); BY DEFAULT ON NULL is a
//! default ON NULL. The column is NOT NULL. ALWAYS: an INSERT naming the
//! column is ORA-32795, an UPDATE setting it ORA-32796 (nuijten.blogspot,
//! Connor McDonald). The sequence may not be altered (ORA-32793) or
//! dropped (ORA-32794); it goes with the table (the lab has no recycle
//! bin: Oracle keeps it until the dropped table is purged).

use super::*;
use crate::catalog::sequence::Identity;
use lio_sql::ast::{CreateTable, DataType, Expr, Ident, Insert};

impl Run<'_> {
    /// A CREATE TABLE's identity columns checked before anything is made:
    /// 12.1+, one a table (ORA-30669), numeric (ORA-30675), no DEFAULT
    /// (ORA-30674), the sequence options as CREATE SEQUENCE checks them.
    pub(super) fn check_identity_columns(&self, c: &CreateTable) -> Result<(), LabError> {
        let mut seen = false;
        for d in &c.columns {
            let Some(id) = &d.identity else { continue };
            if !self.inst.profile.sequence_defaults {
                return Err(LabError::unsupported("identity columns before 12.1 (not Oracle syntax there)", id.pos));
            }
            if seen {
                return Err(LabError::new(ora::IDENTITY_ONLY_ONE, id.pos));
            }
            seen = true;
            if !matches!(d.data_type, DataType::Number { .. }) {
                return Err(LabError::new(ora::IDENTITY_NOT_NUMERIC, id.pos));
            }
            if d.default.is_some() {
                return Err(LabError::new(ora::IDENTITY_WITH_DEFAULT, id.pos));
            }
            super::sequence::checked_new(&id.opts, id.pos)?;
        }
        Ok(())
    }

    /// The sequences of table `tid`'s identity columns, just created: each
    /// named by the table's object id, the column's default its NEXTVAL.
    pub(super) fn create_identity_sequences(&mut self, tid: TableId, c: &CreateTable) -> Result<(), LabError> {
        for d in &c.columns {
            let Some(id) = &d.identity else { continue };
            let t = &self.inst.cat.tables[tid];
            let name = format!("ISEQ$$_{}", t.stamp.id);
            let Some(k) = t.column_index(&d.name.name) else { continue };
            self.push_sequence(name.clone(), &id.opts, id.pos, true)?;
            let pos = id.pos;
            let next =
                Expr::Column { qualifier: Some(Ident { name, pos }), name: Ident { name: "NEXTVAL".into(), pos } };
            self.inst.cat.tables[tid].columns[k].default = Some(next);
        }
        Ok(())
    }

    /// DROP TABLE: its identity column's sequence goes with it.
    pub(super) fn drop_identity_sequence(&mut self, tid: TableId) {
        let name = format!("ISEQ$$_{}", self.inst.cat.tables[tid].stamp.id);
        if let Some(i) = self.inst.cat.sequences.iter().position(|q| q.system && q.name == name) {
            let s = self.inst.cat.sequences.remove(i);
            self.inst.sga.sequences.drop_sequence(s.stamp.id);
        }
    }

    /// An INSERT naming a GENERATED ALWAYS identity column: ORA-32795, at
    /// the column in the list (or the table's name without a list).
    pub(super) fn check_identity_insert(&self, i: &Insert, tid: TableId, targets: &[usize]) -> Result<(), LabError> {
        let cols = &self.inst.cat.tables[tid].columns;
        let Some(k) = targets.iter().position(|&t| cols[t].identity == Some(Identity::Always)) else {
            return Ok(());
        };
        let at = i.columns.as_ref().and_then(|c| c.get(k)).map_or(i.table.pos, |c| c.pos);
        Err(LabError::new(ora::IDENTITY_ALWAYS_INSERT, at))
    }

    /// The system sequence `name`, if it is one: ORA-32793 (ALTER) or
    /// ORA-32794 (DROP) at `at`.
    pub(super) fn refuse_system_sequence(&self, name: &str, drop: bool, at: Pos) -> Result<(), LabError> {
        if self.inst.cat.sequence(name).is_some_and(|s| s.system) {
            let code = if drop { ora::SYSTEM_SEQUENCE_DROP } else { ora::SYSTEM_SEQUENCE_ALTER };
            return Err(LabError::new(code, at));
        }
        Ok(())
    }
}
