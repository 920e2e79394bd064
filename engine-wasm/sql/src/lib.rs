//! The scenario language: splitting a SQL*Plus-style script into units,
//! and parsing each unit into an [`ast::Statement`].
//!
//! This crate never panics on any input: every failure is a [`LabError`].

pub mod ast;
pub mod error;
mod lexer;
pub mod number;
pub mod ora;
mod parser;
mod plsql_elements;
mod splitter;
mod static_sql;
pub mod transcript;

pub use ast::ViewText;
pub use error::{LabError, LabResult};
pub use parser::{parse_unit, parse_unit_in, MAX_EXPRESSION_DEPTH};
pub use plsql_elements::element_refs;
pub use splitter::{split_script, split_script_at, split_script_sqlplus, ScriptUnit, UnitKind};
pub use static_sql::plsql_static_text;

use ast::{Pos, Statement};

/// One unit of a script after parsing: either a statement, or the error
/// that the unit raised (the script goes on with the next unit, as
/// SQL*Plus does).
#[derive(Debug, Clone)]
pub struct ParsedUnit {
    /// The unit's source text (without its terminator).
    pub text: String,
    /// Position of the unit's first token.
    pub pos: Pos,
    pub result: Result<Statement, LabError>,
}

/// Split and parse a whole script.
pub fn parse_script(src: &str) -> Vec<ParsedUnit> {
    parse_script_at(src, Pos { line: 1, column: 1 })
}

/// Split and parse a text that starts at `start` in a larger script, such
/// as the SQL of `LAB RUN 'select ...'` at [`ast::LabRun::sql_pos`]: error
/// positions are then the script's. (Inside a quoted string, each doubled
/// quote `''` before an error shifts its column by one.)
pub fn parse_script_at(src: &str, start: Pos) -> Vec<ParsedUnit> {
    parse_script_in(src, start, &[])
}

/// [`parse_script_at`] in a schema whose stored views are `views`.
pub fn parse_script_in(src: &str, start: Pos, views: &[ViewText]) -> Vec<ParsedUnit> {
    split_script_at(src, start)
        .into_iter()
        .map(|u| {
            let result = parse_unit_in(&u, views);
            ParsedUnit { text: u.text.clone(), pos: u.pos, result }
        })
        .collect()
}

/// Where the first hint comment of a statement's text (starting at `pos`)
/// holds a hint that Oracle 19c's DBMS_XPLAN Hint Report would list.
pub fn reported_hint(text: &str, pos: Pos) -> Option<Pos> {
    parser::first_reported_hint(text, pos)
}

/// Whether a statement's text holds the unquoted word `word` (upper
/// case) as a token of its own: not inside a string, a comment or a
/// quoted name (`JOIN` in an ANSI join).
pub fn has_word(text: &str, word: &str) -> bool {
    lexer::tokenize(text, Pos { line: 1, column: 1 }, lexer::LexOptions::default())
        .into_iter()
        .any(|t| matches!(&t.tok, lexer::Tok::Ident { name, quoted: false } if name == word))
}

/// Every bind variable (`:name`) in a statement's text, in order: its
/// name upper-cased and its position (the text starts at `pos`).
pub fn binds(text: &str, pos: Pos) -> Vec<(String, Pos)> {
    if !text.contains(':') {
        return Vec::new();
    }
    lexer::tokenize(text, pos, lexer::LexOptions::default())
        .into_iter()
        .filter_map(|t| match t.tok {
            lexer::Tok::Bind(name) => Some((name, t.pos)),
            _ => None,
        })
        .collect()
}

/// The first bind variable (`:name`) in a statement's text, its name
/// upper-cased, and its position (the statement's text starts at `pos`).
/// Quotes and comments are skipped as the lexer skips them.
pub fn first_bind(text: &str, pos: Pos) -> Option<(String, Pos)> {
    if !text.contains(':') {
        return None;
    }
    lexer::tokenize(text, pos, lexer::LexOptions::default()).into_iter().find_map(|t| match t.tok {
        lexer::Tok::Bind(name) => Some((name, t.pos)),
        _ => None,
    })
}
