//! Deferred segment creation of partitions (issue 34): from 11.2.0.2 a
//! partition's segment (and its LOCAL index partitions') is created by its
//! own first row, unless the table's or the partition's own SEGMENT
//! CREATION IMMEDIATE (or DEFERRED_SEGMENT_CREATION = FALSE) says now;
//! USER_TAB_PARTITIONS' and USER_TAB_SUBPARTITIONS' SEGMENT_CREATED (N/A
//! for a composite partition: its subpartitions hold the segments). 11.2.0.1
//! defers non-partitioned tables only; before 11.2.0.2 the clauses on a
//! partitioned table are refused. Published:
//! tests/articles/dbaora-deferred-partition-segments-11g.sql.

mod common;
use common::*;

fn strings(rows: &[[&str; 2]]) -> Vec<Vec<String>> {
    rows.iter().map(|r| r.map(String::from).to_vec()).collect()
}

/// dbaora's 11gR2 page: no segments after the CREATEs; P1's alone after
/// its first row; then TEST_TBL1, P1 and P2, as published.
#[test]
fn dbaora_partitions_get_their_segments_row_by_row() {
    let script = include_str!("../../../tests/articles/dbaora-deferred-partition-segments-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let selects: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    assert_eq!(selects.len(), 3);
    assert!(selects[0].rows.is_empty(), "no rows selected");
    assert_eq!(row_strings(selects[1]), ["P1|YES", "P2|NO"]);
    assert_eq!(row_strings(selects[2]), ["TEST_TBL1|", "TEST_TBL2|P1", "TEST_TBL2|P2"]);
}

/// A partition's own clause wins over the table's: A deferred under a
/// table's IMMEDIATE, A immediate under the default DEFERRED. A LOCAL
/// index's partition has a segment where its table partition has one,
/// and gets it with the partition's first row.
#[test]
fn a_partitions_clause_overrides_the_tables() {
    for v in ["11.2.0.2", "19c"] {
        let mut e = quiet_engine();
        ok(&e.exec(&format!(
            "lab version {v};\n\
             create table t (x int) segment creation immediate partition by range (x) (\n\
               partition a values less than (10) segment creation deferred,\n\
               partition b values less than (20), partition c values less than (maxvalue) segment creation immediate);\n\
             create table u (x int) partition by range (x) (\n\
               partition a values less than (10) segment creation immediate, partition b values less than (maxvalue));\n\
             create index u_i on u (x) local;"
        )));
        let q = "select table_name, partition_name, segment_created from user_tab_partitions order by 1, 2;";
        let rows: Vec<String> = text_rows(&mut e, q).iter().map(|r| r.join("|")).collect();
        assert_eq!(rows, ["T|A|NO", "T|B|YES", "T|C|YES", "U|A|YES", "U|B|NO"], "{v}");
        let segs = "select segment_name, partition_name from user_segments order by 1, 2;";
        let want = [["T", "B"], ["T", "C"], ["U", "A"], ["U_I", "A"]];
        assert_eq!(text_rows(&mut e, segs), strings(&want), "{v}");
        ok(&e.exec("insert into u values (15);"));
        let want = [["T", "B"], ["T", "C"], ["U", "A"], ["U", "B"], ["U_I", "A"], ["U_I", "B"]];
        assert_eq!(text_rows(&mut e, segs), strings(&want), "{v}");
    }
}

/// A composite table: the partition's clause applies to its
/// subpartitions (the segments); the partitions' SEGMENT_CREATED is N/A.
#[test]
fn a_composite_partitions_clause_applies_to_its_subpartitions() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "lab version 19c;\n\
         create table c (x int, y int) partition by range (x) subpartition by hash (y) subpartitions 2 (\n\
           partition a values less than (10) segment creation immediate, partition b values less than (maxvalue));",
    ));
    let q = "select partition_name, segment_created from user_tab_partitions order by 1;";
    assert_eq!(text_rows(&mut e, q), strings(&[["A", "N/A"], ["B", "N/A"]]));
    let q = "select partition_name, segment_created, count(*) from user_tab_subpartitions group by partition_name, segment_created order by 1;";
    let rows: Vec<String> = text_rows(&mut e, q).iter().map(|r| r.join("|")).collect();
    assert_eq!(rows, ["A|YES|2", "B|NO|2"]);
}

/// 11.2.0.1 defers non-partitioned tables only: a partitioned table's
/// segments come with it (SEGMENT_CREATED YES), and the clauses that
/// would defer them are refused (LAB-00001; 11.2.0.1's own error is not
/// established). 10.2 has no SEGMENT_CREATED column (ORA-00904).
#[test]
fn before_11_2_0_2_a_partitioned_tables_segments_come_with_it() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "lab version 11.2.0.1;\ncreate table p (x int) partition by range (x) (partition p1 values less than (10));",
    ));
    let q = "select partition_name, segment_created from user_tab_partitions;";
    assert_eq!(text_rows(&mut e, q), strings(&[["P1", "YES"]]));
    let q = "select segment_name, partition_name from user_segments;";
    assert_eq!(text_rows(&mut e, q), strings(&[["P", "P1"]]));
    let s = e.exec(
        "create table q (x int) partition by range (x) (partition q1 values less than (10) segment creation deferred);",
    );
    assert_eq!(error_of(&s[0]), ("LAB-00001", 1, 83));
    let s = e.exec(
        "create table q (x int) segment creation deferred partition by range (x) (partition q1 values less than (10));",
    );
    assert_eq!(error_of(&s[0]), ("LAB-00001", 1, 24));
    let mut e = quiet_engine();
    ok(&e.exec(
        "lab version 10.2;\ncreate table p (x int) partition by range (x) (partition p1 values less than (10));",
    ));
    let s = e.exec("select segment_created from user_tab_partitions;");
    assert_eq!(error_of(&s[0]).0, "ORA-00904");
    let s = e.exec("create table q (x int) partition by range (x) (partition q1 values less than (10) segment creation immediate);");
    assert_eq!(error_of(&s[0]), ("LAB-00001", 1, 83));
}

/// Where the clause is not modelled it is refused, not ignored: on a
/// template subpartition, in ADD PARTITION, on an index partition.
#[test]
fn the_clause_elsewhere_is_refused() {
    let mut e = quiet_engine();
    ok(&e
        .exec("lab version 19c;\ncreate table p (x int) partition by range (x) (partition p1 values less than (10));"));
    for sql in [
        "create table q (x int, y int) partition by range (x) subpartition by list (y) subpartition template (subpartition s1 values (1) segment creation deferred) (partition q1 values less than (10));",
        "alter table p add partition p2 values less than (20) segment creation deferred;",
        "create index p_i on p (x) local (partition i1 segment creation deferred);",
    ] {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]).0, "LAB-00001", "{sql}");
    }
}

/// The first row of a deferred partition creates its segment in a
/// recursive transaction, as a deferred table's does: the session's
/// transaction gives up in-memory undo (no `IMU commits` at its COMMIT),
/// where a partition created IMMEDIATE keeps it.
#[test]
fn a_deferred_partitions_first_row_bars_imu_as_a_tables_does() {
    let commits = |clause: &str| {
        let mut e = quiet_engine();
        ok(&e.exec(&format!(
            "lab version 11.2.0.2;\ncreate table p (x int) {clause} partition by range (x) (partition p1 values less than (10));"
        )));
        let s = e.exec("insert into p values (1);\ncommit;");
        ok(&s);
        stat(&s[1], "IMU commits")
    };
    assert_eq!(commits("segment creation immediate"), 1);
    assert_eq!(commits(""), 0);
}
