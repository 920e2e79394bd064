//! `UPDATE ... WHERE ROWNUM <= n` and `DELETE ... WHERE ROWNUM <= n`, the
//! batching idiom of Kyte's and oracle-base's scripts (was refused:
//! "this access path for UPDATE or DELETE"). Oracle plans them as the
//! query would be planned: `UPDATE` (`DELETE`) over `COUNT STOPKEY` over
//! the access path, `filter(ROWNUM<=n)` on the COUNT STOPKEY line, and
//! changes the rows the stopkey lets through, in the access path's order.
//!
//! Hand-checked on T: 20 rows (N = 1..20, M = N mod 4), one block, an
//! index on M. A full scan returns rows in insert order, so
//! `update ... where rownum <= 3` changes N = 1, 2, 3; through the index
//! (`m = 2 and rownum <= 2`) the entries of M = 2 in rowid order:
//! N = 2, 6. A DELETE of `rownum < 4` from the full scan then removes
//! N = 1, 2, 3: of the four 'Y' rows (1, 2, 3 and 6) only N = 6 is left.

mod common;
use common::*;

const T: &str = "create table t (n number, m number, v varchar2(10));\n\
    insert into t select rownum, mod(rownum, 4), 'x' from dual connect by level <= 20;\ncommit;\n\
    create index t_m on t(m);\nexec dbms_stats.gather_table_stats(user, 'T')\nset lines 200\n";

#[test]
fn update_and_delete_change_the_rows_the_stopkey_lets_through() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}update t set v = 'Y' where rownum <= 3;\n\
         update t set v = 'Y' where m = 2 and rownum <= 2;\n\
         select n from t where v = 'Y' order by n;\n\
         delete from t where rownum < 4;\n\
         select n from t where v = 'Y' order by n;\n\
         select count(*) from t;\nrollback;\nselect count(*) from t where v = 'Y';"
    ));
    ok(&steps);
    let n = steps.len();
    assert_eq!(steps[n - 8].feedback.as_deref(), Some("3 rows updated."));
    assert_eq!(steps[n - 7].feedback.as_deref(), Some("2 rows updated."));
    assert_eq!(row_strings(&steps[n - 6]), ["1", "2", "3", "6"]);
    assert_eq!(steps[n - 5].feedback.as_deref(), Some("3 rows deleted."));
    assert_eq!(row_strings(&steps[n - 4]), ["6"]);
    assert_eq!(row_strings(&steps[n - 3]), ["17"]);
    assert_eq!(row_strings(&steps[n - 1]), ["0"]);
}

#[test]
fn the_plan_puts_count_stopkey_under_the_dml_line() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}explain plan for update t set v = 'q' where m = 3 and rownum <= 2;\n\
         select * from table(dbms_xplan.display);\n\
         explain plan for delete from t where rownum <= 5;\n\
         select * from table(dbms_xplan.display);"
    ));
    ok(&steps);
    let n = steps.len();
    let up = row_strings(&steps[n - 3]);
    let ops: Vec<&str> =
        up.iter().filter(|l| l.starts_with("|  ") || l.starts_with("|* ")).map(|l| &l[7..27]).collect();
    assert_eq!(ops, [" UPDATE STATEMENT   ", "  UPDATE            ", "   COUNT STOPKEY    ", "    INDEX RANGE SCAN"]);
    assert!(up.iter().any(|l| l.starts_with("|*  2 |   COUNT STOPKEY ")), "{up:#?}");
    assert!(up.iter().any(|l| l == "   2 - filter(ROWNUM<=2)"), "{up:#?}");
    assert!(up.iter().any(|l| l == "   3 - access(\"M\"=3)"), "{up:#?}");
    let del = row_strings(&steps[n - 1]);
    let ops: Vec<&str> =
        del.iter().filter(|l| l.starts_with("|  ") || l.starts_with("|* ")).map(|l| &l[7..28]).collect();
    assert_eq!(
        ops,
        [" DELETE STATEMENT    ", "  DELETE             ", "   COUNT STOPKEY     ", "    TABLE ACCESS FULL"]
    );
    assert!(del.iter().any(|l| l == "   2 - filter(ROWNUM<=5)"), "{del:#?}");
}
