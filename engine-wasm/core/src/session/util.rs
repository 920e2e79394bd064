//! Small helpers the statement families share: a statement's kind, SQL*Plus
//! feedback lines, the memory error, named statistics, rounding, bind
//! inlining, the parse call's counters.

use super::*;

impl Run<'_> {
    /// A parse call opens a cursor: `parse count (total)` and `opened
    /// cursors cumulative` count it whether the session cursor cache has
    /// the statement or not. Published SQLcl blocks show it: two parse
    /// calls, one of them a cache hit, two opens (seed 000's t4 and t3
    /// blocks on 18c; a 19c listing's "2 opened cursors cumulative, 2 parse
    /// count (total), 1 session cursor cache hits"); core/tests/cursors_opened.rs.
    pub(super) fn parse_call(&mut self) {
        self.s.stats.calls.parse_count_total += 1;
        self.s.stats.calls.opened_cursors_cumulative += 1;
    }

    /// A session cursor cache hit: PL/SQL keeps the cursors of its static
    /// SQL open between executions (its cursor cache), so running one again
    /// in a loop or a stored program opens nothing. The lab still counts
    /// the parse call there (Oracle's PL/SQL parses once; MODEL.md).
    pub(super) fn plsql_cursor_kept_open(&mut self) {
        if self.s.plsql_nest > 0 {
            self.s.stats.calls.opened_cursors_cumulative -= 1;
        }
    }
}

pub(crate) fn pool_of(p: &Physical) -> PoolKind {
    match p.buffer_pool {
        Some(BufferPool::Keep) => PoolKind::Keep,
        _ => PoolKind::Default,
    }
}

/// The ITL slots a CREATE TABLE's INITRANS asks of each new heap block
/// (the parser refuses it above 2 where the lab lays out two).
pub(crate) fn initrans_of(p: &Physical) -> u32 {
    p.initrans.map_or(1, |(n, _)| n)
}

pub(crate) fn kind_of(k: &StatementKind) -> &'static str {
    match k {
        StatementKind::Query(_) | StatementKind::SelectForUpdate(_) => "query",
        StatementKind::CreateTable(_)
        | StatementKind::CreateTablespace(_)
        | StatementKind::CreateCluster(_)
        | StatementKind::CreateIndex(_)
        | StatementKind::CreateView(_)
        | StatementKind::Sequence(_)
        | StatementKind::Comment(_)
        | StatementKind::AlterIndex(_)
        | StatementKind::AlterTable(_)
        | StatementKind::Drop(_)
        | StatementKind::Truncate(_)
        | StatementKind::Analyze(_)
        | StatementKind::AlterSystem(_)
        | StatementKind::AlterSystemReset(_)
        | StatementKind::FlushBufferCache
        | StatementKind::FlushSharedPool
        | StatementKind::Checkpoint
        | StatementKind::SwitchLogfile
        | StatementKind::AlterDatabase(_)
        | StatementKind::AlterUser(_)
        | StatementKind::AlterSession(_) => "ddl",
        StatementKind::Insert(_)
        | StatementKind::Update(_)
        | StatementKind::Delete(_)
        | StatementKind::Merge(_)
        | StatementKind::Commit
        | StatementKind::Rollback
        | StatementKind::Savepoint(_)
        | StatementKind::RollbackTo(_) => "dml",
        StatementKind::Plsql(_) => "plsql",
        StatementKind::CreateProgram(_) => "ddl",
        StatementKind::SqlPlus(_) => "sqlplus",
        StatementKind::Lab(_) => "lab",
        StatementKind::ExplainPlan(_) => "dml",
        StatementKind::Xplan(_) | StatementKind::SqlMonitor(_) => "query",
    }
}

/// The kind of a statement that failed to parse, from its first word.
pub(crate) fn kind_of_text(text: &str) -> &'static str {
    let first =
        text.split(|c: char| c.is_whitespace() || c == '(').find(|w| !w.is_empty()).unwrap_or("").to_ascii_uppercase();
    match first.as_str() {
        "SELECT" | "WITH" => "query",
        "INSERT" | "UPDATE" | "DELETE" | "MERGE" | "COMMIT" | "ROLLBACK" => "dml",
        "CREATE" | "ALTER" | "DROP" | "TRUNCATE" | "ANALYZE" | "GRANT" | "REVOKE" => "ddl",
        "BEGIN" | "DECLARE" => "plsql",
        "LAB" => "lab",
        _ => "sqlplus",
    }
}

/// SQL*Plus's feedback for UPDATE and DELETE: `1 row updated.`, `2 rows deleted.`
pub(crate) fn rows_done(n: u64, what: &str) -> String {
    format!("{n} row{} {what}.", if n == 1 { "" } else { "s" })
}

pub(crate) fn rows_created(n: u64) -> String {
    if n == 1 {
        "1 row created.".into()
    } else {
        format!("{n} rows created.")
    }
}

pub(crate) fn named(s: &Snapshot, profile: &VersionProfile) -> BTreeMap<String, u64> {
    s.named(profile).into_iter().map(|(n, v)| (n.to_string(), v)).collect()
}

pub(crate) fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Mean after dropping the fastest and the slowest (3 runs or more).
pub fn trimmed_mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let core = if s.len() >= 3 { &s[1..s.len() - 1] } else { &s[..] };
    core.iter().sum::<f64>() / core.len() as f64
}

/// Inline a bind value as a literal (LAB RUN ... LITERALS).
pub(crate) fn replace_binds(sql: &str, v: i64) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let b = sql.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i] as char;
        if c == '\'' {
            in_str = !in_str;
        }
        if c == ':' && !in_str && i + 1 < b.len() && (b[i + 1].is_ascii_alphanumeric() || b[i + 1] == b'_') {
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push_str(&v.to_string());
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}
