//! The in-place B-tree merge (issue 29: single-row DML into an indexed
//! table in time independent of the index size) gives exactly the tree a
//! full merge and relayout give: entries, leaves, levels, rowid blocks,
//! clustering factor and the duplicate verdict.
use super::*;

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn assert_same(a: &BTree, b: &BTree, what: &str) {
    assert_eq!(a.entries, b.entries, "{what}: entries");
    assert_eq!(a.packed, b.packed, "{what}: packed");
    assert_eq!(a.sizes, b.sizes, "{what}: sizes");
    assert_eq!(a.first, b.first, "{what}: first");
    assert_eq!(a.nums.len(), b.nums.len(), "{what}: nums");
    for (x, y) in a.nums.iter().zip(&b.nums) {
        assert_eq!((x.key.to_bits(), x.row, x.block), (y.key.to_bits(), y.row, y.block), "{what}: nums");
    }
    assert_eq!(a.leaf_start, b.leaf_start, "{what}: leaf starts");
    assert_eq!(a.sep_bytes, b.sep_bytes, "{what}: separators");
    assert_eq!(a.branch_key_bytes, b.branch_key_bytes, "{what}: branch key bytes");
    assert_eq!(a.fanout, b.fanout, "{what}: fanout");
    assert_eq!(a.level_counts, b.level_counts, "{what}: levels");
    assert_eq!(a.level_first, b.level_first, "{what}: level first");
    assert_eq!(a.level_span, b.level_span, "{what}: level span");
    assert_eq!(a.clustering_factor, b.clustering_factor, "{what}: clustering factor");
    assert_eq!(a.leaf_fill.to_bits(), b.leaf_fill.to_bits(), "{what}: fill");
}

/// Runs `statements` batches of inserts into two trees, one merged in
/// place and one with the full merge (`stale` forces it), comparing them
/// after each statement.
fn compare(unique: bool, seed: u64, statements: usize, key_of: impl Fn(&mut Rng, u32) -> Box<[Value]>) {
    let mut rng = Rng(seed);
    let mut fast = BTree::new(8192, 10, unique, false);
    let mut full = BTree::new(8192, 10, unique, false);
    let mut loc: Vec<RowLoc> = Vec::new();
    let mut row = 0u32;
    for s in 0..statements {
        let n = 1 + (rng.next() % 5) as usize;
        for _ in 0..n {
            let key = key_of(&mut rng, row);
            let size = fast.entry_size(&key, &[]) + (rng.next() % 3) as u32 * 40;
            fast.insert(key.clone(), row, size);
            full.insert(key, row, size);
            // Rows fill blocks of 50, with now and then a row elsewhere.
            let block = if rng.next().is_multiple_of(7) { (rng.next() % 40) as u32 } else { row / 50 };
            loc.push(RowLoc { block, slot: 0 });
            row += 1;
        }
        full.stale = true;
        let (a, b) = (fast.merge_pending(), full.merge_pending());
        assert_eq!(a.is_err(), b.is_err(), "statement {s}: duplicate verdict");
        if a.is_err() {
            // The statement is rolled back, as the DML path does.
            let first = row - n as u32;
            fast.remove_rows_from(first);
            full.remove_rows_from(first);
            loc.truncate(first as usize);
            row = first;
            fast.set_rowid_blocks(&loc);
            full.set_rowid_blocks(&loc);
        } else {
            fast.set_rowid_blocks_after_insert(&loc);
            full.set_rowid_blocks(&loc);
        }
        assert_same(&fast, &full, &format!("seed {seed}, statement {s}"));
    }
}

#[test]
fn in_place_merge_equals_full_merge_for_ascending_keys() {
    compare(true, 1, 3000, |_, r| vec![Value::int(r as i64)].into_boxed_slice());
}

#[test]
fn in_place_merge_equals_full_merge_for_random_keys() {
    for seed in [2, 3, 4] {
        compare(false, seed, 1500, |g, _| vec![Value::int((g.next() % 2000) as i64)].into_boxed_slice());
    }
}

#[test]
fn in_place_merge_equals_full_merge_with_duplicates_nulls_and_strings() {
    for seed in [5, 6] {
        compare(true, seed, 1500, |g, _| {
            let k = g.next() % 5000;
            let first = match k % 11 {
                0 => Value::Null,
                1 => Value::Str(format!("s{k}").into()),
                _ => Value::int(k as i64),
            };
            vec![first, Value::int((k % 3) as i64)].into_boxed_slice()
        });
    }
}

/// CREATE INDEX sorts single-number keys as (double, row) pairs: the
/// order is the one the general comparison gives (negative, fractional,
/// repeated keys, rows out of order).
#[test]
fn numeric_build_sort_matches_the_general_sort() {
    let mut rng = Rng(0x5eed);
    let mut entries: Vec<SizedEntry> = (0..5000u32)
        .map(|r| {
            let x = (rng.next() % 400) as i64 - 200;
            let v = if r % 7 == 0 { Value::from_f64(x as f64 / 8.0) } else { Value::int(x) };
            ((Key::One(v), (rng.next() % 100_000) as u32), r)
        })
        .collect();
    let mut expected = entries.clone();
    expected.sort_by(|a, b| cmp_keys(&a.0 .0, &b.0 .0).then(a.0 .1.cmp(&b.0 .1)));
    super::btree::sort_entries(&mut entries);
    let key = |e: &SizedEntry| (e.0 .0.to_vec(), e.0 .1);
    assert_eq!(entries.iter().map(key).collect::<Vec<_>>(), expected.iter().map(key).collect::<Vec<_>>());
}

/// Every entry of a tree whose first key column is not a number (a NULL
/// here) removed, then one inserted in place: the search mirror `first`
/// must follow (it kept the removed entry and a lower bound sliced past
/// the entries: the wasm trap of the differential test's seed 11, a
/// one-row global index partition updated and then deleted).
#[test]
fn removing_every_entry_then_inserting_one_keeps_the_mirrors() {
    let key = |n: i64| -> Box<[Value]> { vec![Value::Null, Value::int(n)].into() };
    let mut t = BTree::new(8192, 10, false, false);
    let size = t.entry_size(&key(1), &[]);
    t.insert(key(1), 6, size);
    t.merge_pending().unwrap();
    t.remove_rows(&[6].into_iter().collect());
    t.insert(key(4), 6, size);
    t.merge_pending().unwrap();
    assert_eq!(t.len(), 1);
    assert_eq!(t.first.len(), 1);
    assert_eq!(t.lower_bound(&key(4)), 0);
    let _ = t.leaf_for(&key(4), 6);
}
