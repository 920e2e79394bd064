//! Published redo records of single-row changes, reproduced from the
//! layout of Oracle's change vectors (session/redo_layout.rs): the
//! scripts in tests/articles/ with the records' lengths their dumps show.

mod common;
use common::*;
use lio_core::Engine;

/// (statement's first line, redo size, redo entries, undo change vector size) of each step.
fn figures(script: &str) -> Vec<(String, u64, u64, u64)> {
    let mut e: Engine = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let out: Vec<_> = steps
        .iter()
        .map(|s| {
            let first = s.statement.lines().next().unwrap_or("").trim().to_string();
            (first, stat(s, "redo size"), stat(s, "redo entries"), stat(s, "undo change vector size"))
        })
        .collect();
    for f in &out {
        eprintln!("{f:?}");
    }
    out
}

fn step<'a>(f: &'a [(String, u64, u64, u64)], starts: &str, nth: usize) -> &'a (String, u64, u64, u64) {
    f.iter().filter(|s| s.0.starts_with(starts)).nth(nth).unwrap_or_else(|| panic!("no step {starts} #{nth}"))
}

fn within(lab: u64, published: u64, tolerance: f64) -> bool {
    (lab as f64 - published as f64).abs() / published as f64 <= tolerance
}

/// tests/articles/dsi-redo-records-imu-off-11g.sql: an 11g log dump with
/// IMU off. The second INSERT 256, the commits 96, the second UPDATE (an
/// 11.19 of one row) 320: exact, a record each. The first UPDATE's KTB
/// op F carries a block cleanout record (40 bytes: the INSERTs' commit
/// cleanout left the rows' lock bytes), and it is a log write's first
/// record in the dump (a 68-byte header, not 24): 516 there, 472 in the
/// lab, the 44 bytes of the log write's header it does not write.
#[test]
fn dsi_11g_records_as_dumped() {
    let f = figures(include_str!("../../../tests/articles/dsi-redo-records-imu-off-11g.sql"));
    let second_insert = step(&f, "insert into t1 values(2", 0);
    assert_eq!((second_insert.1, second_insert.2), (256, 1));
    let (c1, c2) = (step(&f, "commit", 0), step(&f, "commit", 1));
    assert_eq!((c1.1, c1.2, c2.1, c2.2), (96, 1, 96, 1));
    let second_update = step(&f, "update t1 set name='bbbbb'", 0);
    assert_eq!((second_update.1, second_update.2, second_update.3), (320, 1, 172));
    let first_update = step(&f, "update t1 set name='aaaaa'", 0);
    assert_eq!((first_update.1, first_update.2), (516 - 44, 1));
}

/// tests/articles/lewis-core-demo-update-redo-10g.sql: Lewis's 10.2.0.3
/// dump, five rows updated through an index, a record each: 372 + 4 x
/// 248 = 1,364 bytes; the lab 376 + 4 x 252 = 1,384 (1.5% over), 5
/// entries exact; the transaction's end 84, exact.
#[test]
fn lewis_core_demo_10g_update() {
    let f = figures(include_str!("../../../tests/articles/lewis-core-demo-update-redo-10g.sql"));
    let upd = step(&f, "update", 0);
    assert_eq!((upd.1, upd.2), (1_384, 5));
    assert!(within(upd.1, 1_364, 0.05));
    // Its undo: the first 5.1 136 + 28 (ktubl), then 4 x 136.
    assert_eq!(upd.3, 5 * 136 + 28);
    let commit = f.iter().rfind(|s| s.0.starts_with("commit")).expect("commit");
    assert_eq!((commit.1, commit.2), (84, 1));
}

/// The same post's first experiment, IMU on (11.2's default): the two
/// UPDATEs and the COMMIT are one record of 884 bytes (`LEN: 0x0374 VLD:
/// 0x0d`: 11.19, 5.2, 11.19, 5.4, 5.1, 5.1). The lab's record: 24 + the
/// 5.2 60 + the two 11.19s 124 each + the 5.4 72 + the 5.1s 224 (with the
/// ktubl) and 172 = 800, + 40 for the cleanout record = 840, at the
/// COMMIT, one redo entry. The 84 bytes over the 800 are the first
/// UPDATE's: its KTB op F's block cleanout record (40,
/// `op: 0x11` in the dump) and the header of a log write's first record
/// (68, not 24): the cleanout record is written, the header is not
/// (docs/MODEL.md, "The write path"): 884 - 44 = 840.
#[test]
fn dsi_11g_imu_record_as_dumped_less_the_log_write_header() {
    let script = "LAB VERSION 11.2.0.1;\ncreate table t1 (id int,name varchar2(10));\n\
                  set autotrace traceonly statistics\n\
                  insert into t1 values(1,'AAAAA');\ninsert into t1 values(2,'BBBBB');\ncommit;\n\
                  update t1 set name='aaaaa' where name='AAAAA';\nupdate t1 set name='bbbbb' where name='BBBBB';\ncommit;";
    let f = figures(script);
    for nth in 0..2 {
        let u = step(&f, "update t1", nth);
        assert_eq!((u.1, u.2), (0, 0), "{u:?}");
    }
    let commit = step(&f, "commit", 1);
    assert_eq!((commit.1, commit.2), (884 - 44, 1));
}
