//! `COMMENT ON TABLE | COLUMN ... IS '...'` and the comment views.
//!
//! A comment is DDL (the transaction commits first, as for any DDL); `''`
//! (NULL in Oracle) removes it. USER_TAB_COMMENTS has a row for every
//! table and view, USER_COL_COMMENTS for every column of them, COMMENTS
//! NULL where none was made (Oracle Database Reference). Errors: ORA-00942
//! for no table or view of that name, ORA-00904 for no such column.

use super::*;
use crate::catalog::comments::{CommentOn, ObjComment};
use crate::value::Value;
use lio_sql::ast::Comment;

impl Run<'_> {
    pub(super) fn comment(&mut self, c: &Comment) -> Result<Outcome, LabError> {
        let cat = &self.inst.cat;
        let name = &c.table.name;
        let (on, columns): (CommentOn, Vec<String>) = match cat.table_id(name) {
            Some(tid) => (CommentOn::Table(tid), cat.tables[tid].columns.iter().map(|c| c.name.clone()).collect()),
            None => match cat.views.iter().position(|v| v.name == *name) {
                Some(i) => {
                    (CommentOn::View(name.clone()), cat.view_stamps[i].2.iter().map(|c| c.name.clone()).collect())
                }
                None => return Err(LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, c.table.pos)),
            },
        };
        if let Some(col) = &c.column {
            if !columns.contains(&col.name) {
                return Err(LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", col.name), col.pos));
            }
        }
        let column = c.column.as_ref().map(|i| i.name.clone());
        let comments = &mut self.inst.cat.comments;
        comments.retain(|x| x.on != on || x.column != column);
        if !c.remark.is_empty() {
            comments.push(ObjComment { on, column, text: c.remark.clone() });
        }
        Ok(Outcome { feedback: Some("Comment created.".into()), ..Default::default() })
    }

    /// USER_TAB_COMMENTS' (or, `columns`, USER_COL_COMMENTS') rows.
    pub(super) fn comment_rows(&self, columns: bool) -> Vec<Vec<Value>> {
        let cat = &self.inst.cat;
        let text_of = |on: &CommentOn, col: Option<&str>| {
            cat.comments
                .iter()
                .find(|x| x.on == *on && x.column.as_deref() == col)
                .map_or(Value::Null, |x| Value::str(&x.text))
        };
        let mut objects: Vec<(&str, &str, CommentOn, Vec<&str>)> = cat
            .tables
            .iter()
            .filter(|t| !t.dropped && !t.sys)
            .map(|t| {
                (t.name.as_str(), "TABLE", CommentOn::Table(t.id), t.columns.iter().map(|c| c.name.as_str()).collect())
            })
            .collect();
        for (v, (_, _, cols)) in cat.views.iter().zip(&cat.view_stamps) {
            objects.push((
                v.name.as_str(),
                "VIEW",
                CommentOn::View(v.name.clone()),
                cols.iter().map(|c| c.name.as_str()).collect(),
            ));
        }
        let mut rows = Vec::new();
        for (name, kind, on, cols) in &objects {
            if columns {
                for col in cols {
                    rows.push(vec![Value::str(name), Value::str(col), text_of(on, Some(col))]);
                }
            } else {
                rows.push(vec![Value::str(name), Value::str(kind), text_of(on, None)]);
            }
        }
        rows
    }
}
