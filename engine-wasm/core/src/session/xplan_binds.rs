//! DBMS_XPLAN's "Peeked Binds (identified by position)" section
//! (`+PEEKED_BINDS`): the values bind peeking read at the cursor's hard
//! parse, one line per bind position, as 11g to 19c print it:
//!
//! ```text
//! Peeked Binds (identified by position):
//! --------------------------------------
//!
//!    1 - :B1 (NUMBER): 0
//!    2 - :B1 (NUMBER, Primary=1)
//! ```
//!
//! A name bound twice shows its value at its first position, later ones
//! name that position (`Primary=`): Jonathan Lewis's plan in Oracle SQL
//! (Apress, listing 8-9), and a 19c ADVANCED plan with `:1` twice. A
//! cursor whose binds were not peeked (`_optim_peek_user_binds` FALSE, an
//! optimizer_features_enable before 9i) has no section.

use super::*;
use crate::exec::convert::Kind;

impl Run<'_> {
    /// The section's lines for child `child` of `text`, a line per bind
    /// in the text (a name written twice has two positions); empty when
    /// none was peeked.
    /// Refused (LAB-00001 at `pos`) for a bind the lab cannot print as
    /// Oracle does: a character one (its buffer length and character set
    /// id, `(VARCHAR2(30), CSID=873)`, are not modelled) or a NULL.
    pub(super) fn peeked_bind_lines(
        &self,
        text: &str,
        child: u32,
        pos: lio_sql::ast::Pos,
    ) -> Result<Vec<String>, LabError> {
        let Some(ch) = self.inst.library_cache.get(text).and_then(|v| v.get(child as usize)) else {
            return Ok(Vec::new());
        };
        let names: Vec<String> = lio_sql::binds(text, lio_sql::ast::Pos::default())
            .into_iter()
            .map(|(n, _)| n.trim_start_matches(':').to_ascii_uppercase())
            .collect();
        let mut out = Vec::new();
        for (i, bare) in names.iter().enumerate() {
            let Some((_, kind, Some(v))) = ch.peeked.iter().find(|(h, ..)| h.eq_ignore_ascii_case(bare)) else {
                continue;
            };
            let shown = format!(":{bare}");
            let first = names.iter().position(|n| n == bare).unwrap_or(i);
            let refuse = |what: &str| {
                LabError::unsupported(format!("DBMS_XPLAN's Peeked Binds section for {what} ({shown})"), pos)
            };
            match kind {
                Kind::Number => {}
                _ => return Err(refuse("a character bind")),
            }
            if first < i {
                out.push(format!("{:>4} - {shown} (NUMBER, Primary={})", i + 1, first + 1));
            } else if v.is_null() {
                return Err(refuse("a NULL bind"));
            } else {
                out.push(format!("{:>4} - {shown} (NUMBER): {v}", i + 1));
            }
        }
        Ok(out)
    }
}
