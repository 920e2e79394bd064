//! Every MemOptimized RowStore condition the engine can observe
//! (ORACLE-MODEL section 1) has its effect: DDL errors, and silent
//! fallbacks to the conventional path.

mod common;

use common::stat;
use lio_core::{Engine, EngineConfig, StepOut};

const POOL: &str = "alter system set memoptimize_pool_size = 100M scope=spfile;\nshutdown immediate\nstartup\n";

fn run(script: &str) -> Vec<StepOut> {
    Engine::new(EngineConfig { trace: false, ..Default::default() }).exec(&format!("{POOL}{script}"))
}

fn err(steps: &[StepOut], i: usize) -> String {
    steps[i].error.as_ref().map(|e| e.code.clone()).unwrap_or_default()
}

#[test]
fn ddl_conditions_raise_oracles_errors() {
    let s = run("create table a (k number, v varchar2(10)) segment creation immediate memoptimize for read;");
    assert_eq!(err(&s, 3), "ORA-62142", "no primary key");
    let s = run("create table a (k number, constraint a_pk primary key (k) deferrable) segment creation immediate memoptimize for read;");
    assert_eq!(err(&s, 3), "ORA-62142", "deferrable primary key");
    let s = run("create table a (k number primary key, v varchar2(10)) memoptimize for read;");
    assert_eq!(err(&s, 3), "ORA-62156", "deferred segment creation");
    let s =
        run("create table a (k number primary key, v varchar2(10)) segment creation deferred memoptimize for read;");
    assert_eq!(err(&s, 3), "ORA-62156");
    let s = run("create table a (k number primary key, v varchar2(10)) segment creation immediate compress memoptimize for read;");
    assert_eq!(err(&s, 3), "ORA-62141", "compression");
    // Positions point into the script.
    let e = s[3].error.as_ref().unwrap();
    assert_eq!((e.line, e.column), (4, 14));
    // ALTER TABLE applies the same checks.
    let s = run(
        "create table a (k number, v varchar2(10)) segment creation immediate;\nalter table a memoptimize for read;",
    );
    assert_eq!(err(&s, 4), "ORA-62142");
}

const T: &str = "create table t (k number not null, v varchar2(20), constraint t_pk primary key (k)) segment creation immediate memoptimize for read;
insert into t select rownum, 'v' || rownum from dual connect by level <= 1000;
commit;
";

fn lookup_after(extra: &str, query: &str) -> StepOut {
    let steps = run(&format!("{T}exec dbms_memoptimize.populate(user, 'T')\n{extra}\n{query}"));
    for s in &steps {
        assert!(s.error.is_none(), "`{}`: {:?}", s.statement, s.error);
    }
    steps.last().unwrap().clone()
}

#[test]
fn the_fast_path_answers_without_a_get() {
    let s = lookup_after("", "select v from t where k = 42;");
    assert_eq!(s.rows, vec![vec![serde_json::json!("v42")]]);
    assert_eq!(stat(&s, "memopt r hits"), 1);
    assert_eq!(stat(&s, "consistent gets"), 0);
    assert!(s.plan.iter().any(|l| l.operation == "TABLE ACCESS BY INDEX ROWID READ OPTIM"));
}

#[test]
fn a_changed_row_leaves_the_hash_index_until_populated_again() {
    let s = lookup_after("update t set v = 'new' where k = 42;\ncommit;", "select v from t where k = 42;");
    assert_eq!(s.rows, vec![vec![serde_json::json!("new")]]);
    assert_eq!(stat(&s, "memopt r misses"), 1);
    assert_eq!(stat(&s, "consistent gets"), 3);
    // Other rows are still served from the pool.
    let s = lookup_after("update t set v = 'new' where k = 42;\ncommit;", "select v from t where k = 43;");
    assert_eq!(stat(&s, "memopt r hits"), 1);
    let s = lookup_after(
        "update t set v = 'new' where k = 42;\ncommit;\nexec dbms_memoptimize.populate(user, 'T')",
        "select v from t where k = 42;",
    );
    assert_eq!(s.rows, vec![vec![serde_json::json!("new")]]);
    assert_eq!(stat(&s, "memopt r hits"), 1);
}

#[test]
fn not_populated_misses_and_falls_back() {
    let steps = run(&format!("{T}select v from t where k = 42;"));
    let s = steps.last().unwrap();
    assert_eq!(stat(s, "memopt r lookups"), 1);
    assert_eq!(stat(s, "memopt r misses"), 1);
    assert_eq!(stat(s, "consistent gets"), 3);
}

#[test]
fn other_query_shapes_take_the_conventional_path() {
    for q in ["select v from t where k = 42 and v = 'v42';", "select v from t where k = 42 order by v;"] {
        let s = lookup_after("", q);
        assert_eq!(stat(&s, "memopt r lookups"), 0, "{q}");
        assert!(!s.plan.iter().any(|l| l.operation.contains("READ OPTIM")), "{q}");
        assert!(stat(&s, "consistent gets") >= 3, "{q}");
    }
    // Reading only the key: the index answers alone (no table visit).
    let q = "select count(*) from t where k = 42;";
    let s = lookup_after("", q);
    assert_eq!(stat(&s, "memopt r lookups"), 0, "{q}");
    let ops: Vec<&str> = s.plan.iter().map(|l| l.operation.as_str()).collect();
    assert_eq!(ops, ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX UNIQUE SCAN"], "{q}");
    assert_eq!(stat(&s, "consistent gets"), 2, "{q}: root and leaf");
    assert_eq!(stat(&s, "table fetch by rowid"), 0, "{q}");
}

#[test]
fn statistics_level_all_hint_and_sql_trace_fall_back() {
    for (extra, q) in [
        ("alter session set statistics_level = all;", "select v from t where k = 42;"),
        ("", "select /*+ gather_plan_statistics */ v from t where k = 42;"),
        ("alter session set sql_trace = true;", "select v from t where k = 42;"),
        ("exec dbms_session.set_sql_trace(true)", "select v from t where k = 42;"),
    ] {
        let s = lookup_after(extra, q);
        assert_eq!(stat(&s, "memopt r lookups"), 0, "{extra} {q}");
        assert_eq!(stat(&s, "consistent gets"), 3, "{extra} {q}");
    }
}

#[test]
fn plsql_never_takes_the_fast_path() {
    let s = lookup_after(
        "",
        "declare v varchar2(20); begin select v into v from t where k = 42; execute immediate 'select v from t where k = :1' into v using 43; end;\n/",
    );
    assert_eq!(stat(&s, "memopt r lookups"), 0);
    assert_eq!(stat(&s, "consistent gets"), 6);
}

#[test]
fn a_table_that_does_not_fit_the_pool_is_not_populated() {
    // 100M pool: 75M buffer area = 9,600 blocks. 12,000 blocks do not fit.
    let steps = run(
        "create table big (k number not null, pad varchar2(700), constraint big_pk primary key (k)) segment creation immediate memoptimize for read;
insert into big select rownum, rpad('x', 700) from dual connect by level <= 120000;
exec dbms_memoptimize.populate(user, 'BIG')
select pad from big where k = 7;",
    );
    for s in &steps {
        assert!(s.error.is_none(), "{:?}", s.error);
    }
    let populate = &steps[5];
    assert_eq!(stat(populate, "memopt r populate tasks accepted"), 1);
    assert_eq!(stat(populate, "memopt r rows populated"), 0);
    let q = steps.last().unwrap();
    assert_eq!(stat(q, "memopt r misses"), 1);
    assert_eq!(stat(q, "consistent gets"), 3);
}

#[test]
fn populate_needs_the_pool_and_the_table_attribute() {
    let steps = Engine::new(EngineConfig::default())
        .exec("create table t (k number primary key) segment creation immediate memoptimize for read;\nexec dbms_memoptimize.populate(user, 'T')");
    assert_eq!(err(&steps, 1), "ORA-62137");
    let steps = run("create table u (k number primary key);\nexec dbms_memoptimize.populate(user, 'U')");
    assert_eq!(err(&steps, 4), "ORA-62138");
}

#[test]
fn ctas_creates_and_loads() {
    let steps = run("create table c as select rownum id, rpad('x', 10) pad from dual connect by level <= 500;\nselect count(*) from c;");
    assert!(steps[3].error.is_none(), "{:?}", steps[3].error);
    assert_eq!(steps[3].rows_processed, 500);
    assert_eq!(steps[4].rows, vec![vec![serde_json::json!(500)]]);
}
