//! Parts of a table's entry: the columns its hard parses compared
//! (COL_USAGE$), its TRUNCATE / direct-path load attributes, a global
//! temporary table's state, its foreign keys and CHECK constraints.

/// SYS.COL_USAGE$ for one table: the columns a hard parse found compared
/// with a literal or a bind (equality, range, IN, LIKE, IS NULL).
#[derive(Debug, Clone, Default)]
pub struct ColUsage(std::cell::RefCell<Vec<bool>>);

impl ColUsage {
    pub fn note(&self, col: usize) {
        let mut v = self.0.borrow_mut();
        if v.len() <= col {
            v.resize(col + 1, false);
        }
        v[col] = true;
    }

    /// Column `col` dropped: the later columns move down one.
    pub fn remove(&self, col: usize) {
        let mut v = self.0.borrow_mut();
        if col < v.len() {
            v.remove(col);
        }
    }

    pub fn used(&self, col: usize) -> bool {
        self.0.borrow().get(col).copied().unwrap_or(false)
    }
}

/// A table's attributes for TRUNCATE and direct-path loads.
#[derive(Debug, Clone, Default)]
pub struct TableLoad {
    /// DATA_OBJECT_ID since the last TRUNCATE (None: the OBJECT_ID).
    pub data_id: Option<u32>,
    /// `NOLOGGING`: a direct-path load logs only its space changes.
    pub nologging: bool,
    /// Blocks kept allocated by `TRUNCATE ... REUSE STORAGE`.
    pub kept_blocks: u64,
    /// The session whose open transaction loaded the table by direct path
    /// (ORA-12838 for it until it commits).
    pub direct_loader: Option<u32>,
    /// The space figures only ANALYZE fills (USER_TABLES); None before.
    pub space: Option<AnalyzedSpace>,
    /// The statistics are ANALYZE's (GLOBAL_STATS NO), not DBMS_STATS'.
    pub by_analyze: bool,
    /// `ENABLE ROW MOVEMENT`: an UPDATE may move a row to another partition.
    pub row_movement: bool,
    /// A SHRINK SPACE moved rows into earlier blocks: the heap's rows are no
    /// longer in block order, so a full scan reads them sorted by block.
    pub reordered: bool,
}

/// USER_TABLES' EMPTY_BLOCKS, AVG_SPACE and CHAIN_CNT, as ANALYZE left them.
#[derive(Debug, Clone, Copy, Default)]
pub struct AnalyzedSpace {
    pub empty_blocks: u64,
    pub avg_space: u64,
    pub chain_cnt: u64,
}

/// A global temporary table's state.
#[derive(Debug, Clone, Copy)]
pub struct TempTable {
    pub on_commit: lio_sql::ast::OnCommit,
    /// The session whose rows the segment holds (None: no session's).
    pub holder: Option<u32>,
}

/// A UNIQUE constraint: its name, columns and the unique index that
/// enforces it. A foreign key may reference it (ORA-02270 for a column
/// list that only a plain unique index covers).
#[derive(Debug, Clone)]
pub struct UniqueKey {
    pub name: String,
    /// Its number in the constraint sequence.
    pub con: u32,
    pub cols: Vec<usize>,
    /// The enforcing index (an `IndexId`).
    pub index: usize,
}

/// A foreign key: the child's columns in the order of the parent key's
/// index, which every check probes.
#[derive(Debug, Clone)]
pub struct ForeignKey {
    pub name: String,
    /// Its number in the constraint sequence.
    pub con: u32,
    /// The parent table (a `TableId`).
    pub parent: usize,
    /// The parent key's index (an `IndexId`).
    pub index: usize,
    /// For each column of the parent's index, the child's column.
    pub key_cols: Vec<usize>,
    /// `ON DELETE CASCADE | SET NULL` (None: NO ACTION).
    pub on_delete: Option<lio_sql::ast::DeleteRule>,
    /// False when added ENABLE NOVALIDATE (the rows there were not checked).
    pub validated: bool,
}

/// A CHECK constraint: its condition (compiled against the table's
/// columns by each statement that checks it), the condition's text as
/// written, the columns it reads, and its state.
#[derive(Debug, Clone)]
pub struct CheckConstraint {
    pub name: ConName,
    pub expr: lio_sql::ast::Expr,
    pub text: String,
    pub cols: Vec<usize>,
    /// ENABLED (checked by INSERT and UPDATE) or DISABLED.
    pub enabled: bool,
    /// VALIDATED: every row was checked when it was enabled.
    pub validated: bool,
}

/// A constraint's number in the one sequence every constraint of the
/// schema takes (Oracle's CON$; a named constraint takes one too) and its
/// name: the one given, or Oracle's generated `SYS_C` and the number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConName {
    pub con: u32,
    pub name: String,
}

/// The lab's first constraint is SYS_C0010001 (the number of a fresh
/// database's first user constraint is the database's; the lab's start
/// is its choice).
pub const FIRST_CONSTRAINT: u32 = 10_000;

impl ConName {
    /// The generated name of constraint number `con`.
    pub fn generated_name(con: u32) -> String {
        format!("SYS_C{:07}", FIRST_CONSTRAINT + con)
    }

    /// The next constraint of the sequence `count` counts: its number, and
    /// `name` or the generated one.
    pub fn next(count: &mut u32, name: Option<&str>) -> ConName {
        *count += 1;
        let con = *count;
        ConName { con, name: name.map_or_else(|| Self::generated_name(con), str::to_string) }
    }

    /// USER_CONSTRAINTS.GENERATED: the name is the sequence's.
    pub fn generated(&self) -> bool {
        self.name == Self::generated_name(self.con)
    }
}
