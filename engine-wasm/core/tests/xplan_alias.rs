//! DBMS_XPLAN's "Query Block Name / Object Alias" section (`+ALIAS`,
//! `session/xplan_alias.rs`): the query block of each line and the alias
//! of the object it reads, for a query of one query block; refused
//! (LAB-00001) where the names would be guessed.

mod common;
use common::*;
use lio_core::Engine;

const HEAD: &str = "Query Block Name / Object Alias (identified by operation id):";

const SETUP: &str = "create table t1 (id number, n number, pad varchar2(20));\n\
     insert into t1 select level, mod(level, 10), 'x' from dual connect by level <= 1000;\n\
     create table t2 (id number, t1_id number);\n\
     insert into t2 select level, mod(level, 1000) + 1 from dual connect by level <= 5000;\n\
     commit;\n\
     create index t1_i1 on t1 (id);\n\
     exec dbms_stats.gather_table_stats(user, 'T1')\n\
     exec dbms_stats.gather_table_stats(user, 'T2')";

fn engine(version: &str) -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("LAB VERSION {version};\n{SETUP}")));
    e
}

/// The section's lines (heading to its end) of an EXPLAIN PLAN display.
fn alias_section(e: &mut Engine, query: &str, format: &str) -> Vec<String> {
    ok(&e.exec(&format!("explain plan for {query}")));
    let rows = text_rows(e, &format!("select * from table(dbms_xplan.display(null, null, '{format}'));"));
    let rows: Vec<String> = rows.into_iter().map(|r| r[0].clone()).collect();
    let at = rows.iter().position(|r| r == HEAD).unwrap_or_else(|| panic!("no section in {rows:#?}"));
    let mut v: Vec<String> = rows[at..].iter().take_while(|r| !r.starts_with("Predicate")).cloned().collect();
    // The blank line before the next section is the next section's.
    if v.last().is_some_and(|r| r.is_empty()) {
        v.pop();
    }
    v
}

/// The error of an EXPLAIN PLAN display (its code and message).
fn refusal(e: &mut Engine, query: &str, format: &str) -> (String, String) {
    ok(&e.exec(&format!("explain plan for {query}")));
    let steps = e.exec(&format!("select * from table(dbms_xplan.display(null, null, '{format}'));"));
    let err = steps.last().unwrap().error.as_ref().expect("refused");
    (err.code.clone(), err.message.clone())
}

fn lines(v: &[&str]) -> Vec<String> {
    let mut out = vec![HEAD.to_string(), "-".repeat(HEAD.len()), String::new()];
    out.extend(v.iter().map(|s| s.to_string()));
    out
}

#[test]
fn a_one_table_query_names_sel_1_and_the_table_on_each_line_reading_it() {
    for v in ["10.2", "11.2", "19c"] {
        let mut e = engine(v);
        // Worked by hand: one SELECT, SEL$1; no alias, so the table's name;
        // the index line reads T1 too; line 1 is the block's top line.
        let got = alias_section(&mut e, "select * from t1 where id = 42;", "BASIC +ALIAS");
        assert_eq!(got, lines(&["   1 - SEL$1 / T1@SEL$1", "   2 - SEL$1 / T1@SEL$1"]), "{v}");
    }
}

#[test]
fn join_and_sort_lines_below_the_top_line_are_not_listed() {
    let mut e = engine("11.2");
    // SORT AGGREGATE over a HASH JOIN: the top line has the block, the
    // HASH JOIN (2) none, each table line its FROM alias (19c's published
    // `1 - SEL$58A6D7F6`, `3 - ... / CC@SEL$1`, `4 - ... / C@SEL$1`).
    let q = "select /*+ use_hash(b) */ count(*) from t1 a, t2 b where a.id = b.t1_id and a.n = 3;";
    ok(&e.exec(&format!("explain plan for {q}")));
    let plan = text_rows(&mut e, "select * from table(dbms_xplan.display(null, null, 'BASIC'));");
    assert!(plan.iter().any(|r| r[0].contains("|   2 |   HASH JOIN")), "{plan:#?}");
    let got = alias_section(&mut e, q, "TYPICAL +ALIAS");
    assert_eq!(got, lines(&["   1 - SEL$1", "   3 - SEL$1 / A@SEL$1", "   4 - SEL$1 / B@SEL$1"]));
}

#[test]
fn qb_name_names_the_block() {
    let mut e = engine("11.2");
    let got = alias_section(&mut e, "select /*+ qb_name(main) */ n from t1 order by n;", "BASIC +ALIAS");
    assert_eq!(got, lines(&["   1 - MAIN", "   2 - MAIN / T1@MAIN"]));
}

#[test]
fn display_cursor_prints_it_after_the_plan_table() {
    let mut e = engine("11.2");
    ok(&e.exec("select n, count(*) from t1 group by n;"));
    let rows = text_rows(&mut e, "select * from table(dbms_xplan.display_cursor(null, null, 'basic +alias'));");
    let rows: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    let at = rows.iter().position(|r| *r == HEAD).expect("section");
    assert_eq!(rows[at - 2], "-----------------------------------");
    assert_eq!(&rows[at + 3..at + 5], &["   1 - SEL$1", "   2 - SEL$1 / T1@SEL$1"]);
}

#[test]
fn blocks_the_lab_cannot_name_are_refused() {
    let mut e = engine("11.2");
    for q in [
        // A subquery: a second block, unnested into a hashed name.
        "select * from t1 where id in (select t1_id from t2);",
        // An ANSI join: a merged block (SEL$58A6D7F6).
        "select * from t1 join t2 on t1.id = t2.t1_id;",
        // A set operator: SET$1 over SEL$1 and SEL$2.
        "select id from t1 union all select id from t2;",
        // The same table twice: which alias an index line reads is guessed.
        "select * from t1 a, t1 b where a.id = b.n;",
        // An inline view.
        "select * from (select * from t1) v;",
    ] {
        let (code, msg) = refusal(&mut e, q, "BASIC +ALIAS");
        assert_eq!(code, "LAB-00001", "{q}");
        assert!(msg.contains("Query Block Name / Object Alias"), "{q}: {msg}");
    }
    // A DML statement's blocks (UPD$1, DEL$1) are not named.
    ok(&e.exec("update t1 set n = n where id = 1;"));
    let s = e.exec("select * from table(dbms_xplan.display_cursor(null, null, 'basic +alias'));");
    assert_eq!(error_of(s.last().unwrap()).0, "LAB-00001");
    // ALL still asks for Column Projection Information: refused.
    let (code, msg) = refusal(&mut e, "select * from t1;", "ALL");
    assert_eq!(code, "LAB-00001");
    assert!(msg.contains("projection"), "{msg}");
}

#[test]
fn spm_test_tab_alias_section_as_published() {
    let script = include_str!("../../../tests/articles/spm-test-tab-alias-section-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let shown: Vec<Vec<String>> =
        steps.iter().filter(|s| s.statement.contains("DISPLAY_CURSOR")).map(row_strings).collect();
    assert_eq!(shown.len(), 2);
    let index = &shown[0];
    assert_eq!(index[0], "SQL_ID  gsttbra9z0ddw, child number 0");
    let row = |v: &[String], id: &str| v.iter().find(|r| r.starts_with(id)).cloned().unwrap_or_default();
    assert_eq!(
        row(index, "|   1 |"),
        "|   1 |  TABLE ACCESS BY INDEX ROWID| SPM_TEST_TAB     |     1 |    25 |     2   (0)| 00:00:01 |"
    );
    assert_eq!(
        row(index, "|*  2 |"),
        "|*  2 |   INDEX RANGE SCAN          | SPM_TEST_TAB_IDX |     1 |       |     1   (0)| 00:00:01 |"
    );
    let at = index.iter().position(|r| r == HEAD).expect("section");
    assert_eq!(&index[at + 3..at + 5], &["   1 - SEL$1 / SPM_TEST_TAB@SEL$1", "   2 - SEL$1 / SPM_TEST_TAB@SEL$1"]);
    let full = &shown[1];
    assert_eq!(full[0], "SQL_ID  fr5dd23pfbjfz, child number 0");
    assert_eq!(
        row(full, "|*  1 |"),
        "|*  1 |  TABLE ACCESS FULL| SPM_TEST_TAB |     1 |    25 |    13   (0)| 00:00:01 |"
    );
    let at = full.iter().position(|r| r == HEAD).expect("section");
    assert_eq!(full[at + 3], "   1 - SEL$1 / SPM_TEST_TAB@SEL$1");
    assert_eq!(full[at + 4], "");
}
