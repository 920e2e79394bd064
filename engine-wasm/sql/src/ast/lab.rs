//! `LAB` commands: runs, sweeps, sessions, profiles.

use super::*;

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
#[derive(Debug, Clone, PartialEq)]
pub enum SweepStep {
    /// Ten points evenly spread (no STEP or FACTOR given).
    Even,
    Step(f64),
    Factor(f64),
    /// `LAB SWEEP VERSION IN (10g, 11.2.0.1, 19c)`: the releases as
    /// written, the points numbered 1 to n.
    Versions(Vec<String>),
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
        match &self.step {
            SweepStep::Versions(list) => {
                if list.len() > MAX_SWEEP_POINTS {
                    return Err(list.len());
                }
                return Ok((1..=list.len()).map(|i| i as f64).collect());
            }
            SweepStep::Even => {
                let n = 10;
                for i in 0..n {
                    v.push(a + (b - a) * i as f64 / (n - 1) as f64);
                }
            }
            &SweepStep::Step(s) => {
                let count = ((b - a) / s).floor() as usize + 1;
                if count > MAX_SWEEP_POINTS {
                    return Err(count);
                }
                for i in 0..count {
                    v.push(a + s * i as f64);
                }
            }
            &SweepStep::Factor(f) => {
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
        "Simulate that release (10g, 11.1, 11.2.0.1, 11.2.0.2, 18c, 19c); the SGA is rebuilt. The release also sets ALL_OBJECTS/DBA_OBJECTS: its columns (13, 15 from 11.2, 26 from 12.2) and the database's own objects (50,000 in 10g to 91,465 in 18c and 19c, generated when read).",
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
        "LAB SWEEP <parameter or DDL option> FROM a TO b [STEP s | FACTOR f] RUN '<sql>' [LAB RUN options] | LAB SWEEP VERSION IN (release, ...) RUN '<sql>' ...",
        "Replay the scenario so far on a fresh instance at each value (at most 50) and measure the workload: HASHKEYS, PCTFREE ... (DDL options), FETCHSIZE, BATCH, ARRAYSIZE, or a LAB SET parameter; VERSION IN (10g, 11.2.0.1, 19c) runs it under each release and tabulates the statistics that move.",
    ),
    ("HELP", "LAB HELP [command]", "Print this reference, or one command's."),
    (
        "SQL",
        "LAB HELP SQL",
        "Beyond the basic SELECT/DML/DDL (docs/SQL.md has the whole subset): WITH query names (inlined, merged or a VIEW; Oracle's materialized SYS_TEMP_ tables are not modelled), recursive WITH (11.2+; anchor UNION ALL member, SEARCH DEPTH|BREADTH FIRST BY ... SET, CYCLE ... SET ... TO ... DEFAULT; UNION ALL (RECURSIVE WITH) over RECURSIVE WITH PUMP, the member rerun per iteration; ORA-32044 on a cycle without CYCLE), GROUP BY ROLLUP and CUBE (SORT GROUP BY ROLLUP; GENERATE CUBE between two SORT GROUP BYs) with GROUPING, GROUPING_ID and GROUP_ID (GROUPING SETS when its sets form a chain; others refused), JOIN ... USING (ORA-25154 for a qualified USING column), CONNECT BY LEVEL <= n or n >= LEVEL (or ROWNUM) on DUAL, hierarchical queries on one table or view (START WITH, CONNECT BY [NOCYCLE] PRIOR, LEVEL, CONNECT_BY_ROOT, SYS_CONNECT_BY_PATH, CONNECT_BY_ISLEAF, CONNECT_BY_ISCYCLE, ORDER SIBLINGS BY; CONNECT BY NO FILTERING WITH START-WITH, the table read once), UNION, INTERSECT and MINUS (left to right; SORT UNIQUE, INTERSECTION, MINUS; 21c's EXCEPT, MINUS ALL and INTERSECT ALL refused as 19c does), COUNT/SUM/AVG(DISTINCT x) (SORT AGGREGATE or SORT GROUP BY; 11.2's VW_DAG_0 transformation not modelled), scalar subqueries in the select list and WHERE clause (cached per distinct correlation value, 1,024 entries), quantified comparisons x op ANY | SOME | ALL (subquery or list) (a list expanded into OR / AND; = ANY is IN, <> ALL NOT IN; a subquery a FILTER over [NOT] EXISTS with the comparison pushed into it, LNNVL under NOT; ALL over no rows TRUE, ANY FALSE), OFFSET m ROWS FETCH FIRST n [PERCENT] ROWS ONLY | WITH TIES (12.1+), STDDEV, VARIANCE, MEDIAN and their _SAMP/_POP forms, the hypothetical-set aggregates RANK, DENSE_RANK, CUME_DIST and PERCENT_RANK (literal, ...) WITHIN GROUP (ORDER BY ...) (SORT AGGREGATE or SORT GROUP BY), prefix-compressed indexes (CREATE INDEX ... COMPRESS [n], ALTER INDEX ... REBUILD [NO]COMPRESS [n]: each leaf holds a distinct prefix once, so fewer leaf blocks; USER_INDEXES COMPRESSION and PREFIX_LENGTH), SQL*Plus DESCRIBE (SQL*Plus's layout at LINESIZE 80). TRUNCATE TABLE [DROP | REUSE STORAGE] (the high water mark reset, a new DATA_OBJECT_ID, no undo or redo per row); ANALYZE TABLE | INDEX ... COMPUTE | ESTIMATE (a sample of half the rows or more) | DELETE STATISTICS | VALIDATE STRUCTURE (INDEX_STATS, refused after deletes); INSERT /*+ APPEND */ ... SELECT and APPEND_VALUES (11.2+) by direct path (above the high water mark, direct path write, no undo or redo for the rows in the NOARCHIVELOG lab, ORA-12838 until COMMIT); EXPLAIN PLAN FOR CREATE TABLE ... AS SELECT and INSERT ... SELECT (LOAD AS SELECT, LOAD TABLE CONVENTIONAL from 11.2). ALTER TABLE t ADD (c type [DEFAULT x] [NOT NULL], ...), MODIFY (c [type] [DEFAULT x] [NULL | NOT NULL]), DROP COLUMN c | DROP (c, ...) with the release's mechanism (DEFAULT ... NOT NULL a dictionary change from 11g, any DEFAULT from 12c, else an update of every row; DROP COLUMN rewrites every row; 11g MODIFY NULL of a fast-added column writes the default into the old rows); column DEFAULTs fill the columns an INSERT does not name; SET UNUSED refused. CREATE GLOBAL TEMPORARY TABLE ... [ON COMMIT DELETE | PRESERVE ROWS] (also AS SELECT): the segment is created in the temporary tablespace by the session's first insert, the rows are emptied when the transaction ends (DELETE ROWS: commit, rollback, DDL) or kept (PRESERVE ROWS); DML writes undo and the undo's redo but no redo for the rows; indexes on them; USER_TABLES TEMPORARY 'Y' and DURATION SYS$TRANSACTION | SYS$SESSION; not in USER_SEGMENTS; ORA-14450 / ORA-14452 for DDL while rows are held, ORA-14451 for partitions; 12c+ GATHER_TABLE_STATS of one gathers the session's own statistics without committing (USER_TABLES shows none); while one session holds rows another naming the table is refused. Foreign keys: col REFERENCES t [(c)] and [CONSTRAINT n] FOREIGN KEY (cols) REFERENCES t [(cols)] in CREATE TABLE and ALTER TABLE ADD CONSTRAINT; an INSERT's rows are checked at its end by a probe of the parent key's index (its gets counted), ORA-02291; a DELETE of a referenced parent ORA-02292 (the child's index on the key probed, or the child scanned); ORA-02270, ORA-02256, ORA-02298, ORA-02449; ON DELETE CASCADE | SET NULL (a recursive DELETE or UPDATE per parent row: the child's index leading on the key range scanned, or the child scanned whole, each time); ENABLE NOVALIDATE; UPDATE of key columns refused; the parent key is the primary key or a UNIQUE constraint (a plain unique index: ORA-02270). CHECK constraints inline or out of line, in CREATE TABLE and ALTER TABLE ADD [CONSTRAINT n] CHECK (...), checked on INSERT and UPDATE (ORA-02290; NULL passes), ENABLE [VALIDATE | NOVALIDATE] (ORA-02293) and DISABLE; ALTER TABLE ENABLE | DISABLE | MODIFY | DROP CONSTRAINT; constraint names one namespace (ORA-02264; a key's name is its index's: ORA-00955). FROM t SAMPLE [BLOCK] (p) [SEED (n)] on a heap table: TABLE ACCESS SAMPLE (a row sample reads every block, a block sample about p% of them) or INDEX SAMPLE FAST FULL SCAN, E-Rows NUM_ROWS*p/100, the same rows at each execution with SEED, ORA-30562. INTERVAL literals (YEAR TO MONTH, DAY TO SECOND and their single fields), NUMTODSINTERVAL and NUMTOYMINTERVAL added to or subtracted from a DATE (ORA-01839, ORA-01867, ORA-01873, ORA-30081; no INTERVAL or TIMESTAMP values otherwise). CAST(x AS VARCHAR2(n) | CHAR(n) | NUMBER(p,s) | DATE) with ORA-25137, ORA-01722, ORA-01438, ORA-00932. USER_CONSTRAINTS and USER_CONS_COLUMNS (and their ALL_/DBA_ forms): P, U, R and C constraints, a NOT NULL column being a C constraint with SEARCH_CONDITION \"X\" IS NOT NULL; every constraint, named or not, takes the next number of one sequence, an unnamed one is SYS_C and its number, NOT NULL constraints numbered first in CREATE TABLE; a CHECK constraint's SEARCH_CONDITION as written; DELETE_RULE. CREATE TABLE AS SELECT copies a selected column's type and NOT NULL; DESCRIBE of such a table when each column's type is derived (a column, ROWNUM, LEVEL, a CAST, NUMBER or DATE from an expression's values), else refused naming the column. FETCH FIRST over GROUP BY, DISTINCT or aggregates and an INTERVAL column or value refused (LAB-00001). Analytic functions (ROW_NUMBER, RANK, DENSE_RANK, LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTILE, RATIO_TO_REPORT, SUM/COUNT/AVG/MIN/MAX OVER (PARTITION BY ... ORDER BY ... ROWS|RANGE ...)): WINDOW SORT, WINDOW BUFFER, WINDOW NOSORT, WINDOW SORT PUSHED RANK under a top-n view (filter(\"RN\"<=n) on its VIEW line); over GROUP BY (RANK() OVER (ORDER BY SUM(x)): WINDOW SORT over HASH GROUP BY, WINDOW BUFFER over SORT GROUP BY when the window's keys are GROUP BY keys) and DISTINCT. Sequences: CREATE, ALTER and DROP SEQUENCE, s.NEXTVAL and s.CURRVAL in a top-level select list, VALUES, INSERT ... SELECT, an UPDATE's SET list and PL/SQL (a SEQUENCE plan line; each load of the cache a recursive update of SEQ$; USER_SEQUENCES).",
    ),
];
