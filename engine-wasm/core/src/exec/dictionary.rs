//! Data dictionary views (`USER_TABLES`, `USER_INDEXES`, ...): their
//! columns, in Oracle's order, and the declared type of each (SQL*Plus
//! sizes a character column by it). Their rows are the lab's own
//! structures and the statistics the optimizer uses, taken when the
//! statement executes (`session/dictionary.rs` builds them).
//!
//! Served: the `USER_` views of tables, indexes, their columns, segments,
//! objects, stored programs' compile errors, column statistics and
//! histograms, with the columns listed here (a column not listed is
//! ORA-00904, as for the `V$` views). `ALL_`/`DBA_`/`CDB_` views would
//! list the dictionary's own thousands of objects, which the lab does not
//! have: they are refused (LAB-00001) rather than answered with the lab's
//! few rows. In Oracle these views are joins of `OBJ$`, `TAB$`, `IND$`
//! ...; that plan and its buffer gets are not modelled, so a query on one
//! is refused under AUTOTRACE and EXPLAIN PLAN.

/// A dictionary view the lab serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DictView {
    Tables,
    Indexes,
    IndColumns,
    TabColumns,
    Segments,
    Objects,
    Errors,
    TabColStatistics,
    TabHistograms,
}

/// A column's declared type, for SQL*Plus's display width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColType {
    /// An identifier: VARCHAR2(30) up to 12.1, VARCHAR2(128) from 12.2.
    Name,
    /// VARCHAR2(n).
    Text(u32),
    /// NUMBER.
    Num,
    /// DATE (the data and NLS_DATE_FORMAT decide the width).
    Date,
}

use ColType::{Date, Name, Num, Text};

/// Declares a view's typed column list and its list of names, from one list.
macro_rules! view {
    ($typed:ident, $names:ident: $(($n:literal, $t:expr)),* $(,)?) => {
        const $typed: &[(&str, ColType)] = &[$(($n, $t)),*];
        const $names: &[&str] = &[$($n),*];
    };
}

view!(TABLES, TABLES_N:
    ("TABLE_NAME", Name),
    ("TABLESPACE_NAME", Name),
    ("CLUSTER_NAME", Name),
    ("IOT_NAME", Name),
    ("STATUS", Text(8)),
    ("PCT_FREE", Num),
    ("LOGGING", Text(3)),
    ("NUM_ROWS", Num),
    ("BLOCKS", Num),
    ("EMPTY_BLOCKS", Num),
    ("AVG_SPACE", Num),
    ("CHAIN_CNT", Num),
    ("AVG_ROW_LEN", Num),
    ("SAMPLE_SIZE", Num),
    ("LAST_ANALYZED", Date),
    ("IOT_TYPE", Text(12)),
    ("TEMPORARY", Text(1)),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("COMPRESSION", Text(8)),
);

view!(INDEXES, INDEXES_N:
    ("INDEX_NAME", Name),
    ("INDEX_TYPE", Text(27)),
    ("TABLE_OWNER", Name),
    ("TABLE_NAME", Name),
    ("TABLE_TYPE", Text(11)),
    ("UNIQUENESS", Text(9)),
    ("TABLESPACE_NAME", Name),
    ("PCT_FREE", Num),
    ("LOGGING", Text(3)),
    ("BLEVEL", Num),
    ("LEAF_BLOCKS", Num),
    ("DISTINCT_KEYS", Num),
    ("CLUSTERING_FACTOR", Num),
    ("STATUS", Text(8)),
    ("NUM_ROWS", Num),
    ("SAMPLE_SIZE", Num),
    ("TEMPORARY", Text(1)),
    ("VISIBILITY", Text(9)),
);

view!(IND_COLUMNS, IND_COLUMNS_N:
    ("INDEX_NAME", Name),
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Text(4000)),
    ("COLUMN_POSITION", Num),
    ("COLUMN_LENGTH", Num),
    ("CHAR_LENGTH", Num),
    ("DESCEND", Text(4)),
);

view!(TAB_COLUMNS, TAB_COLUMNS_N:
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Name),
    ("DATA_TYPE", Text(128)),
    ("DATA_LENGTH", Num),
    ("DATA_PRECISION", Num),
    ("DATA_SCALE", Num),
    ("NULLABLE", Text(1)),
    ("COLUMN_ID", Num),
    ("NUM_DISTINCT", Num),
    ("DENSITY", Num),
    ("NUM_NULLS", Num),
    ("NUM_BUCKETS", Num),
    ("LAST_ANALYZED", Date),
    ("SAMPLE_SIZE", Num),
    ("AVG_COL_LEN", Num),
    ("CHAR_LENGTH", Num),
    ("CHAR_USED", Text(1)),
    ("HISTOGRAM", Text(15)),
);

view!(TAB_COL_STATISTICS, TAB_COL_STATISTICS_N:
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Text(4000)),
    ("NUM_DISTINCT", Num),
    ("DENSITY", Num),
    ("NUM_NULLS", Num),
    ("NUM_BUCKETS", Num),
    ("LAST_ANALYZED", Date),
    ("SAMPLE_SIZE", Num),
    ("AVG_COL_LEN", Num),
    ("HISTOGRAM", Text(15)),
);

view!(TAB_HISTOGRAMS, TAB_HISTOGRAMS_N:
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Text(4000)),
    ("ENDPOINT_NUMBER", Num),
    ("ENDPOINT_VALUE", Num),
    ("ENDPOINT_ACTUAL_VALUE", Text(4000)),
    ("ENDPOINT_REPEAT_COUNT", Num),
);

view!(SEGMENTS, SEGMENTS_N:
    ("SEGMENT_NAME", Name),
    ("PARTITION_NAME", Name),
    ("SEGMENT_TYPE", Text(18)),
    ("TABLESPACE_NAME", Name),
    ("BYTES", Num),
    ("BLOCKS", Num),
    ("EXTENTS", Num),
);

view!(OBJECTS, OBJECTS_N:
    ("OBJECT_NAME", Name),
    ("SUBOBJECT_NAME", Name),
    ("OBJECT_TYPE", Text(23)),
    ("STATUS", Text(7)),
    ("TEMPORARY", Text(1)),
    ("GENERATED", Text(1)),
    ("SECONDARY", Text(1)),
);

view!(ERRORS, ERRORS_N:
    ("NAME", Name),
    ("TYPE", Text(12)),
    ("SEQUENCE", Num),
    ("LINE", Num),
    ("POSITION", Num),
    ("TEXT", Text(4000)),
    ("ATTRIBUTE", Text(9)),
);

impl DictView {
    /// The view a FROM name means (`USER_X` or `SYS.USER_X`).
    pub fn lookup(name: &str) -> Option<DictView> {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        Some(match n.strip_prefix("USER_")? {
            "TABLES" => DictView::Tables,
            "INDEXES" => DictView::Indexes,
            "IND_COLUMNS" => DictView::IndColumns,
            "TAB_COLUMNS" | "TAB_COLS" => DictView::TabColumns,
            "SEGMENTS" => DictView::Segments,
            "OBJECTS" => DictView::Objects,
            "ERRORS" => DictView::Errors,
            "TAB_COL_STATISTICS" => DictView::TabColStatistics,
            "TAB_HISTOGRAMS" | "HISTOGRAMS" => DictView::TabHistograms,
            _ => return None,
        })
    }

    /// A name that looks like a dictionary view the lab does not serve
    /// (reported as such rather than as a missing table).
    pub fn looks_dictionary(name: &str) -> bool {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        ["USER_", "ALL_", "DBA_", "CDB_"].iter().any(|p| n.starts_with(p))
    }

    /// INDEX_STATS and INDEX_HISTOGRAM (public synonyms): filled by
    /// ANALYZE INDEX ... VALIDATE STRUCTURE, which the lab does not model;
    /// refused by name rather than ORA-00942, which Oracle would not say.
    pub fn validate_structure_view(name: &str) -> Option<String> {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        matches!(n, "INDEX_STATS" | "INDEX_HISTOGRAM")
            .then(|| format!("{n} (filled by ANALYZE INDEX ... VALIDATE STRUCTURE, not modelled)"))
    }

    /// The view's name as Oracle spells it.
    pub fn name(self) -> &'static str {
        match self {
            DictView::Tables => "USER_TABLES",
            DictView::Indexes => "USER_INDEXES",
            DictView::IndColumns => "USER_IND_COLUMNS",
            DictView::TabColumns => "USER_TAB_COLUMNS",
            DictView::Segments => "USER_SEGMENTS",
            DictView::Objects => "USER_OBJECTS",
            DictView::Errors => "USER_ERRORS",
            DictView::TabColStatistics => "USER_TAB_COL_STATISTICS",
            DictView::TabHistograms => "USER_TAB_HISTOGRAMS",
        }
    }

    /// Column names and declared types, in the view's order.
    pub fn typed_columns(self) -> &'static [(&'static str, ColType)] {
        match self {
            DictView::Tables => TABLES,
            DictView::Indexes => INDEXES,
            DictView::IndColumns => IND_COLUMNS,
            DictView::TabColumns => TAB_COLUMNS,
            DictView::Segments => SEGMENTS,
            DictView::Objects => OBJECTS,
            DictView::Errors => ERRORS,
            DictView::TabColStatistics => TAB_COL_STATISTICS,
            DictView::TabHistograms => TAB_HISTOGRAMS,
        }
    }

    /// Column names, in the view's order.
    pub fn columns(self) -> &'static [&'static str] {
        match self {
            DictView::Tables => TABLES_N,
            DictView::Indexes => INDEXES_N,
            DictView::IndColumns => IND_COLUMNS_N,
            DictView::TabColumns => TAB_COLUMNS_N,
            DictView::Segments => SEGMENTS_N,
            DictView::Objects => OBJECTS_N,
            DictView::Errors => ERRORS_N,
            DictView::TabColStatistics => TAB_COL_STATISTICS_N,
            DictView::TabHistograms => TAB_HISTOGRAMS_N,
        }
    }

    /// SQL*Plus's width of column `col`: a character column's declared
    /// length (identifiers are 30 bytes up to 12.1, 128 from 12.2); 0 for
    /// a number (NUMWIDTH applies).
    pub fn width(self, col: usize, identifier_bytes: u32) -> u32 {
        match self.typed_columns().get(col).map(|c| c.1) {
            Some(Name) => identifier_bytes,
            Some(Text(n)) => n,
            Some(Num | Date) | None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_typed_lists() {
        for v in [
            DictView::Tables,
            DictView::Indexes,
            DictView::IndColumns,
            DictView::TabColumns,
            DictView::Segments,
            DictView::Objects,
            DictView::Errors,
            DictView::TabColStatistics,
            DictView::TabHistograms,
        ] {
            let typed: Vec<&str> = v.typed_columns().iter().map(|c| c.0).collect();
            assert_eq!(typed, v.columns(), "{}", v.name());
            assert_eq!(DictView::lookup(v.name()), Some(v));
        }
        assert!(DictView::lookup("DBA_TABLES").is_none());
        assert!(DictView::looks_dictionary("DBA_TABLES"));
        assert!(!DictView::looks_dictionary("USERS"));
    }
}
