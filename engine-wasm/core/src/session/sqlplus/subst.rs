//! Substitution variables (`&name`, `&&name`) and the client state they live in.

use super::*;

use crate::session::types::Vars;

/// A unit's text with its substitution variables replaced, line by line
/// as SQL*Plus does, and SET VERIFY's `old`/`new` lines (SQL and PL/SQL
/// only); None when there is nothing to replace. An undefined variable is
/// refused where it is (SQL*Plus would prompt for it).
pub(crate) fn substitute_unit(vars: &Vars, u: &ScriptUnit) -> Result<Option<(String, Vec<String>)>, LabError> {
    let Some(amp) = vars.define_char else { return Ok(None) };
    if !u.text.contains(amp) || is_remark(&u.text) {
        return Ok(None);
    }
    let mut out = String::with_capacity(u.text.len());
    let mut verify = Vec::new();
    let mut line_start = 0;
    for (n, line) in u.text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        let new = substitute_line(vars, amp, line).map_err(|(name, off)| {
            let at = pos_at(&u.text, u.pos, line_start + off);
            if name.starts_with(|c: char| c.is_ascii_digit()) {
                LabError::unsupported(
                    format!(
                        "script arguments (&{name}); the lab passes none to a script: DEFINE {name} before its use"
                    ),
                    at,
                )
            } else {
                LabError::with_args(ora::LAB_SUBSTITUTION_UNDEFINED, &[&name, &name, &name], at)
            }
        })?;
        if new != line && vars.verify && matches!(u.kind, UnitKind::Sql | UnitKind::Plsql) {
            verify.push(format!("old {:>3}: {line}", n + 1));
            verify.push(format!("new {:>3}: {new}", n + 1));
        }
        out.push_str(&new);
        line_start += line.len() + 1;
    }
    Ok((out != u.text).then_some((out, verify)))
}

/// REM[ARK] lines and DOC[UMENT] blocks are never scanned for variables.
fn is_remark(text: &str) -> bool {
    let w: String = text.trim_start().chars().take_while(char::is_ascii_alphabetic).collect();
    let w = w.to_ascii_uppercase();
    abbrev(&w, "REMARK", 3) || abbrev(&w, "DOCUMENT", 3)
}

/// One line with `&name`, `&&name` and `&name.` replaced; Err names the
/// first undefined variable and its byte offset.
fn substitute_line(vars: &Vars, amp: char, line: &str) -> Result<String, (String, usize)> {
    let mut out = String::with_capacity(line.len());
    let mut it = line.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if Some(c) == vars.escape_char && it.peek().map(|&(_, n)| n) == Some(amp) {
            it.next();
            out.push(amp);
            continue;
        }
        if c != amp {
            out.push(c);
            continue;
        }
        let mut start = i + c.len_utf8();
        if line[start..].starts_with(amp) {
            start += amp.len_utf8();
        }
        let name_len = line[start..].bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
        if name_len == 0 {
            out.push_str(&line[i..start]);
            while it.peek().is_some_and(|&(j, _)| j < start) {
                it.next();
            }
            continue;
        }
        let name = &line[start..start + name_len];
        let Some(value) = vars.defines.get(&name.to_ascii_uppercase()) else {
            return Err((name.to_string(), i));
        };
        out.push_str(value);
        let mut end = start + name_len;
        if let Some(cc) = vars.concat_char.filter(|&cc| line[end..].starts_with(cc)) {
            end += cc.len_utf8();
        }
        while it.peek().is_some_and(|&(j, _)| j < end) {
            it.next();
        }
    }
    Ok(out)
}
