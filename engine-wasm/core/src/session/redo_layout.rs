//! The bytes of a single-row change's redo and undo, from the layout of
//! Oracle's change vectors (docs/MODEL.md, "The write path").
//!
//! A redo record is a 24-byte header (`txn::REDO_RECORD_HEADER`) and its
//! change vectors. A change
//! vector is a header (op code, class, file, block address, SCN, sequence:
//! 24 bytes; 32 from 12.1, which adds the container id and flags), then a
//! length array (a 2-byte total and a 2-byte length per field, the whole
//! rounded up to 4 bytes), then its fields, each rounded up to 4 bytes
//! (the layout a redo reader walks: OpenLogReplicator's parser,
//! https://github.com/bersler/OpenLogReplicator, `Parser.cpp`, reads the
//! header as 24 bytes before 12.1 and 32 after, each field at
//! `(length + 3) & ~3`).
//!
//! The fields of each op (Julian Dyke, "Redo Level 11", 10.2,
//! http://juliandyke.com/Internals/Redo/Redo11.php; the minimum field
//! sizes the same parser checks, `OpCode.h`):
//!
//! | op | fields |
//! |---|---|
//! | 11.5 URP (update row piece) | KTB, KDO URP header, column numbers, each new value |
//! | 11.3 DRP (delete row piece) | KTB, KDO DRP header |
//! | 11.2 IRP (insert row piece) | KTB, KDO IRP header, each column |
//! | 11.4 LKR (lock row) | KTB, KDO LKR header |
//! | 10.2 / 10.4 (leaf row insert / delete) | KTB, leaf header, and (insert) the key and its rowid |
//! | a leaf's entries together (deferred index maintenance) | KTB, leaf header, the entries' slots, and (insert) the entries |
//! | 5.1 undo of an 11.x op | ktudb, ktubu, then the inverse 11.x op's fields (URP with the old values, IRP with the whole row, DRP) |
//! | 5.1 undo of a leaf op (10.22) | ktudb, ktubu, KTB, kdilk, the key, its rowid |
//! | 5.2 undo header (a transaction's slot) | ktudh (and from 12.1 a pdb field, 4) |
//! | 5.4 commit | ktucm, ktucf |
//!
//! Field sizes: KTB redo "op C" (the change's undo address) 16 bytes;
//! KDO URP 26 + a null bit per changed column; KDO IRP 45 + a null bit per
//! column; KDO DRP and LKR 20; ktudb 20; ktubu 24; ktudh 32; ktucm 20;
//! ktucf 16; kdilk 24; leaf header 12; a rowid 6. A column's value is its
//! data bytes (its length is in the length array, not the field).
//!
//! Hand-worked, 11.2 (24-byte vector headers): `update t set n = 3 where
//! ...` of a NUMBER column holding 2 (c1 03 over c1 02, 2 bytes each):
//! the 11.5 vector is 24 + length array (2 + 4 x 2 = 10 -> 12) + KTB 16 +
//! URP 27 -> 28 + column numbers 2 -> 4 + the value 2 -> 4 = 88; its 5.1
//! undo vector is 24 + (2 + 6 x 2 = 14 -> 16) + ktudb 20 + ktubu 24 + KTB
//! 16 + URP 28 + 4 + 4 = 136; the redo record 24 + 88 + 136 = 248 bytes.
//!
//! Simplified: the first change a transaction makes to a block carries KTB
//! "op F" (the new ITL's xid and undo address, 24 bytes) in its redo and
//! "op Z" (8) in its undo, where later ones carry "op C" (16) in both: the
//! redo record is the same length either way, so the model writes op C.
//! The first undo record of a transaction is a ktubl (the transaction's
//! begin, 76 bytes) rather than a ktubu (24): 52 bytes more in the
//! transaction's first undo vector; and the transaction's first redo
//! record carries its 5.2 vector (the slot in the undo segment header)
//! with the change's two (a redo reader finds the 5.2 among a record's
//! vectors: OpenLogReplicator's `Parser.cpp` takes it as the
//! transaction's begin wherever it is). Supplemental logging adds fields the model does not write.

use crate::value::Value;

/// KTB redo, op C: its 8-byte header and the undo address.
const KTB_C: u64 = 16;
/// KDO URP header before the null bits of its changed columns.
const KDO_URP: u64 = 26;
/// KDO IRP header before the null bits of its columns.
const KDO_IRP: u64 = 45;
/// KDO DRP (and LKR) header.
const KDO_DRP: u64 = 20;
/// ktudb: the undo record's size, space, sequence and transaction id.
const KTUDB: u64 = 20;
/// ktubu: the undo record's slot, op code and object.
const KTUBU: u64 = 24;
/// The first undo record of a transaction carries ktubl ("Begin trans":
/// the previous control undo address, the previous commit SCNs, the
/// transaction's start SCN, the logon user), 76 bytes, in place of ktubu.
pub const KTUBL_EXTRA: u64 = 76 - KTUBU;
/// ktudh: the transaction table slot in the undo segment header.
const KTUDH: u64 = 32;
/// The 5.2 vector's pdb field (the container id), from 12.1.
const PDB: u64 = 4;
/// ktucm and ktucf: the commit's SCN and flags, and its undo address.
const KTUCM: u64 = 20;
const KTUCF: u64 = 16;
/// kdilk: the index undo's leaf, itl and flags.
const KDILK: u64 = 24;
/// A leaf op's header (single row, itl, slot, row size).
const LEAF_HEADER: u64 = 12;
/// A rowid in an index entry.
const ROWID: u64 = 6;

/// The change vector header of a release.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// 24 bytes before 12.1, 32 from 12.1 (container id and flags): 32
    /// marks 12.1's multitenant layout, whose 5.2 also carries a pdb field.
    pub vector_header: u64,
}

fn align4(n: u64) -> u64 {
    (n + 3) & !3
}

/// The data bytes of a column value (its length byte(s) are the length array's).
fn data_len(v: &Value) -> u64 {
    match v {
        Value::Null => 0,
        _ => v.stored_len() as u64,
    }
}

impl Layout {
    /// A change vector of `fields` (their lengths).
    pub fn vector(&self, fields: impl IntoIterator<Item = u64>) -> u64 {
        let (mut n, mut bytes) = (0u64, 0u64);
        for f in fields {
            n += 1;
            bytes += align4(f);
        }
        self.vector_header + align4(2 + 2 * n) + bytes
    }

    /// 11.5 URP and its 5.1 undo: the changed columns' new and old values.
    pub fn update_row<'a>(
        &self,
        new: impl Iterator<Item = &'a Value> + Clone,
        old: impl Iterator<Item = &'a Value> + Clone,
    ) -> (u64, u64) {
        let k = new.clone().count() as u64;
        let urp = KDO_URP + k.div_ceil(8);
        let redo = self.vector([KTB_C, urp, 2 * k].into_iter().chain(new.map(data_len)));
        let undo = self.vector([KTUDB, KTUBU, KTB_C, urp, 2 * k].into_iter().chain(old.map(data_len)));
        (redo, undo)
    }

    /// 11.3 DRP and its 5.1 undo (an IRP of the whole row).
    pub fn delete_row(&self, row: &[Value]) -> (u64, u64) {
        let redo = self.vector([KTB_C, KDO_DRP]);
        let irp = KDO_IRP + (row.len() as u64).div_ceil(8);
        let undo = self.vector([KTUDB, KTUBU, KTB_C, irp].into_iter().chain(row.iter().map(data_len)));
        (redo, undo)
    }

    /// 11.2 IRP and its 5.1 undo (a DRP).
    pub fn insert_row(&self, row: &[Value]) -> (u64, u64) {
        let irp = KDO_IRP + (row.len() as u64).div_ceil(8);
        let redo = self.vector([KTB_C, irp].into_iter().chain(row.iter().map(data_len)));
        let undo = self.vector([KTUDB, KTUBU, KTB_C, KDO_DRP]);
        (redo, undo)
    }

    /// 11.4 LKR (SELECT ... FOR UPDATE) and its 5.1 undo.
    pub fn lock_row(&self) -> (u64, u64) {
        (self.vector([KTB_C, KDO_DRP]), self.vector([KTUDB, KTUBU, KTB_C, KDO_DRP]))
    }

    /// 10.2 (a leaf entry of `entry` bytes inserted) and its undo (10.22):
    /// the entry as two fields, its rowid (6) and the rest.
    pub fn leaf_insert(&self, entry: u64) -> (u64, u64) {
        let key = entry.saturating_sub(ROWID);
        let redo = self.vector([KTB_C, LEAF_HEADER, key, ROWID]);
        let undo = self.vector([KTUDB, KTUBU, KTB_C, KDILK, key, ROWID]);
        (redo, undo)
    }

    /// 10.4 (a leaf entry deleted) and its undo, which holds the entry.
    pub fn leaf_delete(&self, entry: u64) -> (u64, u64) {
        let key = entry.saturating_sub(ROWID);
        let redo = self.vector([KTB_C, LEAF_HEADER]);
        let undo = self.vector([KTUDB, KTUBU, KTB_C, KDILK, key, ROWID]);
        (redo, undo)
    }

    /// A leaf's entries deleted together by deferred index maintenance
    /// (`n` entries of `bytes` in all, keys and rowids): one vector whose
    /// row table holds each entry's slot (2 bytes), and one undo record
    /// holding the slots and the entries.
    pub fn leaf_delete_array(&self, n: u64, bytes: u64) -> (u64, u64) {
        let redo = self.vector([KTB_C, LEAF_HEADER, 2 * n]);
        let undo = self.vector([KTUDB, KTUBU, KTB_C, KDILK, 2 * n, bytes]);
        (redo, undo)
    }

    /// A leaf's entries inserted together: the entries and their slots in
    /// the vector, the slots alone in the undo.
    pub fn leaf_insert_array(&self, n: u64, bytes: u64) -> (u64, u64) {
        let redo = self.vector([KTB_C, LEAF_HEADER, 2 * n, bytes]);
        let undo = self.vector([KTUDB, KTUBU, KTB_C, KDILK, 2 * n]);
        (redo, undo)
    }

    /// 5.2: the transaction's slot in its undo segment header; from 12.1
    /// a 4-byte pdb field follows ktudh (OpenLogReplicator's `OpCode0502.h`
    /// reads it from 12.1: the dump's `pdbid`).
    pub fn txn_slot(&self) -> u64 {
        if self.vector_header > 24 {
            self.vector([KTUDH, PDB])
        } else {
            self.vector([KTUDH])
        }
    }

    /// 5.4: the commit record's vector.
    pub fn commit(&self) -> u64 {
        self.vector([KTUCM, KTUCF])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;

    const V11: Layout = Layout { vector_header: 24 };
    const V12: Layout = Layout { vector_header: 32 };

    fn num(s: &str) -> Value {
        Value::Num(Number::parse(s).unwrap())
    }

    #[test]
    fn one_number_column_update_worked_by_hand() {
        let (new, old) = ([num("3")], [num("2")]);
        // 11.5: 24 + 12 + 16 + 28 + 4 + 4; 5.1: 24 + 16 + 20 + 24 + 16 + 28 + 4 + 4.
        assert_eq!(V11.update_row(new.iter(), old.iter()), (88, 136));
        // 12.1 on: each vector header 8 bytes longer.
        assert_eq!(V12.update_row(new.iter(), old.iter()), (96, 144));
    }

    #[test]
    fn delete_and_insert_of_a_three_column_row_worked_by_hand() {
        // Julian Dyke's ('FER', 'Ferrari', 'ITA'): 3 + 7 + 3 data bytes.
        let row = [Value::str("FER"), Value::str("Ferrari"), Value::str("ITA")];
        // DRP: 24 + (2 + 4 -> 8) + 16 + 20 = 68; undo IRP: 24 + (2 + 14 -> 16)
        // + 20 + 24 + 16 + 46 -> 48 + 4 + 8 + 4 = 164.
        assert_eq!(V11.delete_row(&row), (68, 164));
        // IRP: 24 + (2 + 10 -> 12) + 16 + 48 + 4 + 8 + 4 = 116; undo DRP: 24
        // + (2 + 8 -> 12) + 20 + 24 + 16 + 20 = 116.
        assert_eq!(V11.insert_row(&row), (116, 116));
    }

    #[test]
    fn leaf_entries_worked_by_hand() {
        // A 13-byte entry: a 7-byte key and its rowid.
        // 10.2: 24 + (2 + 8 -> 12) + 16 + 12 + 8 + 8 = 80; undo 24 + 16 + 20 + 24 + 16 + 24 + 8 + 8.
        assert_eq!(V11.leaf_insert(13), (80, 140));
        assert_eq!(V11.leaf_delete(13), (24 + 8 + 16 + 12, 140));
        assert_eq!(V11.txn_slot(), 24 + 4 + 32);
        // 12.1 on: 32 + (2 + 2 x 2 -> 8) + ktudh 32 + pdb 4.
        assert_eq!(V12.txn_slot(), 32 + 8 + 32 + 4);
        assert_eq!(V11.commit(), 24 + 8 + 20 + 16);
    }

    #[test]
    fn a_leafs_entries_together_worked_by_hand() {
        // Three 13-byte entries (39 bytes) from one leaf.
        // Delete: 24 + (2 + 6 -> 8) + 16 + 12 + the slots 6 -> 8 = 68; its
        // undo 24 + (2 + 12 -> 16) + 20 + 24 + 16 + 24 + 8 + 40 = 172.
        assert_eq!(V11.leaf_delete_array(3, 39), (68, 172));
        // Insert: 24 + (2 + 8 -> 12) + 16 + 12 + 8 + 40 = 112; its undo 24 +
        // (2 + 10 -> 12) + 20 + 24 + 16 + 24 + 8 = 128.
        assert_eq!(V11.leaf_insert_array(3, 39), (112, 128));
    }
}
