//! USER_TAB_SUBPARTITIONS and USER_IND_SUBPARTITIONS (Oracle Database
//! Reference): a composite table's subpartitions and its LOCAL indexes',
//! the columns scripts select, in Oracle's order (a subset).

use super::cols::ColType;
use ColType::{DateCol, Name, Num, Text};

view!(TAB_SUBPARTITIONS, TAB_SUBPARTITIONS_N:
    ("TABLE_NAME", Name),
    ("PARTITION_NAME", Name),
    ("SUBPARTITION_NAME", Name),
    ("HIGH_VALUE", Text(80)),
    ("HIGH_VALUE_LENGTH", Num),
    ("PARTITION_POSITION", Num),
    ("SUBPARTITION_POSITION", Num),
    ("TABLESPACE_NAME", Name),
    ("PCT_FREE", Num),
    ("LOGGING", Text(3)),
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

pub(super) const fn typed() -> &'static [(&'static str, ColType)] {
    TAB_SUBPARTITIONS
}

pub(super) const fn names() -> &'static [&'static str] {
    TAB_SUBPARTITIONS_N
}

view!(IND_SUBPARTITIONS, IND_SUBPARTITIONS_N:
    ("INDEX_NAME", Name),
    ("PARTITION_NAME", Name),
    ("SUBPARTITION_NAME", Name),
    ("HIGH_VALUE", Text(4000)),
    ("HIGH_VALUE_LENGTH", Num),
    ("PARTITION_POSITION", Num),
    ("SUBPARTITION_POSITION", Num),
    ("STATUS", Text(8)),
    ("TABLESPACE_NAME", Name),
    ("PCT_FREE", Num),
    ("LOGGING", Text(3)),
    ("BLEVEL", Num),
    ("LEAF_BLOCKS", Num),
    ("DISTINCT_KEYS", Num),
    ("CLUSTERING_FACTOR", Num),
    ("NUM_ROWS", Num),
    ("SAMPLE_SIZE", Num),
);

pub(super) const fn ind_typed() -> &'static [(&'static str, ColType)] {
    IND_SUBPARTITIONS
}

pub(super) const fn ind_names() -> &'static [&'static str] {
    IND_SUBPARTITIONS_N
}
