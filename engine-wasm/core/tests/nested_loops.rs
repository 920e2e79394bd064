//! The 11g nested-loop article ("Logical I/O Evolution - Part 3",
//! ../shared/seeds/logical-io-evolution-11g.txt): the pins an inner index
//! scan keeps across outer rows, the redundant-filter and fastpin variants,
//! and the three plan shapes. Hand-checkable 30-row cases first, then the
//! article's 100,000-row figures.

mod common;

use common::stat;
use lio_core::{Engine, EngineConfig, StepOut};

fn engine() -> Engine {
    Engine::new(EngineConfig { trace: false, ..Default::default() })
}

fn run(e: &mut Engine, script: &str) -> Vec<StepOut> {
    let steps = e.exec(script);
    for s in &steps {
        assert!(s.error.is_none(), "`{}` failed: {:?}", s.statement.lines().next().unwrap_or(""), s.error);
    }
    steps
}

/// T1 and T2, `rows` rows of ~700 bytes (10 per block), ids 1..rows in the
/// given orders; a unique index on T1, a non-unique one on T2.
fn setup(version: &str, rows: u32, order1: &str, order2: &str) -> String {
    format!(
        "LAB VERSION {version};
create table t1 (id number not null, filler varchar2(700));
create table t2 (id number not null, filler varchar2(700));
exec dbms_random.seed(1)
insert into t1 select rownum, rpad('x', 700) from dual connect by level <= {rows} order by {order1};
exec dbms_random.seed(2)
insert into t2 select rownum, rpad('x', 700) from dual connect by level <= {rows} order by {order2};
commit;
create unique index t1_idx on t1 (id);
create index t2_idx on t2 (id);
exec dbms_stats.gather_table_stats(user, 'T1')
exec dbms_stats.gather_table_stats(user, 'T2')
"
    )
}

/// The article's query: drive `outer`, probe `inner` (T1: unique index,
/// T2: non-unique), with `hints` after the join hints.
fn query(outer: &str, inner: &str, hints: &str, filter: bool) -> String {
    let f = if filter { "\n  and substr(b.filler, 1, 1) = 'x'" } else { "" };
    format!(
        "select max(b_filler), max(a_filler) from (
select /*+ leading(a) use_nl(a b) {hints} */
a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler
from {outer} a, {inner} b
where a.id = b.id{f}
);"
    )
}

const CLASSIC: &str = "opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b)";
const BATCHING: &str = "opt_param('_nlj_batching_enabled', 1) no_nlj_prefetch(b)";
const PREFETCH: &str = "opt_param('_nlj_batching_enabled', 0) nlj_prefetch(b)";

/// Run the query twice and return the second (soft-parsed) execution.
fn measure(e: &mut Engine, sql: &str) -> StepOut {
    run(e, sql);
    run(e, sql).remove(0)
}

fn ops(s: &StepOut) -> Vec<String> {
    s.plan.iter().map(|l| format!("{}{}", " ".repeat(l.depth as usize), l.operation)).collect()
}

fn buffers(s: &StepOut, op: &str) -> u64 {
    s.plan.iter().find(|l| l.operation == op).unwrap_or_else(|| panic!("no {op} line")).buffers
}

/// 30 rows, 3 table blocks each side, one index leaf (no branch level),
/// both tables in id order, classic shape, unique probe.
///
/// Full scan: 3 space-management gets + 3 blocks (normal gets). Probes:
/// #1 descends (leaf examination + the loop's pin check); #2 continues from
/// #1 in the same leaf and pins it (a normal get); #3-#10 use the kept
/// leaf: nothing recorded; #11 is on the second outer block: the kept pin
/// is re-verified (examination + pin check); #12-#30 use it (the third
/// outer block is only one block later). Table: 30 shortcut examinations,
/// each two visits to an unpinned buffer.
#[test]
fn thirty_rows_ordered_unique_classic() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 30, "1", "1"));
    let s = measure(&mut e, &query("t2", "t1", CLASSIC, false));
    assert_eq!(buffers(&s, "TABLE ACCESS FULL"), 6);
    assert_eq!(buffers(&s, "INDEX UNIQUE SCAN"), 3);
    assert_eq!(stat(&s, "consistent gets"), 6 + 3 + 30);
    assert_eq!(stat(&s, "consistent gets - examination"), 2 + 30);
    assert_eq!(stat(&s, "consistent gets from cache (fastpath)"), 6 + 1);
    assert_eq!(stat(&s, "buffer is pinned count"), 2);
    assert_eq!(stat(&s, "buffer is not pinned count"), 60);
    assert_eq!(stat(&s, "rows fetched via callback"), 30);
    assert_eq!(s.latches["cache buffers chains"].gets, 32 + 2 * 7);
}

/// The same, non-unique probe: #1 descends (a normal get of the leaf, then
/// the check of the next entry finds it pinned); #2-#20 continue where the
/// previous scan stopped, in the kept leaf: nothing recorded; #21 (second
/// outer block since #1) re-verifies: a normal get and a pin check. The
/// last probe's check runs off the end of the index. Table: 3 gets, 27
/// revisits of the pinned block and 30 row reads from it.
#[test]
fn thirty_rows_ordered_non_unique_classic() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 30, "1", "1"));
    let s = measure(&mut e, &query("t1", "t2", CLASSIC, false));
    assert_eq!(buffers(&s, "INDEX RANGE SCAN"), 2);
    assert_eq!(buffers(&s, "TABLE ACCESS BY INDEX ROWID"), 2 + 3);
    assert_eq!(stat(&s, "consistent gets"), 6 + 2 + 3);
    assert_eq!(stat(&s, "consistent gets - examination"), 0);
    assert_eq!(stat(&s, "buffer is pinned count"), 2 + 27 + 30);
    assert_eq!(stat(&s, "buffer is not pinned count"), 3);
    assert_eq!(stat(&s, "index scans kdiixs1"), 30);
}

/// Probes in descending order never continue where the previous one
/// stopped: every probe descends, as in the article's random-order runs.
#[test]
fn thirty_rows_out_of_order_always_descend() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 30, "1", "1 desc"));
    let s = measure(&mut e, &query("t2", "t1", CLASSIC, false));
    assert_eq!(buffers(&s, "INDEX UNIQUE SCAN"), 30);
    assert_eq!(stat(&s, "consistent gets - examination"), 30 + 30);
    assert_eq!(stat(&s, "buffer is pinned count"), 30);
    // Non-unique (T2 joined to itself in descending order): one descent (a
    // normal leaf get) per probe and a pin check, except the first probe's
    // (id 30, the last entry: the check runs off the index).
    let n = measure(&mut e, &query("t2", "t2", CLASSIC, false));
    assert_eq!(buffers(&n, "INDEX RANGE SCAN"), 30);
    assert_eq!(stat(&n, "buffer is pinned count"), 29 + 27 + 30);
}

/// Table prefetch: one TABLE ACCESS BY INDEX ROWID over the loop; the unique
/// probe's table visits become normal gets kept pinned across outer rows.
#[test]
fn thirty_rows_table_prefetch_shape() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 30, "1", "1"));
    let s = measure(&mut e, &query("t2", "t1", PREFETCH, false));
    assert_eq!(
        ops(&s),
        [
            "SELECT STATEMENT",
            " SORT AGGREGATE",
            "  TABLE ACCESS BY INDEX ROWID",
            "   NESTED LOOPS",
            "    TABLE ACCESS FULL",
            "    INDEX UNIQUE SCAN"
        ]
    );
    let table = s.plan.iter().find(|l| l.operation == "TABLE ACCESS BY INDEX ROWID").unwrap();
    assert_eq!(table.starts, 1);
    assert_eq!(stat(&s, "consistent gets"), 6 + 3 + 3);
    assert_eq!(stat(&s, "rows fetched via callback"), 0);
    assert_eq!(stat(&s, "buffer is pinned count"), 2 + 27 + 30);
    assert_eq!(stat(&s, "buffer is not pinned count"), 3);
}

/// NLJ batching: two NESTED LOOPS lines; the inner one joins the outer row
/// source to the index, the outer one fetches each row by rowid (started
/// once per row) with the table block kept pinned.
#[test]
fn thirty_rows_nlj_batching_shape() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 30, "1", "1"));
    let s = measure(&mut e, &query("t1", "t2", BATCHING, false));
    assert_eq!(
        ops(&s),
        [
            "SELECT STATEMENT",
            " SORT AGGREGATE",
            "  NESTED LOOPS",
            "   NESTED LOOPS",
            "    TABLE ACCESS FULL",
            "    INDEX RANGE SCAN",
            "   TABLE ACCESS BY INDEX ROWID"
        ]
    );
    let table = s.plan.iter().find(|l| l.operation == "TABLE ACCESS BY INDEX ROWID").unwrap();
    assert_eq!((table.starts, table.a_rows, table.buffers), (30, 30, 3));
    assert_eq!(stat(&s, "consistent gets"), 6 + 2 + 3);
    assert_eq!(stat(&s, "buffer is pinned count"), 2 + 27 + 30);
    // The result is the classic shape's.
    let c = measure(&mut e, &query("t1", "t2", CLASSIC, false));
    assert_eq!(c.rows, s.rows);
}

/// The hint combinations the article describes.
#[test]
fn shape_from_release_parameter_and_hints() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 30, "1", "1"));
    let shape = |e: &mut Engine, hints: &str| {
        let s = measure(e, &query("t1", "t2", hints, false));
        let l = ops(&s);
        if l[2].trim() == "TABLE ACCESS BY INDEX ROWID" {
            "prefetch"
        } else if l[3].trim() == "NESTED LOOPS" {
            "batching"
        } else {
            "classic"
        }
    };
    assert_eq!(shape(&mut e, ""), "batching");
    assert_eq!(shape(&mut e, CLASSIC), "classic");
    assert_eq!(shape(&mut e, BATCHING), "batching");
    assert_eq!(shape(&mut e, PREFETCH), "prefetch");
    assert_eq!(shape(&mut e, "no_nlj_batching(b)"), "prefetch");
    // "one seemed to disable the other one"
    assert_eq!(shape(&mut e, "no_nlj_batching(b) no_nlj_prefetch(b)"), "batching");
    run(&mut e, "alter session set \"_nlj_batching_enabled\" = 0;");
    assert_eq!(shape(&mut e, "no_nlj_prefetch(b)"), "classic");
    let mut old = engine();
    run(&mut old, &setup("10.2.0.5", 30, "1", "1"));
    assert_eq!(shape(&mut old, ""), "prefetch");
    assert_eq!(shape(&mut old, "no_nlj_prefetch(b)"), "classic");
}

fn within(actual: u64, published: u64, pct: f64) -> bool {
    (actual as f64 - published as f64).abs() <= published as f64 * pct / 100.0
}

fn check(s: &StepOut, name: &str, published: u64, pct: f64) {
    let v = stat(s, name);
    assert!(within(v, published, pct), "{name}: {v} vs published {published}");
}

fn cbc(s: &StepOut) -> u64 {
    s.latches["cache buffers chains"].gets
}

/// "11.2.0.1 Classic Nested Loop - Same random order": T1 and T2 in the
/// same random order, within 1%.
#[test]
fn same_random_order_within_one_percent() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 100_000, "dbms_random.value", "dbms_random.value").replace("seed(2)", "seed(1)"));
    let u = measure(&mut e, &query("t2", "t1", CLASSIC, false));
    let n = measure(&mut e, &query("t1", "t2", CLASSIC, false));
    check(&u, "consistent gets", 310_012, 1.0);
    check(&u, "buffer is not pinned count", 200_002, 1.0);
    check(&u, "buffer is pinned count", 99_999, 1.0);
    check(&u, "consistent gets - examination", 300_001, 1.0);
    assert!(within(cbc(&u), 320_030, 1.0));
    check(&n, "consistent gets", 221_124, 1.0);
    check(&n, "buffer is not pinned count", 10_028, 1.0);
    check(&n, "buffer is pinned count", 289_977, 1.0);
    check(&n, "consistent gets - examination", 100_007, 1.0);
    check(&n, "consistent gets from cache (fastpath)", 121_117, 1.0);
    check(&n, "no work - consistent read gets", 121_107, 1.0);
    assert!(within(cbc(&n), 342_242, 1.0));
    assert!(within(buffers(&n, "INDEX RANGE SCAN"), 201_000, 1.0));

    // Redundant filter, 11.2.0.1: the unique probe's table visits become
    // normal gets kept pinned (article: 220,012 gets, 289,998 pinned).
    let f = measure(&mut e, &query("t2", "t1", CLASSIC, true));
    check(&f, "consistent gets", 220_012, 1.0);
    check(&f, "buffer is pinned count", 289_998, 1.0);
    check(&f, "buffer is not pinned count", 10_003, 1.0);
    check(&f, "consistent gets - examination", 200_001, 1.0);
    check(&f, "consistent gets from cache (fastpath)", 20_011, 1.0);
    assert!(within(cbc(&f), 240_024, 1.0));
    assert_eq!(f.rows, u.rows);

    // 11.2.0.2 takes the shortcut even with the filter.
    run(&mut e, "LAB VERSION 11.2.0.2;");
    let f2 = measure(&mut e, &query("t2", "t1", CLASSIC, true));
    check(&f2, "consistent gets", 310_012, 1.0);
    check(&f2, "consistent gets - examination", 300_001, 1.0);
    assert_eq!(stat(&f2, "rows fetched via callback"), 100_000);
}

/// "Ordered Data Sets": both tables ordered by ID. The kept leaf takes the
/// index out of most probes; the rows the model reproduces within 5%, and
/// the shape of the rest (see docs/MODEL.md for what it leaves out).
#[test]
fn ordered_by_id() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 100_000, "1", "1"));
    let u = measure(&mut e, &query("t2", "t1", CLASSIC, false));
    let n = measure(&mut e, &query("t1", "t2", CLASSIC, false));
    // Unique index: the table lookup stays the examination shortcut.
    check(&u, "consistent gets", 122_324, 5.0);
    check(&u, "buffer is not pinned count", 200_014, 5.0);
    check(&u, "buffer is pinned count", 5_107, 5.0);
    check(&u, "consistent gets - examination", 111_265, 5.0);
    check(&u, "index fetch by key", 100_000, 1.0);
    assert!(within(cbc(&u), 133_384, 5.0));
    assert!(within(buffers(&u, "TABLE ACCESS FULL"), 10_010, 5.0));
    assert!(within(buffers(&u, "TABLE ACCESS BY INDEX ROWID"), 112_000, 5.0));
    // Non-unique index: 500,000 buffer visits recorded as about 30,000
    // gets and 195,000 pinned visits.
    check(&n, "buffer is not pinned count", 10_028, 5.0);
    check(&n, "buffer is pinned count", 195_440, 5.0);
    check(&n, "consistent gets from cache (fastpath)", 26_587, 5.0);
    assert!(within(buffers(&n, "TABLE ACCESS BY INDEX ROWID") - buffers(&n, "INDEX RANGE SCAN"), 10_007, 5.0));
    assert!(stat(&n, "consistent gets") < 35_000 && stat(&n, "consistent gets") > 25_000);
    assert!(stat(&n, "consistent gets - examination") < 6_000);
    // The unique variant now does more logical I/O than the non-unique one.
    assert!(stat(&u, "consistent gets") > 3 * stat(&n, "consistent gets"));
    assert!(cbc(&u) > 2 * cbc(&n));

    // Redundant filter (11.2.0.1): the unique variant pins too.
    let f = measure(&mut e, &query("t2", "t1", CLASSIC, true));
    check(&f, "buffer is pinned count", 195_103, 5.0);
    check(&f, "buffer is not pinned count", 10_018, 5.0);
    check(&f, "consistent gets from cache (fastpath)", 21_050, 5.0);
    assert!(within(cbc(&f), 53_366, 5.0));
    assert!(within(buffers(&f, "TABLE ACCESS BY INDEX ROWID") - buffers(&f, "INDEX UNIQUE SCAN"), 10_003, 5.0));

    // NLJ batching, same figures in another shape (article: table line
    // 10,000 buffers, 195,115 pinned).
    let b = measure(&mut e, &query("t2", "t1", BATCHING, true));
    assert_eq!(buffers(&b, "TABLE ACCESS BY INDEX ROWID"), 10_000);
    check(&b, "buffer is pinned count", 195_115, 5.0);
    check(&b, "buffer is not pinned count", 10_006, 5.0);
    assert!(within(cbc(&b), 53_348, 5.0));
    assert_eq!(b.rows, f.rows);

    // 11.2.0.2: the filter no longer switches the unique probe to pinning.
    run(&mut e, "LAB VERSION 11.2.0.2;");
    let f2 = measure(&mut e, &query("t2", "t1", CLASSIC, true));
    assert_eq!(stat(&f2, "consistent gets"), stat(&u, "consistent gets"));
    assert_eq!(stat(&f2, "buffer is pinned count"), stat(&u, "buffer is pinned count"));
}

/// `_fastpin_enable = 0` (after a restart): no fastpath statistics, the
/// same totals (the article's "fast pins disabled, inner table filter").
#[test]
fn fastpin_off_keeps_the_totals() {
    let mut e = engine();
    run(&mut e, &setup("11.2.0.1", 20_000, "1", "1"));
    let on = measure(&mut e, &query("t2", "t1", CLASSIC, true));
    run(&mut e, "alter system set \"_fastpin_enable\" = 0 scope = spfile;\nshutdown immediate\nstartup");
    let off = measure(&mut e, &query("t2", "t1", CLASSIC, true));
    assert!(stat(&on, "consistent gets from cache (fastpath)") > 0);
    assert_eq!(stat(&off, "consistent gets from cache (fastpath)"), 0);
    for name in [
        "consistent gets",
        "consistent gets - examination",
        "buffer is pinned count",
        "buffer is not pinned count",
        "no work - consistent read gets",
    ] {
        assert_eq!(stat(&off, name), stat(&on, name), "{name}");
    }
    assert_eq!(cbc(&off), cbc(&on));
}
