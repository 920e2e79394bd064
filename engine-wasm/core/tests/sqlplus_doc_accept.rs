//! SQL*Plus commands of published scripts (issue 33's blog corpus): the
//! DOC[UMENT] block that opens Randolf Geist's and Tanel Poder's scripts,
//! ACCEPT with a DEFAULT, and the real commands the lab does not model
//! (the line editor, the script files, `!`), refused by name rather than
//! called unknown.
mod common;
use common::*;
use lio_sql::ora;

/// SQL*Plus User's Guide, "Obsolete SQL*Plus Commands": "After you type
/// DOCUMENT ... SQL*Plus displays the prompt DOC> in place of SQL> until
/// you end the documentation. The "pound" character (#) on a line by
/// itself ends the documentation." SET DOCUMENT ON (the default) echoes
/// the block, OFF suppresses it; Gennick's Oracle SQL*Plus (2nd ed.)
/// shows the echo: `DOC>This is documentation.` then `DOC>#`.
#[test]
fn doc_blocks_run_to_a_pound_line_and_echo_behind_doc_prompts() {
    let mut e = quiet_engine();
    let steps = e.exec("DOCUMENT\nThis is documentation.\n#\nselect 1 from dual;");
    ok(&steps);
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].output, ["DOC>This is documentation.", "DOC>#"]);
    assert_eq!(steps[1].rows.len(), 1);
    // A block's `;`, `/` and `&` are text: nothing runs, nothing is
    // substituted (the lab's undefined `&x` would be LAB-00070).
    let steps = e.exec("set doc off\ndoc\n-- File name: t.sql; run it with &x\n/\n#\nselect 2 from dual;");
    ok(&steps);
    assert_eq!(steps.len(), 3);
    assert!(steps[1].output.is_empty());
    assert_eq!(steps[2].statement, "select 2 from dual");
    // A block never closed runs to the end of the script.
    let steps = e.exec("doc\nselect 3 from dual;");
    ok(&steps);
    assert_eq!(steps.len(), 1);
}

/// `ACCEPT n NUMBER DEFAULT 42 PROMPT 'Rows: '`: the lab's script has no
/// one to type an answer, so it takes the DEFAULT (Enter); `&n` is then
/// 42. Without a DEFAULT the command is refused, not guessed.
#[test]
fn accept_takes_its_default_and_without_one_is_refused() {
    let mut e = quiet_engine();
    let steps = e.exec("accept n number default 42 prompt 'Rows: '\nselect &n from dual;");
    ok(&steps);
    assert_eq!(steps[0].output, ["Rows: "]);
    assert_eq!(steps[1].rows[0][0].as_f64(), Some(42.0));
    let steps = e.exec("acc owner char prompt 'Owner: '");
    assert_eq!(error_of(&steps[0]), (ora::LAB_UNSUPPORTED.code().as_str(), 1, 1));
}

/// LIST, APPEND, CHANGE, INPUT, DEL, EDIT, SAVE, GET, STORE and `!` are
/// SQL*Plus commands: refused by name (LAB-00001), not "unknown command".
#[test]
fn line_editor_and_file_commands_are_refused_by_name() {
    let mut e = quiet_engine();
    let script = "l\nc/old/new/\na , x\ni\ndel 2\ned\nsave t.sql\nget t.sql\nstore set s.sql replace\n!ls\n";
    let steps = e.exec(script);
    let names = ["LIST", "CHANGE", "APPEND", "INPUT", "DEL", "EDIT", "SAVE", "GET", "STORE", "HOST"];
    assert_eq!(steps.len(), names.len());
    for (s, name) in steps.iter().zip(names) {
        let err = s.error.as_ref().unwrap_or_else(|| panic!("{} ran", s.statement));
        assert_eq!(err.code, ora::LAB_UNSUPPORTED.code(), "{}", s.statement);
        assert!(err.message.contains(&format!("the SQL*Plus {name} command")), "{}: {}", s.statement, err.message);
    }
}
