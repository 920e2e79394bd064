//! Constraints as the dictionary lists them (USER_CONSTRAINTS,
//! USER_CONS_COLUMNS and their ALL_/DBA_ forms) and the numbers they
//! take: every constraint, named or not, takes the next number of one
//! sequence (Oracle's CON$), and an unnamed one is called `SYS_C` and its
//! number. A NOT NULL column is a C constraint whose SEARCH_CONDITION is
//! `"X" IS NOT NULL`; a primary key's columns are NOT NULL by the key
//! (no C constraint of their own). CREATE TABLE numbers the NOT NULL
//! constraints first, in column order, then the primary key, the unique
//! keys and the foreign keys (Oracle7 Application Developer's Guide,
//! "Listing Integrity Constraint Definitions": EMP's two NOT NULL
//! constraints are SYS_C00278 and SYS_C00279, its primary key on the
//! first column SYS_C00280). A CHECK constraint's SEARCH_CONDITION is its
//! condition as written (the Guide's `loc IN ('NEW YORK', 'BOSTON',
//! 'CHICAGO')`); CREATE TABLE numbers the CHECK constraints after the keys
//! (the Guide's LOC_CHECK1 after DNAME_UKEY) and before the foreign keys.
//!
//! CREATE TABLE AS SELECT copies a selected column's type and its NOT
//! NULL (a new C constraint); ROWNUM, LEVEL and an expression whose value
//! is a number are NUMBER, one whose value is a date DATE. Other derived
//! types (a string expression's length, an aggregate over a GROUP BY) are
//! not worked out: DESCRIBE refuses those tables.

use super::*;
use crate::catalog::{Column, ConName, Table};
use crate::exec::CExpr;

fn text(s: &str) -> Value {
    Value::str(s)
}

impl Run<'_> {
    /// Numbers the NOT NULL constraints of a new table's columns (marked
    /// with number 0 by `table_columns`), in column order.
    pub(super) fn number_not_nulls(&mut self, columns: &mut [Column]) {
        for c in columns.iter_mut() {
            if let Some(m) = c.nn.take() {
                let name = (!m.name.is_empty()).then_some(m.name.as_str());
                c.nn = Some(self.inst.cat.next_con(name));
            }
        }
    }

    /// What CREATE TABLE AS SELECT derives for its column `i` beyond the
    /// type `ctas_type` sized from the rows: a selected column's declared
    /// type and its NOT NULL, the type DESCRIBE prints.
    pub(super) fn ctas_column(
        &self,
        cur: &crate::exec::Compiled,
        i: usize,
        rows: &crate::catalog::RowStore,
        col: &mut Column,
    ) {
        let value = rows.iter().map(|r| r.value(i)).find(|v| !v.is_null());
        match cur.project.get(i) {
            Some(CExpr::Col { table, col: c, .. }) => {
                let src = &self.inst.cat.tables[*table].columns[*c];
                col.data_type = src.data_type;
                col.type_text.clone_from(&src.type_text);
                // (An outer join's NULLs: the column cannot be NOT NULL.)
                if src.not_null && rows.iter().all(|r| !r.value(i).is_null()) {
                    col.not_null = true;
                    col.nn = Some(ConName { con: 0, name: String::new() });
                }
            }
            Some(CExpr::Rownum | CExpr::Level) => col.type_text = Some("NUMBER".into()),
            Some(CExpr::Func(crate::exec::func::Func::Cast(to), ..)) => col.type_text = cast_text(to.data_type()),
            Some(CExpr::Func(..) | CExpr::Bin(..) | CExpr::Neg(..) | CExpr::Const(_)) => {
                if matches!(value, Some(Value::Num(_))) {
                    col.type_text = Some("NUMBER".into());
                }
            }
            _ => {}
        }
        if matches!(value, Some(Value::Date(_))) {
            col.type_text = Some("DATE".into());
        }
    }

    /// Rows of USER_CONSTRAINTS (`cons`) or USER_CONS_COLUMNS, in
    /// constraint number order.
    pub(super) fn constraint_rows(&self, cons: bool) -> Vec<Vec<Value>> {
        let mut all: Vec<(u32, Vec<Value>)> = Vec::new();
        for t in self.inst.cat.tables.iter().filter(|t| !t.dropped && !t.sys) {
            for k in self.table_constraints(t) {
                let con = k.name.con;
                if cons {
                    all.push((con, self.constraint_row(t, &k)));
                } else {
                    for (p, &c) in k.cols.iter().enumerate() {
                        let position = if k.kind == 'C' { Value::Null } else { Value::from_f64(p as f64 + 1.0) };
                        let row = vec![
                            text(&self.inst.cat.schema),
                            text(&k.name.name),
                            text(&t.name),
                            text(&t.columns[c].name),
                            position,
                        ];
                        all.push((con, row));
                    }
                }
            }
        }
        all.sort_by_key(|r| r.0);
        all.into_iter().map(|r| r.1).collect()
    }

    fn constraint_row(&self, t: &Table, k: &Cons) -> Vec<Value> {
        let schema = text(&self.inst.cat.schema);
        let opt = |s: Option<&str>| s.map(text).unwrap_or(Value::Null);
        let search = match &k.search {
            Some(text) => Some(text.clone()),
            None => (k.kind == 'C').then(|| format!("\"{}\" IS NOT NULL", t.columns[k.cols[0]].name)),
        };
        let rule = k.rule.map_or("NO ACTION", |r| match r {
            lio_sql::ast::DeleteRule::Cascade => "CASCADE",
            lio_sql::ast::DeleteRule::SetNull => "SET NULL",
        });
        let index = k.index.map(|i| self.inst.cat.indexes[i].name.as_str());
        vec![
            schema.clone(),
            text(&k.name.name),
            text(&k.kind.to_string()),
            text(&t.name),
            opt(search.as_deref()),
            if k.parent.is_some() { schema.clone() } else { Value::Null },
            opt(k.parent.as_ref().map(|p| p.name.as_str())),
            opt((k.kind == 'R').then_some(rule)),
            text(if k.disabled { "DISABLED" } else { "ENABLED" }),
            text(if k.deferrable { "DEFERRABLE" } else { "NOT DEFERRABLE" }),
            text("IMMEDIATE"),
            text(if k.not_validated { "NOT VALIDATED" } else { "VALIDATED" }),
            text(if k.name.generated() { "GENERATED NAME" } else { "USER NAME" }),
            Value::Null,
            Value::Null,
            if index.is_some() { schema } else { Value::Null },
            opt(index),
        ]
    }

    /// Table `t`'s constraints.
    fn table_constraints(&self, t: &Table) -> Vec<Cons> {
        let (mut out, mut checks) = (Vec::new(), Vec::new());
        for (i, c) in t.columns.iter().enumerate() {
            if let Some(n) = &c.nn {
                out.push(Cons::new(n.clone(), 'C', vec![i]));
            }
        }
        for c in &t.checks {
            let mut k = Cons::new(c.name.clone(), 'C', c.cols.clone());
            k.search = Some(c.text.clone());
            (k.disabled, k.not_validated) = (!c.enabled, !c.validated);
            checks.push(k);
        }
        if let (Some((cols, index, deferrable)), Some(n)) = (&t.pk, &t.pk_con) {
            let mut k = Cons::new(n.clone(), 'P', cols.clone());
            (k.index, k.deferrable) = (Some(*index), *deferrable);
            out.push(k);
        }
        for u in &t.uniques {
            let mut k = Cons::new(ConName { con: u.con, name: u.name.clone() }, 'U', u.cols.clone());
            k.index = Some(u.index);
            out.push(k);
        }
        for f in &t.fks {
            // The referenced key: the parent's primary key or the unique
            // constraint its index enforces.
            let p = &self.inst.cat.tables[f.parent];
            let parent = match (&p.pk, &p.pk_con) {
                (Some((_, i, _)), Some(n)) if *i == f.index => Some(n.clone()),
                _ => {
                    p.uniques.iter().find(|u| u.index == f.index).map(|u| ConName { con: u.con, name: u.name.clone() })
                }
            };
            let mut k = Cons::new(ConName { con: f.con, name: f.name.clone() }, 'R', f.key_cols.clone());
            (k.parent, k.rule, k.not_validated) = (parent, f.on_delete, !f.validated);
            out.push(k);
        }
        out.extend(checks);
        out
    }
}

/// One constraint as the views list it.
struct Cons {
    name: ConName,
    /// CONSTRAINT_TYPE: C, P, U or R.
    kind: char,
    cols: Vec<usize>,
    index: Option<usize>,
    deferrable: bool,
    /// R: the referenced constraint, and the delete rule (None: NO ACTION).
    parent: Option<ConName>,
    rule: Option<lio_sql::ast::DeleteRule>,
    /// A CHECK constraint's condition as written.
    search: Option<String>,
    disabled: bool,
    not_validated: bool,
}

impl Cons {
    fn new(name: ConName, kind: char, cols: Vec<usize>) -> Cons {
        let (parent, rule, search) = (None, None, None);
        Cons {
            name,
            kind,
            cols,
            index: None,
            deferrable: false,
            parent,
            rule,
            search,
            disabled: false,
            not_validated: false,
        }
    }
}

/// The type DESCRIBE prints for a CAST's target (None where unsure).
pub(super) fn cast_text(t: lio_sql::ast::DataType) -> Option<String> {
    use lio_sql::ast::DataType;
    Some(match t {
        DataType::Number { precision: None, scale: None } => "NUMBER".into(),
        DataType::Number { precision: Some(p), scale: None | Some(0) } => format!("NUMBER({p})"),
        DataType::Number { precision: Some(p), scale: Some(s) } => format!("NUMBER({p},{s})"),
        DataType::Number { precision: None, .. } => return None,
        DataType::Varchar2 { len, char_semantics: false } => format!("VARCHAR2({len})"),
        DataType::Varchar2 { len, char_semantics: true } => format!("VARCHAR2({len} CHAR)"),
        DataType::Char { len } => format!("CHAR({len})"),
        DataType::Date => "DATE".into(),
    })
}
