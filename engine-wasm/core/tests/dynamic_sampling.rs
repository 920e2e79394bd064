//! Dynamic sampling of a table that was never analysed (`optimizer/
//! dyn_sampling.rs`): the Note DBMS_XPLAN and autotrace print, per release;
//! `optimizer_dynamic_sampling` and the DYNAMIC_SAMPLING hint; no sampling
//! once DBMS_STATS has gathered the table.

mod common;
use common::*;
use lio_core::{Engine, StepOut};

/// Ten rows, N = mod(level, 5): each of 0..4 twice. One data block.
const SETUP: &str = "create table t (n number, pad varchar2(20));\n\
     insert into t select mod(level, 5), 'x' from dual connect by level <= 10;\n\
     commit;\n";

fn engine(version: &str) -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("lab version {version};\nlab set dyn_sampling_query = on;\n{SETUP}")));
    e
}

/// The PLAN_TABLE_OUTPUT rows of the last step.
fn output(steps: &[StepOut]) -> Vec<String> {
    ok(steps);
    steps.last().unwrap().rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect()
}

fn display(e: &mut Engine, q: &str) -> Vec<String> {
    output(&e.exec(&format!("explain plan for {q}\nselect * from table(dbms_xplan.display);")))
}

/// DBMS_XPLAN.DISPLAY without 19c's Hint Report (`-HINT_REPORT`).
fn display_no_hint_report(e: &mut Engine, q: &str) -> Vec<String> {
    output(
        &e.exec(&format!("explain plan for {q}\nselect * from table(dbms_xplan.display(format => '-HINT_REPORT'));")),
    )
}

/// The Note section's lines (after `Note` and its rule), empty when none.
fn note(out: &[String]) -> Vec<String> {
    match out.iter().position(|l| l == "Note") {
        Some(i) => out[i + 2..].iter().take_while(|l| !l.is_empty()).cloned().collect(),
        None => Vec::new(),
    }
}

/// T never analysed, sampled whole at level 2 (10 rows, 1 block, well
/// under the 64 blocks level 2 samples): N = 3 holds on 2 of the 10
/// rows, E-Rows 2. Bytes: N 2 bytes + PAD 2 + 1 = 5 a row, 10. The full
/// scan: ceil(1 / 8 x 26 / 12) + 1 = 2, its CPU rounding away: Cost 2.
/// 18c prints 12c's Note.
#[test]
fn unanalysed_table_is_sampled_and_the_plan_says_so() {
    let mut e = engine("18c");
    let out = display(&mut e, "select * from t where n = 3;");
    assert_eq!(
        out,
        [
            "Plan hash value: 3178732680",
            "",
            "--------------------------------------------------------------------------",
            "| Id  | Operation         | Name | Rows  | Bytes | Cost (%CPU)| Time     |",
            "--------------------------------------------------------------------------",
            "|   0 | SELECT STATEMENT  |      |     2 |    10 |     2   (0)| 00:00:01 |",
            "|*  1 |  TABLE ACCESS FULL| T    |     2 |    10 |     2   (0)| 00:00:01 |",
            "--------------------------------------------------------------------------",
            "",
            "Predicate Information (identified by operation id):",
            "---------------------------------------------------",
            "",
            "   1 - filter(\"N\"=3)",
            "",
            "Note",
            "-----",
            "   - dynamic statistics used: dynamic sampling (level=2)",
        ]
    );
    // Autotrace prints the same Note under its plan.
    let s = e.exec("set autotrace traceonly explain\nselect * from t where n = 3;\nset autotrace off");
    ok(&s);
    assert_eq!(note(&s[1].xplan), ["   - dynamic statistics used: dynamic sampling (level=2)"]);
    // Gathered: no sampling, no Note.
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    let out = display(&mut e, "select * from t where n = 3;");
    assert!(note(&out).is_empty(), "{out:#?}");
    assert!(out.last().unwrap().contains("filter"), "{out:#?}");
}

/// The Note's wording per release: 10.2 and 11.1 without the level, 11.2
/// with it, 12c's "dynamic statistics" from 12.1 (the lab's 18c and 19c).
#[test]
fn note_wording_per_release() {
    for (version, want) in [
        ("10.2.0.5", "   - dynamic sampling used for this statement"),
        ("11.1.0.7", "   - dynamic sampling used for this statement"),
        ("11.2.0.2", "   - dynamic sampling used for this statement (level=2)"),
        ("19c", "   - dynamic statistics used: dynamic sampling (level=2)"),
    ] {
        let mut e = engine(version);
        assert_eq!(note(&display(&mut e, "select * from t;")), [want], "{version}");
    }
}

/// display_cursor: the Note first, then the warning that ALLSTATS found
/// no rowsource statistics (the order Oracle prints them in).
#[test]
fn display_cursor_note_before_the_statistics_warning() {
    let mut e = engine("11.2.0.2");
    let out =
        output(&e.exec(
            "select count(*) from t;\nselect * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));",
        ));
    assert_eq!(
        note(&out),
        [
            "   - dynamic sampling used for this statement (level=2)",
            "   - Warning: basic plan statistics not available. These are only collected when:",
            "       * hint 'gather_plan_statistics' is used for the statement or",
            "       * parameter 'statistics_level' is set to 'ALL', at session or system level",
        ]
    );
}

/// 10g+ CREATE INDEX computes the index's statistics, not the table's:
/// the table is still sampled. 12c's CTAS gathers the table's statistics
/// as it loads (online statistics gathering): no sampling; 11.2's does not.
#[test]
fn index_statistics_do_not_stop_sampling_but_a_12c_ctas_does() {
    let mut e = engine("19c");
    ok(&e.exec("create index t_n on t (n);"));
    assert_eq!(note(&display(&mut e, "select * from t where n = 3;")).len(), 1);
    ok(&e.exec("create table c as select * from t;"));
    assert!(note(&display(&mut e, "select * from c;")).is_empty());
    let mut e = engine("11.2.0.2");
    ok(&e.exec("create table c as select * from t;"));
    assert_eq!(note(&display(&mut e, "select * from c;")).len(), 1);
}

/// Level 0 (the parameter or the hint) leaves an unanalysed table to
/// Oracle's default statistics, which the lab does not model: refused,
/// as is level 1 (OFE 9.2.0's default). Levels 3 to 11 are refused where
/// they are written; 12 is out of Oracle's range (ORA-00068). A table
/// with statistics is not sampled at any level.
#[test]
fn levels_the_lab_does_not_model_are_refused() {
    let mut e = engine("19c");
    let s = e.exec("select /*+ dynamic_sampling(t 0) */ * from t;");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
    let s = e.exec("select /*+ dynamic_sampling(4) */ * from t;");
    assert_eq!(error_of(&s[0]), ("LAB-00001", 1, 29));
    let s = e.exec("alter session set optimizer_dynamic_sampling = 3;");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
    // Each is refused by what it would do: 11 is 12c's automatic choice.
    let s = e.exec("alter session set optimizer_dynamic_sampling = 11;");
    let (code, msg) = (error_of(&s[0]).0, &s[0].error.as_ref().unwrap().message);
    assert_eq!(code, "LAB-00001");
    assert!(msg.contains("= 11, automatic dynamic statistics (12c)"), "{msg}");
    let s = e.exec("alter session set optimizer_dynamic_sampling = 4;");
    assert!(s[0].error.as_ref().unwrap().message.contains("two or more of their columns"));
    let s = e.exec("alter session set optimizer_dynamic_sampling = 12;");
    assert_eq!(error_of(&s[0]).0, "ORA-00068");
    // The hint at level 2 is the default: sampled, the Note. 19c prints
    // a Hint Report under a hinted plan (refused: tests/hint_report.rs),
    // so the plan is shown without it.
    let hinted = "explain plan for select /*+ dynamic_sampling(t 2) */ * from t;";
    let s = e.exec(&format!("{hinted}\nselect * from table(dbms_xplan.display);"));
    assert_eq!(error_of(&s[1]).0, "LAB-00001");
    assert_eq!(note(&display_no_hint_report(&mut e, "select /*+ dynamic_sampling(t 2) */ * from t;")).len(), 1);
    ok(&e.exec("alter session set optimizer_dynamic_sampling = 0;"));
    let s = e.exec("select * from t;");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
    // OFE 9.2.0 implies level 1 unless the parameter is set.
    ok(&e.exec("alter session set optimizer_dynamic_sampling = 2;"));
    assert_eq!(
        note(&display_no_hint_report(&mut e, "select /*+ optimizer_features_enable('9.2.0') */ * from t;")).len(),
        1
    );
    let mut e = engine("19c");
    let s = e.exec("select /*+ optimizer_features_enable('9.2.0') */ * from t;");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
    // Statistics gathered: level 0 changes nothing, no Note.
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')\nalter session set optimizer_dynamic_sampling = 0;"));
    assert!(note(&display(&mut e, "select * from t;")).is_empty());
}

/// An UPDATE or DELETE of a table never analysed samples it as a query
/// does: its autotrace plan and display_cursor print the Note (as a
/// published 11.2 autotrace of `update t set id=99` on a table never
/// analysed shows under its UPDATE STATEMENT plan).
#[test]
fn dml_plans_print_the_note() {
    let mut e = engine("11.2.0.2");
    let s = e.exec("set autotrace traceonly explain\nupdate t set n = 1 where n = 3;\nset autotrace off");
    ok(&s);
    assert!(s[1].xplan.iter().any(|l| l.contains("UPDATE STATEMENT")), "{:#?}", s[1].xplan);
    assert_eq!(note(&s[1].xplan), ["   - dynamic sampling used for this statement (level=2)"]);
    let out = output(&e.exec("delete from t where n = 4;\nselect * from table(dbms_xplan.display_cursor);"));
    assert_eq!(note(&out), ["   - dynamic sampling used for this statement (level=2)"]);
}

/// The sample's own work at the hard parse (session/dyn_sampling.rs): a
/// recursive `SELECT /* OPT_DYN_SAMP */` that reads T (one data block,
/// under 64: whole, no SAMPLE clause). Hand-checked: T's dictionary rows
/// are cached by the INSERT's parse, so the first run's one recursive
/// call is the sample's; its gets are those of a full scan of T with one
/// fetch, 4 (the lab's `select /*+ full(t) */ count(*) from t`: segment
/// header and the block); its hard parse is the second hard parse. The
/// second run is a soft parse: no sample, no recursive call, 4 fewer gets.
#[test]
fn the_sample_is_a_recursive_query_of_the_first_hard_parse() {
    let mut e = engine("11.2.0.2");
    let s = e.exec("set autotrace traceonly statistics\nselect * from t where n = 3;\nselect * from t where n = 3;\nset autotrace off");
    ok(&s);
    let (first, second) = (&s[1], &s[2]);
    assert_eq!(stat(first, "recursive calls"), 1);
    assert_eq!(stat(second, "recursive calls"), 0);
    assert_eq!(stat(first, "parse count (hard)"), 2);
    assert_eq!(stat(second, "parse count (hard)"), 0);
    assert_eq!(stat(first, "consistent gets") - stat(second, "consistent gets"), 4);
    // The sample's gets are a one-fetch full scan's of T.
    let s = e.exec("set autotrace traceonly statistics\nselect /*+ full(t) */ count(*) from t;\nselect /*+ full(t) */ count(*) from t;\nset autotrace off");
    ok(&s);
    assert_eq!(stat(&s[2], "consistent gets"), 4);
    // The recursive cursor is in V$SQL: run once per hard parse that
    // sampled T (the statement above and the two of this test), its text
    // Oracle's without the hints the lab does not model.
    let rows =
        text_rows(&mut e, "select executions, sql_text from v$sql where sql_text like 'SELECT /* OPT_DYN_SAMP */%'");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0][0], "2");
    assert!(rows[0][1].ends_with("1 AS C1, 1 AS C2 FROM \"LAB\".\"T\" \"T\") SAMPLESUB"), "{}", rows[0][1]);
    // Gathered: a new statement's hard parse samples nothing.
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')\nselect * from t where n = 4;"));
    let rows = text_rows(&mut e, "select executions from v$sql where sql_text like 'SELECT /* OPT_DYN_SAMP */%'");
    assert_eq!(rows, [["2"]]);
}

/// A table over 64 blocks is sampled by 64 of its blocks: the recursive
/// query's SAMPLE BLOCK percentage is 64 of its blocks below the HWM, and
/// it reads fewer blocks than a full scan.
#[test]
fn a_table_over_64_blocks_is_read_by_a_block_sample() {
    let mut e = engine("11.2.0.2");
    ok(&e.exec("create table big as select level id, rpad('x', 100) pad from dual connect by level <= 10000;"));
    let s = e.exec(
        "set autotrace traceonly statistics\nselect count(*) from big;\nselect count(*) from big;\nset autotrace off",
    );
    ok(&s);
    let rows = text_rows(&mut e, "select sql_text from v$sql where sql_text like 'SELECT /* OPT_DYN_SAMP */%BIG%'");
    assert_eq!(rows.len(), 1, "{rows:?}");
    let text = &rows[0][0];
    let at = text.find("SAMPLE BLOCK (").expect(text) + "SAMPLE BLOCK (".len();
    let pct: f64 = text[at..].split(')').next().unwrap().parse().unwrap();
    // 10,000 rows of 105 bytes: 155 blocks below the HWM (and the header).
    let blocks = (64.0 * 100.0 / pct).round() as u64;
    assert!((150..=160).contains(&blocks), "{text}");
    let extra = stat(&s[1], "consistent gets") - stat(&s[2], "consistent gets");
    assert!(extra < stat(&s[2], "consistent gets"), "{extra}");
}
