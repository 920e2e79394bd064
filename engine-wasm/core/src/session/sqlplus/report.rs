//! BREAK and COMPUTE: the settings the text formatter's report layout
//! applies (break columns, SKIP, duplicates, summary lines).
//! SQL*Plus User's Guide, BREAK and COMPUTE
//! (https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/BREAK.html).

use super::*;
use crate::result::{BreakOut, ComputeOut, SettingsOut};

/// COMPUTE's functions in the order SQL*Plus prints them: (keyword,
/// shortest abbreviation, default label).
const FUNCTIONS: [(&str, usize, &str); 6] = [
    ("AVG", 3, "avg"),
    ("COUNT", 3, "count"),
    ("MINIMUM", 3, "minimum"),
    ("MAXIMUM", 3, "maximum"),
    ("NUMBER", 3, "number"),
    ("SUM", 3, "sum"),
];

/// The `k`th word of a command, upper-cased ("" past the end).
fn upper_at(t: &[(usize, &str)], k: usize) -> String {
    t.get(k).map(|&(_, w)| w.to_ascii_uppercase()).unwrap_or_default()
}

/// A column name as BREAK and COMPUTE name it: upper case unless quoted.
fn column_name(w: &str) -> String {
    if w.starts_with('"') {
        unquote(w).to_string()
    } else {
        w.to_ascii_uppercase()
    }
}

/// `BRE[AK] [ON {column | REPORT} [SKI[P] n] [NODUP[LICATES] | DUP[LICATES]]] ...`;
/// a new BREAK replaces the last. With no clauses SQL*Plus lists the
/// definition: SP2-0015 when there is none, the listing itself refused.
pub(super) fn break_command(
    st: &mut SettingsOut,
    t: &[(usize, &str)],
    at: impl Fn(usize) -> Pos,
) -> Result<(), LabError> {
    let up = |k: usize| upper_at(t, k);
    if t.len() == 1 {
        if st.breaks.is_empty() {
            return Err(LabError::sp2(ora::SP2_NO_BREAKS, &[], at(0)));
        }
        return Err(LabError::unsupported("BREAK with no clauses (the listing of the break definition)", at(0)));
    }
    let mut breaks: Vec<BreakOut> = Vec::new();
    let mut k = 1;
    while k < t.len() {
        match up(k).as_str() {
            "ON" => {}
            "BY" | "ACROSS" => return Err(LabError::unsupported(format!("BREAK {}", t[k].1), at(k))),
            _ => return Err(LabError::sp2(ora::SP2_BREAK_NEEDS_ON, &[], at(k))),
        }
        let Some(&(_, col)) = t.get(k + 1) else {
            return Err(LabError::unsupported("BREAK ON without a column", at(k)));
        };
        let on = column_name(col);
        if on == "ROW" {
            return Err(LabError::unsupported("BREAK ON ROW", at(k + 1)));
        }
        let mut b = BreakOut { on, skip: 0, duplicates: false };
        k += 2;
        while k < t.len() && up(k) != "ON" {
            let w = up(k);
            if abbrev(&w, "SKIP", 3) {
                match up(k + 1).parse::<u32>() {
                    Ok(n) if n <= 100 => b.skip = n,
                    _ if up(k + 1) == "PAGE" => return Err(LabError::unsupported("BREAK ... SKIP PAGE", at(k + 1))),
                    _ => return Err(LabError::unsupported(format!("BREAK ... SKIP {}", up(k + 1)), at(k + 1))),
                }
                k += 2;
            } else if w == "PAGE" {
                return Err(LabError::unsupported("BREAK ... PAGE", at(k)));
            } else if abbrev(&w, "NODUPLICATES", 5) {
                b.duplicates = false;
                k += 1;
            } else if abbrev(&w, "DUPLICATES", 3) {
                b.duplicates = true;
                k += 1;
            } else {
                return Err(LabError::unsupported(format!("BREAK ... {}", t[k].1), at(k)));
            }
        }
        if b.on == "REPORT" && (b.skip > 0 || b.duplicates) {
            return Err(LabError::unsupported("BREAK ON REPORT with SKIP or DUPLICATES", at(k - 1)));
        }
        breaks.retain(|o| o.on != b.on);
        breaks.push(b);
    }
    st.breaks = breaks;
    Ok(())
}

/// `COMP[UTE] function [LAB[EL] text] ... OF column ... ON {column | REPORT} ...`
/// with AVG, COU[NT], MIN[IMUM], MAX[IMUM], NUM[BER], SUM; a COMPUTE of a
/// column on a break replaces the last one of that pair.
pub(super) fn compute_command(
    st: &mut SettingsOut,
    t: &[(usize, &str)],
    at: impl Fn(usize) -> Pos,
) -> Result<(), LabError> {
    let up = |k: usize| upper_at(t, k);
    if t.len() == 1 {
        return Err(LabError::unsupported("COMPUTE with no clauses (the listing of the definitions)", at(0)));
    }
    let mut functions: Vec<(usize, String)> = Vec::new();
    let mut k = 1;
    while k < t.len() && up(k) != "OF" {
        let w = up(k);
        let Some(f) = FUNCTIONS.iter().position(|(full, min, _)| abbrev(&w, full, *min)) else {
            if abbrev(&w, "STD", 3) || abbrev(&w, "VARIANCE", 3) {
                return Err(LabError::unsupported(format!("COMPUTE {}", t[k].1), at(k)));
            }
            return Err(LabError::unsupported(format!("COMPUTE ... {}", t[k].1), at(k)));
        };
        let mut label = FUNCTIONS[f].2.to_string();
        k += 1;
        if abbrev(&up(k), "LABEL", 3) {
            let Some(&(_, l)) = t.get(k + 1) else {
                return Err(LabError::unsupported("COMPUTE ... LABEL without a text", at(k)));
            };
            label = unquote(l).to_string();
            k += 2;
        }
        functions.retain(|(g, _)| *g != f);
        functions.push((f, label));
    }
    if functions.is_empty() || up(k) != "OF" {
        return Err(LabError::unsupported("COMPUTE without a function and OF", at(k.min(t.len() - 1))));
    }
    k += 1;
    let mut of = Vec::new();
    while k < t.len() && up(k) != "ON" {
        of.push(column_name(t[k].1));
        k += 1;
    }
    if of.is_empty() || k + 1 >= t.len() {
        return Err(LabError::unsupported("COMPUTE ... OF column ... ON", at(k.min(t.len() - 1))));
    }
    let mut on = Vec::new();
    for (j, &(_, w)) in t.iter().enumerate().skip(k + 1) {
        let name = column_name(w);
        if name == "ROW" {
            return Err(LabError::unsupported("COMPUTE ... ON ROW", at(j)));
        }
        on.push(name);
    }
    functions.sort_by_key(|(f, _)| *f);
    let functions: Vec<[String; 2]> =
        functions.into_iter().map(|(f, label)| [FUNCTIONS[f].2.to_string(), label]).collect();
    for on in &on {
        for of in &of {
            st.computes.retain(|c| !(c.of == *of && c.on == *on));
            st.computes.push(ComputeOut { of: of.clone(), on: on.clone(), functions: functions.clone() });
        }
    }
    Ok(())
}
