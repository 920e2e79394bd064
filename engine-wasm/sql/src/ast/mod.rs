//! Abstract syntax of LIO Lab scenario scripts.
//!
//! A script is a sequence of [`Statement`]s: SQL, anonymous PL/SQL blocks,
//! SQL*Plus commands and `LAB` commands. Every statement carries the position
//! of its first token; names and expressions that can be wrong carry their
//! own position so errors point at the offending token (ORA-00904 etc.).
//!
//! Identifiers are stored upper-cased unless they were double-quoted, as
//! Oracle does.

//!
//! Layout: this file holds the statement and what nests statements (PL/SQL
//! blocks, SQL*Plus commands, which run blocks); `query` the names,
//! queries and expressions every statement uses; `ddl` DDL and DML; `lab`
//! the `LAB` commands.

mod ddl;
mod lab;
mod merge;
mod plsql_cursor;
mod quantified;
mod query;
mod sequence;
mod within;

pub use ddl::*;
pub use lab::*;
pub use merge::*;
pub use plsql_cursor::*;
pub use quantified::*;
pub use query::*;
pub use sequence::*;
pub use within::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// Position of the first token.
    pub pos: Pos,
    /// Source text of the statement as written (without the `;` or `/`).
    pub text: String,
    pub kind: StatementKind,
    /// Every object the unit names (`[schema.]name` in FROM, DML and DDL),
    /// PL/SQL's embedded statements included in their block's list: the
    /// session checks them against the lab's one schema and the user
    /// connected (a statement inside a block has an empty list).
    pub objects: Vec<ObjectRef>,
}

/// An object named by a statement, with its schema when qualified.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectRef {
    pub schema: Option<Ident>,
    pub name: Ident,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StatementKind {
    Query(Query),
    CreateTable(CreateTable),
    CreateCluster(CreateCluster),
    CreateIndex(CreateIndex),
    CreateView(Box<CreateView>),
    /// `CREATE SEQUENCE` or `ALTER SEQUENCE` (`alter`).
    Sequence(Box<SequenceStmt>),
    Comment(Comment),
    AlterIndex(AlterIndex),
    AlterTable(AlterTable),
    Drop(Drop),
    AlterSystem(SetParameter),
    /// `ALTER SYSTEM RESET name [SCOPE = ...] [SID = '...']`
    AlterSystemReset(ResetParameter),
    AlterSession(SetParameter),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
    /// `MERGE INTO t USING s ON (...) WHEN [NOT] MATCHED THEN ...`
    Merge(Box<Merge>),
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
    /// `SELECT dbms_sqltune.report_sql_monitor[_list](...) FROM dual`
    SqlMonitor(SqlMonitorCall),
    /// `CREATE [TEMPORARY] TABLESPACE ts DATAFILE|TEMPFILE '+NAME' SIZE n`
    CreateTablespace(CreateTablespace),
    /// `ALTER SYSTEM FLUSH BUFFER_CACHE`
    FlushBufferCache,
    /// `ALTER SYSTEM FLUSH SHARED_POOL`
    FlushSharedPool,
    /// `ALTER SYSTEM CHECKPOINT [GLOBAL | LOCAL]`
    Checkpoint,
    /// `ALTER SYSTEM SWITCH LOGFILE`
    SwitchLogfile,
    /// `ALTER DATABASE ...`
    AlterDatabase(AlterDatabase),
    /// `ALTER USER ... TEMPORARY TABLESPACE ts`
    AlterUser(AlterUser),
    /// `TRUNCATE TABLE t [DROP | REUSE STORAGE]`
    Truncate(Truncate),
    /// `ANALYZE TABLE | INDEX name COMPUTE | ESTIMATE | DELETE STATISTICS | VALIDATE STRUCTURE`
    Analyze(Analyze),
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
    /// The query (a CREATE TABLE ... AS SELECT's or INSERT ... SELECT's).
    pub query: Query,
    /// `CREATE TABLE ... AS SELECT` or `INSERT ... SELECT`: the table loaded.
    pub load: Option<ExplainLoad>,
    /// The explained statement's text.
    pub text: String,
}

/// The table an explained CREATE TABLE ... AS SELECT or INSERT ... SELECT loads.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplainLoad {
    pub table: Ident,
    /// CREATE TABLE (else INSERT).
    pub create: bool,
    /// A direct-path load: CTAS, or INSERT with the APPEND hint.
    pub direct: bool,
    /// An explained UPDATE or DELETE (the query finds its rows).
    pub change: Option<ExplainChange>,
}

/// The change an explained UPDATE or DELETE makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExplainChange {
    Update,
    Delete,
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
    /// Where the format's string literal starts (its quote).
    pub format_pos: Option<Pos>,
    /// The `statement_id` argument of `display`.
    pub statement_id: Option<String>,
    pub pos: Pos,
}

/// A DBMS_SQLTUNE SQL Monitor report call.
#[derive(Debug, Clone, PartialEq)]
pub struct SqlMonitorCall {
    /// REPORT_SQL_MONITOR_LIST (else REPORT_SQL_MONITOR).
    pub list: bool,
    pub args: Vec<SqlMonitorArg>,
    /// The column's heading: the call as Oracle names it, or the alias.
    pub heading: String,
    pub pos: Pos,
}

/// An argument of a SQL Monitor report call: its parameter's name, its
/// literal's text (None: NULL) and where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct SqlMonitorArg {
    pub name: String,
    pub value: Option<String>,
    pub pos: Pos,
}

// ---------------------------------------------------------------- PL/SQL

#[derive(Debug, Clone, PartialEq)]
pub struct PlsqlBlock {
    /// `DECLARE` section variables: name and (ignored) type text.
    pub declarations: Vec<(Ident, String)>,
    /// The statements: first the `inits` assignments of declarations'
    /// defaults (each at its declaration's type, where Oracle's `PL/SQL:
    /// Item ignored` points), then the block's own.
    pub body: Vec<PlsqlStatement>,
    pub inits: usize,
    /// Where the block's text starts (its line 1), and the columns a
    /// wrapper adds before it on that line (`EXEC x` runs `BEGIN x; END;`):
    /// Oracle's `line l, column c` of the block count from there.
    pub base: Pos,
    pub col_offset: u32,
    /// Where the script shows the block's error: its first token, or the
    /// `EXEC` command that wraps it.
    pub shown_at: Pos,
}

impl PlsqlBlock {
    /// `pos` (in the script) as Oracle's line and column in the block.
    pub fn line_col(&self, pos: Pos) -> (u32, u32) {
        let line = pos.line.saturating_sub(self.base.line) + 1;
        let col = if pos.line == self.base.line {
            pos.column.saturating_sub(self.base.column) + 1 + self.col_offset
        } else {
            pos.column
        };
        (line, col)
    }
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
        query: Box<Query>,
        into: Vec<Ident>,
        /// The statement's text, INTO clause included (the cursor's SQL
        /// is made from it: `lio_sql::plsql_static_text`).
        text: String,
        /// `BULK COLLECT INTO` collections: all the rows, in one fetch.
        bulk: bool,
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
        /// Where `FOR` is (the statement's start, which a compile error
        /// of its bounds names: `PL/SQL: Statement ignored`).
        pos: Pos,
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
        /// Where `IF` is (the statement's start).
        pos: Pos,
    },
    /// `WHILE c LOOP ... END LOOP`
    While {
        cond: Expr,
        body: Vec<PlsqlStatement>,
        /// Where `WHILE` is (the statement's start).
        pos: Pos,
    },
    /// `LOOP ... END LOOP` (left by EXIT)
    Loop {
        body: Vec<PlsqlStatement>,
    },
    /// `EXIT [WHEN c]`
    Exit {
        when: Option<Expr>,
        /// Where `EXIT` is (the statement's start).
        pos: Pos,
    },
    /// `FOR r IN (SELECT ...) LOOP ... END LOOP`: `r.column` in the body.
    CursorFor {
        var: Ident,
        query: Box<Query>,
        /// The query's text (the cursor's SQL).
        text: String,
        body: Vec<PlsqlStatement>,
        /// A declared cursor's parameters with their values (`FOR r IN
        /// c(1) LOOP`), in scope of its query.
        args: Vec<CursorArg>,
    },
    /// `OPEN c [(args)]`
    Open(Box<OpenCursor>),
    /// `FETCH c [BULK COLLECT] INTO ... [LIMIT n]`
    Fetch(Box<FetchCursor>),
    /// `CLOSE c`
    Close(Ident),
    /// `FORALL i IN lo .. hi dml`: one execution of the DML with the
    /// collections it reads bound as arrays.
    Forall {
        index: Ident,
        from: Expr,
        to: Expr,
        stmt: Box<Statement>,
        /// Where FORALL is.
        pos: Pos,
    },
    /// `t(i) := expr`: an element of a collection.
    AssignElement {
        coll: Ident,
        index: Expr,
        value: Expr,
    },
    /// `RETURN [expr]`
    Return {
        value: Option<Expr>,
        pos: Pos,
    },
    /// `RAISE [name]` (None: re-raise, in a handler).
    Raise {
        name: Option<Ident>,
        pos: Pos,
    },
    /// A block with an EXCEPTION section (`BEGIN ... EXCEPTION WHEN ...
    /// END`, nested or a unit's own statements): an error its statements
    /// raise is caught by the first handler naming it.
    Handled {
        body: Vec<PlsqlStatement>,
        handlers: Vec<ExceptionHandler>,
        /// Where the block's BEGIN is.
        pos: Pos,
    },
}

/// The name of the variable that holds a declared exception `name`: its
/// value the exception's identity (where it was declared), or, after
/// `PRAGMA EXCEPTION_INIT`, the error code it stands for. No identifier
/// can take this name.
pub fn exception_var(name: &str) -> String {
    format!("{name}!")
}

/// `WHEN name [OR name ...] THEN statements` of an EXCEPTION section.
#[derive(Debug, Clone, PartialEq)]
pub struct ExceptionHandler {
    /// The exceptions' names, upper-cased (`OTHERS` alone catches any).
    pub names: Vec<Ident>,
    pub body: Vec<PlsqlStatement>,
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
    /// Where its text stops parsing and the `PLS-00103: ...` message: a
    /// program created with that error (INVALID), its block empty.
    pub syntax_error: Option<(Pos, String)>,
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
    /// `AS SYSDBA` (the user is then SYS).
    pub sysdba: bool,
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
    /// `SHUTDOWN [IMMEDIATE|ABORT|NORMAL|TRANSACTIONAL]`: `true` for ABORT.
    Shutdown(bool),
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
    /// `DESC[RIBE] [schema.]object`: the name as written, and where.
    Describe {
        name: String,
        pos: Pos,
    },
    /// `VAR[IABLE]` (list them all), `VAR[IABLE] name` (list one) or
    /// `VAR[IABLE] name type` (declare it): the name upper-cased.
    Variable {
        name: Option<(String, Pos)>,
        ty: Option<BindType>,
    },
    /// `PRI[NT] [name ...]`: the names upper-cased (none: every variable).
    Print(Vec<(String, Pos)>),
}

/// A SQL*Plus bind variable's type (`VARIABLE n NUMBER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindType {
    Number,
    /// `CHAR [(n)]`: n characters (1 by default).
    Char(u32),
    /// `VARCHAR2 (n)`.
    Varchar2(u32),
}

impl BindType {
    /// As `VARIABLE` lists it and as a PL/SQL declaration reads it.
    pub fn text(self) -> String {
        match self {
            BindType::Number => "NUMBER".into(),
            BindType::Char(n) => format!("CHAR({n})"),
            BindType::Varchar2(n) => format!("VARCHAR2({n})"),
        }
    }
}
