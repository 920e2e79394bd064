//! ACCEPT with a DEFAULT, and DOC[UMENT] blocks: two SQL*Plus commands of
//! published scripts that need no terminal.

use super::words::{abbrev, unquote};
use super::Vars;
use lio_sql::ast::Pos;
use lio_sql::LabError;

/// `ACC[EPT] variable [NUM[BER]|CHAR|DATE|BINARY_FLOAT|BINARY_DOUBLE]
/// [FOR[MAT] f] [DEF[AULT] value] [PROMPT text|NOPR[OMPT]] [HIDE]`. A
/// script run in the lab has no one to answer, so the answer is the
/// DEFAULT, as when the user presses Enter: the variable is DEFINEd to it
/// and the PROMPT text is shown. Without a DEFAULT the command is refused.
pub(super) fn accept(vars: &mut Vars, t: &[(usize, &str)], at: impl Fn(usize) -> Pos) -> Result<Vec<String>, LabError> {
    let Some(&(_, name)) = t.get(1) else {
        return Err(LabError::unsupported("ACCEPT without a variable", at(0)));
    };
    let up = |k: usize| t.get(k).map(|&(_, w)| w.to_ascii_uppercase()).unwrap_or_default();
    let (mut default, mut prompt) = (None, None);
    let mut k = 2;
    while k < t.len() {
        let w = up(k);
        if abbrev(&w, "DEFAULT", 3) {
            default = t.get(k + 1).map(|&(_, v)| unquote(v).to_string());
            k += 2;
        } else if w == "PROMPT" || abbrev(&w, "FORMAT", 3) {
            if w == "PROMPT" {
                prompt = t.get(k + 1).map(|&(_, v)| unquote(v).to_string());
            }
            k += 2;
        } else {
            // NUMBER, CHAR, DATE, BINARY_FLOAT, BINARY_DOUBLE, NOPROMPT, HIDE.
            k += 1;
        }
    }
    let Some(value) = default else {
        return Err(LabError::unsupported("ACCEPT without DEFAULT (a lab script has no one to answer)", at(0)));
    };
    vars.defines.insert(name.to_ascii_uppercase(), value);
    Ok(prompt.into_iter().collect())
}

/// A DOC[UMENT] block's lines after the command, the closing `#` included,
/// as SQL*Plus echoes them under SET DOCUMENT ON: behind its `DOC>` prompt.
pub(super) fn document(text: &str, on: bool) -> Vec<String> {
    if !on {
        return Vec::new();
    }
    text.lines().skip(1).map(|l| format!("DOC>{l}")).collect()
}
