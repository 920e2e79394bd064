//! USER_CONSTRAINTS and USER_CONS_COLUMNS (Oracle Database Reference;
//! both have OWNER, so their ALL_/DBA_ forms list the same columns): the
//! columns scripts select, in Oracle's order (a subset). SEARCH_CONDITION
//! is a LONG, which SQL*Plus shows 80 wide (SET LONG 80).

use super::cols::ColType;
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

// USER_VIEWS (Oracle Database Reference): the view's name, its query's
// text (a LONG: 80 wide under SET LONG 80) and length, and READ_ONLY.
view!(VIEWS, VIEWS_N:
    ("VIEW_NAME", Name),
    ("TEXT_LENGTH", Num),
    ("TEXT", Text(80)),
    ("READ_ONLY", Text(1)),
);

// USER_TAB_COMMENTS and USER_COL_COMMENTS: every table's and view's
// (every column's) comment, NULL where none was made.
view!(TAB_COMMENTS, TAB_COMMENTS_N:
    ("TABLE_NAME", Name),
    ("TABLE_TYPE", Text(11)),
    ("COMMENTS", Text(4000)),
);

view!(COL_COMMENTS, COL_COMMENTS_N:
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Name),
    ("COMMENTS", Text(4000)),
);

pub(super) const fn comments_typed(col: bool) -> &'static [(&'static str, ColType)] {
    if col {
        COL_COMMENTS
    } else {
        TAB_COMMENTS
    }
}

pub(super) const fn comments_names(col: bool) -> &'static [&'static str] {
    if col {
        COL_COMMENTS_N
    } else {
        TAB_COMMENTS_N
    }
}

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

pub(super) const fn views_typed() -> &'static [(&'static str, ColType)] {
    VIEWS
}

pub(super) const fn views_names() -> &'static [&'static str] {
    VIEWS_N
}

// ALL_SEQUENCES and DBA_SEQUENCES; USER_SEQUENCES has all but
// SEQUENCE_OWNER (Oracle Database Reference, ALL_SEQUENCES): the first
// eight columns to 11.2; SCALE_FLAG, EXTEND_FLAG, SESSION_FLAG and
// KEEP_VALUE in 18c; SHARDED_FLAG too from 19.1 (`SEQUENCES_18` is 18c's
// list, `VersionProfile::sequence_columns`).
view!(SEQUENCES, SEQUENCES_N:
    ("SEQUENCE_OWNER", Name),
    ("SEQUENCE_NAME", Name),
    ("MIN_VALUE", Num),
    ("MAX_VALUE", Num),
    ("INCREMENT_BY", Num),
    ("CYCLE_FLAG", Text(1)),
    ("ORDER_FLAG", Text(1)),
    ("CACHE_SIZE", Num),
    ("LAST_NUMBER", Num),
    ("SCALE_FLAG", Text(1)),
    ("EXTEND_FLAG", Text(1)),
    ("SHARDED_FLAG", Text(1)),
    ("SESSION_FLAG", Text(1)),
    ("KEEP_VALUE", Text(1)),
);

view!(SEQUENCES_18, SEQUENCES_18_N:
    ("SEQUENCE_OWNER", Name),
    ("SEQUENCE_NAME", Name),
    ("MIN_VALUE", Num),
    ("MAX_VALUE", Num),
    ("INCREMENT_BY", Num),
    ("CYCLE_FLAG", Text(1)),
    ("ORDER_FLAG", Text(1)),
    ("CACHE_SIZE", Num),
    ("LAST_NUMBER", Num),
    ("SCALE_FLAG", Text(1)),
    ("EXTEND_FLAG", Text(1)),
    ("SESSION_FLAG", Text(1)),
    ("KEEP_VALUE", Text(1)),
);

/// The columns of ALL_SEQUENCES (`owner`) or USER_SEQUENCES, 18c's or 19c's.
pub(super) fn sequences_typed(v18: bool, owner: bool) -> &'static [(&'static str, ColType)] {
    let all: &'static [(&'static str, ColType)] = if v18 { SEQUENCES_18 } else { SEQUENCES };
    if owner {
        all
    } else {
        &all[1..]
    }
}

pub(super) fn sequences_names(v18: bool, owner: bool) -> &'static [&'static str] {
    let all: &'static [&'static str] = if v18 { SEQUENCES_18_N } else { SEQUENCES_N };
    if owner {
        all
    } else {
        &all[1..]
    }
}

// ALL_TAB_IDENTITY_COLS and DBA_TAB_IDENTITY_COLS (12.1+); USER_ has all
// but OWNER (Connor McDonald, "PL/SQL and mistaken identity", 2024: TABLE_NAME,
// COLUMN_NAME, GENERATION_TYPE, SEQUENCE_NAME, IDENTITY_OPTIONS).
view!(IDENTITY_COLS, IDENTITY_COLS_N:
    ("OWNER", Name),
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Name),
    ("GENERATION_TYPE", Text(10)),
    ("SEQUENCE_NAME", Name),
    ("IDENTITY_OPTIONS", Text(298)),
);

pub(super) const fn identity_typed() -> &'static [(&'static str, ColType)] {
    IDENTITY_COLS
}

pub(super) const fn identity_names() -> &'static [&'static str] {
    IDENTITY_COLS_N
}
