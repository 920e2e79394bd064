//! Each column's length ([`Value::column_len`], as AVG_COL_LEN counts it)
//! summed over a [`RowStore`]'s rows, kept by every change of the store
//! (a push adds its row's, an update takes the old record's and adds the
//! new one's, a truncate takes the rows it drops, a clear zeroes them), so
//! the figures a hard parse needs of a table without statistics cost one
//! step a column instead of a pass over its rows (`stats_memo.rs`). The
//! totals count every row of the store: a table's deleted rows keep their
//! slots, so a table with some reads its rows instead. And what a row
//! costs the store in memory ([`RowStore::charge_of`]).

use super::{RowStore, CHUNK_ROWS, INLINE_MAX, RC_BYTES, SHIFT, TEXT_BYTES};
use crate::value::Value;

impl RowStore {
    /// Each column's [`Value::column_len`] summed over every row of the
    /// store (deleted ones too), in column order.
    pub fn column_len_sums(&self) -> &[u64] {
        &self.lens
    }

    /// Row `r`'s column lengths added to the totals (`add`) or taken from
    /// them. One pass over its record; no allocation once the totals are
    /// as wide as the store.
    #[inline]
    pub(super) fn count_lens(&mut self, r: usize, add: bool) {
        if self.lens.len() < self.width {
            self.lens.resize(self.width, 0);
        }
        let Some(c) = self.chunks.get(r >> SHIFT) else { return };
        let i = r & (CHUNK_ROWS - 1);
        if i >= c.offs.len() {
            return;
        }
        for (sum, n) in self.lens.iter_mut().zip(c.row(i, self.width).column_lens()) {
            if add {
                *sum += n as u64;
            } else {
                *sum -= n as u64;
            }
        }
    }

    /// Bytes [`Self::push_from`] would add for `row` (its record, offset,
    /// and any long string not the previous row's).
    pub fn charge_of(&self, row: &[Value]) -> u64 {
        let mut bytes = 4u64;
        let last = self.chunks.last().filter(|_| self.rows & (CHUNK_ROWS - 1) != 0);
        for (c, v) in row.iter().enumerate() {
            bytes += match v {
                Value::Null => 1,
                Value::Num(n) => 1 + n.packed().len() as u64,
                Value::Date(_) => 8,
                Value::Str(s) if s.len() <= INLINE_MAX => 1 + s.len() as u64,
                Value::Str(s) => {
                    let prev = last.and_then(|ch| ch.texts.get(self.last_text.get(c).copied()? as usize));
                    let same = prev.is_some_and(|old| old.ptr_eq(s) || old.as_bytes() == s.as_bytes());
                    5 + if same { 0 } else { TEXT_BYTES + RC_BYTES + s.len() as u64 }
                }
            };
        }
        bytes
    }
}
