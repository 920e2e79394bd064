//! Tokenizer for SQL, PL/SQL, optimizer hints and `LAB` commands.
//!
//! The lexer works on one unit's text and knows where that text starts in
//! the script, so every token carries its absolute 1-based line and column.
//! It never fails: a lexical error (unterminated string, invalid character)
//! becomes a final [`Tok::Error`] token, which the parser reports when it
//! reaches it, so errors come out in source order.

use crate::ast::Pos;
use crate::error::LabError;
use crate::number::{NumError, Number};
use crate::ora;

/// Oracle's limit on identifier length, in bytes (12.2 and later).
const MAX_IDENT_BYTES: usize = 128;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    /// Identifier or keyword: upper-cased unless it was double-quoted.
    Ident {
        name: String,
        quoted: bool,
    },
    Number(Number),
    /// String literal, quotes removed and `''` resolved.
    Str(String),
    /// `:1`, `:key` (name upper-cased, without the colon).
    Bind(String),
    /// Content of a `/*+ ... */` or `--+ ...` comment that directly follows
    /// SELECT, INSERT, UPDATE, DELETE or MERGE.
    Hint(String),
    LParen,
    RParen,
    Comma,
    Dot,
    DotDot,
    Semi,
    Plus,
    Minus,
    Star,
    Slash,
    Concat,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `:=`
    Assign,
    /// `=>`
    Arrow,
    Percent,
    At,
    /// A lexical error; always the last token.
    Error(LabError),
    /// End of text; its position is just after the last token.
    Eof,
}

#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub tok: Tok,
    pub pos: Pos,
    /// Byte range of the token in the lexed text.
    pub start: usize,
    pub end: usize,
    /// For strings and hints: position of the first character of the
    /// content (after the opening quote or `/*+`). Otherwise `pos`.
    pub inner: Pos,
}

/// Lexer settings.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LexOptions {
    /// SQL*Plus command lines: a `-` that ends a line (after a blank) is a
    /// line continuation, not a minus sign.
    pub sqlplus_continuation: bool,
}

/// A byte cursor that keeps the line and column of the next character.
pub(crate) struct Cursor<'a> {
    pub b: &'a [u8],
    pub i: usize,
    pub line: u32,
    pub col: u32,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str, base: Pos) -> Self {
        Cursor { b: text.as_bytes(), i: 0, line: base.line, col: base.column }
    }

    pub fn pos(&self) -> Pos {
        Pos { line: self.line, column: self.col }
    }

    pub fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    pub fn peek_at(&self, n: usize) -> Option<u8> {
        self.b.get(self.i + n).copied()
    }

    pub fn eof(&self) -> bool {
        self.i >= self.b.len()
    }

    /// Advance one byte. Columns count characters: continuation bytes of a
    /// multi-byte UTF-8 character do not move the column.
    pub fn bump(&mut self) {
        if let Some(&c) = self.b.get(self.i) {
            self.i += 1;
            if c == b'\n' {
                self.line += 1;
                self.col = 1;
            } else if c & 0xC0 != 0x80 {
                self.col += 1;
            }
        }
    }

    /// Advance one whole character.
    pub fn bump_char(&mut self) {
        self.bump();
        while matches!(self.peek(), Some(c) if c & 0xC0 == 0x80) {
            self.bump();
        }
    }

    pub fn bump_n(&mut self, n: usize) {
        for _ in 0..n {
            self.bump();
        }
    }

    /// Move forward to byte offset `to` (never backwards).
    pub fn advance_to(&mut self, to: usize) {
        while self.i < to && !self.eof() {
            self.bump();
        }
    }

    pub fn starts_with(&self, s: &[u8]) -> bool {
        self.b.get(self.i..).is_some_and(|rest| rest.starts_with(s))
    }
}

pub(crate) fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n' | 0x0B | 0x0C)
}

/// Characters allowed after the first one in an unquoted identifier
/// (ASCII part; non-ASCII letters are checked separately).
pub(crate) fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'#')
}

/// The character starting at byte `i`, if `i` is a character boundary.
fn char_at(text: &str, i: usize) -> Option<char> {
    text.get(i..).and_then(|s| s.chars().next())
}

/// Closing delimiter of an Oracle q-quoted string `q'<open>...<close>'`.
pub(crate) fn q_close(open: u8) -> u8 {
    match open {
        b'[' => b']',
        b'{' => b'}',
        b'(' => b')',
        b'<' => b'>',
        other => other,
    }
}

/// Length of a string-literal prefix at `i` (`'`, `q'x`, `n'`, `nq'x`), and
/// the q-quote delimiter if any: `(prefix_len, Some(close))`.
pub(crate) fn string_prefix(b: &[u8], i: usize) -> Option<(usize, Option<u8>)> {
    let at = |n: usize| b.get(i + n).copied();
    let lower = |c: Option<u8>| c.map(|c| c.to_ascii_lowercase());
    match (lower(at(0)), at(1), lower(at(1)), at(2)) {
        (Some(b'\''), ..) => Some((1, None)),
        (Some(b'n'), Some(b'\''), ..) => Some((2, None)),
        (Some(b'q'), Some(b'\''), ..) => {
            let open = at(2).filter(|c| c.is_ascii() && !is_space(*c))?;
            Some((3, Some(q_close(open))))
        }
        (Some(b'n'), _, Some(b'q'), Some(b'\'')) => {
            let open = at(3).filter(|c| c.is_ascii() && !is_space(*c))?;
            Some((4, Some(q_close(open))))
        }
        _ => None,
    }
}

fn is_hint_keyword(tok: Option<&Token>) -> bool {
    matches!(tok, Some(Token { tok: Tok::Ident { name, quoted: false }, .. })
        if matches!(name.as_str(), "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "MERGE"))
}

/// Tokenize `text`, whose first byte sits at `base` in the script.
/// The result always ends with exactly one `Eof` or `Error` token.
pub(crate) fn tokenize(text: &str, base: Pos, opts: LexOptions) -> Vec<Token> {
    let mut lx = Lexer { text, c: Cursor::new(text, base), toks: Vec::new(), last_end: base, opts };
    lx.run();
    lx.toks
}

struct Lexer<'a> {
    text: &'a str,
    c: Cursor<'a>,
    toks: Vec<Token>,
    /// Position just after the last token (where `Eof` points).
    last_end: Pos,
    opts: LexOptions,
}

impl Lexer<'_> {
    fn run(&mut self) {
        loop {
            if let Err(e) = self.skip_trivia() {
                self.push_error(e);
                return;
            }
            if self.c.eof() {
                let end = self.c.i;
                self.toks.push(Token { tok: Tok::Eof, pos: self.last_end, start: end, end, inner: self.last_end });
                return;
            }
            let start = self.c.i;
            let pos = self.c.pos();
            match self.token() {
                Ok((tok, inner)) => {
                    self.last_end = self.c.pos();
                    let end = self.c.i;
                    self.toks.push(Token { tok, pos, start, end, inner: inner.unwrap_or(pos) });
                }
                Err(e) => {
                    self.push_error(e);
                    return;
                }
            }
        }
    }

    fn push_error(&mut self, e: LabError) {
        let start = self.c.i;
        let pos = e.pos;
        self.toks.push(Token { tok: Tok::Error(e), pos, start, end: start, inner: pos });
    }

    /// Skip whitespace and comments; a hint comment is left in place when
    /// it directly follows a hint keyword.
    fn skip_trivia(&mut self) -> Result<(), LabError> {
        loop {
            match self.c.peek() {
                Some(c) if is_space(c) => self.c.bump(),
                Some(b'-') if self.c.peek_at(1) == Some(b'-') => {
                    if self.c.peek_at(2) == Some(b'+') && is_hint_keyword(self.toks.last()) {
                        return Ok(());
                    }
                    while !matches!(self.c.peek(), None | Some(b'\n')) {
                        self.c.bump();
                    }
                }
                Some(b'/') if self.c.peek_at(1) == Some(b'*') => {
                    if self.c.peek_at(2) == Some(b'+') && is_hint_keyword(self.toks.last()) {
                        return Ok(());
                    }
                    self.block_comment()?;
                }
                Some(b'-') if self.opts.sqlplus_continuation && self.is_continuation() => self.c.bump(),
                _ => return Ok(()),
            }
        }
    }

    /// SQL*Plus continuation: `-` preceded by a blank (or at the start) and
    /// followed only by blanks up to the end of the line.
    fn is_continuation(&self) -> bool {
        let i = self.c.i;
        let before_ok = i == 0 || self.c.b.get(i - 1).is_some_and(|&c| is_space(c));
        let mut j = i + 1;
        while let Some(&c) = self.c.b.get(j) {
            if c == b'\n' {
                break;
            }
            if !is_space(c) {
                return false;
            }
            j += 1;
        }
        before_ok
    }

    /// Skip `/* ... */`; returns the position after `/*` for hints.
    fn block_comment(&mut self) -> Result<(), LabError> {
        let pos = self.c.pos();
        self.c.bump_n(2);
        loop {
            if self.c.eof() {
                return Err(LabError::new(ora::COMMENT_NOT_TERMINATED, pos));
            }
            if self.c.starts_with(b"*/") {
                self.c.bump_n(2);
                return Ok(());
            }
            self.c.bump();
        }
    }

    /// Lex one token at the cursor; returns it with its inner position.
    fn token(&mut self) -> Result<(Tok, Option<Pos>), LabError> {
        let pos = self.c.pos();
        let Some(ch) = self.c.peek() else {
            return Ok((Tok::Eof, None));
        };
        // Hint comments (skip_trivia stopped in front of one).
        if self.c.starts_with(b"/*+") {
            self.c.bump_n(3);
            let inner = self.c.pos();
            let from = self.c.i;
            loop {
                if self.c.eof() {
                    return Err(LabError::new(ora::COMMENT_NOT_TERMINATED, pos));
                }
                if self.c.starts_with(b"*/") {
                    break;
                }
                self.c.bump();
            }
            let content = self.text.get(from..self.c.i).unwrap_or("").to_string();
            self.c.bump_n(2);
            return Ok((Tok::Hint(content), Some(inner)));
        }
        if self.c.starts_with(b"--+") {
            self.c.bump_n(3);
            let inner = self.c.pos();
            let from = self.c.i;
            while !matches!(self.c.peek(), None | Some(b'\n')) {
                self.c.bump();
            }
            let content = self.text.get(from..self.c.i).unwrap_or("").to_string();
            return Ok((Tok::Hint(content), Some(inner)));
        }
        if let Some((prefix, close)) = string_prefix(self.c.b, self.c.i) {
            return self.string(prefix, close).map(|(s, inner)| (Tok::Str(s), Some(inner)));
        }
        if ch.is_ascii_digit() || (ch == b'.' && self.c.peek_at(1).is_some_and(|c| c.is_ascii_digit())) {
            return self.number().map(|t| (t, None));
        }
        if ch == b'"' {
            return self.quoted_ident().map(|t| (t, None));
        }
        if ch.is_ascii_alphabetic() || (ch >= 0x80 && char_at(self.text, self.c.i).is_some_and(char::is_alphabetic)) {
            return self.ident().map(|t| (t, None));
        }
        let two = |a: u8| self.c.peek_at(1) == Some(a);
        let (tok, len) = match ch {
            b'(' => (Tok::LParen, 1),
            b')' => (Tok::RParen, 1),
            b',' => (Tok::Comma, 1),
            b';' => (Tok::Semi, 1),
            b'+' => (Tok::Plus, 1),
            b'-' => (Tok::Minus, 1),
            b'*' => (Tok::Star, 1),
            b'/' => (Tok::Slash, 1),
            b'%' => (Tok::Percent, 1),
            b'@' => (Tok::At, 1),
            b'.' if two(b'.') => (Tok::DotDot, 2),
            b'.' => (Tok::Dot, 1),
            b'|' if two(b'|') => (Tok::Concat, 2),
            b'=' if two(b'>') => (Tok::Arrow, 2),
            b'=' => (Tok::Eq, 1),
            b'<' if two(b'>') => (Tok::Ne, 2),
            b'<' if two(b'=') => (Tok::Le, 2),
            b'<' => (Tok::Lt, 1),
            b'>' if two(b'=') => (Tok::Ge, 2),
            b'>' => (Tok::Gt, 1),
            b'!' | b'^' | b'~' if two(b'=') => (Tok::Ne, 2),
            b':' if two(b'=') => (Tok::Assign, 2),
            b':' if self.c.peek_at(1).is_some_and(is_ident_byte) => {
                self.c.bump();
                let from = self.c.i;
                while self.c.peek().is_some_and(is_ident_byte) {
                    self.c.bump();
                }
                let name = self.text.get(from..self.c.i).unwrap_or("").to_ascii_uppercase();
                return Ok((Tok::Bind(name), None));
            }
            b'&' => {
                return Err(LabError::unsupported("SQL*Plus substitution variables (&name)", pos));
            }
            _ => return Err(LabError::new(ora::INVALID_CHARACTER, pos)),
        };
        self.c.bump_n(len);
        Ok((tok, None))
    }

    /// A string literal; `prefix` bytes (`'`, `n'`, `q'[`...) are skipped.
    fn string(&mut self, prefix: usize, close: Option<u8>) -> Result<(String, Pos), LabError> {
        let pos = self.c.pos();
        let err = || LabError::new(ora::QUOTED_STRING_NOT_TERMINATED, pos);
        self.c.bump_n(prefix);
        let inner = self.c.pos();
        let mut value: Vec<u8> = Vec::new();
        loop {
            let Some(c) = self.c.peek() else {
                return Err(err());
            };
            match close {
                // q'x...x': no escapes, ends at the closing delimiter + quote.
                Some(close) if c == close && self.c.peek_at(1) == Some(b'\'') => {
                    self.c.bump_n(2);
                    break;
                }
                None if c == b'\'' => {
                    if self.c.peek_at(1) == Some(b'\'') {
                        value.push(b'\'');
                        self.c.bump_n(2);
                        continue;
                    }
                    self.c.bump();
                    break;
                }
                _ => {
                    value.push(c);
                    self.c.bump();
                }
            }
        }
        Ok((String::from_utf8_lossy(&value).into_owned(), inner))
    }

    fn number(&mut self) -> Result<Tok, LabError> {
        let pos = self.c.pos();
        let from = self.c.i;
        let digits = |c: &mut Cursor| {
            while c.peek().is_some_and(|c| c.is_ascii_digit()) {
                c.bump();
            }
        };
        digits(&mut self.c);
        // A '.' belongs to the number unless it starts `..` (a PL/SQL range).
        if self.c.peek() == Some(b'.') && self.c.peek_at(1) != Some(b'.') {
            self.c.bump();
            digits(&mut self.c);
        }
        if matches!(self.c.peek(), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(self.c.peek_at(1), Some(b'+' | b'-')));
            if self.c.peek_at(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                self.c.bump_n(1 + sign);
                digits(&mut self.c);
            }
        }
        let raw = self.text.get(from..self.c.i).unwrap_or("");
        Number::parse(raw).map(Tok::Number).map_err(|e| match e {
            NumError::Overflow => LabError::new(ora::NUMERIC_OVERFLOW, pos),
            _ => LabError::new(ora::INVALID_NUMBER, pos),
        })
    }

    fn ident(&mut self) -> Result<Tok, LabError> {
        let pos = self.c.pos();
        let from = self.c.i;
        loop {
            match self.c.peek() {
                Some(c) if is_ident_byte(c) => self.c.bump(),
                Some(c) if c >= 0x80 && char_at(self.text, self.c.i).is_some_and(char::is_alphanumeric) => {
                    self.c.bump_char()
                }
                _ => break,
            }
        }
        let raw = self.text.get(from..self.c.i).unwrap_or("");
        if raw.len() > MAX_IDENT_BYTES {
            return Err(LabError::new(ora::IDENTIFIER_TOO_LONG, pos));
        }
        Ok(Tok::Ident { name: raw.to_uppercase(), quoted: false })
    }

    fn quoted_ident(&mut self) -> Result<Tok, LabError> {
        let pos = self.c.pos();
        self.c.bump();
        let from = self.c.i;
        loop {
            match self.c.peek() {
                None | Some(b'\n') => {
                    return Err(LabError::new(ora::MISSING_DOUBLE_QUOTE, pos));
                }
                Some(b'"') => break,
                Some(_) => self.c.bump(),
            }
        }
        let name = self.text.get(from..self.c.i).unwrap_or("").to_string();
        self.c.bump();
        if name.is_empty() {
            return Err(LabError::new(ora::ZERO_LENGTH_IDENTIFIER, pos));
        }
        if name.len() > MAX_IDENT_BYTES {
            return Err(LabError::new(ora::IDENTIFIER_TOO_LONG, pos));
        }
        Ok(Tok::Ident { name, quoted: true })
    }
}

/// Position of byte offset `off` in `text`, where `text` starts at `base`.
/// Linear in `off`; used for occasional positions (errors, SQL*Plus words).
pub(crate) fn pos_in(text: &str, base: Pos, off: usize) -> Pos {
    let mut c = Cursor::new(text, base);
    c.advance_to(off);
    c.pos()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        tokenize(s, Pos { line: 1, column: 1 }, LexOptions::default()).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_and_ranges() {
        let num = |s: &str| Tok::Number(Number::parse(s).unwrap());
        assert_eq!(kinds("1..10"), vec![num("1"), Tok::DotDot, num("10"), Tok::Eof]);
        assert_eq!(kinds("1e3 .5 2."), vec![num("1000"), num(".5"), num("2"), Tok::Eof]);
        assert_eq!(kinds("100M")[1], Tok::Ident { name: "M".into(), quoted: false });
    }

    #[test]
    fn strings() {
        assert_eq!(kinds("'it''s'")[0], Tok::Str("it's".into()));
        assert_eq!(kinds("q'[a'b]'")[0], Tok::Str("a'b".into()));
        assert!(matches!(&kinds("'abc")[0], Tok::Error(e) if e.is(crate::ora::QUOTED_STRING_NOT_TERMINATED)));
    }

    #[test]
    fn hints_only_after_keywords() {
        let t = kinds("select /*+ full(t) */ 1 /*+ x */");
        assert_eq!(t[1], Tok::Hint(" full(t) ".into()));
        assert_eq!(t.len(), 4);
    }

    #[test]
    fn positions_are_absolute() {
        let t = tokenize("a\n  bé c", Pos { line: 3, column: 5 }, LexOptions::default());
        assert_eq!(t[0].pos, Pos { line: 3, column: 5 });
        assert_eq!(t[1].pos, Pos { line: 4, column: 3 });
        assert_eq!(t[2].pos, Pos { line: 4, column: 6 });
        assert_eq!(t[3].pos, Pos { line: 4, column: 7 }); // Eof after `c`
    }
}
