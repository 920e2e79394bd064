//! The lab's one schema and the user connected (`session/schema.rs`).
//! A script that connects as N1 before creating anything gets N1's
//! schema (USER, SHOW USER, V$SESSION and the messages say N1);
//! `CONNECT / AS SYSDBA` is SYS, which reaches N1's objects only by
//! `N1.name`; a name qualified by another schema is refused (LAB-00001)
//! rather than answered with the lab's object of that name: before this,
//! `SCOTT.T1` read the lab's T1 and USER said LAB after `CONNECT n1/n1`.
//!
//! Published: batexi.com's 11g session (tests/articles/blogs/
//! batexi-index-vs-full-scan-11g.sql) creates N1's tables as N1 and
//! queries `n1.t1` after `conn / as sysdba`.

mod common;
use common::*;
use lio_sql::ora;

#[test]
fn the_first_connect_names_the_schema() {
    let mut e = quiet_engine();
    ok(&e.exec("conn n1/n1\ncreate table t1 (x number);\ninsert into t1 values (1);\ncommit;"));
    assert_eq!(text_rows(&mut e, "select user, sys_context('userenv', 'current_schema') from dual;"), [["N1", "N1"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from n1.t1;"), [["1"]]);
    assert_eq!(text_rows(&mut e, "select owner from all_objects where object_name = 'T1';"), [["N1"]]);
    // ORA-01400 names the schema.
    let s = e.exec("create table t3 (x number not null);\ninsert into t3 values (null);");
    assert!(s[1].error.as_ref().unwrap().message.contains("(\"N1\".\"T3\".\"X\")"), "{:?}", s[1].error);
}

#[test]
fn other_schemas_are_refused_not_answered_with_the_labs_objects() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (x number);"));
    let s = e.exec("select count(*) from scott.t1;");
    assert_eq!(error_of(&s[0]), (ora::LAB_UNSUPPORTED.code().as_str(), 1, 22));
    // The script's first CONNECT names the schema, objects created before
    // included (they were that user's: the MemOptimized article creates
    // its tables, then connects as tvdca).
    // A second user once a CONNECT of the script named it and it holds
    // objects: refused, still N1.
    let s = e.exec("conn n1/n1\nselect count(*) from n1.t1;\nconn scott/tiger\nselect user from dual;");
    assert_eq!(row_strings(&s[1]), ["0"]);
    assert_eq!(error_of(&s[2]).0, ora::LAB_UNSUPPORTED.code());
    assert_eq!(row_strings(&s[3]), ["N1"]);
    // SYS without SYSDBA.
    let s = e.exec("conn sys/oracle");
    assert_eq!(error_of(&s[0]).0, ora::SYS_NEEDS_SYSDBA.code());
}

#[test]
fn sysdba_is_sys_and_reaches_the_schema_by_its_name() {
    let mut e = quiet_engine();
    ok(&e.exec("conn n1/n1\ncreate table t1 (x number);\ncreate index i1 on t1(x);"));
    let s = e.exec(
        "conn / as sysdba\nselect user from dual;\nselect count(*) from t1;\nselect count(*) from n1.t1;\n\
         select count(*) from sys.dual;\ncreate table t2 (x number);\ncreate table n1.t2 (x number);\ndrop index i1;",
    );
    assert!(s[0].error.is_none());
    assert_eq!(row_strings(&s[1]), ["SYS"]);
    assert_eq!(error_of(&s[2]), (ora::TABLE_OR_VIEW_DOES_NOT_EXIST.code().as_str(), 3, 22));
    assert_eq!(row_strings(&s[3]), ["0"]);
    assert_eq!(row_strings(&s[4]), ["1"]);
    assert_eq!(error_of(&s[5]).0, ora::LAB_UNSUPPORTED.code());
    assert!(s[6].error.is_none(), "{:?}", s[6].error);
    assert_eq!(error_of(&s[7]).0, ora::INDEX_DOES_NOT_EXIST.code());
    // Back as N1: T2 was created in N1's schema.
    assert_eq!(text_rows(&mut e, "conn n1/n1\nselect count(*) from t2;"), [["0"]]);
}

/// DBA_ and ALL_ views: OWNER first, the schema's rows, served where the
/// query names the schema's objects; refused where the database's own
/// objects would be missing from the answer.
#[test]
fn dba_views_answer_for_the_schemas_objects_only() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table hist_test (id number, v number);\n\
         insert into hist_test select rownum, mod(rownum, 3) from dual connect by level <= 100;\n\
         create index hist_i on hist_test(id);\n\
         exec dbms_stats.gather_table_stats(user, 'HIST_TEST');",
    ));
    // Foote's query (tests/articles/blogs/foote-method-opt-auto-dangers-10g.sql).
    let rows = text_rows(
        &mut e,
        "select * from dba_tab_histograms where table_name = 'HIST_TEST' order by column_name, endpoint_number;",
    );
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1][..5], ["LAB", "HIST_TEST", "ID", "1", "100"]);
    assert_eq!(
        text_rows(&mut e, "select owner, index_name from all_indexes where index_name = 'HIST_I';"),
        [["LAB", "HIST_I"]]
    );
    assert_eq!(text_rows(&mut e, "select count(*) from dba_tables where owner = user;"), [["1"]]);
    // Joined to a view that names the table.
    let rows = text_rows(
        &mut e,
        "select a.column_name, b.num_rows from dba_tab_col_statistics a, dba_tables b \
         where a.owner = b.owner and a.table_name = b.table_name and a.table_name = upper('hist_test') order by 1;",
    );
    assert_eq!(rows, [["ID", "100"], ["V", "100"]]);
    // Unfiltered: SYS's tables would be missing.
    let s = e.exec("select count(*) from dba_tables;\nselect count(*) from all_tables where owner = 'SCOTT';");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    assert_eq!(error_of(&s[1]).0, ora::LAB_UNSUPPORTED.code());
}
