//! Depth and size bounds on what a user's script shapes (issue 29): every
//! recursion over a user-shaped tree, and every allocation that grows with
//! user input, is bounded with a positioned error, never a trap.
//!
//! The wasm engine runs on V8's stack (about 1 MB on a thread's default),
//! where native frames are several times larger than wasm's: the deep
//! cases here run on a 4 MiB thread, and tests/fuzz/pathological/ runs the
//! same shapes in wasm (`npm run fuzz -- --family pathological`), where
//! they trapped.

mod common;
use common::*;

/// Run `f` on a thread with a 4 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(4 << 20).spawn(f).unwrap().join().unwrap()
}

fn message(s: &lio_core::StepOut) -> String {
    s.error.as_ref().map(|e| e.message.clone()).unwrap_or_default()
}

/// A function calling itself from the bottom of a 100-level expression:
/// each of the 64 calls the lab allows repeated the expression's native
/// frames (substituting the call's value), and 64 x 100 levels overflowed
/// the wasm stack (V8's) at about the 40th call. The chain of calls is now
/// bounded by the stack it takes: LAB-00040 at the call in the block.
#[test]
fn calls_under_deep_expressions_are_bounded_by_the_stack_they_take() {
    let out = on_small_stack(|| {
        let chain = " + 0".repeat(100);
        let mut e = quiet_engine();
        e.exec(&format!(
            "create or replace function f(n number) return number is\nbegin\n  if n <= 0 then return 0; end if;\n  return f(n - 1){chain};\nend;\n/\n\
             declare x number;\nbegin\n  x := f(100);\nend;\n/\n\
             declare x number;\nbegin\n  x := f(10);\n  dbms_output.put_line('x=' || x);\nend;\n/\nselect 1 from dual;"
        ))
    });
    ok(&out[..1]);
    assert_eq!(error_of(&out[1]), ("LAB-00040", 9, 8));
    assert!(message(&out[1]).starts_with("PL/SQL calls nested too deeply"), "{}", message(&out[1]));
    ok(&out[2..]);
    assert_eq!(out[3].rows[0][0].to_string(), "1");
}

/// Calls nested in function arguments (`abs(abs(... f(n - 1)))`), 150
/// levels, trapped the same way.
#[test]
fn calls_inside_nested_function_arguments_are_bounded() {
    let out = on_small_stack(|| {
        let (open, close) = ("abs(".repeat(150), ")".repeat(150));
        let mut e = quiet_engine();
        e.exec(&format!(
            "create or replace function f(n number) return number is\nbegin\n  if n <= 0 then return 0; end if;\n  return {open}f(n - 1){close};\nend;\n/\n\
             declare x number;\nbegin\n  x := f(100);\nend;\n/\nselect 1 from dual;"
        ))
    });
    ok(&out[..1]);
    assert_eq!(error_of(&out[1]), ("LAB-00040", 9, 8));
    ok(&out[2..]);
}

/// A procedure calling itself inside 45 nested IFs (or loops, or cursor FOR
/// loops): 64 calls x 45 bodies overflowed the wasm stack.
#[test]
fn calls_inside_nested_ifs_and_loops_are_bounded() {
    for (open, close) in [
        ("if n > 0 then\n", "end if;\n"),
        ("for i in 1 .. 1 loop\n", "end loop;\n"),
        ("for r in (select 1 x from dual) loop\n", "end loop;\n"),
    ] {
        let script = format!(
            "create or replace procedure p(n number) is\nbegin\n{}if n > 0 then p(n - 1); end if;\n{}end;\n/\n\
             exec p(100)\nexec p(3)\nselect 1 from dual;",
            open.repeat(45),
            close.repeat(45)
        );
        let out = on_small_stack(move || quiet_engine().exec(&script));
        ok(&out[..1]);
        let (code, line, _) = error_of(&out[1]);
        assert_eq!((code, line), ("LAB-00040", 96), "{open}");
        assert!(message(&out[1]).starts_with("PL/SQL calls nested too deeply"), "{}", message(&out[1]));
        ok(&out[2..]);
    }
}

/// A parameter whose default calls the function itself recursed without
/// end: the default was evaluated before the call counted towards the
/// depth bound. It counts from the call's start now: LAB-00040 at the call.
#[test]
fn a_default_that_calls_its_own_function_is_bounded() {
    let out = on_small_stack(|| {
        quiet_engine().exec(
            "create or replace function f(n number default f) return number is\nbegin\n  return 1;\nend;\n/\n\
             declare x number;\nbegin\n  x := f;\nend;\n/\n\
             declare x number;\nbegin\n  x := f(2);\n  dbms_output.put_line(x);\nend;\n/\nselect 1 from dual;",
        )
    });
    ok(&out[..1]);
    assert_eq!(error_of(&out[1]), ("LAB-00040", 8, 8));
    ok(&out[2..]);
}

/// Recursion that stays shallow still runs to the lab's 64 calls.
#[test]
fn plain_recursion_still_reaches_64_calls() {
    let out = on_small_stack(|| {
        quiet_engine().exec(
            "create or replace function fact(n number) return number is\nbegin\n  if n <= 1 then return 1; end if;\n  return n * fact(n - 1);\nend;\n/\n\
             declare x number;\nbegin\n  x := fact(60);\n  if x > 8.3e81 then dbms_output.put_line('big'); end if;\nend;\n/\n\
             declare x number;\nbegin\n  x := fact(65);\nend;\n/",
        )
    });
    ok(&out[..2]);
    assert_eq!(error_of(&out[2]), ("LAB-00040", 15, 8));
    assert!(message(&out[2]).starts_with("PL/SQL calls nested deeper than 64 levels"), "{}", message(&out[2]));
}

/// A session's cursor cache grew with every distinct text: EXECUTE
/// IMMEDIATE of texts built in a loop (300,000 one-line selects took 600
/// MB in wasm, a 1,000-table join 870 KB a cursor) was outside the lab's
/// memory budget. Past 10,000 cursors or 1 MB of their texts, the cache's
/// cursors age out as the library cache's do: an earlier statement's next
/// parse is no longer a session cursor cache hit.
#[test]
fn the_session_cursor_cache_is_bounded() {
    let mut e = quiet_engine();
    let tables = ", dual".repeat(1000);
    let s = e.exec(&format!(
        "select 1 from dual;\nselect 1 from dual;\n\
         declare n number;\nbegin\n  for i in 1 .. 200 loop\n    execute immediate 'select count(*) from dual d0{tables} where 1 = ' || i into n;\n  end loop;\nend;\n/\n\
         select 1 from dual;\nselect 1 from dual;"
    ));
    ok(&s);
    assert_eq!(stat(&s[1], "session cursor cache hits"), 1);
    assert_eq!(stat(&s[3], "session cursor cache hits"), 0, "aged out");
    assert_eq!(stat(&s[4], "session cursor cache hits"), 1);
}

/// SAVEPOINT scanned every savepoint of the transaction (to move one set
/// again): 100,000 distinct savepoints took 100 s in wasm. They are
/// indexed now; ROLLBACK TO still ends the savepoints after its own, and a
/// name set again still moves to the end (Oracle's SAVEPOINT).
#[test]
fn many_savepoints_keep_their_order() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table t (n number);\n\
         begin\n  for i in 1 .. 20000 loop\n    insert into t values (i);\n    execute immediate 'savepoint s' || i;\n  end loop;\nend;\n/\n\
         savepoint s10;\n\
         rollback to s10;\n\
         select count(*) from t;\n\
         rollback to s15000;\n\
         select count(*) from t;\n\
         rollback to s10;\n\
         rollback to s9;\n\
         select count(*) from t;",
    );
    ok(&s[..7]);
    // s10 set again after the loop moved to the end: its rollback keeps every row.
    assert_eq!(s[4].rows[0][0].to_string(), "20000");
    assert_eq!(s[6].rows[0][0].to_string(), "15000");
    // ROLLBACK TO s15000 ended the savepoints after it, s10 among them.
    assert_eq!(error_of(&s[7]).0, "ORA-01086");
    ok(&s[8..]);
    assert_eq!(s[9].rows[0][0].to_string(), "9");
}
