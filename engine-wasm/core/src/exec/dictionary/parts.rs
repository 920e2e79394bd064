//! USER_PART_INDEXES, USER_IND_PARTITIONS, USER_PART_TABLES and
//! USER_PART_KEY_COLUMNS (Oracle Database Reference): their columns in
//! Oracle's order (a subset).

use super::cols::ColType;
use ColType::{Name, Num, Text};

view!(pub(super) PART_INDEXES, PART_INDEXES_N:
    ("INDEX_NAME", Name),
    ("TABLE_NAME", Name),
    ("PARTITIONING_TYPE", Text(9)),
    ("SUBPARTITIONING_TYPE", Text(9)),
    ("PARTITION_COUNT", Num),
    ("DEF_SUBPARTITION_COUNT", Num),
    ("PARTITIONING_KEY_COUNT", Num),
    ("SUBPARTITIONING_KEY_COUNT", Num),
    ("LOCALITY", Text(6)),
    ("ALIGNMENT", Text(12)),
    ("DEF_TABLESPACE_NAME", Name),
    ("DEF_PCT_FREE", Num),
    ("DEF_LOGGING", Text(7)),
);

view!(pub(super) IND_PARTITIONS, IND_PARTITIONS_N:
    ("INDEX_NAME", Name),
    ("COMPOSITE", Text(3)),
    ("PARTITION_NAME", Name),
    ("SUBPARTITION_COUNT", Num),
    ("HIGH_VALUE", Text(4000)),
    ("HIGH_VALUE_LENGTH", Num),
    ("PARTITION_POSITION", Num),
    ("STATUS", Text(8)),
    ("TABLESPACE_NAME", Name),
    ("PCT_FREE", Num),
    ("LOGGING", Text(7)),
    ("BLEVEL", Num),
    ("LEAF_BLOCKS", Num),
    ("DISTINCT_KEYS", Num),
    ("CLUSTERING_FACTOR", Num),
    ("NUM_ROWS", Num),
    ("SAMPLE_SIZE", Num),
);

view!(pub(super) PART_TABLES, PART_TABLES_N:
    ("TABLE_NAME", Name),
    ("PARTITIONING_TYPE", Text(9)),
    ("SUBPARTITIONING_TYPE", Text(9)),
    ("PARTITION_COUNT", Num),
    ("DEF_SUBPARTITION_COUNT", Num),
    ("PARTITIONING_KEY_COUNT", Num),
    ("SUBPARTITIONING_KEY_COUNT", Num),
    ("STATUS", Text(8)),
    ("DEF_TABLESPACE_NAME", Name),
    ("DEF_PCT_FREE", Num),
    ("DEF_LOGGING", Text(7)),
    ("DEF_COMPRESSION", Text(8)),
    ("INTERVAL", Text(1000)),
);

view!(pub(super) PART_KEY_COLUMNS, PART_KEY_COLUMNS_N:
    ("NAME", Name),
    ("OBJECT_TYPE", Text(5)),
    ("COLUMN_NAME", Text(4000)),
    ("COLUMN_POSITION", Num),
);
