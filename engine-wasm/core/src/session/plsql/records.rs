//! PL/SQL records declared `r table%ROWTYPE`: one variable per field
//! (`R.COLUMN`, typed as the column), which `r.column` reads and a
//! `SELECT ... INTO r` or `FETCH ... INTO r` fills in the columns' order
//! (session/plsql_vars.rs).

use super::super::plsql_vars::declare_record;
use super::super::*;

impl Run<'_> {
    /// Declare a block's variables: `x table%ROWTYPE` as a record of the
    /// table's columns, any other as one variable.
    pub(in crate::session) fn declare_all(&self, vars: &mut Vec<(String, Value)>, decls: &[(Ident, String)]) {
        for (name, ty) in decls {
            let t = crate::exec::convert::normalize_type(ty);
            let table = t.strip_suffix("%ROWTYPE").and_then(|n| self.inst.cat.table_id(n));
            match table {
                Some(tid) => {
                    let columns: Vec<(String, String)> = self.inst.cat.tables[tid]
                        .columns
                        .iter()
                        .map(|c| (c.name.clone(), c.type_text.clone().unwrap_or_default()))
                        .collect();
                    declare_record(vars, name, &t, &columns);
                }
                None => declare_var(vars, name, ty),
            }
        }
    }
}
