//! Issue 16, temp: sorts that exceed their work area spill to the default
//! temporary tablespace. Hand-checkable shapes (exact runs, passes, blocks
//! and requests) on a 64 KB `sort_area_size`, the parameters, the errors,
//! and CALIBRATION G's temp-on-flash-vs-HDD row.
//!
//! The sorted rows: `v` is 96 characters, ORDER BY v carries it as the key
//! and as the selected value: 97 + 97 bytes (each with its length byte)
//! plus the 8-byte row slot = 202 bytes a row. With 8 KB blocks, a 64 KB
//! work area holds runs of 8 blocks and merges 8 / 2 - 1 = 3 runs at once
//! (2-block read buffers, one more for the output).

mod common;
use common::*;
use lio_core::result::WaitBucketOut;
use lio_core::StepOut;

const MANUAL_64K: &str = "alter session set workarea_size_policy = manual;\n\
     alter session set sort_area_size = 65536;\n";

/// A table of `rows` rows whose `v` is 96 characters, then the sort.
fn sort_of(rows: u32, setup: &str) -> Vec<StepOut> {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{setup}create table t (id number, v varchar2(96));\n\
         insert into t select rownum, lpad(rownum, 96, '0') from dual connect by level <= {rows};\n\
         commit;\n\
         select v from t order by v;"
    ));
    ok(&steps);
    steps
}

fn wait(s: &StepOut, event: &str) -> (u64, f64) {
    s.waits.get(event).map(|w| (w.count, w.time_us)).unwrap_or((0, 0.0))
}

fn hist<'a>(s: &'a StepOut, event: &str) -> &'a [WaitBucketOut] {
    s.wait_histograms.iter().find(|h| h.event == event).map(|h| h.buckets.as_slice()).unwrap_or(&[])
}

/// 300 rows x 202 = 60,600 bytes: within 65,536, an optimal sort.
#[test]
fn a_sort_within_its_work_area_stays_in_memory() {
    let steps = sort_of(300, MANUAL_64K);
    let q = steps.last().unwrap();
    assert_eq!(q.rows.len(), 300);
    assert_eq!((stat(q, "sorts (memory)"), stat(q, "sorts (disk)")), (1, 0));
    assert_eq!(stat(q, "workarea executions - optimal"), 1);
    assert_eq!(stat(q, "physical writes direct temporary tablespace"), 0);
    assert!(!q.waits.contains_key("direct path write temp"));
}

/// 800 rows = 161,600 bytes = 20 blocks (19.7): runs of 8, 8 and 4, within
/// the fan-in of 3: one pass. Written once in 4 + 4 + 2 requests of 2
/// blocks, read once the same way. TEMP is on DATA, the default
/// instance's fixed 100 us per request.
#[test]
fn three_runs_are_a_one_pass_sort() {
    let steps = sort_of(800, MANUAL_64K);
    let q = steps.last().unwrap();
    assert_eq!(q.rows.len(), 800);
    assert_eq!(q.rows[0][0], serde_json::json!(format!("{:0>96}", 1)));
    assert_eq!((stat(q, "sorts (memory)"), stat(q, "sorts (disk)")), (0, 1));
    assert_eq!(stat(q, "workarea executions - onepass"), 1);
    assert_eq!(stat(q, "workarea executions - multipass"), 0);
    assert_eq!(stat(q, "physical writes direct temporary tablespace"), 20);
    assert_eq!(stat(q, "physical reads direct temporary tablespace"), 20);
    assert_eq!(stat(q, "physical write IO requests"), 10);
    assert_eq!(wait(q, "direct path write temp"), (10, 1_000.0));
    assert_eq!(wait(q, "direct path read temp"), (10, 1_000.0));
    // 100 us each: the [64, 128) us bucket.
    assert_eq!(hist(q, "direct path read temp"), [WaitBucketOut { lt_us: Some(128), count: 10 }]);
}

/// 2,000 rows = 404,000 bytes = 50 blocks: 7 runs (6 of 8, one of 2), more
/// than the fan-in of 3. Pass 1 merges two groups of three runs of 8 into
/// runs of 24 (reading and writing 48 blocks again) and carries the run of
/// 2 over; the final pass merges the 3 runs left. Written 50 + 48 = 98
/// blocks (25 + 24 requests), read 48 + 50 = 98 (24 + 25 requests).
#[test]
fn seven_runs_are_a_multipass_sort() {
    let steps = sort_of(2000, MANUAL_64K);
    let q = steps.last().unwrap();
    assert_eq!(q.rows_processed, 2000);
    assert_eq!(q.rows[999][0], serde_json::json!(format!("{:0>96}", 1000)));
    assert_eq!(stat(q, "sorts (disk)"), 1);
    assert_eq!(stat(q, "workarea executions - multipass"), 1);
    assert_eq!(stat(q, "workarea executions - onepass"), 0);
    assert_eq!(stat(q, "physical writes direct temporary tablespace"), 98);
    assert_eq!(stat(q, "physical writes direct"), 98);
    assert_eq!(stat(q, "physical reads direct temporary tablespace"), 98);
    assert_eq!(stat(q, "physical reads direct"), 98);
    assert_eq!(stat(q, "physical reads"), 98, "the table's blocks are cached");
    assert_eq!(wait(q, "direct path write temp"), (49, 4_900.0));
    assert_eq!(wait(q, "direct path read temp"), (49, 4_900.0));
    // The session's time: the waits are in the elapsed time and the
    // sort's flame-graph frames.
    assert!(q.elapsed_us > 9_800.0);
    let temp_us: f64 = q
        .folded
        .iter()
        .filter(|l| l.contains("smbput;pwrite64") || l.contains("smbget;pread64"))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert!((temp_us - 9_800.0).abs() < 1e-6, "{:?}", q.folded);
}

/// A sort group by holds its groups, not its input rows: 2,000 rows in 2
/// groups fit any work area.
#[test]
fn a_sort_group_by_spills_on_its_groups() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{MANUAL_64K}create table t (id number, v varchar2(96));\n\
         insert into t select rownum, lpad(rownum, 96, '0') from dual connect by level <= 2000;\n\
         commit;\n\
         select mod(id, 2), count(*) from t group by mod(id, 2) order by 1;\n\
         select v, count(*) from t group by v order by v;"
    ));
    ok(&steps);
    let few = &steps[steps.len() - 2];
    let many = steps.last().unwrap();
    assert_eq!((stat(few, "sorts (memory)"), stat(few, "sorts (disk)")), (1, 0));
    assert_eq!(stat(many, "sorts (disk)"), 1);
    assert!(stat(many, "physical writes direct temporary tablespace") > 0);
}

/// The default instance: AUTO policy, 5% of a 2 GB target (102.4 MB):
/// the 404,000-byte sort is optimal.
#[test]
fn the_default_work_area_holds_small_sorts() {
    let steps = sort_of(2000, "");
    let q = steps.last().unwrap();
    assert_eq!((stat(q, "sorts (memory)"), stat(q, "sorts (disk)")), (1, 0));
    assert_eq!(stat(q, "workarea executions - optimal"), 1);
    // 5% of a 10 MB target is 512 KB; with _smm_max_size at 64 KB the
    // work area is 64 KB again: multi-pass.
    let steps =
        sort_of(2000, "alter system set pga_aggregate_target = 10m;\nalter session set \"_smm_max_size\" = 64;\n");
    let q = steps.last().unwrap();
    assert_eq!(stat(q, "workarea executions - multipass"), 1);
    assert_eq!(stat(q, "physical writes direct temporary tablespace"), 98);
}

#[test]
fn work_area_parameters_are_shown_and_checked() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "select value from v$parameter where name = 'sort_area_size';\n\
         alter session set sort_area_size = 512000;\n\
         alter session set workarea_size_policy = manual;\n\
         select value from v$parameter where name = 'workarea_size_policy';\n\
         alter system set pga_aggregate_target = 1g;\n\
         select value from v$parameter where name = 'pga_aggregate_target';\n\
         alter session set pga_aggregate_target = 1g;\n\
         alter session set workarea_size_policy = sometimes;\n\
         alter session set sort_area_size = 10;\n\
         alter system set pga_aggregate_target = 1m;",
    );
    ok(&steps[..6]);
    let out = |i: usize| format!("{:?}", steps[i].rows);
    assert!(out(0).contains("65536"), "{}", out(0));
    assert!(out(3).contains("MANUAL"), "{}", out(3));
    assert!(out(5).contains("1073741824"), "{}", out(5));
    assert_eq!(error_of(&steps[6]).0, "ORA-02096");
    assert_eq!(error_of(&steps[7]).0, "ORA-00096");
    assert_eq!(error_of(&steps[8]).0, "ORA-00068");
    // ORA-02097, then ORA-00093: pga_aggregate_target must be between 10M and 4096G-1.
    assert_eq!(error_of(&steps[9]).0, "ORA-02097");
}

/// `ALTER DATABASE DEFAULT TEMPORARY TABLESPACE`: sorts spill to the new
/// one's device; a temp file too small for the sort's live runs fails
/// with ORA-01652; a permanent tablespace is refused.
#[test]
fn the_default_temporary_tablespace_takes_the_spills() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "LAB DEVICE scratch TYPE hdd cache_mb = 0;\n\
         create temporary tablespace temp2 tempfile '+SCRATCH' size 10m;\n\
         create temporary tablespace tiny tempfile '+SCRATCH' size 800k;\n\
         alter database default temporary tablespace temp2;\n\
         {MANUAL_64K}create table t (id number, v varchar2(96));\n\
         insert into t select rownum, lpad(rownum, 96, '0') from dual connect by level <= 2000;\n\
         commit;\n\
         select v from t order by v;\n\
         LAB DEVICES;\n\
         alter database default temporary tablespace tiny;\n\
         select v from t order by v;\n\
         alter database default temporary tablespace users;\n\
         alter database default temporary tablespace nowhere;\n\
         alter database open;"
    ));
    ok(&steps[..11]);
    assert_eq!(steps[3].feedback.as_deref(), Some("Database altered."));
    let q = &steps[9];
    assert_eq!(stat(q, "physical writes direct temporary tablespace"), 98);
    let list = steps[10].output.join("\n");
    let scratch = list.split("SCRATCH (hdd)").nth(1).unwrap();
    assert!(scratch.contains("reads 49 (802816 bytes), writes 49 (802816 bytes)"), "{list}");
    // On the HDD the 100 us fixed latency gives way to seeks and rotations.
    assert!(wait(q, "direct path read temp").1 > 49.0 * 1_000.0);
    // 800 KB = 100 blocks: the 50-block multi-pass sort needs 2 x 50 live.
    // (fits exactly); a 640 KB file (80 blocks) does not.
    assert!(steps[12].error.is_none(), "{:?}", steps[12].error);
    assert_eq!(error_of(&steps[13]).0, "ORA-12902");
    assert_eq!(error_of(&steps[14]).0, "ORA-00959");
    assert_eq!(error_of(&steps[15]).0, "LAB-00001");
    let steps = e.exec(
        "create temporary tablespace tinier tempfile '+SCRATCH' size 640k;\n\
         alter database default temporary tablespace tinier;\n\
         select v from t order by v;",
    );
    let err = steps[2].error.as_ref().expect("ORA-01652");
    assert_eq!(err.code, "ORA-01652");
    assert!(err.message.contains("unable to extend temp segment by 128 in tablespace TINIER"), "{}", err.message);
}

/// CALIBRATION G, temp tablespace on Exadata flash vs HDD, multi-pass sort
/// (`samples/temp-on-flash-vs-hdd.sql`): 100,000 rows of 202 bytes =
/// 2,466 blocks; a 500K sort area holds runs of 62 blocks and merges 30 at
/// once: 40 runs, a multi-pass sort (pass 1 merges 30 and 10 runs). The
/// third sort on each device: flash marginally worse, reads similar (flash
/// with a GC spike above 1 ms), writes clearly slower.
#[test]
fn g_temp_on_flash_is_marginally_worse_than_on_hdd() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../samples/temp-on-flash-vs-hdd.sql"));
    ok(&steps);
    let sorts: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("select pad")).collect();
    assert_eq!(sorts.len(), 6);
    let (hdd, flash) = (sorts[2], sorts[5]);
    for q in [hdd, flash] {
        assert_eq!(stat(q, "workarea executions - multipass"), 1);
        assert_eq!(stat(q, "sorts (disk)"), 1);
        // Every block written twice (the runs, then pass 1's two runs) and
        // read twice (pass 1, the final merge), in 2-block requests.
        assert_eq!(stat(q, "physical writes direct temporary tablespace"), 2 * 2_466);
        assert_eq!(stat(q, "physical reads direct temporary tablespace"), 2 * 2_466);
        assert_eq!(wait(q, "direct path write temp").0, 2_466);
        assert_eq!(wait(q, "direct path read temp").0, 2_466);
    }
    let (hw, fw) = (wait(hdd, "direct path write temp").1, wait(flash, "direct path write temp").1);
    let (hr, fr) = (wait(hdd, "direct path read temp").1, wait(flash, "direct path read temp").1);
    eprintln!(
        "third sort: writes flash {fw:.0} us / HDD {hw:.0} us, reads flash {fr:.0} us / HDD {hr:.0} us, elapsed flash {:.0} / HDD {:.0}",
        flash.elapsed_us, hdd.elapsed_us
    );
    // Writes clearly slower on flash (programs of 250 us and erases against
    // the controller cache's acknowledgement and link transfer).
    assert!(fw > 2.0 * hw, "flash writes {fw:.0} us vs HDD {hw:.0} us");
    // Reads similar: within a factor of 2 either way.
    assert!(fr < 2.0 * hr && hr < 2.0 * fr, "flash reads {fr:.0} us vs HDD {hr:.0} us");
    // Flash marginally worse overall.
    assert!(flash.elapsed_us > hdd.elapsed_us, "{} vs {}", flash.elapsed_us, hdd.elapsed_us);
    // The flash's reads show a spike of waits between 0.5 and 2 ms: reads
    // that arrived while background GC was erasing; the HDD's have none.
    let spike = |q: &StepOut| -> u64 {
        hist(q, "direct path read temp")
            .iter()
            .filter(|b| matches!(b.lt_us, Some(1024) | Some(2048)))
            .map(|b| b.count)
            .sum()
    };
    assert!(spike(flash) > 0, "{:?}", hist(flash, "direct path read temp"));
    assert_eq!(spike(hdd), 0, "{:?}", hist(hdd, "direct path read temp"));
    // The first sort on the fresh flash had no GC to wait for.
    assert_eq!(spike(sorts[3]), 0);
}

/// `ALTER USER ... TEMPORARY TABLESPACE`: the lab user's sorts spill to its
/// own temporary tablespace, whatever the database default.
#[test]
fn a_users_temporary_tablespace_takes_its_spills() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "LAB DEVICE scratch TYPE hdd;\n\
         create temporary tablespace temp2 tempfile '+SCRATCH' size 10m;\n\
         alter user lab temporary tablespace temp2;\n\
         alter database default temporary tablespace temp;\n\
         {MANUAL_64K}create table t (id number, v varchar2(96));\n\
         insert into t select rownum, lpad(rownum, 96, '0') from dual connect by level <= 800;\n\
         commit;\n\
         select v from t order by v;\n\
         LAB DEVICES;\n\
         alter user scott temporary tablespace temp2;\n\
         alter user lab temporary tablespace users;\n\
         alter user lab temporary tablespace nowhere;"
    ));
    ok(&steps[..11]);
    assert_eq!(steps[2].feedback.as_deref(), Some("User altered."));
    let list = steps[10].output.join("\n");
    let scratch = list.split("SCRATCH (hdd)").nth(1).unwrap();
    // The one-pass sort of 20 blocks: 10 writes and 10 reads of 2 blocks.
    assert!(scratch.contains("reads 10 (163840 bytes), writes 10 (163840 bytes)"), "{list}");
    assert_eq!(error_of(&steps[11]), ("ORA-01918", 12, 12));
    assert_eq!(error_of(&steps[12]).0, "ORA-10615");
    assert_eq!(error_of(&steps[13]).0, "ORA-00959");
}

/// Sessions that spill: `LAB RUN ... SESSIONS 2` runs the one-pass sort in
/// two sessions (the work area set for the system: ALTER SESSION would
/// set the script's session only); each waits on temp, and its timeline
/// shows those waits in their own state (7), not as CPU.
#[test]
fn sessions_that_spill_wait_on_temp_in_their_timelines() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{}create table t (id number, v varchar2(96));\n\
         insert into t select rownum, lpad(rownum, 96, '0') from dual connect by level <= 800;\n\
         commit;\n\
         LAB RUN 'select v from t where id > :1 order by v' BIND 0 TO 1 VIA jdbc_thin SESSIONS 2;",
        // sort_area_size is ISSYS_MODIFIABLE = DEFERRED: for the sessions LAB RUN starts.
        MANUAL_64K.replace("session", "system").replace("65536;", "65536 deferred;")
    ));
    ok(&steps);
    let run = steps.last().unwrap();
    let sessions = run.sessions.as_ref().expect("sessions");
    assert_eq!(sessions.len(), 2);
    for s in sessions {
        // 800 or 799 rows: a one-pass sort of 10 + 10 requests.
        assert_eq!(s.waits["direct path write temp"].count, 10, "{:?}", s.waits);
        let temp_us: f64 = s.timeline.iter().filter(|t| t.2 == 7).map(|t| t.1 - t.0).sum();
        assert!((temp_us - 2_000.0).abs() < 1e-6, "{:?}", s.timeline);
    }
}

/// V$SQL_WORKAREA: a row per cursor that ran a sort, with its last
/// execution's figures (the 2,000-row multi-pass sort: 404,000 bytes
/// wanted, 64 KB used, 2 passes, 100 blocks of temp at most) and its
/// executions by kind.
#[test]
fn v_sql_workarea_shows_the_last_execution() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{MANUAL_64K}create table t (id number, v varchar2(96));\n\
         insert into t select rownum, lpad(rownum, 96, '0') from dual connect by level <= 2000;\n\
         commit;\n\
         select v from t order by v;\n\
         select v from t order by v;\n\
         select operation_type, policy, estimated_optimal_size, last_memory_used, last_execution, \
         last_tempseg_size, total_executions, optimal_executions, onepass_executions, multipasses_executions \
         from v$sql_workarea;"
    ));
    ok(&steps);
    let rows: Vec<String> = steps.last().unwrap().rows[0].iter().map(|v| v.to_string().replace('"', "")).collect();
    assert_eq!(rows, ["SORT (v2)", "MANUAL", "404000", "65536", "2 PASSES", "819200", "2", "0", "0", "2"]);
}
