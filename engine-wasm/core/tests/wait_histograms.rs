//! Wait histograms: each step's waits by duration in power-of-two
//! microsecond buckets (`wait_histograms`, V$EVENT_HISTOGRAM_MICRO), per
//! session under `SESSIONS n`, summed for the step.

mod common;

use common::{ok, quiet_engine};
use lio_core::result::WaitBucketOut;
use lio_core::StepOut;

const SETUP: &str = "create table t (id number primary key, n number);
insert into t select rownum, 0 from dual connect by level <= 100;
commit;
";

fn hist<'a>(s: &'a StepOut, event: &str) -> &'a [WaitBucketOut] {
    s.wait_histograms.iter().find(|h| h.event == event).map(|h| h.buckets.as_slice()).unwrap_or(&[])
}

#[test]
fn commits_fill_the_bucket_of_their_log_file_sync() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{SETUP}begin for i in 1 .. 3 loop update t set n = n + 1 where id = i; commit; end loop; end;\n/\n\
         select event, wait_time_micro, wait_count, wait_time_format from v$event_histogram_micro where event = 'log file sync';"
    ));
    ok(&steps);
    let block = &steps[3];
    // Each commit (its IMU record, 24 + 76 + 128 + 176 + 52 + 80 = 536
    // bytes: session/redo_layout.rs, fills two 512-byte blocks): LGWR
    // posted (20 us), gathers (10), writes the blocks into the DATA disk's
    // controller cache (50 + 1,024 bytes at 600 MB/s), the session wakes
    // (30): 111.71 us, in [64, 128).
    let w = &block.waits["log file sync"];
    assert_eq!(w.count, 3);
    // (To the clock's grid, 2^-10 us, on its way to the clock; shown to
    // the nanosecond.)
    assert!((w.time_us - 3.0 * (110.0 + 1024.0 / 600.0)).abs() < 2e-3, "{}", w.time_us);
    let h = hist(block, "log file sync");
    assert_eq!(h, [WaitBucketOut { lt_us: Some(128), count: 3 }]);
    let class = block.wait_histograms.iter().find(|h| h.event == "log file sync").unwrap();
    assert_eq!(class.wait_class, "Commit");
    // Every event's counts add up to its waits.
    for h in &block.wait_histograms {
        let n: u64 = h.buckets.iter().map(|b| b.count).sum();
        assert_eq!(n, block.waits[&h.event].count, "{}", h.event);
    }
    // The instance-wide view since startup: the setup's commit too. Its
    // INSERT ... SELECT of 100 rows is an array insert (docs/MODEL.md,
    // "The write path"): one record for the rows into the table's block
    // (24 + 32 + 100 x (8-byte row + 2) + its QMD undo 32 + 40 + 8 + 100 x
    // 2 = 1,336, + the transaction's slot, its 5.2 vector 32 + 4 + 32 = 68,
    // + 52: the transaction's first undo record's ktubl), one for the
    // entries into the index's leaf (24 + 32 + 100 x (13-byte entry + 2) +
    // 280 = 1,836), the commit (5.4: 24 + 32 + 8 + 20 + 16 + 4 = 104): 3,396 bytes, 7
    // redo blocks of 496 bytes' payload, a 3,584-byte write (50 + 3,584 bytes
    // at 600 MB/s = 56.0 us, plus 60 of post, gather and wake-up: 116.0
    // us, in [64, 128) with the three others). Row at a time (200
    // records) it was 30 KB and 161 us, in [128, 256).
    let v = steps.last().unwrap();
    let rows: Vec<Vec<String>> =
        v.rows.iter().map(|r| r.iter().map(|x| x.to_string().trim_matches('"').to_string()).collect()).collect();
    assert_eq!(rows, [["log file sync", "128", "4", "128 microseconds"]]);
}

#[test]
fn sessions_histograms_sum_into_the_step() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{SETUP}select count(*) from t;\nLAB RUN 'update t set n = n + 1 where id = :1' BIND 1 TO 40 VIA jdbc_thin SESSIONS 4;"
    ));
    ok(&steps);
    let run = steps.last().unwrap();
    let sessions = run.sessions.as_ref().expect("sessions");
    assert_eq!(sessions.len(), 4);
    assert!(
        steps[3].wait_histograms.iter().all(|h| h.event.starts_with("SQL*Net")) || steps[3].wait_histograms.is_empty()
    );
    assert!(run.wait_histograms.iter().any(|h| h.event == "SQL*Net message from client"), "{:?}", run.wait_histograms);
    for h in &run.wait_histograms {
        let step_total: u64 = h.buckets.iter().map(|b| b.count).sum();
        let per_session: u64 = sessions
            .iter()
            .flat_map(|s| s.wait_histograms.iter().filter(|x| x.event == h.event))
            .flat_map(|x| x.buckets.iter().map(|b| b.count))
            .sum();
        assert_eq!(step_total, per_session, "{}", h.event);
        assert_eq!(step_total, run.waits[&h.event].count, "{}", h.event);
        // Buckets ascend, the open one (no bound) last.
        let bounds: Vec<u64> = h.buckets.iter().map(|b| b.lt_us.unwrap_or(u64::MAX)).collect();
        assert!(bounds.windows(2).all(|w| w[0] < w[1]), "{}: {bounds:?}", h.event);
    }
}
