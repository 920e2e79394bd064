//! Abstract syntax of LIO Lab scenario scripts.
//!
//! A script is a sequence of [`Statement`]s: SQL, anonymous PL/SQL blocks,
//! SQL*Plus commands and `LAB` commands. Every statement carries the position
//! of its first token; names and expressions that can be wrong carry their
//! own position so errors point at the offending token (ORA-00904 etc.).
//!
//! Identifiers are stored upper-cased unless they were double-quoted, as
//! Oracle does.

/// 1-based line and column in the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

/// A name with the position where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    pub name: String,
    pub pos: Pos,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// Position of the first token.
    pub pos: Pos,
    /// Source text of the statement as written (without the `;` or `/`).
    pub text: String,
    pub kind: StatementKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StatementKind {
    Query(Query),
    CreateTable(CreateTable),
    CreateCluster(CreateCluster),
    CreateIndex(CreateIndex),
    AlterIndex(AlterIndex),
    AlterTable(AlterTable),
    Drop(Drop),
    AlterSystem(SetParameter),
    AlterSession(SetParameter),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
    /// `SELECT ... FOR UPDATE [OF ...] [NOWAIT | WAIT n]`: the rows are locked.
    SelectForUpdate(Query),
    Commit,
    Rollback,
    /// `SAVEPOINT name`
    Savepoint(Ident),
    /// `ROLLBACK [WORK] TO [SAVEPOINT] name`
    RollbackTo(Ident),
    Plsql(PlsqlBlock),
    /// `CREATE [OR REPLACE] PROCEDURE|FUNCTION ...`
    CreateProgram(Box<StoredProgram>),
    SqlPlus(SqlPlus),
    Lab(LabCommand),
    /// `EXPLAIN PLAN [SET STATEMENT_ID = 'x'] [INTO plan_table] FOR <query>`
    ExplainPlan(ExplainPlan),
    /// `SELECT * FROM TABLE(dbms_xplan.display[_cursor](...))`
    Xplan(XplanCall),
    /// `CREATE [TEMPORARY] TABLESPACE ts DATAFILE|TEMPFILE '+NAME' SIZE n`
    CreateTablespace(CreateTablespace),
    /// `ALTER SYSTEM FLUSH BUFFER_CACHE`
    FlushBufferCache,
    /// `ALTER SYSTEM CHECKPOINT [GLOBAL | LOCAL]`
    Checkpoint,
    /// `ALTER SYSTEM SWITCH LOGFILE`
    SwitchLogfile,
    /// `ALTER DATABASE ...`
    AlterDatabase(AlterDatabase),
    /// `ALTER USER ... TEMPORARY TABLESPACE ts`
    AlterUser(AlterUser),
}

/// The `ALTER DATABASE` forms the lab runs.
#[derive(Debug, Clone, PartialEq)]
pub enum AlterDatabase {
    /// `ALTER DATABASE DEFAULT TEMPORARY TABLESPACE ts`: sorts spill there.
    DefaultTemporaryTablespace(Ident),
    /// `ADD LOGFILE [THREAD n] [GROUP n] ('file') SIZE n [BLOCKSIZE n] [REUSE]`
    AddLogfile {
        group: Option<(u32, Pos)>,
        /// The member's file name as written (`'+NAME'`).
        file: String,
        file_pos: Pos,
        size: u64,
        block_size: Option<(u64, Pos)>,
    },
    /// `DROP LOGFILE GROUP n`
    DropLogfile { group: u32, pos: Pos },
}

/// `ALTER USER user TEMPORARY TABLESPACE ts`: that user's sorts spill there.
#[derive(Debug, Clone, PartialEq)]
pub struct AlterUser {
    pub user: Ident,
    pub temporary_tablespace: Ident,
}

/// `CREATE [TEMPORARY] TABLESPACE name DATAFILE|TEMPFILE 'file' SIZE n`.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateTablespace {
    pub name: Ident,
    pub temporary: bool,
    /// The file's name as written: `'+NAME'` places it on the device NAME.
    pub file: String,
    pub file_pos: Pos,
    pub size: u64,
}

/// `EXPLAIN PLAN ... FOR <query>`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplainPlan {
    pub statement_id: Option<String>,
    pub query: Query,
    /// The explained statement's text.
    pub text: String,
}

/// Which DBMS_XPLAN table function a query reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XplanFunc {
    /// `dbms_xplan.display`: the plan in PLAN_TABLE (EXPLAIN PLAN).
    Display,
    /// `dbms_xplan.display_cursor`: the session's last executed cursor.
    DisplayCursor,
}

/// `SELECT * FROM TABLE(dbms_xplan.display...(args))`.
#[derive(Debug, Clone, PartialEq)]
pub struct XplanCall {
    pub func: XplanFunc,
    /// The `format` argument (`NULL` or absent: `TYPICAL`).
    pub format: Option<String>,
    /// The `statement_id` argument of `display`.
    pub statement_id: Option<String>,
    pub pos: Pos,
}

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
    pub not_null: bool,
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
    /// `GENERATED ... AS IDENTITY`.
    pub identity: bool,
    /// `DEFAULT expr`.
    pub default: Option<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstraintKind {
    PrimaryKey,
    Unique,
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
    /// `TABLESPACE name`
    pub tablespace: Option<Ident>,
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
    /// `MEMOPTIMIZE FOR READ`
    pub memoptimize_read: bool,
    pub physical: Physical,
    /// `AS SELECT ...`; columns may then be empty (names come from the query).
    pub as_select: Option<Box<Query>>,
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
}

#[derive(Debug, Clone, PartialEq)]
pub struct AlterIndex {
    pub name: Ident,
    pub physical: Physical,
    /// `REBUILD`
    pub rebuild: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AlterTableAction {
    /// `[NO] MEMOPTIMIZE FOR READ`
    MemoptimizeRead(bool),
    /// `STORAGE (...)`, `PCTFREE n`
    Physical(Physical),
    /// `MOVE [TABLESPACE ts] [physical options]`
    Move(Physical),
    /// `ADD [CONSTRAINT name] PRIMARY KEY | UNIQUE (cols) [USING INDEX ...]`
    AddConstraint(TableConstraint),
}

#[derive(Debug, Clone, PartialEq)]
pub struct AlterTable {
    pub name: Ident,
    pub action: AlterTableAction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    Table,
    Index,
    Cluster,
    Procedure,
    Function,
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

// ---------------------------------------------------------------- queries

#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub pos: Pos,
    pub hints: Vec<Hint>,
    pub distinct: bool,
    pub select: Vec<SelectItem>,
    pub from: Vec<FromItem>,
    pub where_clause: Option<Expr>,
    /// `CONNECT BY level <= n` (with `START WITH` ignored).
    pub connect_by: Option<Expr>,
    pub group_by: Vec<Expr>,
    /// `HAVING cond`
    pub having: Option<Box<Expr>>,
    pub order_by: Vec<OrderItem>,
    /// `UNION ALL` branches after this one (the ORDER BY above applies to
    /// the whole compound query).
    pub union_all: Vec<Query>,
    /// `LEFT [OUTER] JOIN` (and `RIGHT JOIN` turned around): the index in
    /// `from` of each outer-joined item and its ON condition.
    pub outer_joins: Vec<(usize, Expr)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SelectItem {
    /// `*`
    Star(Pos),
    /// `alias.*`
    QualifiedStar(Ident),
    Expr {
        expr: Expr,
        alias: Option<Ident>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrderItem {
    pub expr: Expr,
    pub descending: bool,
    /// `NULLS FIRST` (Some(true)) / `NULLS LAST` (Some(false)); by default
    /// NULLs sort last ascending and first descending.
    pub nulls_first: Option<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FromItem {
    /// A table, view or `dual`.
    Table { name: Ident, alias: Option<Ident> },
    /// `(SELECT ...) alias`
    Subquery { query: Box<Query>, alias: Option<Ident> },
    /// `xmltable('1 to N')` or `xmltable('a to b')`; rows expose `column_value`.
    XmlTableRange { from: Expr, to: Expr, alias: Option<Ident>, pos: Pos },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Hint {
    /// `leading(a b)`
    Leading(Vec<Ident>),
    /// `use_nl(a b)`
    UseNl(Vec<Ident>),
    /// `opt_param('_nlj_batching_enabled', 0)`
    OptParam {
        name: String,
        value: ParamValue,
    },
    /// `nlj_prefetch(b)`
    NljPrefetch(Vec<Ident>),
    /// `no_nlj_prefetch(b)`
    NoNljPrefetch(Vec<Ident>),
    NljBatching(Vec<Ident>),
    NoNljBatching(Vec<Ident>),
    GatherPlanStatistics,
    /// `full(a)`
    Full(Ident),
    /// `index(a idx)`
    Index {
        alias: Ident,
        index: Option<Ident>,
    },
    /// `memoptimize_read`-style or unknown hints: kept, ignored, as Oracle does.
    Other(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Concat,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggregateFunc {
    Max,
    Min,
    Count,
    Sum,
    Avg,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Number(crate::number::Number, Pos),
    String(String, Pos),
    Null(Pos),
    /// `:1`, `:key` (name without the colon)
    Bind(String, Pos),
    /// `col` or `alias.col`
    Column {
        qualifier: Option<Ident>,
        name: Ident,
    },
    Rownum(Pos),
    Level(Pos),
    /// Function call, name upper-cased, package-qualified names joined with a
    /// dot: `DBMS_RANDOM.VALUE`, `RPAD`, `SUBSTR`.
    Function {
        name: Ident,
        args: Vec<Expr>,
    },
    /// `max(x)`, `count(*)` (arg None), `count(x)`
    Aggregate {
        func: AggregateFunc,
        arg: Option<Box<Expr>>,
        pos: Pos,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    Negate(Box<Expr>),
    Not(Box<Expr>),
    /// `x BETWEEN a AND b`
    Between {
        expr: Box<Expr>,
        low: Box<Expr>,
        high: Box<Expr>,
    },
    /// `x IS [NOT] NULL`
    IsNull {
        expr: Box<Expr>,
        negated: bool,
    },
    /// `(SELECT ...)` as a scalar expression.
    Subquery(Box<Query>),
    /// `x [NOT] IN (a, b, ...)`
    InList {
        expr: Box<Expr>,
        list: Vec<Expr>,
        negated: bool,
    },
    /// `x [NOT] IN (SELECT ...)`
    InSubquery {
        expr: Box<Expr>,
        query: Box<Query>,
        negated: bool,
    },
    /// `[NOT] EXISTS (SELECT ...)`
    Exists {
        query: Box<Query>,
        negated: bool,
        pos: Pos,
    },
    /// `x [NOT] LIKE pattern [ESCAPE c]`
    Like {
        expr: Box<Expr>,
        pattern: Box<Expr>,
        escape: Option<Box<Expr>>,
        negated: bool,
    },
    /// `col(+)`: Oracle's outer join operator on a column.
    OuterMark(Box<Expr>),
    /// `CASE [operand] WHEN a THEN b ... [ELSE c] END`
    Case {
        operand: Option<Box<Expr>>,
        whens: Vec<(Expr, Expr)>,
        otherwise: Option<Box<Expr>>,
        pos: Pos,
    },
}

// ---------------------------------------------------------------- PL/SQL

#[derive(Debug, Clone, PartialEq)]
pub struct PlsqlBlock {
    /// `DECLARE` section variables: name and (ignored) type text.
    pub declarations: Vec<(Ident, String)>,
    pub body: Vec<PlsqlStatement>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PlsqlStatement {
    /// A procedure call: `dbms_random.seed(0)`,
    /// `dbms_stats.gather_table_stats(user, 'T1')`,
    /// `dbms_memoptimize.populate('SCOTT', 'T4')`. Named arguments
    /// (`tabname => 'T1'`) keep their names.
    Call {
        name: Ident,
        args: Vec<(Option<String>, Expr)>,
    },
    /// Embedded SQL (INSERT, SELECT ... INTO, COMMIT, ...).
    Sql(Box<Statement>),
    /// `SELECT ... INTO v FROM ...`
    SelectInto {
        query: Query,
        into: Vec<Ident>,
        /// The statement's text, INTO clause included (the cursor's SQL
        /// is made from it: `lio_sql::plsql_static_text`).
        text: String,
    },
    /// `EXECUTE IMMEDIATE 'sql' [INTO v] [USING a, b]`
    ExecuteImmediate {
        sql: Expr,
        into: Vec<Ident>,
        using: Vec<Expr>,
        pos: Pos,
    },
    /// `FOR i IN a .. b LOOP ... END LOOP`
    ForLoop {
        var: Ident,
        from: Expr,
        to: Expr,
        body: Vec<PlsqlStatement>,
    },
    /// `v := expr`
    Assign {
        target: Ident,
        value: Expr,
    },
    Null,
    /// `IF c THEN ... [ELSIF c THEN ...] [ELSE ...] END IF`
    If {
        branches: Vec<(Expr, Vec<PlsqlStatement>)>,
        otherwise: Vec<PlsqlStatement>,
    },
    /// `WHILE c LOOP ... END LOOP`
    While {
        cond: Expr,
        body: Vec<PlsqlStatement>,
    },
    /// `LOOP ... END LOOP` (left by EXIT)
    Loop {
        body: Vec<PlsqlStatement>,
    },
    /// `EXIT [WHEN c]`
    Exit {
        when: Option<Expr>,
    },
    /// `FOR r IN (SELECT ...) LOOP ... END LOOP`: `r.column` in the body.
    CursorFor {
        var: Ident,
        query: Box<Query>,
        /// The query's text (the cursor's SQL).
        text: String,
        body: Vec<PlsqlStatement>,
    },
    /// `RETURN [expr]`
    Return {
        value: Option<Expr>,
        pos: Pos,
    },
}

/// A stored procedure or function.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredProgram {
    pub name: Ident,
    pub or_replace: bool,
    pub params: Vec<ProgramParam>,
    /// `RETURN type` of a function (type text); None for a procedure.
    pub returns: Option<String>,
    pub block: PlsqlBlock,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProgramParam {
    pub name: Ident,
    pub type_text: String,
    pub default: Option<Expr>,
}

// ---------------------------------------------------------------- SQL*Plus

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutotraceMode {
    Off,
    /// `ON` (rows, plan, statistics); `ON EXPLAIN`/`ON STATISTICS` narrow it.
    On {
        explain: bool,
        statistics: bool,
    },
    /// `TRACEONLY` (plan + statistics, no rows).
    TraceOnly {
        explain: bool,
        statistics: bool,
    },
}

/// SQL*Plus `CONN[ECT] [user[/password][@connect_identifier]] [EDITION=e]`.
/// The password is read past, not kept (the lab does not authenticate).
#[derive(Debug, Clone, PartialEq)]
pub struct Connect {
    /// The user, upper-cased unless double-quoted, at the position of the
    /// logon; None for a bare `CONNECT` (SQL*Plus would prompt for it).
    pub user: Option<Ident>,
    /// `@connect_identifier` as written (`orcl`, `//host:1521/service`).
    pub connect_identifier: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SqlPlus {
    SetAutotrace(AutotraceMode),
    SetLinesize(u32),
    SetPagesize(u32),
    SetArraysize(u32),
    SetServeroutput(bool),
    SetTiming(bool),
    /// Other `SET x y` commands: accepted, no effect.
    SetOther(String),
    /// `exec proc(args)`: the call as a one-statement PL/SQL block.
    Exec(PlsqlBlock),
    /// `CONN[ECT] [user[/password][@connect_identifier]]`.
    Connect(Connect),
    /// `SHUTDOWN [IMMEDIATE|ABORT|NORMAL]`
    Shutdown,
    /// `STARTUP [FORCE]`
    Startup,
    /// `PROMPT text`
    Prompt(String),
    /// A `/` on its own line after a SQL statement: run the SQL buffer
    /// (the previous SQL statement or PL/SQL block) again.
    RunBuffer,
    /// `REM`, `--` comment lines, `SPOOL`, `COLUMN ... FORMAT`, `CLEAR`,
    /// `DEFINE`: accepted, no effect.
    Ignored(String),
    /// `SHOW variable`: the SET variable's full name, upper-cased
    /// (`ARRAYSIZE`), or `USER`.
    Show(String),
}

// ---------------------------------------------------------------- LAB

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Driver {
    Plsql,
    JdbcThin,
    JdbcOciNet,
    JdbcOciBequeath,
    /// SQL*Plus itself (the default for plain statements in a script).
    SqlPlus,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LabRun {
    /// The SQL text to run, as written inside the quotes.
    pub sql: String,
    /// Position of the SQL string literal (errors inside it are reported
    /// relative to the script through this).
    pub sql_pos: Pos,
    /// `BIND a TO b`
    pub bind: Option<(i64, i64)>,
    pub via: Option<Driver>,
    pub fetchsize: Option<u32>,
    pub runs: Option<u32>,
    /// `BATCH n` for array inserts.
    pub batch: Option<u32>,
    /// `LITERALS`: build the statement text with the value inlined instead
    /// of binding it (hard parse per execution).
    pub literals: bool,
    /// `AUTOCOMMIT`: commit after every execution (JDBC's default).
    pub autocommit: bool,
    /// `SESSIONS n`: the workload runs in n sessions at once (the BIND
    /// range split evenly between them).
    pub sessions: Option<u32>,
}

/// Most sessions of one `LAB RUN ... SESSIONS n`.
pub const MAX_WORKLOAD_SESSIONS: u32 = 64;

/// Highest session number of `LAB SESSION n`.
pub const MAX_SESSIONS: u32 = 1000;

#[derive(Debug, Clone, PartialEq)]
pub enum LabCommand {
    /// `LAB VERSION 11.2.0.1`
    Version(String),
    Run(LabRun),
    /// `LAB SET name = value` (network latency, bandwidth, cost parameters).
    Set {
        name: Ident,
        value: ParamValue,
    },
    /// `LAB SESSION n`: the following statements run in session `n`
    /// (1 to [`MAX_SESSIONS`]; the script starts in session 1).
    Session(u32),
    /// `LAB PROFILE` prints the folded stacks of the previous step.
    Profile,
    /// `LAB RESET`: a fresh instance.
    Reset,
    /// `LAB DEVICE name TYPE kind [param = value ...]`: defines a storage
    /// device on the instance (the engine checks the type, the parameter
    /// names and their ranges).
    Device {
        name: Ident,
        /// The type as written, lower case (`hdd`, `sata_ssd`, `pcie_flash`).
        kind: Ident,
        params: Vec<(Ident, f64)>,
    },
    /// `LAB DEVICES`: lists the devices with their parameters and counters.
    Devices,
    /// `LAB HELP [command]`: the reference of the LAB commands.
    Help(Option<String>),
    /// `LAB SWEEP name FROM a TO b [STEP s | FACTOR f] RUN '<sql>' ...`.
    Sweep(LabSweep),
}

/// How a sweep moves from `FROM` to `TO`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SweepStep {
    /// Ten points evenly spread (no STEP or FACTOR given).
    Even,
    Step(f64),
    Factor(f64),
}

/// Points a sweep may have at most (each replays the scenario on a fresh instance).
pub const MAX_SWEEP_POINTS: usize = 50;

/// `LAB SWEEP`: rerun the scenario so far with one parameter or DDL option
/// at each value of a range, and measure a `LAB RUN` workload at each.
#[derive(Debug, Clone, PartialEq)]
pub struct LabSweep {
    /// The parameter or DDL option, upper case (`HASHKEYS`, `FETCHSIZE`,
    /// `ARRAYSIZE`, `NETWORK_RTT_US`).
    pub name: Ident,
    pub from: f64,
    pub to: f64,
    pub step: SweepStep,
    /// The workload: what follows `RUN`, as `LAB RUN` reads it.
    pub run: LabRun,
    /// Its source text (`'select ...' BIND 1 TO 100 VIA jdbc_thin`).
    pub run_text: String,
}

impl LabSweep {
    /// The values the sweep takes, or the count it would take when that is
    /// more than [`MAX_SWEEP_POINTS`].
    pub fn points(&self) -> Result<Vec<f64>, usize> {
        let (a, b) = (self.from, self.to);
        let mut v = Vec::new();
        match self.step {
            SweepStep::Even => {
                let n = 10;
                for i in 0..n {
                    v.push(a + (b - a) * i as f64 / (n - 1) as f64);
                }
            }
            SweepStep::Step(s) => {
                let count = ((b - a) / s).floor() as usize + 1;
                if count > MAX_SWEEP_POINTS {
                    return Err(count);
                }
                for i in 0..count {
                    v.push(a + s * i as f64);
                }
            }
            SweepStep::Factor(f) => {
                let count = ((b / a).ln() / f.ln() + 1e-9).floor() as usize + 1;
                if count > MAX_SWEEP_POINTS {
                    return Err(count);
                }
                for i in 0..count {
                    v.push(a * f.powi(i as i32));
                }
            }
        }
        // Whole numbers stay whole (HASHKEYS 10, not 9.999999); FROM 5 TO 5 is one point.
        let mut v: Vec<f64> = v.into_iter().map(|x| if (x - x.round()).abs() < 1e-6 { x.round() } else { x }).collect();
        v.dedup();
        Ok(v)
    }
}

/// The LAB commands, for `LAB HELP`: name, syntax, what it does.
pub const LAB_COMMANDS: &[(&str, &str, &str)] = &[
    (
        "VERSION",
        "LAB VERSION <version>",
        "Simulate that release (10g, 11.1, 11.2.0.1, 11.2.0.2, 18c, 19c); the SGA is rebuilt.",
    ),
    (
        "RUN",
        "LAB RUN '<sql>' [BIND a TO b] [VIA driver] [FETCHSIZE n] [RUNS n] [BATCH n] [LITERALS] [AUTOCOMMIT] [SESSIONS n]",
        "Run a workload from a client driver (plsql, jdbc_thin, jdbc_oci_net, jdbc_oci_bequeath, sqlplus); :1 takes each bind value. SESSIONS n (up to 64): n sessions at once, each an even slice of the BIND range.",
    ),
    (
        "SET",
        "LAB SET <name> = <value>",
        "Set a lab parameter: network latency and bandwidth, cost parameters (latch hold and spin times too), lab limits, autotrace_style, cpu_count (CPUs a SESSIONS workload shares; 0 = one each).",
    ),
    ("SESSION", "LAB SESSION <n>", "Run the following statements in session n (1 to 1000)."),
    ("PROFILE", "LAB PROFILE", "Print the folded cost stacks of the previous step."),
    ("RESET", "LAB RESET", "Start again with a fresh instance."),
    (
        "DEVICE",
        "LAB DEVICE <name> TYPE hdd|sata_ssd|pcie_flash|exadata_cell [param = value ...]",
        "Define a storage device: an HDD (seek, rotation, transfer, a queue), a flash SSD (FTL, channels, garbage collection) or an Exadata cell (disks, flash cache, flash log, smart scans); tablespaces go on it as '+NAME'.",
    ),
    ("DEVICES", "LAB DEVICES", "List the devices with their parameters and counters."),
    (
        "SWEEP",
        "LAB SWEEP <parameter or DDL option> FROM a TO b [STEP s | FACTOR f] RUN '<sql>' [LAB RUN options]",
        "Replay the scenario so far on a fresh instance at each value (at most 50) and measure the workload: HASHKEYS, PCTFREE ... (DDL options), FETCHSIZE, BATCH, ARRAYSIZE, or a LAB SET parameter.",
    ),
    ("HELP", "LAB HELP [command]", "Print this reference, or one command's."),
];
