//! ROWID and DBMS_ROWID: a row's address as Oracle shows it.
//!
//! An extended ROWID is 18 characters of base 64 (`A-Z a-z 0-9 + /`):
//! `OOOOOOFFFBBBBBBRRR`, the data object number (6), the relative file
//! number (3), the block in the file (6) and the row in the block (3)
//! (Oracle Database Concepts, "Rowid Format"). The lab's row `r` of a heap
//! table is in its segment's block `t.loc[r].block`, slot `t.loc[r].slot`;
//! the segment's extents place that block in its datafile
//! (`IoLayer::block_address`), so `dbms_rowid.rowid_block_number(rowid)`
//! gives the block the lab reads, and counting rows per block gives the
//! lab's own layout. The data object number is the table's OBJECT_ID in
//! ALL_OBJECTS (a fresh segment's, as the lab never moves or truncates
//! one into a new number).
//!
//! Not modelled: ROWIDs of index-organized or clustered tables (refused),
//! restricted (Oracle 7) ROWIDs, bigfile tablespaces. A ROWID is held as
//! its text: equal ROWIDs compare equal, but ORDER BY ROWID and ranges of
//! ROWIDs compare the text, not the address, and are refused.

use crate::catalog::{Catalog, TableStorage};
use crate::storage::MIGRATED;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn encode(mut n: u64, digits: usize, out: &mut [u8]) {
    for i in (0..digits).rev() {
        out[i] = ALPHABET[(n & 63) as usize];
        n >>= 6;
    }
}

/// The text of an extended ROWID.
pub fn format(object: u32, file: u32, block: u32, row: u32) -> String {
    let mut b = [0u8; 18];
    encode(object as u64, 6, &mut b[0..6]);
    encode(file as u64, 3, &mut b[6..9]);
    encode(block as u64, 6, &mut b[9..15]);
    encode(row as u64, 3, &mut b[15..18]);
    String::from_utf8_lossy(&b).into_owned()
}

/// The four parts of an extended ROWID's text: object, file, block, row.
pub fn parse(s: &str) -> Option<[u64; 4]> {
    let b = s.as_bytes();
    if b.len() != 18 {
        return None;
    }
    let mut v = [0u64; 18];
    for (i, c) in b.iter().enumerate() {
        v[i] = ALPHABET.iter().position(|a| a == c)? as u64;
    }
    let n = |from: usize, to: usize| v[from..to].iter().fold(0u64, |a, &d| a * 64 + d);
    Some([n(0, 6), n(6, 9), n(9, 15), n(15, 18)])
}

/// The ROWID of row `r` of table `table`: its text, from the table's
/// location map and its segment's extents (`io`).
pub fn of_row(
    cat: &Catalog,
    io: Option<&crate::io::IoLayer>,
    table: usize,
    r: u32,
    pos: Pos,
) -> Result<Value, LabError> {
    let t = &cat.tables[table];
    let seg = match &t.storage {
        _ if t.part.is_some() => match t.row_seg(cat, r) {
            Some(seg) => seg,
            None => return Ok(Value::Null),
        },
        TableStorage::Heap { seg: Some(seg), .. } => *seg,
        TableStorage::Heap { seg: None, .. } => return Ok(Value::Null),
        _ => return Err(LabError::unsupported("the ROWID of an index-organized or clustered table", pos)),
    };
    let Some(loc) = t.loc.get(r as usize).copied() else { return Ok(Value::Null) };
    // A migrated row's ROWID is its head's: the block it was inserted in.
    let slot = (loc.slot & !MIGRATED) as u32;
    let a = io
        .and_then(|io| io.block_address_of(seg, loc.block))
        .ok_or_else(|| LabError::unsupported("the ROWID of a row whose block has no address yet", pos))?;
    Ok(Value::str(&format(t.row_data_object_id(r), a.file, a.block, slot)))
}

/// A DBMS_ROWID function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowidFn {
    BlockNumber,
    RelativeFno,
    RowNumber,
    Object,
    Type,
    /// ROWID_TO_ABSOLUTE_FNO(rowid, schema, table): the file's number
    /// (a smallfile tablespace's relative number is its absolute one here).
    AbsoluteFno,
    /// ROWID_CREATE(type, object, file, block, row).
    Create,
}

impl RowidFn {
    pub fn lookup(name: &str) -> Option<RowidFn> {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        Some(match n.strip_prefix("DBMS_ROWID.")? {
            "ROWID_BLOCK_NUMBER" => RowidFn::BlockNumber,
            "ROWID_RELATIVE_FNO" => RowidFn::RelativeFno,
            "ROWID_ROW_NUMBER" => RowidFn::RowNumber,
            "ROWID_OBJECT" => RowidFn::Object,
            "ROWID_TYPE" => RowidFn::Type,
            "ROWID_TO_ABSOLUTE_FNO" => RowidFn::AbsoluteFno,
            "ROWID_CREATE" => RowidFn::Create,
            _ => return None,
        })
    }

    pub fn arity(self) -> (usize, usize) {
        match self {
            // rowid_block_number(rowid [, ts_type_in]).
            RowidFn::BlockNumber => (1, 2),
            RowidFn::AbsoluteFno => (3, 3),
            RowidFn::Create => (5, 5),
            _ => (1, 1),
        }
    }

    pub fn eval(self, v: &[Value], pos: Pos) -> Result<Value, LabError> {
        if self == RowidFn::Create {
            let mut n = [0u64; 5];
            for (i, x) in v.iter().enumerate().take(5) {
                match x {
                    Value::Null => return Ok(Value::Null),
                    Value::Num(k) => n[i] = k.to_f64().max(0.0) as u64,
                    _ => return Err(LabError::new(ora::INVALID_NUMBER, pos)),
                }
            }
            let bound = |x: u64, bits: u32| x.min((1u64 << bits) - 1) as u32;
            return Ok(Value::str(&format(bound(n[1], 32), bound(n[2], 10), bound(n[3], 22), bound(n[4], 16))));
        }
        let s = match &v[0] {
            Value::Null => return Ok(Value::Null),
            Value::Str(s) => s.to_string(),
            _ => return Err(LabError::new(ora::INVALID_ROWID, pos)),
        };
        let [object, file, block, row] = parse(&s).ok_or_else(|| LabError::new(ora::INVALID_ROWID, pos))?;
        Ok(Value::int(match self {
            RowidFn::BlockNumber => block as i64,
            RowidFn::RelativeFno | RowidFn::AbsoluteFno => file as i64,
            RowidFn::RowNumber => row as i64,
            RowidFn::Object => object as i64,
            RowidFn::Type => 1,
            RowidFn::Create => unreachable!("handled above"),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses() {
        // Object 74,661 (AAASOl), file 4 (AAE), block 131 (AAAACD), row 0.
        let s = format(74_661, 4, 131, 0);
        assert_eq!(s, "AAASOlAAEAAAACDAAA");
        assert_eq!(parse(&s), Some([74_661, 4, 131, 0]));
        assert_eq!(parse("AAAAB0AABAAAAEoAAA"), Some([116, 1, 296, 0]));
        assert!(parse("not a rowid").is_none());
    }
}
