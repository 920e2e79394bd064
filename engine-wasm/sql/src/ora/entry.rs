//! A catalogued message: its facility (message file), number and fixed
//! text (see `ora.rs`).
//!
//! How an entry becomes an error:
//!
//! ```
//! use lio_sql::ast::Pos;
//! use lio_sql::{ora, LabError};
//! let pos = Pos { line: 1, column: 8 };
//! let e = LabError::new(ora::MISSING_EXPRESSION, pos);
//! assert_eq!((e.code.as_str(), e.message.as_str()), ("ORA-00936", "missing expression"));
//! let e = LabError::with(ora::INVALID_IDENTIFIER, "\"X\"", pos);
//! assert_eq!(e.message, "\"X\": invalid identifier");
//! let e = LabError::with_args(ora::VALUE_TOO_LARGE, &[&"\"LAB\".\"T\".\"V\"", &31, &30], pos);
//! assert_eq!(e.message, "value too large for column \"LAB\".\"T\".\"V\" (actual: 31, maximum: 30)");
//! ```

use std::fmt;

/// The message file an entry belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Facility {
    /// `ORA-nnnnn`: Oracle Database.
    Ora,
    /// `PLS-nnnnn`: the PL/SQL compiler (reported inside `ORA-06550`).
    Pls,
    /// `SP2-nnnn`: SQL*Plus (reported inside `LAB-00002` or `LAB-00003`).
    Sp2,
    /// `LAB-nnnnn`: LIO Lab itself.
    Lab,
}

impl Facility {
    /// The code of message `number` in this file: `ORA-00942`, `SP2-0734`.
    pub fn code(self, number: u32) -> String {
        match self {
            Facility::Sp2 => format!("SP2-{number:04}"),
            f => format!("{}-{number:05}", f.prefix()),
        }
    }

    pub const fn prefix(self) -> &'static str {
        match self {
            Facility::Ora => "ORA",
            Facility::Pls => "PLS",
            Facility::Sp2 => "SP2",
            Facility::Lab => "LAB",
        }
    }
}

/// One catalogued message: its code and its fixed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub facility: Facility,
    pub number: u32,
    /// The fixed text; each `%s` is filled by one argument, in order.
    pub text: &'static str,
}

impl Entry {
    /// The code as printed: `ORA-00942`, `PLS-00103`, `SP2-0734`, `LAB-00001`.
    pub fn code(&self) -> String {
        self.facility.code(self.number)
    }

    /// The fixed text (placeholders left as `%s`).
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// How many `%s` placeholders the text holds.
    pub fn placeholders(&self) -> usize {
        self.text.matches("%s").count()
    }

    /// The text with its placeholders filled by `args`, in order (a missing
    /// argument leaves the place empty, a surplus one is ignored).
    pub fn message(&self, args: &[&dyn fmt::Display]) -> String {
        let mut out = String::with_capacity(self.text.len());
        let mut parts = self.text.split("%s");
        out.push_str(parts.next().unwrap_or(""));
        for (k, part) in parts.enumerate() {
            if let Some(a) = args.get(k) {
                out.push_str(&a.to_string());
            }
            out.push_str(part);
        }
        out
    }

    /// `CODE: message`, as SQL*Plus prints it: `SP2-0103: Nothing in SQL buffer to run.`
    pub fn line(&self, args: &[&dyn fmt::Display]) -> String {
        format!("{}: {}", self.code(), self.message(args))
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.text)
    }
}
