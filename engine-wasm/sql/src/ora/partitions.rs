//! The catalogue's partitioning errors, and MEMOPTIMIZE FOR READ's (see `ora.rs`).

use super::{Entry, Facility};

catalogue! {
    PARTITIONS;
    PARTITION_KEY_NO_PARTITION = Ora 14400 "inserted partition key does not map to any partition";
    /// The argument is the partition's name.
    PARTITION_BOUND_TOO_HIGH = Ora 14037 "partition bound of partition \"%s\" is too high";
    INTERVAL_PARTITION_LIMIT = Ora 14300 "partitioning key maps to a partition outside maximum permitted number of partitions";
    INTERVAL_KEY_TYPE = Ora 14751 "Invalid data type for partitioning column of an interval partitioned table";
    INTERVAL_NOT_CONSTANT = Ora 14752 "Interval expression is not a constant of the correct type";
    INTERVAL_ADD_PARTITION = Ora 14760 "ADD PARTITION is not permitted on Interval partitioned objects";
    INTERVAL_MAXVALUE = Ora 14761 "MAXVALUE partition cannot be specified for Interval partitioned objects";
    PARTITION_BOUND_NOT_HIGHER = Ora 14074 "partition bound must collate higher than that of the last partition";
    OBJECT_NOT_PARTITIONED = Ora 14501 "object is not partitioned";
    DROP_ONLY_PARTITION = Ora 14083 "cannot drop the only partition of a partitioned table";
    PARTITION_DOES_NOT_EXIST = Ora 2149 "Specified partition does not exist";
    SUBPARTITION_DOES_NOT_EXIST = Ora 14251 "Specified subpartition does not exist";
    PARTITION_NAME_CONFLICT = Ora 14012 "resulting partition name conflicts with that of an existing partition";
    LOCAL_INDEX_TABLE_NOT_PARTITIONED = Ora 14016 "underlying table of a LOCAL partitioned index must be partitioned";
    LOCAL_INDEX_PARTITION_COUNT = Ora 14024 "number of partitions of LOCAL index must equal that of the underlying table";
    GLOBAL_INDEX_NOT_PREFIXED = Ora 14038 "GLOBAL partitioned index must be prefixed";
    UNIQUE_LOCAL_INDEX_KEY = Ora 14039 "partitioning columns must form a subset of key columns of a UNIQUE index";
    GLOBAL_INDEX_MAXVALUE = Ora 14021 "MAXVALUE must be specified for all columns";
    /// The arguments are the index's owner and name.
    INDEX_UNUSABLE = Ora 1502 "index '%s.%s' or partition of such index is in unusable state";
    /// ALTER TABLE ... SHRINK SPACE of a table without ENABLE ROW MOVEMENT.
    SHRINK_NEEDS_ROW_MOVEMENT = Ora 10636 "ROW MOVEMENT is not enabled";
    /// SHRINK SPACE of a segment in a MANUAL segment space management tablespace (SYSTEM).
    SHRINK_INVALID_SEGMENT = Ora 10635 "Invalid segment or tablespace type";
    PARTITION_KEY_UPDATE_MOVES_ROW = Ora 14402 "updating partition key column would cause a partition change";
    PARTITIONED_INDEX_REBUILD = Ora 14086 "a partitioned index may not be rebuilt as a whole";
    COMPOSITE_INDEX_PARTITION_REBUILD = Ora 14287 "cannot REBUILD a partition of a Composite Range partitioned index";
    /// SPLIT PARTITION's AT value not strictly between the partition's bounds.
    SPLIT_BOUND_INVALID = Ora 14080 "partition cannot be split along the specified high bound";
    /// SPLIT or MERGE of a hash-partitioned table.
    NOT_RANGE_OR_LIST = Ora 14255 "table is not partitioned by Range, List, Composite Range or Composite List method";
    MERGE_NOT_ADJACENT = Ora 14274 "partitions being merged are not adjacent";
    MERGE_REUSES_LOWER = Ora 14275 "cannot reuse lower-bound partition as resulting partition";
    EXCHANGE_TABLE_KIND = Ora 14095 "ALTER TABLE EXCHANGE requires a non-partitioned, non-clustered table";
    EXCHANGE_COLUMN_COUNT = Ora 14096 "tables in ALTER TABLE EXCHANGE PARTITION must have the same number of columns";
    EXCHANGE_COLUMN_MISMATCH = Ora 14097 "column type or size mismatch in ALTER TABLE EXCHANGE PARTITION";
    EXCHANGE_INDEX_MISMATCH = Ora 14098 "index mismatch for tables in ALTER TABLE EXCHANGE PARTITION";
    EXCHANGE_ROWS_DO_NOT_QUALIFY = Ora 14099 "all rows in table do not qualify for specified partition";
    // EXCHANGE PARTITION of a composite partition with a table that is not
    // partitioned, composite, or partitioned otherwise than it is subpartitioned.
    EXCHANGE_COMPOSITE_UNPARTITIONED = Ora 14291 "cannot EXCHANGE a composite partition with a non-partitioned table";
    EXCHANGE_COMPOSITE_METHOD = Ora 14292 "Partitioning type of table must match subpartitioning type of composite partition";
    EXCHANGE_COMPOSITE_COUNT = Ora 14294 "Number of partitions does not match number of subpartitions";
    EXCHANGE_COMPOSITE_KEY_TYPE = Ora 14295 "column type or size mismatch between partitioning columns and subpartitioning columns";
    EXCHANGE_COMPOSITE_COMPOSITE = Ora 14341 "cannot exchange a composite partition with a composite partitioned table";
    EXCHANGE_COMPOSITE_BOUNDS = Ora 14631 "the partition bounds do not match the subpartition bounds of the partition";
    MEMOPTIMIZE_READ_IDENTITY_KEY = Ora 62143 "MEMOPTIMIZE FOR READ feature cannot be used on a table with an identity column as primary key";
    MEMOPTIMIZE_READ_HEAP_ONLY = Ora 62146 "MEMOPTIMIZE FOR READ feature is allowed only on heap-organized tables";
    MEMOPTIMIZE_READ_DEFERRED_SEGMENT = Ora 62156 "MEMOPTIMIZE FOR READ feature not allowed on segment with deferred storage";
}
