//! `MERGE INTO t USING s ON (cond) WHEN MATCHED THEN UPDATE ... WHEN NOT
//! MATCHED THEN INSERT ...` (either clause alone, in either order: 10g on).

use super::*;

/// A MERGE statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Merge {
    pub hints: Vec<Hint>,
    /// The target table and its alias.
    pub table: Ident,
    pub alias: Option<Ident>,
    /// The USING source: a table or view, or `(SELECT ...)`, with its alias.
    pub source: FromItem,
    /// The ON condition (written in parentheses).
    pub on: Expr,
    pub update: Option<MergeUpdate>,
    pub insert: Option<MergeInsert>,
    /// Where `MERGE` was written.
    pub pos: Pos,
}

/// `WHEN MATCHED THEN UPDATE SET c = e, ... [WHERE cond] [DELETE WHERE cond]`.
#[derive(Debug, Clone, PartialEq)]
pub struct MergeUpdate {
    pub sets: Vec<(Ident, Expr)>,
    pub where_clause: Option<Expr>,
    pub delete_where: Option<Expr>,
}

/// `WHEN NOT MATCHED THEN INSERT [(c, ...)] VALUES (e, ...) [WHERE cond]`.
#[derive(Debug, Clone, PartialEq)]
pub struct MergeInsert {
    pub columns: Option<Vec<Ident>>,
    pub values: Vec<Expr>,
    pub where_clause: Option<Expr>,
    /// Where `INSERT` was written.
    pub pos: Pos,
}
