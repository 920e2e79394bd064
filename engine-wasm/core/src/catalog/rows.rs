//! A table's rows, packed: one byte record a row (about as big as
//! Oracle's row piece), not a 24-byte value a column.
//!
//! Rows live in chunks of [`CHUNK_ROWS`] rows; a chunk holds its rows'
//! records end to end in one byte vector, the offset of each row's record,
//! and the long strings its records name. A column is a tag byte and its
//! bytes: NULL is the tag alone; a NUMBER is its packed bytes (exponent
//! and base-100 digits, [`Number::packed`]); a string of up to
//! [`INLINE_MAX`] bytes is its bytes; a longer one is the index of a
//! shared [`Text`] in the chunk (generated data such as `rpad('x', 100)`
//! repeats one value: a row whose string equals the previous row's names
//! the same entry, so a million rows hold it once). Reading a column
//! decodes it ([`RowRef`]): a number is a copy, a long string a reference
//! count. An update that grows a row appends its new record to the chunk
//! (the old one is garbage); a chunk whose garbage passes half its bytes
//! is rewritten. Chunks are shared (reference counted) between copies of
//! the store, as a consistent-read copy of a table makes: a copy costs
//! the chunk list, and a change copies the one chunk it changes.

use super::row_stamp::new_stamp;
use crate::text::{Text, INLINE_MAX};
use crate::value::{Number, Value};
use std::rc::Rc;

/// The store's running column length totals, and what a row costs it.
#[path = "rows_lens.rs"]
mod lens;

/// log2 of the rows a chunk holds.
const SHIFT: u32 = 12;
/// Rows a chunk holds.
pub const CHUNK_ROWS: usize = 1 << SHIFT;
/// Tags below this one are a NUMBER of that many packed bytes (1 to 21).
const STR: u8 = 0x20;
/// A string held in the record: `STR + len`, `len` up to [`INLINE_MAX`].
const SHARED: u8 = 0x40;
/// A DATE: its seven bytes in Oracle's form follow.
const DATE: u8 = 0x41;
/// Bytes a [`Text`] takes in a chunk's list of long strings.
const TEXT_BYTES: u64 = std::mem::size_of::<Text>() as u64;
/// Bytes of an `Rc<str>`'s counts, besides its string.
const RC_BYTES: u64 = 16;
/// A chunk is rewritten when its garbage passes half its bytes, and at
/// least this many.
const MIN_GARBAGE: usize = 4096;

#[derive(Debug, Clone, Default)]
struct Chunk {
    data: Vec<u8>,
    offs: Vec<u32>,
    texts: Vec<Text>,
    /// Bytes of the shared strings `texts` was charged for.
    shared: u64,
    /// Bytes no live record uses: old records, and (about) the strings
    /// updates replaced.
    garbage: usize,
}

/// The rows of a table (or of a query's result an INSERT ... SELECT or a
/// CREATE TABLE ... AS SELECT keeps), `width` columns each.
#[derive(Debug, Clone, Default)]
pub struct RowStore {
    width: usize,
    rows: usize,
    chunks: Vec<Rc<Chunk>>,
    /// The text index each column's long string had in the last row
    /// pushed (u32::MAX: none), so that an equal string shares it.
    last_text: Vec<u32>,
    /// Set afresh (unique across stores) by every change: equal stamps,
    /// equal rows (a copy's), so figures computed from them still hold.
    stamp: u64,
    /// Each column's length summed over the rows (`rows_lens.rs`).
    lens: Vec<u64>,
}

/// Bytes of the column whose tag is `tag`, the tag included.
#[inline(always)]
fn col_len(tag: u8) -> usize {
    if tag < STR {
        1 + tag as usize
    } else if tag < SHARED {
        1 + (tag - STR) as usize
    } else if tag == SHARED {
        5
    } else {
        8
    }
}

/// The value of the column at the start of `b`.
#[inline]
fn decode(b: &[u8], texts: &[Text]) -> Value {
    let tag = b[0];
    if tag == 0 {
        Value::Null
    } else if tag < STR {
        Value::Num(Number::from_packed(&b[1..1 + tag as usize]))
    } else if tag < SHARED {
        let s = &b[1..1 + (tag - STR) as usize];
        // SAFETY: `encode` alone writes records; a string's bytes are a
        // whole `str`'s, copied after a tag that gives their length.
        Value::Str(Text::from(unsafe { std::str::from_utf8_unchecked(s) }))
    } else if tag == DATE {
        Value::Date(crate::date::Date::from_bytes(&b[1..8]))
    } else {
        let i = u32::from_le_bytes([b[1], b[2], b[3], b[4]]);
        Value::Str(texts[i as usize].clone())
    }
}

/// The column at the start of `b`, borrowed from the record and its
/// chunk's strings (no string copied).
#[inline]
fn cell_at<'a>(b: &'a [u8], texts: &'a [Text]) -> Cell<'a> {
    let tag = b[0];
    if tag == 0 {
        Cell::Null
    } else if tag < STR {
        Cell::Num(Number::from_packed(&b[1..1 + tag as usize]))
    } else if tag < SHARED {
        // SAFETY: as in `decode`.
        Cell::Str(unsafe { std::str::from_utf8_unchecked(&b[1..1 + (tag - STR) as usize]) })
    } else if tag == DATE {
        Cell::Date(crate::date::Date::from_bytes(&b[1..8]))
    } else {
        Cell::Str(&texts[u32::from_le_bytes([b[1], b[2], b[3], b[4]]) as usize])
    }
}

/// A column's value as [`RowRef::cell`] reads it.
#[derive(Debug, Clone, Copy)]
pub enum Cell<'a> {
    Null,
    Num(Number),
    Str(&'a str),
    Date(crate::date::Date),
}

/// [`Value::stored_len`] of the column at the start of `b`.
#[inline]
fn stored_len_at(b: &[u8], texts: &[Text]) -> usize {
    let tag = b[0];
    if tag == 0 {
        0
    } else if tag < STR {
        // The exponent byte and the digits; a negative NUMBER of
        // fewer than 20 digits has its terminator byte too.
        let p = tag as usize;
        p + usize::from(p > 1 && p < 21 && b[1] < 0x80)
    } else if tag < SHARED {
        (tag - STR) as usize
    } else if tag == DATE {
        7
    } else {
        texts[u32::from_le_bytes([b[1], b[2], b[3], b[4]]) as usize].len()
    }
}

/// What a column of a packed record holds, read off its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packed {
    Null,
    Number,
    /// A string of this many bytes.
    Text(usize),
    Date,
}

/// One row of a [`RowStore`], read column by column.
#[derive(Clone, Copy)]
pub struct RowRef<'a> {
    /// The row's record and whatever follows it in its chunk.
    rec: &'a [u8],
    texts: &'a [Text],
    width: usize,
}

impl<'a> RowRef<'a> {
    /// Columns in the row.
    #[inline]
    pub fn len(&self) -> usize {
        self.width
    }
    pub fn is_empty(&self) -> bool {
        self.width == 0
    }
    /// The bytes of column `c` (its tag first).
    #[inline]
    fn col(&self, c: usize) -> &'a [u8] {
        let mut at = 0;
        for _ in 0..c {
            at += col_len(self.rec[at]);
        }
        &self.rec[at..]
    }
    /// Column `c`'s value (None past the last column).
    #[inline]
    pub fn get(&self, c: usize) -> Option<Value> {
        (c < self.width).then(|| decode(self.col(c), self.texts))
    }
    /// Column `c`, borrowed (None past the last column).
    #[inline]
    pub fn cell(&self, c: usize) -> Option<Cell<'a>> {
        (c < self.width).then(|| cell_at(self.col(c), self.texts))
    }
    /// Column `c`'s value (NULL past the last column).
    #[inline]
    pub fn value(&self, c: usize) -> Value {
        self.get(c).unwrap_or(Value::Null)
    }
    /// Bytes column `c`'s value takes in Oracle's row format, without its
    /// length byte ([`Value::stored_len`]), read off the record.
    #[inline]
    pub fn stored_len(&self, c: usize) -> usize {
        if c >= self.width {
            return 0;
        }
        stored_len_at(self.col(c), self.texts)
    }
    /// Each column's [`Self::stored_len`], in column order, in one pass
    /// over the record (no value decoded).
    #[inline]
    pub fn stored_lens(&self) -> impl Iterator<Item = usize> + 'a {
        let (texts, mut rec) = (self.texts, self.rec);
        (0..self.width).map(move |_| {
            let n = stored_len_at(rec, texts);
            rec = &rec[col_len(rec[0])..];
            n
        })
    }
    /// Each column's [`Value::column_len`] (length bytes: one, three past
    /// 250; a NULL is its length byte), in column order, off the record.
    pub fn column_lens(&self) -> impl Iterator<Item = usize> + 'a {
        self.stored_lens().map(|n| if n > 250 { n + 3 } else { n + 1 })
    }
    /// Each column's class and stored length, in column order, read off
    /// the record (no value decoded).
    pub fn classes(&self) -> impl Iterator<Item = Packed> + 'a {
        let (texts, mut rec) = (self.texts, self.rec);
        (0..self.width).map(move |_| {
            let tag = rec[0];
            let class = if tag == 0 {
                Packed::Null
            } else if tag < STR {
                Packed::Number
            } else if tag == DATE {
                Packed::Date
            } else {
                Packed::Text(stored_len_at(rec, texts))
            };
            rec = &rec[col_len(tag)..];
            class
        })
    }
    /// Whether column `c` is NULL.
    pub fn is_null(&self, c: usize) -> bool {
        c < self.width && self.col(c)[0] == 0
    }
    /// The values, in column order.
    pub fn iter(&self) -> impl Iterator<Item = Value> + 'a {
        let (texts, mut rec) = (self.texts, self.rec);
        (0..self.width).map(move |_| {
            let v = decode(rec, texts);
            rec = &rec[col_len(rec[0])..];
            v
        })
    }
    /// The values into `out` (cleared first).
    pub fn decode_into(&self, out: &mut Vec<Value>) {
        out.clear();
        out.extend(self.iter());
    }
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().collect()
    }
    /// The row's size in a heap block, as [`crate::storage::row_size`]
    /// gives it for its values.
    pub fn row_size(&self) -> u32 {
        crate::storage::ROW_HEADER + self.column_lens().map(|n| n as u32).sum::<u32>()
    }
    /// Bytes of the row's record.
    fn record_len(&self) -> usize {
        let mut at = 0;
        for _ in 0..self.width {
            at += col_len(self.rec[at]);
        }
        at
    }
}

impl std::fmt::Debug for RowRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq<[Value]> for RowRef<'_> {
    fn eq(&self, other: &[Value]) -> bool {
        self.width == other.len() && self.iter().zip(other).all(|(a, b)| a == *b)
    }
}

impl Chunk {
    /// Append `row`'s record; a long string equal to the one `reuse` names
    /// for its column (a text index of this chunk) takes that entry.
    /// Returns the bytes of the shared strings it added.
    fn encode(&mut self, row: &[Value], reuse: &mut [u32]) -> u64 {
        let shared = self.encode_values(row, reuse);
        self.shared += shared;
        shared
    }

    fn encode_values(&mut self, row: &[Value], reuse: &mut [u32]) -> u64 {
        let mut shared = 0;
        for (c, v) in row.iter().enumerate() {
            match v {
                Value::Null => self.data.push(0),
                Value::Num(n) => {
                    let b = n.packed();
                    self.data.push(b.len() as u8);
                    self.data.extend_from_slice(b);
                }
                Value::Date(d) => {
                    self.data.push(DATE);
                    self.data.extend_from_slice(&d.to_bytes());
                }
                Value::Str(s) if s.len() <= INLINE_MAX => {
                    self.data.push(STR + s.len() as u8);
                    self.data.extend_from_slice(s.as_bytes());
                }
                Value::Str(s) => {
                    let prev = reuse.get(c).copied().unwrap_or(u32::MAX);
                    let same = self
                        .texts
                        .get(prev as usize)
                        .is_some_and(|old| old.ptr_eq(s) || (old.len() == s.len() && old.as_bytes() == s.as_bytes()));
                    let i = if same {
                        prev
                    } else {
                        self.texts.push(s.clone());
                        shared += TEXT_BYTES + RC_BYTES + s.len() as u64;
                        (self.texts.len() - 1) as u32
                    };
                    if let Some(r) = reuse.get_mut(c) {
                        *r = i;
                    }
                    self.data.push(SHARED);
                    self.data.extend_from_slice(&i.to_le_bytes());
                }
            }
        }
        shared
    }

    fn row(&self, i: usize, width: usize) -> RowRef<'_> {
        RowRef { rec: &self.data[self.offs[i] as usize..], texts: &self.texts, width }
    }

    /// The chunk with its live records only, and the long strings they name.
    fn compacted(&self, width: usize) -> Chunk {
        let mut out = Chunk {
            data: Vec::with_capacity(self.data.len().saturating_sub(self.garbage)),
            offs: Vec::with_capacity(self.offs.len()),
            ..Chunk::default()
        };
        let mut reuse = vec![u32::MAX; width];
        let mut row = Vec::with_capacity(width);
        for i in 0..self.offs.len() {
            self.row(i, width).decode_into(&mut row);
            out.offs.push(out.data.len() as u32);
            out.encode(&row, &mut reuse);
        }
        out
    }

    fn held_bytes(&self) -> u64 {
        (self.data.len() + 4 * self.offs.len()) as u64 + self.shared
    }

    fn shrink(&mut self) {
        self.data.shrink_to_fit();
        self.offs.shrink_to_fit();
        self.texts.shrink_to_fit();
    }
}

impl RowStore {
    pub fn new(width: usize) -> Self {
        let (last_text, lens) = (vec![u32::MAX; width], vec![0; width]);
        RowStore { width, last_text, stamp: new_stamp(), lens, ..RowStore::default() }
    }
    /// The store's stamp: it changes at every change of its rows.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.rows
    }
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }
    /// Values per row.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Row `r`.
    #[inline]
    pub fn get(&self, r: usize) -> Option<RowRef<'_>> {
        let c = self.chunks.get(r >> SHIFT)?;
        let i = r & (CHUNK_ROWS - 1);
        (i < c.offs.len()).then(|| c.row(i, self.width))
    }
    /// Row `r` (which must exist).
    #[inline]
    pub fn row(&self, r: usize) -> RowRef<'_> {
        self.chunks[r >> SHIFT].row(r & (CHUNK_ROWS - 1), self.width)
    }
    /// Column `c` of row `r` (NULL for a row or column not there).
    #[inline]
    pub fn value(&self, r: usize, c: usize) -> Value {
        self.get(r).map_or(Value::Null, |row| row.value(c))
    }
    /// Bytes the store holds: its records, their offsets, its string
    /// entries and the shared strings they were charged for.
    pub fn held_bytes(&self) -> u64 {
        self.chunks.iter().map(|c| c.held_bytes()).sum::<u64>()
    }
    /// Append a row, leaving `row` empty (its capacity kept).
    pub fn push_from(&mut self, row: &mut Vec<Value>) {
        self.push_slice(row);
        row.clear();
    }
    /// Append a row.
    pub fn push_slice(&mut self, row: &[Value]) {
        debug_assert_eq!(row.len(), self.width);
        self.stamp = new_stamp();
        if self.rows & (CHUNK_ROWS - 1) == 0 {
            // A new chunk; the full one gives back its spare room.
            if let Some(full) = self.chunks.last_mut() {
                Rc::make_mut(full).shrink();
            }
            self.chunks.push(Rc::new(Chunk::default()));
            self.last_text.iter_mut().for_each(|t| *t = u32::MAX);
        }
        let last = Rc::make_mut(self.chunks.last_mut().expect("a chunk"));
        last.offs.push(last.data.len() as u32);
        last.encode(row, &mut self.last_text);
        self.rows += 1;
        self.count_lens(self.rows - 1, true);
    }
    /// Append a row (see [`Self::push_from`]).
    pub fn push(&mut self, row: Box<[Value]>) {
        self.push_slice(&row);
    }
    /// Every row rewritten by `f` into a store `width` wide (ALTER TABLE
    /// ADD or DROP of a column: dead rows too, so row numbers stay).
    pub fn reshaped(&self, width: usize, mut f: impl FnMut(&mut Vec<Value>)) -> RowStore {
        let mut out = RowStore::new(width);
        let mut row = Vec::with_capacity(width.max(self.width));
        for r in self.iter() {
            r.decode_into(&mut row);
            f(&mut row);
            out.push_from(&mut row);
        }
        out
    }
    /// Append every row of `other` (of the same width).
    pub fn append(&mut self, other: RowStore) {
        debug_assert_eq!(other.width, self.width);
        if self.rows == 0 {
            *self = RowStore { stamp: new_stamp(), ..other };
            return;
        }
        let mut row = Vec::with_capacity(self.width);
        for r in other.iter() {
            r.decode_into(&mut row);
            self.push_from(&mut row);
        }
    }
    pub fn truncate(&mut self, rows: usize) {
        if rows >= self.rows {
            return;
        }
        self.stamp = new_stamp();
        (rows..self.rows).for_each(|r| self.count_lens(r, false));
        let kept = rows.div_ceil(CHUNK_ROWS);
        self.chunks.truncate(kept);
        let in_last = rows - (kept.max(1) - 1) * CHUNK_ROWS;
        if let Some(last) = self.chunks.last_mut() {
            if in_last < last.offs.len() {
                let c = Rc::make_mut(last);
                let end = c.offs[in_last] as usize;
                c.offs.truncate(in_last);
                if c.offs.iter().all(|&o| (o as usize) < end) {
                    c.data.truncate(end);
                    c.garbage = c.garbage.min(end);
                } else {
                    // A kept row's record was rewritten past `end`.
                    *c = c.compacted(self.width);
                }
            }
        }
        self.last_text.iter_mut().for_each(|t| *t = u32::MAX);
        self.rows = rows;
    }
    /// Replace row `r`'s values (UPDATE, rollback): in place when the new
    /// record is no longer, else appended to the chunk.
    pub fn set_row(&mut self, r: usize, row: &[Value]) {
        debug_assert_eq!(row.len(), self.width);
        self.stamp = new_stamp();
        self.count_lens(r, false);
        self.set_record(r, row);
        self.count_lens(r, true);
    }
    /// Row `r`'s record replaced by `row`'s.
    fn set_record(&mut self, r: usize, row: &[Value]) {
        let width = self.width;
        let c = Rc::make_mut(&mut self.chunks[r >> SHIFT]);
        let i = r & (CHUNK_ROWS - 1);
        let at = c.offs[i] as usize;
        // The old record's long strings, for an unchanged one to keep.
        let old = c.row(i, width);
        let old_len = old.record_len();
        let mut reuse: Vec<u32> = (0..width)
            .map(|k| {
                let b = old.col(k);
                if b[0] == SHARED {
                    u32::from_le_bytes([b[1], b[2], b[3], b[4]])
                } else {
                    u32::MAX
                }
            })
            .collect();
        let end = c.data.len();
        // The strings it replaces are (about) as many bytes as it adds.
        c.garbage += c.encode(row, &mut reuse) as usize;
        let new_len = c.data.len() - end;
        if new_len <= old_len {
            c.data.copy_within(end.., at);
            c.data.truncate(end);
            c.garbage += old_len - new_len;
        } else {
            c.offs[i] = end as u32;
            c.garbage += old_len;
        }
        if c.garbage > MIN_GARBAGE && c.garbage as u64 * 2 > c.held_bytes() {
            *c = c.compacted(width);
            if r >> SHIFT == self.chunks.len() - 1 {
                self.last_text.iter_mut().for_each(|t| *t = u32::MAX);
            }
        }
    }
    pub fn clear(&mut self) {
        self.stamp = new_stamp();
        self.chunks = Vec::new();
        self.rows = 0;
        self.lens.iter_mut().for_each(|n| *n = 0);
        self.last_text.iter_mut().for_each(|t| *t = u32::MAX);
    }
    pub fn iter(&self) -> RowIter<'_> {
        RowIter { store: self, at: 0 }
    }
}

/// The rows of a [`RowStore`], in order.
#[derive(Clone)]
pub struct RowIter<'a> {
    store: &'a RowStore,
    at: usize,
}

impl<'a> Iterator for RowIter<'a> {
    type Item = RowRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<RowRef<'a>> {
        let r = self.store.get(self.at)?;
        self.at += 1;
        Some(r)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.store.rows - self.at;
        (left, Some(left))
    }
}

impl ExactSizeIterator for RowIter<'_> {}

impl<'a> IntoIterator for &'a RowStore {
    type Item = RowRef<'a>;
    type IntoIter = RowIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
