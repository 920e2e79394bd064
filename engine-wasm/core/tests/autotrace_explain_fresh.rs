//! SET AUTOTRACE TRACEONLY EXPLAIN runs EXPLAIN PLAN: the text is
//! optimised afresh with the statistics as they are now. The query's own
//! cursor, cached by the session after a gather under the default
//! NO_INVALIDATE (DBMS_STATS.AUTO_INVALIDATE: dependent cursors are
//! invalidated over a rolling window, not at once), keeps the plan of the
//! older statistics: Oracle's "autotrace/explain plan can lie" (Jonathan
//! Lewis, Tom Kyte) in its simplest form. Before, the lab's TRACEONLY
//! EXPLAIN showed the cached cursor's plan.
mod common;
use common::*;

/// 30,000 orders, CA 28,500, OR 1,200, NV 300, loaded a state at a time.
/// First gather: no column usage, no histogram, 'OR' is 30000/3 = 10,000
/// rows, a full scan. The queries note SHIP_STATE's use; the second gather
/// builds a FREQUENCY histogram: 'OR' is 1,200 rows, the index is cheaper.
#[test]
fn traceonly_explain_optimises_afresh_while_the_cursor_keeps_its_plan() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table book_orders (order_id number, ship_state varchar2(2), amount number);\n\
         insert into book_orders select level, case when level <= 28500 then 'CA' when level <= 29700 then 'OR' else 'NV' end, mod(level, 1000) from dual connect by level <= 30000;\n\
         commit;\n\
         create index book_orders_state on book_orders (ship_state);\n\
         exec dbms_stats.gather_table_stats(user, 'BOOK_ORDERS')\n",
    ));
    let q = "select count(amount) from book_orders where ship_state = 'OR';";
    let full = ["SELECT STATEMENT", "SORT AGGREGATE", "TABLE ACCESS FULL BOOK_ORDERS"];
    for _ in 0..3 {
        let s = e.exec(q);
        ok(&s);
        assert_eq!(lines(&s[0].plan).into_iter().map(|l| l.0).collect::<Vec<_>>(), full);
    }
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'BOOK_ORDERS')\n"));
    assert_eq!(
        scalar(&mut e, "select histogram from user_tab_col_statistics where table_name = 'BOOK_ORDERS' and column_name = 'SHIP_STATE'"),
        "FREQUENCY"
    );
    let explained = lines(&plan_of(&mut e, q));
    assert_eq!(
        explained.iter().map(|l| l.0.as_str()).collect::<Vec<_>>(),
        [
            "SELECT STATEMENT",
            "SORT AGGREGATE",
            "TABLE ACCESS BY INDEX ROWID BATCHED BOOK_ORDERS",
            "INDEX RANGE SCAN BOOK_ORDERS_STATE"
        ]
    );
    assert_eq!(explained[3].1, 1200);
    // The cursor still runs the full scan until the rolling window ends.
    let s = e.exec(q);
    ok(&s);
    assert_eq!(lines(&s[0].plan).into_iter().map(|l| l.0).collect::<Vec<_>>(), full);
}
