//! SQL*Plus fetches through OCI, whose default prefetch
//! (`OCI_ATTR_PREFETCH_ROWS` = 1) brings one row besides those a fetch
//! call asks for: at ARRAYSIZE 1 each round trip after the execute's
//! carries two rows (session/types.rs, `oci_fetch_rows`).

mod common;
use common::*;
use lio_core::StepOut;

fn query(e: &mut lio_core::Engine, arraysize: u32, rows: u32) -> StepOut {
    let s = e.exec(&format!(
        "set arraysize {arraysize}\nset autotrace traceonly statistics\n\
         select * from t where rownum <= {rows};\nset autotrace off"
    ));
    ok(&s);
    s[2].clone()
}

/// Worked by hand, ARRAYSIZE 1: the execute's round trip brings row 1;
/// each later one brings 2, and a round trip that brings fewer than 2
/// tells SQL*Plus the fetch is over. 3 rows: row 1, rows 2-3, then one
/// that finds none: 3 round trips. 4 rows: row 1, rows 2-3, row 4 (and
/// the end): 3. At ARRAYSIZE 2 the same (each call asks for 2); at 15
/// unchanged by the prefetch (row 1, then 15 a call: 100 rows in 8).
#[test]
fn arraysize_one_fetches_two_rows_a_round_trip() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (n number);\ninsert into t select level from dual connect by level <= 200;\ncommit;"));
    let trips = |s: &StepOut| stat(s, "SQL*Net roundtrips to/from client");
    for (arraysize, rows, want) in [(1, 3, 3), (1, 4, 3), (2, 4, 3), (1, 100, 51), (2, 100, 51), (15, 100, 8)] {
        let s = query(&mut e, arraysize, rows);
        assert_eq!(s.rows_processed, rows as u64);
        assert_eq!(trips(&s), want, "arraysize {arraysize}, {rows} rows");
    }
}

/// tests/articles/spotonoracle-sqlplus-arraysize-1-prefetch.sql: 100 rows
/// at ARRAYSIZE 1 in 51 round trips (published 51, exact).
#[test]
fn spotonoracle_arraysize_one_round_trips() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/spotonoracle-sqlplus-arraysize-1-prefetch.sql"));
    ok(&steps);
    let q = steps.iter().find(|s| s.rows_processed == 100 && stat(s, "SQL*Net roundtrips to/from client") > 0).unwrap();
    assert_eq!(stat(q, "SQL*Net roundtrips to/from client"), 51);
}
