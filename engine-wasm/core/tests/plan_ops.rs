//! Single-table plan operations (issues 31 and 33): SORT ORDER BY
//! STOPKEY, SORT GROUP BY / UNIQUE STOPKEY, NOSORT group-bys over an
//! index in key order, ORDER BY answered by an index scan (DESCENDING),
//! hash aggregation on and off, index hints, MIN/MAX under FIRST ROW and
//! the set operations' lines. Each is a real row source: its rows, its
//! gets and its `sorts (memory)` are checked, not only its name.

mod common;
use common::*;
use lio_core::StepOut;

/// A 2,000-row table: ID 1..2000 (NOT NULL, indexed), GRP = ID mod 10.
const SETUP: &str = "create table t (id number not null, grp number, pad varchar2(100));
insert into t select rownum, mod(rownum, 10), rpad('x', 100) from dual connect by level <= 2000;
commit;
create index t_i on t(id);
exec dbms_stats.gather_table_stats(user, 'T')
";

fn run(sql: &str) -> Vec<StepOut> {
    let mut e = quiet_engine();
    let s = e.exec(&format!("{SETUP}{sql}"));
    ok(&s);
    s
}

fn ops(s: &StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| format!("{} {}", l.operation, l.name.as_deref().unwrap_or("")).trim_end().to_string())
        .collect()
}

fn last(s: &[StepOut]) -> &StepOut {
    s.last().expect("a step")
}

/// The top-n sort keeps n rows: three rows out, one sort in memory, the
/// table read to its end below it.
#[test]
fn sort_order_by_stopkey_is_a_top_n_sort() {
    let s = run("select * from (select grp, id from t order by grp desc, id) where rownum < 4;");
    let q = last(&s);
    assert_eq!(ops(q), ["SELECT STATEMENT", "COUNT STOPKEY", "VIEW", "SORT ORDER BY STOPKEY", "TABLE ACCESS FULL T"]);
    assert_eq!(row_strings(q), ["9|9", "9|19", "9|29"]);
    assert_eq!(stat(q, "sorts (memory)"), 1);
    assert_eq!((q.plan[3].a_rows, q.plan[4].a_rows), (3, 2000));
    // Oracle's top-n sort line carries the ROWNUM filter, as COUNT STOPKEY does.
    assert_eq!(q.plan[3].filter.as_deref(), Some("ROWNUM<=3"));
    assert_eq!(q.plan[1].filter.as_deref(), Some("ROWNUM<=3"));
}

/// DISTINCT under ROWNUM: SORT GROUP BY STOPKEY (10.2+, Dyke), SORT
/// UNIQUE STOPKEY with hash aggregation off; the first keys in order.
#[test]
fn distinct_under_rownum_sorts_with_a_stopkey() {
    let s = run("select * from (select distinct grp from t) where rownum < 3;
alter session set \"_gby_hash_aggregation_enabled\" = false;
select * from (select distinct grp from t) where rownum < 3;");
    let (a, b) = (&s[s.len() - 3], last(&s));
    assert_eq!(a.plan[3].operation, "SORT GROUP BY STOPKEY");
    assert_eq!(b.plan[3].operation, "SORT UNIQUE STOPKEY");
    assert_eq!(b.plan[3].filter.as_deref(), Some("ROWNUM<=2"));
    assert_eq!(row_strings(a), ["0", "1"]);
    assert_eq!(row_strings(b), ["0", "1"]);
}

/// GROUP BY and DISTINCT over an index in key order: no sort, and no
/// `sorts (memory)`; the same query by hash, and by sort with hash
/// aggregation off (parameter or hint), counts one.
#[test]
fn nosort_group_by_and_distinct_do_not_sort() {
    let s = run("select id, count(*) from t where id < 40 group by id;
select distinct id from t where id < 40;
select grp, count(*) from t group by grp;
select /*+ no_use_hash_aggregation */ grp, count(*) from t group by grp;
alter session set \"_gby_hash_aggregation_enabled\" = false;
select distinct grp from t;
select /*+ use_hash_aggregation */ distinct grp from t;");
    let q: Vec<&StepOut> = s.iter().filter(|x| x.statement.starts_with("select")).collect();
    let n = q.len();
    let (g, d, h, sg, su, hu) = (q[n - 6], q[n - 5], q[n - 4], q[n - 3], q[n - 2], q[n - 1]);
    assert_eq!(ops(g)[1..], ["SORT GROUP BY NOSORT", "INDEX RANGE SCAN T_I"]);
    assert_eq!(ops(d)[1..], ["SORT UNIQUE NOSORT", "INDEX RANGE SCAN T_I"]);
    assert_eq!((g.rows_processed, stat(g, "sorts (memory)")), (39, 0));
    assert_eq!((d.rows_processed, stat(d, "sorts (memory)")), (39, 0));
    assert_eq!(row_strings(g)[..2], ["1|1", "2|1"]);
    assert_eq!((h.plan[1].operation.as_str(), stat(h, "sorts (memory)")), ("HASH GROUP BY", 0));
    assert_eq!((sg.plan[1].operation.as_str(), stat(sg, "sorts (memory)")), ("SORT GROUP BY", 1));
    assert_eq!((su.plan[1].operation.as_str(), stat(su, "sorts (memory)")), ("SORT UNIQUE", 1));
    assert_eq!(row_strings(su), ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    assert_eq!(hu.plan[1].operation, "HASH UNIQUE");
}

/// ORDER BY on the indexed column of a range scan: no SORT ORDER BY; DESC
/// runs the scan descending, the rows highest first, the same gets.
#[test]
fn order_by_answered_by_the_index_scan() {
    let s = run("select id from t where id < 5 order by id;
select id from t where id < 5 order by id desc;
select id from t where id between 1000 and 1500 order by id desc;");
    let n = s.len();
    let (a, b, c) = (&s[n - 3], &s[n - 2], &s[n - 1]);
    assert_eq!(ops(a)[1..], ["INDEX RANGE SCAN T_I"]);
    assert_eq!(ops(b)[1..], ["INDEX RANGE SCAN DESCENDING T_I"]);
    assert_eq!(row_strings(a), ["1", "2", "3", "4"]);
    assert_eq!(row_strings(b), ["4", "3", "2", "1"]);
    assert_eq!((stat(a, "sorts (memory)"), stat(b, "sorts (memory)")), (0, 0));
    assert_eq!(a.plan[1].buffers, b.plan[1].buffers);
    assert_eq!(c.rows_processed, 501);
    assert_eq!(row_strings(c)[0], "1500");
    assert_eq!(row_strings(c)[500], "1000");
}

/// INDEX_DESC, INDEX_FFS, NO_INDEX, NO_INDEX_FFS: obeyed; a hint naming
/// an index that cannot answer is ignored, as Oracle ignores it.
#[test]
fn index_hints_are_obeyed_or_ignored() {
    let s = run("select /*+ index_desc(t t_i) */ id from t where id < 4;
select /*+ index_desc(t t_i) */ id from t;
select /*+ index_ffs(t t_i) */ id from t where id < 40;
select /*+ no_index(t t_i) */ id from t where id < 4;
select /*+ index_ffs(t t_i) */ pad from t where id < 4;
select /*+ no_index_ffs(t t_i) */ count(id) from t;");
    let n = s.len();
    let q = &s[n - 6..];
    assert_eq!(ops(&q[0])[1..], ["INDEX RANGE SCAN DESCENDING T_I"]);
    assert_eq!(row_strings(&q[0]), ["3", "2", "1"]);
    assert_eq!(ops(&q[1])[1..], ["INDEX FULL SCAN DESCENDING T_I"]);
    assert_eq!(row_strings(&q[1])[0], "2000");
    assert_eq!(ops(&q[2])[1..], ["INDEX FAST FULL SCAN T_I"]);
    assert_eq!(q[2].rows_processed, 39);
    assert_eq!(ops(&q[3])[1..], ["TABLE ACCESS FULL T"]);
    // T_I lacks PAD: no fast full scan can answer, the hint is ignored.
    assert!(!ops(&q[4]).iter().any(|o| o.contains("FAST FULL")), "{:?}", ops(&q[4]));
    assert!(!ops(&q[5]).iter().any(|o| o.contains("FAST FULL")), "{:?}", ops(&q[5]));
}

/// MIN under an INDEX hint with a range: FIRST ROW over INDEX RANGE SCAN
/// (MIN/MAX), one path down the index (BLEVEL + 1 gets), as Dyke's page.
#[test]
fn min_max_with_a_range_reads_one_path() {
    let s = run("select /*+ index(t t_i) */ min(id) from t where id > 5;
select max(id) from t where id < 1500;");
    let n = s.len();
    let (a, b) = (&s[n - 2], &s[n - 1]);
    assert_eq!(ops(a)[1..], ["SORT AGGREGATE", "FIRST ROW", "INDEX RANGE SCAN (MIN/MAX) T_I"]);
    assert_eq!(row_strings(a), ["6"]);
    assert_eq!(row_strings(b), ["1499"]);
    assert_eq!(a.plan[3].buffers, 2, "a 2,000-entry index: root and one leaf");
}

/// Oracle's MINUS and INTERSECTION lines have no Rows, Bytes or Cost.
#[test]
fn set_operation_lines_print_no_estimates() {
    let s = run("explain plan for select id from t minus select grp from t;
select * from table(dbms_xplan.display);");
    let text: Vec<String> = last(&s).rows.iter().filter_map(|r| r[0].as_str().map(String::from)).collect();
    let minus = text.iter().find(|l| l.contains(" MINUS ")).expect("a MINUS line");
    assert!(minus.split('|').skip(3).all(|c| c.trim().is_empty()), "{minus}");
}

/// Malakshinov's MIN under FIRST ROW (tests/articles/malakshinov-min-max-first-row.sql):
/// the published plan, Cost 3 on every costed line, E-Rows 1; the lab's
/// gets are the path down the index, BLEVEL + 1 = 3.
#[test]
fn article_malakshinov_min_max_first_row() {
    let script = include_str!("../../../tests/articles/malakshinov-min-max-first-row.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    ok(&s);
    let x = s.iter().find(|x| x.statement.starts_with("select * from table(dbms_xplan.display)")).unwrap();
    let text: Vec<&str> = x.rows.iter().filter_map(|r| r[0].as_str()).collect();
    let line = |op: &str| *text.iter().find(|l| l.contains(op)).unwrap_or_else(|| panic!("{op}: {text:#?}"));
    let cells = |l: &str| l.split('|').map(|c| c.trim().to_string()).collect::<Vec<_>>();
    // | Id | Operation | Name | Rows | Bytes | Cost (%CPU)| Time |
    assert_eq!(cells(line("SELECT STATEMENT"))[4..7], ["1", "4", "3   (0)"]);
    assert_eq!(cells(line("SORT AGGREGATE"))[4..7], ["1", "4", ""]);
    assert_eq!(cells(line("FIRST ROW"))[4..7], ["1", "4", "3   (0)"]);
    assert_eq!(cells(line("INDEX FULL SCAN (MIN/MAX)"))[3..7], ["IX_TAB1", "1", "4", "3   (0)"]);
    assert!(text.contains(&"   3 - filter(\"ID\" IS NOT NULL)"), "{text:#?}");
    let q = s.iter().rev().find(|x| x.statement.starts_with("select min(ID)")).unwrap();
    assert_eq!(q.rows_processed, 1);
    let gets: Vec<(&str, u64)> = q.plan.iter().map(|l| (l.operation.as_str(), l.buffers)).collect();
    assert_eq!(gets[1..], [("SORT AGGREGATE", 3), ("FIRST ROW", 3), ("INDEX FULL SCAN (MIN/MAX)", 3)], "{gets:?}");
}
