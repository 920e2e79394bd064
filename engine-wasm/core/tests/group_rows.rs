//! Issue 31: GROUP BY's E-Rows from the key columns' NUM_DISTINCT, their
//! product capped by the rows grouped (exec/plan/group_card.rs), against
//! Lewis's "opt_estimate 3" and hand-checked cases.

mod common;
use common::*;

/// The E-Rows of the plan line named `op` of the last step of `sql`.
fn e_rows(e: &mut lio_core::Engine, sql: &str, op: &str) -> u64 {
    let s = e.exec(sql);
    ok(&s);
    s.last().unwrap().plan.iter().find(|l| l.operation == op).map(|l| l.e_rows).expect("the line")
}

/// tests/articles/lewis-opt-estimate-group-by-12c.sql: HASH GROUP BY 200
/// rows, 800 bytes over TABLE ACCESS FULL 3000 rows, 12000 bytes.
#[test]
fn article_lewis_opt_estimate_group_by() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/lewis-opt-estimate-group-by-12c.sql"));
    ok(&s);
    let q = s.iter().find(|st| st.statement.contains("mod(n1,10), count(*)")).expect("the query");
    assert_eq!(q.rows.len(), 10);
    let l: Vec<(String, u64, Option<u64>)> = q.plan.iter().map(|l| (l.operation.clone(), l.e_rows, l.bytes)).collect();
    assert_eq!(l[1], ("HASH GROUP BY".to_string(), 200, Some(800)));
    assert_eq!(l[2], ("TABLE ACCESS FULL".to_string(), 3000, Some(12000)));
}

/// T: 1,000 rows, A 10 distinct values, B 20, C unique. By hand:
///   group by a: 10; group by a, b: 10 x 20 = 200; group by c: 1,000
///   (capped by the 1,000 rows); group by c where a = 1: 1,000 capped by
///   the 100 rows the filter leaves; group by a + b (two columns): the
///   lab's 10% of 1,000 = 100.
#[test]
fn product_of_num_distinct_capped_by_the_rows() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a number, b number, c number);\n\
         insert into t select mod(level, 10), mod(level, 20), level from dual connect by level <= 1000;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    let g = "HASH GROUP BY";
    assert_eq!(e_rows(&mut e, "select a, count(*) from t group by a;", g), 10);
    assert_eq!(e_rows(&mut e, "select a, b, count(*) from t group by a, b;", g), 200);
    assert_eq!(e_rows(&mut e, "select c, count(*) from t group by c;", g), 1000);
    assert_eq!(e_rows(&mut e, "select c, count(*) from t where a = 1 group by c;", g), 100);
    assert_eq!(e_rows(&mut e, "select a + b, count(*) from t group by a + b;", g), 100);
}

/// tests/articles/lewis-agg-sort-group-by-sqrt2-10g.sql: under OFE
/// 10.1.0.4 two keys' NUM_DISTINCT product is divided by sqrt(2) and
/// rounded up, capped by the 5,000 rows grouped (Lewis's agg_sort_2).
#[test]
fn article_lewis_agg_sort_group_by_sqrt2() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/lewis-agg-sort-group-by-sqrt2-10g.sql"));
    ok(&s);
    let got: Vec<u64> = s
        .iter()
        .filter(|st| st.statement.starts_with("select col1, col2"))
        .map(|st| st.plan.iter().find(|l| l.operation == "SORT GROUP BY").expect("SORT GROUP BY").e_rows)
        .collect();
    assert_eq!(got, [5000, 2511, 1256, 2475, 544, 545, 1633, 1634, 5000]);
}

/// The same two keys under 10g's OFE and 11g's: 10 x 20 / sqrt(2) = 142
/// (141.42 rounded up) before 11.1, the product (200) from 11.1 on; one
/// key is its NUM_DISTINCT in both.
#[test]
fn sqrt2_before_11g_only() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a number, b number);\n\
         insert into t select mod(level, 10), mod(level, 20) from dual connect by level <= 1000;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    let q = "select a, b, count(*) from t group by a, b;";
    assert_eq!(e_rows(&mut e, q, "HASH GROUP BY"), 200);
    ok(&e.exec("alter session set optimizer_features_enable = '10.2.0.5';"));
    assert_eq!(e_rows(&mut e, q, "HASH GROUP BY"), 142);
    assert_eq!(e_rows(&mut e, "select a, count(*) from t group by a;", "HASH GROUP BY"), 10);
}

/// The cap is the rows grouped, a join's E-Rows when the keys come after
/// a join. T (1,000 rows, A 10 distinct, B 20, C unique) joined to U (50
/// rows, ID unique) on T.C = U.ID: 1,000 x 50 / max(1,000, 50) = 50 rows;
/// group by t.a, t.b: 200 capped at 50 (and 10g's 142 capped at 50 too).
#[test]
fn a_join_caps_the_groups() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (a number, b number, c number);\n\
         insert into t select mod(level, 10), mod(level, 20), level from dual connect by level <= 1000;\n\
         create table u (id number);\n\
         insert into u select level from dual connect by level <= 50;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')\n\
         exec dbms_stats.gather_table_stats(user, 'U')",
    ));
    let q = "select t.a, t.b, count(*) from t, u where t.c = u.id group by t.a, t.b;";
    let s = e.exec(q);
    ok(&s);
    let plan = &s.last().unwrap().plan;
    let join = plan.iter().find(|l| l.operation.contains("JOIN") || l.operation.starts_with("NESTED")).unwrap();
    assert_eq!(join.e_rows, 50, "{plan:#?}");
    assert_eq!(e_rows(&mut e, q, "HASH GROUP BY"), 50);
    ok(&e.exec("alter session set optimizer_features_enable = '10.2.0.5';"));
    assert_eq!(e_rows(&mut e, q, "HASH GROUP BY"), 50);
}
