//! COLUMN, DEFINE and the format models they accept.

use super::*;

/// COLUMN ... FORMAT and SET NUMFORMAT: `An`, or a number format of `9`,
/// `0`, `,`, `.` with `$`, `B`, `S` (first or last), `MI` (last) and `FM`
/// (first), which the text formatters apply. Err: the LAB-00001 or SP2-0246
/// refusal.
pub(super) fn check_format(fmt: &str, pos: Pos) -> Result<(), LabError> {
    let up = fmt.to_ascii_uppercase();
    if let Some(n) = up.strip_prefix('A') {
        return match n.parse::<u32>() {
            Ok(1..=32767) => Ok(()),
            _ => Err(LabError::sp2(ora::SP2_ILLEGAL_FORMAT, &[&fmt], pos)),
        };
    }
    let mut body = up.strip_prefix("FM").unwrap_or(&up);
    let mut sign = false;
    if let Some(b) = body.strip_suffix("MI").or_else(|| body.strip_suffix('S')) {
        body = b;
        sign = true;
    }
    loop {
        if let Some(b) = body.strip_prefix('$').or_else(|| body.strip_prefix('B')) {
            body = b;
        } else if let Some(b) = body.strip_prefix('S').filter(|_| !sign) {
            body = b;
            sign = true;
        } else {
            break;
        }
    }
    let digits = body.bytes().filter(|b| matches!(b, b'9' | b'0')).count();
    let dots = body.matches('.').count();
    let valid = digits > 0
        && dots <= 1
        && body.bytes().all(|b| matches!(b, b'9' | b'0' | b',' | b'.'))
        && !body.starts_with(',')
        && !body.split('.').nth(1).is_some_and(|f| f.contains(','));
    if valid {
        return Ok(());
    }
    if up.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b',' | b'.' | b'$')) {
        return Err(LabError::unsupported(format!("the number format {fmt} in SQL*Plus"), pos));
    }
    Err(LabError::sp2(ora::SP2_ILLEGAL_FORMAT, &[&fmt], pos))
}

/// `DEFINE`, `DEFINE name`, `DEFINE name = value` (value as one word or
/// quoted).
pub(super) fn define(
    vars: &mut Vars,
    text: &str,
    t: &[(usize, &str)],
    at: impl Fn(usize) -> Pos,
) -> Result<Vec<String>, LabError> {
    let Some(&(off, _)) = t.get(1) else {
        return Err(LabError::unsupported("DEFINE without a variable (the list of every variable)", at(0)));
    };
    let rest = &text[off..];
    let Some(eq) = rest.find('=') else {
        let name = t[1].1;
        if t.len() > 2 {
            return Err(LabError::unsupported(format!("DEFINE {}", t[2].1), at(2)));
        }
        return match vars.defines.get(&name.to_ascii_uppercase()) {
            Some(v) => Ok(vec![format!("DEFINE {:<15} = \"{v}\" (CHAR)", name.to_ascii_uppercase())]),
            None => Err(LabError::sp2(ora::SP2_SYMBOL_UNDEFINED, &[&name], at(1))),
        };
    };
    let name = rest[..eq].trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(LabError::unsupported(format!("DEFINE {}", rest.trim()), at(1)));
    }
    let value = rest[eq + 1..].trim();
    let value_at = pos_at(text, at(0), off + eq + 1 + (rest[eq + 1..].len() - rest[eq + 1..].trim_start().len()));
    let v = tokens(value);
    let value = match v.as_slice() {
        [] => "",
        [(_, one)] => unquote(one),
        _ => {
            return Err(LabError::unsupported(
                "DEFINE with an unquoted value of several words (quote it: DEFINE x = 'a b')",
                value_at,
            ))
        }
    };
    vars.defines.insert(name.to_ascii_uppercase(), value.to_string());
    Ok(Vec::new())
}

/// `COL[UMN] name option ...`: FORMAT, HEADING, NOPRINT / PRINT,
/// NEW_VALUE and CLEAR; other options are refused (LAB-00001), unknown
/// ones are SP2-0158.
pub(super) fn column(
    st: &mut crate::result::SettingsOut,
    vars: &mut Vars,
    t: &[(usize, &str)],
    at: impl Fn(usize) -> Pos,
) -> Result<(), LabError> {
    let Some(&(_, raw)) = t.get(1) else {
        return Err(LabError::unsupported("COLUMN without a column (the list of every column's settings)", at(0)));
    };
    if t.len() == 2 {
        return Err(LabError::unsupported("COLUMN name alone (the list of its settings)", at(1)));
    }
    let name = unquote(raw).to_ascii_uppercase();
    let mut k = 2;
    while let Some(&(_, w)) = t.get(k) {
        let opt = w.to_ascii_uppercase();
        let arg = |k: usize| -> Result<&str, LabError> {
            t.get(k + 1)
                .map(|&(_, a)| a)
                .ok_or_else(|| LabError::unsupported(format!("COLUMN ... {w} without a value"), at(k)))
        };
        if abbrev(&opt, "FORMAT", 3) {
            let f = unquote(arg(k)?);
            check_format(f, at(k + 1))?;
            st.column_formats.insert(name.clone(), f.to_string());
            k += 2;
        } else if abbrev(&opt, "HEADING", 3) {
            st.column_headings.insert(name.clone(), unquote(arg(k)?).to_string());
            k += 2;
        } else if abbrev(&opt, "NEW_VALUE", 5) {
            vars.new_values.insert(name.clone(), unquote(arg(k)?).to_ascii_uppercase());
            k += 2;
        } else if abbrev(&opt, "NOPRINT", 5) {
            st.column_noprint.insert(name.clone());
            k += 1;
        } else if abbrev(&opt, "PRINT", 3) {
            st.column_noprint.remove(&name);
            k += 1;
        } else if abbrev(&opt, "CLEAR", 3) {
            st.column_formats.remove(&name);
            st.column_headings.remove(&name);
            st.column_noprint.remove(&name);
            vars.new_values.remove(&name);
            k += 1;
        } else if [
            ("ALIAS", 3),
            ("ENTMAP", 3),
            ("FOLD_AFTER", 6),
            ("FOLD_BEFORE", 6),
            ("JUSTIFY", 3),
            ("LIKE", 4),
            ("NEWLINE", 4),
            ("NULL", 3),
            ("OLD_VALUE", 5),
            ("ON", 2),
            ("OFF", 3),
            ("TRUNCATED", 3),
            ("WORD_WRAPPED", 3),
            ("WRAPPED", 3),
        ]
        .iter()
        .any(|&(full, min)| abbrev(&opt, full, min))
        {
            return Err(LabError::unsupported(format!("COLUMN ... {opt}"), at(k)));
        } else {
            return Err(LabError::sp2(ora::SP2_UNKNOWN_OPTION, &[&"COLUMN", &w], at(k)));
        }
    }
    Ok(())
}

/// A text literal selected on its own is CHAR of its length, and SQL*Plus
/// shows it that wide, its heading cut to that (`select 'x' from dual`
/// heads its column `'`, `'hello'` heads it `'HELL`): the literal as the
/// parser saw it, not a call folded to a text (`lower('Ab')` is not CHAR(2)).
/// Known for a query whose select items are one column each.
pub(in crate::session) fn literal_widths(q: &Query, widths: &mut [u32]) {
    if !q.union_all.is_empty() || q.select.len() != widths.len() {
        return;
    }
    for (item, w) in q.select.iter().zip(widths.iter_mut()) {
        match item {
            SelectItem::Expr { expr: Expr::String(s, _), .. } if !s.is_empty() => *w = s.chars().count() as u32,
            SelectItem::Expr { .. } => {}
            _ => return,
        }
    }
}
