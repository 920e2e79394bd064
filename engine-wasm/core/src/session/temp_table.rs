//! Global temporary tables (`CREATE GLOBAL TEMPORARY TABLE ... ON COMMIT
//! DELETE | PRESERVE ROWS`, also as CTAS).
//!
//! The table is in the dictionary for everyone; its rows are a session's
//! own. Its segment (and each of its indexes') is created by the session's
//! first insert, in the session's temporary tablespace (the user's, or the
//! database's default TEMP). A change to a temporary block writes an undo
//! record, as any change, and so the undo block's redo, but no redo of its
//! own: the redo record carries the undo vector only (Kyte, Expert Oracle
//! Database Architecture, "Temporary Tables and Redo/Undo"). ON COMMIT
//! DELETE ROWS (DURATION SYS$TRANSACTION) empties the session's rows when
//! its transaction ends, by commit, rollback or DDL's implicit commit;
//! ON COMMIT PRESERVE ROWS (SYS$SESSION) keeps them.
//!
//! The lab keeps one session's rows per table: while one session holds
//! rows in it, another session naming it is refused (LAB-00001), never
//! shown the first one's rows. DDL on a table a session holds rows in is
//! ORA-14450 (ORA-14452 for its indexes and DROP), as in Oracle.

use super::*;

impl Run<'_> {
    /// The temporary tablespace this session's temporary segments go to.
    pub(super) fn temp_tablespace(&self) -> String {
        self.inst.io.user_temp.clone().unwrap_or_else(|| self.inst.io.default_temp.clone())
    }

    /// What CREATE GLOBAL TEMPORARY TABLE cannot have: partitions, a
    /// cluster, MEMOPTIMIZE (ORA-14451); the lab also refuses an IOT and a
    /// TABLESPACE clause.
    pub(super) fn check_temporary(&self, c: &CreateTable) -> Result<(), LabError> {
        if c.temporary.is_none() {
            return Ok(());
        }
        if let Some(p) = &c.partitioning {
            return Err(LabError::new(ora::TEMP_TABLE_UNSUPPORTED, p.pos));
        }
        if c.cluster.is_some() || c.memoptimize_read {
            return Err(LabError::new(ora::TEMP_TABLE_UNSUPPORTED, c.name.pos));
        }
        if c.organization_index {
            return Err(LabError::unsupported("index-organized global temporary tables", c.name.pos));
        }
        if let Some(ts) = &c.physical.tablespace {
            return Err(LabError::unsupported("TABLESPACE of a global temporary table", ts.pos));
        }
        Ok(())
    }

    /// The session inserted rows into table `tid`: a temporary table's
    /// segment now holds this session's rows.
    pub(super) fn hold_temp_table(&mut self, tid: TableId) {
        let sid = self.s.sid;
        if let Some(t) = &mut self.inst.cat.tables[tid].temp {
            t.holder = Some(sid);
        }
    }

    /// A temporary table another session holds rows in: refused by name
    /// (the lab keeps one session's rows per table).
    pub(super) fn check_temp_holder(&self, name: &str, pos: Pos) -> Result<(), LabError> {
        let Some(t) = self.inst.cat.table(name) else { return Ok(()) };
        match t.temp {
            Some(crate::catalog::TempTable { holder: Some(h), .. }) if h != self.s.sid => Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                format_args!(
                    "global temporary table {name} while another session holds rows in it (the lab keeps one \
                     session's rows per table)"
                ),
                pos,
            )),
            _ => Ok(()),
        }
    }

    /// DDL on temporary table `tid` while a session holds rows in it:
    /// ORA-14450 (`index` DDL and DROP: ORA-14452).
    pub(super) fn check_temp_not_in_use(&self, tid: TableId, index: bool, pos: Pos) -> Result<(), LabError> {
        match self.inst.cat.tables[tid].temp {
            Some(crate::catalog::TempTable { holder: Some(_), .. }) => {
                Err(LabError::new(if index { ora::TEMP_TABLE_INDEX_IN_USE } else { ora::TEMP_TABLE_IN_USE }, pos))
            }
            _ => Ok(()),
        }
    }

    /// The ON COMMIT DELETE ROWS tables whose rows this session's ending
    /// transaction leaves to be emptied.
    pub(super) fn temp_tables_ending(&self) -> Vec<TableId> {
        let sid = self.s.sid;
        let delete = |t: &crate::catalog::Table| {
            matches!(
                t.temp,
                Some(crate::catalog::TempTable { on_commit: OnCommit::DeleteRows, holder: Some(h) }) if h == sid
            )
        };
        self.inst.cat.tables.iter().filter(|t| !t.dropped && delete(t)).map(|t| t.id).collect()
    }

    /// The transaction ended: its ON COMMIT DELETE ROWS tables are empty
    /// and held by no session (no undo or redo: the segment is let go).
    pub(super) fn empty_temp_tables(&mut self, tids: Vec<TableId>) {
        for tid in tids {
            self.empty_segments(tid);
            if let Some(t) = &mut self.inst.cat.tables[tid].temp {
                t.holder = None;
            }
        }
    }

    /// DBMS_STATS.GATHER_TABLE_STATS of table `name` gathers the session's
    /// own statistics without committing (a global temporary table, 12c+).
    pub(super) fn temp_stats_private(&self, name: &str) -> bool {
        self.inst.profile.session_private_temp_stats && self.inst.cat.table(name).is_some_and(|t| t.temp.is_some())
    }
}
