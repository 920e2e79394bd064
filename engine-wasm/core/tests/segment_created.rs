//! Deferred segment creation in the dictionary (issue 32): USER_TABLES'
//! and USER_INDEXES' SEGMENT_CREATED (11.2+) and USER_SEGMENTS, per
//! release. From 11.2 a heap table's segment, and its indexes', is created
//! by its first row (DEFERRED_SEGMENT_CREATION = TRUE, or SEGMENT CREATION
//! DEFERRED); before 11.2 CREATE TABLE creates it, the column does not
//! exist (ORA-00904) and the SEGMENT CREATION clause is not SQL (ORA-00922).
//! Published: tests/articles/oracledistilled-deferred-segment-creation-11g.sql.

mod common;
use common::*;

/// Oracle Distilled's 11gR2 page: a table with a primary key and a unique
/// index created after it. Before any row: NO, NO, NO and no segments;
/// after an INSERT (rolled back here) each has its segment of one 8-block
/// extent, and YES.
#[test]
fn oracledistilled_employee_before_and_after_the_first_row() {
    let script = include_str!("../../../tests/articles/oracledistilled-deferred-segment-creation-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let selects: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    assert_eq!(selects.len(), 6);
    assert_eq!(row_strings(selects[0]), ["NO"]);
    assert_eq!(row_strings(selects[1]), ["EMP_PK|NO", "EMP_SSN_IDX|NO"]);
    assert!(selects[2].rows.is_empty());
    assert_eq!(row_strings(selects[3]), ["YES"]);
    assert_eq!(row_strings(selects[4]), ["EMP_PK|YES", "EMP_SSN_IDX|YES"]);
    assert_eq!(row_strings(selects[5]), ["EMPLOYEE|8|1", "EMP_PK|8|1", "EMP_SSN_IDX|8|1"]);
}

/// 11.2: SEGMENT CREATION IMMEDIATE and DEFERRED_SEGMENT_CREATION = FALSE
/// create the segment at CREATE TABLE; a partitioned table's is N/A (its
/// partitions hold the segments, created with it on 11.2.0.1:
/// `partition_segment_creation.rs`), a global temporary table's YES (never
/// deferred: its segments are sessions' temporary ones).
#[test]
fn segment_created_by_clause_parameter_and_kind() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "lab version 11.2.0.1;\n\
         create table d (x int);\n\
         create table i (x int) segment creation immediate;\n\
         alter session set deferred_segment_creation = false;\n\
         create table p (x int);\n\
         alter session set deferred_segment_creation = true;\n\
         create table q (x int) partition by range (x) (partition q1 values less than (10));\n\
         create global temporary table g (x int);",
    ));
    let rows = text_rows(&mut e, "select table_name, segment_created from user_tables order by table_name;");
    let want = [["D", "NO"], ["G", "YES"], ["I", "YES"], ["P", "YES"], ["Q", "N/A"]];
    assert_eq!(rows, want.map(|r| r.map(String::from).to_vec()));
    let segs = text_rows(&mut e, "select segment_name from user_segments order by segment_name;");
    assert_eq!(segs, [["I"], ["P"], ["Q"]].map(|r| r.map(String::from).to_vec()));
}

/// 10.2: CREATE TABLE creates the table's segment, and CREATE INDEX the
/// index's, with no row; USER_TABLES has no SEGMENT_CREATED (ORA-00904 at
/// the column) and SEGMENT CREATION is ORA-00922 at SEGMENT.
#[test]
fn before_11_2_the_segment_comes_with_create_table() {
    let mut e = quiet_engine();
    ok(&e.exec("lab version 10.2.0.5;\ncreate table t (x int);\ncreate index ti on t (x);"));
    let segs = text_rows(&mut e, "select segment_name, blocks from user_segments order by segment_name;");
    assert_eq!(segs, [["T", "8"], ["TI", "8"]].map(|r| r.map(String::from).to_vec()));
    let s = e.exec("select table_name, segment_created from user_tables;");
    assert_eq!(error_of(&s[0]), ("ORA-00904", 1, 20));
    let s = e.exec("select index_name, segment_created from user_indexes;");
    assert_eq!(error_of(&s[0]), ("ORA-00904", 1, 20));
    let s = e.exec("create table u (x int) segment creation deferred;");
    assert_eq!(error_of(&s[0]), ("ORA-00922", 1, 24));
}
