//! PL/SQL explicit cursors: `CURSOR c [(p type, ...)] IS query`, `OPEN`,
//! `FETCH`, `CLOSE`.

use super::query::{Expr, Ident, Pos, Query};

/// A declared cursor: its name, parameters and query (the parser puts it
/// into each OPEN and cursor FOR loop that names it).
#[derive(Debug, Clone, PartialEq)]
pub struct CursorDef {
    pub name: Ident,
    /// Parameters: name, type text, default.
    pub params: Vec<(Ident, String, Option<Expr>)>,
    pub query: Query,
    /// The query's text (the cursor's SQL).
    pub text: String,
}

/// A cursor parameter with its value: the argument given, or its default.
#[derive(Debug, Clone, PartialEq)]
pub struct CursorArg {
    pub param: Ident,
    /// The parameter's declared type (text).
    pub ty: String,
    pub value: Expr,
}

/// How many rows each FETCH of a cursor asks for (all of a block's FETCH
/// statements of one cursor ask for the same).
#[derive(Debug, Clone, PartialEq)]
pub enum FetchRows {
    /// `FETCH c INTO v, ...`: one row per fetch call.
    One,
    /// `FETCH c BULK COLLECT INTO ... LIMIT n`.
    Limit(Expr),
    /// `FETCH c BULK COLLECT INTO ...`: every row in one call.
    All,
}

/// `OPEN c [(args)]`: the cursor's query executed; its rows are fetched
/// `fetch` at a time.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenCursor {
    pub cursor: Ident,
    pub def: Box<CursorDef>,
    /// The parameters' values: each parameter with its argument (or default).
    pub args: Vec<CursorArg>,
    /// None: no FETCH of this cursor in the block.
    pub fetch: Option<FetchRows>,
}

/// `FETCH c [BULK COLLECT] INTO targets [LIMIT n]`
#[derive(Debug, Clone, PartialEq)]
pub struct FetchCursor {
    /// Where FETCH is.
    pub pos: Pos,
    pub cursor: Ident,
    /// The cursor's declaration (its columns, for the INTO list).
    pub def: Box<CursorDef>,
    pub into: Vec<Ident>,
    pub rows: FetchRows,
}
