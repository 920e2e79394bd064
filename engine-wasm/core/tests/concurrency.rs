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

/// Two rows in one block: both sessions' buffer visits meet in the same
/// blocks under the same CBC children.
const ONE_BLOCK: &str = "create table h (id number primary key, v number);\n\
     insert into h values (1, 0);\n\
     insert into h values (2, 0);\n\
     commit;\n";

/// The CBC figures and the session waits of a workload step.
fn cbc(s: &StepOut) -> (u64, u64, u64) {
    let l = &s.latches["cache buffers chains"];
    (l.gets, l.misses, l.sleeps)
}

/// Two sessions scan a one-block table at the same moments (a first run
/// gives both the cursor, so the second run's executions are alike). The
/// scan visits the segment header three times and the data block once,
/// each a normal get holding its child exclusive for cbc_hold_pin_us
/// (0.2 us). The first session runs its turn first; the second meets the
/// first's last hold of the header's child (its third visit) at the very
/// moment it was taken: one miss, which spins 0.2 us and gets the latch
/// (spin gets 1). Shifted by 0.2 us, it reaches the data block just as the
/// first session releases that child: no second miss.
#[test]
fn two_sessions_one_block_one_miss_that_spins() {
    let mut e = quiet_engine();
    let run = "LAB RUN 'select /*+ full(h) */ count(v) from h' VIA plsql SESSIONS 2;\n";
    let steps = e.exec(&format!("{ONE_BLOCK}{run}{run}"));
    ok(&steps);
    let s = last(&steps);
    let (gets, misses, sleeps) = cbc(s);
    assert_eq!((misses, sleeps), (1, 0), "gets {gets}");
    assert_eq!(gets, 2 * 2 * 4, "two sessions x four normal gets x two latch gets");
    assert!(!s.waits.contains_key("latch: cache buffers chains"));
    let (a, b) = (&s.sessions.as_ref().unwrap()[0], &s.sessions.as_ref().unwrap()[1]);
    assert!((b.elapsed_us - a.elapsed_us - 0.2).abs() < 1e-6, "{} vs {}", a.elapsed_us, b.elapsed_us);
}

/// The same with the child held 50 us: longer than the 10 us spin, so the
/// miss spins 10 us and sleeps until the holder releases it (40 us more)
/// and is posted 20 us later: one sleep, one `latch: cache buffers
/// chains` wait of 60 us, and the second session finishes 70 us later.
#[test]
fn two_sessions_one_block_a_long_hold_makes_the_miss_sleep() {
    let mut e = quiet_engine();
    let run = "LAB RUN 'select /*+ full(h) */ count(v) from h' VIA plsql SESSIONS 2;\n";
    let steps = e.exec(&format!("{ONE_BLOCK}LAB SET cbc_hold_pin_us = 50;\n{run}{run}"));
    ok(&steps);
    let s = last(&steps);
    assert_eq!((cbc(s).1, cbc(s).2), (1, 1));
    let w = s.waits["latch: cache buffers chains"];
    assert_eq!(w.count, 1);
    assert!((w.time_us - 60.0).abs() < 1e-6, "{}", w.time_us);
    let (a, b) = (&s.sessions.as_ref().unwrap()[0], &s.sessions.as_ref().unwrap()[1]);
    assert!(!a.waits.contains_key("latch: cache buffers chains"));
    assert!((b.elapsed_us - a.elapsed_us - 70.0).abs() < 1e-6, "{} vs {}", a.elapsed_us, b.elapsed_us);
}

/// Two sessions update their own rows of one block at the same moments:
/// the second's current-mode get finds the buffer pinned exclusive by the
/// first's change (change_row_us, 1.5 us): one `buffer busy waits`.
#[test]
fn two_sessions_changing_one_block_wait_on_the_buffer() {
    let mut e = quiet_engine();
    let run = "LAB RUN 'update h set v = v + 1 where id = :1' BIND 1 TO 2 VIA plsql SESSIONS 2 AUTOCOMMIT;\n";
    let steps = e.exec(&format!("{ONE_BLOCK}{run}{run}"));
    ok(&steps);
    let s = last(&steps);
    eprintln!("{:?} {:?}", s.waits, s.latches);
    let w = s.waits["buffer busy waits"];
    assert_eq!(w.count, 1);
    assert!((w.time_us - 1.5).abs() < 1e-6, "{}", w.time_us);
    assert_eq!(stat(s, "RowCR attempts"), 0);
}

const LOOKUPS: &str = "create table k (id number primary key, v varchar2(20));\n\
     insert into k select rownum, 'v' || rownum from dual connect by level <= 1000;\n\
     commit;\n";

/// The same script interleaves the same way every time.
#[test]
fn the_same_script_gives_the_same_interleaving() {
    let script = format!(
        "{LOOKUPS}LAB SET cpu_count = 2;\n\
         LAB RUN 'select v from k where id = :1' BIND 1 TO 1000 VIA jdbc_thin SESSIONS 5;"
    );
    let a = quiet_engine().exec(&script);
    let b = quiet_engine().exec(&script);
    ok(&a);
    let json = |s: &StepOut| serde_json::to_string(s).unwrap();
    assert_eq!(json(last(&a)), json(last(&b)));
    // Even slices: 200 executions each.
    for s in last(&a).sessions.as_ref().unwrap() {
        assert_eq!(s.executions, 200);
        assert_eq!(s.stats["execute count"], 200);
    }
}

/// One CPU for two sessions: the second queues while the first is on CPU
/// (run-queue stretches in its lane), and the workload takes longer than
/// with a CPU each.
#[test]
fn sessions_beyond_the_cpus_queue() {
    let run = |cpus: u32| {
        let steps = quiet_engine().exec(&format!(
            "{LOOKUPS}LAB SET cpu_count = {cpus};\n\
             LAB RUN 'select v from k where id = :1' BIND 1 TO 1000 VIA plsql SESSIONS 2;"
        ));
        ok(&steps);
        last(&steps).clone()
    };
    let (one, two) = (run(1), run(2));
    let queued = |s: &StepOut| -> f64 {
        s.sessions
            .as_ref()
            .unwrap()
            .iter()
            .flat_map(|x| x.timeline.iter())
            .filter(|t| t.2 == 1)
            .map(|t| t.1 - t.0)
            .sum()
    };
    assert!(queued(&one) > 0.0);
    assert_eq!(queued(&two), 0.0);
    assert!(one.elapsed_us > two.elapsed_us * 1.5, "{} vs {}", one.elapsed_us, two.elapsed_us);
    assert_eq!(one.stats["consistent gets"], two.stats["consistent gets"]);
}

/// Input the lab refuses, with LAB errors and no panic.
#[test]
fn refused_workloads() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{LOOKUPS}LAB RUN 'select v from k where id = :1' BIND 1 TO 10 SESSIONS 0;\n\
         LAB SET cpu_count = 1.5;\n\
         LAB RUN 'select v from k where id = :1' BIND 1 TO 10 RUNS 2 SESSIONS 2;\n\
         LAB SET max_script_work = 20000;\n\
         LAB RUN 'select v from k where id = :1' BIND 1 TO 50000000 SESSIONS 64;"
    ));
    let errs: Vec<_> = steps.iter().rev().take(5).rev().map(|s| s.error.as_ref().map(|e| e.code.clone())).collect();
    assert!(errs[0].as_deref().unwrap().starts_with("LAB-"));
    assert!(errs[1].as_deref().unwrap().starts_with("LAB-"));
    assert_eq!(errs[2].as_deref(), Some("LAB-00001"));
    assert!(errs[3].is_none());
    assert!(errs[4].as_deref().unwrap().starts_with("LAB-"), "{:?}", steps.last().unwrap().error);
    // The instance carries on: a later workload runs.
    let steps = e
        .exec("LAB SET max_script_work = 200000000;\nLAB RUN 'select v from k where id = :1' BIND 1 TO 10 SESSIONS 2;");
    ok(&steps);
}

/// The workload sessions are sessions of the instance: V$SESSTAT and
/// V$SESSION_EVENT show each one's figures by SID after the step.
#[test]
fn v_views_see_the_workload_sessions_by_sid() {
    let mut e = quiet_engine();
    let run = "LAB RUN 'select /*+ full(h) */ count(v) from h' VIA plsql SESSIONS 2;\n";
    let steps = e.exec(&format!("{ONE_BLOCK}LAB SET cbc_hold_pin_us = 50;\n{run}{run}"));
    ok(&steps);
    let sids: Vec<u32> = last(&steps).sessions.as_ref().unwrap().iter().map(|s| s.sid).collect();
    let q = format!(
        "select e.sid, e.total_waits from v$session_event e where e.event = 'latch: cache buffers chains';\n\
         select s.value from v$sesstat s, v$statname n where n.statistic# = s.statistic# \
         and n.name = 'execute count' and s.sid = {};",
        sids[1]
    );
    let steps = e.exec(&q);
    ok(&steps);
    let waits = &steps[0].rows;
    assert_eq!(waits.len(), 1, "{waits:?}");
    assert_eq!(waits[0][0], serde_json::json!(sids[1]));
    assert_eq!(steps[1].rows[0][0], serde_json::json!(2));
}

/// samples/concurrency-11g.sql runs: RowCR on, then off, then eight
/// sessions on two CPUs queueing for them.
#[test]
fn the_concurrency_sample() {
    let steps = quiet_engine().exec(include_str!("../../../samples/concurrency-11g.sql"));
    ok(&steps);
    let runs: Vec<&StepOut> = steps.iter().filter(|s| s.sessions.is_some()).collect();
    assert_eq!(runs.len(), 3);
    assert_eq!(stat(runs[0], "RowCR attempts"), 400_000);
    assert_eq!(stat(runs[1], "RowCR attempts"), 0);
    let queued: f64 = runs[2]
        .sessions
        .as_ref()
        .unwrap()
        .iter()
        .flat_map(|s| &s.timeline)
        .filter(|t| t.2 == 1)
        .map(|t| t.1 - t.0)
        .sum();
    assert!(queued > 0.0);
}
