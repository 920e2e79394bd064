//! One instance, several sessions: `LAB SESSION n` switches the script's
//! session; each session has its own statistics and cursors, and shares the
//! buffer cache, its latches, the row cache and the library cache.

mod common;
use common::*;

const SETUP: &str = "\
create table t (id number primary key, v varchar2(10));
insert into t select level, 'x' from dual connect by level <= 10;
commit;
";

#[test]
fn each_session_reports_its_own_statistics() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let steps = e.exec(
        "select v from t where id = 3;\n\
         select v from t where id = 3;\n\
         LAB SESSION 2;\n\
         select v from t where id = 3;\n\
         select v from t where id = 3;\n\
         LAB SESSION 1;\n\
         select v from t where id = 3;",
    );
    ok(&steps);
    let (s1_first, s1_again, switch, s2_first, s2_again, back, s1_third) =
        (&steps[0], &steps[1], &steps[2], &steps[3], &steps[4], &steps[5], &steps[6]);
    // A 10-row table: the index is one leaf (its root), then the table block.
    for s in [s1_again, s2_again, s1_third] {
        assert_eq!(stat(s, "consistent gets"), 2, "{}", s.statement);
        assert_eq!(stat(s, "consistent gets examination"), 2);
        assert_eq!(stat(s, "index fetch by key"), 1);
        assert_eq!(stat(s, "table fetch by rowid"), 1);
        assert_eq!(stat(s, "execute count"), 1);
        assert_eq!(stat(s, "parse count (total)"), 1);
        assert_eq!(stat(s, "session cursor cache hits"), 1);
        assert_eq!(stat(s, "parse count (hard)"), 0);
        assert_eq!(stat(s, "recursive calls"), 0);
    }
    // Session 1's first run hard-parsed; session 2 finds the shared cursor:
    // a soft parse, no recursive SQL, no session cursor cache hit.
    assert_eq!(stat(s1_first, "parse count (hard)"), 1);
    assert_eq!(stat(s2_first, "parse count (hard)"), 0);
    assert_eq!(stat(s2_first, "parse count (total)"), 1);
    assert_eq!(stat(s2_first, "session cursor cache hits"), 0);
    assert_eq!(stat(s2_first, "recursive calls"), 0);
    assert_eq!(stat(s2_first, "consistent gets"), 2);
    assert_eq!(switch.output, vec!["Session 2 (SID 11)".to_string()]);
    assert_eq!(back.output, vec!["Session 1 (SID 10)".to_string()]);
    // Each session's cumulative counters (V$SESSTAT) are its own.
    let s1 = e.session_number(1).unwrap();
    let s2 = e.session_number(2).unwrap();
    assert_eq!(s2.stats.calls.execute_count, 2);
    assert_eq!(s2.stats.gets.consistent_gets(), 4);
    assert_eq!(s2.stats.access.index_fetch_by_key, 2);
    assert!(s1.stats.calls.execute_count > 3, "session 1 also ran the setup");
    assert_eq!(e.session().sid, 10);
}

#[test]
fn sessions_share_one_clock_and_connect_gives_a_fresh_session() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let t1 = e.session().cost.now_us();
    ok(&e.exec("LAB SESSION 2;"));
    // A new session starts at the instance's time, not at zero.
    assert!(e.session().cost.now_us() >= t1);
    let steps = e.exec("set arraysize 50\nconnect lab/lab\nselect v from t where id = 3;");
    ok(&steps);
    assert_eq!(steps[1].feedback.as_deref(), Some("Connected."));
    assert_eq!(e.session().sid, 12, "a fresh SID");
    assert_eq!(e.session().stats.calls.execute_count, 1, "fresh statistics");
    assert_eq!(stat(&steps[2], "parse count (total)"), 1);
    assert_eq!(stat(&steps[2], "session cursor cache hits"), 0, "no cursors carried over");
}

#[test]
fn ddl_in_one_session_invalidates_the_other_sessions_cursors() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("select v from t where id = 3;\nLAB SESSION 2;\nselect v from t where id = 3;"));
    ok(&e.exec("create index t_v on t (v);\nLAB SESSION 1;"));
    let steps = e.exec("select v from t where id = 3;");
    ok(&steps);
    assert_eq!(stat(&steps[0], "parse count (hard)"), 1);
    assert_eq!(stat(&steps[0], "session cursor cache hits"), 0);
}
