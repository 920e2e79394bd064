//! Published plans of analytic functions, their scripts pasted as printed
//! (`tests/articles/`): René Nyffenegger's WINDOW notes (and his WINDOW
//! BUFFER over SORT GROUP BY) and Julian Dyke's WINDOW (SORT PUSHED RANK);
//! and the ordered aggregates: Nimish Garg's LISTAGG per department,
//! Laurent Schneider's and ganotedp's KEEP (DENSE_RANK FIRST | LAST).
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

/// Molinaro's four AVG windows over SCOTT's EMP: every published row, its
/// averages rounded as his COLUMN formats print them, in the published
/// order (the one window sort's: MGR, HIREDATE).
#[test]
fn molinaro_avg_over_four_windows() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/molinaro-avg-over-frames-emp.sql"));
    ok(&steps);
    let q = steps.last().unwrap();
    let rows: Vec<String> = q
        .rows
        .iter()
        .map(|r| {
            let n = |i: usize| r[i].as_f64().map_or("".into(), |x| format!("{}", (x + 1e-9).round()));
            format!("{} {} {} {} {} {} {}", n(0), r[1].as_str().unwrap_or(""), n(3), n(4), n(5), n(6), n(7))
        })
        .collect();
    let published = [
        "7566 FORD 3000 2073 3000 3000 3000",
        "7566 SCOTT 3000 2073 3000 3000 3000",
        "7698 ALLEN 1600 2073 1310 1600 1425",
        "7698 WARD 1250 2073 1310 1425 1450",
        "7698 TURNER 1500 2073 1310 1450 1333",
        "7698 MARTIN 1250 2073 1310 1400 1233",
        "7698 JAMES 950 2073 1310 1310 1100",
        "7782 MILLER 1300 2073 1300 1300 1300",
        "7788 ADAMS 1100 2073 1100 1100 1100",
        "7839 JONES 2975 2073 2758 2975 2913",
        "7839 BLAKE 2850 2073 2758 2913 2758",
        "7839 CLARK 2450 2073 2758 2758 2650",
        "7902 SMITH 800 2073 800 800 800",
    ];
    assert_eq!(rows[..13], published);
    // KING (no manager) last: NULLs sort last.
    assert_eq!(rows[13], " KING 5000 2073 5000 5000 5000");
    assert_eq!(op_names(q), ["SELECT STATEMENT", "WINDOW SORT", "TABLE ACCESS FULL EMP"]);
}

/// Nyffenegger's SUM(SUM(VAL)) OVER (PARTITION BY GRP_1 ORDER BY GRP_2)
/// over GROUP BY GRP_1, GRP_2: his published lines (WINDOW BUFFER over
/// SORT GROUP BY); 13 x 17 = 221 groups; the running sum of GRP_1 'A'
/// ends at that group's total.
#[test]
fn nyffenegger_window_buffer_over_sort_group_by() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/nyffenegger-window-buffer-group-by.sql"));
    ok(&steps);
    let plan = steps.iter().find(|s| s.statement.contains("dbms_xplan.display")).map(xplan_ops).unwrap();
    assert_eq!(plan, ["SELECT STATEMENT", "WINDOW BUFFER", "SORT GROUP BY", "TABLE ACCESS FULL"]);
    let count = steps.iter().find(|s| s.statement.starts_with("select count(*) from (")).unwrap();
    assert_eq!(row_strings(count), ["221"]);
    let last = steps.iter().find(|s| s.statement.starts_with("select max(val) keep_last")).unwrap();
    let r = row_strings(last);
    let (a, b) = r[0].split_once('|').unwrap();
    assert_eq!(a, b);
}

/// Garg's LISTAGG per department of SCOTT's EMP: the three published
/// rows, SORT GROUP BY; 7000 copies inserted, then ORA-01489 as published.
#[test]
fn garg_listagg_then_ora_01489() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/garg-listagg-overflow-emp-12c.sql"));
    let q: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("SELECT DEPTNO")).collect();
    assert_eq!(
        row_strings(q[0]),
        ["10|CLARK,KING,MILLER", "20|ADAMS,FORD,JONES,SCOTT,SMITH", "30|ALLEN,BLAKE,JAMES,MARTIN,TURNER,WARD"]
    );
    assert_eq!(op_names(q[0]), ["SELECT STATEMENT", "SORT GROUP BY", "TABLE ACCESS FULL EMP"]);
    let ins = steps.iter().find(|s| s.statement.starts_with("INSERT INTO EMP")).unwrap();
    assert!(ins.error.is_none(), "{:?}", ins.error);
    assert_eq!(ins.rows_processed, 7000);
    assert_eq!(error_of(q[1]).0, "ORA-01489");
    assert!(steps.iter().filter(|s| !std::ptr::eq(*s, q[1])).all(|s| s.error.is_none()));
}

/// Schneider's top earner per department by ROW_NUMBER and by KEEP FIRST,
/// and ganotedp's COUNT(*) and MAX(ename) KEEP LAST: the published rows,
/// the KEEP queries SORT GROUP BY.
#[test]
fn schneider_keep_dense_rank() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/schneider-keep-dense-rank-emp-10g.sql"));
    ok(&steps);
    let top = ["KING|10|5000", "SCOTT|20|3000", "BLAKE|30|2850"];
    let q: Vec<&StepOut> = steps.iter().filter(|s| s.statement.to_lowercase().contains("deptno")).skip(1).collect();
    assert_eq!(row_strings(q[0]), top);
    assert_eq!(row_strings(q[1]), top);
    assert_eq!(op_names(q[1]), ["SELECT STATEMENT", "SORT GROUP BY", "TABLE ACCESS FULL EMP"]);
    assert_eq!(row_strings(q[2]), ["10|1|KING", "20|2|SCOTT", "30|1|BLAKE"]);
    assert_eq!(q[2].columns, ["DEPTNO", "$CNT", "$name"]);
}
