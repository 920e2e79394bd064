//! INDEX_STATS' prefix-compression figures after ANALYZE INDEX ...
//! VALIDATE STRUCTURE: PRE_ROWS and PRE_ROWS_LEN (a compressed index's
//! prefix rows), LF_ROWS_LEN without the prefix columns, OPT_CMPR_COUNT and
//! OPT_CMPR_PCTSAVE (the prefix length that would leave the fewest leaf
//! bytes, and the share it saves). Before, PRE_ROWS and PRE_ROWS_LEN were
//! 0 and LF_ROWS_LEN counted the prefix columns even in a compressed
//! index, and the OPT_ columns were NULL: Oracle fills all of them (Kyte,
//! Expert Oracle Database Architecture, "Index Key Compression": an IOT's
//! primary key, OPT_CMPR_COUNT 2, OPT_CMPR_PCTSAVE 33).
mod common;
use common::*;

fn stats(e: &mut lio_core::Engine, index: &str) -> Vec<f64> {
    let s = e.exec(&format!(
        "analyze index {index} validate structure;\n\
         select lf_blks, lf_rows, lf_rows_len, pre_rows, pre_rows_len, used_space, opt_cmpr_count, opt_cmpr_pctsave \
         from index_stats;"
    ));
    ok(&s);
    s.last().unwrap().rows[0].iter().map(|v| v.as_f64().expect("a number")).collect()
}

/// 10,000 rows, A four values ('OWNER0'..'OWNER3', 7 bytes with their
/// length byte), B ten ('TYPE0'..'TYPE9', 6), C unique: (A, B) takes
/// mod(rownum, 4) and mod(rownum, 10), so 20 pairs of 500 rows each.
///
/// Uncompressed (A, B, C): no prefix rows; COMPRESS 2 would leave each
/// entry 13 bytes shorter and add a prefix row per pair per leaf, so it is
/// the optimal count (C is unique: a third column saves nothing). After
/// the rebuild: the 20 pairs over 21 leaves make 40 prefix rows (each pair
/// starts one, and each of the 20 leaf boundaries inside a pair one more);
/// LF_ROWS_LEN is 130,000 bytes less (13 x 10,000); the leaf count fell by
/// the share OPT_CMPR_PCTSAVE promised (39 to 21 leaves, 46%), and the
/// compressed index is optimal (saving 0).
#[test]
fn compression_figures_follow_the_prefix_table() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a varchar2(10), b varchar2(10), c number);\n\
         insert into t select 'OWNER' || mod(rownum, 4), 'TYPE' || mod(rownum, 10), rownum from dual connect by level <= 10000;\n\
         commit;\n\
         create index t_i on t (a, b, c);",
    ));
    let before = stats(&mut e, "t_i");
    assert_eq!((before[3], before[4]), (0.0, 0.0), "{before:?}");
    assert_eq!((before[6], before[7]), (2.0, 46.0), "{before:?}");
    ok(&e.exec("alter index t_i rebuild compress 2;"));
    let after = stats(&mut e, "t_i");
    assert_eq!(after[1], 10_000.0);
    assert_eq!(before[2] - after[2], 130_000.0, "{before:?} {after:?}");
    assert_eq!(after[3], 40.0, "{after:?}");
    // Each prefix row: 6 bytes of overhead and the two columns' 13.
    assert_eq!(after[4], 40.0 * (6.0 + 13.0));
    // USED_SPACE: leaf rows, prefix rows and 20 branch rows (one per leaf
    // after the first), each 24 bytes here.
    assert_eq!(after[5] - after[2] - after[4], 20.0 * 24.0, "{after:?}");
    assert_eq!((after[6], after[7]), (2.0, 0.0), "{after:?}");
    let saved = 1.0 - after[0] / before[0];
    assert!((saved - 0.46).abs() < 0.02, "{saved}");
}

/// A unique single-column index can compress nothing (its only column is
/// its unique key): OPT_CMPR_COUNT 0, OPT_CMPR_PCTSAVE 0.
#[test]
fn a_unique_single_column_index_has_nothing_to_compress() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (c number);\n\
         insert into t select rownum from dual connect by level <= 1000;\n\
         commit;\n\
         create unique index t_u on t (c);",
    ));
    let s = stats(&mut e, "t_u");
    assert_eq!((s[3], s[4], s[6], s[7]), (0.0, 0.0, 0.0, 0.0), "{s:?}");
}
