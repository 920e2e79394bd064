//! A string value as the lab holds it in memory: up to 22 bytes inline
//! (the usual key, code or name of a row: `lpad(rownum, 10, '0')`), longer
//! ones shared behind a reference count (generated padding such as
//! `rpad('x', 100)` is one allocation for every row). A million short
//! strings are no longer a million allocations (48 bytes each natively, 24
//! in wasm, besides the value itself), and a [`crate::value::Value`] stays
//! 24 bytes. How Oracle stores the string (its row length, its blocks) is
//! modelled separately from this and does not change with it.

use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

/// Bytes a string may have to be held inline.
pub const INLINE_MAX: usize = 22;
/// First byte of a string held behind a reference count.
const HEAP: u8 = 0xFF;

/// A shared string's fields: its tag byte, then the data pointer and the
/// length of an `Rc<str>` the value owns one count of. Packed (alignment
/// 1), so that the value packs into 23 bytes; the pointer stays a pointer
/// (its provenance kept), read and written by value, never by reference.
#[repr(C, packed)]
#[derive(Clone, Copy)]
struct Shared {
    tag: u8,
    ptr: *const u8,
    len: usize,
}

/// Either form of a [`Text`]; byte 0 (the tag) tells which.
#[repr(C)]
#[derive(Clone, Copy)]
union Repr {
    /// Byte 0 is the length of an inline string, whose bytes follow.
    inline: [u8; INLINE_MAX + 1],
    /// `tag` is `HEAP`.
    shared: Shared,
}

/// An immutable string: reads as `&str` (it dereferences to one).
pub struct Text {
    r: Repr,
    /// Not `Send` or `Sync`, as the `Rc` it may hold.
    _rc: PhantomData<Rc<str>>,
}

const _: () = assert!(std::mem::size_of::<Shared>() <= INLINE_MAX + 1);
const _: () = assert!(std::mem::size_of::<Text>() == INLINE_MAX + 1);
const _: () = assert!(std::mem::align_of::<Text>() == 1);

impl Text {
    #[inline]
    fn is_heap(&self) -> bool {
        // SAFETY: byte 0 is initialised in either form (a length or the tag).
        unsafe { self.r.inline[0] == HEAP }
    }

    /// The `Rc<str>` held (raw), for a heap string.
    #[inline]
    fn raw(&self) -> *const str {
        // SAFETY: called for a heap string only, whose `shared` form was
        // written whole (copied out by value: the struct is packed).
        let s = unsafe { self.r.shared };
        std::ptr::slice_from_raw_parts(s.ptr, s.len) as *const str
    }

    fn from_rc(rc: Rc<str>) -> Text {
        let len = rc.len();
        let ptr = Rc::into_raw(rc) as *const u8;
        Text { r: Repr { shared: Shared { tag: HEAP, ptr, len } }, _rc: PhantomData }
    }

    /// Whether both are the same shared allocation (then equal without
    /// comparing their bytes).
    #[inline]
    pub fn ptr_eq(&self, other: &Text) -> bool {
        self.is_heap() && other.is_heap() && std::ptr::eq(self.raw() as *const u8, other.raw() as *const u8)
    }

    /// Whether the string is shared behind a reference count (a copy of it
    /// costs no memory).
    #[inline]
    pub fn is_shared(&self) -> bool {
        self.is_heap()
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        if self.is_heap() {
            // SAFETY: this value owns a count of the `Rc<str>`, which lives
            // at least as long as `self`.
            unsafe { &*self.raw() }
        } else {
            // SAFETY: an inline string's bytes were copied from a `str`,
            // whole, after its length.
            unsafe {
                let b = &self.r.inline;
                std::str::from_utf8_unchecked(&b[1..1 + b[0] as usize])
            }
        }
    }
}

impl From<&str> for Text {
    #[inline]
    fn from(s: &str) -> Text {
        if s.len() <= INLINE_MAX {
            let mut b = [0u8; INLINE_MAX + 1];
            b[0] = s.len() as u8;
            b[1..1 + s.len()].copy_from_slice(s.as_bytes());
            Text { r: Repr { inline: b }, _rc: PhantomData }
        } else {
            Text::from_rc(Rc::from(s))
        }
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::from(s.as_str())
    }
}

impl From<Rc<str>> for Text {
    fn from(s: Rc<str>) -> Text {
        if s.len() <= INLINE_MAX {
            Text::from(&*s)
        } else {
            Text::from_rc(s)
        }
    }
}

impl Clone for Text {
    #[inline]
    fn clone(&self) -> Text {
        if self.is_heap() {
            // SAFETY: `raw` came from `Rc::into_raw` and is still owned.
            unsafe { Rc::increment_strong_count(self.raw()) };
        }
        Text { r: self.r, _rc: PhantomData }
    }
}

impl Drop for Text {
    #[inline]
    fn drop(&mut self) {
        if self.is_heap() {
            // SAFETY: gives back the count this value owns.
            unsafe { drop(Rc::from_raw(self.raw())) };
        }
    }
}

impl PartialEq for Text {
    #[inline]
    fn eq(&self, other: &Text) -> bool {
        self.ptr_eq(other) || **self == **other
    }
}

impl Eq for Text {}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_strings_read_back_and_share() {
        for s in ["", "a", "0000999943", &"x".repeat(22), &"y".repeat(23), &"é".repeat(40)] {
            let t = Text::from(s);
            assert_eq!(&*t, s);
            let c = t.clone();
            assert_eq!(&*c, s);
            assert_eq!(t.is_shared(), s.len() > INLINE_MAX);
            assert_eq!(t.ptr_eq(&c), s.len() > INLINE_MAX);
            assert_eq!(t, Text::from(s.to_string()));
        }
        let rc: Rc<str> = Rc::from("z".repeat(30).as_str());
        let t = Text::from(rc.clone());
        assert_eq!(Rc::strong_count(&rc), 2);
        let c = t.clone();
        assert_eq!(Rc::strong_count(&rc), 3);
        drop((t, c));
        assert_eq!(Rc::strong_count(&rc), 1);
        assert_eq!(std::mem::size_of::<crate::value::Value>(), 24);
    }
}
