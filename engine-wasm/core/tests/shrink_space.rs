//! ALTER TABLE ... SHRINK SPACE (session/shrink.rs), worked by hand.
//!
//! The table: `test_hwm (id int, name char(2000))`, as in the cppentry.com
//! experiment (https://www.cppentry.com/bencandy.php?aid=51283&fid=57&page=2,
//! 10g, an ASSM tablespace). A row is its header 3 + id (c1 0x, 1 length
//! byte + 2) 3 + name (3 length bytes + 2,000) 2,003 = 2,009 bytes, 2,011
//! with its directory entry; a block takes rows up to 8,192 - 114 - 819
//! (PCTFREE 10) = 7,259 bytes: three (6,033), as the article's ROWIDs show
//! (ids 1 2 2 | 3 4 5 | 6 7 8 | 9 10 in four blocks). Deleting ids 2, 3, 4,
//! 7 and 8 leaves 1 (block 1 slot 0), 5 (block 2 slot 2), 6 (block 3 slot
//! 0), 9 and 10 (block 4 slots 0 and 1). The shrink walks from block 4
//! back, each block's rows in slot order: 9 and 10 go to block 1 (2,011 + 2 x 2,011 = 6,033 <= 7,259) into
//! its free slots 1 and 2; 6 goes to block 2 (block 1 is full), slot 0; 5
//! would need a block before block 2 with room: none, so the moves stop.
//! Blocks 1 and 2 hold the rows; the high water mark goes down to them.
//! A full scan (18c: 3 header gets) reads 3 + 4 blocks before, 3 + 2 after.

mod common;
use common::*;
use lio_core::Engine;
use lio_sql::ora;

const SET_UP: &str = "create table test_hwm (id int, name char(2000));\n\
    insert into test_hwm values (1, 'aa');\ninsert into test_hwm values (2, 'bb');\n\
    insert into test_hwm values (2, 'cc');\ninsert into test_hwm values (3, 'dd');\n\
    insert into test_hwm values (4, 'ds');\ninsert into test_hwm values (5, 'dss');\n\
    insert into test_hwm values (6, 'dss');\ninsert into test_hwm values (7, 'ess');\n\
    insert into test_hwm values (8, 'es');\ninsert into test_hwm values (9, 'es');\n\
    insert into test_hwm values (10, 'es');\ncommit;\n\
    delete from test_hwm where id in (2, 3, 4, 7, 8);\ncommit;";

fn set_up() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(SET_UP));
    e
}

/// (id, block relative to the first data block, slot) of each row, in
/// scan order.
fn places(e: &mut Engine) -> Vec<(i64, i64, i64)> {
    let s = e
        .exec("select id, dbms_rowid.rowid_block_number(rowid) b, dbms_rowid.rowid_row_number(rowid) s from test_hwm;");
    ok(&s);
    let rows: Vec<Vec<i64>> =
        s[0].rows.iter().map(|r| r.iter().map(|v| v.to_string().parse::<i64>().expect("a number")).collect()).collect();
    let first = rows.iter().map(|r| r[1]).min().unwrap_or(0);
    rows.iter().map(|r| (r[0], r[1] - first, r[2])).collect()
}

/// The consistent gets of a full scan, run twice: the second's (the first
/// also cleans out the blocks the last DELETE changed and parses).
fn scan_gets(e: &mut Engine) -> u64 {
    let s = e.exec(
        "select /*+ full(test_hwm) */ count(*) from test_hwm;\nselect /*+ full(test_hwm) */ count(*) from test_hwm;",
    );
    ok(&s);
    stat(&s[1], "consistent gets")
}

#[test]
fn shrink_moves_the_tail_rows_into_the_first_blocks_with_room() {
    let mut e = set_up();
    assert_eq!(places(&mut e), [(1, 0, 0), (5, 1, 2), (6, 2, 0), (9, 3, 0), (10, 3, 1)]);
    assert_eq!(scan_gets(&mut e), 3 + 4);
    ok(&e.exec("alter table test_hwm enable row movement;\nalter table test_hwm shrink space;"));
    // Scan order: block 1's slots 0, 1, 2; block 2's slots 0 and 2.
    assert_eq!(places(&mut e), [(1, 0, 0), (9, 0, 1), (10, 0, 2), (6, 1, 0), (5, 1, 2)]);
    assert_eq!(scan_gets(&mut e), 3 + 2);
    // New rows go into the last block below the new high water mark.
    ok(&e.exec("insert into test_hwm values (11, 'x');\ncommit;"));
    assert_eq!(places(&mut e).last(), Some(&(11, 1, 3)));
}

#[test]
fn shrink_needs_row_movement() {
    let mut e = set_up();
    let s = e.exec("alter table test_hwm shrink space;");
    let err = s[0].error.as_ref().expect("refused");
    assert_eq!(err.code, ora::SHRINK_NEEDS_ROW_MOVEMENT.code());
    assert_eq!(scan_gets(&mut e), 3 + 4);
}

/// COMPACT moves the rows and leaves the high water mark; the full scan
/// still reads the emptied blocks 3 and 4 until a SHRINK SPACE without it.
#[test]
fn compact_keeps_the_high_water_mark() {
    let mut e = set_up();
    ok(&e.exec("alter table test_hwm enable row movement;\nalter table test_hwm shrink space compact;"));
    assert_eq!(places(&mut e), [(1, 0, 0), (9, 0, 1), (10, 0, 2), (6, 1, 0), (5, 1, 2)]);
    assert_eq!(scan_gets(&mut e), 3 + 4);
    ok(&e.exec("alter table test_hwm shrink space;"));
    assert_eq!(scan_gets(&mut e), 3 + 2);
}

/// An index's entries follow the moved rows: a probe of id 9 reads the
/// index (root = leaf) and the row in block 1.
#[test]
fn indexes_follow_the_moved_rows() {
    let mut e = set_up();
    ok(&e.exec(
        "create index test_hwm_i on test_hwm (id);\nalter table test_hwm enable row movement;\n\
         alter table test_hwm shrink space;",
    ));
    let s =
        e.exec("select /*+ index(test_hwm test_hwm_i) */ id, trim(name) from test_hwm where id in (9, 5) order by id;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["5|dss", "9|es"]);
    let s = e.exec("alter table test_hwm shrink space cascade;");
    assert_eq!(s[0].error.as_ref().expect("refused").code, ora::LAB_UNSUPPORTED.code());
}

/// A table whose rows are all deleted shrinks to no data block: the scan
/// reads the header gets only, as after a TRUNCATE.
#[test]
fn an_emptied_table_shrinks_to_its_header() {
    let mut e = set_up();
    ok(&e.exec(
        "delete from test_hwm;\ncommit;\nalter table test_hwm enable row movement;\nalter table test_hwm shrink space;",
    ));
    assert_eq!(scan_gets(&mut e), 3);
}

/// tests/articles/candido-delete-keeps-hwm-shrink-10g.sql (Rodolfo Candido,
/// 10g): a million rows of (ID, SEXO), 1,655 consistent gets for the full
/// scan; the DELETE of the 800,000 'M' rows leaves it (the lab: the same
/// count); SHRINK SPACE brings it down to the 200,000 'F' rows' blocks
/// (about 200,000 / 604 = 332, plus the 3 header gets: the lab 330 + 3),
/// TRUNCATE to the header gets. The second run of each scan is compared
/// (the first after a DDL also parses).
#[test]
fn candido_delete_keeps_the_high_water_mark() {
    let script = include_str!("../../../tests/articles/candido-delete-keeps-hwm-shrink-10g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let gets: Vec<u64> =
        steps.iter().filter(|s| s.statement.starts_with("SELECT sexo")).map(|s| stat(s, "consistent gets")).collect();
    assert_eq!(gets.len(), 8);
    let before = gets[1];
    assert!((before as f64 - 1655.0).abs() / 1655.0 < 0.05, "{before} vs the article's 1,655");
    assert_eq!(gets[3], before, "the DELETE leaves the high water mark");
    assert_eq!((before, gets[5], gets[7]), (1654, 333, 3));
}
