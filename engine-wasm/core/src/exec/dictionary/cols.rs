//! The declared type of a dictionary view's column and the `view!` macro
//! every view's column list is declared with (`dictionary.rs` and its
//! view modules use them).

/// A column's declared type, for SQL*Plus's display width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColType {
    /// An identifier: VARCHAR2(30) up to 12.1, VARCHAR2(128) from 12.2.
    Name,
    /// VARCHAR2(n).
    Text(u32),
    /// NUMBER.
    Num,
    /// OBJECT_TYPE: VARCHAR2(19) up to 11.2, VARCHAR2(23) from 12c.
    ObjectType,
    /// DATE (SQL*Plus sizes it by NLS_DATE_FORMAT).
    DateCol,
    /// A statistic's LOW_VALUE / HIGH_VALUE: RAW(32) up to 11.2, RAW(1000)
    /// from 12c, printed as hex digits (twice the bytes wide).
    RawValue,
}

impl ColType {
    /// SQL*Plus's width of such a column: a character column's declared
    /// length (identifiers are 30 bytes up to 12.1, 128 from 12.2; a RAW
    /// twice its bytes); 0 for a number (NUMWIDTH applies).
    pub fn width(self, identifier_bytes: u32) -> u32 {
        match self {
            ColType::Name => identifier_bytes,
            ColType::Text(n) => n,
            ColType::ObjectType if identifier_bytes > 30 => 23,
            ColType::ObjectType => 19,
            ColType::RawValue if identifier_bytes > 30 => 2000,
            ColType::RawValue => 64,
            ColType::Num | ColType::DateCol => 0,
        }
    }
}

/// Declares a view's typed column list and its list of names, from one list.
macro_rules! view {
    ($vis:vis $typed:ident, $names:ident: $(($n:literal, $t:expr)),* $(,)?) => {
        $vis const $typed: &[(&str, ColType)] = &[$(($n, $t)),*];
        $vis const $names: &[&str] = &[$($n),*];
    };
}
