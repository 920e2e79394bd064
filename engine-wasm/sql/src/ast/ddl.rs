//! DDL (tables, clusters, indexes, parameters) and DML statements.

use super::*;

// ---------------------------------------------------------------- DDL

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataType {
    /// NUMBER, INTEGER, INT, SMALLINT, NUMBER(p,s)
    Number {
        precision: Option<u32>,
        scale: Option<i32>,
    },
    /// VARCHAR2(n [BYTE|CHAR]), VARCHAR(n), NVARCHAR2(n)
    Varchar2 {
        len: u32,
        char_semantics: bool,
    },
    /// CHAR(n)
    Char {
        len: u32,
    },
    Date,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ColumnDef {
    pub name: Ident,
    pub data_type: DataType,
    /// The type as SQL*Plus's DESCRIBE prints it (`NUMBER(10,2)`,
    /// `FLOAT(126)`, `NVARCHAR2(10)`); None where the lab is unsure.
    pub type_text: Option<String>,
    /// False for a CTAS column given by name and constraints only
    /// (`create table t (id primary key, v) as select ...`): its type
    /// comes from the query.
    pub typed: bool,
    pub not_null: bool,
    /// `CONSTRAINT name` before `NOT NULL`.
    pub not_null_name: Option<Ident>,
    /// Inline `PRIMARY KEY`.
    pub primary_key: bool,
    /// Inline `UNIQUE`.
    pub unique: bool,
    /// `CONSTRAINT name` before the inline `PRIMARY KEY`: its index's name.
    pub primary_key_name: Option<Ident>,
    /// `CONSTRAINT name` before the inline `UNIQUE`.
    pub unique_name: Option<Ident>,
    /// `USING INDEX` physical attributes of the inline primary key and unique key.
    pub primary_key_index: Physical,
    pub unique_index: Physical,
    /// `DEFERRABLE` on the inline primary key and unique key.
    pub primary_key_deferrable: bool,
    pub unique_deferrable: bool,
    /// `GENERATED ... AS IDENTITY [(options)]` (12.1+).
    pub identity: Option<Box<IdentityClause>>,
    /// `DEFAULT expr`.
    pub default: Option<Expr>,
    /// The DEFAULT's text as written (USER_TAB_COLUMNS.DATA_DEFAULT).
    pub default_text: Option<String>,
    /// `DEFAULT ON NULL expr` (12.1+): where ON was written.
    pub default_on_null: Option<Pos>,
    /// Inline `[CONSTRAINT name] REFERENCES ...`: a foreign key on the column.
    pub references: Option<Box<TableConstraint>>,
    /// Inline `[CONSTRAINT name] CHECK (condition)`s on the column.
    pub checks: Vec<TableConstraint>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstraintKind {
    PrimaryKey,
    Unique,
    /// `FOREIGN KEY (cols) REFERENCES ...` (`references` says what).
    ForeignKey,
    /// `CHECK (condition)` (`check` holds it).
    Check,
}

/// `ON DELETE CASCADE` or `ON DELETE SET NULL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeleteRule {
    Cascade,
    SetNull,
}

/// A CHECK constraint's condition, and its text as written (USER_CONSTRAINTS'
/// SEARCH_CONDITION).
#[derive(Debug, Clone, PartialEq)]
pub struct CheckCondition {
    pub expr: Expr,
    pub written: String,
}

/// `ENABLE | DISABLE` and `VALIDATE | NOVALIDATE` as written (None: not said).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConstraintState {
    pub enable: Option<bool>,
    pub validate: Option<bool>,
}

/// `REFERENCES table [(columns)] [ON DELETE CASCADE | SET NULL]`.
#[derive(Debug, Clone, PartialEq)]
pub struct References {
    pub table: Ident,
    /// Empty: the parent's primary key.
    pub columns: Vec<Ident>,
    /// `ON DELETE CASCADE` or `ON DELETE SET NULL`, and where it was written.
    pub on_delete: Option<(DeleteRule, Pos)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TableConstraint {
    pub name: Option<Ident>,
    pub kind: ConstraintKind,
    pub columns: Vec<Ident>,
    /// `DEFERRABLE` (true) or `NOT DEFERRABLE`/absent (false).
    pub deferrable: bool,
    /// `USING INDEX [PCTFREE n] [TABLESPACE ts] [STORAGE (...)]`
    pub using_index: Physical,
    pub pos: Pos,
    /// A foreign key's parent.
    pub references: Option<References>,
    /// A CHECK constraint's condition.
    pub check: Option<Box<CheckCondition>>,
    /// `ENABLE | DISABLE [VALIDATE | NOVALIDATE]` (CHECK constraints only).
    pub state: ConstraintState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferPool {
    Default,
    Keep,
    Recycle,
}

/// `STORAGE (CELL_FLASH_CACHE ...)`: what an Exadata cell's flash cache keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellFlashCache {
    Default,
    Keep,
    None,
}

/// Physical attributes shared by tables, indexes and clusters.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Physical {
    pub pctfree: Option<u32>,
    pub buffer_pool: Option<BufferPool>,
    /// `STORAGE (CELL_FLASH_CACHE KEEP | NONE | DEFAULT)`
    pub cell_flash_cache: Option<CellFlashCache>,
    /// `COMPRESS` (Some(true)), `NOCOMPRESS` (Some(false)).
    pub compress: Option<bool>,
    /// Where `COMPRESS` (or `ROW STORE COMPRESS`) was written.
    pub compress_at: Option<Pos>,
    /// `COMPRESS FOR OLTP | ALL OPERATIONS | QUERY | ARCHIVE`, `ROW STORE
    /// COMPRESS ADVANCED`, `COMPRESS ADVANCED`: rows compressed as
    /// conventional DML fills a block (or hybrid columnar), not only on a
    /// direct-path load.
    pub compress_advanced: bool,
    /// `COMPRESS n`: the number written after COMPRESS (an index's prefix
    /// length, in columns), as written (checked against the index's columns
    /// when it is created or rebuilt).
    pub compress_prefix: Option<f64>,
    /// `TABLESPACE name`
    pub tablespace: Option<Ident>,
    /// `LOGGING` (Some(true)), `NOLOGGING` (Some(false)).
    pub logging: Option<bool>,
    /// `INITRANS n` of a CREATE TABLE (1 to 255) and where n was written:
    /// the ITL slots each new block of the heap is formatted with (at
    /// least two). Elsewhere INITRANS above 2 is refused by the parser.
    pub initrans: Option<(u32, Pos)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SegmentCreation {
    Immediate,
    Deferred,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateTable {
    pub name: Ident,
    pub columns: Vec<ColumnDef>,
    pub constraints: Vec<TableConstraint>,
    /// `ORGANIZATION INDEX`
    pub organization_index: bool,
    /// `CLUSTER c (col, ...)`
    pub cluster: Option<(Ident, Vec<Ident>)>,
    pub segment_creation: Option<SegmentCreation>,
    /// Where `SEGMENT CREATION` begins (releases without it refuse it there).
    pub segment_creation_pos: Pos,
    /// `MEMOPTIMIZE FOR READ`
    pub memoptimize_read: bool,
    pub physical: Physical,
    /// `AS SELECT ...`; columns may then be empty (names come from the query).
    pub as_select: Option<Box<Query>>,
    /// `PARTITION BY RANGE | LIST | HASH (...)`.
    pub partitioning: Option<Box<PartitionBy>>,
    /// `CREATE GLOBAL TEMPORARY TABLE ... [ON COMMIT DELETE | PRESERVE
    /// ROWS]` (DELETE ROWS when the clause is absent).
    pub temporary: Option<OnCommit>,
}

/// A global temporary table's rows: emptied at each commit (the
/// transaction's, SYS$TRANSACTION) or kept to the session's end (SYS$SESSION).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnCommit {
    DeleteRows,
    PreserveRows,
}

/// How a table's rows are divided among its partitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartitionMethod {
    Range,
    List,
    Hash,
}

impl PartitionMethod {
    /// The method as Oracle names it (`RANGE`, `LIST`, `HASH`).
    pub fn word(self) -> &'static str {
        match self {
            PartitionMethod::Range => "RANGE",
            PartitionMethod::List => "LIST",
            PartitionMethod::Hash => "HASH",
        }
    }
}

/// `PARTITION BY method (columns) [INTERVAL (expr)] (partitions)` or
/// `PARTITION BY HASH (columns) PARTITIONS n`.
#[derive(Debug, Clone, PartialEq)]
pub struct PartitionBy {
    pub method: PartitionMethod,
    pub columns: Vec<Ident>,
    /// `INTERVAL (expr)` of a range-partitioned table.
    pub interval: Option<Expr>,
    /// Where its INTERVAL keyword is (the table's `pos` when none).
    pub interval_pos: Pos,
    pub partitions: Vec<PartitionDef>,
    /// `PARTITIONS n` (hash): the partitions are named SYS_Pnnn.
    pub count: Option<u32>,
    /// `SUBPARTITION BY HASH (column) [SUBPARTITIONS n]` (composite).
    pub sub: Option<Box<SubpartitionBy>>,
    pub pos: Pos,
}

/// A composite table's second level: `SUBPARTITION BY HASH (column)
/// [SUBPARTITIONS n]` (n 1 when not written: Oracle's default) or
/// `SUBPARTITION BY HASH | LIST (column) SUBPARTITION TEMPLATE
/// (SUBPARTITION name [VALUES (...)] [TABLESPACE ts], ...)`.
#[derive(Debug, Clone, PartialEq)]
pub struct SubpartitionBy {
    pub method: PartitionMethod,
    pub column: Ident,
    /// The subpartitions of each partition (the template's count when given).
    pub count: u32,
    /// `SUBPARTITION TEMPLATE (...)`: each partition's subpartitions.
    pub template: Vec<PartitionDef>,
    pub pos: Pos,
}

/// What a partition maintenance operation does to the table's indexes:
/// `UPDATE INDEXES` (All), `UPDATE GLOBAL INDEXES` (Global), neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexUpkeep {
    None,
    Global,
    All,
}

/// A partition maintenance operation that moves rows between segments.
#[derive(Debug, Clone, PartialEq)]
pub enum Reorganize {
    /// `SPLIT PARTITION p AT (v) [INTO (PARTITION [a] [TABLESPACE ts],
    /// PARTITION [b] ...)]`: the two new partitions (Hash bounds: names
    /// and tablespaces only).
    Split { name: Ident, at: Expr, into: Vec<PartitionDef>, update: IndexUpkeep },
    /// `MERGE PARTITIONS p1, p2 [INTO PARTITION [p] [TABLESPACE ts]]`.
    Merge { names: [Ident; 2], into: Option<PartitionDef>, update: IndexUpkeep },
    /// `EXCHANGE PARTITION p WITH TABLE t [INCLUDING | EXCLUDING INDEXES]
    /// [WITH | WITHOUT VALIDATION]`.
    Exchange { name: Ident, table: Ident, including: bool, validation: bool, update: IndexUpkeep },
}

/// One partition as declared.
#[derive(Debug, Clone, PartialEq)]
pub struct PartitionDef {
    pub name: Option<Ident>,
    pub bound: PartitionBound,
    pub tablespace: Option<Ident>,
    pub pos: Pos,
    /// The partition's own `SEGMENT CREATION IMMEDIATE | DEFERRED` and
    /// where it begins (11.2.0.2 on).
    pub segment_creation: Option<(SegmentCreation, Pos)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PartitionBound {
    /// `VALUES LESS THAN (expr | MAXVALUE)`: None is MAXVALUE.
    LessThan(Option<Expr>),
    /// `VALUES (expr, ...)`.
    List(Vec<Expr>),
    /// `VALUES (DEFAULT)`.
    Default,
    /// A hash partition: no bound.
    Hash,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateCluster {
    pub name: Ident,
    pub columns: Vec<ColumnDef>,
    /// `SIZE n` in bytes (K/M suffixes resolved).
    pub size: Option<u32>,
    pub single_table: bool,
    /// `HASHKEYS n`: None means an index cluster.
    pub hashkeys: Option<u64>,
    /// `HASH IS expr`
    pub hash_is: Option<Expr>,
    pub physical: Physical,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateIndex {
    pub name: Ident,
    pub unique: bool,
    pub table: Ident,
    pub columns: Vec<Ident>,
    pub physical: Physical,
    /// `INVISIBLE`: maintained by DML, not seen by the optimizer.
    pub invisible: bool,
    /// `REVERSE`: a reverse key index (each column's bytes reversed).
    pub reverse: bool,
    /// `CREATE BITMAP INDEX`.
    pub bitmap: bool,
    /// `LOCAL ...` or `GLOBAL [PARTITION BY ...]` (None: neither written).
    pub partitioning: Option<Box<IndexPartitioning>>,
}

/// An index's partitioning clause.
#[derive(Debug, Clone, PartialEq)]
pub enum IndexPartitioning {
    /// `LOCAL [(PARTITION [name] [TABLESPACE ts], ...)]`: one index
    /// partition per table partition (the list, when given, names them).
    Local(Vec<PartitionDef>, Pos),
    /// `GLOBAL` (None: not partitioned) or `GLOBAL PARTITION BY RANGE |
    /// HASH (column) (...)`.
    Global(Option<PartitionBy>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct AlterIndex {
    pub name: Ident,
    pub physical: Physical,
    /// `REBUILD`
    pub rebuild: bool,
    /// `VISIBLE` (Some(true)) or `INVISIBLE` (Some(false)).
    pub visible: Option<bool>,
    /// `REBUILD REVERSE` (Some(true)) or `REBUILD NOREVERSE` (Some(false)).
    pub reverse: Option<bool>,
    /// `REBUILD PARTITION p`.
    pub partition: Option<Ident>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AlterTableAction {
    /// `[NO] MEMOPTIMIZE FOR READ`
    MemoptimizeRead(bool),
    /// `STORAGE (...)`, `PCTFREE n`
    Physical(Physical),
    /// `MOVE [TABLESPACE ts] [physical options]`
    Move(Physical),
    /// `ADD [CONSTRAINT name] PRIMARY KEY | UNIQUE (cols) [USING INDEX ...]`,
    /// `FOREIGN KEY ...`, `CHECK (...)`
    AddConstraint(TableConstraint),
    /// `ENABLE | DISABLE [VALIDATE | NOVALIDATE] CONSTRAINT name`, `MODIFY
    /// CONSTRAINT name [ENABLE | DISABLE] [VALIDATE | NOVALIDATE]`
    ConstraintState(Ident, ConstraintState),
    /// `DROP CONSTRAINT name`
    DropConstraint(Ident),
    /// `ADD PARTITION [name] VALUES ...`
    AddPartition(PartitionDef),
    /// `DROP PARTITION name [UPDATE [GLOBAL] INDEXES]` (true: UPDATE).
    DropPartition(Ident, bool),
    /// `TRUNCATE PARTITION name [DROP | REUSE STORAGE] [UPDATE [GLOBAL] INDEXES]`
    TruncatePartition(Ident, bool),
    /// `TRUNCATE SUBPARTITION name [DROP | REUSE STORAGE] [UPDATE [GLOBAL] INDEXES]`
    TruncateSubpartition(Ident, bool),
    /// `ENABLE | DISABLE ROW MOVEMENT`
    RowMovement(bool),
    /// `SHRINK SPACE [COMPACT] [CASCADE]`: (compact, cascade).
    ShrinkSpace(bool, bool),
    /// `SPLIT PARTITION`, `MERGE PARTITIONS`, `EXCHANGE PARTITION`.
    Reorganize(Box<Reorganize>),
    /// `ADD (col type [DEFAULT expr] [NOT NULL], ...)` or `ADD col ...`
    AddColumns(Vec<ColumnDef>),
    /// `MODIFY (col [type] [DEFAULT expr] [NULL | NOT NULL], ...)`
    ModifyColumns(Vec<ColumnModify>),
    /// `DROP COLUMN col` or `DROP (col, ...)`; `DROP UNUSED COLUMNS`
    /// (empty: the lab never leaves a column unused, so nothing to drop).
    DropColumns(Vec<Ident>),
}

/// One column of `ALTER TABLE ... MODIFY`: what it says, the rest kept.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnModify {
    pub name: Ident,
    /// A new type (and its DESCRIBE text); None keeps the type.
    pub data_type: Option<(DataType, Option<String>)>,
    /// `DEFAULT expr` (`DEFAULT NULL` removes the default).
    pub default: Option<Expr>,
    /// The DEFAULT's text as written (USER_TAB_COLUMNS.DATA_DEFAULT).
    pub default_text: Option<String>,
    /// `NOT NULL` (Some(true)), `NULL` (Some(false)), and where it was written.
    pub not_null: Option<(bool, Pos)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AlterTable {
    pub name: Ident,
    pub action: AlterTableAction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    Table,
    View,
    Index,
    Cluster,
    Procedure,
    Function,
    Sequence,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Drop {
    pub kind: ObjectKind,
    pub name: Ident,
    /// `PURGE`, `INCLUDING TABLES`, `CASCADE CONSTRAINTS` are accepted.
    pub including_tables: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ParamValue {
    Number(f64),
    /// Size with unit resolved to bytes (e.g. `100M`).
    Bytes(u64),
    /// Quoted string or bare word (TRUE, FALSE, ALL, TYPICAL...), as written
    /// but upper-cased for bare words.
    Text(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Memory,
    Spfile,
    Both,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SetParameter {
    /// Lower-cased parameter name, quotes removed (`_nlj_batching_enabled`).
    pub name: Ident,
    pub value: ParamValue,
    pub scope: Option<Scope>,
    /// `ALTER SYSTEM SET ... DEFERRED`: for sessions that connect later.
    pub deferred: bool,
}

/// `ALTER SYSTEM RESET name [SCOPE = ...] [SID = '...']`: the parameter's
/// SPFILE entry deleted (its default from the next STARTUP).
#[derive(Debug, Clone, PartialEq)]
pub struct ResetParameter {
    /// Lower-cased parameter name, quotes removed.
    pub name: Ident,
    /// As written; none is BOTH (an instance started from an SPFILE).
    pub scope: Option<Scope>,
}

// ---------------------------------------------------------------- DML

#[derive(Debug, Clone, PartialEq)]
pub enum InsertSource {
    Values(Vec<Expr>),
    Query(Box<Query>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Insert {
    pub table: Ident,
    pub columns: Option<Vec<Ident>>,
    pub source: InsertSource,
    /// Hints such as `/*+ append */`.
    pub hints: Vec<Hint>,
}

/// `UPDATE t [alias] SET col = expr [, ...] [WHERE cond]`
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    pub table: Ident,
    pub alias: Option<Ident>,
    pub sets: Vec<(Ident, Expr)>,
    pub where_clause: Option<Expr>,
    pub hints: Vec<Hint>,
    pub pos: Pos,
}

/// `DELETE [FROM] t [alias] [WHERE cond]`
#[derive(Debug, Clone, PartialEq)]
pub struct Delete {
    pub table: Ident,
    pub alias: Option<Ident>,
    pub where_clause: Option<Expr>,
    pub hints: Vec<Hint>,
    pub pos: Pos,
}

// ---------------------------------------------------------------- maintenance

/// `TRUNCATE TABLE t [DROP [ALL] STORAGE | REUSE STORAGE]`
#[derive(Debug, Clone, PartialEq)]
pub struct Truncate {
    pub name: Ident,
    /// `REUSE STORAGE`: the extents stay allocated to the segment.
    pub reuse_storage: bool,
}

/// The sample of `ANALYZE ... ESTIMATE STATISTICS SAMPLE n ROWS|PERCENT`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnalyzeSample {
    pub n: f64,
    pub percent: bool,
    pub pos: Pos,
}

/// What an `ANALYZE` does.
#[derive(Debug, Clone, PartialEq)]
pub enum AnalyzeAction {
    /// `COMPUTE STATISTICS`
    Compute,
    /// `ESTIMATE STATISTICS [SAMPLE n ROWS | PERCENT]` (none: 1064 rows).
    Estimate(Option<AnalyzeSample>),
    /// `DELETE STATISTICS`
    Delete,
    /// `VALIDATE STRUCTURE [CASCADE]`
    Validate { cascade: bool },
}

/// `ANALYZE TABLE|INDEX name action`.
#[derive(Debug, Clone, PartialEq)]
pub struct Analyze {
    /// `ANALYZE INDEX` (else TABLE).
    pub index: bool,
    pub name: Ident,
    pub action: AnalyzeAction,
    /// The action's first keyword.
    pub action_pos: Pos,
}

/// `CREATE [OR REPLACE] [NOFORCE] VIEW name [(c, ...)] AS subquery
/// [WITH READ ONLY]`.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateView {
    pub name: Ident,
    pub or_replace: bool,
    pub columns: Option<Vec<Ident>>,
    /// The subquery, parsed (to check it when the view is created).
    pub query: Query,
    /// The subquery as written: what a reference to the view parses
    /// (USER_VIEWS.TEXT).
    pub query_text: String,
    pub read_only: bool,
}

/// A stored view as the parser reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewText {
    pub owner: String,
    pub name: String,
    /// Its query as written.
    pub sql: String,
    /// The column alias list of its CREATE VIEW, if any.
    pub columns: Option<Vec<String>>,
}

/// `COMMENT ON TABLE t IS 'text'` or `COMMENT ON COLUMN t.c IS 'text'`
/// (`''` removes the comment).
#[derive(Debug, Clone, PartialEq)]
pub struct Comment {
    pub table: Ident,
    pub column: Option<Ident>,
    pub remark: String,
}
