//! `CREATE [OR REPLACE] VIEW` and `DROP VIEW`. The view is its query's
//! text (`Catalog::views`); a statement naming it reads that query as an
//! inline view (lio_sql's `parser/view.rs`), merged or kept as a VIEW line
//! by the optimizer as any inline view.
//!
//! CREATE checks the query as Oracle does: it must compile (ORA-00942,
//! ORA-00904 ... at the offending name), an expression needs an alias
//! (ORA-00998), a column list must match the select list (ORA-01730) and
//! the names must differ (ORA-00957). The name shares the namespace of
//! tables and stored programs (ORA-00955). REPLACE keeps the view's
//! OBJECT_ID; REPLACE and DROP invalidate the cursors (which may have read
//! the old query). DML through a view is refused (LAB-00001).

use super::*;
use crate::catalog::comments::ViewColumn;
use crate::exec;
use lio_sql::ast::{CreateView, Ident};

impl Run<'_> {
    pub(super) fn create_view(&mut self, v: &CreateView, text: &str) -> Result<Outcome, LabError> {
        let name = v.name.name.clone();
        if self.inst.cat.table_id(&name).is_some()
            || self.inst.programs.contains_key(&name)
            || self.inst.cat.sequence(&name).is_some()
        {
            return Err(LabError::new(ora::NAME_ALREADY_USED, v.name.pos));
        }
        let old = self.inst.cat.views.iter().position(|w| w.name == name);
        if old.is_some() && !v.or_replace {
            return Err(LabError::new(ora::NAME_ALREADY_USED, v.name.pos));
        }
        let columns = self.view_columns(v, text)?;
        let stored = lio_sql::ViewText {
            owner: self.inst.cat.schema.to_string(),
            name: name.clone(),
            sql: v.query_text.clone(),
            columns: v.columns.as_ref().map(|c| c.iter().map(|i| i.name.clone()).collect()),
        };
        match old {
            Some(i) => {
                self.inst.cat.views[i] = stored;
                self.inst.cat.view_stamps[i].1 = v.read_only;
                self.inst.cat.view_stamps[i].2 = columns;
                // Statements parsed with the old query are parsed again.
                self.invalidate_cursors();
            }
            None => {
                let base = crate::session::dictionary::lab_object_base(self.inst.profile.dictionary_objects);
                let stamp = self.inst.cat.stamp(base);
                self.inst.cat.views.push(stored);
                self.inst.cat.view_stamps.push((stamp, v.read_only, columns));
            }
        }
        Ok(Outcome { feedback: Some("View created.".into()), ..Default::default() })
    }

    /// The view's column names, from its compiled query (and its column
    /// list), checked as Oracle checks them.
    fn view_columns(&mut self, v: &CreateView, text: &str) -> Result<Vec<ViewColumn>, LabError> {
        let cs = self.call_stacks(Client::SqlPlus);
        let (cur, _) = self.open_cursor(&v.query, &format!("CREATE VIEW {} AS {text}", v.name.name), &[], &cs)?;
        let derived = &cur.columns;
        let names: Vec<(String, lio_sql::ast::Pos)> = match &v.columns {
            Some(list) if list.len() != derived.len() => {
                return Err(LabError::new(ora::INVALID_NUMBER_OF_COLUMN_NAMES, v.name.pos))
            }
            Some(list) => list.iter().map(|i: &Ident| (i.name.clone(), i.pos)).collect(),
            None => {
                if let Some(i) = derived.iter().position(|n| !is_identifier(n)) {
                    // At the expression, when the select list names it.
                    let pos = match v.query.select.get(i) {
                        Some(lio_sql::ast::SelectItem::Expr { expr, .. }) => crate::exec::plan::select_expr_pos(expr),
                        _ => v.query.pos,
                    };
                    return Err(LabError::new(ora::MUST_NAME_EXPRESSION_WITH_ALIAS, pos));
                }
                derived.iter().map(|n| (n.clone(), v.query.pos)).collect()
            }
        };
        for (i, (a, pos)) in names.iter().enumerate() {
            if names[..i].iter().any(|(b, _)| b == a) {
                return Err(LabError::new(ora::DUPLICATE_COLUMN_NAME, *pos));
            }
        }
        // NOT NULL carries over from the view's one table only (an outer
        // join, a group or a set operator can make NULLs).
        let one_table = matches!(v.query.from.as_slice(), [lio_sql::ast::FromItem::Table { .. }])
            && v.query.group_by.is_empty()
            && v.query.union_all.is_empty();
        let cat = &self.inst.cat;
        Ok(names
            .into_iter()
            .zip(&cur.project)
            .map(|((name, _), e)| {
                let (type_text, not_null) = match e {
                    exec::CExpr::Col { table, col, .. } => {
                        let c = &cat.tables[*table].columns[*col];
                        (c.type_text.clone(), one_table && c.not_null)
                    }
                    exec::CExpr::Func(exec::func::Func::Cast(to), ..) => {
                        (super::constraints::cast_text(to.data_type()), false)
                    }
                    exec::CExpr::Rownum | exec::CExpr::Level => (Some("NUMBER".into()), false),
                    _ => (None, false),
                };
                ViewColumn { name, type_text, not_null }
            })
            .collect())
    }

    /// `DROP VIEW name`.
    pub(super) fn drop_view(&mut self, name: &Ident) -> Result<Outcome, LabError> {
        let Some(i) = self.inst.cat.views.iter().position(|w| w.name == name.name) else {
            return Err(LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, name.pos));
        };
        self.inst.cat.views.remove(i);
        self.inst.cat.view_stamps.remove(i);
        self.inst.cat.comments.retain(|c| c.on != crate::catalog::comments::CommentOn::View(name.name.clone()));
        self.invalidate_cursors();
        Ok(Outcome { feedback: Some("View dropped.".into()), ..Default::default() })
    }
}

impl Run<'_> {
    /// USER_VIEWS' rows.
    pub(super) fn user_views_rows(&self) -> Vec<Vec<crate::value::Value>> {
        use crate::value::Value;
        let cat = &self.inst.cat;
        cat.views
            .iter()
            .zip(&cat.view_stamps)
            .map(|(v, (_, read_only, _))| {
                vec![
                    Value::str(&v.name),
                    Value::int(v.sql.len() as i64),
                    Value::str(&v.sql),
                    Value::str(if *read_only { "Y" } else { "N" }),
                ]
            })
            .collect()
    }

    /// Whether view `i`'s query still reads only objects that exist
    /// (USER_OBJECTS.STATUS VALID; INVALID once a table it reads is gone).
    pub(super) fn view_valid(&self, i: usize) -> bool {
        let cat = &self.inst.cat;
        let Some(v) = cat.views.get(i) else { return false };
        let unit = lio_sql::ScriptUnit {
            text: v.sql.clone(),
            pos: lio_sql::ast::Pos { line: 1, column: 1 },
            kind: lio_sql::UnitKind::Sql,
            buffered: false,
        };
        match lio_sql::parse_unit_in(&unit, &cat.views) {
            Ok(stmt) => stmt.objects.iter().all(|o| {
                let n = &o.name.name;
                cat.table_id(n).is_some()
                    || cat.views.iter().any(|w| w.name == *n)
                    || n == "DUAL"
                    || crate::exec::fixed::FixedView::lookup(n).is_some()
                    || crate::exec::dictionary::DictView::lookup(n).is_some()
            }),
            Err(_) => false,
        }
    }
}

/// A name a column can have without a quoted alias.
fn is_identifier(n: &str) -> bool {
    !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '#'))
}
