//! Global temporary tables (session/temp_table.rs): ON COMMIT DELETE and
//! PRESERVE ROWS, the dictionary, redo for the undo only, indexes, the
//! DDL errors, one session's rows per table.

mod common;
use common::*;
use lio_core::StepOut;
use lio_sql::ora;

fn code(s: &StepOut) -> Option<&str> {
    s.error.as_ref().map(|e| e.code.as_str())
}

fn count(e: &mut lio_core::Engine, t: &str) -> String {
    text_rows(e, &format!("select count(*) from {t};"))[0][0].clone()
}

/// DELETE ROWS empties at commit (and at rollback, and at DDL's implicit
/// commit); PRESERVE ROWS keeps the rows; USER_TABLES says so.
#[test]
fn on_commit_delete_and_preserve_rows() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create global temporary table g_del (a number, b varchar2(10)) on commit delete rows;\n\
         create global temporary table g_pre (a number) on commit preserve rows;\n\
         create global temporary table g_def (a number);\n\
         insert into g_del select level, 'x' from dual connect by level <= 3;\n\
         insert into g_pre select level from dual connect by level <= 4;",
    ));
    assert_eq!(count(&mut e, "g_del"), "3");
    ok(&e.exec("commit;"));
    assert_eq!(count(&mut e, "g_del"), "0");
    assert_eq!(count(&mut e, "g_pre"), "4");
    ok(&e.exec("insert into g_del values (1, 'y');\ncreate table p (x number);"));
    assert_eq!(count(&mut e, "g_del"), "0", "DDL's commit empties it");
    let rows = text_rows(
        &mut e,
        "select table_name, temporary, duration, tablespace_name, logging from user_tables order by table_name;",
    );
    assert_eq!(
        rows,
        vec![
            vec!["G_DEF", "Y", "SYS$TRANSACTION", "null", "NO"],
            vec!["G_DEL", "Y", "SYS$TRANSACTION", "null", "NO"],
            vec!["G_PRE", "Y", "SYS$SESSION", "null", "NO"],
            vec!["P", "N", "null", "USERS", "YES"],
        ]
    );
    // Temporary segments are not in USER_SEGMENTS.
    assert_eq!(text_rows(&mut e, "select count(*) from user_segments where segment_name like 'G%';")[0][0], "0");
}

/// CTAS: ON COMMIT DELETE ROWS leaves the table empty (CREATE TABLE
/// commits), PRESERVE ROWS keeps the query's rows.
#[test]
fn ctas_global_temporary() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create global temporary table c1 on commit delete rows as select level n from dual connect by level <= 5;\n\
         create global temporary table c2 on commit preserve rows as select level n from dual connect by level <= 5;",
    );
    ok(&s);
    assert_eq!(count(&mut e, "c1"), "0");
    assert_eq!(count(&mut e, "c2"), "5");
}

/// Redo for the undo only. One row inserted into an empty table in a new
/// transaction: the permanent table's redo record carries the 5.2 slot,
/// the undo vector and the row's 11.2 insert vector; the temporary one's
/// the same record without the insert vector. So the difference is the
/// data vector, and an UPDATE's (before image kept, after image not)
/// differs by the same kind of vector: the temporary one always less.
#[test]
fn redo_only_for_the_undo() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "alter system set \"_in_memory_undo\" = false;\n\
         create table perm (x number, y varchar2(100));\n\
         create global temporary table temp (x number, y varchar2(100)) on commit preserve rows;\n\
         insert into perm values (0, 'seed');\ninsert into temp values (0, 'seed');\ncommit;",
    ));
    let p = e.exec("insert into perm values (1, rpad('a', 100, 'a'));\ncommit;");
    let t = e.exec("insert into temp values (1, rpad('a', 100, 'a'));\ncommit;");
    let (pr, tr) = (stat(&p[0], "redo size"), stat(&t[0], "redo size"));
    assert!(tr < pr, "temporary {tr} < permanent {pr}");
    // The 11.2 vector (its header, the KTB and KDO parts and the row of
    // about 107 bytes) is in the permanent table's redo only.
    assert!(pr - tr > 107 && pr - tr < 260, "difference {} is the 11.2 vector", pr - tr);
    let p = e.exec("update perm set y = rpad('b', 100, 'b');\ncommit;");
    let t = e.exec("update temp set y = rpad('b', 100, 'b');");
    assert!(stat(&t[0], "redo size") < stat(&p[0], "redo size"));
    // The undo (and the undo's redo) is the same.
    assert_eq!(stat(&t[0], "undo change vector size"), stat(&p[0], "undo change vector size"));
}

/// An index on a temporary table is used and maintained; DDL while the
/// session holds rows is ORA-14450 / ORA-14452; after the rows go it runs.
#[test]
fn indexes_and_ddl_in_use() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create global temporary table g (a number, b number) on commit preserve rows;\n\
         create index g_a on g(a);\n\
         insert into g select level, level from dual connect by level <= 1000;",
    ));
    let s = e.exec("select /*+ index(g g_a) */ b from g where a = 500;");
    assert_eq!(row_strings(&s[0]), vec!["500"]);
    let s = e.exec("alter table g add (c number);\ncreate index g_b on g(b);\ndrop table g;");
    assert_eq!(code(&s[0]), Some(ora::TEMP_TABLE_IN_USE.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::TEMP_TABLE_INDEX_IN_USE.code().as_str()));
    assert_eq!(code(&s[2]), Some(ora::TEMP_TABLE_INDEX_IN_USE.code().as_str()));
    ok(&e.exec("truncate table g;\ncreate index g_b on g(b);\ndrop table g;"));
    let s = e.exec("create global temporary table h (a number) partition by hash (a) partitions 2;");
    assert_eq!(code(&s[0]), Some(ora::TEMP_TABLE_UNSUPPORTED.code().as_str()));
}

/// Another session's rows are never shown: naming the table from a
/// second session while the first holds rows is refused by name.
#[test]
fn another_sessions_rows_are_refused() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create global temporary table g (a number) on commit delete rows;\n\
         insert into g values (1);\n\
         lab session 2;\n\
         select count(*) from g;\n\
         lab session 1;\n\
         commit;\n\
         lab session 2;\n\
         select count(*) from g;",
    );
    assert_eq!(code(&s[3]), Some(ora::LAB_UNSUPPORTED.code().as_str()));
    assert!(s[7].error.is_none());
    assert_eq!(row_strings(&s[7]), vec!["0"]);
}

/// twelvec.com, "Temporary Undo in Oracle12c" (12c;
/// tests/articles/twelvec-gtt-redo-12c.sql): the same INSERT ... SELECT *
/// FROM DBA_OBJECTS into a GTT wrote 601,200 bytes of redo and into a
/// permanent table 12,513,404 (4.8%), 6.6 and 137.7 bytes a row. The
/// lab, for its 91,466 rows: 400,524 and 12,990,516 (3.1%), 4.4 and 142.0
/// bytes a row: the permanent table within 10% a row, the GTT's undo-only
/// redo within a factor of 2 of the published ratio.
#[test]
fn article_twelvec_gtt_redo() {
    let script = include_str!("../../../tests/articles/twelvec-gtt-redo-12c.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    let ins: Vec<&StepOut> = s.iter().filter(|st| st.statement.starts_with("insert")).collect();
    ok(&ins.iter().map(|s| (*s).clone()).collect::<Vec<_>>());
    let (gtt, perm) = (stat(ins[0], "redo size") as f64, stat(ins[1], "redo size") as f64);
    let rows = ins[1].rows_processed as f64;
    let per_row = perm / rows / (12_513_404.0 / 90_859.0);
    assert!((per_row - 1.0).abs() < 0.1, "permanent redo a row {per_row} of the published");
    let (lab, published) = (gtt / perm, 601_200.0 / 12_513_404.0);
    assert!(lab < published * 2.0 && lab > published / 2.0, "ratio {lab} vs published {published}");
}
