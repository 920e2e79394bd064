//! ROWID and DBMS_ROWID (issue 33): a row's address in Oracle's base-64
//! text, from the lab's own layout (the table's location map and its
//! segment's extents).

mod common;
use common::*;

use common::text_rows as rows;

/// Worked by hand: 20 rows of about 1,010 bytes in 8 KB blocks with
/// PCTFREE 10 (7,3xx bytes for rows) fit 7 to a block: 7, 7, 6. The
/// segment's first data block is its block 1, after the header; USERS
/// (file 4) starts its extents after its 1 MB space header (128 blocks):
/// blocks 129, 130, 131.
#[test]
fn rows_per_block_are_the_labs_layout() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (n number, pad varchar2(1000));\n\
         insert into t select rownum, rpad('x', 1000, 'x') from dual connect by level <= 20;\n\
         commit;",
    ));
    let r = rows(
        &mut e,
        "select dbms_rowid.rowid_block_number(rowid) blk, count(*) from t \
         group by dbms_rowid.rowid_block_number(rowid) order by 1;",
    );
    assert_eq!(r, vec![vec!["129", "7"], vec!["130", "7"], vec!["131", "6"]]);
    let r = rows(
        &mut e,
        "select dbms_rowid.rowid_relative_fno(rowid), dbms_rowid.rowid_row_number(rowid), \
         dbms_rowid.rowid_type(rowid) from t where n = 9;",
    );
    assert_eq!(r, vec![vec!["4", "1", "1"]]);
    // The object number is the table's DATA_OBJECT_ID.
    let r = rows(
        &mut e,
        "select count(*) from t, user_objects o where o.object_name = 'T' \
         and dbms_rowid.rowid_object(t.rowid) = o.data_object_id;",
    );
    assert_eq!(r, vec![vec!["20"]]);
}

/// The text: OOOOOOFFFBBBBBBRRR in base 64 (A-Z a-z 0-9 + /); a ROWID
/// made by ROWID_CREATE reads back; an unreadable one is ORA-01410.
#[test]
fn rowid_text_and_its_parts() {
    let mut e = quiet_engine();
    let r = rows(&mut e, "select dbms_rowid.rowid_create(1, 74661, 4, 131, 0) from dual;");
    assert_eq!(r, vec![vec!["AAASOlAAEAAAACDAAA"]]);
    let r = rows(
        &mut e,
        "select dbms_rowid.rowid_block_number('AAASOlAAEAAAACDAAA'), dbms_rowid.rowid_object('AAASOlAAEAAAACDAAA') from dual;",
    );
    assert_eq!(r, vec![vec!["131", "74661"]]);
    let steps = e.exec("select dbms_rowid.rowid_block_number('xyz') from dual;");
    assert_eq!(error_of(steps.last().unwrap()).0, lio_sql::ora::INVALID_ROWID.code());
    ok(&e.exec("create table t (n number);\ninsert into t values (1);\ncommit;"));
    let r = rows(&mut e, "select rowid from t;");
    assert_eq!(r[0][0].len(), 18);
    // ROWIDs are held as text: ordering them is refused, not answered
    // in the text's order.
    for sql in ["select n from t order by rowid;", "select n from t where rowid > 'AAAAAAAAAAAAAAAAAA';"] {
        let steps = e.exec(sql);
        assert_eq!(error_of(steps.last().unwrap()).0, lio_sql::ora::LAB_UNSUPPORTED.code(), "{sql}");
    }
    // A view's ROWID is refused, not made up.
    let steps = e.exec("select rowid from user_tables;");
    assert_eq!(error_of(steps.last().unwrap()).0, lio_sql::ora::LAB_UNSUPPORTED.code());
}

/// AskTom's rows per block (Connor McDonald, 11.2.0.4, 8 KB blocks:
/// tests/articles/asktom-char-rows-per-block.sql): CHAR(5) 733 733 733
/// 733 67, CHAR(6) 672 672 672 672 311, now counted with DBMS_ROWID as
/// the question did. The lab's block keeps a few bytes more than 11.2.0.4's
/// (core/tests/articles_char.rs): one row more per full block, so the
/// last block holds four fewer. (CHAR(1)'s 733 needs Oracle's minimum row
/// piece, which the lab does not model.)
#[test]
fn asktom_rows_per_block_through_dbms_rowid() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table CH5(c char(5)) pctfree 0;\n\
         insert into CH5 select 'ccccc' from dual connect by level <= 2999;\n\
         create table CH6(c char(6)) pctfree 0;\n\
         insert into CH6 select 'ccccc' from dual connect by level <= 2999;\n\
         commit;",
    ));
    for (t, published) in [("CH5", [733, 733, 733, 733, 67]), ("CH6", [672, 672, 672, 672, 311])] {
        let r = rows(
            &mut e,
            &format!(
                "select dbms_rowid.rowid_block_number(rowid), count(*) from {t} \
                 group by dbms_rowid.rowid_block_number(rowid) order by 1;"
            ),
        );
        let counts: Vec<i64> = r.iter().map(|x| x[1].parse().unwrap()).collect();
        assert_eq!(counts.len(), 5, "{t}: {counts:?}");
        assert_eq!(counts.iter().sum::<i64>(), 2999);
        for (lab, published) in counts[..4].iter().zip(&published[..4]) {
            assert!((0..=1).contains(&(lab - published)), "{t}: {counts:?}");
        }
    }
}
