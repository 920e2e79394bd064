//! USER_CONSTRAINTS and USER_CONS_COLUMNS (Oracle Database Reference;
//! both have OWNER, so their ALL_/DBA_ forms list the same columns): the
//! columns scripts select, in Oracle's order (a subset). SEARCH_CONDITION
//! is a LONG, which SQL*Plus shows 80 wide (SET LONG 80). Also the
//! column type and the `view!` macro every view's list is declared with.

/// A column's declared type, for SQL*Plus's display width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColType {
    /// An identifier: VARCHAR2(30) up to 12.1, VARCHAR2(128) from 12.2.
    Name,
    /// VARCHAR2(n).
    Text(u32),
    /// NUMBER.
    Num,
    /// OBJECT_TYPE: VARCHAR2(19) up to 11.2, VARCHAR2(23) from 12c.
    ObjectType,
    /// DATE (SQL*Plus sizes it by NLS_DATE_FORMAT).
    DateCol,
}

/// Declares a view's typed column list and its list of names, from one list.
macro_rules! view {
    ($typed:ident, $names:ident: $(($n:literal, $t:expr)),* $(,)?) => {
        const $typed: &[(&str, ColType)] = &[$(($n, $t)),*];
        const $names: &[&str] = &[$($n),*];
    };
}

use ColType::{Name, Num, Text};

view!(CONSTRAINTS, CONSTRAINTS_N:
    ("OWNER", Name),
    ("CONSTRAINT_NAME", Name),
    ("CONSTRAINT_TYPE", Text(1)),
    ("TABLE_NAME", Name),
    ("SEARCH_CONDITION", Text(80)),
    ("R_OWNER", Name),
    ("R_CONSTRAINT_NAME", Name),
    ("DELETE_RULE", Text(9)),
    ("STATUS", Text(8)),
    ("DEFERRABLE", Text(14)),
    ("DEFERRED", Text(9)),
    ("VALIDATED", Text(13)),
    ("GENERATED", Text(14)),
    ("BAD", Text(3)),
    ("RELY", Text(4)),
    ("INDEX_OWNER", Name),
    ("INDEX_NAME", Name),
);

view!(CONS_COLUMNS, CONS_COLUMNS_N:
    ("OWNER", Name),
    ("CONSTRAINT_NAME", Name),
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Text(4000)),
    ("POSITION", Num),
);

pub(super) const fn typed(cons: bool) -> &'static [(&'static str, ColType)] {
    if cons {
        CONSTRAINTS
    } else {
        CONS_COLUMNS
    }
}

pub(super) const fn names(cons: bool) -> &'static [&'static str] {
    if cons {
        CONSTRAINTS_N
    } else {
        CONS_COLUMNS_N
    }
}
