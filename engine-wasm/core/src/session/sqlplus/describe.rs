//! `DESC[RIBE] [schema.]table`: SQL*Plus's column listing.
//!
//! At LINESIZE 80 (SQL*Plus's default) SQL*Plus prints a blank-led
//! header ` Name` / `Null?` / `Type` over dashes 41, 8 and 28 wide, then a
//! line per column: its name, `NOT NULL` for a NOT NULL column, its type
//! as declared (`NUMBER(10,2)`, `VARCHAR2(10)`, `CHAR(20)`). SQL*Plus sizes
//! the columns from the LINESIZE; the lab lays out only the default one.

use super::super::Run;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

const NAME_WIDTH: usize = 41;
const NULL_WIDTH: usize = 8;
const TYPE_WIDTH: usize = 28;

impl Run<'_> {
    /// The lines DESCRIBE prints for `name` (as written).
    pub(super) fn describe(&self, written: &str, pos: Pos) -> Result<Vec<String>, LabError> {
        if self.s.sqlplus.settings.linesize != 80 {
            return Err(LabError::unsupported("DESCRIBE at a LINESIZE other than 80", pos));
        }
        let parts: Vec<String> = written.split('.').map(object_part).collect();
        let missing = || LabError::with(ora::OBJECT_DOES_NOT_EXIST, written, pos);
        let (schema, name) = match parts.as_slice() {
            [n] => (None, n.as_str()),
            [s, n] => (Some(s.as_str()), n.as_str()),
            _ => return Err(missing()),
        };
        let dictionary = crate::exec::dictionary::DictView::looks_dictionary(name)
            || crate::exec::fixed::FixedView::lookup(name).is_some()
            || name.starts_with("V$")
            || name.starts_with("GV$");
        if dictionary && self.inst.cat.table(name).is_none() {
            return Err(LabError::unsupported("DESCRIBE of data dictionary and V$ views", pos));
        }
        let table = match schema {
            None if *self.s.user == *self.inst.cat.schema => self.inst.cat.table(name),
            Some(s) if *s == *self.inst.cat.schema => self.inst.cat.table(name),
            _ => None,
        };
        let columns: Vec<(String, bool, Option<String>)> = match table {
            Some(t) => t.columns.iter().map(|c| (c.name.clone(), c.not_null, c.type_text.clone())).collect(),
            None if name == "DUAL" && matches!(schema, None | Some("SYS")) => {
                vec![("DUMMY".to_string(), false, Some("VARCHAR2(1)".to_string()))]
            }
            None if schema.is_some_and(|s| *s != *self.inst.cat.schema) => {
                return Err(LabError::unsupported("DESCRIBE of another schema's objects", pos));
            }
            None if schema.is_none_or(|s| *s == *self.inst.cat.schema)
                && self.inst.cat.views.iter().any(|v| v.name == name) =>
            {
                let i = self.inst.cat.views.iter().position(|v| v.name == name).unwrap_or(0);
                let cols = &self.inst.cat.view_stamps[i].2;
                cols.iter().map(|c| (c.name.clone(), c.not_null, c.type_text.clone())).collect()
            }
            // SQL*Plus describes no sequence.
            None if schema.is_none_or(|s| *s == *self.inst.cat.schema) && self.inst.cat.sequence(name).is_some() => {
                return Err(LabError::sp2(ora::SP2_DESCRIBE_SEQUENCE, &[], pos));
            }
            None => return Err(missing()),
        };
        let mut out = vec![
            format!(" {:<NAME_WIDTH$} {:<NULL_WIDTH$} Type", "Name", "Null?"),
            format!(" {} {} {}", "-".repeat(NAME_WIDTH), "-".repeat(NULL_WIDTH), "-".repeat(TYPE_WIDTH)),
        ];
        for (name, not_null, ty) in columns {
            let Some(ty) = ty else {
                if table.is_none() {
                    return Err(LabError::unsupported(
                        format!(
                            "DESCRIBE of a view whose column {name} is an expression whose type the lab does not \
                             derive as Oracle does (it derives a table's column's, ROWNUM's, LEVEL's and a CAST's)"
                        ),
                        pos,
                    ));
                }
                return Err(LabError::unsupported(
                    format!(
                        "DESCRIBE of a table made by CREATE TABLE AS SELECT whose column {name} is an expression whose \
                         type the lab does not derive as Oracle does (it derives a selected column's, ROWNUM's, \
                         LEVEL's, a CAST's, and NUMBER or DATE from the values of an expression)"
                    ),
                    pos,
                ));
            };
            let null = if not_null { "NOT NULL" } else { "" };
            out.push(format!(" {name:<NAME_WIDTH$} {null:<NULL_WIDTH$} {ty}"));
        }
        Ok(out)
    }
}

/// One part of a name as SQL*Plus reads it: `"Mixed"` as written,
/// anything else upper-cased.
fn object_part(p: &str) -> String {
    match p.strip_prefix('"').and_then(|q| q.strip_suffix('"')) {
        Some(q) => q.to_string(),
        None => p.to_ascii_uppercase(),
    }
}
