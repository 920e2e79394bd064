//! Robust at a DBA's scale (issue 29): resource limits that hold for every
//! input (memory the budget counts, depth bounds on user-shaped trees) and
//! index maintenance whose real time does not grow with the index.

mod common;
use common::*;
use std::time::Instant;

/// Issue 29: single-row inserts into a table with a primary key took time
/// proportional to the index for each row (the whole tree merged and laid
/// out again per statement): 30,000 rows took 10-14 s and 100,000 158 s.
/// Each entry now goes in at its place and only the leaves from the one it
/// lands in are packed again, so 60,000 rows take about a second (on
/// today's main, over 40 s). The figures are those of a full relayout
/// (`storage/btree/tests_in_place.rs` compares the trees).
#[test]
fn sixty_thousand_single_row_pk_inserts_take_seconds_not_minutes() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number primary key, v varchar2(20));"));
    let t = Instant::now();
    ok(&e.exec("begin for i in 1..60000 loop insert into t values (i, 'row ' || i); end loop; commit; end;\n/"));
    assert!(t.elapsed().as_secs() < 30, "60,000 PK inserts took {:?}", t.elapsed());
    // Random order too (in-place inserts in the middle of the index).
    ok(&e.exec("create table r (id number primary key);"));
    let t = Instant::now();
    ok(&e.exec("begin for i in 1..20000 loop insert into r values (mod(i * 7919, 20011)); end loop; end;\n/"));
    assert!(t.elapsed().as_secs() < 30, "20,000 random PK inserts took {:?}", t.elapsed());
    let s = e.exec("select count(*) from t;\nselect count(*) from r;");
    assert_eq!(s[0].rows[0][0].to_string(), "60000");
    assert_eq!(s[1].rows[0][0].to_string(), "20000");
}

/// Timing harness: `cargo test --profile ci -p lio-core --test robust_scale
/// -- --ignored --nocapture pk_insert_timing`.
#[test]
#[ignore]
fn pk_insert_timing() {
    for n in [10_000u32, 30_000, 100_000] {
        let mut e = quiet_engine();
        ok(&e.exec("create table t (id number primary key, v varchar2(20));"));
        let t = Instant::now();
        let s = e.exec(&format!(
            "begin for i in 1..{n} loop insert into t values (i, 'row ' || i); end loop; commit; end;\n/"
        ));
        ok(&s);
        println!("{n} PK inserts: {:?}", t.elapsed());
    }
}

/// The resident memory of this process, in MB (Linux).
fn rss_mb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    s.split_whitespace().nth(1).and_then(|p| p.parse::<u64>().ok()).unwrap_or(0) * 4096 / (1 << 20)
}

/// Issue 29: each session's consistent-read copy of a table another session
/// changed is a whole table, and was outside the memory budget: a
/// 1,000,000-row table updated by one more session each time trapped wasm
/// at 4 GB after 34 sessions. The copies are counted now; the other
/// sessions' copies are dropped when a new one would not fit (and rebuilt
/// when needed), so 60 sessions here hold at most the budget (64 MB) where
/// today's main held a copy per session (about 8 MB each, 480 MB).
#[test]
fn consistent_read_copies_stay_inside_the_memory_budget() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "LAB SET max_memory_mb = 64;\ncreate table t (id number primary key, v number);\ninsert into t select level, 0 from dual connect by level <= 100000;\ncommit;",
    ));
    let before = rss_mb();
    let mut script = String::new();
    // Each session's row in a block of its own: 60 open transactions in one
    // block would need more ITL slots than its free space holds (Oracle's
    // 35th session would wait on `enq: TX - allocate ITL entry`).
    for k in 1..=60 {
        script.push_str(&format!("LAB SESSION {k};\nupdate t set v = {k} where id = {};\n", k * 1000));
    }
    script.push_str("select sum(v) from t;\n");
    let steps = e.exec(&script);
    ok(&steps);
    // Session 60 sees its own change only.
    assert_eq!(steps.last().unwrap().rows[0][0].to_string(), "60");
    let grown = rss_mb().saturating_sub(before);
    println!("60 sessions: {grown} MB more resident");
    assert!(grown < 200, "60 sessions' consistent-read copies took {grown} MB more");
}

/// A copy that does not fit even alone is refused with the budget's error.
#[test]
fn a_consistent_read_copy_past_the_budget_is_lab_00034() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number primary key, v number);\ninsert into t select level, 0 from dual connect by level <= 100000;\ncommit;\nLAB SESSION 2;\nupdate t set v = 1 where id = 1;",
    ));
    // The table takes about 4 MB (its packed rows, 2 MB, and its index's
    // entries); its copy would not fit in 6.
    let s = e.exec("LAB SESSION 1;\nLAB SET max_memory_mb = 6;\nselect count(*) from t where v = 0;");
    assert_eq!(error_of(&s[2]).0, "LAB-00034");
    // With room again the query runs (the copy leaves session 2's change out).
    let s = e.exec("LAB SET max_memory_mb = 1024;\nselect count(*) from t where v = 0;");
    ok(&s);
    assert_eq!(s[1].rows[0][0].to_string(), "100000");
}

/// DBMS_OUTPUT's buffer is the lab's memory: 200,000 lines of 32 KB trapped
/// wasm at 4 GB. SQL*Plus's SET SERVEROUTPUT ON is SIZE UNLIMITED (10g R2
/// on), so the budget bounds it, at the PUT_LINE that passed it.
#[test]
fn dbms_output_lines_are_counted_in_the_memory_budget() {
    let mut e = quiet_engine();
    let s = e.exec(
        "set serveroutput on\nLAB SET max_memory_mb = 16;\nbegin\n  for i in 1..200000 loop\n    dbms_output.put_line(rpad('x', 32767, 'x'));\n  end loop;\nend;\n/\nselect 1 from dual;",
    );
    assert_eq!(error_of(&s[2]), ("LAB-00034", 5, 5));
    ok(&s[3..]);
    // Below the budget the lines are all there.
    let s = e.exec("begin for i in 1..100 loop dbms_output.put_line(rpad('x', 32767, 'x')); end loop; end;\n/");
    ok(&s);
    assert_eq!(s[0].output.len(), 100);
}

/// Limits past what the wasm module can hold are refused, quoting the range.
#[test]
fn lab_limits_are_capped_at_what_the_module_can_hold() {
    let mut e = quiet_engine();
    let s = e.exec(
        "LAB SET max_memory_mb = 100000;\nLAB SET max_statement_work = 1e30;\n  LAB SET max_script_work = 1e16;\nLAB SET max_memory_mb = 3072;\nLAB SET max_script_work = 1e15;",
    );
    assert_eq!(error_of(&s[0]), ("LAB-00011", 1, 9));
    let m = &s[0].error.as_ref().unwrap().message;
    assert!(m.contains("between 0 and 3072") && m.contains("4 GB"), "{m}");
    assert_eq!(error_of(&s[1]), ("LAB-00011", 2, 9));
    assert!(s[1].error.as_ref().unwrap().message.contains("between 0 and 1000000000000000"));
    assert_eq!(error_of(&s[2]), ("LAB-00011", 3, 11));
    ok(&s[3..]);
}

/// A FROM list of thousands of tables recursed past the stack (about
/// 2,600 `dual`s trapped wasm, 2,000 overflowed a 1 MiB native stack) in a
/// query, a PL/SQL block, an inline view and LAB RUN. Oracle sets no limit;
/// the lab refuses more than 1,024 table references in one statement, at
/// the 1,025th, and runs 1,024.
#[test]
fn a_from_list_of_thousands_of_tables_is_refused_at_the_table_past_the_limit() {
    let list = |n: usize| (1..n).map(|i| format!(", dual d{i}")).collect::<String>();
    // Column of the 1,025th table reference (the inline view is one).
    let col = |sql: &str, nth: usize| (sql.find(&format!(", dual d{nth},")).unwrap() + 3) as u32;
    let big = list(2600);
    let plain = format!("select count(*) from dual d0{big};");
    let inline = format!("select count(*) from (select * from dual d0{big});");
    let cases = [
        (plain.clone(), col(&plain, 1024)),
        (inline.clone(), col(&inline, 1023)),
        (format!("LAB RUN 'select count(*) from dual d0{big}' BIND 1 TO 2;"), 0),
        (format!("declare n number;\nbegin\nselect count(*) into n from dual d0{big};\nend;\n/"), 0),
    ];
    for (sql, column) in &cases {
        let mut e = quiet_engine();
        let s = e.exec(&format!("{sql}\nselect 1 from dual;"));
        let (code, _, c) = error_of(&s[0]);
        assert!(code == "LAB-00041" || code == "ORA-06550", "{code} for {}", &sql[..40]);
        assert!(s[0].error.as_ref().unwrap().message.contains("more than 1024 tables"), "{:?}", s[0].error);
        if *column > 0 {
            assert_eq!(c, *column, "{}", &sql[..40]);
        }
        ok(&s[1..]);
    }
    // 1,024 tables run.
    let mut e = quiet_engine();
    let s = e.exec(&format!("select count(*) from dual d0{};", list(1024)));
    ok(&s);
    assert_eq!(s[0].rows[0][0].to_string(), "1");
}

/// Expression chains at the parser's depth bound (1,000 levels) fit the
/// stack the engine runs on (8 MiB in wasm, engine-wasm/wasm/build.rs): an
/// `AND` of 825 `EXISTS` and chains of 990 `AND`, `OR`, `+`, `||` trapped
/// wasm's former 1 MiB (tests/fuzz/pathological checks them in wasm).
#[test]
fn expression_chains_at_the_depth_bound_run_on_an_8_mib_stack() {
    let t = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(|| {
            let chain = |first: &str, op: &str, n: usize| {
                std::iter::once(first.to_string()).chain((1..n).map(|_| format!(" {op} {first}"))).collect::<String>()
            };
            let cases = [
                format!("select count(*) from dual where {};", chain("exists (select 1 from dual)", "and", 825)),
                format!("select count(*) from dual where {};", chain("1 = 1", "and", 990)),
                format!("select count(*) from dual where {};", chain("1 = 0", "or", 990)),
                format!("select {} from dual;", chain("1", "+", 990)),
                format!("select length({}) from dual;", chain("'a'", "||", 990)),
            ];
            let mut out = Vec::new();
            for sql in cases {
                let mut e = quiet_engine();
                let s = e.exec(&sql);
                ok(&s);
                out.push(s[0].rows[0][0].to_string());
            }
            out
        })
        .unwrap();
    assert_eq!(t.join().unwrap(), vec!["1", "1", "0", "990", "990"]);
}

/// REPLACE multiplies a string's length: two nested REPLACEs of 32,767
/// characters by 32,767 would be 35 TB, and one is 1 GB (both trapped).
/// The result's length is found before it is built: past the lab's
/// 32,767-byte strings it is ORA-01489 at the function.
#[test]
fn a_replace_past_the_string_limit_is_refused_before_it_is_built() {
    let mut e = quiet_engine();
    let s = e.exec(
        "select length(replace(rpad('x', 32767, 'x'), 'x', rpad('y', 32767, 'y'))) from dual;\nselect length(replace(rpad('x', 100, 'x'), 'x', 'yy')) from dual;",
    );
    assert_eq!(error_of(&s[0]), ("ORA-01489", 1, 15));
    ok(&s[1..]);
    assert_eq!(s[1].rows[0][0].to_string(), "200");
}
