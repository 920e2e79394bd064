//! Stored PL/SQL: procedures and functions with parameters, defaults and
//! locals, IF/ELSIF/ELSE, WHILE, LOOP/EXIT, cursor FOR loops, RETURN,
//! functions inside expressions, dbms_utility.get_time on the simulated
//! clock, DROP, and Tom Kyte's runstats_pkg.

mod common;
use common::*;

const SETUP: &str =
    "create table t4 (key integer not null, value varchar2(30 char) not null, constraint t4_pk primary key (key));
insert into t4 select rownum, 'v'||rownum from xmltable('1 to 1000');
commit;
set serveroutput on
";

fn output(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.clone()).collect()
}

#[test]
fn the_articles_procedure_runs_dynamic_sql_in_a_loop() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "CREATE OR REPLACE PROCEDURE p (in_table_name VARCHAR2) IS
   l_query VARCHAR2(1000 CHAR);
   l_value VARCHAR2(30 CHAR);
   l_start INTEGER;
   l_end   INTEGER;
BEGIN
   l_start := dbms_utility.get_time();
   l_query := 'SELECT value FROM ' || in_table_name || ' WHERE key = :key';
   FOR i IN 1..1000 LOOP
      EXECUTE IMMEDIATE l_query INTO l_value USING i;
   END LOOP;
   l_end := dbms_utility.get_time();
   dbms_output.put_line('read 1000 rows from ' || in_table_name || ' in ' ||
      to_char((l_end - l_start) / 100) || ' seconds.');
END p;
/
exec p('t4')
",
    );
    ok(&s);
    assert_eq!(s[0].feedback.as_deref(), Some("Procedure created."));
    let out = output(&s[1..]);
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("read 1000 rows from t4 in ") && out[0].ends_with(" seconds."), "{out:?}");
    // A unique probe of a two-level index and the table block per lookup:
    // PL/SQL cannot use the MemOptimized path, so these are real gets.
    let gets = stat(&s[1], "consistent gets");
    assert!((3000..3100).contains(&gets), "{gets}");
    // The simulated time the loop took is what get_time measured.
    let secs: f64 = out[0].split(" in ").nth(1).unwrap().trim_end_matches(" seconds.").parse().unwrap();
    let elapsed_s = s[1].elapsed_us / 1e6;
    assert!((secs - elapsed_s).abs() <= 0.011, "{secs} vs {elapsed_s}");
}

#[test]
fn control_flow_and_functions_in_expressions() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "create or replace function f(n number, m number default 10) return number is
  acc number := 0;
  i number := 0;
begin
  while i < n loop
    i := i + 1;
    if mod(i, 2) = 0 then
      acc := acc + i;
    elsif i = 7 then
      acc := acc + 1000;
    else
      null;
    end if;
    exit when i >= m;
  end loop;
  return acc;
end;
/
begin
  dbms_output.put_line('f(20)=' || f(20) || ' f(5)=' || f(5) || ' f(20,20)=' || f(20, m => 20));
  for r in (select key, value from t4 where key <= 3 order by key desc) loop
    dbms_output.put_line(r.key || ':' || r.value);
  end loop;
  loop
    exit;
  end loop;
end;
/
",
    );
    ok(&s);
    assert_eq!(s[0].feedback.as_deref(), Some("Function created."));
    assert_eq!(output(&s[1..]), ["f(20)=1030 f(5)=6 f(20,20)=1110", "3:v3", "2:v2", "1:v1"]);
}

#[test]
fn errors_are_oracles() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("create procedure q(a number) as begin null; end;\n/"));
    let code = |e: &mut lio_core::Engine, sql: &str| e.exec(sql)[0].error.as_ref().map(|x| x.code.clone());
    // Without OR REPLACE the name is taken; the wrong arguments are PLS-00306.
    assert_eq!(code(&mut e, "create procedure q as begin null; end;\n/").as_deref(), Some("ORA-00955"));
    assert_eq!(code(&mut e, "exec q").as_deref(), Some("ORA-06550"));
    assert!(e.exec("exec q(1, 2)")[0].error.as_ref().unwrap().message.contains("PLS-00306"));
    ok(&e.exec("exec q(a => 1)"));
    // A function that ends without RETURN.
    ok(&e.exec("create function g return number as begin null; end;\n/"));
    assert_eq!(code(&mut e, "begin dbms_output.put_line(g); end;\n/").as_deref(), Some("ORA-06503"));
    // Runaway recursion is stopped by the lab.
    ok(&e.exec("create or replace procedure r(n number) as begin r(n + 1); end;\n/"));
    assert_eq!(code(&mut e, "exec r(1)").as_deref(), Some("LAB-00040"));
    // An endless LOOP ends at the statement's work limit.
    assert_eq!(code(&mut e, "begin loop null; end loop; end;\n/").as_deref(), Some("LAB-00033"));
    ok(&e.exec("drop procedure q;"));
    assert_eq!(code(&mut e, "drop procedure q;").as_deref(), Some("ORA-04043"));
    assert!(e.exec("exec q(1)")[0].error.as_ref().unwrap().message.contains("PLS-00201"));
}

#[test]
fn runstats_prints_tom_kytes_layout() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "exec runstats_pkg.rs_start
select count(*) from t4;
exec runstats_pkg.rs_middle
select * from t4 where key = 5;
exec runstats_pkg.rs_stop(0)
",
    );
    ok(&s);
    let out = output(&s[4..]);
    assert_eq!(out[0], "Run1 ran in 0 cpu hsecs");
    assert_eq!(out[3], format!("{:<30}{:>12}{:>12}{:>12}", "Name", "Run1", "Run2", "Diff"));
    // The full scan's 1,000 rows against the lookup's none.
    let rows = out.iter().find(|l| l.starts_with("STAT...table scan rows gotten")).unwrap();
    assert_eq!(rows, &format!("{:<30}{:>12}{:>12}{:>12}", "STAT...table scan rows gotten", "1,000", "0", "-1,000"));
    assert!(out.iter().any(|l| l.starts_with("LATCH.cache buffers chains")));
    // Sorted by the absolute difference.
    let diffs: Vec<i64> = out[4..]
        .iter()
        .take_while(|l| *l != "\t")
        .map(|l| l[54..].trim().replace(',', "").parse::<i64>().unwrap().abs())
        .collect();
    assert!(diffs.windows(2).all(|w| w[0] <= w[1]), "{diffs:?}");
    assert_eq!(out[out.len() - 2], format!("{:>12}{:>12}{:>12}{:>10}", "Run1", "Run2", "Diff", "Pct"));
}
