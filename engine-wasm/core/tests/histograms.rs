//! Issue 31, histograms: DBMS_STATS' METHOD_OPT builds them
//! (`catalog/histogram.rs` has the rules and the selectivities), the
//! dictionary shows them (USER_TAB_HISTOGRAMS, USER_TAB_COL_STATISTICS),
//! and E-Rows and the chosen plan follow them.

mod common;
use common::*;
use lio_core::Engine;

fn l(op: &str, rows: u64, cost: u64) -> (String, u64, u64) {
    (op.to_string(), rows, cost)
}

/// E-Rows of the plan's top line.
fn e_rows(e: &mut Engine, sql: &str) -> u64 {
    plan_of(e, &format!("{sql};"))[0].e_rows
}

/// The rows of a query, each row's values joined by commas.
fn rows(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(&format!("{sql};"));
    ok(&s);
    s[0].rows
        .iter()
        .map(|r| r.iter().map(|v| v.to_string().trim_matches('"').to_string()).collect::<Vec<_>>().join(","))
        .collect()
}

/// The hand-checked case: a 10-row column N, 1 five times, 2 three times,
/// 3 and 4 once each; SIZE 254 (more buckets than values): FREQUENCY.
///   endpoints (ENDPOINT_NUMBER = running row count): 5 (1), 8 (2), 9 (3), 10 (4)
///   n = 1: 5/10 of 10 rows = 5;  n = 3: 1/10 = 1 row
///   n = 2.5 (not in it): half the least frequent value's share, 0.5/10 = 0.05: 0.5 rows, E-Rows 1
///   n between 2 and 3: (3 + 1)/10 = 4 rows;  n > 2: 2 rows
///   without a histogram (SIZE 1): 10/4 = 2.5, E-Rows 3 for every value
///   DENSITY 1/(2 x 10) = 0.05, NUM_BUCKETS 4
#[test]
fn ten_row_frequency_histogram_worked_by_hand() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, n number);\n\
         insert into t select level, case when level <= 5 then 1 when level <= 8 then 2 when level = 9 then 3 else 4 end from dual connect by level <= 10;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1')",
    ));
    assert_eq!(e_rows(&mut e, "select * from t where n = 1"), 3);
    assert_eq!(
        rows(&mut e, "select histogram, num_buckets from user_tab_col_statistics where column_name = 'N'"),
        ["NONE,1"]
    );
    // SIZE 1: USER_TAB_HISTOGRAMS has the low and high values only.
    assert_eq!(
        rows(
            &mut e,
            "select endpoint_number, endpoint_value from user_tab_histograms where column_name = 'N' order by 1"
        ),
        ["0,1", "1,4"]
    );
    ok(&e.exec(
        "exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for columns n size 254', no_invalidate => false)",
    ));
    assert_eq!(
        rows(
            &mut e,
            "select num_distinct, density, num_buckets, histogram from user_tab_col_statistics where column_name = 'N'"
        ),
        ["4,0.05,4,FREQUENCY"]
    );
    assert_eq!(
        rows(
            &mut e,
            "select endpoint_number, endpoint_value from user_tab_histograms where column_name = 'N' order by 1"
        ),
        ["5,1", "8,2", "9,3", "10,4"]
    );
    assert_eq!(e_rows(&mut e, "select * from t where n = 1"), 5);
    assert_eq!(e_rows(&mut e, "select * from t where n = 3"), 1);
    assert_eq!(e_rows(&mut e, "select * from t where n = 2.5"), 1);
    assert_eq!(e_rows(&mut e, "select * from t where n between 2 and 3"), 4);
    assert_eq!(e_rows(&mut e, "select * from t where n > 2"), 2);
    // ID (not named) kept its statistics: no histogram.
    assert_eq!(rows(&mut e, "select histogram from user_tab_col_statistics where column_name = 'ID'"), ["NONE"]);
}

/// 100 rows: 1 x45, 2 x45, 3..12 once each; SIZE 4.
const SKEWED_100: &str = "create table t (n number);\n\
     insert into t select case when level <= 45 then 1 when level <= 90 then 2 else level - 88 end from dual connect by level <= 100;\n\
     commit;";

/// 12c, AUTO_SAMPLE_SIZE: the top 4 values hold 45 + 45 + 1 + 1 = 92 rows,
/// at least 100 x (1 - 1/4) = 75: TOP-FREQUENCY of 1, 2, 3 and (the high
/// value swapped in for the least frequent) 12. `= 1`: 45 rows; `= 7`
/// (not in it): (100 - 92)/(12 - 4) = 1 row.
///
/// 11g (11.2.0.2) builds HEIGHT BALANCED from the same rows: endpoints at
/// rows 1, 25, 50, 75, 100 are 1, 1, 2, 2, 12; stored 1 (value 1), 3 (2),
/// 4 (12). Value 2 spans buckets 2-3: popular, 2/4 = 50 rows. Value 1
/// ends one bucket only (its endpoint 0 is not a bucket): not popular,
/// NewDensity ((4 - 2)/4)/(12 - 1) = 0.04545: 4.5, E-Rows 5 (the
/// height-balanced weakness the 12c types mend).
#[test]
fn top_frequency_in_12c_height_balanced_in_11g() {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("LAB VERSION 19c;\n{SKEWED_100}\nexec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 4')")));
    assert_eq!(rows(&mut e, "select histogram, num_buckets from user_tab_col_statistics"), ["TOP-FREQUENCY,4"]);
    assert_eq!(
        rows(&mut e, "select endpoint_number, endpoint_value from user_tab_histograms order by 1"),
        ["45,1", "90,2", "91,3", "92,12"]
    );
    assert_eq!(e_rows(&mut e, "select * from t where n = 1"), 45);
    assert_eq!(e_rows(&mut e, "select * from t where n = 7"), 1);
    // An explicit ESTIMATE_PERCENT: 12c builds HEIGHT BALANCED, as 11g.
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T', estimate_percent => 100, method_opt => 'for all columns size 4')"));
    assert_eq!(rows(&mut e, "select histogram from user_tab_col_statistics"), ["HEIGHT BALANCED"]);

    let mut e = quiet_engine();
    ok(&e.exec(&format!("LAB VERSION 11.2.0.2;\n{SKEWED_100}\nexec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 4')")));
    assert_eq!(rows(&mut e, "select histogram, num_buckets from user_tab_col_statistics"), ["HEIGHT BALANCED,4"]);
    assert_eq!(
        rows(&mut e, "select endpoint_number, endpoint_value from user_tab_histograms order by 1"),
        ["1,1", "3,2", "4,12"]
    );
    assert_eq!(e_rows(&mut e, "select * from t where n = 2"), 50);
    assert_eq!(e_rows(&mut e, "select * from t where n = 1"), 5);
    // 11g's view has no ENDPOINT_REPEAT_COUNT.
    let s = e.exec("select endpoint_repeat_count from user_tab_histograms;");
    assert_eq!(error_of(&s[0]).0, "ORA-00904");
    assert_eq!(rows(&mut e, "select * from user_tab_histograms where endpoint_number = 4"), ["T,N,4,12,null"]);
    // 11g's SIZE stops at 254.
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 255')");
    assert_eq!(error_of(&s[0]).0, "ORA-20000");
}

/// 12c HYBRID: 40 rows, 1..20 twice each, SIZE 4 (bucket size 10): the
/// top 4 hold 8 rows (< 30): HYBRID. The low value's rows are bucket 1
/// (endpoint 2); buckets close at 12 (value 6), 22 (11) and the high
/// value 20 (40), each ENDPOINT_REPEAT_COUNT 2. `= 6` (an endpoint):
/// 2/40 x 40 = 2 rows; `= 7`: no popular value, NewDensity 40/20/40: 2.
#[test]
fn hybrid_endpoints_carry_repeat_counts() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "LAB VERSION 18c;\n\
         create table t (n number);\n\
         insert into t select mod(level - 1, 20) + 1 from dual connect by level <= 40;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for columns n size 4')",
    ));
    assert_eq!(rows(&mut e, "select histogram, num_buckets from user_tab_col_statistics"), ["HYBRID,4"]);
    assert_eq!(
        rows(
            &mut e,
            "select endpoint_number, endpoint_value, endpoint_repeat_count from user_tab_histograms order by 1"
        ),
        ["2,1,2", "12,6,2", "22,11,2", "40,20,2"]
    );
    assert_eq!(e_rows(&mut e, "select * from t where n = 6"), 2);
    assert_eq!(e_rows(&mut e, "select * from t where n = 7"), 2);
}

/// SIZE AUTO (the default) builds a histogram on a skewed column only
/// once a predicate has used it (SYS.COL_USAGE$); SKEWONLY without; a
/// uniform column gets none; bad arguments are Oracle's errors.
#[test]
fn size_auto_follows_column_usage() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (skewed varchar2(10), even number);\n\
         insert into t select case when level <= 990 then 'COMMON' else 'RARE' end, mod(level, 10) from dual connect by level <= 1000;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    let hist = "select column_name, histogram from user_tab_col_statistics order by 1";
    assert_eq!(rows(&mut e, hist), ["EVEN,NONE", "SKEWED,NONE"]);
    assert_eq!(e_rows(&mut e, "select * from t where skewed = 'RARE' and even = 3"), 50);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    // Both used; EVEN's ten values have 100 rows each: not skewed.
    assert_eq!(rows(&mut e, hist), ["EVEN,NONE", "SKEWED,FREQUENCY"]);
    assert_eq!(e_rows(&mut e, "select * from t where skewed = 'RARE'"), 10);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size skewonly')"));
    assert_eq!(rows(&mut e, hist), ["EVEN,NONE", "SKEWED,FREQUENCY"]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1')"));
    assert_eq!(rows(&mut e, hist), ["EVEN,NONE", "SKEWED,NONE"]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T', estimate_percent => dbms_stats.auto_sample_size)"));
    assert_eq!(rows(&mut e, hist), ["EVEN,NONE", "SKEWED,FREQUENCY"]);
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all colums size 1')");
    assert_eq!(error_of(&s[0]).0, "ORA-20000");
    assert!(s[0].error.as_ref().unwrap().message.contains("Cannot parse for clause: for all colums size 1"));
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for columns nosuch size 10')");
    assert_eq!(error_of(&s[0]).0, "ORA-20000");
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'T', estimate_percent => 200)");
    assert_eq!(error_of(&s[0]).0, "ORA-20001");
    // A sample the lab does not take: refused.
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'T', estimate_percent => 10)");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
    // FOR ALL INDEXED COLUMNS: only an indexed column's histogram.
    ok(&e.exec("create index t_even on t (even);\nexec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1 for all indexed columns size 254')"));
    assert_eq!(rows(&mut e, hist), ["EVEN,FREQUENCY", "SKEWED,NONE"]);
    let s = e.exec("exec dbms_stats.gather_index_stats(user, 'T_EVEN', estimate_percent => 10)");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
}

/// tests/articles/oracle-docs-frequency-histogram-bookstore.sql: Oracle's
/// SQL Tuning Guide, "Purpose of Histograms": 300,000 orders, 95% CA, 4%
/// OR, 1% NV. Published: without a histogram 300000/3 = 100,000 rows for
/// OR and a full scan; with one, 4% and an index scan.
///   second gather: FREQUENCY CA 285000, NV 288000, OR 300000
///   OR: 12,000/300,000 = 4%: 12,000 rows; the index range scan costs
///   BLEVEL + leaves x 4% + CLUSTERING_FACTOR x 4% (the orders are loaded
///   a state at a time), below the full scan's 198
#[test]
fn article_oracle_docs_bookstore_frequency_histogram() {
    let script = include_str!("../../../tests/articles/oracle-docs-frequency-histogram-bookstore.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    ok(&s);
    let plans: Vec<_> = s.iter().filter(|st| !st.plan.is_empty() && st.statement.contains("ship_state = '")).collect();
    assert_eq!(plans.len(), 3);
    assert_eq!(
        lines(&plans[0].plan),
        [l("SELECT STATEMENT", 100000, 198), l("TABLE ACCESS FULL BOOK_ORDERS", 100000, 198)]
    );
    let or = lines(&plans[1].plan);
    assert_eq!(or[0].1, 12000);
    assert_eq!(or[1].0, "TABLE ACCESS BY INDEX ROWID BATCHED BOOK_ORDERS");
    assert_eq!(or[2].0, "INDEX RANGE SCAN BOOK_ORDERS_STATE");
    assert!(or[0].2 < 198, "{or:?}");
    assert_eq!(
        lines(&plans[2].plan),
        [l("SELECT STATEMENT", 285000, 198), l("TABLE ACCESS FULL BOOK_ORDERS", 285000, 198)]
    );
    let hist = s.iter().find(|st| st.statement.contains("endpoint_actual_value")).expect("the histogram query");
    let eps: Vec<(f64, String)> =
        hist.rows.iter().map(|r| (r[0].as_f64().unwrap(), r[2].to_string().trim_matches('"').to_string())).collect();
    assert_eq!(eps, [(285000.0, "CA".into()), (288000.0, "NV".into()), (300000.0, "OR".into())]);
}
