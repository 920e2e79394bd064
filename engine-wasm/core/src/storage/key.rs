//! Index keys: one value inline, several boxed; the order of keys.

use crate::value::Value;
use std::cmp::Ordering;

/// An index entry (key, table row) with its size in bytes.
pub type SizedEntry = ((Key, u32), u32);

/// An index entry's key. A one-column key (most indexes) is held inline,
/// as big as the value itself: no allocation per entry (a million-entry
/// index held a million boxed one-value keys, 32 bytes each on the heap
/// besides the pointer to them). A longer key is boxed.
#[derive(Debug, Clone, PartialEq)]
pub enum Key {
    One(Value),
    Many(Box<[Value]>),
}

impl std::ops::Deref for Key {
    type Target = [Value];
    #[inline(always)]
    fn deref(&self) -> &[Value] {
        match self {
            Key::One(v) => std::slice::from_ref(v),
            Key::Many(b) => b,
        }
    }
}

impl From<Box<[Value]>> for Key {
    fn from(b: Box<[Value]>) -> Key {
        if b.len() == 1 {
            Key::One(b.into_vec().pop().expect("one value"))
        } else {
            Key::Many(b)
        }
    }
}

impl From<&Key> for Box<[Value]> {
    fn from(k: &Key) -> Box<[Value]> {
        k.to_vec().into_boxed_slice()
    }
}

impl FromIterator<Value> for Key {
    fn from_iter<I: IntoIterator<Item = Value>>(it: I) -> Key {
        let mut it = it.into_iter();
        match (it.next(), it.next()) {
            (Some(a), None) => Key::One(a),
            (None, _) => Key::Many(Box::new([])),
            (Some(a), Some(b)) => Key::Many([a, b].into_iter().chain(it).collect()),
        }
    }
}

/// Compare two keys column by column.
pub fn cmp_keys(a: &[Value], b: &[Value]) -> Ordering {
    for (x, y) in a.iter().zip(b.iter()) {
        let o = x.cmp_sql(y);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}
