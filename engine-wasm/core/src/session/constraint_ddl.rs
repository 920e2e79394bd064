//! `ALTER TABLE t ENABLE | DISABLE [VALIDATE | NOVALIDATE] CONSTRAINT c`,
//! `MODIFY CONSTRAINT c ...` and `DROP CONSTRAINT c`.
//!
//! A CHECK constraint's state changes: ENABLE [VALIDATE] checks the rows
//! (ORA-02293), ENABLE NOVALIDATE does not, DISABLE [NOVALIDATE] stops
//! the checking (DISABLE VALIDATE, which makes the table read only, is
//! refused). A primary, unique, foreign key or NOT NULL constraint keeps
//! its state (refused: LAB-00001). DROP CONSTRAINT drops a CHECK, NOT NULL
//! or foreign key constraint (a key's, whose index goes with it, is
//! refused); ORA-02443 when the table has no constraint of that name,
//! ORA-02430 / ORA-02431 for ENABLE / DISABLE.

use super::*;

/// What a constraint of a table is, found by name.
enum Found {
    Check(usize),
    NotNull(usize),
    Foreign(usize),
    Key,
}

impl Run<'_> {
    fn find_constraint(&self, tid: TableId, name: &str) -> Option<Found> {
        let t = &self.inst.cat.tables[tid];
        if let Some(i) = t.checks.iter().position(|k| k.name.name == name) {
            return Some(Found::Check(i));
        }
        if let Some(c) = t.columns.iter().position(|c| c.nn.as_ref().is_some_and(|n| n.name == name)) {
            return Some(Found::NotNull(c));
        }
        if let Some(i) = t.fks.iter().position(|f| f.name == name) {
            return Some(Found::Foreign(i));
        }
        let key = t.pk_con.as_ref().is_some_and(|n| n.name == name) || t.uniques.iter().any(|u| u.name == name);
        key.then_some(Found::Key)
    }

    /// ENABLE / DISABLE / MODIFY CONSTRAINT `n` of table `tid`.
    pub(super) fn alter_constraint_state(
        &mut self,
        tid: TableId,
        n: &Ident,
        state: ConstraintState,
    ) -> Result<(), LabError> {
        let at = match self.find_constraint(tid, &n.name) {
            Some(Found::Check(at)) => at,
            Some(_) => {
                return Err(LabError::unsupported(
                    "ENABLE or DISABLE of a primary key, unique, foreign key or NOT NULL constraint",
                    n.pos,
                ))
            }
            None => {
                let e = if state.enable == Some(false) {
                    ora::NO_SUCH_CONSTRAINT
                } else {
                    ora::CANNOT_ENABLE_NO_SUCH_CONSTRAINT
                };
                return Err(LabError::with(e, &n.name, n.pos));
            }
        };
        let k = &self.inst.cat.tables[tid].checks[at];
        let enabled = state.enable.unwrap_or(k.enabled);
        // ENABLE validates unless it says NOVALIDATE, DISABLE does not
        // unless it says VALIDATE; VALIDATE or NOVALIDATE alone keeps the
        // status.
        let validated = state.validate.unwrap_or(match state.enable {
            Some(on) => on,
            None => k.validated,
        });
        if !enabled && validated {
            return Err(LabError::unsupported("DISABLE VALIDATE (the table would be read only)", n.pos));
        }
        if validated && !(k.enabled && k.validated) {
            self.validate_check(tid, at, n.pos)?;
        }
        let k = &mut self.inst.cat.tables[tid].checks[at];
        (k.enabled, k.validated) = (enabled, validated);
        Ok(())
    }

    /// DROP CONSTRAINT `n` of table `tid`.
    pub(super) fn drop_constraint(&mut self, tid: TableId, n: &Ident) -> Result<(), LabError> {
        match self.find_constraint(tid, &n.name) {
            Some(Found::Check(at)) => {
                self.inst.cat.tables[tid].checks.remove(at);
            }
            Some(Found::NotNull(c)) => {
                let c = &mut self.inst.cat.tables[tid].columns[c];
                (c.nn, c.not_null) = (None, false);
            }
            Some(Found::Foreign(at)) => {
                self.inst.cat.tables[tid].fks.remove(at);
            }
            Some(Found::Key) => {
                return Err(LabError::unsupported("DROP CONSTRAINT of a primary key or unique constraint", n.pos));
            }
            None => return Err(LabError::new(ora::NONEXISTENT_CONSTRAINT, n.pos)),
        }
        Ok(())
    }
}
