//! B-tree leaf splits and deleted leaf rows (issues 32 and 34), worked by
//! hand. A key of 98 characters is 1 + 98 bytes; its leaf entry 2 + 99 +
//! 7 + 2 = 110 bytes (header, key, rowid with its length byte, row
//! directory); an 8 KB leaf holds 8,192 - 128 = 8,064 bytes: 73 entries
//! (8,030), never to PCTFREE after CREATE INDEX.

mod common;
use common::*;

const TABLE: &str = "create table t (k varchar2(100));\ncreate index t_k on t (k);\n";

fn key(order: &str) -> String {
    format!(
        "insert into t select rpad('x', 93, 'x') || to_char(n, 'fm00000') from \
         (select level n from dual connect by level <= 730) order by n {order};"
    )
}

/// The table loaded with the keys in `order`: the engine and the INSERT.
fn load(order: &str) -> (lio_core::Engine, lio_core::StepOut) {
    let mut e = quiet_engine();
    ok(&e.exec(TABLE));
    let mut s = e.exec(&key(order));
    ok(&s);
    (e, s.remove(0))
}

fn leaves(e: &mut lio_core::Engine) -> String {
    let r = text_rows(e, "analyze index t_k validate structure;\nselect lf_blks || ' ' || pct_used from index_stats;");
    r[0][0].clone()
}

/// 730 ascending keys into the index created empty: each leaf fills to 73
/// entries and splits 90-10 (the new key alone in a new block): 10 leaves,
/// 9 splits, all 90-10; the root leaf's first split makes the tree two
/// levels high (a root split).
#[test]
fn ascending_keys_split_90_10_and_fill_their_leaves() {
    let (mut e, st) = load("asc");
    let st = &st;
    assert_eq!(stat(st, "leaf node splits"), 9);
    assert_eq!(stat(st, "leaf node 90-10 splits"), 9);
    assert_eq!(stat(st, "branch node splits"), 0);
    assert_eq!(stat(st, "root node splits"), 1);
    assert!(leaves(&mut e).starts_with("10 "));
}

/// 730 descending keys: each new key is the lowest, so every split is
/// 50-50: the 74th entry splits the leaf 37/37, 36 more fill the left
/// one and the 37th splits it again: 37 + 37k entries after k splits,
/// 18 splits for 703, the last 27 fit. 19 leaves, none 90-10, about half
/// full.
#[test]
fn descending_keys_split_50_50() {
    let (mut e, st) = load("desc");
    assert_eq!(stat(&st, "leaf node splits"), 18);
    assert_eq!(stat(&st, "leaf node 90-10 splits"), 0);
    assert!(leaves(&mut e).starts_with("19 "));
}

/// 10g's V$STATNAME has no `root node splits` in the lab (first seen in an
/// 11.2 listing); the leaf splits are there.
#[test]
fn root_node_splits_from_11_2() {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("lab version 10.2.0.5;\n{TABLE}")));
    let s = e.exec(&key("asc"));
    assert_eq!(stat(&s[0], "leaf node splits"), 9);
    assert_eq!(stat(&s[0], "root node splits"), 0);
    let r = text_rows(&mut e, "select count(*) from v$statname where name like '%node%splits';");
    assert_eq!(r[0][0], "3");
}

/// The OTN forum's case (tests/articles/otn-update-leaves-own-deleted-
/// rows.sql): an UPDATE of three keys leaves its three deleted entries
/// (its own inserts into the leaf do not clean them), the commit leaves
/// them, and a later insert into the leaf cleans them out: 0, 3, 3, 0.
#[test]
fn article_otn_update_leaves_its_own_deleted_rows() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/otn-update-leaves-own-deleted-rows.sql"));
    ok(&s);
    let del: Vec<String> =
        s.iter().filter(|x| x.statement.starts_with("select del_lf_rows")).map(|x| row_strings(x)[0].clone()).collect();
    assert_eq!(del, ["0", "3", "3", "0"]);
}
