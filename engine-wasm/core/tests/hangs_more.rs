//! Long-running inputs found by the 1-hour fuzz after issue 29's first
//! round, and their siblings: each now ends in seconds (or is refused
//! with a positioned error), never runs for minutes.

mod common;
use common::*;

/// Run `f` on a thread with a 4 MiB stack (the wasm engine runs on V8's
/// stack, about 1 MB; native frames are larger).
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(4 << 20).spawn(f).unwrap().join().unwrap()
}

/// A UNION ALL of 60 branches (45 inside a subquery) was refused as "nesting deeper than 200
/// levels": each branch was parsed inside the previous one. A chain of
/// set operators is a list: 60 (and 500) branches run; a real nesting
/// of 60 subqueries is still refused.
#[test]
fn a_long_union_all_chain_is_not_nesting() {
    let out = on_small_stack(|| {
        let mut e = quiet_engine();
        let branches: Vec<String> = (1..=60).map(|i| format!("select {i} n from dual")).collect();
        let many: Vec<String> = (1..=500).map(|i| format!("select {i} n from dual")).collect();
        let mut deep = String::from("select 1 from dual");
        for _ in 0..60 {
            deep = format!("select * from ({deep})");
        }
        e.exec(&format!(
            "select count(*), sum(n) from ({});\nselect count(*), sum(n) from ({});\n{deep};",
            branches.join(" union all "),
            many.join(" union all ")
        ))
    });
    ok(&out[..2]);
    assert_eq!(out[0].rows[0][0].to_string(), "60");
    assert_eq!(out[0].rows[0][1].to_string(), "1830");
    assert_eq!(out[1].rows[0][0].to_string(), "500");
    assert_eq!(out[1].rows[0][1].to_string(), "125250");
    let err = out[2].error.as_ref().expect("deep nesting refused");
    assert!(err.message.contains("nesting deeper than 200"), "{}", err.message);
}

/// V$SQL kept up to 10,000 full SQL texts outside the memory budget
/// (10,000 texts of 32 KB: 640 MB). Its texts now count in the budget:
/// with `max_memory_mb = 16`, 600 distinct 32 KB statements (38 MB of
/// text) age the shared pool's cursors out and what V$SQL holds stays
/// under the budget; short texts are all kept, as before.
#[test]
fn the_sql_area_counts_in_the_memory_budget() {
    let mut e = quiet_engine();
    let out = e.exec(
        "LAB SET max_memory_mb = 16;\n\
         declare n number; s varchar2(32767) := rpad('x', 32000, 'x');\n\
         begin\n  for i in 1 .. 600 loop\n    execute immediate 'select ' || i || ' /* ' || s || ' */ from dual' into n;\n  end loop;\nend;\n/\n\
         select count(*), nvl(sum(length(sql_fulltext)), 0) from v$sql where sql_fulltext like 'select %/* xxx%';\n\
         begin\n  for i in 1 .. 300 loop\n    execute immediate 'select ' || i || ' from dual where 0 = 1';\n  end loop;\nend;\n/\n\
         select count(*) from v$sql where sql_text like 'select % from dual where 0 = 1';",
    );
    ok(&out);
    let count: f64 = out[2].rows[0][0].to_string().parse().unwrap();
    let bytes: f64 = out[2].rows[0][1].to_string().parse().unwrap();
    assert!(count > 0.0 && count < 600.0, "{count} long texts kept");
    assert!(bytes < 16.0 * 1048576.0, "{bytes} bytes of text kept");
    assert_eq!(out[4].rows[0][0].to_string(), "300");
}

/// LIKE and INSTR over 32 KB strings in a PL/SQL loop ran past 120 s: the
/// characters they examined were not work (a loop step was 10 units
/// whatever its strings). They are charged now, one unit per 32
/// characters, so such a loop ends with the work limit in seconds: 2,000
/// steps of LIKE or INSTR over 32,000 characters pass a limit of
/// 1,000,000 units (on main they were 20,000-60,000 units). LIKE has no
/// quadratic or exponential case: a pattern as long as the text, or
/// `%a%a%...%b`, is one pass.
#[test]
fn like_and_instr_over_32k_strings_are_charged_as_work() {
    let mut e = quiet_engine();
    let out = e.exec(
        "set serveroutput on\n\
         LAB SET max_statement_work = 1000000;\n\
         declare s varchar2(32767) := rpad('a', 32000, 'a'); n number := 0;\n\
         begin\n  for i in 1 .. 2000 loop\n    if s like '%a%a%a%a%a%a%a%a%b' then n := n + 1; end if;\n  end loop;\nend;\n/\n\
         declare s varchar2(32767) := rpad('a', 32000, 'a'); n number := 0;\n\
         begin\n  for i in 1 .. 2000 loop\n    n := n + instr(s, 'aaab');\n  end loop;\nend;\n/\n\
         LAB SET max_statement_work = 50000000;\n\
         declare s varchar2(32767) := rpad('a', 32000, 'a'); n number := 0;\n\
         begin\n  for i in 1 .. 20 loop\n    if s like s then n := n + 1; end if;\n    if s like '%a%a%a%a%a%a%a%a%b' then n := n - 100; end if;\n    if s like 'a_a%a_' || '%' then n := n + 1; end if;\n  end loop;\n  dbms_output.put_line(n);\nend;\n/",
    );
    assert_eq!(error_of(&out[2]).0, "LAB-00033");
    assert_eq!(error_of(&out[3]).0, "LAB-00033");
    ok(&out[4..]);
    assert_eq!(out[5].output, vec!["40".to_string()]);
}

/// 40,000 PL/SQL declarations took over 120 s: each expression compiled
/// copied every variable's name. The names are read in place now.
#[test]
fn forty_thousand_declarations_run_in_seconds() {
    let mut e = quiet_engine();
    let mut src = String::from("set serveroutput on\ndeclare\n");
    for i in 0..40_000 {
        src.push_str(&format!("  v{i} number := {i};\n"));
    }
    src.push_str("begin\n  dbms_output.put_line(v0 + v39999);\nend;\n/");
    let t0 = std::time::Instant::now();
    let out = e.exec(&src);
    ok(&out);
    assert_eq!(out[1].output, vec!["39999".to_string()]);
    // On main: over 120 s (quadratic copying); now about 3 s.
    assert!(t0.elapsed().as_secs() < 60, "{:?}", t0.elapsed());
}

/// A loop assigning the first of 40,000 variables scanned them all at each
/// step, uncharged (5,000,000 steps allowed: hours). The scope a step
/// searches is work now (one unit per 128 entries; a NUMBER variable is
/// two, its name and its declared type): with `max_statement_work =
/// 5000000`, 20,000 steps pass the limit (on main they were 200,000
/// units), and with the default limit the loop ends in seconds.
#[test]
fn a_loop_in_a_block_of_40000_variables_is_charged_for_its_scope() {
    let mut e = quiet_engine();
    let mut src = String::from("LAB SET max_statement_work = 5000000;\ndeclare\n");
    for i in 0..40_000 {
        src.push_str(&format!("  v{i} number;\n"));
    }
    src.push_str("begin\n  for i in 1 .. 20000 loop\n    v0 := i;\n  end loop;\nend;\n/");
    let out = e.exec(&src);
    assert_eq!(error_of(&out[1]).0, "LAB-00033");
}
