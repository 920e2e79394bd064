//! Cursors right or refused (issue 28): a cursor's identity is its SQL
//! text and environment, never where the statement sits; DDL invalidates
//! only the cursors that depend on the object changed; the optimizer runs
//! the cheapest plan it costed; plan lines print what DBMS_XPLAN prints.

mod common;
use common::*;

fn rows_of(s: &lio_core::StepOut) -> Vec<String> {
    s.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

// ---------------------------------------------------------------- 1

/// Tom Kyte's habit: the second block is the first with one table name
/// changed, so their SELECT ... INTO sit at the same column.
#[test]
fn a_block_runs_its_own_static_sql_not_the_one_at_the_same_position() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (x number);\n\
         create table t2 (x number);\n\
         insert into t1 values (1);\n\
         insert into t2 values (2);\n\
         insert into t2 values (3);\n\
         commit;",
    ));
    ok(&e.exec("set serveroutput on"));
    let a = e.exec("declare n number; begin select sum(x) into n from t1; dbms_output.put_line(n); end;\n/");
    let b = e.exec("declare n number; begin select sum(x) into n from t2; dbms_output.put_line(n); end;\n/");
    ok(&a);
    ok(&b);
    assert_eq!(a[0].output, ["1"]);
    assert_eq!(b[0].output, ["5"]);
}

/// The same block shape in two scripts: the cursor FOR loop and the
/// INSERT ... SELECT also sit at the same place.
#[test]
fn cursor_for_and_insert_select_are_their_own_text() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (x number);\n\
         create table t2 (x number);\n\
         create table t3 (x number);\n\
         insert into t1 values (1);\n\
         insert into t2 values (2);\n\
         commit;",
    ));
    let a = e.exec("insert into t3 select x from t1;");
    let b = e.exec("insert into t3 select x from t2;");
    ok(&a);
    ok(&b);
    let s = e.exec("select x from t3 order by x;");
    assert_eq!(rows_of(&s[0]), ["1", "2"]);
    let s = e.exec(
        "set serveroutput on\n\
         begin for r in (select x from t1) loop dbms_output.put_line(r.x); end loop; end;\n/",
    );
    assert_eq!(s[1].output, ["1"]);
    let s = e.exec(
        "set serveroutput on\n\
         begin for r in (select x from t2) loop dbms_output.put_line(r.x); end loop; end;\n/",
    );
    assert_eq!(s[1].output, ["2"]);
}

/// PL/SQL variables bind by name: an INSERT ... SELECT in a block reads
/// the variable it names, not the block's first variable.
#[test]
fn insert_select_in_a_block_binds_its_variables_by_name() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (x number);"));
    ok(&e.exec("declare a number := 1; b number := 2; begin insert into t select b from dual; commit; end;\n/"));
    let s = e.exec("select x from t;");
    assert_eq!(rows_of(&s[0]), ["2"]);
}

/// V$SQL shows static SQL as the PL/SQL compiler hands it over:
/// upper case, no INTO, variables as :B1, :B2 (one cursor for blocks that
/// differ only in their variables' names).
/// <https://www.orafaq.com/forum/t/204255/>
#[test]
fn static_sql_is_normalized_text_in_v_sql() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (emp_id number, emp_salary number);\ninsert into t1 values (1, 10);\ncommit;"));
    ok(&e.exec(
        "declare v_max number; v_id number := 5; begin\n  select max(emp_salary)\n    into v_max from T1 where emp_id < v_id;\nend;\n/\n\
         declare m number; p number := 5; begin select max(emp_salary) into m from t1 where emp_id < p; end;\n/",
    ));
    let s = e.exec("select sql_text, executions, loads from v$sql where sql_text like 'SELECT MAX%';");
    ok(&s);
    assert_eq!(rows_of(&s[0]), ["SELECT MAX(EMP_SALARY) FROM T1 WHERE EMP_ID < :B1,2,1"]);
}

// ---------------------------------------------------------------- 2

fn t1_engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (id number, v number);\n\
         insert into t1 select level, level from dual connect by level <= 100;\n\
         commit;\n\
         create index t1_i on t1 (id);\n\
         exec dbms_stats.gather_table_stats(user, 'T1', no_invalidate => false)\n\
         select v from t1 where id = 7;",
    ));
    e
}

fn hard_parses_of_t1_query(e: &mut lio_core::Engine) -> u64 {
    let s = e.exec("select v from t1 where id = 7;");
    ok(&s);
    stat(&s[0], "parse count (hard)")
}

#[test]
fn unrelated_ddl_leaves_other_cursors_valid() {
    let mut e = t1_engine();
    assert_eq!(hard_parses_of_t1_query(&mut e), 0);
    ok(&e.exec("create table t2 (x number);\ncreate index t2_i on t2 (x);\nalter table t2 pctfree 20;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "DDL on T2 invalidated a cursor on T1");
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T2', no_invalidate => false)"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "statistics on T2 invalidated a cursor on T1");
    ok(&e.exec("drop table t2;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0);
    // DDL on T1 itself (an index belongs to its table) invalidates it.
    ok(&e.exec("create index t1_v on t1 (v);"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 1);
    assert_eq!(hard_parses_of_t1_query(&mut e), 0);
    let s = e
        .exec("select loads, invalidations, child_number from v$sql where sql_text = 'select v from t1 where id = 7';");
    ok(&s);
    // Built after the gather, loaded again after CREATE INDEX.
    assert_eq!(rows_of(&s[0]), ["2,1,0"]);
}

/// DBMS_STATS's NO_INVALIDATE: AUTO_INVALIDATE (the default) keeps the
/// dependent cursors until `_optimizer_invalidation_period` (18,000 s)
/// has passed, FALSE invalidates them at once, TRUE never.
#[test]
fn gathering_statistics_invalidates_as_no_invalidate_says() {
    let mut e = t1_engine();
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T1')"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "AUTO_INVALIDATE invalidated at once");
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T1', no_invalidate => dbms_stats.auto_invalidate)"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0);
    ok(&e.exec("exec dbms_session.sleep(17000)"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "rolled over before the window ended");
    ok(&e.exec("exec dbms_session.sleep(1001)"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 1, "the window passed: a new child");
    assert_eq!(hard_parses_of_t1_query(&mut e), 0);
    let s = e.exec(
        "select child_number, loads from v$sql where sql_text = 'select v from t1 where id = 7' order by child_number;",
    );
    assert_eq!(rows_of(&s[0]), ["0,1", "1,1"]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T1', no_invalidate => true)"));
    ok(&e.exec("exec dbms_session.sleep(20000)"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "NO_INVALIDATE => TRUE invalidated");
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T1', no_invalidate => false)"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 1, "NO_INVALIDATE => FALSE kept the cursor");
}

/// An optimizer parameter is part of a cursor's identity: a change builds
/// another child (a hard parse), going back shares the earlier one again (a
/// soft parse), and a change that leaves the environment as it was
/// invalidates nothing.
#[test]
fn optimizer_environment_makes_children_not_invalidations() {
    let mut e = t1_engine();
    ok(&e.exec("alter session set db_file_multiblock_read_count = 64;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 1, "new environment, new child");
    assert_eq!(hard_parses_of_t1_query(&mut e), 0);
    // Issue 31: setting the parameter at all changes the environment: set,
    // the optimizer costs full scans with its value (128 here), unset with
    // `_db_file_optimizer_read_count` 8 (Oracle Reference,
    // DB_FILE_MULTIBLOCK_READ_COUNT: the optimizer favours large reads
    // "only if you explicitly set this parameter"). So 128 set is another
    // child, and going back to 64 shares child 1 again.
    ok(&e.exec("alter session set db_file_multiblock_read_count = 128;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 1, "128 set is not the unset default");
    ok(&e.exec("alter session set db_file_multiblock_read_count = 64;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "the earlier child is shared again");
    ok(&e.exec("alter session set db_file_multiblock_read_count = 64;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "an unchanged environment hard parsed");
    ok(&e.exec("alter session set sql_trace = true;\nalter session set sql_trace = false;"));
    assert_eq!(hard_parses_of_t1_query(&mut e), 0, "SQL_TRACE is not in the optimizer environment");
    let s = e.exec("select child_number from v$sql where sql_text = 'select v from t1 where id = 7' order by 1;");
    assert_eq!(rows_of(&s[0]), ["0", "1", "2"]);
}

// ---------------------------------------------------------------- 3

fn plan_of(e: &mut lio_core::Engine, sql: &str) -> Vec<lio_core::result::PlanLineOut> {
    let s = e.exec(&format!("set autotrace traceonly explain\n{sql}\nset autotrace off"));
    ok(&s);
    s[1].plan.clone()
}

fn ops(plan: &[lio_core::result::PlanLineOut]) -> Vec<String> {
    plan.iter().map(|l| format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string()).collect()
}

/// Two values over 10,000 rows: the index range scan costs 5,013, the
/// full scan 26. The optimizer runs the cheaper one; the hint still forces
/// the index, at the cost it printed.
#[test]
fn the_optimizer_runs_the_cheapest_plan_it_costed() {
    let mut e = quiet_engine();
    ok(&e.exec(STATUS_TABLE));
    let free = plan_of(&mut e, "select * from t where status = 'OPEN';");
    let forced = plan_of(&mut e, "select /*+ index(t t_status) */ * from t where status = 'OPEN';");
    assert_eq!(ops(&free), ["SELECT STATEMENT", "TABLE ACCESS FULL T"]);
    assert_eq!(
        ops(&forced),
        ["SELECT STATEMENT", "TABLE ACCESS BY INDEX ROWID BATCHED T", "INDEX RANGE SCAN T_STATUS"]
    );
    assert!(free[0].cost < forced[0].cost, "chose {} over {}", free[0].cost, forced[0].cost);
}

// ---------------------------------------------------------------- 4

fn xplan(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let s = e.exec(&format!("explain plan for {sql}\nselect * from table(dbms_xplan.display);"));
    ok(&s);
    rows_of(&s[1])
}

/// DBMS_XPLAN leaves columns blank: SORT AGGREGATE has Rows and Bytes but
/// no Cost or Time, COUNT STOPKEY and FILTER no estimate at all. E.g.
/// <http://stelliosdba.blogspot.com/2012/02/since-oracle-10g-there-is-quicker-way.html>
/// for the plan layout, and Oracle's plans of `count(*)` and ROWNUM queries.
#[test]
fn plan_lines_leave_blank_what_dbms_xplan_leaves_blank() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v varchar2(10));\n\
         insert into t select level, 'x' from dual connect by level <= 100;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user,'T')",
    ));
    let p = xplan(&mut e, "select max(v) from t;");
    let agg = p.iter().find(|l| l.contains("SORT AGGREGATE")).expect("a SORT AGGREGATE line");
    let cells: Vec<&str> = agg.split('|').map(str::trim).collect();
    // | Id | Operation | Name | Rows | Bytes | Cost (%CPU) | Time |
    assert_eq!(cells[4], "1", "{agg}");
    assert!(!cells[5].is_empty(), "Bytes shown: {agg}");
    assert_eq!((cells[6], cells[7]), ("", ""), "{agg}");
    let p = xplan(&mut e, "select * from t where rownum <= 3;");
    let stop = p.iter().find(|l| l.contains("COUNT STOPKEY")).expect("a COUNT STOPKEY line");
    let cells: Vec<&str> = stop.split('|').map(str::trim).collect();
    assert_eq!(&cells[3..8], ["", "", "", "", ""], "{stop}");
}
