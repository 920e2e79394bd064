//! An INDEX RANGE SCAN bound by equalities on the index's leading columns
//! and a range on the next one: `n1 = 5 AND n2 BETWEEN 10 AND 19` on an
//! index on (N1, N2) is one run of entries, every predicate an access
//! predicate (`access("N1"=5 AND "N2">=10 AND "N2"<=19)`), as every Oracle
//! plan of such a query prints it; and equalities on every column of a
//! two-column index are one probe costed with DISTINCT_KEYS. Until session
//! 17 the lab used only the leading column: the rest filtered the table's
//! rows, the index's selectivity was the leading column's alone, and the
//! optimizer took a full scan where Oracle takes the index (a Jonathan
//! Lewis style 100,000-row t1 with an index on (n1, n2): FTS cost 489
//! against the index's 24).
//!
//! Hand-checked: T has 1,000 rows, N1 = mod(rownum - 1, 10) (10 values),
//! N2 = trunc((rownum - 1) / 10) (0..99, 100 values); each (N1, N2) pair
//! once. `n1 = 5 and n2 between 10 and 19`: ten rows (N2 10..19), ID =
//! 10 x N2 + 6. Selectivity 1/10 x ((19 - 10)/(99 - 0) + 2/100) = 0.01109:
//! E-Rows 11. `n1 = 5 and n2 = 10`: DISTINCT_KEYS 1,000, E-Rows 1.

mod common;
use common::*;

const T: &str = "create table t (id number, n1 number, n2 number, pad varchar2(50));\n\
    insert into t select rownum, mod(rownum - 1, 10), trunc((rownum - 1) / 10), rpad('x', 50) from dual connect by level <= 1000;\n\
    commit;\n\
    create index t_i on t(n1, n2);\n\
    exec dbms_stats.gather_table_stats(user, 'T')\n\
    alter session set statistics_level = all;\n";

/// (operation, E-Rows, A-Rows, access) of each plan line.
fn lines(s: &lio_core::StepOut) -> Vec<(String, u64, u64, String)> {
    s.plan.iter().map(|l| (l.operation.clone(), l.e_rows, l.a_rows, l.access.clone().unwrap_or_default())).collect()
}

#[test]
fn equality_then_range_is_one_run_of_entries() {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    let s = e.exec("select id from t where n1 = 5 and n2 between 10 and 19;");
    ok(&s);
    let ids: Vec<String> = (10..20).map(|n2| (10 * n2 + 6).to_string()).collect();
    assert_eq!(row_strings(&s[0]), ids);
    let l = lines(&s[0]);
    assert_eq!(l[2].0, "INDEX RANGE SCAN");
    assert_eq!((l[2].1, l[2].2), (11, 10), "{l:?}");
    assert_eq!(l[2].3, "\"N1\"=5 AND \"N2\">=10 AND \"N2\"<=19");
    // Open ranges and a strict bound.
    let s = e.exec("select count(pad) from t where n1 = 5 and n2 > 97;");
    assert_eq!(row_strings(&s[0]), ["2"]);
    let s = e.exec("select count(pad) from t where n1 = 5 and n2 < 2;");
    assert_eq!(row_strings(&s[0]), ["2"]);
    // A NULL bound matches nothing (the differential test's seeds 7, 11,
    // 3 and 1 found the first version of this path returning the prefix's
    // every row for `n2 <= NULL`).
    let s = e.exec("select count(pad) from t where n1 = 5 and n2 <= null;");
    assert_eq!(row_strings(&s[0]), ["0"]);
    let s = e.exec("select count(pad) from t where n1 = 5 and n2 between 8 and null;");
    assert_eq!(row_strings(&s[0]), ["0"]);
    // Nothing in range: the probe finds the place and stops.
    let s = e.exec("select count(pad) from t where n1 = 5 and n2 between 200 and 300;");
    assert_eq!(row_strings(&s[0]), ["0"]);
}

#[test]
fn every_column_equal_is_one_probe_by_distinct_keys() {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    let s = e.exec("select id from t where n1 = 5 and n2 = 10;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["106"]);
    let l = lines(&s[0]);
    assert_eq!(l[2].0, "INDEX RANGE SCAN");
    assert_eq!((l[2].1, l[2].2), (1, 1), "{l:?}");
    assert_eq!(l[2].3, "\"N1\"=5 AND \"N2\"=10");
}

/// A NULL in the ranged column is never in range; a descending ORDER BY
/// on it reads the run backwards (INDEX RANGE SCAN DESCENDING, no sort).
#[test]
fn nulls_and_the_descending_scan() {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    ok(&e.exec("insert into t values (1001, 5, null, 'y');\ncommit;"));
    let s = e.exec("select count(pad) from t where n1 = 5 and n2 >= 0;");
    assert_eq!(row_strings(&s[0]), ["100"]);
    let s = e.exec("select /*+ index(t t_i) */ n2 from t where n1 = 5 and n2 between 10 and 13 order by n2 desc;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["13", "12", "11", "10"]);
    let ops: Vec<String> = s[0].plan.iter().map(|l| l.operation.clone()).collect();
    assert!(ops.iter().all(|o| !o.starts_with("SORT")), "{ops:?}");
    assert!(ops.iter().any(|o| o == "INDEX RANGE SCAN DESCENDING"), "{ops:?}");
}

/// The probe's key and bounds from the outer row of a nested loop.
#[test]
fn a_nested_loop_probes_with_the_outer_rows_bounds() {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    ok(&e.exec(
        "create table d (k number, lo number, hi number);\n\
         insert into d values (5, 10, 12);\n\
         insert into d values (7, 98, 99);\n\
         commit;",
    ));
    let s = e.exec(
        "select /*+ leading(d) use_nl(t) index(t t_i) */ d.k, t.n2 from d, t \
         where t.n1 = d.k and t.n2 between d.lo and d.hi order by 1, 2;",
    );
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["5|10", "5|11", "5|12", "7|98", "7|99"]);
    let l = lines(&s[0]);
    let ix = l.iter().find(|x| x.0 == "INDEX RANGE SCAN").expect("index line");
    assert_eq!(ix.3, "\"T\".\"N1\"=\"D\".\"K\" AND \"T\".\"N2\">=\"D\".\"LO\" AND \"T\".\"N2\"<=\"D\".\"HI\"");
}

/// A predicate on an index column after a gap filters the index's
/// entries: the table is visited only for those it keeps. Hand-checked:
/// 10,000 rows, N1 = mod(rownum - 1, 10), N3 = mod(rownum - 1, 13); index
/// (N1, N2, N3). `n1 = 5` selects 1,000 entries, `n3 = 7` keeps those with
/// rownum - 1 = 5 mod 10 and 7 mod 13, one in 130: 77 rows, 77 table
/// visits (the table line started once, its A-Rows 77), where filtering
/// at the table visited 1,000 rows' blocks.
#[test]
fn an_index_column_after_a_gap_filters_the_entries() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table g (id number, n1 number, n2 number, n3 number, pad varchar2(50));\n\
         insert into g select rownum, mod(rownum-1, 10), mod(rownum-1, 7), mod(rownum-1, 13), rpad('x',50) from dual connect by level <= 10000;\n\
         commit;\n\
         create index g_i on g(n1, n2, n3);\n\
         exec dbms_stats.gather_table_stats(user,'G')\n\
         alter session set statistics_level = all;",
    ));
    let s = e.exec("select /*+ index(g g_i) */ count(pad) from g where n1 = 5 and n3 = 7;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["77"]);
    let ix = s[0].plan.iter().find(|l| l.operation == "INDEX RANGE SCAN").expect("index line");
    assert_eq!((ix.a_rows, ix.access.as_deref(), ix.filter.as_deref()), (77, Some("\"N1\"=5"), Some("\"N3\"=7")));
    let t = s[0].plan.iter().find(|l| l.operation.starts_with("TABLE ACCESS")).expect("table line");
    assert_eq!((t.e_rows, t.a_rows, t.filter.as_deref()), (77, 77, None));
    // The table's blocks visited: far fewer than 1,000 rows' worth.
    assert!(t.buffers - ix.buffers <= 80, "{} {}", t.buffers, ix.buffers);
}
