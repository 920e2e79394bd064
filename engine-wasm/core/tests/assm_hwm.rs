//! An ASSM segment's bitmap blocks below the high water mark
//! (storage/assm.rs, issue 32), worked by hand.
//!
//! A heap segment's first extent (64 KB, 8 blocks) starts with the L1
//! bitmap block, the L2 and the segment header; data start at its fourth
//! block. The L1 maps 16 blocks, so the third extent starts with the next
//! L1. USER_SEGMENTS allocates extents for them.

mod common;
use common::*;

/// heiqu.com, "Oracle 高水位线" (11.2: the segment is created at the
/// first row), https://heiqu.com/f9332e94ed5ce2dc99367288843e897c_3.html
/// and _4.html: 10,000 rows (i, 'euvcg') inserted one at a time.
///
/// Published: DBA_SEGMENTS 32 blocks, 4 extents (262,144 bytes); after
/// DBMS_STATS BLOCKS 28; after ANALYZE BLOCKS 28, EMPTY_BLOCKS 4; the same
/// after DELETE of every row and ANALYZE.
///
/// Worked by hand: a row is its header 3 + i (a length byte and 3 bytes
/// for most of 100 to 9,999) 4 + 'euvcg' 6 = 13 bytes, 15 with its
/// directory entry; a block takes 7,259 bytes (8,192 - 114 - 819 of
/// PCTFREE 10): 483 rows, so 21 data blocks. The extents: L1, L2, header
/// and 5 data blocks; 8; the L1 of blocks 16-31 and 7; the fourth holds
/// the last block in use: 32 blocks in 4 extents, as published (the lab
/// gave 24 in 3 with the header alone). BLOCKS stays the header and the
/// blocks in use, 22 (the article's 28 are the data blocks below a mark
/// that covers the whole 64 KB extent: `storage::assm::hwm`, not yet
/// BLOCKS), EMPTY_BLOCKS 24 - 22 = 2 (the article's 4). A full scan reads
/// the blocks in use: 3 header gets + 21.
#[test]
fn heiqu_test01_blocks_below_the_high_water_mark() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table test01 (id number, name varchar2(10));\n\
         begin for i in 1 .. 10000 loop insert into test01 values (i, 'euvcg'); end loop; commit; end;\n/",
    ));
    let seg = text_rows(&mut e, "select blocks, extents, bytes from user_segments where segment_name = 'TEST01';");
    assert_eq!(seg, [["32", "4", "262144"]]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'TEST01')"));
    let blocks = "select blocks, empty_blocks from user_tables where table_name = 'TEST01';";
    assert_eq!(text_rows(&mut e, blocks), [["22", "0"]]);
    ok(&e.exec("analyze table test01 compute statistics;"));
    assert_eq!(text_rows(&mut e, blocks), [["22", "2"]]);
    let s = e.exec("select count(*) from test01;\nselect count(*) from test01;");
    ok(&s);
    assert_eq!(stat(&s[1], "consistent gets"), 3 + 21);
    // A DELETE leaves the high water mark where it was.
    ok(&e.exec("delete from test01;\ncommit;\nanalyze table test01 compute statistics;"));
    assert_eq!(text_rows(&mut e, blocks), [["22", "2"]]);
}

/// Alberto Dell'Era, oracle-l "Re: statistics stability" (10g, 2007;
/// `tests/articles/blogs/dellera-statistics-stability-10g.sql`): four
/// rows, their full scan costs 3. With noworkload statistics and an MBRC
/// of 8 the cost is ceil(B / 8 x 26 / 12) + 1: 3 for B of 4 to 7. The
/// rows are in one data block, the segment's fourth, in its one 64 KB
/// extent (8 blocks); Oracle's mark covers the extent's 5 data blocks
/// (cost 3), the lab's BLOCKS is still 2 (cost 2).
#[test]
fn dellera_four_rows_fill_one_extent() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (x int);\ninsert into t values (0);\ninsert into t values (0);\n\
         insert into t values (10);\ninsert into t values (10);\ncommit;\n\
         exec dbms_stats.gather_table_stats(user, 't', method_opt => 'for all columns size 1')",
    ));
    assert_eq!(text_rows(&mut e, "select blocks from user_tables where table_name = 'T';"), [["2"]]);
    // The segment is one 64 KB extent, its mark after the first extent's
    // 5 data blocks in Oracle (`storage::assm::hwm`), not yet BLOCKS.
    assert_eq!(text_rows(&mut e, "select blocks from user_segments where segment_name = 'T';"), [["8"]]);
    let plan = plan_of(&mut e, "select * from t where x = 5;");
    let full = plan.iter().find(|l| l.operation == "TABLE ACCESS FULL").expect("a full scan");
    assert_eq!((full.cost, full.e_rows), (2, 2), "published 3: BLOCKS 5 would give it");
}

/// The article as scripted (`tests/articles/heiqu-assm-blocks-below-hwm-11g.sql`):
/// the segment's 32 blocks and 4 extents as published; BLOCKS 22 and
/// EMPTY_BLOCKS 2 (published 28 and 4), the same after the DELETE.
#[test]
fn heiqu_article_script() {
    let script = include_str!("../../../tests/articles/heiqu-assm-blocks-below-hwm-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let rows = |prefix: &str| -> Vec<Vec<String>> {
        steps
            .iter()
            .filter(|s| s.statement.starts_with(prefix))
            .map(|s| {
                s.rows[0].iter().map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).collect()
            })
            .collect()
    };
    assert_eq!(rows("select segment_name"), [["TEST01", "262144", "32", "4"]]);
    let tables = rows("select table_name");
    assert_eq!(tables, [["TEST01", "22", "0"], ["TEST01", "22", "2"], ["TEST01", "22", "2"]]);
}

/// An UPDATE that fails for want of space (ORA-01653), rolled back at
/// statement level: the segment keeps the extents it allocated, never
/// more blocks than its file holds (the lab showed 256 blocks in a
/// 128-block file: the rollback's trim turned the extents' blocks back
/// into data blocks less the header alone, 127, whose bitmap blocks
/// then took a 17th extent).
///
/// Worked by hand: a 2 MB file less its 1 MB header (11.2+) leaves 128
/// blocks, sixteen 64 KB extents. 3,000 rows (rownum, 'x') are 9 to 11
/// bytes with their directory entry, some 660 a block: 5 data blocks, in
/// the first extent (L1, L2, header, 5 data blocks). The UPDATE to 3,000
/// bytes a row migrates them two to a block, some 1,500 blocks: extents 2
/// to 16 fit, the 17th (1 MB, 128 blocks) does not: "by 128". Rolled
/// back, the 16 extents stay (allocated in recursive transactions):
/// USER_SEGMENTS 128 blocks, 16 extents, 1,048,576 bytes; their data
/// blocks, 128 less the L1, L2 and header and the L1s at the start of
/// extents 3, 5, ..., 15 (7): 118, stay formatted below the mark. The
/// lab's BLOCKS counts the header with them: 119 (Oracle's 118, the data
/// blocks below the mark: `storage::assm::blocks_statistic`).
#[test]
fn a_failed_update_keeps_the_extents_that_fit_its_file() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create tablespace small datafile '+DATA' size 2m;\n\
         create table t (id number, v varchar2(4000)) tablespace small;\n\
         insert into t select rownum, 'x' from dual connect by level <= 3000;\n\
         commit;",
    );
    ok(&steps);
    let seg = "select blocks, extents, bytes from user_segments where segment_name = 'T';";
    assert_eq!(text_rows(&mut e, seg), [["8", "1", "65536"]]);
    let steps = e.exec("update t set v = rpad('x', 3000, 'x');");
    assert_eq!(error_of(&steps[0]).0, "ORA-01653");
    assert_eq!(steps[0].error.as_ref().unwrap().message, "unable to extend table LAB.T by 128 in tablespace SMALL");
    assert_eq!(text_rows(&mut e, seg), [["128", "16", "1048576"]]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    let blocks = "select blocks, num_rows from user_tables where table_name = 'T';";
    assert_eq!(text_rows(&mut e, blocks), [["119", "3000"]]);
    // A second try fails the same way and leaves the segment as it was.
    let steps = e.exec("update t set v = rpad('x', 3000, 'x');");
    assert_eq!(error_of(&steps[0]).0, "ORA-01653");
    assert_eq!(text_rows(&mut e, seg), [["128", "16", "1048576"]]);
}

/// An INSERT that fails for want of space (ORA-01653) is rolled back at
/// statement level, but Oracle had placed its rows until the extent that
/// did not fit: the segment (deferred, created by the INSERT) keeps the
/// extents that fit and their formatted blocks below the mark (Tom Kyte,
/// Expert Oracle Database Architecture: a rolled-back INSERT leaves its
/// segment and its blocks). The lab refused the rows before placing them
/// and left no segment.
///
/// Worked by hand: a row of 3 + 3 (the id) + 1,003 bytes and its 2-byte
/// directory entry is 1,011 bytes, 7 to a block's 7,259. The 2 MB file
/// holds sixteen 64 KB extents (128 blocks, 118 of them data blocks: 826
/// rows); the 17th extent (1 MB) does not fit: "by 128". The segment:
/// 128 blocks, 16 extents; no row; BLOCKS 119 in the lab (the header and
/// the 118 data blocks; Oracle's 118). 500 rows then fill 72 of the 118
/// empty blocks (ceil(500 / 7)): no new extent; 500 more need 144 data
/// blocks: ORA-01653 again, the segment as it was.
#[test]
fn a_failed_insert_keeps_the_extents_that_fit_its_file() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create tablespace small datafile '+DATA' size 2m;\n\
         create table t (id number, padding varchar2(1000)) tablespace small;\n\
         insert into t select level, rpad('x', 1000) from dual connect by level <= 100000;",
    );
    ok(&steps[..2]);
    assert_eq!(steps[2].error.as_ref().unwrap().message, "unable to extend table LAB.T by 128 in tablespace SMALL");
    let seg = "select blocks, extents, bytes from user_segments where segment_name = 'T';";
    assert_eq!(text_rows(&mut e, seg), [["128", "16", "1048576"]]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    let blocks = "select blocks, num_rows from user_tables where table_name = 'T';";
    assert_eq!(text_rows(&mut e, blocks), [["119", "0"]]);
    ok(&e.exec("insert into t select level, rpad('x', 1000) from dual connect by level <= 500;\ncommit;"));
    assert_eq!(text_rows(&mut e, seg), [["128", "16", "1048576"]]);
    let steps = e.exec("insert into t select level, rpad('x', 1000) from dual connect by level <= 500;");
    assert_eq!(error_of(&steps[0]).0, "ORA-01653");
    assert_eq!(text_rows(&mut e, seg), [["128", "16", "1048576"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from t;"), [["500"]]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(text_rows(&mut e, blocks), [["119", "500"]]);
}
