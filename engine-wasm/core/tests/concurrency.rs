//! Many sessions at once (`LAB RUN ... SESSIONS n`): the 11g article's
//! concurrent nested-loop figures, hand-checkable latch contention,
//! buffer busy waits, the run queue, determinism, and `SESSIONS 1` giving
//! exactly a plain run's figures.

mod common;

use common::{ok, quiet_engine, stat};
use lio_core::StepOut;

/// The nested-loop sample's setup (everything before its queries).
fn nl_setup() -> String {
    let sample = include_str!("../../../samples/nested-loops-11g.sql");
    sample.split("set autotrace traceonly").next().unwrap().to_string()
}

const NL_UNIQUE: &str = "select max(b_filler), max(a_filler) from ( \
  select /*+ leading(a) use_nl(a b) opt_param(''_nlj_batching_enabled'', 0) no_nlj_prefetch(b) */ \
  a.filler as a_filler, b.filler as b_filler from t2 a, t1 b where b.id = a.id)";

fn last(steps: &[StepOut]) -> &StepOut {
    steps.last().unwrap()
}

fn within(actual: u64, published: u64, pct: f64) -> bool {
    (actual as f64 - published as f64).abs() <= published as f64 * pct / 100.0
}

fn session_stat(s: &StepOut, i: usize, name: &str) -> u64 {
    s.sessions.as_ref().unwrap()[i].stats.get(name).copied().unwrap_or(0)
}

/// The article's "Scalability" figures: four concurrent runs of the
/// unique-index nested loop over randomly ordered data in 11.2 downgrade
/// the shortcut table gets to normal gets through RowCR.
#[test]
fn four_sessions_downgrade_the_unique_index_shortcut_gets() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!("{}\nLAB RUN '{NL_UNIQUE}' VIA plsql SESSIONS 4;", nl_setup()));
    ok(&steps);
    let s = last(&steps);
    let sessions = s.sessions.as_ref().unwrap();
    assert_eq!(sessions.len(), 4);
    for i in 0..4 {
        let check = |name: &str, published: u64| {
            let v = session_stat(s, i, name);
            assert!(within(v, published, 5.0), "session {i}: {name} = {v}, published {published}");
        };
        check("consistent gets", 310_024);
        check("consistent gets - examination", 200_013);
        check("RowCR attempts", 100_000);
        check("RowCR hits", 100_000);
        check("shared hash latch upgrades - no wait", 99_995);
        check("consistent gets from cache (fastpath)", 10_011);
        check("no work - consistent read gets", 10_000);
    }
    let cbc = s.latches["cache buffers chains"].gets;
    assert!(within(cbc, 1_680_173, 5.0), "CBC latch gets {cbc}, published 1,680,173");
    // The step's statistics are the sessions' sums.
    let sum: u64 = (0..4).map(|i| session_stat(s, i, "consistent gets")).sum();
    assert_eq!(stat(s, "consistent gets"), sum);
    eprintln!(
        "4 sessions: per session {:?}; CBC {cbc}, misses {}, sleeps {}",
        (0..4)
            .map(|i| (
                session_stat(s, i, "consistent gets"),
                session_stat(s, i, "consistent gets - examination"),
                session_stat(s, i, "RowCR attempts"),
                session_stat(s, i, "shared hash latch upgrades - no wait")
            ))
            .collect::<Vec<_>>(),
        s.latches["cache buffers chains"].misses,
        s.latches["cache buffers chains"].sleeps
    );
}

/// `_row_cr = false` switches the downgrade off: the shortcut gets stay
/// examination gets in every session.
#[test]
fn row_cr_off_keeps_the_shortcut_gets() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{}\nalter system set \"_row_cr\" = false;\nLAB RUN '{NL_UNIQUE}' VIA plsql SESSIONS 2;",
        nl_setup()
    ));
    ok(&steps);
    let s = last(&steps);
    for i in 0..2 {
        assert_eq!(session_stat(s, i, "RowCR attempts"), 0);
        assert!(within(session_stat(s, i, "consistent gets - examination"), 300_001, 1.0));
    }
}

/// One session under `SESSIONS 1` is a plain run: the same figures.
#[test]
fn one_session_is_a_plain_run() {
    let script = |opt: &str| {
        format!(
            "create table t (id number primary key, v varchar2(20));\n\
             insert into t select rownum, 'v' || rownum from dual connect by level <= 2000;\n\
             commit;\n\
             LAB RUN 'select v from t where id = :1' BIND 1 TO 2000 VIA jdbc_thin{opt};"
        )
    };
    let a = quiet_engine().exec(&script(""));
    let b = quiet_engine().exec(&script(" SESSIONS 1"));
    ok(&a);
    ok(&b);
    let (a, b) = (last(&a), last(&b));
    assert_eq!(a.stats, b.stats);
    assert_eq!(a.elapsed_us, b.elapsed_us);
    assert_eq!(a.latches["cache buffers chains"].gets, b.latches["cache buffers chains"].gets);
    assert_eq!(a.output, b.output);
}
