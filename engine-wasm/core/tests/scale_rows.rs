//! Issue 29, rows held compactly: a string of up to 22 bytes is held
//! inside its value (no allocation of its own), a longer one is shared
//! between rows that repeat it. Jonathan Lewis's million-row set-up
//! (`lpad(rownum, 10, '0')` is a million distinct 10-byte strings) peaked
//! at 212 MB natively on main 590bd0d (a 48-byte allocation per string
//! besides its 24-byte value); it now peaks at about 166 MB. The figures
//! Oracle prints (row lengths, blocks, statistics) are modelled from the
//! values, not from how the lab holds them, and do not move.

mod common;
use common::*;

#[test]
fn million_row_setup_with_short_strings_stays_under_185_mb() {
    let mut e = quiet_engine();
    // peak_mb is the process's: this file has no other test (another
    // engine before it in the same process moved the peak by 35 MB; the
    // strings' behaviour is tested in `scale_rows_text.rs`).
    million_setup(&mut e);
    // The modelled sizes are Oracle's: 3 + 5 + 3 + 11 + 101 bytes a row
    // (AVG_COL_LEN rounds each column up).
    let s = e.exec("select avg_row_len, blocks from user_tables where table_name = 'T1';");
    ok(&s);
    assert_eq!(s[0].rows[0][0].to_string(), "123");
    if let Some(mb) = peak_mb() {
        println!("1M-row set-up: peak {mb} MB");
        assert!(mb <= 185, "the 1M-row set-up peaked at {mb} MB");
    }
}
