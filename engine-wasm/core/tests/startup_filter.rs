//! Start-up filters (exec/plan/startup.rs): a WHERE conjunct that reads no
//! row is tested once, in a FILTER above the block, before the tables are
//! read; a false one leaves them unread.
//!
//! Published:
//! - Oracle forums thread 2614597 (2013, 1,000-row tables, UNION ALL view
//!   with a constant column filtered): the branches whose constant fails
//!   are `FILTER` over `TABLE ACCESS FULL`, `filter(NULL IS NOT NULL)`,
//!   each adding 1 row and no cost to the view (1002 rows, cost 4).
//! - A plan of `select * from dual where 1 = 0`: SELECT STATEMENT 1 row,
//!   Cost 0 over `FILTER` (blank) over `TABLE ACCESS FULL DUAL` (cost 2),
//!   "FILTER does not start its child, the condition being false".
//! - oracle-l, "Mysterious FILTER operation" (Jurijs, 2005, 9.2.0.6):
//!   `where n between :v_p1 and :v_p2` gives a FILTER over the index range
//!   scan with `filter(TO_NUMBER(:Z)<=TO_NUMBER(:Z))` (EXPLAIN PLAN's
//!   untyped binds); with NUMBER binds the lab prints `filter(:A<=:B)`.
//! - blog.pythian.com, "Where did the filter come from?" (Alex Fatkulin,
//!   2010): `dt >= add_months(trunc(sysdate, 'mm'), -1) and dt <
//!   trunc(sysdate, 'mm')` gives `FILTER` with
//!   `ADD_MONTHS(TRUNC(SYSDATE@!,'fmmm'),(-1))<TRUNC(SYSDATE@!,'fmmm')`.
//!
//! Hand-checked: t2 of 1,000 rows (23 bytes a row: id 4, s 11, d 8).

mod common;
use common::*;

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t2 as select rownum id, rpad('x', 10) s, sysdate - rownum d from dual connect by level <= 1000;\n\
         create index t2_i on t2(id);\n\
         exec dbms_stats.gather_table_stats(user, 't2')\n\
         variable a number\nvariable b number",
    ));
    e
}

fn plan(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let s = e.exec(&format!("explain plan for {sql}\nselect * from table(dbms_xplan.display);"));
    ok(&s);
    s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

/// Consistent gets of a query's second execution (the first parses).
fn gets(e: &mut lio_core::Engine, sql: &str) -> u64 {
    ok(&e.exec(sql));
    let s = e.exec(sql);
    ok(&s);
    stat(&s[0], "consistent gets")
}

#[test]
fn a_false_constant_reads_nothing() {
    let mut e = engine();
    let p = plan(&mut e, "select * from t2 where 1 = 0;");
    assert_eq!(p[5], "|   0 | SELECT STATEMENT   |      |     1 |    23 |     0   (0)| 00:00:01 |");
    assert_eq!(p[6], "|*  1 |  FILTER            |      |       |       |            |          |");
    assert_eq!(p[7], "|   2 |   TABLE ACCESS FULL| T2   |  1000 | 23000 |     3   (0)| 00:00:01 |");
    assert!(p.iter().any(|l| l.trim() == "1 - filter(NULL IS NOT NULL)"), "{p:#?}");
    assert_eq!(gets(&mut e, "select * from t2 where 1 = 0;"), 0);
    // A full scan reads the table when the filter passes.
    assert!(gets(&mut e, "select * from t2 where 1 = 1;") > 5);
    // A true constant is dropped; two constant bounds imply nothing (the
    // empty range is read: index_only.rs).
    let p = plan(&mut e, "select * from t2 where 1 = 1 and id = 3;");
    assert!(!p.iter().any(|l| l.contains("FILTER") || l.contains("1=1")), "{p:#?}");
    assert_eq!(gets(&mut e, "select count(*) from t2 where id between 10 and 5;"), 2);
    // CREATE TABLE AS SELECT ... WHERE 1 = 0 copies the columns, no row.
    let s = e.exec("create table t3 as select * from t2 where 1 = 0;\nselect count(*) from t3;");
    ok(&s);
    assert_eq!(row_strings(&s[1]), ["0"]);
}

#[test]
fn binds_and_sysdate_are_tested_once() {
    let mut e = engine();
    // Binds not yet set: their type is not known, converted as Oracle's
    // EXPLAIN PLAN shows them (oracle-l's `TO_NUMBER(:Z)<=TO_NUMBER(:Z)`).
    let p = plan(&mut e, "select * from t2 where id between :a and :b;");
    assert!(p.iter().any(|l| l.trim() == "1 - filter(TO_NUMBER(:A)<=TO_NUMBER(:B))"), "{p:#?}");
    assert!(p.iter().any(|l| l.starts_with("|*  1 |  FILTER ")), "{p:#?}");
    assert!(p.iter().any(|l| l.trim() == "3 - access(\"ID\">=:A AND \"ID\"<=:B)"), "{p:#?}");
    // Executed with NUMBER binds: the cursor's plan compares them as they are.
    ok(&e.exec("exec :a := 5; :b := 10"));
    let s = e.exec("select * from t2 where id between :a and :b;\nselect * from table(dbms_xplan.display_cursor);");
    ok(&s);
    let p: Vec<String> = s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    assert!(p.iter().any(|l| l.trim() == "1 - filter(:A<=:B)"), "{p:#?}");
    assert_eq!(text_rows(&mut e, "select count(*) from t2 where id between :a and :b;"), [["6"]]);
    ok(&e.exec("exec :a := 10; :b := 5"));
    assert_eq!(gets(&mut e, "select * from t2 where id between :a and :b;"), 0);
    // A strict bound: `<`.
    let p = plan(&mut e, "select * from t2 where id > :a and id <= :b;");
    assert!(p.iter().any(|l| l.trim() == "1 - filter(TO_NUMBER(:A)<TO_NUMBER(:B))"), "{p:#?}");
    // A conjunct on binds alone.
    let p = plan(&mut e, "select * from t2 where :a is null and id = 3;");
    assert!(p.iter().any(|l| l.trim() == "1 - filter(:A IS NULL)"), "{p:#?}");
    assert_eq!(gets(&mut e, "select * from t2 where :a is null and id = 3;"), 0);
    // Fatkulin's range on SYSDATE.
    let p =
        plan(&mut e, "select * from t2 where d >= add_months(trunc(sysdate, 'mm'), -1) and d < trunc(sysdate, 'mm');");
    assert!(
        p.iter().any(|l| l.trim() == "1 - filter(ADD_MONTHS(TRUNC(SYSDATE@!,'fmmm'),(-1))<TRUNC(SYSDATE@!,'fmmm'))"),
        "{p:#?}"
    );
    // Text bounds of a NUMBER column compare as numbers: '9' <= '10' holds
    // (as text it would not, and the rows would be lost).
    let p = plan(&mut e, "select * from t2 where id between '9' and '10';");
    assert!(!p.iter().any(|l| l.contains("FILTER")), "{p:#?}");
    assert_eq!(text_rows(&mut e, "select count(*) from t2 where id between '9' and '10';"), [["2"]]);
}
