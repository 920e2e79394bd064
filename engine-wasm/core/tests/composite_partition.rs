//! Issue 34: composite partitioning (RANGE-HASH, RANGE-LIST, LIST-...,
//! HASH-...). Not built yet: each form is refused by name with LAB-00001
//! at the line and column of the word that starts it, before any object
//! is created, so a script that meets one says so rather than running a
//! table that is not what was written. The dictionary columns
//! (USER_PART_TABLES SUBPARTITIONING_TYPE, USER_SEGMENTS 'TABLE
//! SUBPARTITION') exist and stay empty.

mod common;
use common::*;

const R: &str = "create table r (n number not null, v varchar2(10))\n\
    partition by range (n) (partition p1 values less than (5), partition p2 values less than (10));\n";

/// (statement, line, column, words the message names). Line and column
/// are 1-based, of the token the refusal points at: `SUBPARTITION` of the
/// SUBPARTITION BY clause, the partition's own `SUBPARTITIONS n` or
/// `(SUBPARTITION ...)` list, the ALTER verb's object, or the
/// subpartition-extended table name.
const REFUSED: &[(&str, u32, u32, &str)] = &[
    // RANGE-HASH, 2 x 2: the clause is refused at SUBPARTITION (line 2, column 24).
    (
        "create table c (n number, d number)\npartition by range (n) subpartition by hash (d) subpartitions 2\n(partition p1 values less than (5), partition p2 values less than (maxvalue));",
        2,
        24,
        "composite partitioning",
    ),
    // RANGE-LIST with a SUBPARTITION TEMPLATE.
    (
        "create table c (n number, d varchar2(1))\npartition by range (n) subpartition by list (d)\nsubpartition template (subpartition s1 values ('A'), subpartition s2 values (default))\n(partition p1 values less than (5));",
        2,
        24,
        "composite partitioning",
    ),
    // LIST-HASH.
    (
        "create table c (n number, d number) partition by list (n) subpartition by hash (d) subpartitions 4 (partition p1 values (1));",
        1,
        59,
        "composite partitioning",
    ),
    // A partition's own SUBPARTITIONS n, without SUBPARTITION BY: refused at SUBPARTITIONS.
    (
        "create table c (n number, d number) partition by range (n)\n(partition p1 values less than (5) subpartitions 2);",
        2,
        36,
        "composite partitioning",
    ),
    // A partition's explicit subpartition list.
    (
        "create table c (n number, d number) partition by range (n)\n(partition p1 values less than (5) (subpartition s1, subpartition s2));",
        2,
        36,
        "composite partitioning",
    ),
];

/// Each composite form is LAB-00001 at its line and column, naming
/// composite partitioning, and leaves no table behind.
#[test]
fn composite_forms_are_refused_at_their_place() {
    for &(sql, line, column, names) in REFUSED {
        let mut e = quiet_engine();
        let s = e.exec(sql);
        let err = s[0].error.as_ref().unwrap_or_else(|| panic!("`{sql}` did not fail"));
        assert_eq!(err.code, lio_sql::ora::LAB_UNSUPPORTED.code(), "{sql}");
        assert_eq!((err.line, err.column), (line, column), "{sql}: {}", err.message);
        assert!(err.message.contains(names), "{sql}: {}", err.message);
        assert_eq!(text_rows(&mut e, "select count(*) from user_tables where table_name = 'C';"), [["0"]]);
    }
}

/// Subpartition maintenance and subpartition-extended names on a
/// partitioned table are LAB-00001 too, named, the table untouched.
#[test]
fn subpartition_operations_are_refused_by_name() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    let lab = lio_sql::ora::LAB_UNSUPPORTED.code();
    for sql in [
        "alter table r add subpartition s1;",
        "alter table r drop subpartition s1;",
        "alter table r truncate subpartition s1;",
        "alter table r split subpartition s1 values ('A') into (subpartition s1a, subpartition s1b);",
        "alter table r merge subpartitions s1, s2 into subpartition s3;",
        "alter table r exchange subpartition s1 with table x;",
        "alter table r modify partition p1 add subpartition s3;",
        "alter table r set subpartition template (subpartition s1 values ('A'));",
        "select * from r subpartition (s1);",
        "insert into r subpartition (s1) values (1, 'a');",
        "update r subpartition (s1) set v = 'b';",
        "delete from r subpartition (s1);",
        "delete from r partition (p1);",
    ] {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]).0, lab, "{sql}: {:?}", s[0].error);
    }
    assert_eq!(text_rows(&mut e, "select count(*) from user_tab_partitions where table_name = 'R';"), [["2"]]);
}

/// The dictionary views of composite partitioning exist and, with no
/// composite table, are empty.
#[test]
fn composite_dictionary_is_empty() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    assert_eq!(
        text_rows(&mut e, "select subpartitioning_type, def_subpartition_count from user_part_tables;"),
        [["NONE", "0"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_segments where segment_type = 'TABLE SUBPARTITION';"),
        [["0"]]
    );
}
