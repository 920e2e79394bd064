//! The lab's one schema and the user connected. The lab holds one user's
//! objects (`Catalog::schema`: LAB, or the user a script first connects
//! as); `CONNECT / AS SYSDBA` makes the session
//! SYS, whose schema holds none of them. A name qualified by the schema
//! reaches its objects from either user; SYS.name reaches the dictionary
//! (DUAL, the V$ and dictionary views), not the lab's objects; another
//! schema's objects are refused by name (LAB-00001), never answered with
//! the lab's own: `SCOTT.T1` is not the lab's T1.

use super::*;
use lio_sql::ast::ObjectRef;

impl Run<'_> {
    /// Each object `stmt` names against the schema and the user (the
    /// names of a PL/SQL block's statements are in the block's list).
    pub(super) fn check_objects(&self, stmt: &Statement) -> Result<(), LabError> {
        let as_owner = *self.s.user == *self.inst.cat.schema;
        if !as_owner && creates_object(&stmt.kind) {
            if let Some(ObjectRef { schema: None, name }) = stmt.objects.first() {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    format_args!(
                        "objects created in {}'s schema (the lab's are {}'s)",
                        self.s.user, self.inst.cat.schema
                    ),
                    name.pos,
                ));
            }
        }
        for r in &stmt.objects {
            let missing = || {
                let e = match &stmt.kind {
                    StatementKind::AlterIndex(_) => ora::INDEX_DOES_NOT_EXIST,
                    StatementKind::Drop(d) if d.kind == lio_sql::ast::ObjectKind::Index => ora::INDEX_DOES_NOT_EXIST,
                    _ => ora::TABLE_OR_VIEW_DOES_NOT_EXIST,
                };
                Err(LabError::new(e, r.name.pos))
            };
            match &r.schema {
                Some(s) if *s.name == *self.inst.cat.schema => {}
                Some(s) if matches!(s.name.as_str(), "SYS" | "PUBLIC") && self.lab_object(&r.name.name) => {
                    return missing()
                }
                Some(s) if matches!(s.name.as_str(), "SYS" | "PUBLIC") => {}
                Some(s) => {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        format_args!("objects of schema {} (the lab has one schema, {})", s.name, self.inst.cat.schema),
                        s.pos,
                    ))
                }
                None if !as_owner && self.lab_object(&r.name.name) => return missing(),
                None => {}
            }
            self.check_temp_holder(&r.name.name, r.name.pos)?;
        }
        Ok(())
    }

    /// An object of the lab's schema is named `name`.
    fn lab_object(&self, name: &str) -> bool {
        let cat = &self.inst.cat;
        cat.table(name).is_some_and(|t| !t.sys)
            || cat.index_id(name).is_some()
            || cat.cluster_id(name).is_some()
            || self.inst.programs.contains_key(name)
    }

    /// `CONNECT` was answered: the engine connected the session unless the
    /// user was refused, which is said here.
    pub(super) fn connected(&self, c: &lio_sql::ast::Connect) -> Result<(), LabError> {
        let Some(u) = &c.user else { return Ok(()) };
        if u.name == "SYS" && !c.sysdba {
            return Err(LabError::new(ora::SYS_NEEDS_SYSDBA, u.pos));
        }
        if *self.s.user == *u.name {
            return Ok(());
        }
        Err(LabError::with(
            ora::LAB_UNSUPPORTED,
            format_args!(
                "a second schema, user {} (the lab has one schema, {}, and it holds objects)",
                u.name, self.inst.cat.schema
            ),
            u.pos,
        ))
    }
}

/// The statement creates an object in the schema its name is in.
fn creates_object(kind: &StatementKind) -> bool {
    matches!(
        kind,
        StatementKind::CreateTable(_)
            | StatementKind::CreateIndex(_)
            | StatementKind::CreateCluster(_)
            | StatementKind::CreateProgram(_)
            | StatementKind::CreateView(_)
            | StatementKind::Sequence(_)
    )
}

impl Instance {
    /// The schema holds an object (it can no longer be another user's).
    pub(crate) fn schema_holds_objects(&self) -> bool {
        self.cat.tables.iter().any(|t| !t.sys)
            || !self.cat.clusters.is_empty()
            || !self.programs.is_empty()
            || !self.cat.views.is_empty()
    }
}
