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
/// Runs a script after putting a tablespace SLOW_TS on a 5,400 rpm HDD.
fn on_slow_hdd(script: &str) -> Vec<lio_core::StepOut> {
    let mut e = quiet_engine();
    let mut steps =
        e.exec("LAB DEVICE slow TYPE hdd rpm = 5400;\ncreate tablespace slow_ts datafile '+SLOW' size 100m;");
    ok(&steps);
    steps.extend(e.exec(script));
    steps
}

/// Read requests the device `name` served, from a `LAB DEVICES` listing.
fn device_reads(listing: &lio_core::StepOut, name: &str) -> u64 {
    let text = listing.output.join("\n");
    let dev = text.split(&format!("{name} (")).nth(1).unwrap_or_else(|| panic!("{name} not listed: {text}"));
    dev.split("reads ").nth(1).and_then(|r| r.split(' ').next()).and_then(|n| n.parse().ok()).expect("reads")
}

#[test]
fn cold_reads_go_to_the_segments_tablespace_device() {
    let steps = on_slow_hdd(
        "         create table s (id number, v varchar2(10)) tablespace slow_ts;\n\
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
    let slow_reads = device_reads(steps.last().unwrap(), "SLOW");
    assert!(slow_reads >= 2 && slow_reads < stat(s_cold, "physical reads"));
    // Each HDD read is milliseconds (a seek, half a revolution at 5,400 rpm)
    // against the fixed 100 us of DATA.
    assert!(s_cold.elapsed_us > 5.0 * d_cold.elapsed_us, "{} vs {}", s_cold.elapsed_us, d_cold.elapsed_us);
}

/// `ALTER TABLE ... MOVE TABLESPACE`: the rebuilt segment is not in the
/// cache, and its blocks are read from the new tablespace's device.
#[test]
fn move_tablespace_rebuilds_the_segment_on_the_new_device() {
    let steps = on_slow_hdd(
        "         create table m (id number, v varchar2(10));\n\
         insert into m select rownum, 'x' from dual connect by level <= 1000;\n\
         commit;\n\
         select count(*) from m;\n\
         alter table m move tablespace slow_ts;\n\
         select count(*) from m;\n\
         select count(*) from m;\n\
         LAB DEVICES;\n\
         alter table m move tablespace nowhere;\n\
         alter table m move tablespace temp;\n\
         create index m_i on m (id);\n\
         alter table m move tablespace users;",
    );
    ok(&steps[..10]);
    let q: Vec<&lio_core::StepOut> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    assert_eq!(stat(q[0], "physical reads"), 0, "inserted blocks are in the cache");
    let moved = stat(q[1], "physical reads");
    assert!(moved >= 2, "the moved segment is read again");
    assert_eq!(stat(q[2], "physical reads"), 0);
    // The device counts requests: the scan's multiblock reads.
    assert_eq!(device_reads(&steps[9], "SLOW"), stat(q[1], "physical read IO requests"));
    assert_eq!(error_of(&steps[10]), ("ORA-00959", 9, 31));
    assert_eq!(error_of(&steps[11]), ("ORA-02195", 10, 31));
    assert_eq!(error_of(&steps[13]).0, "LAB-00001");
}

/// `ALTER SYSTEM FLUSH BUFFER_CACHE` empties the cache without a restart:
/// the next scan reads every block of the table again (and only those:
/// the row cache keeps the dictionary), then the cache holds them.
#[test]
fn flush_buffer_cache_makes_the_next_scan_read_every_block() {
    let steps = on_slow_hdd(
        "create table f (id number, v varchar2(10)) tablespace slow_ts;\n\
         insert into f select rownum, 'x' from dual connect by level <= 1000;\n\
         commit;\n\
         select count(*) from f;\n\
         alter system flush buffer_cache;\n\
         select count(*) from f;\n\
         select count(*) from f;\n\
         LAB DEVICES;",
    );
    ok(&steps);
    assert_eq!(steps[6].feedback.as_deref(), Some("System altered."));
    let q: Vec<&lio_core::StepOut> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    assert_eq!(stat(q[0], "physical reads"), 0);
    let flushed = stat(q[1], "physical reads");
    // Each distinct block once (a full scan visits its header more than once).
    assert!(flushed >= 2 && flushed <= stat(q[1], "consistent gets"));
    // The device counts requests: the scan's multiblock reads.
    assert_eq!(device_reads(steps.last().unwrap(), "SLOW"), stat(q[1], "physical read IO requests"));
    assert!(stat(q[1], "physical read IO requests") < flushed);
    assert_eq!(stat(q[2], "physical reads"), 0);
}
