//! The data dictionary a DBA queries first (issue 28: a script that
//! selects from USER_TABLES or USER_INDEXES was told ORA-00942 "table or
//! view does not exist", a wrong answer in its first lines). The USER_
//! views are served from the lab's structures and show the statistics
//! the optimizer uses; ALL_/DBA_ views, which would list the dictionary's
//! own objects, and the plan of a query on a dictionary view are refused.
//!
//! The figures below are hand-checked on a 1,000-row table of rows of
//! about 30 bytes (4 data blocks of 8 KB after the segment header): ID =
//! 1..1000 ascending, so in index order each data block is visited once
//! (CLUSTERING_FACTOR = data blocks); N1 = mod(id, 10) with an index on
//! (N1, V1): walking it visits every block once per N1 value (10 x the
//! data blocks).

mod common;
use common::*;

fn cells(s: &lio_core::StepOut) -> Vec<Vec<String>> {
    s.rows
        .iter()
        .map(|r| r.iter().map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).collect())
        .collect()
}

fn one(e: &mut lio_core::Engine, sql: &str) -> Vec<Vec<String>> {
    let steps = e.exec(sql);
    ok(&steps);
    cells(steps.last().unwrap())
}

fn setup() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (id number constraint t1_pk primary key, n1 number(5,2), v1 varchar2(20), \
         c1 char(3), v2 varchar2(10 char) not null);\n\
         insert into t1 select rownum, mod(rownum, 10), lpad(rownum, 10, '0'), 'x', 'y' \
         from dual connect by level <= 1000;\n\
         commit;\n\
         create index t1_n1 on t1(n1, v1);",
    ));
    e
}

#[test]
fn user_tables_shows_null_statistics_until_gathered_then_the_gathered_ones() {
    let mut e = setup();
    let before = one(&mut e, "select table_name, num_rows, blocks, avg_row_len from user_tables;");
    assert_eq!(before, vec![vec!["T1", "null", "null", "null"]]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't1')"));
    let after =
        one(&mut e, "select table_name, num_rows, blocks, pct_free, tablespace_name, iot_type from user_tables;");
    assert_eq!(after[0][0], "T1");
    assert_eq!(after[0][1], "1000");
    // The statistic the optimizer costs a full scan with.
    let blocks: u64 = after[0][2].parse().unwrap();
    assert_eq!(blocks, 5, "the segment header and 4 data blocks");
    assert_eq!(&after[0][3..], ["10", "USERS", "null"]);
}

#[test]
fn user_indexes_shows_the_index_statistics_the_optimizer_costs_with() {
    let mut e = setup();
    let rows = one(
        &mut e,
        "select index_name, index_type, uniqueness, blevel, leaf_blocks, distinct_keys, clustering_factor, num_rows \
         from user_indexes order by index_name;",
    );
    assert_eq!(rows.len(), 2);
    assert_eq!(&rows[0][..3], ["T1_N1", "NORMAL", "NONUNIQUE"]);
    assert_eq!(&rows[1][..3], ["T1_PK", "NORMAL", "UNIQUE"]);
    // Both have one branch level over their leaves; every key differs.
    assert_eq!(rows[0][3], "1");
    assert_eq!(rows[1][3], "1");
    assert_eq!(rows[0][5], "1000");
    assert_eq!(rows[1][5], "1000");
    // Worked in the header: the data blocks once, and 10 x the data blocks.
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't1')"));
    let blocks: u64 = one(&mut e, "select blocks from user_tables;")[0][0].parse().unwrap();
    let data_blocks = blocks - 1;
    assert_eq!(data_blocks, 4);
    assert_eq!(rows[1][6], data_blocks.to_string());
    assert_eq!(rows[0][6], (10 * data_blocks).to_string());
    assert_eq!(rows[1][7], "1000");
}

#[test]
fn user_ind_columns_and_user_tab_columns_describe_the_columns() {
    let mut e = setup();
    let ic = one(
        &mut e,
        "select index_name, column_name, column_position, column_length, descend from user_ind_columns \
         order by index_name, column_position;",
    );
    assert_eq!(
        ic,
        vec![
            vec!["T1_N1", "N1", "1", "22", "ASC"],
            vec!["T1_N1", "V1", "2", "20", "ASC"],
            vec!["T1_PK", "ID", "1", "22", "ASC"],
        ]
    );
    let tc = one(
        &mut e,
        "select column_name, data_type, data_length, data_precision, data_scale, nullable, char_used \
         from user_tab_columns where table_name = 'T1' order by column_id;",
    );
    assert_eq!(
        tc,
        vec![
            // A primary key column is NOT NULL.
            vec!["ID", "NUMBER", "22", "null", "null", "N", "null"],
            vec!["N1", "NUMBER", "22", "5", "2", "Y", "null"],
            vec!["V1", "VARCHAR2", "20", "null", "null", "Y", "B"],
            vec!["C1", "CHAR", "3", "null", "null", "Y", "B"],
            // 10 characters of AL32UTF8: up to 40 bytes.
            vec!["V2", "VARCHAR2", "40", "null", "null", "N", "C"],
        ]
    );
}

#[test]
fn user_segments_has_a_row_per_segment_created_in_whole_extents() {
    let mut e = setup();
    // SYS.DUAL, once read, is a segment of SYS's, not the user's.
    ok(&e.exec("select * from dual;\ncreate table t2 (x number);"));
    let rows = one(
        &mut e,
        "select segment_name, segment_type, tablespace_name, blocks, bytes, extents from user_segments \
         order by segment_name;",
    );
    // T2's segment is deferred until its first row (deferred_segment_creation).
    assert_eq!(
        rows,
        vec![
            vec!["T1", "TABLE", "USERS", "8", "65536", "1"],
            vec!["T1_N1", "INDEX", "USERS", "8", "65536", "1"],
            vec!["T1_PK", "INDEX", "USERS", "8", "65536", "1"],
        ]
    );
    let objects = one(&mut e, "select object_name, object_type, status from user_objects order by object_name;");
    assert_eq!(
        objects,
        vec![
            vec!["T1", "TABLE", "VALID"],
            vec!["T1_N1", "INDEX", "VALID"],
            vec!["T1_PK", "INDEX", "VALID"],
            vec!["T2", "TABLE", "VALID"],
        ]
    );
}

#[test]
fn dictionary_views_the_lab_cannot_answer_truly_are_refused_with_their_position() {
    let mut e = setup();
    for (sql, col) in [
        ("select count(*) from dba_tables;", 22),
        ("select index_name from all_indexes;", 24),
        ("select * from user_triggers;", 15),
    ] {
        let steps = e.exec(sql);
        let (code, line, column) = error_of(steps.last().unwrap());
        assert_eq!((code, line, column), ("LAB-00001", 1, col), "{sql}");
    }
    // The plan and the gets of a query on one are not modelled.
    ok(&e.exec("set autotrace on"));
    let steps = e.exec("select count(*) from user_tables;");
    assert_eq!(error_of(steps.last().unwrap()).0, "LAB-00001");
    ok(&e.exec("set autotrace off"));
    let steps = e.exec("explain plan for select * from user_indexes;");
    assert_eq!(error_of(steps.last().unwrap()).0, "LAB-00001");
    // Without AUTOTRACE the query runs.
    assert_eq!(one(&mut e, "select count(*) from user_tables;"), vec![vec!["1"]]);
}

#[test]
fn identifier_columns_are_as_wide_as_the_release_declares_them() {
    let mut e = setup();
    let steps = e.exec("select table_name, num_rows from user_tables;");
    ok(&steps);
    // 19c: VARCHAR2(128); NUMBER columns take NUMWIDTH (0 here).
    assert_eq!(steps.last().unwrap().column_widths, vec![128, 0]);
    let mut old = quiet_engine();
    ok(&old.exec("LAB VERSION 11.2.0.2;\ncreate table t (x number);"));
    let steps = old.exec("select table_name from user_tables;");
    ok(&steps);
    assert_eq!(steps.last().unwrap().column_widths, vec![30]);
}

/// Found beside the dictionary work: CREATE TABLE ... AS SELECT is DDL
/// and commits its rows, so a ROLLBACK after it leaves them (the lab kept
/// its transaction open until the next DDL, and ROLLBACK emptied the new
/// table: a wrong answer).
#[test]
fn a_rollback_after_create_table_as_select_keeps_its_rows() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table src (x number);\n\
         insert into src select level from dual connect by level <= 5;\n\
         create table t as select * from src;\n\
         rollback;",
    ));
    assert_eq!(one(&mut e, "select count(*) from t;"), vec![vec!["5"]]);
    // The CTAS committed the open insert into SRC first, as DDL does.
    assert_eq!(one(&mut e, "select count(*) from src;"), vec![vec!["5"]]);
}
