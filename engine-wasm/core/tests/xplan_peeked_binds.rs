//! DBMS_XPLAN.DISPLAY_CURSOR's `+PEEKED_BINDS`: the "Peeked Binds
//! (identified by position)" section, before the predicates. Before, the
//! word was taken and printed nothing (a Lewis script's `'typical
//! +peeked_binds'` showed a plan without the section Oracle prints).
//!
//! The layout, as published plans print it (Lewis, *Oracle SQL*, Apress,
//! listing 8-9; a 19c ADVANCED plan with `:1` twice; an 11.2.0.1 plan of
//! `count(value) ... where id = :x`):
//!
//! ```text
//! Peeked Binds (identified by position):
//! --------------------------------------
//!
//!    1 - :B1 (NUMBER): 0
//!    2 - :B1 (NUMBER, Primary=1)
//! ```
mod common;
use common::*;

fn plan(e: &mut lio_core::Engine, format: &str) -> Vec<String> {
    let s = e.exec(&format!("select * from table(dbms_xplan.display_cursor(null, null, '{format}'));"));
    ok(&s);
    s.last().unwrap().rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

fn setup() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 as select rownum id, mod(rownum, 10) n1 from dual connect by level <= 100;\n\
         exec dbms_stats.gather_table_stats(user, 'T1')\n\
         variable b1 number\n\
         exec :b1 := 7\n",
    ));
    e
}

/// One bind written twice (`:b1` and `:B1`: one name) is two positions:
/// the first shows the value peeked at the hard parse, the second names
/// the first. The section sits between the plan table and the predicates,
/// a blank line before and after its rule.
#[test]
fn a_peeked_number_bind_is_listed_by_position() {
    let mut e = setup();
    ok(&e.exec("select count(*) from t1 where n1 = :b1 or id = :B1;"));
    let out = plan(&mut e, "typical +peeked_binds");
    let at = out.iter().position(|l| l == "Peeked Binds (identified by position):").expect("the section");
    assert_eq!(out[at - 1], "");
    assert!(out[at - 2].starts_with("----"), "{out:#?}");
    assert_eq!(
        out[at + 1..at + 7],
        [
            "--------------------------------------",
            "",
            "   1 - :B1 (NUMBER): 7",
            "   2 - :B1 (NUMBER, Primary=1)",
            "",
            "Predicate Information (identified by operation id):",
        ]
    );
}

/// The values are the hard parse's: a later execution with another value
/// shares the cursor, and the section still shows 7. TYPICAL alone, and
/// `-PEEKED_BINDS`, print no section.
#[test]
fn the_section_shows_the_hard_parse_values_and_only_when_asked() {
    let mut e = setup();
    ok(&e.exec("select count(*) from t1 where n1 = :b1;\nexec :b1 := 3\nselect count(*) from t1 where n1 = :b1;"));
    let out = plan(&mut e, "TYPICAL +PEEKED_BINDS");
    assert!(out.iter().any(|l| l == "   1 - :B1 (NUMBER): 7"), "{out:#?}");
    for f in ["typical", "typical +peeked_binds -peeked_binds"] {
        let out = plan(&mut e, f);
        assert!(!out.iter().any(|l| l.starts_with("Peeked Binds")), "{f}: {out:#?}");
    }
}

/// No peeking, no section: `_optim_peek_user_binds` FALSE, and a
/// statement without binds.
#[test]
fn no_section_without_peeked_binds() {
    let mut e = setup();
    ok(&e.exec("alter session set \"_optim_peek_user_binds\" = false;\nselect count(*) from t1 where n1 = :b1;"));
    let out = plan(&mut e, "typical +peeked_binds");
    assert!(!out.iter().any(|l| l.starts_with("Peeked Binds")), "{out:#?}");
    ok(&e.exec("select count(*) from t1 where n1 = 5;"));
    let out = plan(&mut e, "typical +peeked_binds");
    assert!(!out.iter().any(|l| l.starts_with("Peeked Binds")), "{out:#?}");
}

/// A character bind is refused by name (its `(VARCHAR2(30), CSID=873)`
/// buffer length and character set are not modelled), at the format word.
#[test]
fn a_character_bind_is_refused_at_the_format_word() {
    let mut e = setup();
    ok(&e.exec("variable v1 varchar2(10)\nexec :v1 := 'x'\nselect count(*) from t1 where n1 = :b1 and :v1 = 'x';"));
    let s = e.exec("select * from table(dbms_xplan.display_cursor(null, null, 'typical +peeked_binds'));");
    let (code, line, column) = error_of(s.last().unwrap());
    let before = "select * from table(dbms_xplan.display_cursor(null, null, 'typical ";
    assert_eq!((code, line, column), ("LAB-00001", 1, before.len() as u32 + 1));
    assert!(s.last().unwrap().error.as_ref().unwrap().message.contains(":V1"));
}
