//! Packed entries (issue 29: 16 bytes an index entry): a packed key
//! stands for exactly its NUMBER, and a packed tree answers every search
//! as the same tree of boxed keys does, through the turns from one form
//! to the other (a NULL or string key joining, leaving again).
use super::*;
use crate::number::Number;

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

/// Every NUMBER of at most 15 significant digits a double keys comes
/// back from its key unchanged (integers, fractions, tiny and huge).
#[test]
fn a_packed_key_gives_back_its_number() {
    let mut rng = Rng(0xfeed);
    for i in 0..20_000 {
        let digits = 1 + rng.next() % 15;
        let m = rng.next() % 10u64.pow(digits as u32);
        let e = (rng.next() % 220) as i32 - 120;
        let sign = if i % 3 == 0 { "-" } else { "" };
        let n = Number::parse(&format!("{sign}{m}e{e}")).unwrap();
        let Some(x) = n.f64_key() else { continue };
        assert_eq!(num_value(x), Value::Num(n), "{sign}{m}e{e}");
    }
}

fn tree(keys: &[Value]) -> BTree {
    let mut t = BTree::new(8192, 10, false, false);
    let entries: Vec<SizedEntry> = keys
        .iter()
        .enumerate()
        .map(|(r, k)| {
            let key = Key::One(k.clone());
            let s = t.entry_size(&key, std::slice::from_ref(k));
            ((key, r as u32), s)
        })
        .collect();
    t.build(entries).unwrap();
    t
}

/// The answers a tree gives to a probe for each of `probes`.
fn answers(t: &BTree, probes: &[Value]) -> Vec<String> {
    let mut out = vec![format!(
        "n={} leaves={} levels={:?} distinct={} range={:?}",
        t.len(),
        t.leaf_count(),
        t.level_counts,
        t.distinct_keys(),
        t.first_range()
    )];
    for p in probes {
        let k = std::slice::from_ref(p);
        let lb = t.lower_bound(k);
        let (ge, gt) = (t.first_bound(p, true), t.first_bound(p, false));
        let eq = t.key_equals(lb, k);
        let cmp = (lb < t.len()).then(|| (t.cmp_first_at(lb, p), t.first_at(lb), t.first_is_null(lb)));
        out.push(format!("{p:?}: {lb} {ge} {gt} {eq} {cmp:?} leaf {}", t.leaf_for(k, 7)));
    }
    out.extend((0..t.len()).map(|i| format!("{:?} {}", t.key_at(i), t.row_at(i))));
    out
}

/// A packed tree and a boxed one (the same keys and a string, removed)
/// answer alike; a NULL key turns a packed tree to boxed keys and its
/// removal back.
#[test]
fn packed_and_boxed_trees_answer_alike() {
    let mut rng = Rng(0xbead);
    let keys: Vec<Value> = (0..3000)
        .map(|i| {
            let x = (rng.next() % 500) as i64 - 250;
            if i % 5 == 0 {
                Value::from_f64(x as f64 / 8.0)
            } else {
                Value::int(x)
            }
        })
        .collect();
    let probes: Vec<Value> = vec![
        Value::int(-251),
        Value::int(0),
        Value::int(17),
        Value::from_f64(3.0 / 7.0),
        Value::from_f64(0.5),
        Value::int(250),
        Value::int(10_000),
        Value::str("17"),
        Value::str("x"),
        Value::Null,
        Value::Num(Number::parse("1.00000000000000001").unwrap()),
    ];
    let packed = tree(&keys);
    assert!(packed.packed && packed.entries.is_empty());
    // The same keys with a string at the end: boxed keys throughout.
    let mut with_string = keys.clone();
    with_string.push(Value::str("zz"));
    let mut boxed = tree(&with_string);
    assert!(!boxed.packed);
    boxed.remove_rows_from(keys.len() as u32);
    assert!(boxed.packed, "the string's removal packs the keys again");
    assert_eq!(answers(&packed, &probes), answers(&tree(&keys), &probes));
    // A NULL key inserted turns the tree to boxed keys; the answers are
    // those of a tree built with it.
    let mut t = tree(&keys);
    let r = keys.len() as u32;
    t.insert(Key::One(Value::Null), r, 12);
    t.merge_pending().unwrap();
    assert!(!t.packed);
    let mut with_null = keys.clone();
    with_null.push(Value::Null);
    assert_eq!(answers(&t, &probes), answers(&tree(&with_null), &probes));
    // Removed again: packed, and as before.
    t.remove_rows(&[r].into_iter().collect());
    t.relayout();
    assert!(t.packed);
    assert_eq!(answers(&t, &probes), answers(&packed, &probes));
}

/// A unique packed index reports the duplicate key at CREATE INDEX, in
/// a many-row merge and in an in-place insert.
#[test]
fn a_unique_packed_index_finds_duplicates() {
    let mut t = BTree::new(8192, 10, true, false);
    let entries: Vec<SizedEntry> =
        [3, 1, 2, 1].iter().enumerate().map(|(r, &k)| ((Key::One(Value::int(k)), r as u32), 12)).collect();
    assert_eq!(t.build(entries).unwrap_err(), Key::One(Value::int(1)));
    let mut t = BTree::new(8192, 10, true, false);
    t.build((0..10).map(|r| ((Key::One(Value::int(r)), r as u32), 12)).collect()).unwrap();
    t.insert(Key::One(Value::from_f64(4.0)), 10, 12);
    assert_eq!(t.merge_pending().unwrap_err(), Key::One(Value::int(4)));
    let mut t = BTree::new(8192, 10, true, false);
    t.build((0..10).map(|r| ((Key::One(Value::int(r)), r as u32), 12)).collect()).unwrap();
    for r in 0..100 {
        t.insert(Key::One(Value::int(1000 + r)), 100 + r as u32, 12);
    }
    t.insert(Key::One(Value::int(1050)), 500, 12);
    assert_eq!(t.merge_pending().unwrap_err(), Key::One(Value::int(1050)));
}
