//! Published optimizer cases under statistics set by hand, an older
//! optimizer_features_enable and the I/O cost model (issue 31): the
//! scripts in `tests/articles/`, their figures in their headers.

mod common;
use common::*;
use lio_core::StepOut;

fn steps_of<'a>(steps: &'a [StepOut], starts: &str) -> Vec<&'a StepOut> {
    steps.iter().filter(|s| s.statement.trim_start().starts_with(starts)).collect()
}

/// Lewis's calc_mbrc.sql on a table faked to 1,000,000 blocks: each
/// /*+ nocpu_costing */ count(*) costs ceil(1,000,000 / adjusted MBRC) + 1,
/// and 1,000,000 / (cost - 1) gives Lewis's adjusted values to his three
/// decimals (4.175, 6.589, 10.398, 16.409, 25.895, 40.865).
#[test]
fn lewis_calc_mbrc_gives_the_adjusted_values() {
    let script = include_str!("../../../tests/articles/lewis-calc-mbrc-io-costing.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let io = steps_of(&steps, "select /*+ nocpu_costing */");
    assert_eq!(io.len(), 6);
    let published = [4.175, 6.589, 10.398, 16.409, 25.895, 40.865];
    for (s, adj) in io.iter().zip(published) {
        let full = s.plan.iter().find(|l| l.operation == "TABLE ACCESS FULL").expect("a full scan");
        let measured = 1_000_000.0 / (full.cost as f64 - 1.0);
        assert!((measured - adj).abs() < 0.0005, "{adj}: cost {} gives {measured}", full.cost);
        assert_eq!(full.e_rows, 1_000_000);
    }
    // CPU costing (MBRC 8, noworkload): ceil(1,000,000 / 8 x 26 / 12) + 1
    // = 270,835, plus CPU 1,000,000 x 7,121.44 + 1,000,000 x 150 cycles
    // = 824.3: 271,659.
    let cpu = steps_of(&steps, "select /*+ cpu_costing */");
    assert_eq!(cpu[0].plan.iter().find(|l| l.operation == "TABLE ACCESS FULL").unwrap().cost, 271_659);
}

/// Lewis's join_card_08 under 9i's I/O costing (its second pair of
/// queries): tablescans 29, 28, 28 as published for 9.2.0.6, T1 and T2
/// joined first, T3 the last join's build input, E-Rows 9,551 and 9,074.
#[test]
fn lewis_join_card_08_under_9i_io_costing() {
    let script = include_str!("../../../tests/articles/lewis-join-card-three-tables.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let q = steps_of(&steps, "select t1.v1, t2.v1, t3.v1");
    assert_eq!(q.len(), 4);
    for (s, rows) in [(q[2], 9551), (q[3], 9074)] {
        let plan: Vec<(&str, Option<&str>, u64, u64)> =
            s.plan.iter().map(|l| (l.operation.as_str(), l.name.as_deref(), l.e_rows, l.cost)).collect();
        assert_eq!(
            plan[1..],
            [
                ("HASH JOIN", None, rows, 85),
                ("TABLE ACCESS FULL", Some("T3"), 10000, 28),
                ("HASH JOIN", None, 62500, 57),
                ("TABLE ACCESS FULL", Some("T1"), 10000, 29),
                ("TABLE ACCESS FULL", Some("T2"), 10000, 28),
            ]
        );
    }
}
