//! DBMS_XPLAN text: EXPLAIN PLAN with dbms_xplan.display, display_cursor
//! with ALLSTATS LAST, autotrace's Execution Plan, predicates and the
//! plan hash value.

mod common;
use common::*;
use lio_core::Engine;

const T1: &str = "CREATE TABLE t1 (
   key    INTEGER            NOT NULL,
   value  VARCHAR2(30 CHAR)  NOT NULL,
   CONSTRAINT t1_pk PRIMARY KEY (key)
);
BEGIN
   dbms_random.seed(0);
   INSERT INTO t1 (key, value)
   SELECT rownum AS key, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) AS value
     FROM xmltable('1 to 10000');
   COMMIT;
   dbms_stats.gather_table_stats(ownname=>USER, tabname=>'T1');
END;
/
";

fn engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(T1));
    e
}

fn rows(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    let last = s.last().unwrap();
    last.rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

#[test]
fn explain_plan_and_display() {
    let mut e = engine();
    let s = e.exec("EXPLAIN PLAN FOR SELECT * FROM t1 WHERE key = 42;");
    ok(&s);
    assert_eq!(s[0].feedback.as_deref(), Some("Explained."));
    let out = rows(&mut e, "SELECT * FROM TABLE(dbms_xplan.display);");
    println!("{}", out.join("\n"));
    assert!(out[0].starts_with("Plan hash value: "));
    assert_eq!(out[1], "");
    assert_eq!(out[2], "-".repeat(85));
    assert_eq!(out[3], "| Id  | Operation                   | Name  | Rows  | Bytes | Cost (%CPU)| Time     |");
    assert_eq!(out[6], "|   1 |  TABLE ACCESS BY INDEX ROWID| T1    |     1 |    23 |     2   (0)| 00:00:01 |");
    assert_eq!(out[7], "|*  2 |   INDEX UNIQUE SCAN         | T1_PK |     1 |       |     1   (0)| 00:00:01 |");
    assert_eq!(out[10], "Predicate Information (identified by operation id):");
    assert_eq!(out[11], "---------------------------------------------------");
    assert_eq!(out[13], "   2 - access(\"KEY\"=42)");
    assert_eq!(out.len(), 14);
    // The same plan, the same hash; BASIC has no predicates.
    let basic = rows(&mut e, "select * from table(dbms_xplan.display(NULL, NULL, 'BASIC'));");
    assert_eq!(basic[0], out[0]);
    assert_eq!(basic[3], "| Id  | Operation                   | Name  |");
    assert!(!basic.iter().any(|l| l.contains("Predicate")));
    let again = rows(&mut e, "select * from table(dbms_xplan.display());");
    assert_eq!(again, out);
}

#[test]
fn display_cursor_allstats_last() {
    let mut e = engine();
    ok(&e.exec("SELECT /*+ gather_plan_statistics */ * FROM t1 WHERE key = 42;"));
    let out = rows(&mut e, "SELECT * FROM TABLE(dbms_xplan.display_cursor(NULL, NULL, 'ALLSTATS LAST'));");
    println!("{}", out.join("\n"));
    assert!(out[0].starts_with("SQL_ID  ") && out[0].ends_with(", child number 0"), "{}", out[0]);
    assert_eq!(out[1], "-".repeat(out[0].len()));
    assert_eq!(out[2], "SELECT /*+ gather_plan_statistics */ * FROM t1 WHERE key = 42");
    assert!(out[4].starts_with("Plan hash value: "));
    assert_eq!(
        out[7],
        "| Id  | Operation                   | Name  | Starts | E-Rows | A-Rows |   A-Time   | Buffers |"
    );
    assert!(out[9].starts_with("|   0 | SELECT STATEMENT            |       |      1 |        |      1 |00:00:00."));
    assert!(out[11].starts_with("|*  2 |   INDEX UNIQUE SCAN         | T1_PK |      1 |      1 |      1 |00:00:00."));
    assert!(out[11].ends_with("|       2 |"), "{}", out[11]);
    assert!(out.contains(&"   2 - access(\"KEY\"=42)".to_string()));
    // The display_cursor query is not the last cursor itself; named format.
    let named = rows(&mut e, "select * from table(dbms_xplan.display_cursor(format=>'ALLSTATS LAST'));");
    assert_eq!(named, out);
}

#[test]
fn display_cursor_without_statistics_warns() {
    let mut e = engine();
    ok(&e.exec("SELECT * FROM t1 WHERE key = 42;"));
    let out = rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));");
    println!("{}", out.join("\n"));
    assert_eq!(out[7], "| Id  | Operation                   | Name  | E-Rows |");
    let note = out.iter().position(|l| l == "Note").expect("a Note");
    assert_eq!(out[note + 1], "-----");
    assert_eq!(out[note + 2], "   - Warning: basic plan statistics not available. These are only collected when:");
    // TYPICAL by default: line 0 shows the cost with (100) and no estimates.
    let typical = rows(&mut e, "select * from table(dbms_xplan.display_cursor);");
    assert_eq!(typical[9], "|   0 | SELECT STATEMENT            |       |       |       |     2 (100)|          |");
}

#[test]
fn sql_id_is_oracles() {
    // The article's tkprof: JDBC's text of `... key = ?` (with its trailing blank).
    assert_eq!(lio_core::exec::xplan::sql_id("SELECT value FROM t4 WHERE key = :1 "), "03z4487kpgfv3");
    assert_eq!(lio_core::exec::xplan::sql_id("BEGIN DBMS_OUTPUT.GET_LINES(:LINES, :NUMLINES); END;"), "9babjv8yq8ru3");
}

#[test]
fn units_as_dbms_xplan() {
    use lio_core::exec::xplan::units;
    assert_eq!(units(99_999), "99999");
    assert_eq!(units(100_000), "100K");
    assert_eq!(units(310_012), "310K");
    assert_eq!(units(1_000_000), "1000K");
    assert_eq!(units(10_000_000), "10M");
}

#[test]
fn predicates_access_and_filter() {
    let mut e = engine();
    ok(&e.exec(
        "EXPLAIN PLAN SET STATEMENT_ID = 'q' FOR SELECT value FROM t1 WHERE key >= 10 AND key <= 20 AND value = 'X';",
    ));
    let out = rows(&mut e, "select * from table(dbms_xplan.display('PLAN_TABLE', 'q'));");
    println!("{}", out.join("\n"));
    assert!(out.contains(&"   1 - filter(\"VALUE\"='X')".to_string()), "{out:?}");
    assert!(out.contains(&"   2 - access(\"KEY\">=10 AND \"KEY\"<=20)".to_string()), "{out:?}");
    ok(&e.exec("EXPLAIN PLAN FOR SELECT * FROM t1 WHERE value = 'A' OR value = 'B' AND key = 3;"));
    let out = rows(&mut e, "select * from table(dbms_xplan.display);");
    assert!(out.contains(&"   1 - filter(\"VALUE\"='A' OR (\"VALUE\"='B' AND \"KEY\"=3))".to_string()), "{out:?}");
    ok(&e.exec("EXPLAIN PLAN FOR SELECT * FROM t1 WHERE key BETWEEN :lo AND :2 AND (value = 'A' OR value = 'B');"));
    let out = rows(&mut e, "select * from table(dbms_xplan.display);");
    // The bind range's start-up FILTER, the untyped binds converted as
    // Oracle's EXPLAIN PLAN prints them (startup_filter.rs).
    assert!(out.contains(&"   1 - filter(TO_NUMBER(:LO)<=TO_NUMBER(:2))".to_string()), "{out:?}");
    assert!(out.contains(&"   2 - filter(\"VALUE\"='A' OR \"VALUE\"='B')".to_string()), "{out:?}");
    assert!(out.contains(&"   3 - access(\"KEY\">=:LO AND \"KEY\"<=:2)".to_string()), "{out:?}");
}

#[test]
fn autotrace_modes() {
    let mut e = engine();
    let q = "SELECT * FROM t1 WHERE key = 42;";
    let s = e.exec(&format!("SET AUTOTRACE TRACEONLY EXPLAIN\n{q}"));
    ok(&s);
    let st = &s[1];
    assert!(st.rows.is_empty() && st.rows_processed == 0, "TRACEONLY EXPLAIN does not run the query");
    assert!(st.plan.iter().all(|l| l.starts == 0 && l.buffers == 0));
    assert!(st.xplan[0].starts_with("Plan hash value: "));
    let s = e.exec(&format!("SET AUTOT TRACE STAT\n{q}"));
    ok(&s);
    assert!(s[1].xplan.is_empty() && s[1].rows.is_empty() && stat(&s[1], "consistent gets") > 0);
    let set = s[1].settings.as_ref().unwrap();
    assert!(set.autotrace_statistics && !set.autotrace_explain);
    let s = e.exec(&format!("SET AUTOTRACE ON EXPLAIN\n{q}"));
    assert_eq!(s[1].rows.len(), 1);
    assert!(!s[1].xplan.is_empty());
    let s = e.exec(&format!("SET AUTOTRACE OFF\n{q}\n/\n"));
    ok(&s);
    assert!(s[1].xplan.is_empty());
    assert_eq!(s[2].kind, "query");
    assert_eq!(s[2].rows.len(), 1, "`/` re-runs the query with its rows");
}

#[test]
fn join_predicates_name_the_aliases() {
    let mut e = engine();
    ok(&e.exec(
        "EXPLAIN PLAN FOR select /*+ leading(a) use_nl(a b) */ max(b.value) from t1 a, t1 b where a.key = b.key and a.value = 'X';",
    ));
    let out = rows(&mut e, "select * from table(dbms_xplan.display);");
    println!("{}", out.join("\n"));
    assert!(out.iter().any(|l| l.ends_with("- filter(\"A\".\"VALUE\"='X')")), "{out:?}");
    // The probed index's column first (Oracle keeps the order as written).
    assert!(out.iter().any(|l| l.ends_with("- access(\"B\".\"KEY\"=\"A\".\"KEY\")")), "{out:?}");
}
