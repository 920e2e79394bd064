//! Wrong answers the blog corpus (issue 33, tests/articles/blogs/) met,
//! each now right or refused by name: a wrong ORA- error where Oracle
//! runs the statement is worse than a LAB-00001 that says what is missing.
mod common;
use common::*;
use lio_sql::ora;

/// SQL Language Reference, CREATE TABLE, AS subquery: "If you specify the
/// column_definition ... for a table created with AS subquery, you can
/// specify only the column name, default values and integrity
/// constraints, not the datatype" (the types come from the query). Before,
/// `(id primary key, v)` said ORA-00902 invalid datatype (lishman's
/// CONNECT BY LEVEL test-data post in the corpus).
#[test]
fn ctas_column_list_takes_constraints_without_datatypes() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (id primary key, v not null, w) as select level, 'x' || level, sysdate from dual connect by level <= 5;\n\
         select column_name, data_type, nullable from user_tab_columns where table_name = 'T' order by column_id;\n\
         select count(*) from user_indexes where table_name = 'T';\n\
         insert into t values (1, 'y', null);\n\
         insert into t values (6, null, null);",
    );
    ok(&steps[..3]);
    assert_eq!(steps[0].rows_processed, 5);
    let cols: Vec<Vec<String>> =
        steps[1].rows.iter().map(|r| r.iter().map(|v| v.to_string().trim_matches('"').to_string()).collect()).collect();
    assert_eq!(
        cols,
        [["ID", "NUMBER", "N"], ["V", "VARCHAR2", "N"], ["W", "DATE", "Y"]].map(|r| r.map(String::from).to_vec())
    );
    assert_eq!(steps[2].rows[0][0].as_f64(), Some(1.0));
    assert_eq!(error_of(&steps[3]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code().as_str());
    assert_eq!(error_of(&steps[4]).0, ora::CANNOT_INSERT_NULL.code().as_str());
    // Without AS subquery a column still needs its datatype: ORA-00902 at
    // the constraint; with a datatype in a CTAS, ORA-01773.
    let steps =
        e.exec("create table u (id primary key);\ncreate table u (id number primary key) as select 1 from dual;");
    assert_eq!(error_of(&steps[0]), (ora::INVALID_DATATYPE.code().as_str(), 1, 20));
    assert_eq!(error_of(&steps[1]).0, ora::MAY_NOT_SPECIFY_COLUMN_DATATYPES.code().as_str());
}

/// Reference, USER_TABLES / USER_TAB_COLUMNS / USER_TAB_COL_STATISTICS:
/// LAST_ANALYZED DATE, "Date on which this table was most recently
/// analyzed" (NULL before), GLOBAL_STATS "whether statistics were
/// calculated without merging underlying partitions" (YES for a
/// non-partitioned table DBMS_STATS gathered), USER_STATS "whether
/// statistics were entered directly by the user" (the lab cannot: NO).
/// Before, LAST_ANALYZED was ORA-00904 (Kuhn and Alapati's index-stats
/// script in the corpus).
#[test]
fn user_tables_last_analyzed_is_the_gather_time_on_the_lab_clock() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (id number);\ninsert into t select level from dual connect by level <= 10;\ncommit;\n\
         select last_analyzed, global_stats, user_stats from user_tables where table_name = 'T';\n\
         exec dbms_stats.gather_table_stats(user, 'T')\n\
         select count(*) from user_tables where last_analyzed = sysdate and global_stats = 'YES';\n\
         select count(*) from user_tab_columns where last_analyzed is not null;\n\
         select count(*) from user_tab_col_statistics where last_analyzed <= sysdate;",
    );
    ok(&steps);
    // (Loaded by a conventional INSERT: a CTAS gathers as it loads from
    // 12.1, session/stats_on_load.rs.)
    assert!(steps[3].rows[0][0].is_null());
    assert_eq!(steps[3].rows[0][1].to_string().trim_matches('"'), "NO");
    assert_eq!(steps[3].rows[0][2].to_string().trim_matches('"'), "NO");
    for s in &steps[5..] {
        assert_eq!(s.rows[0][0].as_f64(), Some(1.0), "{}", s.statement);
    }
}

/// Reference, INDEX_STATS: "stores information from the last ANALYZE
/// INDEX ... VALIDATE STRUCTURE statement": none yet, so no rows (the
/// ddl tests fill it). INDEX_HISTOGRAM, which the lab does not fill, is
/// LAB-00001 naming VALIDATE STRUCTURE, not ORA-00942; a table of the
/// user's own named INDEX_STATS is still read.
#[test]
fn index_stats_is_empty_before_validate_structure() {
    let mut e = quiet_engine();
    let steps = e.exec("select lf_rows, del_lf_rows from index_stats;\nselect * from sys.index_histogram;");
    ok(&steps[..1]);
    assert!(steps[0].rows.is_empty());
    let (code, line, column) = error_of(&steps[1]);
    assert_eq!(code, ora::LAB_UNSUPPORTED.code().as_str());
    assert_eq!((line, column), (2, 19));
    assert!(steps[1].error.as_ref().unwrap().message.contains("VALIDATE STRUCTURE"));
    ok(&e.exec("create table index_stats (lf_rows number);\nselect lf_rows from index_stats;"));
}

/// Julian Dyke, "INDEX (FULL SCAN)" example 2
/// (http://juliandyke.com/Optimisation/Operations/IndexFullScan.php,
/// 9.2.0.1): "if an IS NOT NULL predicate is used in the WHERE clause, a
/// NOT NULL constraint is not required": `SELECT /*+ INDEX (t1 i1) */ c1
/// FROM t1 WHERE c1 IS NOT NULL` on a nullable c1 is `INDEX (FULL SCAN)
/// OF 'I1'`. The lab took a full table scan; the rows stay right (the
/// NULL row is not in the index and not wanted).
#[test]
fn index_hint_with_is_not_null_takes_an_index_full_scan() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t1 (c1 number, c2 number);\ncreate index i1 on t1 (c1);\n\
         insert into t1 values (2, 1);\ninsert into t1 values (null, 2);\ninsert into t1 values (1, 3);\n\
         select /*+ index (t1 i1) */ c1 from t1 where c1 is not null;\n\
         select * from table(dbms_xplan.display_cursor(format => 'basic'));\n\
         select /*+ index (t1 i1) */ c2 from t1 where c1 is not null;",
    );
    ok(&steps);
    let got: Vec<Option<f64>> = steps[5].rows.iter().map(|r| r[0].as_f64()).collect();
    assert_eq!(got, [Some(1.0), Some(2.0)]);
    let plan: Vec<String> = steps[6].rows.iter().map(|r| r[0].to_string()).collect();
    assert!(plan.iter().any(|l| l.contains("INDEX FULL SCAN") && l.contains("I1")), "{plan:#?}");
    let mut c2: Vec<Option<f64>> = steps[7].rows.iter().map(|r| r[0].as_f64()).collect();
    c2.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(c2, [Some(1.0), Some(3.0)]);
}
