//! The write-path sample from the JDBC article: literals hard-parse every
//! execution and binds once; an array insert sends BATCH rows per round trip.

mod common;
use common::*;

#[test]
fn binds_literals_and_array_insert() {
    let steps = run_sample();
    let runs: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("LAB RUN")).collect();
    let (literals, binds, single, array) = (runs[0], runs[1], runs[2], runs[3]);
    for s in [literals, binds] {
        assert_eq!(s.rows_processed, 1000);
        assert_eq!(stat(s, "execute count"), 1000);
        assert_eq!(stat(s, "SQL*Net roundtrips to/from client"), 1000);
    }
    // Each literal text is a new statement: parsed and optimized every time.
    assert_eq!(stat(literals, "parse count (hard)"), 1000);
    // One text: hard parsed once, then found in the session cursor cache.
    assert_eq!(stat(binds, "parse count (hard)"), 1);
    assert_eq!(stat(binds, "session cursor cache hits"), 999);
    assert!(literals.elapsed_us > 2.0 * binds.elapsed_us, "{} vs {}", literals.elapsed_us, binds.elapsed_us);
    assert_eq!(stat(single, "SQL*Net roundtrips to/from client"), 1000);
    assert_eq!(stat(array, "SQL*Net roundtrips to/from client"), 10);
    assert_eq!(single.rows_processed, 1000);
    assert_eq!(array.rows_processed, 1000);
    assert!(single.elapsed_us > 5.0 * array.elapsed_us, "{} vs {}", single.elapsed_us, array.elapsed_us);
    // Every customer was updated, and both inserts are there after the commits.
    let e = &steps;
    assert!(e.iter().all(|s| s.error.is_none()));
}

fn run_sample() -> Vec<lio_core::StepOut> {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../samples/jdbc-binds-literals-array-insert.sql"));
    ok(&steps);
    let check = e.exec("select count(*) from customers where cust_valid = 'Y';\nselect count(*) from arrayinserttest;");
    ok(&check);
    assert_eq!(check[0].rows[0][0].to_string(), "1000");
    assert_eq!(check[1].rows[0][0].to_string(), "2000");
    steps
}
