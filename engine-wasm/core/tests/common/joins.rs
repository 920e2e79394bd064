//! What the join tests share: a script run in a fresh engine, each plan
//! line's figures, the rows as text, and two one-block tables.
use super::{ok, quiet_engine};
use lio_core::StepOut;

/// Run `sql` in a fresh engine (no event trace); panics on a failed step.
pub fn run(sql: &str) -> Vec<StepOut> {
    let mut e = quiet_engine();
    let steps = e.exec(sql);
    ok(&steps);
    steps
}

/// (operation and name, Starts, A-Rows, Buffers) of each plan line.
pub fn ops(s: &StepOut) -> Vec<(String, u64, u64, u64)> {
    s.plan
        .iter()
        .map(|l| {
            let name = l.name.as_deref().map(|n| format!(" {n}")).unwrap_or_default();
            (format!("{}{name}", l.operation), l.starts, l.a_rows, l.buffers)
        })
        .collect()
}

/// Each row's columns joined by `|`.
pub fn rows(s: &StepOut) -> Vec<String> {
    s.rows.iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("|")).collect()
}

/// T1: 4 rows, n = mod(id, 2); T2: 10 rows, t1_id = mod(id, 5) (t1 ids
/// 1-4 match two T2 rows each, T2 ids 5 and 10 none); each in one block.
pub const SMALL: &str = "create table t1 (id number not null, n number, v varchar2(10));\n\
    create table t2 (id number not null, t1_id number, w varchar2(10));\n\
    insert into t1 select rownum, mod(rownum, 2), 'a' || rownum from dual connect by level <= 4;\n\
    insert into t2 select rownum, mod(rownum, 5), 'b' || rownum from dual connect by level <= 10;\n\
    commit;\n\
    alter session set statistics_level = all;\n";

/// SMALL with a fifth T1 row (id 5, n NULL) that no T2 row joins.
pub fn small_tables() -> String {
    format!("{SMALL}insert into t1 values (5, null, 'a5');\ncommit;\n")
}
