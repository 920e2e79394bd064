//! PL/SQL variables as a block holds them (`(name, value)` pairs, innermost
//! last): declaring, typing, assigning, SELECT INTO.

use super::same_name;
use crate::value::Value;
use lio_sql::ast::{Ident, Pos};
use lio_sql::{ora, LabError};

/// The name of the entry that precedes a PL/SQL variable whose declared
/// type its assignments check; its value is the type's text. (No
/// identifier can take this name.)
pub(crate) const DECLARED_TYPE: &str = "\0type";

/// Declare a PL/SQL variable of type `type_text` (NULL until assigned).
pub(crate) fn declare_var(vars: &mut Vec<(String, Value)>, name: &Ident, type_text: &str) {
    let t = crate::exec::convert::normalize_type(type_text);
    // DATE too, unchecked: DBMS_STATS.CONVERT_RAW_VALUE's overload is
    // chosen by its OUT variable's type (`declared_type_text`).
    if crate::exec::convert::plsql_type_normalized(&t).is_some() || t == "DATE" {
        vars.push((DECLARED_TYPE.to_string(), Value::str(&t)));
    }
    vars.push((name.name.clone(), Value::Null));
}

/// The declared type of the variable `name` in scope, when checked.
pub(crate) fn var_type(vars: &[(String, Value)], name: &str) -> Option<crate::exec::convert::PlType> {
    let i = vars.iter().rposition(|(n, _)| same_name(n, name))?;
    type_at(vars, i)
}

/// The declared type of the variable at `i`, when checked.
pub(crate) fn type_at(vars: &[(String, Value)], i: usize) -> Option<crate::exec::convert::PlType> {
    match i.checked_sub(1).map(|j| &vars[j]) {
        Some((k, Value::Str(t))) if k == DECLARED_TYPE => crate::exec::convert::plsql_type_normalized(t),
        _ => None,
    }
}

/// The declared type's text of the variable `name` in scope (`NUMBER`,
/// `VARCHAR2(10)`, `DATE`), when recorded.
pub(crate) fn declared_type_text<'a>(vars: &'a [(String, Value)], name: &str) -> Option<&'a str> {
    let i = vars.iter().rposition(|(n, _)| same_name(n, name))?;
    match &vars[i.checked_sub(1)?] {
        (k, Value::Str(t)) if k == DECLARED_TYPE => Some(t.as_ref()),
        _ => None,
    }
}

pub(crate) fn set_var(vars: &mut [(String, Value)], target: &Ident, v: Value) -> Result<(), LabError> {
    match vars.iter().rposition(|(n, _)| same_name(n, &target.name)) {
        Some(i) => set_at(vars, i, v, target.pos),
        None => Err(LabError::pls_run(ora::PLS_IDENTIFIER_MUST_BE_DECLARED, &[&target.name], target.pos)),
    }
}

/// Set the variable at `i`, checked against its declared type when the
/// lab checks it (ORA-06502 at `pos`).
fn set_at(vars: &mut [(String, Value)], i: usize, v: Value, pos: Pos) -> Result<(), LabError> {
    vars[i].1 = match type_at(vars, i) {
        Some(ty) => crate::exec::convert::plsql_assign(ty, v, pos)?,
        None => v,
    };
    Ok(())
}

/// Declare `name` as a record of the columns `columns` (name, declared
/// type text): the record `R` (its type `T%ROWTYPE` in the entry before
/// it), then one variable `R.COLUMN` per field, as a cursor FOR loop's
/// record is held (so `r.column` reads a field).
pub(crate) fn declare_record(vars: &mut Vec<(String, Value)>, name: &Ident, ty: &str, columns: &[(String, String)]) {
    vars.push((DECLARED_TYPE.to_string(), Value::str(ty)));
    vars.push((name.name.clone(), Value::Null));
    for (c, t) in columns {
        declare_var(vars, &Ident { name: format!("{}.{c}", name.name), pos: name.pos }, t);
    }
}

/// The fields of the record `name` in scope (their indexes in `vars`);
/// None when `name` is no record.
pub(crate) fn record_fields(vars: &[(String, Value)], name: &str) -> Option<Vec<usize>> {
    let i = vars.iter().rposition(|(n, _)| same_name(n, name))?;
    match i.checked_sub(1).map(|j| &vars[j]) {
        Some((k, Value::Str(t))) if k == DECLARED_TYPE && t.ends_with("%ROWTYPE") => {}
        _ => return None,
    }
    let prefix = format!("{}.", vars[i].0);
    let mut out = Vec::new();
    for (j, (n, _)) in vars.iter().enumerate().skip(i + 1) {
        if n == DECLARED_TYPE {
            continue;
        }
        match n.get(..prefix.len()) {
            Some(p) if p.eq_ignore_ascii_case(&prefix) => out.push(j),
            _ => break,
        }
    }
    Some(out)
}

/// How many values an INTO list takes: one per variable, or a record's
/// fields when it is the only target. A record among other targets is
/// refused.
pub(crate) fn into_width(vars: &[(String, Value)], into: &[Ident]) -> Result<usize, LabError> {
    if let [one] = into {
        if let Some(f) = record_fields(vars, &one.name) {
            return Ok(f.len());
        }
    }
    match into.iter().find(|t| record_fields(vars, &t.name).is_some()) {
        Some(t) => Err(LabError::unsupported("a record among other INTO targets", t.pos)),
        None => Ok(into.len()),
    }
}

pub(crate) fn assign_into(
    vars: &mut [(String, Value)],
    into: &[Ident],
    row: Option<Vec<Value>>,
    pos: Pos,
) -> Result<(), LabError> {
    let row = row.ok_or_else(|| LabError::new(ora::NO_DATA_FOUND, pos))?;
    // The compiler made static SQL's widths match: a row of another width
    // (dynamic SQL) is not given NULLs or cut short.
    if row.len() != into_width(vars, into)? {
        return Err(LabError::unsupported("an INTO list not as long as the dynamic query's select list", pos));
    }
    if let [one] = into {
        if let Some(fields) = record_fields(vars, &one.name) {
            for (i, v) in fields.into_iter().zip(row) {
                set_at(vars, i, v, one.pos)?;
            }
            return Ok(());
        }
    }
    for (t, v) in into.iter().zip(row) {
        set_var(vars, t, v)?;
    }
    Ok(())
}

pub(crate) fn one_row(mut rows: Vec<Vec<Value>>, pos: Pos) -> Result<Option<Vec<Value>>, LabError> {
    if rows.len() > 1 {
        return Err(LabError::new(ora::EXACT_FETCH_RETURNS_TOO_MANY_ROWS, pos));
    }
    Ok(rows.pop())
}

/// Whether `name` is a PL/SQL collection in scope (its `T()` variable:
/// session/plsql/collections.rs).
pub(crate) fn is_collection(vars: &[(String, Value)], name: &str) -> bool {
    !name.contains('(')
        && vars
            .iter()
            .rev()
            .any(|(n, _)| n.len() == name.len() + 2 && n.ends_with("()") && same_name(&n[..name.len()], name))
}

/// Set the variable `name` as is (a cursor attribute, a collection's
/// COUNT: no declared type to check).
pub(crate) fn set_raw(vars: &mut [(String, Value)], name: &str, v: Value) {
    if let Some(i) = vars.iter().rposition(|(n, _)| same_name(n, name)) {
        vars[i].1 = v;
    }
}
