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
//! | 11.5 URP (update row piece, 10.2) | KTB, KDO URP header, column numbers, each new value |
//! | 11.19 array update of one row (an UPDATE's row, 11g on) | KTB, URP header, KDOM2 header, column numbers, each new value |
//! | 11.3 DRP (delete row piece) | KTB, KDO DRP header |
//! | 11.2 IRP (insert row piece) | KTB, KDO IRP header, each column |
//! | 11.4 LKR (lock row) | KTB, KDO LKR header |
//! | 10.2 / 10.4 (leaf row insert / delete) | KTB, leaf header, and (insert) the key and its rowid |
//! | a leaf's entries together (deferred index maintenance) | KTB, leaf header, the entries' slots, and (insert) the entries |
//! | 5.1 undo of an 11.x op | ktudb, ktubu, then the inverse 11.x op's fields (URP or 11.19 with the old values, IRP with the whole row, DRP) |
//! | 5.1 undo of a leaf op (10.22) | ktudb, ktubu, KTB, kdilk, the key, its rowid |
//! | 5.2 undo header (a transaction's slot) | ktudh (and from 12.1 a pdb field, 4) |
//! | 5.20 session information (10.2, a transaction's first record) | session and serial numbers, transaction name |
//! | 5.4 commit | ktucm, ktucf (and from 11g a 4-byte field) |
//!
//! Field sizes: KTB redo "op C" (the change's undo address) 16 bytes (12
//! in 10.2's format); KDO URP 26 + a null bit per changed column; an
//! 11.19's KDOM2 header 32; KDO IRP 45 + a null bit per column; KDO DRP
//! and LKR 24; ktudb 20; ktubu 24; ktubl 76 (52 in 10.2); ktudh 32;
//! ktucm 20 (12 in 10.2); ktucf 16; kdilk 24; leaf header 12; a rowid 6.
//! A column's value is its data bytes (its length is in the length array,
//! not the field).
//!
//! Measured against records whose lengths are published (`LEN:` of
//! `alter system dump logfile`):
//! - 11g (a 2018 post, "Oracle特殊恢复原理与实战_08 Redo Architecture and
//!   Configuration", `t1 (id int, name varchar2(10))`, IMU off): INSERT
//!   (1, 'AAAAA') first in its transaction 368, (2, 'BBBBB') 256, COMMIT
//!   96; `update t1 set name = 'aaaaa' where name = 'AAAAA'` first in its
//!   transaction 516 (its KTB op F carries a block cleanout record, 40
//!   bytes, `Layout::block_cleanout`; and it is a log write's first
//!   record, whose header is 68 bytes, not 24, not modelled), the second
//!   320, COMMIT 96. The lab: 368, 256, 96; 472 (516 less 44), 320, 96.
//! - 10.2.0.3 (Jonathan Lewis, core_demo_02.sql, Oracle Core, 2011:
//!   `tests/articles/lewis-core-demo-update-redo-10g.sql`): a 4-column row's
//!   v1 from 'xxxxxx' to 'YYYYYYYYYY', first in its transaction 372, then
//!   248 each, the transaction's end 84. The lab: 376, 252, 84.
//!
//! Hand-worked, byte by byte, 11g (24-byte vector headers), the 11g post's
//! second UPDATE, `name` from 'BBBBB' to 'bbbbb' (5 bytes each), 320:
//! - the record header: 24;
//! - 11.19: vector header 24; length array 2 + 5 fields x 2 = 12; KTB op
//!   C 16; URP header 26 + 1 null bit = 27 -> 28; KDOM2 32; column
//!   numbers 2 -> 4; 'bbbbb' 5 -> 8: 24 + 12 + 16 + 28 + 32 + 4 + 8 =
//!   124;
//! - 5.1: vector header 24; length array 2 + 7 x 2 = 16; ktudb 20; ktubu
//!   24; KTB 16; URP 28; KDOM2 32; 4; 'BBBBB' 8: 172;
//! - 24 + 124 + 172 = 320, the dump's LEN: 0x0140.
//!
//! Simplified: the first change a transaction makes to a block carries KTB
//! "op F" (the new ITL's xid and undo address, 24 bytes) in its redo and
//! "op Z" (8) in its undo, where later ones carry "op C" (16) in both: the
//! redo record is the same length either way, so the model writes op C
//! (an op F that cleans out ITLs carries a block cleanout record besides:
//! `Layout::block_cleanout`). The transaction's first undo record is a
//! ktubl in place of a ktubu; and its first redo record carries its 5.2
//! vector (the slot in the undo segment header) with the change's two (a
//! redo reader finds the 5.2 among a record's vectors:
//! OpenLogReplicator's `Parser.cpp` takes it as the transaction's begin
//! wherever it is). Supplemental logging adds fields the model does not
//! write; neither does it write the 68-byte header of a record that
//! starts a log write.

use crate::value::Value;

/// KTB redo, op C: its header and the undo address (8). The header is 8
/// bytes in 11g's format ("compat bit: 4 (post-11)"), 4 before
/// (OpenLogReplicator's `ktbRedo` starts the op's data at 8, or at 4 when
/// the flag byte lacks 0x08): op C 16 (12), op F 24 (20), op Z 8 (4).
const KTB_C_11: u64 = 16;
const KTB_C_10: u64 = 12;
/// A block cleanout record in a KTB field: its SCN, options and entry
/// count past op F's xid and undo address (32 bytes), and 8 an ITL
/// (its index, flag and commit SCN).
const KTB_CLEANOUT: u64 = 32;
const KTB_CLEANOUT_ITL: u64 = 8;
/// KDO URP header before the null bits of its changed columns.
const KDO_URP: u64 = 26;
/// An 11.19 array update's own header (the second KDO header, `KDO Op
/// code: 21 ... KDO_KDOM2 ... vect = 3`, with the row's column map), the
/// field it has beyond an 11.5 URP: 32 bytes (the 11g dump below).
const KDOM2: u64 = 32;
/// KDO IRP header before the null bits of its columns.
const KDO_IRP: u64 = 45;
/// KDO DRP (and LKR) header: 24 (the 11g dump's IRP records, 256 and
/// 368 bytes, and the 10.2 LKR record of 216 come out with 24; 20 is the
/// least OpenLogReplicator accepts).
const KDO_DRP: u64 = 24;
/// ktudb: the undo record's size, space, sequence and transaction id.
const KTUDB: u64 = 20;
/// ktubu: the undo record's slot, op code and object.
const KTUBU: u64 = 24;
/// The first undo record of a transaction carries ktubl ("Begin trans":
/// the previous control undo address, the previous commit SCNs and, from
/// 11g, the transaction's start SCN, the logon user and the previous brb
/// and bcl) in place of ktubu: 76 bytes in 11g (OpenLogReplicator's
/// `ktub` reads 76), 52 in 10.2 (whose dump stops at `prev tx cmt scn`,
/// byte 52).
const KTUBL_11: u64 = 76;
const KTUBL_10: u64 = 52;
/// ktudh: the transaction table slot in the undo segment header.
const KTUDH: u64 = 32;
/// The 5.2 vector's pdb field (the container id), from 12.1.
const PDB: u64 = 4;
/// ktucm and ktucf: the commit's SCN and flags, and its undo address.
/// 11g adds a third field of 4 bytes (the 11g dump's commit records are
/// 96 bytes: 24 + 24 + (2 + 3 x 2 -> 8) + 20 + 16 + 4); 10.2's vector is
/// 60 bytes (Lewis's commit record of 84: 24 + 24 + 8 + 12 + 16).
const KTUCM: u64 = 20;
const KTUCM_10: u64 = 12;
const KTUCF: u64 = 16;
const KTUCM_TAIL: u64 = 4;
/// 5.20's first field, the session and serial numbers (2 bytes each
/// before 19c: OpenLogReplicator's `attributeSessionSerial`).
const SESSION_SERIAL: u64 = 4;
/// kdilk: the index undo's leaf, itl and flags.
const KDILK: u64 = 24;
/// A leaf op's header (single row, itl, slot, row size).
const LEAF_HEADER: u64 = 12;
/// A rowid in an index entry.
const ROWID: u64 = 6;
/// 10.8's header of a new leaf (kdxln: itl, nco, dsz, col, flg, the next
/// and previous leaves' addresses: 16, the least OpenLogReplicator reads)
/// and of the leaf being split (kdxlenxt, its next leaf: 4).
const KDXLN: u64 = 16;
const KDXLENXT: u64 = 4;
/// A block address (a branch row's child, a leaf's previous pointer).
const DBA: u64 = 4;

/// The change vector layout of a release.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// 24 bytes before 12.1, 32 from 12.1 (container id and flags): 32
    /// marks 12.1's multitenant layout, whose 5.2 also carries a pdb field.
    pub vector_header: u64,
    /// 11g's format (the release profile's `redo_format_11`).
    pub format_11: bool,
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

    /// A KTB field (op C; op F in the redo with op Z in the undo has the
    /// same two lengths together).
    fn ktb(&self) -> u64 {
        if self.format_11 {
            KTB_C_11
        } else {
            KTB_C_10
        }
    }

    /// What a block cleanout record adds to a change's KTB redo (op F
    /// with flag 0x10, "Block cleanout record, scn: ... entries follow"):
    /// the field runs to the op's data + 48 + 8 an ITL cleaned out, where
    /// op F alone runs to the op's data + 16 (OpenLogReplicator's
    /// `ktbRedo`): 32 + 8 an ITL, 40 for one (the 11g dump's first
    /// UPDATE). 0 when it cleans none.
    pub fn block_cleanout(&self, itls: u64) -> u64 {
        if itls == 0 {
            0
        } else {
            KTB_CLEANOUT + KTB_CLEANOUT_ITL * itls
        }
    }

    /// What the transaction's first undo record adds: ktubl for ktubu.
    pub fn ktubl_extra(&self) -> u64 {
        if self.format_11 {
            KTUBL_11 - KTUBU
        } else {
            KTUBL_10 - KTUBU
        }
    }

    /// An UPDATE of a row and its 5.1 undo: the changed columns' new and
    /// old values. 10.2 writes an 11.5 URP (KTB, URP header, column
    /// numbers, each value); 11g on an 11.19 array update of one row,
    /// the same fields and its KDOM2 header (the 11g dump: `Array Update
    /// of 1 rows`).
    pub fn update_row<'a>(
        &self,
        new: impl Iterator<Item = &'a Value> + Clone,
        old: impl Iterator<Item = &'a Value> + Clone,
    ) -> (u64, u64) {
        let k = new.clone().count() as u64;
        let urp = KDO_URP + k.div_ceil(8);
        let kdom2 = if self.format_11 { Some(KDOM2) } else { None };
        let ktb = self.ktb();
        let redo = self.vector([ktb, urp].into_iter().chain(kdom2).chain([2 * k]).chain(new.map(data_len)));
        let undo =
            self.vector([KTUDB, KTUBU, ktb, urp].into_iter().chain(kdom2).chain([2 * k]).chain(old.map(data_len)));
        (redo, undo)
    }

    /// 11.3 DRP and its 5.1 undo (an IRP of the whole row).
    pub fn delete_row(&self, row: &[Value]) -> (u64, u64) {
        let redo = self.vector([self.ktb(), KDO_DRP]);
        let irp = KDO_IRP + (row.len() as u64).div_ceil(8);
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), irp].into_iter().chain(row.iter().map(data_len)));
        (redo, undo)
    }

    /// 11.2 IRP and its 5.1 undo (a DRP).
    pub fn insert_row(&self, row: &[Value]) -> (u64, u64) {
        let irp = KDO_IRP + (row.len() as u64).div_ceil(8);
        let redo = self.vector([self.ktb(), irp].into_iter().chain(row.iter().map(data_len)));
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), KDO_DRP]);
        (redo, undo)
    }

    /// 11.4 LKR (SELECT ... FOR UPDATE) and its 5.1 undo.
    pub fn lock_row(&self) -> (u64, u64) {
        (self.vector([self.ktb(), KDO_DRP]), self.vector([KTUDB, KTUBU, self.ktb(), KDO_DRP]))
    }

    /// 10.2 (a leaf entry of `entry` bytes inserted) and its undo (10.22):
    /// the entry as two fields, its rowid (6) and the rest.
    pub fn leaf_insert(&self, entry: u64) -> (u64, u64) {
        let key = entry.saturating_sub(ROWID);
        let redo = self.vector([self.ktb(), LEAF_HEADER, key, ROWID]);
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), KDILK, key, ROWID]);
        (redo, undo)
    }

    /// 10.4 (a leaf entry deleted) and its undo, which holds the entry.
    pub fn leaf_delete(&self, entry: u64) -> (u64, u64) {
        let key = entry.saturating_sub(ROWID);
        let redo = self.vector([self.ktb(), LEAF_HEADER]);
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), KDILK, key, ROWID]);
        (redo, undo)
    }

    /// A leaf's entries deleted together by deferred index maintenance
    /// (`n` entries of `bytes` in all, keys and rowids): one vector whose
    /// row table holds each entry's slot (2 bytes), and one undo record
    /// holding the slots and the entries.
    pub fn leaf_delete_array(&self, n: u64, bytes: u64) -> (u64, u64) {
        let redo = self.vector([self.ktb(), LEAF_HEADER, 2 * n]);
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), KDILK, 2 * n, bytes]);
        (redo, undo)
    }

    /// A leaf's entries inserted together: the entries and their slots in
    /// the vector, the slots alone in the undo.
    pub fn leaf_insert_array(&self, n: u64, bytes: u64) -> (u64, u64) {
        let redo = self.vector([self.ktb(), LEAF_HEADER, 2 * n, bytes]);
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), KDILK, 2 * n]);
        (redo, undo)
    }

    /// A leaf split's first record (Jonathan Lewis, "Index splits", 2018:
    /// the old block saved into the undo, then rewritten): the 5.1 undo
    /// vector of the recursive transaction's first record (ktudb, ktubl,
    /// KTB, kdilk, then the leaf's row directory and entries: `rows`
    /// entries of `bytes` with their slots) and the 10.8 "init leaf block
    /// being split" of the `kept` entries (`kept_bytes`) it keeps: an
    /// empty first field, kdxlenxt (4), the row index (2 a row and 2) and
    /// the rows (OpenLogReplicator's `OpCode0A08`).
    pub fn split_saved_leaf(&self, rows: u64, bytes: u64, kept: u64, kept_bytes: u64) -> (u64, u64) {
        let ktubl = KTUBU + self.ktubl_extra();
        let undo = self.vector([KTUDB, ktubl, self.ktb(), KDILK, 2 * rows, bytes.saturating_sub(2 * rows)]);
        let redo = self.vector([0, KDXLENXT, 2 * (kept + 1), kept_bytes.saturating_sub(2 * kept)]);
        (redo, undo)
    }

    /// 10.8 "init header of newly allocated leaf block": KTB, the new
    /// leaf's header (kdxln, 16), its row index and the `rows` entries of
    /// `bytes` moved into it. A new block has no undo.
    pub fn split_new_leaf(&self, rows: u64, bytes: u64) -> u64 {
        self.vector([self.ktb(), KDXLN, 2 * (rows + 1), bytes.saturating_sub(2 * rows)])
    }

    /// 10.15 insert branch row (the separator of `sep` key bytes and the
    /// new leaf's address) and its undo (10.16, purge the branch row).
    pub fn split_branch_row(&self, sep: u64) -> (u64, u64) {
        let redo = self.vector([self.ktb(), LEAF_HEADER, sep + DBA]);
        let undo = self.vector([KTUDB, KTUBU, self.ktb(), LEAF_HEADER]);
        (redo, undo)
    }

    /// 10.11 the right neighbour's pointer to its previous leaf, and its
    /// undo (the old pointer).
    pub fn split_prev_pointer(&self) -> (u64, u64) {
        (self.vector([self.ktb(), DBA]), self.vector([KTUDB, KTUBU, self.ktb(), DBA]))
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

    /// 5.20 (session information, "MEDIA RECOVERY MARKER"), in 10.2 a
    /// transaction's first record carries it (Lewis's dump below: the
    /// session and serial numbers and an empty transaction name). 11g's
    /// first records have none (the 11g dump's add up without it); a
    /// 12c+ first record's 5.20 (with the version, audit session id,
    /// client id and login user) is in published dumps of databases with
    /// supplemental logging, which the lab does not model: none written.
    pub fn session_info(&self) -> u64 {
        if self.format_11 {
            0
        } else {
            self.vector([SESSION_SERIAL, 0])
        }
    }

    /// 5.4: the commit record's vector.
    pub fn commit(&self) -> u64 {
        if self.format_11 {
            self.vector([KTUCM, KTUCF, KTUCM_TAIL])
        } else {
            self.vector([KTUCM_10, KTUCF])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Number;

    const V10: Layout = Layout { vector_header: 24, format_11: false };
    const V11: Layout = Layout { vector_header: 24, format_11: true };
    const V12: Layout = Layout { vector_header: 32, format_11: true };

    fn num(s: &str) -> Value {
        Value::Num(Number::parse(s).unwrap())
    }

    #[test]
    fn one_number_column_update_worked_by_hand() {
        let (new, old) = ([num("3")], [num("2")]);
        // 11.19: 24 + 12 + 16 + 28 + 32 + 4 + 4; 5.1: 24 + 16 + 20 + 24 + 16 + 28 + 32 + 4 + 4.
        assert_eq!(V11.update_row(new.iter(), old.iter()), (120, 168));
        // 12.1 on: each vector header 8 bytes longer.
        assert_eq!(V12.update_row(new.iter(), old.iter()), (128, 176));
        // 10.2's 11.5: 24 + 12 + KTB 12 + 28 + 4 + 4; 5.1: 24 + 16 + 20 + 24 + 12 + 28 + 4 + 4.
        assert_eq!(V10.update_row(new.iter(), old.iter()), (84, 132));
    }

    #[test]
    fn the_11g_dumps_update_worked_by_hand() {
        // 'BBBBB' to 'bbbbb': 24 + 124 + 172 = 320, the dump's LEN 0x0140.
        let (new, old) = ([Value::str("bbbbb")], [Value::str("BBBBB")]);
        let (redo, undo) = V11.update_row(new.iter(), old.iter());
        assert_eq!((redo, undo, 24 + redo + undo), (124, 172, 320));
    }

    #[test]
    fn lewis_10g_update_worked_by_hand() {
        // v1 'xxxxxx' to 'YYYYYYYYYY': 11.5 24 + 12 + 12 + 28 + 4 + 12 = 92;
        // 5.1 24 + 16 + 20 + 24 + 12 + 28 + 4 + 8 = 136: 252 (Lewis's 248).
        let (new, old) = ([Value::str("YYYYYYYYYY")], [Value::str("xxxxxx")]);
        assert_eq!(V10.update_row(new.iter(), old.iter()), (92, 136));
        // First in the transaction: 5.2 60, ktubl 52 for ktubu 24, 5.20 24 + 8 + 4.
        assert_eq!((V10.txn_slot(), V10.ktubl_extra(), V10.session_info()), (60, 28, 36));
        // The transaction's end: 24 + 24 + 8 + 12 + 16 = 84, Lewis's LEN 0x0054.
        assert_eq!(24 + V10.commit(), 84);
    }

    #[test]
    fn delete_and_insert_of_a_three_column_row_worked_by_hand() {
        // Julian Dyke's ('FER', 'Ferrari', 'ITA'): 3 + 7 + 3 data bytes.
        let row = [Value::str("FER"), Value::str("Ferrari"), Value::str("ITA")];
        // DRP: 24 + (2 + 4 -> 8) + 16 + 24 = 72; undo IRP: 24 + (2 + 14 -> 16)
        // + 20 + 24 + 16 + 46 -> 48 + 4 + 8 + 4 = 164.
        assert_eq!(V11.delete_row(&row), (72, 164));
        // IRP: 24 + (2 + 10 -> 12) + 16 + 48 + 4 + 8 + 4 = 116; undo DRP: 24
        // + (2 + 8 -> 12) + 20 + 24 + 16 + 24 = 120.
        assert_eq!(V11.insert_row(&row), (116, 120));
        // The 11g dump's (2, 'BBBBB'): 24 + (24 + 12 + 16 + 48 + 4 + 8) + 120 = 256, LEN 0x0100.
        let row = [num("2"), Value::str("BBBBB")];
        let (redo, undo) = V11.insert_row(&row);
        assert_eq!(24 + redo + undo, 256);
        // (1, 'AAAAA') first: + 5.2 60 + ktubl 52 = 368, LEN 0x0170.
        assert_eq!(24 + redo + undo + V11.txn_slot() + V11.ktubl_extra() + V11.session_info(), 368);
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
        // 11g's commit: 24 + (2 + 3 x 2 -> 8) + 20 + 16 + 4 = 72 (record 96, the dump's LEN 0x0060).
        assert_eq!(V11.commit(), 72);
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

    #[test]
    fn a_leaf_splits_vectors_worked_by_hand() {
        // 576 entries of 14 bytes (8,064) saved, 288 (4,032) kept and 288
        // moved (core/tests/split_redo.rs). 11g: the undo 24 + (2 + 6 x 2
        // -> 16) + 20 + ktubl 76 + 16 + 24 + 1,152 + 6,912 = 8,240; the
        // leaf being split 24 + (2 + 4 x 2 -> 12) + 0 + 4 + 580 + 3,456.
        assert_eq!(V11.split_saved_leaf(576, 8_064, 288, 4_032), (4_076, 8_240));
        assert_eq!(V11.split_new_leaf(288, 4_032), 4_104);
        assert_eq!(V11.split_branch_row(3), (68, 108));
        assert_eq!(V11.split_prev_pointer(), (52, 100));
        // 10.2: KTB 12, ktubl 52 (the leaf being split has no KTB field).
        assert_eq!(V10.split_saved_leaf(576, 8_064, 288, 4_032), (4_076, 8_212));
        assert_eq!(V10.split_new_leaf(288, 4_032), 4_100);
        assert_eq!(V10.split_branch_row(3), (64, 104));
        assert_eq!(V10.split_prev_pointer(), (48, 96));
        // 12.1 on: each vector's header 8 bytes longer.
        assert_eq!(V12.split_saved_leaf(576, 8_064, 288, 4_032), (4_084, 8_248));
        assert_eq!(V12.split_new_leaf(288, 4_032), 4_112);
    }
}
