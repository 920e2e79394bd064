//! ALTER SYSTEM RESET, the DBA's way back to a parameter's default, which
//! the order/DDL test's reset uses (issue 28).

mod common;
use common::*;

fn message(s: &lio_core::StepOut) -> String {
    s.error.as_ref().map(|e| format!("{}: {}", e.code, e.message)).unwrap_or_default()
}

/// V$PARAMETER.VALUE of `name`, if it is listed.
fn value_of(e: &mut lio_core::Engine, name: &str) -> Option<String> {
    let steps = e.exec(&format!("select value from v$parameter where name = '{name}';"));
    ok(&steps);
    steps[0].rows.first().map(|r| r[0].as_str().expect("a string").to_string())
}

/// `ALTER SYSTEM RESET name SCOPE = SPFILE [SID = '*']` deletes the
/// parameter's SPFILE entry: the value in effect stays until the next
/// STARTUP, which gives the default. SCOPE and SID come in either order
/// (https://docs.oracle.com/cd/E82638_01/sqlrf/img_text/alter_system_reset_clause.html).
#[test]
fn alter_system_reset_deletes_the_spfile_entry() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "alter system set db_cache_size = 64M scope = spfile;\n\
         alter system set \"_fastpin_enable\" = 0 scope = spfile;\n\
         shutdown immediate\nstartup",
    ));
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("67108864".into()));
    assert_eq!(value_of(&mut e, "_fastpin_enable"), Some("0".into()));
    let steps = e.exec(
        "alter system reset db_cache_size scope = spfile sid = '*';\n\
         alter system reset \"_fastpin_enable\" sid = '*' scope = spfile;",
    );
    ok(&steps);
    assert_eq!(steps[0].feedback.as_deref(), Some("System altered."));
    // Until the restart, the value in effect is the one set.
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("67108864".into()));
    ok(&e.exec("shutdown immediate\nstartup"));
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("1073741824".into()));
    // A hidden parameter at its default is not listed.
    assert!(value_of(&mut e, "_fastpin_enable").is_none());
}

/// Only the entry named goes: the other SPFILE entries stay.
#[test]
fn alter_system_reset_keeps_the_other_entries() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "alter system set db_cache_size = 64M scope = spfile;\n\
         alter system set db_file_multiblock_read_count = 16 scope = both;\n\
         alter system reset db_cache_size scope = spfile;\n\
         shutdown immediate\nstartup",
    ));
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("1073741824".into()));
    assert_eq!(value_of(&mut e, "db_file_multiblock_read_count"), Some("16".into()));
}

/// Without an SPFILE entry for the parameter (never set, set with SCOPE =
/// MEMORY, or reset already): ORA-32010 "cannot find entry to delete in
/// SPFILE" (Oracle Database Error Messages, ORA-32010; DBAs' reset
/// scripts quote it as the error to ignore when a parameter was never in
/// the SPFILE, "ALTER SYSTEM RESET open_cursors SCOPE=SPFILE SID='*';" /
/// "ORA-32010: cannot find entry to delete in SPFILE").
#[test]
fn alter_system_reset_without_an_entry_is_ora_32010() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system reset db_cache_size scope = spfile;\n\
         alter system set db_file_multiblock_read_count = 16 scope = memory;\n\
         alter system reset db_file_multiblock_read_count scope = spfile;\n\
         alter system set db_cache_size = 64M scope = spfile;\n\
         alter system reset db_cache_size scope = spfile;\n\
         alter system reset db_cache_size scope = spfile;",
    );
    assert_eq!(message(&steps[0]), "ORA-32010: cannot find entry to delete in SPFILE");
    assert_eq!(message(&steps[2]), "ORA-32010: cannot find entry to delete in SPFILE");
    assert!(steps[4].error.is_none(), "{:?}", steps[4].error);
    assert_eq!(message(&steps[5]), "ORA-32010: cannot find entry to delete in SPFILE");
    // Reported at the parameter's name.
    assert_eq!(error_of(&steps[0]), ("ORA-32010", 1, 20));
}

/// SCOPE = MEMORY writes no SPFILE entry: the value is gone after a
/// restart (it lasted "until the database is shut down").
#[test]
fn scope_memory_does_not_outlive_a_restart() {
    let mut e = quiet_engine();
    ok(&e.exec("alter system set db_file_multiblock_read_count = 16 scope = memory;"));
    assert_eq!(value_of(&mut e, "db_file_multiblock_read_count"), Some("16".into()));
    ok(&e.exec("shutdown immediate\nstartup"));
    assert_eq!(value_of(&mut e, "db_file_multiblock_read_count"), Some("128".into()));
}

/// What the lab refuses: a name Oracle does not know (ORA-00922, as Oracle
/// answered `alter system reset open_cursor ...`:
/// https://blog.csdn.net/congpu1904/article/details/100312790), a hidden
/// parameter the lab does not model (LAB-00001, as for SET), and SCOPE =
/// MEMORY or BOTH (the default), which would also reset the value in
/// effect (LAB-00001: the lab resets the SPFILE entry only).
#[test]
fn alter_system_reset_refusals() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system reset no_such_parameter scope = spfile;\n\
         alter system reset \"_no_such_thing\" scope = spfile;\n\
         alter system reset db_cache_size;\n\
         alter system reset db_cache_size scope = memory;\n\
         alter system reset db_cache_size scope = both sid = '*';\n\
         alter system reset db_cache_size scope = nowhere;\n\
         alter system reset;",
    );
    assert_eq!(message(&steps[0]), "ORA-00922: missing or invalid option");
    assert_eq!(error_of(&steps[1]).0, "LAB-00001");
    for s in &steps[2..5] {
        assert_eq!(error_of(s).0, "LAB-00001", "{}", s.statement);
    }
    assert_eq!(error_of(&steps[5]).0, "ORA-00922");
    assert_eq!(error_of(&steps[6]).0, "ORA-00922");
}
