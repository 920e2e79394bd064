//! TRUNCATE, ANALYZE (INDEX_STATS) and direct-path INSERT (issues 32, 33;
//! core/src/session/maint.rs and direct.rs, docs/MODEL.md "TRUNCATE,
//! ANALYZE and direct-path loads"). Two published cases are reproduced
//! from `tests/articles/`.

mod common;
use common::*;
use lio_core::{Engine, StepOut};
use lio_sql::ora;

fn run(e: &mut Engine, sql: &str) -> Vec<StepOut> {
    let out = e.exec(sql);
    ok(&out);
    out
}

fn one(e: &mut Engine, sql: &str) -> String {
    text_rows(e, sql)[0][0].clone()
}

/// Three rows in one block, by hand: DELETE writes a redo record and an
/// undo record per row (11.3 DRP, 5.1 with the row); TRUNCATE writes none
/// for the rows, resets the high water mark (a full scan after it visits
/// the segment header only), gives the segment a new DATA_OBJECT_ID and
/// keeps the table's statistics.
#[test]
fn truncate_is_not_a_delete() {
    let mut e = quiet_engine();
    ok(&e.exec("alter system set \"_in_memory_undo\" = false;")); // a record a change, as the public log takes it (core/tests/imu.rs)
    run(&mut e, "create table t (n number, v varchar2(10));\ninsert into t select level, 'x' from dual connect by level <= 3;\ncommit;");
    run(&mut e, "exec dbms_stats.gather_table_stats(user, 'T')");
    let d = run(&mut e, "delete from t;");
    assert_eq!(d[0].rows_processed, 3);
    assert_eq!(stat(&d[0], "redo entries"), 3);
    assert!(stat(&d[0], "undo change vector size") > 0);
    run(&mut e, "rollback;");
    let id0 = one(&mut e, "select data_object_id from user_objects where object_name = 'T'");
    let tr = run(&mut e, "truncate table t;");
    assert_eq!(tr[0].feedback.as_deref(), Some("Table truncated."));
    assert_eq!(stat(&tr[0], "redo entries"), 0);
    assert_eq!(stat(&tr[0], "undo change vector size"), 0);
    let id1 = one(&mut e, "select data_object_id from user_objects where object_name = 'T'");
    let obj = one(&mut e, "select object_id from user_objects where object_name = 'T'");
    assert_ne!(id0, id1);
    assert_eq!(id0, obj);
    // The statistics stay (NUM_ROWS 3), the rows are gone.
    assert_eq!(one(&mut e, "select num_rows from user_tables"), "3");
    assert_eq!(one(&mut e, "select count(*) from t"), "0");
    // One extent (8 blocks of 8 KB) after DROP STORAGE.
    assert_eq!(one(&mut e, "select blocks from user_segments where segment_name = 'T'"), "8");
    // ROLLBACK cannot bring the rows back: TRUNCATE committed.
    run(&mut e, "rollback;");
    assert_eq!(one(&mut e, "select count(*) from t"), "0");
}

/// REUSE STORAGE keeps the extents; DROP STORAGE frees all but the first.
#[test]
fn truncate_reuse_storage_keeps_the_extents() {
    let mut e = quiet_engine();
    run(&mut e, "create table t as select rownum id, lpad('x', 200, 'x') pad from dual connect by level <= 5000;");
    let before = one(&mut e, "select blocks from user_segments where segment_name = 'T'");
    run(&mut e, "truncate table t reuse storage;");
    assert_eq!(one(&mut e, "select blocks from user_segments where segment_name = 'T'"), before);
    run(&mut e, "truncate table t drop storage;");
    assert_eq!(one(&mut e, "select blocks from user_segments where segment_name = 'T'"), "8");
}

/// ANALYZE fills what DBMS_STATS does not (EMPTY_BLOCKS, AVG_SPACE;
/// GLOBAL_STATS NO), DELETE STATISTICS empties them, and an estimate of
/// a small sample is refused by name.
#[test]
fn analyze_table() {
    let mut e = quiet_engine();
    run(&mut e, "create table t as select rownum id, lpad('x', 100, 'x') pad from dual connect by level <= 10000;");
    run(&mut e, "analyze table t compute statistics;");
    let r = text_rows(&mut e, "select num_rows, blocks, empty_blocks, chain_cnt, global_stats from user_tables");
    assert_eq!(r[0][0], "10000");
    let (blocks, empty): (u64, u64) = (r[0][1].parse().unwrap(), r[0][2].parse().unwrap());
    let seg: u64 = one(&mut e, "select blocks from user_segments").parse().unwrap();
    assert_eq!(blocks + empty, seg);
    assert_eq!(r[0][3], "0");
    assert_eq!(r[0][4], "NO");
    let out = e.exec("analyze table t estimate statistics sample 10 percent;");
    assert_eq!(out[0].error.as_ref().unwrap().code, ora::LAB_UNSUPPORTED.code());
    run(&mut e, "analyze table t estimate statistics sample 50 percent;\nanalyze table t delete statistics;");
    assert_eq!(one(&mut e, "select nvl(num_rows, -1) from user_tables"), "-1");
}

/// INDEX_STATS after a delete: the deleted entries stay in their leaves
/// (LF_ROWS and DEL_LF_ROWS count them, DEL_LF_ROWS_LEN their bytes: ids
/// 1 to 10 are two bytes each (C1,02 to C1,0B), an entry 2 + 1 + 2 + 7 + 2
/// = 14 bytes: header, length byte, key, rowid, row directory) until an
/// insert into the leaf cleans them out; a rebuild drops them. A
/// compressed index, which the lab lays out by fill, is still refused.
#[test]
fn validate_structure_after_delete_counts_deleted_rows() {
    let mut e = quiet_engine();
    run(&mut e, "create table t as select rownum id from dual connect by level <= 1000;\ncreate index t_i on t(id);");
    run(&mut e, "analyze index t_i validate structure;");
    assert_eq!(one(&mut e, "select lf_rows from index_stats"), "1000");
    run(&mut e, "delete from t where id <= 10;\ncommit;\nanalyze index t_i validate structure;");
    assert_eq!(
        one(&mut e, "select lf_rows || ' ' || del_lf_rows || ' ' || del_lf_rows_len from index_stats"),
        "1000 10 140"
    );
    run(&mut e, "insert into t values (0);\ncommit;\nanalyze index t_i validate structure;");
    assert_eq!(one(&mut e, "select lf_rows || ' ' || del_lf_rows from index_stats"), "991 0");
    run(
        &mut e,
        "delete from t where id <= 20;\ncommit;\nalter index t_i rebuild;\nanalyze index t_i validate structure;",
    );
    assert_eq!(one(&mut e, "select lf_rows || ' ' || del_lf_rows from index_stats"), "980 0");
    run(
        &mut e,
        "create table c as select rownum id, mod(rownum, 5) g from dual connect by level <= 100;\n\
         create index c_i on c(g, id) compress 1;\ndelete from c where id = 5;",
    );
    let out = e.exec("analyze index c_i validate structure;");
    assert_eq!(out[0].error.as_ref().unwrap().code, ora::LAB_UNSUPPORTED.code());
}

/// Kuhn, Alapati, Padfield (tests/articles/kuhn-alapati-index-stats-
/// validate-structure-11g.sql): LF_ROWS 100000, LF_BLKS 222, DEL_LF_ROWS 0
/// published; the lab's LF_BLKS within 2%, BR_ROWS = LF_BLKS - 1. After
/// deleting 99,999 rows: LF_ROWS 100000, LF_BLKS 222, DEL_LF_ROWS 99999
/// published; the lab's LF_ROWS and DEL_LF_ROWS exact, LF_BLKS unchanged.
#[test]
fn article_kuhn_alapati_index_stats() {
    let script = include_str!("../../../tests/articles/kuhn-alapati-index-stats-validate-structure-11g.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    ok(&s);
    let r = s.iter().find(|st| st.statement.contains("del_lf_rows") && !st.rows.is_empty()).expect("index_stats");
    let lf_rows = r.rows[0][0].as_f64().unwrap();
    let lf_blks = r.rows[0][1].as_f64().unwrap();
    assert_eq!(lf_rows, 100000.0);
    assert!((lf_blks - 222.0).abs() / 222.0 <= 0.02, "LF_BLKS {lf_blks}");
    assert_eq!(r.rows[0][2].as_f64(), Some(0.0));
    let b = s.iter().find(|st| st.statement.contains("br_rows") && !st.rows.is_empty()).expect("branch");
    assert_eq!(b.rows[0][1].as_f64(), Some(lf_blks - 1.0));
    let after = s.iter().rfind(|st| st.statement.contains("del_lf_rows") && !st.rows.is_empty()).expect("after");
    let row: Vec<f64> = after.rows[0].iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(row, [100000.0, lf_blks, 99999.0]);
}

/// Tim Hall's APPEND hint (tests/articles/hall-append-hint-redo-noarchivelog.sql),
/// NOARCHIVELOG: conventional 8,464,520 bytes of redo for 72,512 rows,
/// APPEND 46,048 (0.54% of it). The lab's APPEND writes under 1% of its
/// conventional insert's redo, and its redo per row is within a factor of
/// 3 of the article's (the lab writes no recursive space SQL); the table
/// cannot be read before the commit (ORA-12838).
#[test]
fn article_hall_append_redo() {
    let script = include_str!("../../../tests/articles/hall-append-hint-redo-noarchivelog.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    let ins: Vec<&StepOut> = s.iter().filter(|st| st.statement.starts_with("insert")).collect();
    let (conv, app) = (stat(ins[0], "redo size") as f64, stat(ins[1], "redo size") as f64);
    let rows = ins[1].rows_processed as f64;
    assert!(app > 0.0 && app / conv < 0.01, "{app} / {conv}");
    let (lab, published) = (app / rows, 46_048.0 / 72_512.0);
    assert!(lab / published > 1.0 / 3.0 && lab / published < 3.0, "{lab} per row vs {published}");
    assert!(stat(ins[1], "physical writes direct") > 0);
    // No undo for the rows: the space changes' only.
    assert!(stat(ins[1], "undo change vector size") * 20 < stat(ins[0], "undo change vector size"));
    let counts: Vec<&StepOut> = s.iter().filter(|st| st.statement.starts_with("select count")).collect();
    assert_eq!(counts[0].error.as_ref().unwrap().code, ora::READ_AFTER_DIRECT_LOAD.code());
    assert_eq!(counts[1].rows[0][0].as_f64(), Some(rows));
}

/// EXPLAIN PLAN of a CTAS and of INSERT ... SELECT (Julian Dyke's LOAD AS
/// SELECT): the statement line, the load, then the query under it (on
/// 12.1+ through the CTAS's OPTIMIZER STATISTICS GATHERING).
#[test]
fn explain_plan_of_loads() {
    let mut e = quiet_engine();
    run(&mut e, "create table t1 (c1 number);\nexplain plan for create table t2 as select * from t1;");
    let ops = |e: &mut Engine| -> Vec<String> {
        text_rows(e, "select * from table(dbms_xplan.display(null, null, 'BASIC'))")
            .into_iter()
            .map(|r| r[0].clone())
            .filter(|l| l.starts_with("|   "))
            .collect()
    };
    let p = ops(&mut e);
    assert!(
        p[0].contains("CREATE TABLE STATEMENT") && p[1].contains(" LOAD AS SELECT") && p[1].contains("T2"),
        "{p:?}"
    );
    // 12.1+ (the lab's default release is 18c): the CTAS gathers its
    // statistics as it loads (session/stats_on_load.rs), a line Dyke's
    // 9.2 plan has not.
    assert!(p[2].contains("  OPTIMIZER STATISTICS GATHERING"), "{p:?}");
    assert!(p[3].contains("   TABLE ACCESS FULL") && p[3].contains("T1"), "{p:?}");
    run(&mut e, "explain plan for insert into t1 select * from t1;");
    let p = ops(&mut e);
    assert!(p[0].contains("INSERT STATEMENT") && p[1].contains("LOAD TABLE CONVENTIONAL"), "{p:?}");
    let out = e.exec("explain plan for create table t1 as select * from t1;");
    assert_eq!(out[0].error.as_ref().unwrap().code, ora::NAME_ALREADY_USED.code());
    run(&mut e, "alter table t1 nologging;");
    assert_eq!(one(&mut e, "select logging from user_tables where table_name = 'T1'"), "NO");
}
