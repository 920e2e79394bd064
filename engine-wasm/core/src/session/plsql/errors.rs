//! Stored programs' compile errors as Oracle shows them: the rows of
//! USER_ERRORS, and SQL*Plus's SHOW ERRORS listing of them.

use super::super::*;
use crate::instance::PlsqlError;

/// SQL*Plus's width of SHOW ERRORS' ERROR column (its text word-wrapped
/// to it), and of LINE/COL.
const ERROR_WIDTH: usize = 65;
const LINE_COL_WIDTH: usize = 8;

/// The message number USER_ERRORS gives a line (`PLS-00201` is 201;
/// `PL/SQL: ...` lines 0): SHOW ERRORS orders by it after the position.
fn message_number(e: &PlsqlError) -> u32 {
    e.text.strip_prefix("PLS-").and_then(|r| r.get(..5)).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// `text` word-wrapped to `width` columns (a word longer than that cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        let len = |s: &str| s.chars().count();
        if !line.is_empty() && len(&line) + 1 + len(&word) > width {
            lines.push(std::mem::take(&mut line));
        }
        while len(&word) > width {
            let cut: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(cut);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    lines.push(line);
    lines
}

impl Run<'_> {
    fn program_type(&self, name: &str) -> &'static str {
        match self.inst.programs.get(name) {
            Some(p) if p.returns.is_some() => "FUNCTION",
            _ => "PROCEDURE",
        }
    }

    /// USER_ERRORS: each program's errors in the order they were found.
    pub(in crate::session) fn error_rows(&self) -> Vec<Vec<Value>> {
        let mut rows = Vec::new();
        for (name, errors) in &self.inst.program_errors {
            let kind = self.program_type(name);
            for (i, e) in errors.iter().enumerate() {
                rows.push(vec![
                    Value::str(name),
                    Value::str(kind),
                    Value::from_f64((i + 1) as f64),
                    Value::from_f64(e.line as f64),
                    Value::from_f64(e.position as f64),
                    Value::str(&e.text),
                    Value::str("ERROR"),
                ]);
            }
        }
        rows
    }

    /// SQL*Plus `SHOW ERRORS [PROCEDURE|FUNCTION name]` (`what`: empty,
    /// or the type and the name): the last program the session created
    /// when no name is given. An object the lab does not have, or another
    /// type, is refused at `pos`.
    pub(in crate::session) fn show_errors(&self, what: &str, pos: Pos) -> Result<Vec<String>, LabError> {
        let mut words = what.split_whitespace();
        let (kind, name) = match (words.next(), words.next(), words.next()) {
            (None, ..) => match &self.s.last_compiled {
                Some(n) if self.inst.programs.contains_key(n) => (self.program_type(n), n.clone()),
                // Before any CREATE of the session: refused as before.
                _ => return Err(LabError::unsupported("SHOW ERRORS", pos)),
            },
            (Some(kind @ ("PROCEDURE" | "FUNCTION")), Some(n), None) => match self.inst.programs.get(n) {
                Some(_) if self.program_type(n) == kind => (self.program_type(n), n.to_string()),
                _ => {
                    return Err(LabError::unsupported(
                        format!("SHOW ERRORS of {kind} {n}, which the lab does not have"),
                        pos,
                    ))
                }
            },
            _ => return Err(LabError::unsupported(format!("SHOW ERRORS{what}"), pos)),
        };
        let Some(errors) = self.inst.program_errors.get(&name) else {
            return Ok(vec!["No errors.".into()]);
        };
        let mut sorted: Vec<&PlsqlError> = errors.iter().collect();
        sorted.sort_by_key(|e| (e.line, e.position, message_number(e)));
        let mut out = vec![format!("Errors for {kind} {name}:"), String::new()];
        out.push(format!("{:<LINE_COL_WIDTH$} ERROR", "LINE/COL"));
        out.push(format!("{} {}", "-".repeat(LINE_COL_WIDTH), "-".repeat(ERROR_WIDTH)));
        for e in sorted {
            let at = format!("{}/{}", e.line, e.position);
            for (i, part) in wrap(&e.text, ERROR_WIDTH).into_iter().enumerate() {
                let left = if i == 0 { at.as_str() } else { "" };
                out.push(format!("{left:<LINE_COL_WIDTH$} {part}").trim_end().to_string());
            }
        }
        Ok(out)
    }
}

/// The errors of an anonymous block as one ORA-06550 error stack.
pub(super) fn error_stack(errors: &[PlsqlError], at: Pos) -> LabError {
    let mut rest = errors[0].text.clone();
    for e in &errors[1..] {
        rest.push_str(&format!("\n{}: line {}, column {}:\n{}", ora::PLSQL_ERROR.code(), e.line, e.position, e.text));
    }
    LabError::with_args(ora::PLSQL_COMPILATION_ERROR, &[&errors[0].line, &errors[0].position, &rest], at)
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_at_word_boundaries() {
        let t = "one two three four";
        assert_eq!(wrap(t, 9), vec!["one two", "three", "four"]);
        assert_eq!(wrap(t, 13), vec!["one two three", "four"]);
        assert_eq!(wrap("abcdef", 4), vec!["abcd", "ef"]);
    }
}
