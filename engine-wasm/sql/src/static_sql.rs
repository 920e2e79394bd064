//! The text of PL/SQL static SQL as the PL/SQL compiler hands it to the
//! SQL engine: the cursor's identity in the library cache and the text
//! V$SQL shows.
//!
//! The compiler rewrites a static `SELECT ... INTO` or a cursor FOR loop's
//! query: everything outside string literals and quoted identifiers is
//! upper-cased, comments go (hints stay), each run of blanks and line
//! breaks becomes one blank, the INTO clause goes, and every PL/SQL
//! variable becomes a bind `:B1`, `:B2`, ... (one number per variable; the
//! last variable to appear first is `:B1`, as in the 9i trace of
//! <http://what-when-how.com/Tutorial/topic-416hpkvq3/Secrets-of-the-Oracle-Database-329.html>,
//! where `sal`, `hired`, `dname` become `:b3`, `:b2`, `:b1`). So
//! `select max(emp_salary) into v_max from T1 where emp_id < v_id` is
//! `SELECT MAX(EMP_SALARY) FROM T1 WHERE EMP_ID < :B1`
//! (<https://www.orafaq.com/forum/t/204255/>).

use crate::ast::Pos;
use crate::lexer::{tokenize, LexOptions, Tok};

/// The normalized text of the static query `text` (which starts at `base`
/// in the script). `var_refs` are the positions of the names that resolved
/// to PL/SQL variables (for a record field `r.f`, the position of `r`).
/// Returns the text and, per bind number (`:B1` first), the variable's
/// name as written upper-cased (`R.F` for a record field).
pub fn plsql_static_text(text: &str, base: Pos, var_refs: &[Pos]) -> (String, Vec<String>) {
    let toks = tokenize(text, base, LexOptions::default());
    // The INTO clause: from INTO at depth 0 to the FROM at depth 0.
    let mut skip = (usize::MAX, usize::MAX);
    let mut depth = 0i32;
    for (i, t) in toks.iter().enumerate() {
        match &t.tok {
            Tok::LParen => depth += 1,
            Tok::RParen => depth -= 1,
            // `BULK COLLECT INTO` goes whole.
            Tok::Ident { name, quoted: false }
                if depth == 0
                    && (name == "INTO" || name == "BULK" && collect_next(&toks, i))
                    && skip.0 == usize::MAX =>
            {
                skip.0 = i;
            }
            Tok::Ident { name, quoted: false } if depth == 0 && name == "FROM" => {
                if skip.0 != usize::MAX {
                    skip.1 = i;
                }
                break;
            }
            _ => {}
        }
    }
    // Pieces of the text: each variable reference is one piece.
    enum Piece {
        Text(String),
        Var(String),
    }
    let mut pieces: Vec<(Piece, bool)> = Vec::new(); // (piece, blank before)
    let mut prev_end: Option<usize> = None;
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if matches!(t.tok, Tok::Eof | Tok::Error(_)) {
            break;
        }
        if i >= skip.0 && i < skip.1 {
            i += 1;
            continue;
        }
        let gap = prev_end.is_some_and(|e| e < t.start) || (i == skip.1 && i > 0);
        let slice = text.get(t.start..t.end).unwrap_or("");
        let after_dot = i > 0 && matches!(toks[i - 1].tok, Tok::Dot);
        let mut end = t.end;
        let piece = match &t.tok {
            Tok::Ident { name, quoted } if !after_dot && var_refs.contains(&t.pos) => {
                // A record field `r.f` is one variable.
                let mut var = if *quoted { name.clone() } else { name.to_uppercase() };
                if matches!(toks.get(i + 1).map(|t| &t.tok), Some(Tok::Dot)) {
                    if let Some(Tok::Ident { name: f, .. }) = toks.get(i + 2).map(|t| &t.tok) {
                        var = format!("{var}.{f}");
                        end = toks[i + 2].end;
                        i += 2;
                    }
                }
                Piece::Var(var)
            }
            Tok::Ident { quoted: false, .. } | Tok::Bind(_) | Tok::Number(_) => Piece::Text(slice.to_uppercase()),
            Tok::Hint(h) if !slice.starts_with("/*+") => Piece::Text(format!("/*+ {} */", h.trim())),
            _ => Piece::Text(slice.to_string()),
        };
        pieces.push((piece, gap));
        prev_end = Some(end);
        i += 1;
    }
    // Bind numbers: the variables in order of first appearance, the last
    // one :B1.
    let mut vars: Vec<String> = Vec::new();
    for (p, _) in &pieces {
        if let Piece::Var(v) = p {
            if !vars.contains(v) {
                vars.push(v.clone());
            }
        }
    }
    vars.reverse();
    let mut out = String::with_capacity(text.len());
    for (p, gap) in &pieces {
        if *gap && !out.is_empty() {
            out.push(' ');
        }
        match p {
            Piece::Text(s) => out.push_str(s),
            Piece::Var(v) => {
                let n = vars.iter().position(|x| x == v).unwrap_or(0) + 1;
                out.push_str(&format!(":B{n}"));
            }
        }
    }
    (out, vars)
}

/// Whether the token after `i` is the word COLLECT.
fn collect_next(toks: &[crate::lexer::Token], i: usize) -> bool {
    matches!(toks.get(i + 1).map(|t| &t.tok), Some(Tok::Ident { name, quoted: false }) if name == "COLLECT")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: u32, column: u32) -> Pos {
        Pos { line, column }
    }

    #[test]
    fn into_goes_variables_become_binds() {
        let text = "select max(emp_salary) into v_max from T1 where emp_id < v_id";
        let (t, vars) = plsql_static_text(text, p(1, 1), &[p(1, 58)]);
        assert_eq!(t, "SELECT MAX(EMP_SALARY) FROM T1 WHERE EMP_ID < :B1");
        assert_eq!(vars, ["V_ID"]);
    }

    #[test]
    fn literals_kept_blanks_folded_last_variable_first() {
        let text = "select /*+ full(t) */ count(*)\n  into n -- the count\n  from t\n where a = x and b = 'Ab c' and c = y and d = x";
        // x at line 4 col 12 and col 47; y at col 37.
        let (t, vars) = plsql_static_text(text, p(1, 1), &[p(4, 12), p(4, 37), p(4, 47)]);
        assert_eq!(t, "SELECT /*+ full(t) */ COUNT(*) FROM T WHERE A = :B2 AND B = 'Ab c' AND C = :B1 AND D = :B2");
        assert_eq!(vars, ["Y", "X"]);
    }

    #[test]
    fn record_fields_are_one_variable() {
        let text = "select v from t where id = r.id";
        let (t, vars) = plsql_static_text(text, p(3, 5), &[p(3, 32)]);
        assert_eq!(t, "SELECT V FROM T WHERE ID = :B1");
        assert_eq!(vars, ["R.ID"]);
    }
}
