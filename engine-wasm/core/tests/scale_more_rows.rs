//! A DBA's scale (issue 29), the audit's gaps: the memory budget charges
//! an index what its entries hold (a packed entry is 20 bytes: its 16-byte
//! (key, row, rowid block) record and its 4-byte size), CREATE INDEX
//! included, and a dropped index gives its memory back; PL/SQL's doubling
//! string stops at VARCHAR2's limit; and the 10,000,000-row set-up,
//! measured (ignored: about a minute).

mod common;
use common::*;

fn lab_bytes(e: &lio_core::Engine) -> u64 {
    e.catalog().memory_bytes()
}

/// The budget charged 32 bytes for each entry a row added to an index,
/// and nothing for the entries CREATE INDEX made (a 1M-row table indexed
/// after its load held 20 MB of entries the budget did not see), while a
/// dropped index's entries stayed in memory. Now an index is charged what
/// its entries hold, whenever they were made, until it is dropped.
#[test]
fn an_index_is_charged_the_bytes_its_entries_hold() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number, n number, v varchar2(10));\ninsert into t select level, mod(level, 100), 'v' from dual connect by level <= 100000;"));
    let table = lab_bytes(&e);
    ok(&e.exec("create index t_n on t(n);"));
    assert_eq!(lab_bytes(&e) - table, 100_000 * 20, "a packed entry is 20 bytes");
    // Rows inserted into the indexed table: their bytes and 20 per entry.
    let before = lab_bytes(&e);
    ok(&e.exec("insert into t select level, 7, 'w' from dual connect by level <= 1000;"));
    let grown = lab_bytes(&e) - before;
    let rows = grown - 1000 * 20;
    assert_eq!(rows % 1000, 0, "each row the same bytes ({grown} in all)");
    // The same rows into a table without an index cost the rows only.
    ok(&e.exec("create table u (id number, n number, v varchar2(10));"));
    let before = lab_bytes(&e);
    ok(&e.exec("insert into u select level, 7, 'w' from dual connect by level <= 1000;"));
    assert_eq!(lab_bytes(&e) - before, rows);
    // Dropping the index gives its entries back; the table's rows stay.
    let before = lab_bytes(&e);
    ok(&e.exec("drop index t_n;"));
    assert_eq!(before - lab_bytes(&e), 101_000 * 20);
    // A two-column index holds boxed keys: more per entry, still counted.
    let before = lab_bytes(&e);
    ok(&e.exec("create index t_nv on t(n, v);"));
    let per = (lab_bytes(&e) - before) / 101_000;
    assert!(per > 20, "{per} bytes an entry");
    ok(&e.exec("drop table t purge;"));
    assert!(lab_bytes(&e) < before, "the dropped table's index is no longer charged");
}

/// CREATE INDEX whose entries do not fit the budget is LAB-00034 at the
/// index's name, and creates nothing: the same index fits once the budget
/// has room for it.
#[test]
fn create_index_past_the_budget_is_lab_00034() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number, pad varchar2(100));\ninsert into t select level, rpad('x', 100, 'x') from dual connect by level <= 100000;"));
    let used = lab_bytes(&e) >> 20;
    // Room for the rows and under 1 MiB more, not for 100,000 entries of
    // 20 bytes (2 MB).
    let s = e.exec(&format!("LAB SET max_memory_mb = {};\ncreate index t_id on t(id);", used + 1));
    ok(&s[..1]);
    assert_eq!(error_of(&s[1]), ("LAB-00034", 2, 14));
    let s = e.exec("select index_name from user_indexes where table_name = 'T';");
    ok(&s);
    assert!(s[0].rows.is_empty(), "no index was created");
    let s = e.exec(&format!("LAB SET max_memory_mb = {};\ncreate index t_id on t(id);", used + 4));
    ok(&s);
    let s = e.exec("select /*+ index(t) */ count(*) from t where id between 10 and 19;");
    ok(&s);
    assert_eq!(s[0].rows[0][0].to_string(), "10");
}

/// The probe's `s := s || s` in a loop (it trapped at 4 GB in 2.9 s):
/// VARCHAR2(32767) overflows at the 15th doubling (32,768 characters), ORA-06502 at the
/// assignment, and the script goes on.
#[test]
fn a_doubling_varchar2_stops_at_its_limit() {
    let mut e = quiet_engine();
    let s = e.exec(
        "declare s varchar2(32767) := 'x'; begin for i in 1..32 loop s := s || s; end loop; end;\n/\nset serveroutput on\ndeclare s varchar2(32767) := 'x'; begin for i in 1..14 loop s := s || s; end loop; dbms_output.put_line(length(s)); end;\n/\nselect 1 from dual;",
    );
    assert_eq!(error_of(&s[0]).0, "ORA-06502");
    assert!(s[0].error.as_ref().unwrap().message.contains("character string buffer too small"));
    ok(&s[1..]);
    assert_eq!(s[2].output, ["16384"]);
}
