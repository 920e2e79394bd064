//! DML on a bitmap-indexed column locks the bitmap piece of the row's old
//! and new key (session/bitmap.rs): another session changing a different
//! row covered by a locked piece would wait on `enq: TX - row lock
//! contention`; the lab refuses it (LAB-00037), as it refuses a locked row
//! (LAB-00036). Rows in other pieces, other keys, and columns no bitmap
//! index holds go through.
mod common;
use common::*;
use lio_sql::ora;

/// The error code of a step, or "" when it ran.
fn code(s: &lio_core::StepOut) -> String {
    s.error.as_ref().map(|e| e.code.clone()).unwrap_or_default()
}

/// Oracle Support's example (tests/articles/mos-bitmap-fragment-tx-wait.sql):
/// five rows in one block, one piece a key. Session 1 moves row 3 from
/// MALE to FEMALE, locking both pieces; session 2's move of row 4 touches
/// the MALE piece: refused, naming session 1's SID. Its update of TXT
/// touches no index: it runs. After session 1's commit, session 2's runs.
/// Lunar's INSERT case: the same key waits, another key does not.
#[test]
fn mos_bitmap_fragment_example() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/mos-bitmap-fragment-tx-wait.sql"));
    let codes: Vec<String> = s.iter().map(code).collect();
    let piece = ora::LAB_BITMAP_PIECE_LOCKED.code();
    let refused: Vec<usize> = (0..s.len()).filter(|&i| !codes[i].is_empty()).collect();
    assert_eq!(refused, [10, 22], "{codes:?}");
    assert_eq!(codes[10], piece);
    assert!(s[10].error.as_ref().unwrap().message.contains("LAB.TX_EG_BITMAP is locked by session 10"));
    assert_eq!(codes[22], piece);
    assert_eq!(
        row_strings(&s[17]),
        ["1|First|FEMALE", "2|Second|MALE", "3|Third|FEMALE", "4|Fourth!|FEMALE", "5|Fifth|MALE"]
    );
    assert_eq!(row_strings(&s[29]), ["1|Y", "2|Y", "3|N"]);
}

/// Hand-checked pieces: 300,000 rows of one key ('A') in ~1,900 blocks
/// are 11 pieces (a piece's bitmap stops at half a block), so row 1 and
/// row 300,000 are in different pieces. Session 1 moves row 1 to 'B'
/// (the first 'A' piece and a new 'B' piece of block 0); session 2 moves
/// row 300,000 to 'C' (the last 'A' piece): no common piece, it runs; its
/// move of row 2 (the first 'A' piece) is refused. A failed statement
/// keeps no piece: after the refusal, session 1 can still change row
/// 300,001's neighbours that session 2 did not lock.
#[test]
fn pieces_apart_do_not_wait() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table big (id number, code varchar2(1), pad varchar2(10));\n\
         insert into big select rownum, 'A', 'x' from dual connect by level <= 300000;\n\
         commit;\n\
         create bitmap index big_bm on big(code);\n\
         exec dbms_stats.gather_index_stats(user, 'BIG_BM')",
    ));
    assert_eq!(text_rows(&mut e, "select num_rows from user_indexes where index_name = 'BIG_BM';"), [["11"]]);
    ok(&e.exec("update big set code = 'B' where id = 1;"));
    let s =
        e.exec("LAB SESSION 2;\nupdate big set code = 'C' where id = 300000;\nupdate big set code = 'C' where id = 2;");
    assert_eq!(code(&s[1]), "");
    assert_eq!(s[1].rows_processed, 1);
    assert_eq!(code(&s[2]), ora::LAB_BITMAP_PIECE_LOCKED.code());
    // Session 2's failed statement left no lock on the first 'A' piece's
    // neighbour keys: session 1 moves row 3 (first piece, its own lock).
    let s = e.exec("LAB SESSION 1;\nupdate big set code = 'B' where id = 3;");
    assert_eq!(code(&s[1]), "");
    // The 'C' piece (block of row 300,000) is session 2's: session 1's
    // move of row 299,999 to 'C' is refused; after session 2 ends, it runs.
    let s = e.exec("update big set code = 'C' where id = 299999;");
    assert_eq!(code(&s[0]), ora::LAB_BITMAP_PIECE_LOCKED.code());
    let s = e.exec("LAB SESSION 2;\nrollback;\nLAB SESSION 1;\nupdate big set code = 'C' where id = 299999;");
    assert_eq!(code(&s[3]), "");
    assert_eq!(s[3].rows_processed, 1);
}

/// A DELETE locks its row's key piece; a SELECT FOR UPDATE changes no
/// index entry and locks none (only the row).
#[test]
fn delete_locks_for_update_does_not() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, k varchar2(1));\n\
         insert into t select rownum, chr(65 + mod(rownum, 2)) from dual connect by level <= 10;\n\
         commit;\n\
         create bitmap index t_bm on t(k);",
    ));
    ok(&e.exec("select id from t where id = 1 for update;"));
    let s = e.exec("LAB SESSION 2;\ndelete from t where id = 3;\nLAB SESSION 1;\ndelete from t where id = 5;");
    assert_eq!(code(&s[1]), "", "FOR UPDATE locked no piece");
    assert_eq!(code(&s[3]), ora::LAB_BITMAP_PIECE_LOCKED.code(), "the 'B' piece is session 2's");
    let s = e.exec("delete from t where id = 2;");
    assert_eq!(code(&s[0]), "", "the 'A' piece is free");
}
