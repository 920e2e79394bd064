//! `SAMPLE [BLOCK] (p) [SEED (n)]` (exec/row_source/sample.rs,
//! optimizer/access_path/sample.rs): Nyffenegger's published plan, the
//! sample's size and repeatability, block sampling's reads, the index
//! sample (Dyke) and the errors.

mod common;
use common::*;
use lio_core::StepOut;
use lio_sql::ora;

fn first<'a>(steps: &'a [StepOut], text: &str, nth: usize) -> &'a StepOut {
    steps.iter().filter(|s| s.statement.trim_start().starts_with(text)).nth(nth).expect(text)
}

fn count(s: &StepOut) -> u64 {
    row_strings(s)[0].trim().parse().expect("a count")
}

/// renenyffenegger.ch: TABLE ACCESS SAMPLE, Rows 9 (90 sampled rows, the
/// filter's 0.0991 of them), byte for byte as published; SEED repeats its
/// sample; SAMPLE BLOCK (50) reads about half the blocks.
#[test]
fn nyffenegger_table_access_sample() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/nyffenegger-table-access-sample.sql"));
    for s in &steps {
        assert!(s.error.is_none(), "{}: {:?}", s.statement, s.error);
    }
    let x = first(&steps, "select * from table(dbms_xplan.display", 0);
    let text: Vec<&str> = x.rows.iter().filter_map(|r| r[0].as_str()).collect();
    assert!(text.contains(&"|   0 | SELECT STATEMENT    |          |     9 |"), "{text:#?}");
    assert!(text.contains(&"|   1 |  TABLE ACCESS SAMPLE| TQ84_SMP |     9 |"), "{text:#?}");
    let (a, b) = (
        first(&steps, "select count(*) from tq84_smp sample (10)", 0),
        first(&steps, "select count(*) from tq84_smp sample (10)", 1),
    );
    assert_eq!(count(a), count(b));
    assert!((70..=130).contains(&count(a)), "{}", count(a));
    let full = steps.iter().find(|s| s.statement.trim() == "select count(*) from tq84_smp").expect("full");
    let block = first(&steps, "select count(*) from tq84_smp sample block", 0);
    assert!((350..=650).contains(&count(block)), "{}", count(block));
    // A row sample reads every block, a block sample about half of them.
    let gets = |s: &StepOut| stat(s, "consistent gets");
    // (The first sample's execution also has its hard parse's gets.)
    assert_eq!(gets(b), gets(full), "{} {} {} {}", gets(a), gets(b), gets(full), gets(block));
    assert!(gets(block) < gets(full), "{} vs {}", gets(block), gets(full));
}

/// E-Rows is NUM_ROWS * p / 100 (of a join's sampled table too); the
/// sampled count is near it.
#[test]
fn e_rows_and_join() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t as select level id, mod(level, 10) g, rpad('x', 50) pad from dual connect by level <= 20000;\n\
         create table d as select level g from dual connect by level <= 10;\n\
         exec dbms_stats.gather_table_stats(user, 'T')\nexec dbms_stats.gather_table_stats(user, 'D')",
    ));
    let plan = plan_of(&mut e, "select * from t sample (2.5) where g = 1;");
    let l = lines(&plan);
    assert_eq!(l[1].0, "TABLE ACCESS SAMPLE T");
    // 20000 * 0.025 = 500, then g = 1 (1 of 10): 50.
    assert_eq!(l[1].1, 50, "{l:?}");
    let n: u64 = scalar(&mut e, "select count(*) from t sample (2.5) seed (1);").trim().parse().unwrap();
    assert!((400..=600).contains(&n), "{n}");
    let j =
        op_names(&e.exec("set autotrace traceonly explain\nselect * from t sample block (10), d where t.g = d.g;")[1]);
    assert!(j.iter().any(|o| o.contains("TABLE ACCESS SAMPLE")), "{j:?}");
}

/// Julian Dyke's INDEX (SAMPLE FAST FULL SCAN): with INDEX_FFS, and
/// chosen on its own for a count over a smaller NOT NULL index.
#[test]
fn index_sample_fast_full_scan() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (c1 number not null, pad varchar2(200));\ncreate index i1 on t1 (c1);\n\
         insert into t1 select level, rpad('x', 200) from dual connect by level <= 5000;\ncommit;\n\
         exec dbms_stats.gather_table_stats(user, 'T1')",
    ));
    let plan = plan_of(&mut e, "select /*+ index_ffs (t1 i1) */ c1 from t1 sample (10);");
    assert_eq!(lines(&plan)[1].0, "INDEX SAMPLE FAST FULL SCAN I1");
    let plan = plan_of(&mut e, "select count(*) from t1 sample (10);");
    assert_eq!(lines(&plan)[2].0, "INDEX SAMPLE FAST FULL SCAN I1", "{:?}", lines(&plan));
    assert_eq!(lines(&plan)[2].1, 500);
    let n: u64 = scalar(&mut e, "select count(*) from t1 sample (10) seed (5);").trim().parse().unwrap();
    assert!((400..=600).contains(&n), "{n}");
    let n: u64 = scalar(&mut e, "select count(*) from t1 sample block (20) seed (5);").trim().parse().unwrap();
    assert!((200..=2000).contains(&n), "{n}");
}

/// ORA-30562 outside [0.000001, 100); what the lab does not sample is
/// refused by name.
#[test]
fn errors() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (n number);"));
    let s = e.exec(
        "select * from t sample (100);\nselect * from t sample (0);\nselect * from dual sample (5);\n\
         select * from user_tables sample (5);\nselect * from t sample (5, 1);",
    );
    assert_eq!(s[0].error.as_ref().map(|e| e.code.as_str()), Some(ora::SAMPLE_PERCENT_RANGE.code().as_str()));
    assert_eq!(s[1].error.as_ref().map(|e| e.code.as_str()), Some(ora::SAMPLE_PERCENT_RANGE.code().as_str()));
    for x in &s[2..] {
        assert_eq!(
            x.error.as_ref().map(|e| e.code.as_str()),
            Some(ora::LAB_UNSUPPORTED.code().as_str()),
            "{}",
            x.statement
        );
    }
}
