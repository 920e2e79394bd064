//! USER_TAB_SUBPARTITIONS (Oracle Database Reference): a composite
//! table's subpartitions, the columns scripts select, in Oracle's order
//! (a subset).

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
);

pub(super) const fn typed() -> &'static [(&'static str, ColType)] {
    TAB_SUBPARTITIONS
}

pub(super) const fn names() -> &'static [&'static str] {
    TAB_SUBPARTITIONS_N
}
