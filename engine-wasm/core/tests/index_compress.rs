//! Prefix-compressed B-tree indexes (`COMPRESS [n]`, issue 34): each leaf
//! block holds each distinct prefix (the first n key columns) once, in its
//! prefix table, and each row its suffix (the other columns and the rowid);
//! fewer leaf blocks, the same keys and the same answers. The published
//! case (Foote, Part II) is in articles.rs.
//!
//! The leaf layout, from Richard Foote's leaf block dumps (10g: "Index
//! Compression Part II" demo; 12c: "Index Compression Part VI"):
//!   prefix row#0[8025] flag: -P----, lock: 0, len=11   (flag, lock, 1+8)
//!   col 0; len 8; (8): 41 46 50 31 31 35 35 34
//!   prc 524
//!   row#0[8012] flag: ------, lock: 0, len=13          (flag, lock, 1+3, 1+6)
//!   col 0; len 3; (3): c2 05 0e
//!   col 1; len 6; (6): 04 80 c5 c5 00 0e
//!   psno 0
//! kdxconro 524, kdxlepnro 1, kdxcofbo 1092: the row directory ends 1092
//! bytes into the index header, 36 + 524 x 2 + 8 (uncompressed: 36 + 2 a
//! row, kdxconro 230 and kdxcofbo 496 in Part I's dump): a compressed leaf
//! spends 8 bytes more with one prefix, taken here as 4 in its header
//! (kdxlepnro, kdxlepnco) and 4 for the prefix (its directory slot and
//! prc), on top of the prefix row's own bytes. A row refers to the prefix
//! before it; psno is not stored (the 12c dump's rows are len=9: flag,
//! lock, 1+6).
mod common;
use common::*;
use lio_sql::ora;

fn leaves(e: &mut lio_core::Engine, index: &str) -> Vec<String> {
    text_rows(
        e,
        &format!(
            "select compression, prefix_length, leaf_blocks from user_indexes where index_name = '{}';",
            index.to_uppercase()
        ),
    )
    .remove(0)
}

/// One leaf block, by hand. The lab's leaf holds 8,192 - 128 = 8,064
/// bytes (PCTFREE 0). A non-unique index on a VARCHAR2(1) column, every
/// value 'X':
/// - uncompressed, an entry is flag + lock (2), the column (1 + 1), the
///   rowid (1 + 6) and its row directory slot (2): 13 bytes, 620 a leaf
///   (8,064 / 13 = 620.3), so 732 rows take 2 leaves;
/// - COMPRESS (= COMPRESS 1: every column of a non-unique index), the
///   leaf's header takes 4 bytes more (8,060 left); its prefix entry is
///   flag + lock (2), slot (2), prc (2) and the column (2): 8 bytes; each
///   row is flag + lock, rowid and slot: 11 bytes. 8 + 732 x 11 = 8,060:
///   732 rows fill one leaf exactly, the 733rd starts a second.
#[test]
fn one_leaf_block_worked_by_hand() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table x (v varchar2(1));\n\
         insert into x select 'X' from dual connect by level <= 732;\n\
         commit;\n\
         create index x_c on x (v) pctfree 0 compress;",
    ));
    assert_eq!(leaves(&mut e, "x_c"), ["ENABLED", "1", "1"]);
    ok(&e.exec("alter index x_c rebuild nocompress;"));
    assert_eq!(leaves(&mut e, "x_c"), ["DISABLED", "null", "2"]);
    ok(&e.exec("alter index x_c rebuild compress 1;\ninsert into x values ('X');\ncommit;"));
    // The 733rd row: one more leaf (the insert, ascending, splits 90/10).
    assert_eq!(leaves(&mut e, "x_c"), ["ENABLED", "1", "2"]);
}

/// Rows inserted after the index was created are laid out as a build of
/// the same entries: 732 rows inserted in ascending order, a few at a time
/// (in place) and then many (merged), fill the one leaf of the worked case.
#[test]
fn inserted_rows_take_the_prefix_layout() {
    let mut e = quiet_engine();
    ok(&e.exec("create table x (v varchar2(1), n number);\ncreate index x_c on x (v, n) pctfree 0 compress 1;"));
    for i in 0..12 {
        ok(&e
            .exec(&format!("insert into x select 'X', {} + level from dual connect by level <= 10;\ncommit;", i * 10)));
    }
    ok(&e.exec("insert into x select 'X', 120 + level from dual connect by level <= 5000;\ncommit;"));
    let inserted = leaves(&mut e, "x_c");
    ok(&e.exec("alter index x_c rebuild;"));
    assert_eq!(leaves(&mut e, "x_c"), inserted);
    assert_eq!(inserted[..2], ["ENABLED", "1"]);
}

/// The prefix length: without n, every column of a non-unique index (its
/// rowid is its last column) and every column but the last of a unique
/// one; n from 1 to those, else ORA-25194; a unique index of one column
/// has no prefix: ORA-25193. COMPRESS without REBUILD: ORA-02243.
#[test]
fn prefix_lengths_and_their_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a number, b number, c number);\n\
         insert into t select mod(level, 7), level, level from dual connect by level <= 100;\n\
         commit;\n\
         create index t_ab on t (a, b) compress;\n\
         create unique index t_bc on t (b, c) compress;",
    ));
    assert_eq!(leaves(&mut e, "t_ab")[..2], ["ENABLED", "2"]);
    assert_eq!(leaves(&mut e, "t_bc")[..2], ["ENABLED", "1"]);
    // Each at its COMPRESS keyword.
    let cases = [
        ("create unique index u1 on t (c) compress;", ora::COMPRESS_SINGLE_COLUMN_KEY),
        ("create unique index u2 on t (c, a) compress 2;", ora::INVALID_COMPRESS_PREFIX_LENGTH),
        ("create index i3 on t (c, a) compress 3;", ora::INVALID_COMPRESS_PREFIX_LENGTH),
        ("create index i3 on t (c, a) compress 0;", ora::INVALID_COMPRESS_PREFIX_LENGTH),
        ("alter index t_ab rebuild compress 3;", ora::INVALID_COMPRESS_PREFIX_LENGTH),
        ("alter index t_ab compress 1;", ora::INVALID_ALTER_INDEX_OPTION),
    ];
    for (sql, entry) in cases {
        let s = e.exec(sql);
        let col = sql.find("compress").unwrap() as u32 + 1;
        assert_eq!(error_of(&s[0]), (entry.code().as_str(), 1, col), "{sql}");
    }
    // A failed rebuild leaves the index as it was.
    assert_eq!(leaves(&mut e, "t_ab")[..2], ["ENABLED", "2"]);
    // A primary key's index compressed through USING INDEX.
    ok(&e.exec("create table k (a number, b number, constraint k_pk primary key (a, b) using index compress 1);"));
    assert_eq!(leaves(&mut e, "k_pk")[..2], ["ENABLED", "1"]);
}

/// Compressing more columns than repeat costs space: a prefix of a unique
/// column is a prefix entry for every row (the "negative compression" of
/// Foote's Part III), so COMPRESS 2 on (a, b) with b unique takes more
/// leaves than no compression, and COMPRESS 1 (a repeats) fewer. The
/// answers are the same.
#[test]
fn compressing_a_unique_column_costs_leaves() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a number, b number);\n\
         insert into t select mod(level, 10), level from dual connect by level <= 20000;\n\
         commit;\n\
         create index t_ab on t (a, b);",
    ));
    let count = "select count(*) from t where a = 3 and b between 1000 and 5000;";
    let plain: u32 = leaves(&mut e, "t_ab")[2].parse().unwrap();
    let rows = text_rows(&mut e, count);
    ok(&e.exec("alter index t_ab rebuild compress 1;"));
    let one: u32 = leaves(&mut e, "t_ab")[2].parse().unwrap();
    assert_eq!(text_rows(&mut e, count), rows);
    ok(&e.exec("alter index t_ab rebuild compress 2;"));
    let two: u32 = leaves(&mut e, "t_ab")[2].parse().unwrap();
    assert_eq!(text_rows(&mut e, count), rows);
    assert!(one < plain && plain < two, "{one} {plain} {two}");
}

fn step<'a>(steps: &'a [lio_core::StepOut], starts: &str, nth: usize) -> &'a lio_core::StepOut {
    steps.iter().filter(|s| s.statement.starts_with(starts)).nth(nth).unwrap_or_else(|| panic!("{starts} #{nth}"))
}

/// Richard Foote, "Index Compression Part II" (10g): (owner, id) COMPRESS 1
/// PCTFREE 0 over 55,296 rows: HEIGHT 2, LF_BLKS 110 (the script's header
/// has the dump and what the lab assumes of the owners). The lab: BLEVEL 1
/// and 109 leaves (0.9% under: the lab's leaf holds 8,064 bytes, Oracle's
/// kdxlebksz 8036 less its 36-byte header); uncompressed, 171. The range
/// (an owner, 501 ids) reads the same rows through either, and fewer
/// leaves compressed.
#[test]
fn foote_index_compression_part2_leaf_blocks() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/foote-index-compression-part2-10g.sql"));
    ok(&steps);
    let ix = |s: &lio_core::StepOut| row_strings(s)[0].split('|').map(str::to_string).collect::<Vec<_>>();
    let comp = ix(step(&steps, "select index_name", 0));
    assert_eq!(comp[..4], ["COMPRESSED_INDEX2", "ENABLED", "1", "1"]);
    let leaves: f64 = comp[4].parse().unwrap();
    assert!((leaves - 110.0).abs() / 110.0 <= 0.05, "{leaves}");
    let plain = ix(step(&steps, "select index_name", 1));
    assert_eq!(plain[1..3], ["DISABLED", ""]);
    assert!(plain[4].parse::<f64>().unwrap() > leaves * 1.4, "{plain:?}");
    let (a, b) = (step(&steps, "select count(*)", 0), step(&steps, "select count(*)", 1));
    assert_eq!((row_strings(a), row_strings(b)), (vec!["501".to_string()], vec!["501".to_string()]));
    assert!(a.plan.iter().any(|l| l.operation == "INDEX RANGE SCAN"), "{:?}", a.plan);
    assert!(stat(a, "consistent gets") < stat(b, "consistent gets"));
}

/// An index-organized table compressed (`ORGANIZATION INDEX COMPRESS n`):
/// its rows keep their leading key columns in each leaf's prefix table; n
/// at most the key's columns - 1, as for a unique index.
#[test]
fn an_iot_compressed() {
    let mut e = quiet_engine();
    let mk = |name: &str, compress: &str| {
        format!(
            "create table {name} (a varchar2(20), b number, c number, constraint {name}_pk primary key (a, b)) organization index {compress};\n\
             insert into {name} select 'GROUP' || lpad(mod(level, 5), 10, '0'), level, level from dual connect by level <= 5000;\n\
             commit;"
        )
    };
    ok(&e.exec(&(mk("p", "") + &mk("q", "compress 1"))));
    let p: u32 = leaves(&mut e, "p_pk")[2].parse().unwrap();
    let q = leaves(&mut e, "q_pk");
    assert_eq!(q[..2], ["ENABLED", "1"]);
    assert!(q[2].parse::<u32>().unwrap() < p, "{q:?} {p}");
    let s = e.exec(&mk("r", "compress 2"));
    assert_eq!(error_of(&s[0]).0, ora::INVALID_COMPRESS_PREFIX_LENGTH.code().as_str());
}
