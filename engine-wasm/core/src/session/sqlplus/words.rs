//! The words of a SQL*Plus command line: tokens, abbreviations, positions.

use lio_sql::ast::Pos;

/// Does `word` (upper case) abbreviate `full` to at least `min` characters?
pub(super) fn abbrev(word: &str, full: &str, min: usize) -> bool {
    word.len() >= min && full.starts_with(word)
}

/// The position of byte `off` of `text`, a unit that starts at `pos`.
pub(super) fn pos_at(text: &str, pos: Pos, off: usize) -> Pos {
    let before = text.get(..off).unwrap_or(text);
    match before.rfind('\n') {
        None => Pos { line: pos.line, column: pos.column + before.chars().count() as u32 },
        Some(nl) => Pos {
            line: pos.line + before.matches('\n').count() as u32,
            column: before[nl + 1..].chars().count() as u32 + 1,
        },
    }
}

/// The tokens of a SQL*Plus command line with their byte offsets: words
/// split at blanks, a `'...'` or `"..."` token kept whole (quotes
/// included), a ` -` line continuation dropped.
pub(super) fn tokens(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let from = i;
        if i < b.len() && (b[i] == b'\'' || b[i] == b'"') {
            let q = b[i];
            i += 1;
            while i < b.len() && b[i] != q {
                i += 1;
            }
            i = (i + 1).min(b.len());
        }
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i > from {
            let w = &text[from..i];
            if w != "-" {
                out.push((from, w));
            }
        }
    }
    out
}

/// A token without its enclosing quotes.
pub(super) fn unquote(w: &str) -> &str {
    for q in ['\'', '"'] {
        if let Some(inner) = w.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    w
}
