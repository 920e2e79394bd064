//! Issue 16, the buffer cache on devices: tablespaces placed on devices
//! (`CREATE [TEMPORARY] TABLESPACE ... '+NAME'`), `TABLESPACE ts` on
//! tables, clusters and indexes, Oracle's errors for each misuse, and cold
//! reads served by the segment's tablespace's device.

mod common;
use common::*;

#[test]
fn tablespaces_are_created_on_disk_groups_and_segments_go_in_them() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE flash TYPE pcie_flash;\n\
         create tablespace fast_ts datafile '+FLASH' size 1g;\n\
         create temporary tablespace fast_temp tempfile '+flash/temp01.dbf' size 512m autoextend off;\n\
         create tablespace slow_ts datafile '+DATA' size 100m;\n\
         create table t (id number primary key, v varchar2(10)) tablespace fast_ts;\n\
         create index t_v on t (v) tablespace slow_ts;\n\
         create table u (id number) tablespace users;\n\
         insert into t values (1, 'a');\n\
         select count(*) from t;",
    );
    ok(&steps);
    for s in &steps[1..4] {
        assert_eq!(s.feedback.as_deref(), Some("Tablespace created."), "{}", s.statement);
    }
}

#[test]
fn tablespace_misuse_gives_oracles_errors_at_their_position() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create tablespace a datafile '+NOSUCH' size 10m;\n\
         create tablespace users datafile '+DATA' size 10m;\n\
         create table t (id number) tablespace nowhere;\n\
         create table t (id number) tablespace temp;\n\
         create temporary tablespace b datafile '+DATA' size 10m;\n\
         create tablespace c datafile '+DATA';\n\
         create tablespace d datafile '/u01/d.dbf' size 10m;\n\
         create table t (id number);\n\
         create index t_i on t (id) tablespace nowhere;",
    );
    assert_eq!(error_of(&steps[0]), ("ORA-15001", 1, 30));
    assert!(steps[0].error.as_ref().unwrap().message.contains("diskgroup \"NOSUCH\" does not exist"));
    assert_eq!(error_of(&steps[1]), ("ORA-01543", 2, 19));
    assert_eq!(error_of(&steps[2]), ("ORA-00959", 3, 39));
    assert!(steps[2].error.as_ref().unwrap().message.contains("tablespace 'NOWHERE' does not exist"));
    assert_eq!(error_of(&steps[3]), ("ORA-02195", 4, 39));
    assert_eq!(error_of(&steps[4]).0, "ORA-02180");
    assert_eq!(error_of(&steps[5]).0, "ORA-02180");
    assert_eq!(error_of(&steps[6]).0, "LAB-00001");
    assert!(steps[7].error.is_none());
    assert_eq!(error_of(&steps[8]), ("ORA-00959", 9, 39));
}

/// A block not in the cache is read from the device of its segment's
/// tablespace: after a restart, a table on a slow HDD costs its seeks and
/// rotations there, and DATA (the fixed latency) sees none of them.
#[test]
fn cold_reads_go_to_the_segments_tablespace_device() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE slow TYPE hdd rpm = 5400;\n\
         create tablespace slow_ts datafile '+SLOW' size 100m;\n\
         create table s (id number, v varchar2(10)) tablespace slow_ts;\n\
         create table d (id number, v varchar2(10));\n\
         insert into s select rownum, 'x' from dual connect by level <= 100;\n\
         insert into d select rownum, 'x' from dual connect by level <= 100;\n\
         commit;\n\
         shutdown immediate\n\
         startup\n\
         select count(*) from s;\n\
         select count(*) from d;\n\
         select count(*) from s;\n\
         LAB DEVICES;",
    );
    ok(&steps);
    let q: Vec<&lio_core::StepOut> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    let (s_cold, d_cold, s_warm) = (q[0], q[1], q[2]);
    assert!(stat(d_cold, "physical reads") > 0, "a cold table is read");
    assert_eq!(stat(s_warm, "physical reads"), 0, "then it is cached");
    // The table's blocks were read from SLOW; the dictionary's (read by
    // the same query after the restart) from DATA.
    let listing = steps.last().unwrap().output.join("\n");
    let slow = listing.split("SLOW (hdd)").nth(1).expect("SLOW listed");
    let slow_reads: u64 = slow.split("reads ").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    assert!(slow_reads >= 2 && slow_reads < stat(s_cold, "physical reads"), "{listing}");
    // Each HDD read is milliseconds (a seek, half a revolution at 5,400 rpm)
    // against the fixed 100 us of DATA.
    assert!(s_cold.elapsed_us > 5.0 * d_cold.elapsed_us, "{} vs {}", s_cold.elapsed_us, d_cold.elapsed_us);
}
