//! Issue 34: the composite forms of 11.1 (LIST-HASH, LIST-LIST,
//! LIST-RANGE, RANGE-RANGE) beside 10.2's RANGE-HASH and RANGE-LIST:
//! each partition (by its range bound or value list) divided into
//! subpartitions (by hash, or a SUBPARTITION TEMPLATE's lists or
//! ranges), each subpartition a segment, pruned on both levels. 10.2
//! refuses them by name, before any object is made (the HASH- forms of
//! 11.2: composite_hash.rs); INTERVAL- composites stay LAB-00001 in every
//! release.

mod common;
use common::composite::{again, part_lines as lines};
use common::*;

/// LH: LIST-HASH, 3 x 2. PE takes R = 'E', PW 'W', PO the rest; each
/// splits into 2 hash subpartitions on N. 3 rows per region: each
/// subpartition holds its few rows in one block (or none).
const LH: &str = "create table lh (r varchar2(1), n number, v varchar2(10))\n\
    partition by list (r) subpartition by hash (n) subpartitions 2\n\
    (partition pe values ('E'), partition pw values ('W'), partition po values (default));\n\
    insert into lh select decode(mod(rownum, 3), 0, 'E', 1, 'W', 'X'), rownum, 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    exec dbms_stats.gather_table_stats(user, 'LH')\n\
    alter session set statistics_level = all;\n";

/// LIST-HASH: 6 subpartition segments, the partitions' rows their
/// subpartitions' (3 each); R = 'W' keeps partition 2 (LIST SINGLE), both
/// its subpartitions (HASH ALL 1-2, the table's 3 and 4).
#[test]
fn list_hash_routes_and_prunes() {
    let mut e = quiet_engine();
    ok(&e.exec(LH));
    assert_eq!(
        text_rows(&mut e, "select partitioning_type, subpartitioning_type, partition_count, def_subpartition_count from user_part_tables;"),
        [["LIST", "HASH", "3", "2"]]
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select partition_name, subpartition_count, num_rows from user_tab_partitions order by partition_position;"
        ),
        [["PE", "2", "3"], ["PW", "2", "3"], ["PO", "2", "3"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_segments where segment_type = 'TABLE SUBPARTITION';"),
        [["6"]]
    );
    let s = again(&mut e, "select count(*) from lh where r = 'W';");
    assert_eq!(row_strings(&s), ["3"]);
    assert_eq!(lines(&s)[2..], ["PARTITION LIST SINGLE 2-2", "PARTITION HASH ALL 1-2", "TABLE ACCESS FULL 3-4"]);
    // A LOCAL index under the same two lines.
    ok(&e.exec("create index lh_n on lh (n) local;"));
    let s = again(&mut e, "select /*+ index(lh lh_n) */ v from lh where r = 'W' and n = 4;");
    assert_eq!(row_strings(&s), ["v4"]);
    let l = lines(&s);
    assert_eq!(l[1], "PARTITION LIST SINGLE 2-2");
    assert!(l[2].starts_with("PARTITION HASH SINGLE "), "{l:?}");
    assert!(l[3].starts_with("TABLE ACCESS BY LOCAL INDEX ROWID "), "{l:?}");
}

/// LIST-LIST by a template, and RANGE-RANGE: N = 150 and D < 5 keeps
/// partition 2 and its first subpartition (LO), the table's third
/// segment: one block, 4 gets. A template's range bounds out of order:
/// ORA-14037, as for partitions.
#[test]
fn list_list_and_range_range() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table ll (r varchar2(1), s varchar2(1))\n\
         partition by list (r) subpartition by list (s)\n\
         subpartition template (subpartition a values ('A'), subpartition z values (default))\n\
         (partition pe values ('E'), partition pw values ('W'));\n\
         insert into ll values ('E', 'A');\ninsert into ll values ('W', 'A');\ninsert into ll values ('W', 'Q');\ncommit;\n\
         exec dbms_stats.gather_table_stats(user, 'LL')",
    ));
    assert_eq!(
        text_rows(&mut e, "select subpartition_name, num_rows from user_tab_subpartitions order by partition_position, subpartition_position;"),
        [["PE_A", "1"], ["PE_Z", "0"], ["PW_A", "1"], ["PW_Z", "1"]]
    );
    let s = e.exec("insert into ll values ('N', 'A');");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_KEY_NO_PARTITION.code());
    ok(&e.exec(
        "create table rr (n number, d number)\n\
         partition by range (n) subpartition by range (d)\n\
         subpartition template (subpartition lo values less than (10), subpartition hi values less than (maxvalue))\n\
         (partition p1 values less than (100), partition p2 values less than (maxvalue));\n\
         insert into rr select rownum * 20, mod(rownum, 20) from dual connect by level <= 10;\ncommit;\n\
         exec dbms_stats.gather_table_stats(user, 'RR')\n\
         alter session set statistics_level = all;",
    ));
    let s = again(&mut e, "select count(*) from rr where n = 160 and d < 10;");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(lines(&s)[2..], ["PARTITION RANGE SINGLE 2-2", "PARTITION RANGE SINGLE 1-1", "TABLE ACCESS FULL 3-3"]);
    assert_eq!(stat(&s, "consistent gets"), 4);
    let s = e.exec(
        "create table bad (n number, d number) partition by range (n) subpartition by range (d)\n\
         subpartition template (subpartition hi values less than (20), subpartition lo values less than (10))\n\
         (partition p1 values less than (maxvalue));",
    );
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_BOUND_TOO_HIGH.code());
}

/// 10.2.0.5 has RANGE-HASH and RANGE-LIST only: LIST-HASH and RANGE-RANGE
/// are LAB-00001 at SUBPARTITION, naming the form and the release, no
/// table made; RANGE-HASH is built.
#[test]
fn release_10_2_refuses_the_11g_forms() {
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 10.2.0.5;"));
    for (sql, (what, column)) in [
        (
            "create table c (r varchar2(1), n number)\npartition by list (r) subpartition by hash (n) subpartitions 2\n(partition p values (default));",
            ("LIST-HASH", 23),
        ),
        (
            "create table c (n number, d number)\npartition by range (n) subpartition by range (d)\nsubpartition template (subpartition s values less than (maxvalue))\n(partition p values less than (maxvalue));",
            ("RANGE-RANGE", 24),
        ),
    ] {
        let s = e.exec(sql);
        let err = s[0].error.as_ref().unwrap_or_else(|| panic!("`{sql}` did not fail"));
        assert_eq!(err.code, lio_sql::ora::LAB_UNSUPPORTED.code(), "{sql}");
        assert!(err.message.contains(what) && err.message.contains("11.1"), "{sql}: {}", err.message);
        assert_eq!((err.line, err.column), (2, column), "{sql}");
        assert_eq!(text_rows(&mut e, "select count(*) from user_tables where table_name = 'C';"), [["0"]]);
    }
    ok(&e.exec(
        "create table c (n number, d number)\npartition by range (n) subpartition by hash (d) subpartitions 2\n(partition p values less than (maxvalue));",
    ));
}
