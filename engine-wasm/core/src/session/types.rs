//! The session's data types that its statement families share: the client
//! path and its stacks, how rows are fetched, a change's stacks, a DML
//! statement's binds and scratch vectors, PL/SQL's static SQL, nesting
//! limits and flow, runstats' marks, SQL*Plus's substitution variables. A
//! leaf: the files that act on them (`net`, `cursor`, `txn`, `change`,
//! `plsql`, `program`, `sqlplus`) re-export them where they were.

use crate::kernel::OpStacks;
use crate::sim::cost::StackId;
use crate::value::Value;
use lio_sql::ast::Driver;
use std::collections::BTreeMap;

/// The client a statement arrives from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    SqlPlus,
    Plsql,
    JdbcThin,
    JdbcOciNet,
    JdbcOciBequeath,
    /// SQLcl (LAB SET autotrace_style = sqlcl): a Java program on the JDBC
    /// thin driver, over Oracle Net, with its own autotrace calls
    /// (`session/sqlcl.rs`).
    Sqlcl,
}

impl Client {
    /// The driver's name as `VIA` spells it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Client::Plsql => "plsql",
            Client::JdbcThin => "jdbc_thin",
            Client::JdbcOciNet => "jdbc_oci_net",
            Client::JdbcOciBequeath => "jdbc_oci_bequeath",
            Client::SqlPlus => "sqlplus",
            Client::Sqlcl => "sqlcl",
        }
    }

    pub(crate) fn from_driver(d: Driver) -> Client {
        match d {
            Driver::Plsql => Client::Plsql,
            Driver::JdbcThin => Client::JdbcThin,
            Driver::JdbcOciNet => Client::JdbcOciNet,
            Driver::JdbcOciBequeath => Client::JdbcOciBequeath,
            Driver::SqlPlus => Client::SqlPlus,
        }
    }
    /// The client's frames in the flame graph. A JDBC driver runs both a
    /// query (`executeQuery`) and DML (`executeUpdate`) through its
    /// statement class's `executeForRows`, so the frame fits either.
    pub(crate) fn frame(self) -> &'static str {
        match self {
            Client::SqlPlus => "sqlplus;OCIStmtExecute",
            Client::Plsql => "plsql",
            Client::JdbcThin => "java;T4CPreparedStatement.executeForRows",
            Client::JdbcOciNet => "java;T2CPreparedStatement.executeForRows;OCIStmtExecute",
            Client::JdbcOciBequeath => "java;T2CPreparedStatement.executeForRows;OCIStmtExecute",
            Client::Sqlcl => "sqlcl;T4CPreparedStatement.executeForRows",
        }
    }
    /// Over Oracle Net (TCP); the others talk to a bequeathed server
    /// process through a pipe. SQL*Plus in a script runs locally (bequeath).
    pub(crate) fn networked(self) -> bool {
        matches!(self, Client::JdbcThin | Client::JdbcOciNet | Client::Sqlcl)
    }
}

/// Stack ids of one client path, interned once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CallStacks {
    pub client: StackId,
    pub net: StackId,
    pub server_net: StackId,
    pub parse: StackId,
    pub hard_parse: StackId,
    pub execute: StackId,
    pub fetch: StackId,
    pub plsql_switch: StackId,
    /// The server side of a MemOptimized fast lookup call.
    pub memopt_call: StackId,
    /// JDBC thin's side of its second call after a MemOptimized read.
    pub thin_memopt_client: StackId,
    /// kksumc under a fetch call: the cursor's bookkeeping.
    pub fetch_cursor: StackId,
    /// ksupucg and ksupop: a user call's begin and end.
    pub user_call_begin: StackId,
    pub user_call_end: StackId,
}

/// An open PL/SQL explicit cursor (`session/plsql/cursors.rs`): the rows
/// its execution fetched at OPEN, not yet taken by a FETCH.
pub(crate) struct CursorRows {
    pub rows: std::collections::VecDeque<Vec<Value>>,
    /// The rows each of the execution's fetch calls asked for.
    pub per_fetch: u64,
    /// The block's FETCHes have come to the fetch that returned fewer rows
    /// than asked: the calls it made are the calls the execution made.
    pub done: bool,
}

/// How a query's rows come back to the client.
#[derive(Clone, Copy)]
pub(crate) struct FetchPolicy {
    /// Rows in the first fetch (piggybacked on the execute round trip for
    /// OCI/JDBC prefetch; SQL*Plus asks for 1).
    pub first: u32,
    /// Rows per later fetch call (arraysize / fetch size).
    pub then: u32,
    /// Whether each call is a network round trip.
    pub round_trips: bool,
}

/// OCI's default prefetch (`OCI_ATTR_PREFETCH_ROWS`, 1 row): a round trip
/// that fetches for a call brings the prefetch rows besides into OCI's
/// cache, and the next call is served from it without one.
const OCI_PREFETCH_ROWS: u32 = 1;

/// Rows a SQL*Plus (OCI) fetch round trip brings at `arraysize`: a call
/// for fewer rows than one plus the prefetch takes the prefetched row
/// too, so at arraysize 1 each round trip after the first carries 2 rows
/// (100 rows: the execute's row and 50 fetches, 51 round trips; with
/// prefetch 0 they are 102: spotonoracle.com, 2017); larger array fetches
/// are served as asked (10046 traces show `r=` the arraysize).
pub(crate) fn oci_fetch_rows(arraysize: u32) -> u32 {
    arraysize.max(1 + OCI_PREFETCH_ROWS)
}

/// Where a change's time goes in the profile.
#[derive(Debug, Clone, Copy)]
pub struct ChangeStacks {
    /// The row-change function and its current get.
    pub get: OpStacks,
    /// Writing the undo record (ktuchg).
    pub undo: StackId,
    /// Generating the redo (kcrfw_redo_gen).
    pub redo: StackId,
}

/// The values a DML statement's binds take: by position (SQL*Plus, LAB
/// RUN), or PL/SQL variables by name.
#[derive(Clone, Copy)]
pub(crate) enum DmlBinds<'a> {
    Positional(&'a [Value]),
    Plsql(&'a [(String, Value)]),
}

/// Vectors a DML statement fills on every execution, kept by the session
/// so that a workload's executions do not allocate them each time (a
/// vector that grew past [`DmlScratch::KEEP`] is not kept).
#[derive(Debug, Clone, Default)]
pub(crate) struct DmlScratch {
    /// The SET columns of an UPDATE.
    pub(crate) cols: Vec<usize>,
    /// The bind values of the statement's query.
    pub(crate) binds: Vec<Value>,
    /// The rows the query found (emptied by the change).
    pub(crate) rows: Vec<Vec<Value>>,
    /// A row's new values.
    pub(crate) new_row: Vec<Value>,
    /// Emptied row vectors the query's next rows are built in, and the
    /// one a fetch builds its row in (a cached single-row DML allocates
    /// nothing per execution).
    pub(crate) spare_rows: Vec<Vec<Value>>,
    /// The V$SQL entry of the statement whose query ran last: its changes
    /// are counted there too.
    pub(crate) slot: Option<(usize, u64)>,
    pub(crate) fetch_row: Vec<Value>,
    /// The last INSERT ... SELECT gathered its table's statistics as it
    /// loaded (12.1+): its plan shows OPTIMIZER STATISTICS GATHERING.
    pub(crate) gathered_on_load: bool,
}

impl DmlScratch {
    pub(crate) const KEEP: usize = 1024;
    /// Spare row vectors kept.
    pub(crate) const SPARE_ROWS: usize = 64;

    /// Keep an emptied row vector for the next row.
    pub(crate) fn spare(&mut self, mut row: Vec<Value>) {
        if self.spare_rows.len() < Self::SPARE_ROWS && row.capacity() <= Self::KEEP {
            row.clear();
            self.spare_rows.push(row);
        }
    }

    pub(crate) fn keep<T>(slot: &mut Vec<T>, mut v: Vec<T>) {
        if v.capacity() <= Self::KEEP {
            v.clear();
            *slot = v;
        }
    }
}

/// A DML's found rows, each built in a spare row vector when there is one.
pub(crate) struct RecycledRows<'a> {
    pub rows: &'a mut Vec<Vec<Value>>,
    pub spare: &'a mut Vec<Vec<Value>>,
}

impl crate::catalog::RowSink for RecycledRows<'_> {
    fn take_row(&mut self, row: &mut Vec<Value>) {
        let next = self.spare.pop().unwrap_or_default();
        self.rows.push(std::mem::replace(row, next));
    }
}

/// Static SQL as the PL/SQL compiler hands it to the SQL engine.
#[derive(Debug)]
pub(crate) struct StaticSql {
    /// The normalized text (upper case, no INTO, variables as `:Bn`).
    pub text: String,
    /// The variable read by each of the cursor's binds, in bind order.
    pub binds: Vec<String>,
    /// The query's column names (a cursor FOR loop's record fields).
    pub columns: Vec<String>,
}

/// How deep stored program calls may nest (the lab's guard against
/// runaway recursion).
pub(crate) const MAX_CALL_DEPTH: u32 = 64;

/// How much native stack a chain of PL/SQL calls may take, in levels: a
/// call is [`CALL_NEST`] levels, a loop or IF body [`BODY_NEST`], an
/// expression level around a call (`f(n - 1) + 0 + ...`, `abs(abs(f(n)))`)
/// one. Each program's own trees are bounded by the parser, but a call
/// repeats them: 64 calls of a function returning `f(n - 1)` with 100
/// `+ 0` after it, or sitting in 45 nested IFs, overflowed the wasm
/// engine's stack (V8's, about 1 MB on a thread's default). A level costs
/// about 160 bytes of that stack (measured with `node --stack-size`), so
/// the chain stays under about 240 KB; with the deepest statement the
/// parser lets the last call run (1,024 tables and a 1,000-level
/// expression, about 420 KB) the engine needs about 740 KB.
pub(crate) const MAX_PLSQL_NEST: u32 = 1500;
/// Levels charged for a stored program call or a dynamic PL/SQL block
/// (`EXECUTE IMMEDIATE 'begin ... end;'`).
pub(crate) const CALL_NEST: u32 = 8;
/// Levels charged for a loop, IF branch or cursor FOR loop body.
pub(crate) const BODY_NEST: u32 = 3;

/// What a PL/SQL statement sequence ended with.
pub(crate) enum Flow {
    Next,
    /// `EXIT`: leave the innermost loop.
    Exit,
    /// `RETURN [value]`: leave the program.
    Return(Option<Value>),
}

/// One runstats snapshot: every statistic and latch, and the clocks.
#[derive(Debug, Clone, Default)]
pub(crate) struct RunstatsMark {
    pub(crate) values: Vec<(String, i64)>,
    pub(crate) cpu_cs: i64,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Runstats {
    pub(crate) start: Option<RunstatsMark>,
    pub(crate) middle: Option<RunstatsMark>,
    pub(crate) run1_cpu: i64,
}

/// How the script ends at EXIT or at an error under WHENEVER SQLERROR EXIT.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ExitSpec {
    /// ROLLBACK instead of SQL*Plus's default COMMIT.
    pub rollback: bool,
}

/// SQL*Plus's substitution variables and the settings around them.
#[derive(Debug, Clone)]
pub(crate) struct Vars {
    /// DEFINE name = value, by upper-case name.
    pub defines: BTreeMap<String, String>,
    /// SET DEFINE's prefix (None: OFF).
    pub define_char: Option<char>,
    /// SET ESCAPE's character (None: OFF).
    pub escape_char: Option<char>,
    /// SET CONCAT's character, which ends a name and is dropped (None: OFF).
    pub concat_char: Option<char>,
    pub verify: bool,
    /// WHENEVER SQLERROR EXIT.
    pub whenever_sqlerror: Option<ExitSpec>,
    /// COLUMN name NEW_VALUE variable, by upper-case column name.
    pub new_values: BTreeMap<String, String>,
    /// EXIT or QUIT ran: nothing later in the script runs.
    pub exited: bool,
}

impl Default for Vars {
    fn default() -> Self {
        Vars {
            defines: BTreeMap::new(),
            define_char: Some('&'),
            escape_char: None,
            concat_char: Some('.'),
            verify: true,
            whenever_sqlerror: None,
            new_values: BTreeMap::new(),
            exited: false,
        }
    }
}

/// The cursors the thin driver has closed and not yet told the server of
/// (SQLcl's close-cursors piggyback, session/sqlcl.rs).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct ThinCloses {
    /// Queued, to ride in front of SQLcl's next call.
    pub pending: u64,
    /// Sent so far (a running count the snapshots compare).
    pub sent: u64,
}

/// PL/SQL's implicit cursor `SQL%`: what the last SQL statement run from
/// PL/SQL left in its attributes (session/plsql/implicit.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SqlCursor {
    /// No SQL statement yet: the attributes are NULL.
    None,
    /// Rows the statement processed (its `%ROWCOUNT`), whether any
    /// (`%FOUND`).
    Done(u64, bool),
    /// A statement whose effect on the attributes the lab does not know
    /// (COMMIT, ROLLBACK, dynamic SQL other than a query or INSERT):
    /// reading them is refused.
    Unknown,
}
