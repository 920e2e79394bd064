//! A pasted SQL*Plus transcript back into the script that produced it.
//!
//! SQL*Plus itself runs a transcript line by line: `SQL> select ...` is an
//! unknown command (SP2-0734), `  2  from t` is its line editor, and each
//! output line is one more unknown command. What the user meant is the
//! script, so the editor can offer [`strip`]: it keeps what was typed at
//! the prompts and drops the rest, and says how much of each it removed.
//!
//! It is conservative:
//! - nothing changes unless some line starts with the `SQL>` prompt;
//! - lines before the first prompt are kept as they are (a script the
//!   transcript was pasted after, or a banner the user can see);
//! - after a prompt, a line is a continuation line only while the statement
//!   typed at the prompt is unfinished and the line starts with the next
//!   line number (`  2  `, `  3  `, ...); every other line up to the next
//!   prompt is output and is removed;
//! - a statement is finished by a `;` at the end of a SQL line, by a `/`
//!   line, or (SQL only) by an empty numbered line, as in SQL*Plus; a
//!   SQL*Plus command is one line; a PL/SQL block ends at its `/` line.

use crate::splitter::{split_script, UnitKind};

/// [`strip`]'s result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stripped {
    /// The script: what was typed at the prompts (or the text unchanged
    /// when it is no transcript).
    pub script: String,
    /// Some line started with `SQL>`.
    pub transcript: bool,
    /// `SQL>` prompts taken off the start of a line.
    pub removed_prompts: usize,
    /// Line numbers (`  2  `) taken off continuation lines.
    pub removed_line_numbers: usize,
    /// Output lines removed (rows, headings, feedback, errors, plans);
    /// blank output lines are removed too but not counted.
    pub removed_output_lines: usize,
}

const PROMPT: &str = "SQL>";

/// How the statement typed at the last prompt ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    /// Finished: what follows is output.
    Done,
    /// SQL: ends with `;`, a `/` line or an empty line.
    Sql,
    /// PL/SQL: ends with a `/` line.
    Plsql,
}

/// Detect a SQL*Plus transcript in `text` and strip its prompts, line
/// numbers and output (see the module documentation).
pub fn strip(text: &str) -> Stripped {
    let lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    if !lines.iter().any(|l| l.starts_with(PROMPT)) {
        return Stripped { script: text.to_string(), ..Default::default() };
    }
    let mut out = Stripped { transcript: true, ..Default::default() };
    let mut kept: Vec<&str> = Vec::with_capacity(lines.len());
    let mut seen_prompt = false;
    let mut open = Open::Done;
    let mut next = 2u64;
    // The statement typed so far, to tell SQL from PL/SQL from SQL*Plus.
    let mut typed = String::new();
    for line in lines {
        if let Some(rest) = line.strip_prefix(PROMPT) {
            seen_prompt = true;
            out.removed_prompts += 1;
            let content = rest.strip_prefix(' ').unwrap_or(rest);
            next = 2;
            typed.clear();
            typed.push_str(content);
            open = if content.trim().is_empty() { Open::Done } else { opening(content) };
            if content.trim().is_empty() {
                continue;
            }
            kept.push(content);
            continue;
        }
        if !seen_prompt {
            kept.push(line);
            continue;
        }
        if open != Open::Done {
            if let Some(content) = numbered(line, next) {
                out.removed_line_numbers += 1;
                next += 1;
                typed.push('\n');
                typed.push_str(content);
                if typed.lines().count() == 2 && open == Open::Sql {
                    // The first line alone may not say (CREATE OR REPLACE / PROCEDURE).
                    open = opening(&typed);
                }
                let t = content.trim();
                open = match open {
                    _ if t == "/" => Open::Done,
                    Open::Sql if t.is_empty() || t.ends_with(';') => Open::Done,
                    o => o,
                };
                kept.push(content);
                continue;
            }
        }
        open = Open::Done;
        if !line.trim().is_empty() {
            out.removed_output_lines += 1;
        }
    }
    out.script = kept.join("\n");
    if text.ends_with('\n') && !out.script.is_empty() {
        out.script.push('\n');
    }
    out
}

/// How a statement that starts with `content` ends.
fn opening(content: &str) -> Open {
    let t = content.trim();
    let Some(unit) = split_script(content).into_iter().next() else { return Open::Done };
    match unit.kind {
        UnitKind::SqlPlus => Open::Done,
        UnitKind::Plsql => {
            if t == "/" {
                Open::Done
            } else {
                Open::Plsql
            }
        }
        UnitKind::Sql | UnitKind::Lab => {
            // One line that ends with `;` is finished (a `;` at the end of
            // a line inside a comment or string is rare enough in a
            // transcript to leave).
            if content.lines().count() == 1 && t.ends_with(';') {
                Open::Done
            } else {
                Open::Sql
            }
        }
    }
}

/// The line's text after its line number, when it starts with `n`
/// (right-aligned in three columns by SQL*Plus, but blogs often lose the
/// leading blanks): up to two blanks after the number are part of it.
fn numbered(line: &str, n: u64) -> Option<&str> {
    let t = line.trim_start_matches(' ');
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 || t.get(..digits)?.parse::<u64>().ok()? != n {
        return None;
    }
    let rest = t.get(digits..)?;
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return None;
    }
    let mut r = rest;
    for _ in 0..2 {
        r = r.strip_prefix(' ').unwrap_or(r);
    }
    Some(r.strip_prefix('\t').unwrap_or(r))
}
