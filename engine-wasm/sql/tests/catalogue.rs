//! Every code the sql and core crates report comes from the catalogue in
//! `sql/src/ora.rs` (and `ora/partitions.rs`): no source file outside it writes a code number or a
//! catalogued text.

use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// (path, text) of every source file of the sql and core crates but the
/// catalogue itself, comment lines blanked (doc comments may quote a message).
fn crate_sources() -> Vec<(String, String)> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [here.join("src"), here.join("../core/src")] {
        let before = files.len();
        sources(&dir, &mut files);
        assert!(files.len() - before > 5, "{dir:?}: {files:?}");
    }
    files
        .into_iter()
        .filter(|p| !p.ends_with("src/ora.rs") && !p.ends_with("src/ora/partitions.rs"))
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            let code: Vec<&str> = text.lines().map(|l| if l.trim_start().starts_with("//") { "" } else { l }).collect();
            (p.display().to_string(), code.join("\n"))
        })
        .collect()
}

#[test]
fn no_call_site_writes_a_code_number() {
    let mut found = Vec::new();
    for (path, text) in crate_sources() {
        // A code by number (`Facility::Ora.code(942)`) instead of an entry.
        for ctor in ["LabError::ora(", "LabError::lab(", ".code("] {
            for (at, _) in text.match_indices(ctor) {
                let rest = text[at + ctor.len()..].trim_start();
                if rest.starts_with(|c: char| c.is_ascii_digit()) {
                    let line = text[..at].matches('\n').count() + 1;
                    found.push(format!("{path}:{line}: {ctor}{}", &rest[..rest.len().min(40)]));
                }
            }
        }
        // A code written out (`"ORA-00942"`) instead of taken from the catalogue.
        for prefix in ["\"ORA-", "\"LAB-", "\"PLS-", "\"SP2-"] {
            for (at, _) in text.match_indices(prefix) {
                if text[at + prefix.len()..].starts_with(|c: char| c.is_ascii_digit()) {
                    let line = text[..at].matches('\n').count() + 1;
                    found.push(format!("{path}:{line}: {}", &text[at..(at + 12).min(text.len())]));
                }
            }
        }
    }
    assert!(found.is_empty(), "codes written outside ora.rs:\n{}", found.join("\n"));
}

#[test]
fn no_call_site_writes_a_catalogued_text() {
    let sources = crate_sources();
    let mut found = Vec::new();
    for entry in lio_sql::ora::catalogue() {
        // Fixed texts, and the fixed parts of texts with placeholders.
        for part in entry.text.split("%s").filter(|p| p.trim().len() >= 12) {
            let part = part.replace('\n', "\\n").replace('"', "\\\"");
            for (path, text) in &sources {
                if text.contains(&part) {
                    found.push(format!("{path}: {} {part:?}", entry.code()));
                }
            }
        }
    }
    assert!(found.is_empty(), "catalogued texts written outside ora.rs:\n{}", found.join("\n"));
}
