//! How names compare where they are scanned by the thousand (PL/SQL
//! variables, a plan's PL/SQL scope).

/// Whether two PL/SQL names are the same: compared from their last byte,
/// inline (a block's variables are scanned by name, and numbered names
/// differ at the end; a call to memcmp per entry was most of the time of a
/// block of 40,000 declarations).
#[inline]
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().rev().eq(b.bytes().rev())
}
