//! Leaf splits worked by hand: an 8 KB block holds 8,064 bytes of entries
//! (8,192 less the 128-byte header), so 80 entries of 100 bytes
//! (8,000 bytes; an 81st makes 8,100).
use super::*;
use std::collections::HashSet;

/// Leaf splits and 90-10 splits since the last call.
fn splits(t: &mut BTree) -> (u64, u64) {
    let s = t.take_splits();
    (s.leaf, s.leaf_90_10)
}

fn insert_one_by_one(t: &mut BTree, keys: impl IntoIterator<Item = u32>) {
    for k in keys {
        t.insert(Key::One(Value::from_f64(k as f64)), k, 100);
        t.merge_pending().unwrap();
    }
}

/// Ascending keys into an index created empty: each leaf fills to 80
/// entries (PCTFREE is not honoured), and each split is a 90-10 one, the
/// new key alone in a new block: 800 keys, 10 leaves, 9 splits.
#[test]
fn ascending_keys_fill_their_leaves_with_90_10_splits() {
    let mut t = BTree::new(8192, 10, false, false);
    insert_one_by_one(&mut t, 0..800);
    assert_eq!(t.leaf_count(), 10);
    let s = t.take_splits();
    assert_eq!((s.leaf, s.leaf_90_10), (9, 9));
    // One statement of 800 rows splits the same way.
    let mut u = BTree::new(8192, 10, false, false);
    for k in 0..800u32 {
        u.insert(Key::One(Value::from_f64(k as f64)), k, 100);
    }
    u.merge_pending().unwrap();
    assert_eq!((u.leaf_count(), u.take_splits()), (10, s));
}

/// Descending keys: each new key is the lowest, its leaf the leftmost, so
/// splits are 50-50: the 81st entry splits the leaf into 41 (the lower
/// half, with the new key) and 40; 39 more fill the left leaf again and
/// the 40th splits it. 41 + 40k entries after k splits: 800 keys make
/// 18 splits (761), the last 39 fit: 19 leaves, none 90-10.
#[test]
fn descending_keys_split_50_50_and_leave_half_full_leaves() {
    let mut t = BTree::new(8192, 10, false, false);
    insert_one_by_one(&mut t, (0..800).rev());
    assert_eq!((t.leaf_count(), splits(&mut t)), (19, (18, 0)));
}

/// CREATE INDEX packs to 1 - PCTFREE: 7,257 bytes (90% of 8,064) hold 72
/// entries, so 800 make 12 leaves (the last of 8). 100 ascending keys fill
/// the last leaf to 80 (72 of them), then split 90-10 once: 13 leaves.
#[test]
fn pctfree_is_honoured_by_the_build_only() {
    let mut t = BTree::new(8192, 10, false, false);
    let entries: Vec<SizedEntry> = (0..800u32).map(|k| ((Key::One(Value::from_f64(k as f64)), k), 100)).collect();
    t.build(entries).unwrap();
    assert_eq!(t.leaf_count(), 12);
    insert_one_by_one(&mut t, 800..900);
    assert_eq!((t.leaf_count(), splits(&mut t)), (13, (1, 1)));
}

/// Deleted entries stay in their leaf (LF_ROWS counts them, DEL_LF_ROWS
/// too) until an insert of a later statement into the leaf cleans them
/// all out; the inserts of the deleting statement do not.
#[test]
fn deleted_entries_stay_until_an_insert_into_their_leaf() {
    let mut t = BTree::new(8192, 10, false, false);
    insert_one_by_one(&mut t, 0..800);
    // Rows 0..10 are in the first leaf: an UPDATE of their keys to
    // 1000.. removes and inserts in one statement.
    let rows: HashSet<u32> = (0..10).collect();
    t.remove_rows(&rows);
    for r in 0..10u32 {
        t.insert(Key::One(Value::from_f64(1000.0 + r as f64)), r, 100);
    }
    t.merge_pending().unwrap();
    let s = t.structure();
    assert_eq!((s.lf_rows, s.del_lf_rows, s.del_lf_rows_len), (810, 10, 1000));
    // A later insert into another leaf (the last) leaves them.
    insert_one_by_one(&mut t, [1010]);
    assert_eq!(t.structure().del_lf_rows, 10);
    // An insert into their leaf (key 0.5 goes to the first) cleans them.
    t.insert(Key::One(Value::from_f64(0.5)), 2000, 100);
    t.merge_pending().unwrap();
    let s = t.structure();
    assert_eq!((s.lf_rows, s.del_lf_rows), (802, 0));
    assert_eq!(t.leaf_count(), 11);
}

/// A leaf whose entries are all deleted stays in the tree (LF_BLKS) until
/// a split elsewhere takes its block.
#[test]
fn an_emptied_leaf_is_reused_by_a_split() {
    let mut t = BTree::new(8192, 10, false, false);
    insert_one_by_one(&mut t, 0..800);
    let rows: HashSet<u32> = (0..80).collect();
    t.remove_rows(&rows);
    t.relayout();
    let s = t.structure();
    assert_eq!((s.lf_blks, s.lf_rows, s.del_lf_rows), (10, 800, 80));
    // 80 more ascending keys: one 90-10 split, its block the emptied leaf.
    insert_one_by_one(&mut t, 800..880);
    let s = t.structure();
    assert_eq!((s.lf_blks, s.lf_rows, s.del_lf_rows), (10, 800, 0));
    assert_eq!(t.take_splits().leaf_90_10, 10 - 1 + 1);
}
