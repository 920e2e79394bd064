use super::*;

fn key(n: f64) -> Key {
    Key::One(Value::from_f64(n))
}

#[test]
fn heap_blocks_fill_to_pctfree() {
    let mut h = HeapSegment::new(8192, 10);
    // 711-byte rows + 2 directory bytes: 10 fit below 8192-114-819.
    for _ in 0..25 {
        h.insert(711);
    }
    assert_eq!(h.rows_in_block, vec![10, 10, 5]);
}

#[test]
fn two_leaf_btree_has_a_root() {
    let mut t = BTree::new(8192, 10, true, false);
    // 100-byte entries: ~71 per leaf at 90% fill.
    let entries = (0..100).map(|i| ((key(i as f64), i), 100)).collect();
    t.build(entries).unwrap();
    assert_eq!(t.leaf_count(), 2);
    assert_eq!(t.height(), 2);
    assert_eq!(t.level_first_block(0), 1);
    assert_eq!(t.leaf_block(0), 2);
    assert_eq!(t.leaf_block(1), 3);
    assert_eq!(t.path_block(0, 1), 1);
    assert_eq!(t.leaf_of(99), 1);
}

#[test]
fn leaf_of_agrees_with_a_search_of_the_leaf_starts_for_uneven_leaves() {
    let mut t = BTree::new(8192, 10, false, false);
    // Entry sizes from 10 to 400 bytes: leaves of very different counts.
    let entries = (0..20_000).map(|i| ((key(i as f64), i), 10 + (i * 7919 % 391) * (1 + (i / 5000) % 3))).collect();
    t.build(entries).unwrap();
    assert!(t.leaf_count() > 100);
    for pos in 0..20_000usize {
        let want = (t.leaf_start.partition_point(|&s| s <= pos as u32) - 1) as u32;
        assert_eq!(t.leaf_of(pos), want, "entry {pos}");
    }
}

#[test]
fn unique_btree_rejects_duplicates() {
    let mut t = BTree::new(8192, 10, true, false);
    t.insert(key(1.0), 0, 20);
    t.insert(key(1.0), 1, 20);
    assert!(t.merge_pending().is_err());
}

#[test]
fn hashkeys_round_up_to_a_prime() {
    assert_eq!(next_prime(100_000), 100_003);
    let c = HashCluster::new(8192, 10, 100_000, 256, false);
    assert_eq!(c.keys_per_block, 32);
    assert_eq!(c.bucket_blocks, 3126);
}

#[test]
fn packed_buckets_find_every_row_of_a_key_and_none_of_the_others() {
    // HASH IS key over 5 buckets: keys 1, 6, 11 share bucket 1.
    let mut c = HashCluster::new(8192, 10, 5, 512, true);
    let keys = [1.0, 6.0, 1.0, 11.0, 2.0, 6.0];
    for (r, k) in keys.iter().enumerate() {
        c.insert(&Value::from_f64(*k), r as u32, 50);
    }
    c.pack(|r| keys[r as usize]);
    let rows = |b: u32, x: f64| {
        let mut out = Vec::new();
        assert!(c.packed_rows(b, x, &mut out));
        out
    };
    assert_eq!(rows(1, 1.0), vec![0, 2]);
    assert_eq!(rows(1, 6.0), vec![1, 5]);
    assert_eq!(rows(1, 11.0), vec![3]);
    assert_eq!(rows(2, 2.0), vec![4]);
    assert_eq!(rows(3, 3.0), Vec::<u32>::new());
    assert_eq!(rows(1, 16.0), Vec::<u32>::new());
    // After another insert the packed form is stale until packed again.
    c.insert(&Value::int(1), 6, 50);
    assert!(!c.packed_rows(1, 1.0, &mut Vec::new()));
}

#[test]
fn four_bucket_cluster_chains_overflow_in_insert_order() {
    // HASHKEYS 4 -> 5 (prime); SIZE 8192 -> 1 key per block.
    let mut c = HashCluster::new(8192, 10, 4, 8192, true);
    assert_eq!(c.hashkeys, 5);
    assert_eq!(c.bucket_blocks, 5);
    // Key 0 hashes to bucket 0 (HASH IS key): 25 rows of 700 bytes.
    for r in 0..25 {
        c.insert(&Value::int(0), r, 700);
    }
    // 10 rows fit a block below PCTFREE (see heap test), then chain.
    assert_eq!(c.chains[0], vec![6, 7]);
    assert_eq!(c.chain_len(0), 2);
    assert_eq!(c.overflow_blocks(), 2);
}
