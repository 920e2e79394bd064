//! Published plans of analytic functions, their scripts pasted as printed
//! (`tests/articles/`): René Nyffenegger's WINDOW notes and Julian Dyke's
//! WINDOW (SORT PUSHED RANK).
mod common;
use common::*;
use lio_core::StepOut;

/// The operations of the plan a dbms_xplan step printed, in order.
fn xplan_ops(s: &StepOut) -> Vec<String> {
    row_strings(s)
        .iter()
        .filter_map(|r| {
            let cells: Vec<&str> = r.split('|').map(str::trim).collect();
            (cells.len() > 3 && cells[1].parse::<u32>().is_ok()).then(|| cells[2].to_string())
        })
        .collect()
}

#[test]
fn nyffenegger_window_buffer_sort_and_pushed_rank() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/nyffenegger-window-operations.sql"));
    ok(&steps);
    let plans: Vec<Vec<String>> =
        steps.iter().filter(|s| s.statement.contains("dbms_xplan.display")).map(xplan_ops).collect();
    assert_eq!(
        plans,
        [
            vec!["SELECT STATEMENT", "WINDOW BUFFER", "TABLE ACCESS FULL"],
            vec!["SELECT STATEMENT", "WINDOW SORT", "TABLE ACCESS FULL"],
            vec!["SELECT STATEMENT", "WINDOW SORT", "TABLE ACCESS FULL"],
            vec!["SELECT STATEMENT", "VIEW", "WINDOW SORT PUSHED RANK", "TABLE ACCESS FULL"],
        ]
    );
}

#[test]
fn dyke_window_sort_pushed_rank() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/dyke-window-sort-pushed-rank-9i.sql"));
    ok(&steps);
    let q = steps.iter().find(|s| s.statement.starts_with("SELECT c1,r1")).unwrap();
    assert_eq!(op_names(q), ["SELECT STATEMENT", "VIEW", "WINDOW SORT PUSHED RANK", "TABLE ACCESS FULL T1"]);
    let w = &q.plan[2];
    assert_eq!(w.filter.as_deref(), Some("RANK() OVER ( PARTITION BY \"C1\" ORDER BY \"C2\")<10"));
    // 60 rows, 20 per C1 value; ranks 1..9 of each kept: 27.
    let n = steps.last().unwrap();
    assert_eq!(row_strings(n), ["27"]);
    assert_eq!(n.plan[3].a_rows, 27);
}
