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

/// A reverse key index's stored column (`CREATE INDEX ... REVERSE`): the
/// bytes of the value in Oracle's format in reverse order (NUMBER 20 is
/// C1,15 and stored 15,C1), held as text whose characters are those bytes
/// (U+0000..U+00FF: UTF-8 orders them as the bytes), so keys compare as
/// Oracle compares the reversed bytes. NULL stays NULL.
pub fn reversed(v: &Value) -> Value {
    let mut b: Vec<u8> = match v {
        Value::Null => return Value::Null,
        Value::Num(n) => {
            let mut b = n.packed().to_vec();
            if n.stored_len() > b.len() {
                // A negative number's terminator.
                b.push(102);
            }
            b
        }
        Value::Str(s) => s.as_bytes().to_vec(),
        Value::Date(d) => d.to_bytes().to_vec(),
    };
    b.reverse();
    let s: String = b.iter().map(|&x| x as char).collect();
    Value::str(&s)
}

/// [`reversed`] for each column of a key.
pub fn reversed_key(key: &[Value]) -> Key {
    key.iter().map(reversed).collect()
}

/// The bytes a reversed column takes in a leaf (its length byte
/// included): those of the value it reverses, one a character.
pub fn reversed_column_len(v: &Value) -> usize {
    match v {
        Value::Str(s) => {
            let n = s.chars().count();
            if n > 250 {
                n + 3
            } else {
                n + 1
            }
        }
        other => other.column_len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Oracle's Concepts guide: the key 20, stored C1,15, is C1 15
    /// reversed to 15,C1 in a reverse key index; 21 (C1,16) becomes 16,C1:
    /// adjacent keys far apart, 1 (C1,02) before both. A negative number
    /// keeps its terminator (-1 is 3E,64,66: 66,64,3E). Lengths are the
    /// original bytes'.
    #[test]
    fn reversed_bytes_by_hand() {
        assert_eq!(reversed(&Value::int(20)), Value::str("\u{15}\u{c1}"));
        assert_eq!(reversed(&Value::int(21)), Value::str("\u{16}\u{c1}"));
        assert_eq!(reversed(&Value::int(-1)), Value::str("\u{66}\u{64}\u{3e}"));
        assert_eq!(reversed(&Value::str("AB")), Value::str("BA"));
        assert_eq!(reversed(&Value::Null), Value::Null);
        let k = |n| reversed(&Value::int(n));
        assert_eq!(k(1).cmp_sql(&k(20)), Ordering::Less);
        assert_eq!(k(20).cmp_sql(&k(21)), Ordering::Less);
        assert_eq!(k(100).cmp_sql(&k(2)), Ordering::Less);
        assert_eq!(reversed_column_len(&k(20)), Value::int(20).column_len());
        assert_eq!(reversed_column_len(&k(-1)), Value::int(-1).column_len());
    }
}
