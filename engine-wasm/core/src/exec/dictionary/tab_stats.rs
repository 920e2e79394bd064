//! USER_TAB_STATISTICS (and ALL_/DBA_): a table's optimizer statistics,
//! Oracle's columns per release (Oracle Database Reference; 11.2's
//! `rdbms/admin/catost.sql`). 12c adds SCOPE (session-private statistics
//! of a global temporary table) and 12.2 IM_IMCU_COUNT, IM_BLOCK_COUNT,
//! IM_STAT_UPDATE_TIME, SCAN_RATE and NOTES; the lab's profiles before
//! 12c have 11.2's list, the later ones 19c's.

use super::cols::ColType;
use ColType::{DateCol, Name, Num, Text};

view!(TAB_STATISTICS, TAB_STATISTICS_N:
    ("OWNER", Name),
    ("TABLE_NAME", Name),
    ("PARTITION_NAME", Name),
    ("PARTITION_POSITION", Num),
    ("SUBPARTITION_NAME", Name),
    ("SUBPARTITION_POSITION", Num),
    ("OBJECT_TYPE", Text(12)),
    ("NUM_ROWS", Num),
    ("BLOCKS", Num),
    ("EMPTY_BLOCKS", Num),
    ("AVG_SPACE", Num),
    ("CHAIN_CNT", Num),
    ("AVG_ROW_LEN", Num),
    ("AVG_SPACE_FREELIST_BLOCKS", Num),
    ("NUM_FREELIST_BLOCKS", Num),
    ("AVG_CACHED_BLOCKS", Num),
    ("AVG_CACHE_HIT_RATIO", Num),
    ("IM_IMCU_COUNT", Num),
    ("IM_BLOCK_COUNT", Num),
    ("IM_STAT_UPDATE_TIME", DateCol),
    ("SCAN_RATE", Num),
    ("SAMPLE_SIZE", Num),
    ("LAST_ANALYZED", DateCol),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("STATTYPE_LOCKED", Text(5)),
    ("STALE_STATS", Text(7)),
    ("NOTES", Text(25)),
    ("SCOPE", Text(7)),
);

view!(TAB_STATISTICS_11, TAB_STATISTICS_11_N:
    ("OWNER", Name),
    ("TABLE_NAME", Name),
    ("PARTITION_NAME", Name),
    ("PARTITION_POSITION", Num),
    ("SUBPARTITION_NAME", Name),
    ("SUBPARTITION_POSITION", Num),
    ("OBJECT_TYPE", Text(12)),
    ("NUM_ROWS", Num),
    ("BLOCKS", Num),
    ("EMPTY_BLOCKS", Num),
    ("AVG_SPACE", Num),
    ("CHAIN_CNT", Num),
    ("AVG_ROW_LEN", Num),
    ("AVG_SPACE_FREELIST_BLOCKS", Num),
    ("NUM_FREELIST_BLOCKS", Num),
    ("AVG_CACHED_BLOCKS", Num),
    ("AVG_CACHE_HIT_RATIO", Num),
    ("SAMPLE_SIZE", Num),
    ("LAST_ANALYZED", DateCol),
    ("GLOBAL_STATS", Text(3)),
    ("USER_STATS", Text(3)),
    ("STATTYPE_LOCKED", Text(5)),
    ("STALE_STATS", Text(3)),
);

/// The columns 12.2 added, by their place in [`typed`]'s list (OWNER
/// first): the 11.2 row is the 19c row without them.
pub const ADDED_12C: [usize; 6] = [17, 18, 19, 20, 27, 28];

pub(super) const fn typed(release_12c: bool) -> &'static [(&'static str, ColType)] {
    if release_12c {
        TAB_STATISTICS
    } else {
        TAB_STATISTICS_11
    }
}

pub(super) const fn names(release_12c: bool) -> &'static [&'static str] {
    if release_12c {
        TAB_STATISTICS_N
    } else {
        TAB_STATISTICS_11_N
    }
}
