//! Data dictionary views (`USER_TABLES`, `USER_INDEXES`, ...): their
//! columns, in Oracle's order, and the declared type of each (SQL*Plus
//! sizes a character column by it). Their rows are the lab's own
//! structures and the statistics the optimizer uses, taken when the
//! statement executes (`session/dictionary.rs` builds them).
//!
//! Served: the `USER_` views of tables, indexes, their columns, segments,
//! objects, stored programs' compile errors, column statistics and
//! histograms, with the columns listed here (a column not listed is
//! ORA-00904, as for the `V$` views); ALL_OBJECTS and DBA_OBJECTS, whose
//! thousands of rows for the database's own objects are generated
//! (`exec/dictionary_objects.rs`). The other `ALL_`/`DBA_`/`CDB_` views
//! would list the dictionary's own objects, which the lab does not have:
//! they are refused (LAB-00001) rather than answered with the lab's few
//! rows. In Oracle these views are joins of `OBJ$`, `TAB$`, `IND$`
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
    /// USER_OBJECTS: the lab user's.
    Objects,
    /// ALL_OBJECTS and DBA_OBJECTS: the database's own objects
    /// (`exec/dictionary_objects.rs`), then the lab user's.
    AllObjects,
    Errors,
    TabColStatistics,
    TabHistograms,
    /// INDEX_STATS: the session's last `ANALYZE INDEX ... VALIDATE
    /// STRUCTURE` (one row, or none).
    IndexStats,
    /// The `DBA_` and `ALL_` forms of the views above: OWNER first, the
    /// lab's schema's rows (`plan/dict_owner.rs` serves them only where
    /// the query names the schema's objects, as the database's own
    /// objects are not there).
    DbaTables,
    DbaIndexes,
    DbaTabColumns,
    DbaSegments,
    DbaTabColStatistics,
    DbaTabHistograms,
    /// USER_TAB_PARTITIONS, USER_PART_TABLES, USER_PART_KEY_COLUMNS.
    TabPartitions,
    PartTables,
    PartKeyColumns,
    /// USER_TAB_SUBPARTITIONS.
    TabSubpartitions,
    /// USER_PART_INDEXES, USER_IND_PARTITIONS.
    PartIndexes,
    IndPartitions,
    /// USER_IND_SUBPARTITIONS.
    IndSubpartitions,
    /// USER_CONSTRAINTS, USER_CONS_COLUMNS (with OWNER) and their ALL_/DBA_ forms.
    Constraints,
    ConsColumns,
    DbaConstraints,
    DbaConsColumns,
    /// USER_VIEWS.
    Views,
    /// USER_SEQUENCES (19c's columns, a prefix of them before 12c), and
    /// 18c's, which has no SHARDED_FLAG.
    Sequences,
    Sequences18,
    /// ALL_SEQUENCES and DBA_SEQUENCES (SEQUENCE_OWNER first).
    DbaSequences,
    DbaSequences18,
    /// USER_TAB_COMMENTS, USER_COL_COMMENTS.
    TabComments,
    ColComments,
    /// USER_TAB_IDENTITY_COLS (12.1+) and its ALL_/DBA_ form.
    TabIdentityCols,
    DbaTabIdentityCols,
    /// USER_TAB_STATISTICS and its ALL_/DBA_ form: 12c's columns, 11.2's.
    TabStatistics,
    TabStatistics11,
    DbaTabStatistics,
    DbaTabStatistics11,
}

#[macro_use]
mod cols;
mod cons;
mod parts;
mod release;
mod subpart;
pub mod tab_stats;
pub use cols::ColType;
use parts::{
    IND_PARTITIONS, IND_PARTITIONS_N, PART_INDEXES, PART_INDEXES_N, PART_KEY_COLUMNS, PART_KEY_COLUMNS_N, PART_TABLES,
    PART_TABLES_N,
};

use ColType::{DateCol, Name, Num, ObjectType, RawValue, Text};

view!(TABLES, TABLES_N:
    ("OWNER", Name),
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
    ("LAST_ANALYZED", DateCol),
    ("IOT_TYPE", Text(12)),
    ("TEMPORARY", Text(1)),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("DURATION", Text(15)),
    ("COMPRESSION", Text(8)),
    ("SEGMENT_CREATED", Text(3)),
);

view!(INDEXES, INDEXES_N:
    ("OWNER", Name),
    ("INDEX_NAME", Name),
    ("INDEX_TYPE", Text(27)),
    ("TABLE_OWNER", Name),
    ("TABLE_NAME", Name),
    ("TABLE_TYPE", Text(11)),
    ("UNIQUENESS", Text(9)),
    ("COMPRESSION", Text(13)),
    ("PREFIX_LENGTH", Num),
    ("TABLESPACE_NAME", Name),
    ("PCT_FREE", Num),
    ("LOGGING", Text(3)),
    ("BLEVEL", Num),
    ("LEAF_BLOCKS", Num),
    ("DISTINCT_KEYS", Num),
    ("AVG_LEAF_BLOCKS_PER_KEY", Num),
    ("AVG_DATA_BLOCKS_PER_KEY", Num),
    ("CLUSTERING_FACTOR", Num),
    ("STATUS", Text(8)),
    ("NUM_ROWS", Num),
    ("SAMPLE_SIZE", Num),
    ("PARTITIONED", Text(3)),
    ("TEMPORARY", Text(1)),
    ("USER_STATS", Text(3)),
    ("VISIBILITY", Text(9)),
    ("SEGMENT_CREATED", Text(3)),
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
    ("OWNER", Name),
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Name),
    ("DATA_TYPE", Text(128)),
    ("DATA_LENGTH", Num),
    ("DATA_PRECISION", Num),
    ("DATA_SCALE", Num),
    ("NULLABLE", Text(1)),
    ("COLUMN_ID", Num),
    ("DEFAULT_LENGTH", Num),
    ("DATA_DEFAULT", Text(80)),
    ("NUM_DISTINCT", Num),
    ("LOW_VALUE", RawValue),
    ("HIGH_VALUE", RawValue),
    ("DENSITY", Num),
    ("NUM_NULLS", Num),
    ("NUM_BUCKETS", Num),
    ("LAST_ANALYZED", DateCol),
    ("SAMPLE_SIZE", Num),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("AVG_COL_LEN", Num),
    ("CHAR_LENGTH", Num),
    ("CHAR_USED", Text(1)),
    ("HISTOGRAM", Text(15)),
    ("DEFAULT_ON_NULL", Text(3)),
    ("IDENTITY_COLUMN", Text(3)),
);

view!(TAB_COL_STATISTICS, TAB_COL_STATISTICS_N:
    ("OWNER", Name),
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Text(4000)),
    ("NUM_DISTINCT", Num),
    ("LOW_VALUE", RawValue),
    ("HIGH_VALUE", RawValue),
    ("DENSITY", Num),
    ("NUM_NULLS", Num),
    ("NUM_BUCKETS", Num),
    ("LAST_ANALYZED", DateCol),
    ("SAMPLE_SIZE", Num),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("AVG_COL_LEN", Num),
    ("HISTOGRAM", Text(15)),
);

view!(TAB_HISTOGRAMS, TAB_HISTOGRAMS_N:
    ("OWNER", Name),
    ("TABLE_NAME", Name),
    ("COLUMN_NAME", Text(4000)),
    ("ENDPOINT_NUMBER", Num),
    ("ENDPOINT_VALUE", Num),
    ("ENDPOINT_ACTUAL_VALUE", Text(4000)),
    ("ENDPOINT_REPEAT_COUNT", Num),
);

view!(SEGMENTS, SEGMENTS_N:
    ("OWNER", Name),
    ("SEGMENT_NAME", Name),
    ("PARTITION_NAME", Name),
    ("SEGMENT_TYPE", Text(18)),
    ("TABLESPACE_NAME", Name),
    ("BYTES", Num),
    ("BLOCKS", Num),
    ("EXTENTS", Num),
);

// ALL_OBJECTS and DBA_OBJECTS; USER_OBJECTS has all but OWNER. The
// release keeps the first 13 (to 11.1), 15 (11.2) or 26 (12.2 on)
// (`VersionProfile::objects_columns`). Oracle Database
// Reference, ALL_OBJECTS (11.2, E25513; 12.2).
view!(OBJECTS, OBJECTS_N:
    ("OWNER", Name),
    ("OBJECT_NAME", Name),
    ("SUBOBJECT_NAME", Name),
    ("OBJECT_ID", Num),
    ("DATA_OBJECT_ID", Num),
    ("OBJECT_TYPE", ObjectType),
    ("CREATED", DateCol),
    ("LAST_DDL_TIME", DateCol),
    ("TIMESTAMP", Text(19)),
    ("STATUS", Text(7)),
    ("TEMPORARY", Text(1)),
    ("GENERATED", Text(1)),
    ("SECONDARY", Text(1)),
    ("NAMESPACE", Num),
    ("EDITION_NAME", Name),
    ("SHARING", Text(18)),
    ("EDITIONABLE", Text(1)),
    ("ORACLE_MAINTAINED", Text(1)),
    ("APPLICATION", Text(1)),
    ("DEFAULT_COLLATION", Text(100)),
    ("DUPLICATED", Text(1)),
    ("SHARDED", Text(1)),
    ("CREATED_APPID", Num),
    ("CREATED_VSNID", Num),
    ("MODIFIED_APPID", Num),
    ("MODIFIED_VSNID", Num),
);

// INDEX_STATS (Oracle Database Reference), filled by ANALYZE INDEX ...
// VALIDATE STRUCTURE for the session that ran it.
view!(INDEX_STATS, INDEX_STATS_N:
    ("HEIGHT", Num),
    ("BLOCKS", Num),
    ("NAME", Text(128)),
    ("PARTITION_NAME", Text(128)),
    ("LF_ROWS", Num),
    ("LF_BLKS", Num),
    ("LF_ROWS_LEN", Num),
    ("LF_BLK_LEN", Num),
    ("BR_ROWS", Num),
    ("BR_BLKS", Num),
    ("BR_ROWS_LEN", Num),
    ("BR_BLK_LEN", Num),
    ("DEL_LF_ROWS", Num),
    ("DEL_LF_ROWS_LEN", Num),
    ("DISTINCT_KEYS", Num),
    ("MOST_REPEATED_KEY", Num),
    ("BTREE_SPACE", Num),
    ("USED_SPACE", Num),
    ("PCT_USED", Num),
    ("ROWS_PER_KEY", Num),
    ("BLKS_GETS_PER_ACCESS", Num),
    ("PRE_ROWS", Num),
    ("PRE_ROWS_LEN", Num),
    ("OPT_CMPR_COUNT", Num),
    ("OPT_CMPR_PCTSAVE", Num),
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

// The partitioning views (Oracle Database Reference), their columns in
// Oracle's order (a subset).
view!(TAB_PARTITIONS, TAB_PARTITIONS_N:
    ("TABLE_NAME", Name),
    ("COMPOSITE", Text(3)),
    ("PARTITION_NAME", Name),
    ("SUBPARTITION_COUNT", Num),
    ("HIGH_VALUE", Text(80)),
    ("HIGH_VALUE_LENGTH", Num),
    ("PARTITION_POSITION", Num),
    ("TABLESPACE_NAME", Name),
    ("PCT_FREE", Num),
    ("LOGGING", Text(7)),
    ("COMPRESSION", Text(8)),
    ("NUM_ROWS", Num),
    ("BLOCKS", Num),
    ("AVG_ROW_LEN", Num),
    ("SAMPLE_SIZE", Num),
    ("LAST_ANALYZED", DateCol),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("INTERVAL", Text(3)),
    ("SEGMENT_CREATED", Text(3)),
);

impl DictView {
    /// The view a FROM name means (`USER_X` or `SYS.USER_X`).
    pub fn lookup(name: &str) -> Option<DictView> {
        let n = name.strip_prefix("SYS.").or_else(|| name.strip_prefix("PUBLIC.")).unwrap_or(name);
        if matches!(n, "ALL_OBJECTS" | "DBA_OBJECTS") {
            return Some(DictView::AllObjects);
        }
        if n == "INDEX_STATS" {
            return Some(DictView::IndexStats);
        }
        if let Some(rest) = n.strip_prefix("DBA_").or_else(|| n.strip_prefix("ALL_")) {
            return Some(match rest {
                "TABLES" => DictView::DbaTables,
                "INDEXES" => DictView::DbaIndexes,
                "TAB_COLUMNS" | "TAB_COLS" => DictView::DbaTabColumns,
                "SEGMENTS" if n.starts_with("DBA_") => DictView::DbaSegments,
                "TAB_COL_STATISTICS" => DictView::DbaTabColStatistics,
                "TAB_HISTOGRAMS" | "HISTOGRAMS" => DictView::DbaTabHistograms,
                "CONSTRAINTS" => DictView::DbaConstraints,
                "CONS_COLUMNS" => DictView::DbaConsColumns,
                "SEQUENCES" => DictView::DbaSequences,
                "TAB_IDENTITY_COLS" => DictView::DbaTabIdentityCols,
                "TAB_STATISTICS" => DictView::DbaTabStatistics,
                _ => return None,
            });
        }
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
            "TAB_PARTITIONS" => DictView::TabPartitions,
            "PART_TABLES" => DictView::PartTables,
            "PART_KEY_COLUMNS" => DictView::PartKeyColumns,
            "TAB_SUBPARTITIONS" => DictView::TabSubpartitions,
            "PART_INDEXES" => DictView::PartIndexes,
            "IND_PARTITIONS" => DictView::IndPartitions,
            "IND_SUBPARTITIONS" => DictView::IndSubpartitions,
            "CONSTRAINTS" => DictView::Constraints,
            "CONS_COLUMNS" => DictView::ConsColumns,
            "VIEWS" => DictView::Views,
            "SEQUENCES" => DictView::Sequences,
            "TAB_IDENTITY_COLS" => DictView::TabIdentityCols,
            "TAB_COMMENTS" => DictView::TabComments,
            "COL_COMMENTS" => DictView::ColComments,
            "TAB_STATISTICS" => DictView::TabStatistics,
            _ => return None,
        })
    }

    /// A name that looks like a dictionary view the lab does not serve
    /// (reported as such rather than as a missing table).
    pub fn looks_dictionary(name: &str) -> bool {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        ["USER_", "ALL_", "DBA_", "CDB_"].iter().any(|p| n.starts_with(p))
    }

    /// INDEX_HISTOGRAM (a public synonym): filled by ANALYZE INDEX ...
    /// VALIDATE STRUCTURE, but not by the lab's; refused by name rather
    /// than ORA-00942, which Oracle would not say.
    pub fn validate_structure_view(name: &str) -> Option<String> {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        (n == "INDEX_HISTOGRAM").then(|| format!("{n} (VALIDATE STRUCTURE fills INDEX_STATS only in the lab)"))
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
            DictView::AllObjects => "ALL_OBJECTS",
            DictView::Errors => "USER_ERRORS",
            DictView::TabColStatistics => "USER_TAB_COL_STATISTICS",
            DictView::TabHistograms => "USER_TAB_HISTOGRAMS",
            DictView::IndexStats => "INDEX_STATS",
            DictView::DbaTables => "DBA_TABLES",
            DictView::DbaIndexes => "DBA_INDEXES",
            DictView::DbaTabColumns => "DBA_TAB_COLUMNS",
            DictView::DbaSegments => "DBA_SEGMENTS",
            DictView::DbaTabColStatistics => "DBA_TAB_COL_STATISTICS",
            DictView::DbaTabHistograms => "DBA_TAB_HISTOGRAMS",
            DictView::TabPartitions => "USER_TAB_PARTITIONS",
            DictView::PartTables => "USER_PART_TABLES",
            DictView::PartKeyColumns => "USER_PART_KEY_COLUMNS",
            DictView::TabSubpartitions => "USER_TAB_SUBPARTITIONS",
            DictView::PartIndexes => "USER_PART_INDEXES",
            DictView::IndPartitions => "USER_IND_PARTITIONS",
            DictView::IndSubpartitions => "USER_IND_SUBPARTITIONS",
            DictView::Constraints => "USER_CONSTRAINTS",
            DictView::ConsColumns => "USER_CONS_COLUMNS",
            DictView::DbaConstraints => "DBA_CONSTRAINTS",
            DictView::DbaConsColumns => "DBA_CONS_COLUMNS",
            DictView::Views => "USER_VIEWS",
            DictView::Sequences | DictView::Sequences18 => "USER_SEQUENCES",
            DictView::DbaSequences | DictView::DbaSequences18 => "DBA_SEQUENCES",
            DictView::TabIdentityCols => "USER_TAB_IDENTITY_COLS",
            DictView::DbaTabIdentityCols => "DBA_TAB_IDENTITY_COLS",
            DictView::TabComments => "USER_TAB_COMMENTS",
            DictView::ColComments => "USER_COL_COMMENTS",
            DictView::TabStatistics | DictView::TabStatistics11 => "USER_TAB_STATISTICS",
            DictView::DbaTabStatistics | DictView::DbaTabStatistics11 => "DBA_TAB_STATISTICS",
        }
    }

    /// A `DBA_` view's `USER_` form (its rows without OWNER).
    pub fn user_form(self) -> Option<DictView> {
        Some(match self {
            DictView::DbaTables => DictView::Tables,
            DictView::DbaSequences => DictView::Sequences,
            DictView::DbaSequences18 => DictView::Sequences18,
            DictView::DbaTabIdentityCols => DictView::TabIdentityCols,
            DictView::DbaIndexes => DictView::Indexes,
            DictView::DbaTabColumns => DictView::TabColumns,
            DictView::DbaSegments => DictView::Segments,
            DictView::DbaTabColStatistics => DictView::TabColStatistics,
            DictView::DbaTabHistograms => DictView::TabHistograms,
            DictView::DbaConstraints => DictView::Constraints,
            DictView::DbaConsColumns => DictView::ConsColumns,
            DictView::DbaTabStatistics => DictView::TabStatistics,
            DictView::DbaTabStatistics11 => DictView::TabStatistics11,
            _ => return None,
        })
    }

    /// Column names and declared types, in the view's order.
    pub fn typed_columns(self) -> &'static [(&'static str, ColType)] {
        match self {
            DictView::Tables => &TABLES[1..],
            DictView::Indexes => &INDEXES[1..],
            DictView::IndColumns => IND_COLUMNS,
            DictView::TabColumns => &TAB_COLUMNS[1..],
            DictView::Segments => &SEGMENTS[1..],
            DictView::Objects => &OBJECTS[1..],
            DictView::AllObjects => OBJECTS,
            DictView::Errors => ERRORS,
            DictView::TabColStatistics => &TAB_COL_STATISTICS[1..],
            DictView::TabHistograms => &TAB_HISTOGRAMS[1..],
            DictView::IndexStats => INDEX_STATS,
            DictView::DbaTables => TABLES,
            DictView::DbaIndexes => INDEXES,
            DictView::DbaTabColumns => TAB_COLUMNS,
            DictView::DbaSegments => SEGMENTS,
            DictView::DbaTabColStatistics => TAB_COL_STATISTICS,
            DictView::DbaTabHistograms => TAB_HISTOGRAMS,
            DictView::TabPartitions => TAB_PARTITIONS,
            DictView::PartTables => PART_TABLES,
            DictView::PartKeyColumns => PART_KEY_COLUMNS,
            DictView::TabSubpartitions => subpart::typed(),
            DictView::PartIndexes => PART_INDEXES,
            DictView::IndPartitions => IND_PARTITIONS,
            DictView::IndSubpartitions => subpart::ind_typed(),
            DictView::Constraints | DictView::DbaConstraints => cons::typed(true),
            DictView::ConsColumns | DictView::DbaConsColumns => cons::typed(false),
            DictView::Views => cons::views_typed(),
            DictView::Sequences => cons::sequences_typed(false, false),
            DictView::Sequences18 => cons::sequences_typed(true, false),
            DictView::DbaSequences => cons::sequences_typed(false, true),
            DictView::DbaSequences18 => cons::sequences_typed(true, true),
            DictView::TabIdentityCols => &cons::identity_typed()[1..],
            DictView::DbaTabIdentityCols => cons::identity_typed(),
            DictView::TabComments => cons::comments_typed(false),
            DictView::ColComments => cons::comments_typed(true),
            DictView::TabStatistics => &tab_stats::typed(true)[1..],
            DictView::TabStatistics11 => &tab_stats::typed(false)[1..],
            DictView::DbaTabStatistics => tab_stats::typed(true),
            DictView::DbaTabStatistics11 => tab_stats::typed(false),
        }
    }

    /// Columns the release has (USER_OBJECTS' and ALL_OBJECTS' grew
    /// over the releases; the others' list is the release's).
    pub fn columns_in(self, objects_columns: u8) -> &'static [&'static str] {
        let cols = self.columns();
        match self {
            DictView::Objects => &cols[..(objects_columns as usize).saturating_sub(1).min(cols.len())],
            DictView::AllObjects => &cols[..(objects_columns as usize).min(cols.len())],
            _ => cols,
        }
    }

    /// Column names, in the view's order.
    pub fn columns(self) -> &'static [&'static str] {
        match self {
            DictView::Tables => &TABLES_N[1..],
            DictView::Indexes => &INDEXES_N[1..],
            DictView::IndColumns => IND_COLUMNS_N,
            DictView::TabColumns => &TAB_COLUMNS_N[1..],
            DictView::Segments => &SEGMENTS_N[1..],
            DictView::Objects => &OBJECTS_N[1..],
            DictView::AllObjects => OBJECTS_N,
            DictView::Errors => ERRORS_N,
            DictView::TabColStatistics => &TAB_COL_STATISTICS_N[1..],
            DictView::TabHistograms => &TAB_HISTOGRAMS_N[1..],
            DictView::IndexStats => INDEX_STATS_N,
            DictView::DbaTables => TABLES_N,
            DictView::DbaIndexes => INDEXES_N,
            DictView::DbaTabColumns => TAB_COLUMNS_N,
            DictView::DbaSegments => SEGMENTS_N,
            DictView::DbaTabColStatistics => TAB_COL_STATISTICS_N,
            DictView::DbaTabHistograms => TAB_HISTOGRAMS_N,
            DictView::TabPartitions => TAB_PARTITIONS_N,
            DictView::PartTables => PART_TABLES_N,
            DictView::PartKeyColumns => PART_KEY_COLUMNS_N,
            DictView::TabSubpartitions => subpart::names(),
            DictView::PartIndexes => PART_INDEXES_N,
            DictView::IndPartitions => IND_PARTITIONS_N,
            DictView::IndSubpartitions => subpart::ind_names(),
            DictView::Constraints | DictView::DbaConstraints => cons::names(true),
            DictView::ConsColumns | DictView::DbaConsColumns => cons::names(false),
            DictView::Views => cons::views_names(),
            DictView::Sequences => cons::sequences_names(false, false),
            DictView::Sequences18 => cons::sequences_names(true, false),
            DictView::DbaSequences => cons::sequences_names(false, true),
            DictView::DbaSequences18 => cons::sequences_names(true, true),
            DictView::TabIdentityCols => &cons::identity_names()[1..],
            DictView::DbaTabIdentityCols => cons::identity_names(),
            DictView::TabComments => cons::comments_names(false),
            DictView::ColComments => cons::comments_names(true),
            DictView::TabStatistics => &tab_stats::names(true)[1..],
            DictView::TabStatistics11 => &tab_stats::names(false)[1..],
            DictView::DbaTabStatistics => tab_stats::names(true),
            DictView::DbaTabStatistics11 => tab_stats::names(false),
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
            DictView::AllObjects,
            DictView::Errors,
            DictView::TabColStatistics,
            DictView::TabHistograms,
            DictView::IndexStats,
        ] {
            let typed: Vec<&str> = v.typed_columns().iter().map(|c| c.0).collect();
            assert_eq!(typed, v.columns(), "{}", v.name());
            assert_eq!(DictView::lookup(v.name()), Some(v));
        }
        assert_eq!(DictView::lookup("DBA_TABLES"), Some(DictView::DbaTables));
        assert!(DictView::lookup("DBA_IND_COLUMNS").is_none());
        for v in [
            DictView::DbaTables,
            DictView::DbaIndexes,
            DictView::DbaTabColumns,
            DictView::DbaSegments,
            DictView::DbaTabColStatistics,
            DictView::DbaTabHistograms,
        ] {
            let u = v.user_form().unwrap();
            assert_eq!(v.columns()[0], "OWNER");
            assert_eq!(&v.columns()[1..], u.columns(), "{}", v.name());
            assert_eq!(DictView::lookup(v.name()), Some(v));
        }
        assert_eq!(DictView::lookup("DBA_OBJECTS"), Some(DictView::AllObjects));
        assert_eq!(DictView::AllObjects.columns_in(15).len(), 15);
        assert_eq!(DictView::Objects.columns_in(13).last(), Some(&"SECONDARY"));
        assert_eq!(DictView::AllObjects.columns_in(26).len(), 26);
        assert!(DictView::looks_dictionary("DBA_TABLES"));
        assert!(!DictView::looks_dictionary("USERS"));
    }
}
