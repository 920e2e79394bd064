//! Splitting a script into units, the way SQL*Plus reads its input.
//!
//! - SQL statements and `LAB` commands end with `;` (outside quotes and
//!   comments) or with a line holding only `/`.
//! - PL/SQL blocks (`DECLARE`, `BEGIN`, `CREATE [OR REPLACE] PROCEDURE` ...)
//!   end only with a line holding only `/`.
//! - SQL*Plus commands are one line (a trailing ` -` continues it); a
//!   DOC[UMENT] block runs to a line holding only `#`.
//! - A `/` line between units re-runs the SQL buffer (`RunBuffer`).
//! - A blank line ends a SQL statement without running it (SQL*Plus's
//!   default `SET SQLBLANKLINES OFF`): the unit is `buffered`, and a later
//!   `/` runs it. A line holding only `.` (the block terminator) does the
//!   same for SQL statements and PL/SQL blocks. `SET SQLBL[ANKLINES] ON`
//!   (seen as the script is split) makes blank lines part of statements.
//! - A line whose first word is neither a SQL*Plus command nor one SQL*Plus
//!   sends to the database (SELECT, CREATE, ...) is one SQL*Plus unit of its
//!   own, which the parser refuses with SP2-0042 / SP2-0734 ("unknown
//!   command"), as SQL*Plus does with a pasted `SQL> ` prompt or an output
//!   line; a line starting with a digit is SQL*Plus's line editor.
//!
//! A `/` line ends the current SQL or PL/SQL unit even inside an
//! unterminated string or comment, so one typo cannot swallow the script.

use crate::ast::Pos;
use crate::lexer::{is_ident_byte, is_space, string_prefix, Cursor};

/// One unit of a script: its text (without the `;` or `/` terminator, and
/// trimmed), the position of its first token, and how it is to be parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptUnit {
    pub text: String,
    pub pos: Pos,
    pub kind: UnitKind,
    /// Ended by a blank line (SQLBLANKLINES OFF) or a `.` line: SQL*Plus
    /// keeps the statement in its SQL buffer without running it.
    pub buffered: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    Sql,
    Plsql,
    SqlPlus,
    Lab,
}

/// SQL*Plus commands recognised by their first word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlusCmd {
    Set,
    Exec,
    Connect,
    Shutdown,
    Startup,
    Prompt,
    Remark,
    /// `@file`, `@@file`, `START file`
    Run,
    Show,
    /// `DESC[RIBE] object`
    Describe,
    /// `VAR[IABLE] [name [type]]`
    Variable,
    /// `PRI[NT] [name ...]`
    Print,
    /// Formatting and session commands with no effect in the lab.
    Ignored,
    /// Valid SQL*Plus commands that the lab does not model.
    Unsupported(&'static str),
}

/// (full name, shortest abbreviation length, command)
const PLUS_COMMANDS: &[(&str, usize, PlusCmd)] = &[
    ("SET", 3, PlusCmd::Set),
    ("EXECUTE", 4, PlusCmd::Exec),
    ("CONNECT", 4, PlusCmd::Connect),
    ("SHUTDOWN", 8, PlusCmd::Shutdown),
    ("STARTUP", 7, PlusCmd::Startup),
    ("PROMPT", 3, PlusCmd::Prompt),
    ("REMARK", 3, PlusCmd::Remark),
    ("START", 3, PlusCmd::Run),
    ("SPOOL", 3, PlusCmd::Ignored),
    ("COLUMN", 3, PlusCmd::Ignored),
    ("SHOW", 3, PlusCmd::Show),
    ("CLEAR", 2, PlusCmd::Ignored),
    ("DEFINE", 3, PlusCmd::Ignored),
    ("UNDEFINE", 5, PlusCmd::Ignored),
    ("PAUSE", 3, PlusCmd::Ignored),
    ("WHENEVER", 8, PlusCmd::Ignored),
    ("TIMING", 4, PlusCmd::Ignored),
    ("EXIT", 4, PlusCmd::Ignored),
    ("QUIT", 4, PlusCmd::Ignored),
    ("TTITLE", 3, PlusCmd::Ignored),
    ("BTITLE", 3, PlusCmd::Ignored),
    ("BREAK", 3, PlusCmd::Ignored),
    ("COMPUTE", 4, PlusCmd::Ignored),
    ("REPHEADER", 4, PlusCmd::Ignored),
    ("REPFOOTER", 4, PlusCmd::Ignored),
    ("DISCONNECT", 4, PlusCmd::Ignored),
    ("DESCRIBE", 4, PlusCmd::Describe),
    ("VARIABLE", 3, PlusCmd::Variable),
    ("PRINT", 3, PlusCmd::Print),
    ("HOST", 2, PlusCmd::Unsupported("HOST")),
    // ACCEPT ... DEFAULT and DOC[UMENT] blocks are run from their text.
    ("ACCEPT", 3, PlusCmd::Ignored),
    ("DOCUMENT", 3, PlusCmd::Ignored),
    ("PASSWORD", 5, PlusCmd::Unsupported("PASSWORD")),
    // The SQL buffer's line editor and the script files: real commands
    // the lab does not model (SQL*Plus would not call them unknown).
    ("LIST", 1, PlusCmd::Unsupported("LIST")),
    ("APPEND", 1, PlusCmd::Unsupported("APPEND")),
    ("CHANGE", 1, PlusCmd::Unsupported("CHANGE")),
    ("INPUT", 1, PlusCmd::Unsupported("INPUT")),
    ("DEL", 3, PlusCmd::Unsupported("DEL")),
    ("EDIT", 2, PlusCmd::Unsupported("EDIT")),
    ("SAVE", 3, PlusCmd::Unsupported("SAVE")),
    ("GET", 3, PlusCmd::Unsupported("GET")),
    ("STORE", 5, PlusCmd::Unsupported("STORE")),
];

/// The SQL*Plus command named by `word` (any case, abbreviations allowed).
pub(crate) fn sqlplus_command(word: &str) -> Option<PlusCmd> {
    let w = word.to_ascii_uppercase();
    if w.starts_with('@') {
        return Some(PlusCmd::Run);
    }
    // `!command` is HOST on Unix.
    if w.starts_with('!') {
        return Some(PlusCmd::Unsupported("HOST"));
    }
    PLUS_COMMANDS.iter().find(|(full, min, _)| w.len() >= *min && full.starts_with(w.as_str())).map(|&(_, _, cmd)| cmd)
}

/// Split a script into units. Never fails: any text becomes some unit, and
/// the parser reports what is wrong with it.
pub fn split_script(src: &str) -> Vec<ScriptUnit> {
    split_script_at(src, Pos { line: 1, column: 1 })
}

/// [`split_script`] for a text that starts at `start` in a larger script
/// (the SQL inside `LAB RUN '...'`): positions are the script's.
///
/// A byte order mark (U+FEFF) at the very start, as editors on Windows
/// save UTF-8 files, is not part of the script: `start` is the position of
/// the character after it.
pub fn split_script_at(src: &str, start: Pos) -> Vec<ScriptUnit> {
    split(src, start, false)
}

/// [`split_script`] for a script that continues a session in which SET
/// SQLBLANKLINES is `sqlblanklines` (a host runs a long script as several
/// calls).
pub fn split_script_sqlplus(src: &str, sqlblanklines: bool) -> Vec<ScriptUnit> {
    split(src, Pos { line: 1, column: 1 }, sqlblanklines)
}

fn split(src: &str, start: Pos, blank_lines: bool) -> Vec<ScriptUnit> {
    let src = src.strip_prefix('\u{FEFF}').unwrap_or(src);
    Splitter {
        src,
        b: src.as_bytes(),
        i: 0,
        cur: Cursor::new(src, start),
        units: Vec::new(),
        blank_lines,
        buffered: false,
    }
    .run()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ends {
    /// `;` or a `/` line
    Semicolon,
    /// a `/` line only
    Slash,
    /// end of line (with ` -` continuation)
    Line,
    /// end of line, no continuation (an unknown command: SQL*Plus ignores
    /// the rest of the line)
    OneLine,
    /// a line holding only `#` (a DOC[UMENT] block)
    Pound,
}

struct Splitter<'a> {
    src: &'a str,
    b: &'a [u8],
    i: usize,
    /// Position tracker; only moves forward, so the whole split is linear.
    cur: Cursor<'a>,
    units: Vec<ScriptUnit>,
    /// SET SQLBLANKLINES ON: blank lines are part of a statement.
    blank_lines: bool,
    /// The unit being scanned ended with a blank or `.` line.
    buffered: bool,
}

impl Splitter<'_> {
    fn run(mut self) -> Vec<ScriptUnit> {
        loop {
            self.skip_trivia();
            if self.i >= self.b.len() {
                return self.units;
            }
            let start = self.i;
            if self.is_slash_line(start) {
                self.i = self.line_end(start);
                self.push(start, start + 1, UnitKind::SqlPlus);
                continue;
            }
            let (kind, ends) = self.classify(start);
            self.buffered = false;
            let end = match ends {
                Ends::Line => self.scan_line_unit(start),
                Ends::OneLine => {
                    self.i = self.line_end(start);
                    self.i
                }
                Ends::Semicolon => self.scan_terminated(start, true, kind == UnitKind::Sql && !self.blank_lines),
                Ends::Slash => self.scan_terminated(start, false, false),
                Ends::Pound => self.scan_document(start),
            };
            self.push(start, end, kind);
            if kind == UnitKind::SqlPlus {
                if let Some(on) = self.units.last().and_then(|u| set_sqlblanklines(&u.text)) {
                    self.blank_lines = on;
                }
            }
        }
    }

    fn push(&mut self, start: usize, end: usize, kind: UnitKind) {
        let mut text = self.src.get(start..end).unwrap_or("").trim_end();
        if kind == UnitKind::SqlPlus && !keeps_semicolon(text) {
            if let Some(t) = text.strip_suffix(';') {
                text = t.trim_end();
            }
        }
        if text.is_empty() {
            return;
        }
        self.cur.advance_to(start);
        let buffered = std::mem::take(&mut self.buffered);
        self.units.push(ScriptUnit { text: text.to_string(), pos: self.cur.pos(), kind, buffered });
    }

    /// Skip blanks and comments between units.
    fn skip_trivia(&mut self) {
        loop {
            match self.b.get(self.i) {
                Some(&c) if is_space(c) => self.i += 1,
                Some(b'-') if self.b.get(self.i + 1) == Some(&b'-') => self.i = self.line_end(self.i),
                Some(b'/') if self.b.get(self.i + 1) == Some(&b'*') => {
                    self.i = match find(self.b, self.i + 2, b"*/") {
                        Some(j) => j + 2,
                        None => self.b.len(),
                    };
                }
                _ => return,
            }
        }
    }

    /// Offset of the `\n` ending the line containing `i` (or the text end).
    fn line_end(&self, i: usize) -> usize {
        self.b.get(i..).and_then(|r| r.iter().position(|&c| c == b'\n')).map_or(self.b.len(), |p| i + p)
    }

    /// Does the line containing `i` hold only `/` (and blanks)? `i` must be
    /// a non-blank character. Stops at the first other non-blank character
    /// on either side, so that a long line of units (`;;;...`) is not
    /// rescanned for each of them.
    fn is_slash_line(&self, i: usize) -> bool {
        if self.b.get(i) != Some(&b'/') {
            return false;
        }
        let blank = |c: &&u8| **c != b'\n';
        self.b[..i].iter().rev().take_while(blank).all(|&c| is_space(c))
            && self.b[i + 1..].iter().take_while(blank).all(|&c| is_space(c))
    }

    /// Up to `n` words from `i`, upper-cased, skipping blanks and comments.
    fn words(&self, mut i: usize, n: usize) -> Vec<String> {
        let mut out = Vec::new();
        while out.len() < n {
            // skip blanks and comments
            loop {
                match self.b.get(i) {
                    Some(&c) if is_space(c) => i += 1,
                    Some(b'-') if self.b.get(i + 1) == Some(&b'-') => i = self.line_end(i),
                    Some(b'/') if self.b.get(i + 1) == Some(&b'*') => {
                        i = find(self.b, i + 2, b"*/").map_or(self.b.len(), |j| j + 2)
                    }
                    _ => break,
                }
            }
            let from = i;
            while self.b.get(i).is_some_and(|&c| is_ident_byte(c)) {
                i += 1;
            }
            if i == from {
                break;
            }
            out.push(self.src.get(from..i).unwrap_or("").to_ascii_uppercase());
        }
        out
    }

    fn classify(&self, start: usize) -> (UnitKind, Ends) {
        if matches!(self.b.get(start), Some(b'@' | b'!')) {
            return (UnitKind::SqlPlus, Ends::Line);
        }
        let words = self.words(start, 4);
        let first = words.first().map(String::as_str).unwrap_or("");
        let second = words.get(1).map(String::as_str).unwrap_or("");
        match first {
            "LAB" => (UnitKind::Lab, Ends::Semicolon),
            "DECLARE" | "BEGIN" => (UnitKind::Plsql, Ends::Slash),
            "CREATE" if creates_plsql(&words[1..]) => (UnitKind::Plsql, Ends::Slash),
            // SQL statements that start with SET.
            "SET" if matches!(second, "TRANSACTION" | "ROLE" | "CONSTRAINT" | "CONSTRAINTS") => {
                (UnitKind::Sql, Ends::Semicolon)
            }
            w if w.len() >= 3 && "DOCUMENT".starts_with(w) => (UnitKind::SqlPlus, Ends::Pound),
            w if sqlplus_command(w).is_some() => (UnitKind::SqlPlus, Ends::Line),
            w if SQL_FIRST_WORDS.contains(&w) => (UnitKind::Sql, Ends::Semicolon),
            // A query in parentheses, a PL/SQL label (which the parser
            // refuses), or an empty statement (`;`, skipped).
            "" if matches!(self.b.get(start), Some(b'(' | b'<' | b';')) => (UnitKind::Sql, Ends::Semicolon),
            // Anything else is no command SQL*Plus knows: SP2-0042 or
            // SP2-0734 for this line, which includes a pasted `SQL> `
            // prompt and the output lines of a transcript; a line that
            // starts with a number is the line editor.
            _ => (UnitKind::SqlPlus, Ends::OneLine),
        }
    }

    /// A SQL*Plus command: to the end of the line, following ` -` continuations.
    fn scan_line_unit(&mut self, start: usize) -> usize {
        let is_remark = matches!(self.words(start, 1).first().map(String::as_str), Some(w) if w.len() >= 3 && "REMARK".starts_with(w));
        let mut end = self.line_end(start);
        while !is_remark && end < self.b.len() && continues(&self.b[start..end]) {
            end = self.line_end(end + 1);
        }
        self.i = end;
        end
    }

    /// A DOC[UMENT] block: its lines up to one holding only `#`, which
    /// ends it (SQL*Plus's obsolete but working way to document a script;
    /// a block never ended runs to the end of the script).
    fn scan_document(&mut self, start: usize) -> usize {
        let mut end = self.line_end(start);
        while end < self.b.len() {
            let next = self.line_end(end + 1);
            end = next;
            if self.src.get(line_start(self.b, next)..next).is_some_and(|l| l.trim() == "#") {
                break;
            }
        }
        self.i = end;
        end
    }

    /// A SQL statement, LAB command or PL/SQL block. Returns the end of its
    /// text; `self.i` moves past the terminator.
    ///
    /// A `.` line ends a unit without running it (`self.buffered`), and so
    /// does a blank line when `blank_ends`.
    fn scan_terminated(&mut self, start: usize, semicolon_ends: bool, blank_ends: bool) -> usize {
        #[derive(Clone, Copy)]
        enum St {
            Normal,
            Quote,
            QQuote(u8),
            DoubleQuote,
            LineComment,
            BlockComment,
        }
        let b = self.b;
        let mut st = St::Normal;
        let mut i = start;
        while i < b.len() {
            // A `/` line ends the unit whatever the state.
            if i > start && b[i - 1] == b'\n' {
                let line_end = self.line_end(i);
                let first = (i..line_end).find(|&j| !is_space(b[j]));
                match first {
                    Some(j) if self.is_slash_line(j) => {
                        self.i = self.line_end(j);
                        return i;
                    }
                    Some(j) if b[j] == b'.' && b[j + 1..line_end].iter().all(|&c| is_space(c)) => {
                        self.buffered = true;
                        self.i = line_end;
                        return i;
                    }
                    None if blank_ends => {
                        self.buffered = true;
                        self.i = line_end;
                        return i;
                    }
                    _ => {}
                }
            }
            let c = b[i];
            match st {
                St::Normal => match c {
                    b';' if semicolon_ends => {
                        self.i = i + 1;
                        return i;
                    }
                    b'"' => st = St::DoubleQuote,
                    b'-' if b.get(i + 1) == Some(&b'-') => st = St::LineComment,
                    b'/' if b.get(i + 1) == Some(&b'*') => {
                        st = St::BlockComment;
                        i += 1;
                    }
                    _ if is_ident_byte(c) || c >= 0x80 => {
                        // c is a letter here, so a string prefix is n', q'x or nq'x.
                        if let Some((len, close)) = string_prefix(b, i) {
                            i += len;
                            st = close.map_or(St::Quote, St::QQuote);
                        } else {
                            while i < b.len() && (is_ident_byte(b[i]) || b[i] >= 0x80) {
                                i += 1;
                            }
                        }
                        continue;
                    }
                    b'\'' => st = St::Quote,
                    _ => {}
                },
                St::Quote => {
                    if c == b'\'' {
                        if b.get(i + 1) == Some(&b'\'') {
                            i += 1;
                        } else {
                            st = St::Normal;
                        }
                    }
                }
                St::QQuote(close) => {
                    if c == close && b.get(i + 1) == Some(&b'\'') {
                        st = St::Normal;
                        i += 1;
                    }
                }
                St::DoubleQuote => {
                    if c == b'"' {
                        st = St::Normal;
                    }
                }
                St::LineComment => {
                    if c == b'\n' {
                        st = St::Normal;
                    }
                }
                St::BlockComment => {
                    if c == b'*' && b.get(i + 1) == Some(&b'/') {
                        st = St::Normal;
                        i += 1;
                    }
                }
            }
            i += 1;
        }
        self.i = b.len();
        b.len()
    }
}

/// CREATE [OR REPLACE] [EDITIONABLE|NONEDITIONABLE] PROCEDURE|FUNCTION|... ?
fn creates_plsql(words: &[String]) -> bool {
    let mut w = words.iter().map(String::as_str).peekable();
    if w.peek() == Some(&"OR") {
        w.next();
        w.next();
    }
    if matches!(w.peek(), Some(&("EDITIONABLE" | "NONEDITIONABLE" | "EDITIONING"))) {
        w.next();
    }
    matches!(w.next(), Some("PROCEDURE" | "FUNCTION" | "PACKAGE" | "TRIGGER" | "TYPE" | "LIBRARY"))
}

/// First words of the statements SQL*Plus sends to the database (beside
/// PL/SQL blocks and `SET TRANSACTION | ROLE | CONSTRAINT[S]`): any other
/// word starts a SQL*Plus command line. The parser refuses the statements
/// the lab does not model.
const SQL_FIRST_WORDS: &[&str] = &[
    "SELECT",
    "INSERT",
    "UPDATE",
    "DELETE",
    "MERGE",
    "CREATE",
    "ALTER",
    "DROP",
    "TRUNCATE",
    "GRANT",
    "REVOKE",
    "ANALYZE",
    "LOCK",
    "RENAME",
    "COMMENT",
    "FLASHBACK",
    "PURGE",
    "CALL",
    "AUDIT",
    "NOAUDIT",
    "ASSOCIATE",
    "DISASSOCIATE",
    "ADMINISTER",
    "WITH",
    "EXPLAIN",
    "COMMIT",
    "ROLLBACK",
    "SAVEPOINT",
];

/// `SET SQLBL[ANKLINES] ON | OFF`: the new setting.
fn set_sqlblanklines(text: &str) -> Option<bool> {
    let mut w = text.split_whitespace().map(str::to_ascii_uppercase);
    let set = w.next()?;
    let opt = w.next()?;
    if !(set == "SET" && opt.len() >= 5 && "SQLBLANKLINES".starts_with(opt.as_str())) {
        return None;
    }
    match w.next()?.as_str() {
        "ON" => Some(true),
        "OFF" => Some(false),
        _ => None,
    }
}

/// SQL*Plus prints PROMPT and REMARK text as written, `;` included.
fn keeps_semicolon(text: &str) -> bool {
    let word = text.chars().take_while(char::is_ascii_alphabetic).collect::<String>().to_ascii_uppercase();
    word.len() >= 3 && ("PROMPT".starts_with(&word) || "REMARK".starts_with(&word))
}

/// A SQL*Plus line continues when it ends with a `-` that follows a blank.
fn continues(line: &[u8]) -> bool {
    let mut end = line.len();
    while end > 0 && is_space(line[end - 1]) {
        end -= 1;
    }
    end >= 2 && line[end - 1] == b'-' && is_space(line[end - 2])
}

/// The start of the line that ends at `end` (a `\n` offset or the text end).
fn line_start(b: &[u8], end: usize) -> usize {
    b[..end].iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1)
}

fn find(hay: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    hay.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}
