//! Plans and set-ups the optimizer tests share.
use super::ok;
use lio_core::result::PlanLineOut;
use lio_core::Engine;

/// A statement's plan, from AUTOTRACE TRACEONLY EXPLAIN.
pub fn plan_of(e: &mut Engine, sql: &str) -> Vec<PlanLineOut> {
    let s = e.exec(&format!("set autotrace traceonly explain\n{sql}\nset autotrace off"));
    ok(&s);
    s[1].plan.clone()
}

/// (operation name, E-Rows, Cost) per line.
pub fn lines(plan: &[PlanLineOut]) -> Vec<(String, u64, u64)> {
    plan.iter()
        .map(|l| {
            let op = format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string();
            (op, l.e_rows, l.cost)
        })
        .collect()
}

/// "OPERATION OPTIONS NAME" of each plan line of a step.
pub fn op_names(s: &lio_core::StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| format!("{} {}", l.operation, l.name.as_deref().unwrap_or("")).trim_end().to_string())
        .collect()
}

/// The first row's values joined by commas (strings unquoted).
pub fn scalar(e: &mut Engine, sql: &str) -> String {
    let s = e.exec(sql);
    ok(&s);
    s[0].rows[0].iter().map(|v| v.to_string().trim_matches('"').to_string()).collect::<Vec<_>>().join(",")
}

/// A trainer's first lesson: 10,000 rows, STATUS with two values (OPEN on
/// even ids, CLOSED on odd), an index on it, statistics gathered.
pub const STATUS_TABLE: &str = "create table t (id number, status varchar2(10), pad varchar2(20));\n\
         insert into t select level, case when mod(level, 2) = 0 then 'OPEN' else 'CLOSED' end, 'x' from dual connect by level <= 10000;\n\
         commit;\n\
         create index t_status on t (status);\n\
         exec dbms_stats.gather_table_stats(user,'T')";

/// Geist's seed (11.2.0.1): T1 and T2 of 100,000 ids with 700-byte
/// fillers, T1_IDX unique on T1, statistics gathered.
pub const GEIST_TABLES: &str = "LAB VERSION 11.2.0.1;\n\
         create table t1 (id number not null, filler varchar2(700));\n\
         create table t2 (id number not null, filler varchar2(700));\n\
         insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 100000;\n\
         insert into t2 select rownum, rpad('y', 700) from dual connect by level <= 100000;\n\
         commit;\n\
         create unique index t1_idx on t1 (id);\n\
         exec dbms_stats.gather_table_stats(user, 'T1')\n\
         exec dbms_stats.gather_table_stats(user, 'T2')";
