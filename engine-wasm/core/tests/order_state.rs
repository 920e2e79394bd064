//! What a restarted instance keeps and what it does not (issue 28's
//! order/DDL test): after other work, SHUTDOWN IMMEDIATE and STARTUP, a
//! script's figures are those of a fresh engine.

mod common;
use common::*;

/// The physical reads of the first hard parse of an insert into a new
/// table with an unnamed primary key, after `history` ran in the
/// instance, a restart and a cold buffer cache.
fn first_parse_reads(history: &str) -> u64 {
    let mut e = quiet_engine();
    ok(&e.exec(history));
    ok(&e.exec("shutdown immediate\nstartup\nalter system flush buffer_cache;"));
    let steps = e.exec(
        "create table probe_t (id number primary key, v number);\n\
         insert into probe_t values (1, 1);",
    );
    ok(&steps);
    stat(&steps[1], "physical reads")
}

/// A hard parse reads a table's indexes' dictionary rows from the table
/// (IND$ by the table's object number, in the C_OBJ# cluster; each
/// index's OBJ$ row next to its table's), so which dictionary blocks it
/// reads does not depend on the index's name. A system-generated name
/// (SYS_C...) counts the constraints the database ever made: before, the
/// same script read one more or one fewer dictionary block depending on
/// how many tables other scripts had created (and dropped) before it.
#[test]
fn dictionary_reads_of_a_sys_c_index_do_not_depend_on_history() {
    let fresh = first_parse_reads("select 1 from dual;");
    for n in 1..=12 {
        let mut history = String::new();
        for k in 0..n {
            history.push_str(&format!("create table other_{k} (id number primary key);\ndrop table other_{k};\n"));
        }
        assert_eq!(first_parse_reads(&history), fresh, "after {n} tables created and dropped");
    }
}

/// The scenario for a sweep after a restart: the budget first, then
/// `history` (work of an earlier instance), a restart, and a small table.
fn sweep_after(history: &str) -> lio_core::StepOut {
    let mut e = quiet_engine();
    ok(&e.exec("lab set max_script_work = 1000000;"));
    ok(&e.exec(history));
    ok(&e.exec(
        "shutdown immediate\nstartup\n\
         create table s (n number);\n\
         insert into s select level from dual connect by level <= 10;\n\
         commit;",
    ));
    let steps = e.exec("LAB SWEEP FETCHSIZE FROM 1 TO 100 FACTOR 10 RUN 'select * from s';");
    steps.into_iter().next().expect("the sweep's step")
}

/// A LAB SWEEP point replays the statements since the engine was
/// created, earlier instances' too (they built the database's files), but
/// its work budget counts the instance it measures: what ran after the
/// last STARTUP and the point's run. Before, the script's session carried
/// all its earlier work into every point, and a sweep after other scripts
/// stopped with LAB-00004 ("their work passed the script's budget") where
/// the same sweep on a fresh engine ran.
#[test]
fn a_sweep_after_startup_counts_its_instance_work() {
    let fresh = sweep_after("select 1 from dual;");
    assert!(fresh.error.is_none(), "{:?}", fresh.error);
    let after = sweep_after(
        "create table h (n number);\n\
         insert into h select level from dual connect by level <= 15000;\n\
         commit;\n\
         drop table h;",
    );
    assert!(after.error.is_none(), "{:?}", after.error);
    let points = |s: &lio_core::StepOut| {
        s.sweep
            .as_ref()
            .expect("a sweep")
            .points
            .iter()
            .map(|p| (p.value, p.executions, p.stats.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(points(&after).len(), 3);
    assert_eq!(points(&after), points(&fresh));
}
