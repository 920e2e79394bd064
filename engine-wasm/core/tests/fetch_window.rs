//! The client's TCP receive window on a long link (issue 36, Harrison's
//! fetch size). Guy Harrison, "Best practices for accessing Oracle from
//! scala using JDBC" (2011, shared/seeds/harrison-jdbc-ssd-exadata-redo-r.txt):
//! the client at his home in Australia, the database in a US EC2 region,
//! `select * from customers` through JDBC thin; "the default setting of 10
//! ... is still more than 6 times worse than a setting of 100 or 200", and
//! "you get diminishing, but never negative, returns as you increase the
//! fetch size beyond the point at which every SQL*NET packet is full".
//! The release is not given (Oracle 11g on EC2 in 2011).
//!
//! The model: a reply of `k` windows waits `(k - 1) x max(0, rtt - window /
//! bandwidth)` beyond its round trip (`session/net.rs`, `window_stall_us`).
//! Windows 2000/XP's receive window on Ethernet was 17,520 bytes, TCP
//! without window scaling at most 65,535
//! (https://docs.microsoft.com/en-us/previous-versions/windows/it-pro/windows-2000-server/cc957546(v=technet.10)).
mod common;
use common::*;
use lio_core::result::StepOut;

fn lab_run_secs(s: &StepOut) -> f64 {
    s.trimmed_mean_us.expect("a LAB RUN's trimmed mean") / 1e6
}

/// One fetch of `rows` 20-column rows over `rtt` with `window`: the
/// elapsed time of the LAB RUN (one run, one execution).
fn one_fetch(rtt_us: u64, window: u64, rows: u64) -> (f64, u64) {
    let mut e = quiet_engine();
    let script = format!(
        "create table t (id number, pad varchar2(200));\n\
         insert into t select level, rpad('x', 200, 'x') from dual connect by level <= {rows};\n\
         commit;\n\
         LAB SET network_rtt_us = {rtt_us};\n\
         LAB SET network_bytes_per_us = 1.25;\n\
         LAB SET network_window_bytes = {window};\n\
         LAB RUN 'select * from t' VIA jdbc_thin FETCHSIZE 100000 RUNS 1;"
    );
    let steps = e.exec(&script);
    ok(&steps);
    let run = steps.last().unwrap();
    (lab_run_secs(run), stat(run, "bytes sent via SQL*Net to client"))
}

/// Hand-checked: the same reply through a window that holds it and one
/// that needs more windows. With a 180 ms round trip at 1.25 bytes/us, a
/// 17,520-byte window drains in 14,016 us, so each window after the first
/// waits 180,000 - 14,016 = 165,984 us. 100 rows of ~205 bytes are about
/// 21 KB: two windows of 17,520, one stall.
#[test]
fn a_reply_bigger_than_the_window_waits_a_round_trip_per_window() {
    let (wide, bytes) = one_fetch(180_000, 4_194_304, 100);
    let (narrow, bytes_n) = one_fetch(180_000, 17_520, 100);
    assert_eq!(bytes, bytes_n, "the window changes time, not bytes");
    let windows = (bytes as f64 / 17_520.0).ceil();
    assert_eq!(windows, 2.0, "{bytes} bytes sent");
    let stall = (windows - 1.0) * (180_000.0 - 17_520.0 / 1.25) / 1e6;
    assert!((narrow - wide - stall).abs() < 1e-6, "narrow {narrow} wide {wide} stall {stall}");
    // A window that covers the link's bandwidth-delay product never stalls:
    // 1,460 bytes drain in 1,168 us at 1.25 bytes/us, longer than a 37 us
    // round trip.
    let (lan_wide, _) = one_fetch(37, 4_194_304, 100);
    let (lan_narrow, _) = one_fetch(37, 1_460, 100);
    assert_eq!(lan_wide, lan_narrow);
}

/// The default window never binds on the default (LAN) link, so every
/// figure fitted before the window existed stays: the same run with the
/// window set to the largest value gives the same time.
#[test]
fn the_default_window_changes_nothing_on_a_lan() {
    let script = "create table t (id number, pad varchar2(200));\n\
         insert into t select level, rpad('x', 200, 'x') from dual connect by level <= 5000;\n\
         commit;\n";
    let mut a = quiet_engine();
    let mut b = quiet_engine();
    let run = "LAB RUN 'select * from t' VIA jdbc_thin FETCHSIZE 5000 RUNS 1;";
    let sa = a.exec(&format!("{script}{run}"));
    let sb = b.exec(&format!("{script}LAB SET network_window_bytes = 1e12;\n{run}"));
    ok(&sa);
    ok(&sb);
    assert_eq!(lab_run_secs(sa.last().unwrap()), lab_run_secs(sb.last().unwrap()));
}

#[test]
fn a_window_or_bandwidth_of_zero_is_refused() {
    let mut e = quiet_engine();
    for (text, col) in [("LAB SET network_window_bytes = 0;", 9), ("LAB SET network_bytes_per_us = 0;", 9)] {
        let steps = e.exec(text);
        let (code, line, column) = error_of(&steps[0]);
        assert_eq!((code, line, column), ("LAB-00011", 1, col), "{text}: {:?}", steps[0].error);
        assert!(steps[0].error.as_ref().unwrap().message.contains("positive"));
    }
}

/// The demo, as pasted: fetch size 10 against 100 and 200 (the published
/// "more than 6 times worse" for both), and returns that diminish but never
/// turn negative from 1 to 1,000 rows a fetch.
#[test]
fn harrison_fetch_size_ten_is_more_than_six_times_slower() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/demos/fetch-size-long-link.sql"))
            .expect("the demo");
    let mut e = quiet_engine();
    let steps = e.exec(&text);
    ok(&steps);
    let at = |n: u32| {
        let s = steps
            .iter()
            .find(|s| s.statement.contains("LAB RUN") && s.statement.contains(&format!("FETCHSIZE {n} ")))
            .unwrap_or_else(|| panic!("the FETCHSIZE {n} run"));
        lab_run_secs(s)
    };
    let (f1, f10, f100, f200, f1000) = (at(1), at(10), at(100), at(200), at(1000));
    assert!(f10 / f100 > 6.0, "10 vs 100: {:.2}x ({f10:.1} s vs {f100:.1} s)", f10 / f100);
    assert!(f10 / f200 > 6.0, "10 vs 200: {:.2}x ({f10:.1} s vs {f200:.1} s)", f10 / f200);
    // Never negative: each larger fetch size is at least as fast.
    assert!(f1 > f10 && f10 > f100 && f100 > f200 && f200 > f1000, "{f1} {f10} {f100} {f200} {f1000}");
    // Diminishing: the gain per doubling falls once a reply fills the
    // client's window (64 KB: about 300 of these rows).
    let gain_100_200 = f100 / f200;
    let gain_200_1000 = f200 / f1000;
    assert!(gain_200_1000 < gain_100_200 * 2.0, "200->1000 {gain_200_1000:.2}x vs 100->200 {gain_100_200:.2}x");
    assert!(gain_200_1000 < 5.0, "a fivefold fetch size buys {gain_200_1000:.2}x: the window should bind");
}
