//! SQL*Plus command lines.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::{pos_in, LexOptions};
use crate::ora::{self, Entry};
use crate::splitter::{sqlplus_command, PlusCmd, ScriptUnit};
use std::fmt;

/// Words of a SQL*Plus line with their byte offsets; a `-` continuation
/// at the end of a line is dropped.
fn plus_words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let from = i;
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i > from {
            let w = text.get(from..i).unwrap_or("");
            // A `-` followed only by blanks up to a newline.
            let continuation = w == "-" && {
                let rest = text.get(i..).unwrap_or("");
                let blanks = rest.bytes().take_while(|&c| c != b'\n' && c.is_ascii_whitespace()).count();
                rest.as_bytes().get(blanks) == Some(&b'\n')
            };
            if !continuation {
                out.push((from, w));
            }
        }
    }
    out
}

/// Does `word` abbreviate `full` to at least `min` characters?
fn abbrev(word: &str, full: &str, min: usize) -> bool {
    let w = word.to_ascii_uppercase();
    w.len() >= min && full.starts_with(w.as_str())
}

pub(super) fn sqlplus(unit: &ScriptUnit) -> R<SqlPlus> {
    let text = unit.text.as_str();
    if text.trim() == "/" {
        return Ok(SqlPlus::RunBuffer);
    }
    let words = plus_words(text);
    let at = |k: usize| words.get(k).map(|&(off, _)| pos_in(text, unit.pos, off)).unwrap_or(unit.pos);
    let Some(&(_, first)) = words.first() else {
        return Ok(SqlPlus::Ignored(String::new()));
    };
    if first.starts_with(|c: char| c.is_ascii_digit()) {
        // `n text` replaces line n of the SQL buffer, `n` lists it: the lab
        // keeps no buffer lines (a pasted transcript's `  2  ` line numbers
        // and row counts land here).
        return Err(LabError::unsupported(
            "the SQL*Plus line editor (a line that starts with a line number)",
            unit.pos,
        ));
    }
    let first_word: String = if first.starts_with('@') || first.starts_with('!') {
        first[..1].to_string()
    } else {
        first.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
    };
    let rest_off = text.find(first).map(|o| o + first_word.len().max(1)).unwrap_or(text.len());
    let rest = text.get(rest_off..).unwrap_or("");
    let Some(cmd) = sqlplus_command(&first_word) else {
        return Err(unknown_command(text, unit.pos));
    };
    let usage = |entry: Entry, args: &[&dyn fmt::Display], k: usize| LabError::sp2(entry, args, at(k));
    let word = |k: usize| words.get(k).map(|&(_, w)| w.to_ascii_uppercase()).unwrap_or_default();
    match cmd {
        PlusCmd::Set => set(&words, text, at),
        PlusCmd::Exec => {
            if rest.trim().is_empty() {
                return Err(LabError::sp2(ora::SP2_EXEC_USAGE, &[], unit.pos));
            }
            let rest_pos = pos_in(text, unit.pos, rest_off);
            // SQL*Plus runs `BEGIN <text>; END;`: PL/SQL error columns count from there.
            let mut p = Parser::with_opts(rest, rest_pos, LexOptions { sqlplus_continuation: true });
            let mut block = p.exec_body()?;
            block.shown_at = unit.pos;
            Ok(SqlPlus::Exec(block))
        }
        PlusCmd::Connect => Ok(SqlPlus::Connect(connect(&words, at)?)),
        PlusCmd::Shutdown => {
            let opt = word(1);
            if words.len() > 3
                || !(opt.is_empty() || matches!(opt.as_str(), "IMMEDIATE" | "ABORT" | "NORMAL" | "TRANSACTIONAL"))
            {
                return Err(usage(ora::SP2_ILLEGAL_SHUTDOWN_OPTION, &[], 1));
            }
            Ok(SqlPlus::Shutdown(opt == "ABORT"))
        }
        PlusCmd::Startup => Ok(SqlPlus::Startup),
        PlusCmd::Prompt => Ok(SqlPlus::Prompt(rest.trim_start().to_string())),
        PlusCmd::Remark | PlusCmd::Ignored => Ok(SqlPlus::Ignored(text.to_string())),
        PlusCmd::Run => {
            // `@file`, `@@file`, `START file`: the lab has no file system,
            // so no script file can be opened (SQL*Plus adds `.sql` to a
            // name without an extension).
            let (name, k) = match first.trim_start_matches('@') {
                "" if first.starts_with('@') => (word_as_written(&words, 1), 1),
                n if first.starts_with('@') => (n.to_string(), 0),
                _ => (word_as_written(&words, 1), 1),
            };
            let name = name.trim_matches(|c| c == '"' || c == '\'');
            if name.is_empty() {
                return Err(LabError::with(ora::LAB_SQLPLUS_RUN, ora::SP2_START_NO_ARGUMENTS.line(&[]), unit.pos));
            }
            let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
            let file = if base.contains('.') { name.to_string() } else { format!("{name}.sql") };
            Err(LabError::with(ora::LAB_SQLPLUS_RUN, ora::SP2_UNABLE_TO_OPEN_FILE.line(&[&file]), at(k)))
        }
        PlusCmd::Show => show(&words, at),
        PlusCmd::Describe => {
            // SQL*Plus ignores a `;` after the name.
            let name = word_as_written(&words, 1);
            let name = name.strip_suffix(';').unwrap_or(&name).to_string();
            let trailing_semi = words.len() == 3 && word(2) == ";";
            if name.is_empty() || (words.len() > 2 && !trailing_semi) {
                return Err(LabError::unsupported("DESCRIBE other than DESCRIBE [schema.]object", unit.pos));
            }
            if name.contains('@') {
                return Err(LabError::unsupported("database links", at(1)));
            }
            Ok(SqlPlus::Describe { name, pos: at(1) })
        }
        PlusCmd::Variable => variable(&words, at),
        PlusCmd::Print => {
            let mut names = Vec::new();
            for (k, &(_, w)) in words.iter().enumerate().skip(1) {
                names.push((bind_name(w), at(k)));
            }
            Ok(SqlPlus::Print(names))
        }
        PlusCmd::Unsupported(name) => Err(LabError::unsupported(format!("the SQL*Plus {name} command"), unit.pos)),
    }
}

/// `SET option value`: AUTOTRACE, LINESIZE, PAGESIZE, ARRAYSIZE,
/// SERVEROUTPUT, TIMING; another system variable is kept as text, an
/// unknown one is SP2-0158.
fn set(words: &[(usize, &str)], text: &str, at: impl Fn(usize) -> Pos) -> R<SqlPlus> {
    let usage = |entry: Entry, args: &[&dyn fmt::Display], k: usize| LabError::sp2(entry, args, at(k));
    let word = |k: usize| words.get(k).map(|&(_, w)| w.to_ascii_uppercase()).unwrap_or_default();
    let opt = word(1);
    let num = |k: usize, name: &str| -> R<u32> {
        let w = word(k);
        w.parse::<u32>().map_err(|_| usage(ora::SP2_OPTION_NOT_A_NUMBER, &[&name], k))
    };
    let on_off = |k: usize, name: &str| -> R<bool> {
        match word(k).as_str() {
            "ON" => Ok(true),
            "OFF" => Ok(false),
            _ => Err(usage(ora::SP2_MUST_BE_ON_OR_OFF, &[&name], k)),
        }
    };
    if abbrev(&opt, "AUTOTRACE", 5) {
        let bad =
            || usage(ora::SP2_SET_USAGE, &[&"SET AUTOT[RACE] {OFF | ON | TRACE[ONLY]} [EXP[LAIN]] [STAT[ISTICS]]"], 2);
        let mode = word(2);
        let mut k = 3;
        let trace = match mode.as_str() {
            "OFF" => {
                if words.len() > 3 {
                    return Err(bad());
                }
                return Ok(SqlPlus::SetAutotrace(AutotraceMode::Off));
            }
            "ON" => false,
            "TRACEONLY" | "TRACEO" | "TRACEON" | "TRACEONL" => true,
            "TRACE" | "TRACEONLY_" => {
                if word(3) == "ONLY" {
                    k = 4;
                }
                true
            }
            _ => return Err(bad()),
        };
        let (mut explain, mut statistics) = (true, true);
        let mods: Vec<String> = (k..words.len()).map(word).collect();
        if !mods.is_empty() {
            explain = false;
            statistics = false;
            for m in &mods {
                if abbrev(m, "EXPLAIN", 3) {
                    explain = true;
                } else if abbrev(m, "STATISTICS", 4) {
                    statistics = true;
                } else {
                    return Err(bad());
                }
            }
        }
        return Ok(SqlPlus::SetAutotrace(if trace {
            AutotraceMode::TraceOnly { explain, statistics }
        } else {
            AutotraceMode::On { explain, statistics }
        }));
    }
    if abbrev(&opt, "LINESIZE", 3) {
        return Ok(SqlPlus::SetLinesize(num(2, "linesize")?));
    }
    if abbrev(&opt, "PAGESIZE", 5) {
        return Ok(SqlPlus::SetPagesize(num(2, "pagesize")?));
    }
    if abbrev(&opt, "ARRAYSIZE", 5) {
        return Ok(SqlPlus::SetArraysize(num(2, "arraysize")?));
    }
    if abbrev(&opt, "SERVEROUTPUT", 9) {
        let on = on_off(2, "serveroutput")?;
        let mut k = 3;
        while k < words.len() {
            let w = word(k);
            if w == "SIZE" {
                let v = word(k + 1);
                if v != "UNLIMITED" && v.parse::<u32>().is_err() {
                    return Err(usage(ora::SP2_OPTION_NOT_A_NUMBER, &[&"serveroutput"], k + 1));
                }
                k += 2;
            } else if abbrev(&w, "FORMAT", 3) {
                k = words.len();
            } else {
                return Err(usage(
                    ora::SP2_SET_USAGE,
                    &[&"SET SERVEROUT[PUT] {ON | OFF} [SIZE {n | UNL[IMITED]}] [FOR[MAT] ...]"],
                    k,
                ));
            }
        }
        return Ok(SqlPlus::SetServeroutput(on));
    }
    if abbrev(&opt, "TIMING", 4) {
        return Ok(SqlPlus::SetTiming(on_off(2, "timing")?));
    }
    if !opt.is_empty() && system_variable(&opt).is_none() {
        return Err(usage(ora::SP2_UNKNOWN_OPTION, &[&"SET", &words[1].1], 1));
    }
    Ok(SqlPlus::SetOther(text.to_string()))
}

/// A bind variable's name as SQL*Plus keeps it: upper-cased, a leading
/// `:` dropped (`PRINT :n` prints N).
fn bind_name(w: &str) -> String {
    w.strip_prefix(':').unwrap_or(w).to_ascii_uppercase()
}

/// `VAR[IABLE] [name [NUMBER | CHAR [(n)] | VARCHAR2 (n)]]`; the other
/// types SQL*Plus has (NCHAR, CLOB, REFCURSOR, BINARY_DOUBLE, ...) are
/// refused.
fn variable(words: &[(usize, &str)], at: impl Fn(usize) -> Pos) -> R<SqlPlus> {
    let Some(&(_, raw)) = words.get(1) else {
        return Ok(SqlPlus::Variable { name: None, ty: None });
    };
    let name = bind_name(raw);
    let ident = name.bytes().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'#'))
        && name.len() <= 128;
    if words.len() == 2 {
        return Ok(SqlPlus::Variable { name: Some((name, at(1))), ty: None });
    }
    if !ident {
        return Err(LabError::sp2(ora::SP2_ILLEGAL_VARIABLE_NAME, &[&raw], at(1)));
    }
    let spec: String = words[2..].iter().map(|&(_, w)| w.to_ascii_uppercase()).collect();
    let size = |rest: &str, max: u32| -> Option<u32> {
        let inner = rest.strip_prefix('(')?.strip_suffix(')')?;
        let inner = inner.strip_suffix("CHAR").or_else(|| inner.strip_suffix("BYTE")).unwrap_or(inner);
        inner.parse::<u32>().ok().filter(|n| (1..=max).contains(n))
    };
    let ty = if spec == "NUMBER" {
        Some(BindType::Number)
    } else if spec == "CHAR" {
        Some(BindType::Char(1))
    } else if let Some(rest) = spec.strip_prefix("CHAR") {
        size(rest, 2000).map(BindType::Char)
    } else if let Some(rest) = spec.strip_prefix("VARCHAR2") {
        size(rest, 32767).map(BindType::Varchar2)
    } else {
        None
    };
    match ty {
        Some(ty) => Ok(SqlPlus::Variable { name: Some((name, at(1))), ty: Some(ty) }),
        None => Err(LabError::unsupported(
            format!(
                "VARIABLE of type {} (the lab has NUMBER, CHAR (n) and VARCHAR2 (n))",
                words[2..].iter().map(|&(_, w)| w).collect::<Vec<_>>().join(" ")
            ),
            at(2),
        )),
    }
}

/// SP2-0042 / SP2-0734 for a line SQL*Plus does not know: the whole line
/// when it is 10 bytes or fewer, else its first 10 bytes.
fn unknown_command(text: &str, pos: Pos) -> LabError {
    let line = text.lines().next().unwrap_or("").trim();
    if line.len() <= 10 {
        return LabError::sp2(ora::SP2_UNKNOWN_COMMAND_LINE, &[&line], pos);
    }
    let mut n = 10;
    while !line.is_char_boundary(n) {
        n -= 1;
    }
    LabError::sp2(ora::SP2_UNKNOWN_COMMAND, &[&line.get(..n).unwrap_or("")], pos)
}

fn word_as_written(words: &[(usize, &str)], k: usize) -> String {
    words.get(k).map(|&(_, w)| w.to_string()).unwrap_or_default()
}

/// SQL*Plus 18c/19c's SET system variables: (full name, shortest
/// abbreviation). SET accepts each (most have no effect in the lab); any
/// other option is SP2-0158.
const SYSTEM_VARIABLES: &[(&str, usize)] = &[
    ("APPINFO", 4),
    ("ARRAYSIZE", 5),
    ("AUTOCOMMIT", 4),
    ("AUTOPRINT", 5),
    ("AUTORECOVERY", 12),
    ("AUTOTRACE", 5),
    ("BLOCKTERMINATOR", 3),
    ("CMDSEP", 4),
    ("COLINVISIBLE", 7),
    ("COLSEP", 6),
    ("CONCAT", 3),
    ("COPYCOMMIT", 5),
    ("COPYTYPECHECK", 13),
    ("DEFINE", 3),
    ("DESCRIBE", 8),
    ("ECHO", 4),
    ("EDITFILE", 5),
    ("EMBEDDED", 3),
    ("ERRORLOGGING", 6),
    ("ESCAPE", 3),
    ("ESCCHAR", 7),
    ("EXITCOMMIT", 5),
    ("FEEDBACK", 4),
    ("FLAGGER", 7),
    ("FLUSH", 3),
    ("HEADING", 3),
    ("HEADSEP", 5),
    ("HISTORY", 4),
    ("INSTANCE", 8),
    ("JSONPRINT", 9),
    ("LINESIZE", 3),
    ("LOBOFFSET", 5),
    ("LOBPREFETCH", 11),
    ("LOGSOURCE", 9),
    ("LONG", 4),
    ("LONGCHUNKSIZE", 5),
    ("MARKUP", 4),
    ("NEWPAGE", 4),
    ("NULL", 4),
    ("NUMFORMAT", 4),
    ("NUMWIDTH", 3),
    ("PAGESIZE", 5),
    ("PAUSE", 3),
    ("RECSEP", 6),
    ("RECSEPCHAR", 10),
    ("ROWPREFETCH", 11),
    ("SECUREDCOL", 10),
    ("SERVEROUTPUT", 9),
    ("SHIFTINOUT", 5),
    ("SHOWMODE", 4),
    ("SQLBLANKLINES", 5),
    ("SQLCASE", 4),
    ("SQLCONTINUE", 5),
    ("SQLNUMBER", 4),
    ("SQLPLUSCOMPATIBILITY", 13),
    ("SQLPREFIX", 6),
    ("SQLPROMPT", 4),
    ("SQLTERMINATOR", 4),
    ("STATEMENTCACHE", 10),
    ("SUFFIX", 3),
    ("TAB", 3),
    ("TERMOUT", 4),
    ("TIME", 2),
    ("TIMING", 4),
    ("TRIMOUT", 4),
    ("TRIMSPOOL", 5),
    ("UNDERLINE", 3),
    ("VERIFY", 3),
    ("WRAP", 3),
    ("XQUERY", 6),
    // Obsolete, still accepted for old scripts (the SQL*Plus User's
    // Guide, "Obsolete SQL*Plus Commands"): `set doc off` and `set scan
    // off` head many published scripts.
    ("BUFFER", 3),
    ("CLOSECURSOR", 6),
    ("COMPATIBILITY", 3),
    ("DOCUMENT", 3),
    ("MAXDATA", 4),
    ("SCAN", 4),
    ("SPACE", 3),
    ("TRUNCATE", 3),
];

/// The system variable `word` names (any case, abbreviations allowed).
fn system_variable(word: &str) -> Option<&'static str> {
    let w = word.to_ascii_uppercase();
    SYSTEM_VARIABLES.iter().find(|(full, min)| w.len() >= *min && full.starts_with(w.as_str())).map(|&(full, _)| full)
}

/// The variables SHOW reports from the lab's state.
const SHOWN: &[&str] = &[
    "ARRAYSIZE",
    "AUTOTRACE",
    "ECHO",
    "FEEDBACK",
    "LINESIZE",
    "NUMWIDTH",
    "PAGESIZE",
    "SERVEROUTPUT",
    "SQLBLANKLINES",
    "TERMOUT",
    "TIMING",
];

/// SHOW's own options beside the system variables.
const SHOW_OPTIONS: &[(&str, usize)] = &[
    ("ALL", 3),
    ("BTITLE", 3),
    ("CON_ID", 6),
    ("CON_NAME", 8),
    ("CONNECTION", 10),
    ("EDITION", 7),
    ("ERRORS", 3),
    ("LNO", 3),
    ("PARAMETERS", 4),
    ("PDBS", 4),
    ("PNO", 3),
    ("RECYCLEBIN", 3),
    ("RELEASE", 3),
    ("REPFOOTER", 4),
    ("REPHEADER", 4),
    ("SGA", 3),
    ("SPOOL", 3),
    ("SPPARAMETERS", 6),
    ("SQLCODE", 7),
    ("TTITLE", 3),
    ("USER", 3),
];

/// `SHO[W] option`: the variables the lab keeps and `USER`; SHOW of a
/// variable or option the lab does not keep is LAB-00001, of anything else
/// SP2-0158.
fn show(words: &[(usize, &str)], at: impl Fn(usize) -> Pos) -> R<SqlPlus> {
    let Some(&(_, opt)) = words.get(1) else {
        return Err(LabError::unsupported("SHOW without an option (SHOW ALL)", at(0)));
    };
    if let Some(errors) = show_errors(words) {
        return Ok(errors);
    }
    let up = opt.to_ascii_uppercase();
    let name = match system_variable(&up) {
        Some(v) => v,
        None => match SHOW_OPTIONS.iter().find(|(full, min)| up.len() >= *min && full.starts_with(up.as_str())) {
            Some(&(full, _)) => full,
            None => return Err(LabError::sp2(ora::SP2_UNKNOWN_OPTION, &[&"SHOW", &opt], at(1))),
        },
    };
    if SHOWN.contains(&name) || name == "USER" {
        return Ok(SqlPlus::Show(name.to_string()));
    }
    if name == "PARAMETERS" || name == "SPPARAMETERS" {
        // `SHOW [SP]PARAMETER[S] [name]`: the engine lists V$PARAMETER's
        // (V$SPPARAMETER's) rows LIKE '%name%'; `Show("PARAMETERS name")`.
        if words.len() > 3 {
            return Err(LabError::sp2(ora::SP2_UNKNOWN_OPTION, &[&"SHOW", &words[3].1], at(3)));
        }
        let like = words.get(2).map_or("", |&(_, w)| w);
        return Ok(SqlPlus::Show(format!("{name} {like}").trim_end().to_string()));
    }
    Err(LabError::unsupported(format!("SHOW {name}"), at(1)))
}

const CONNECT_USAGE: &str = "CONN[ECT] [{logon|/|proxy} [AS {SYSOPER|SYSDBA|SYSBACKUP|SYSDG|SYSKM|SYSRAC}] \
     [edition=value]]\nwhere <logon> ::= <username>[/<password>][@<connect_identifier>]";

/// `CONN[ECT] [logon [AS role] [EDITION=e]]` with `logon` being
/// `SHO[W] ERR[ORS] [type [schema.]name]` (a `;` may end it):
/// `Show("ERRORS")` or `Show("ERRORS TYPE NAME")`, the name upper-cased
/// unless quoted; the engine lists the errors or refuses the type.
fn show_errors(words: &[(usize, &str)]) -> Option<SqlPlus> {
    let mut rest: Vec<&str> = words.iter().skip(1).map(|&(_, w)| w).collect();
    if let Some(last) = rest.last_mut() {
        *last = last.strip_suffix(';').unwrap_or(last);
    }
    rest.retain(|w| !w.is_empty());
    let first = rest.first()?.to_ascii_uppercase();
    if !(first.len() >= 3 && "ERRORS".starts_with(first.as_str())) {
        return None;
    }
    let mut out = String::from("ERRORS");
    for (i, w) in rest.iter().enumerate().skip(1) {
        out.push(' ');
        if i + 1 == rest.len() && i > 1 {
            // The name, without a schema (the lab has one).
            let n = w.rsplit('.').next().unwrap_or(w);
            match n.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
                Some(q) => out.push_str(q),
                None => out.push_str(&n.to_ascii_uppercase()),
            }
        } else {
            out.push_str(&w.to_ascii_uppercase());
        }
    }
    Some(SqlPlus::Show(out))
}

/// `user[/password][@connect_identifier]` (`words[0]` is the command).
/// Administrative roles, operating system authentication (`/`) and proxy
/// users are not modelled (LAB-00001).
fn connect(words: &[(usize, &str)], at: impl Fn(usize) -> Pos) -> R<Connect> {
    let usage = |k: usize| LabError::sp2(ora::SP2_INVALID_OPTION, &[&CONNECT_USAGE], at(k));
    let mut k = 2;
    let mut sysdba = false;
    while let Some(&(_, w)) = words.get(k) {
        let w = w.to_ascii_uppercase();
        if w == "AS" {
            let role = words.get(k + 1).map(|&(_, r)| r.to_ascii_uppercase()).unwrap_or_default();
            let role = role.strip_suffix(';').unwrap_or(&role);
            if !matches!(role, "SYSDBA" | "SYSOPER" | "SYSASM" | "SYSBACKUP" | "SYSDG" | "SYSKM" | "SYSRAC") {
                return Err(usage(k + 1));
            }
            if role != "SYSDBA" {
                return Err(LabError::unsupported(format!("CONNECT ... AS {role}"), at(k)));
            }
            sysdba = true;
            k += 2;
            continue;
        }
        if !w.starts_with("EDITION=") {
            return Err(usage(k));
        }
        k += 1;
    }
    let Some(&(_, logon)) = words.get(1) else {
        return Ok(Connect { user: None, connect_identifier: None, sysdba });
    };
    let (user_password, connect_identifier) = split_unquoted(logon, '@');
    let connect_identifier = connect_identifier.filter(|c| !c.is_empty()).map(str::to_string);
    if sysdba {
        // AS SYSDBA connects as SYS whoever logs on (`/`, or a user
        // granted SYSDBA).
        return Ok(Connect { user: Some(Ident { name: "SYS".into(), pos: at(1) }), connect_identifier, sysdba });
    }
    if user_password.starts_with('/') {
        return Err(LabError::unsupported("operating system authentication (CONNECT /)", at(1)));
    }
    let (user, _password) = split_unquoted(user_password, '/');
    if user.contains('[') {
        return Err(LabError::unsupported("proxy users (CONNECT proxy[user])", at(1)));
    }
    // No such user can exist when the name is no identifier: Oracle refuses the logon.
    let user = if user.is_empty() {
        None
    } else {
        let name = match user.strip_prefix('"') {
            Some(q) => q.strip_suffix('"').filter(|n| !n.is_empty() && !n.contains('"')).map(str::to_string),
            None => (user.starts_with(|c: char| c.is_ascii_alphabetic())
                && user.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '#')))
            .then(|| user.to_ascii_uppercase()),
        };
        match name {
            Some(name) if name.len() <= 128 => Some(Ident { name, pos: at(1) }),
            _ => return Err(LabError::new(ora::INVALID_LOGON, at(1))),
        }
    };
    Ok(Connect { user, connect_identifier, sysdba })
}

/// `s` split at the first `sep` outside double quotes.
fn split_unquoted(s: &str, sep: char) -> (&str, Option<&str>) {
    let mut quoted = false;
    for (i, c) in s.char_indices() {
        if c == '"' {
            quoted = !quoted;
        } else if c == sep && !quoted {
            return (&s[..i], Some(&s[i + sep.len_utf8()..]));
        }
    }
    (s, None)
}
