//! Recursive-descent parser from one [`ScriptUnit`] to an [`ast::Statement`].
//!
//! - SQL units: DDL, DML and queries of the lab's dialect; Oracle syntax the
//!   lab does not model is `LAB-00001`, anything else that Oracle would
//!   reject gets Oracle's error code (ORA-00900, ORA-00933, ORA-00936 ...).
//! - PL/SQL units: anonymous blocks; syntax errors are `ORA-06550` with a
//!   `PLS-00103` (or a wrapped `PL/SQL: ORA-nnnnn`) message.
//! - SQL*Plus units: one command line.
//! - LAB units: `LAB VERSION | RUN | SET | SESSION | PROFILE | RESET`.
//!
//! The parser never panics, and bounds both its own recursion and the trees
//! it builds:
//!
//! - nesting (parentheses, prefixes, function arguments, subqueries, PL/SQL
//!   blocks and loops) deeper than [`stream::MAX_DEPTH`] weighted levels is
//!   `LAB-00001`: this bounds the parser's native stack;
//! - an expression tree deeper than [`MAX_EXPRESSION_DEPTH`] levels is
//!   `LAB-00032`, at the operator or token where the limit was crossed: this
//!   bounds the native stack of everything that walks the tree afterwards
//!   (the core's compiler and evaluator, `Drop`), since a left-associative
//!   chain such as `1 + 1 + ... + 1` builds depth without nesting.

mod cte;
mod ddl_alter;
mod ddl_alter_column;
mod ddl_columns;
mod ddl_constraint;
mod ddl_create;
mod ddl_maint;
mod ddl_partition;
mod dml;
mod expr;
mod grouping;
mod hints;
mod interval;
mod join_forms;
mod keywords;
mod lab;
mod listagg;
mod merge;
mod ordering;
mod pieces;
mod plsql;
mod plsql_collection;
mod plsql_cursor;
mod plsql_exception;
mod plsql_program;
mod quantified;
mod query;
mod recwith;
mod sample;
mod sequence;
mod setops;
mod sqlmon;
mod sqlplus;
mod stream;
#[cfg(test)]
mod tests;
mod view;
mod window;
mod with;
mod xplan;

use crate::ast::*;
use crate::error::LabError;
use crate::splitter::{ScriptUnit, UnitKind};
use sqlplus::sqlplus;

pub(crate) use hints::first_reported_hint;
use stream::{Node, Parser, BLOCK_WEIGHT, QUERY_WEIGHT, R};
pub use stream::{MAX_EXPRESSION_DEPTH, MAX_TABLES};

/// Parse one unit of a script.
pub fn parse_unit(unit: &ScriptUnit) -> Result<Statement, LabError> {
    parse_unit_in(unit, &[])
}

/// Parse one unit of a script in a schema whose stored views are `views`:
/// a reference to one is its query, as an inline view (`parser/view.rs`).
pub fn parse_unit_in(unit: &ScriptUnit, views: &[crate::ast::ViewText]) -> Result<Statement, LabError> {
    let mut p = Parser::new(&unit.text, unit.pos);
    p.views = views;
    let kind = match unit.kind {
        UnitKind::Sql => p.sql_unit()?,
        UnitKind::Plsql => p.plsql_unit()?,
        UnitKind::SqlPlus => StatementKind::SqlPlus(sqlplus(unit)?),
        UnitKind::Lab => StatementKind::Lab(p.lab_unit()?),
    };
    Ok(Statement { pos: unit.pos, text: unit.text.clone(), kind, objects: p.objects })
}
