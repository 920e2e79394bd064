//! COMMENT ON TABLE / COLUMN: the comments USER_TAB_COMMENTS and
//! USER_COL_COMMENTS show (session/comment.rs).

/// What a comment is on: a table (by id: a table dropped keeps its
/// comments out of sight, and its name may be reused) or a view (by name).
#[derive(Debug, Clone, PartialEq)]
pub enum CommentOn {
    /// A table's id (`TableId`).
    Table(usize),
    View(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ObjComment {
    pub on: CommentOn,
    /// The column's name; None for the table's own comment.
    pub column: Option<String>,
    pub text: String,
}

/// A view's column as DESCRIBE shows it: its name, its type when the lab
/// knows it as Oracle describes it (a table's column, a CAST, ROWNUM), and
/// NOT NULL (a NOT NULL column of the view's one table).
#[derive(Debug, Clone, PartialEq)]
pub struct ViewColumn {
    pub name: String,
    pub type_text: Option<String>,
    pub not_null: bool,
}
