//! The width of a SELECT's INTO list against its select list: the SQL
//! compiler's ORA-00947 (fewer targets than columns) or ORA-00913 (more),
//! at the FROM after the INTO list, then the statement ignored, as
//! published outputs show:
//!
//! ```text
//!   6    SELECT *
//!   7    INTO tab_dept(1)
//!   8    FROM emp                      -- 8 columns into DEPT%ROWTYPE's 3
//! ORA-06550: line 8, column 3:
//! PL/SQL: ORA-00947: not enough values
//! ORA-06550: line 6, column 3:
//! PL/SQL: SQL Statement ignored
//! ```
//!
//! and `select ename, job, sal into r` / `from emp` with `r emp%rowtype`
//! (3 columns into 8 fields): `6/5 PL/SQL: ORA-00913: too many values`
//! under `5/5 PL/SQL: SQL Statement ignored` (SHOW ERRORS, 11g).

use super::super::super::*;
use super::super::lookup_var;
use super::{from_after, undeclared_into, Unit};

impl Run<'_> {
    /// `SELECT ... [BULK COLLECT] INTO into FROM ...`: each target declared
    /// (a collection of scalars for BULK COLLECT; an undeclared one is
    /// PLS-00201, see [`undeclared_into`]), its SQL compiles, and gives as
    /// many values as the INTO list takes.
    pub(super) fn check_select_into(
        &mut self,
        u: &mut Unit,
        (query, text): (&Query, &str),
        into: &[Ident],
        bulk: bool,
        vars: &[(String, Value)],
    ) -> Result<(), LabError> {
        let known = |i: &Ident| if bulk { is_collection(vars, &i.name) } else { lookup_var(vars, &i.name).is_some() };
        let mut missing = into.iter().filter(|i| !known(i));
        if let Some(bad) = missing.next() {
            if bulk && lookup_var(vars, &bad.name).is_some() {
                let what = format!("BULK COLLECT INTO {} (a collection of scalars is needed)", bad.name);
                return Err(LabError::unsupported(what, bad.pos));
            }
            if missing.next().is_some() {
                let what = "an INTO list naming more than one undeclared variable";
                return Err(LabError::unsupported(what, bad.pos));
            }
            return undeclared_into(u, bad, into, query.pos, text);
        }
        let columns = match self.static_sql(query, text, vars) {
            Ok(st) => st.columns.len(),
            Err(e) => return u.sql(Err(e), query.pos),
        };
        let targets = into_width(vars, into)?;
        if columns == targets {
            return Ok(());
        }
        let Some(last) = into.last() else { return Ok(()) };
        let Some(from) = from_after(text, query.pos, last) else {
            return Err(LabError::unsupported(
                "an INTO list of the wrong width before a FROM the lab cannot place",
                last.pos,
            ));
        };
        let code = if columns > targets { ora::NOT_ENOUGH_VALUES } else { ora::TOO_MANY_VALUES };
        u.sql(Err(LabError::new(code, from)), query.pos)
    }
}
