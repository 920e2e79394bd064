//! The wider SQL subset: IN lists, LIKE, CASE and the functions, GROUP BY /
//! HAVING (HASH and SORT GROUP BY), DISTINCT (HASH and SORT UNIQUE),
//! ORDER BY with NULLS FIRST/LAST, LEFT JOIN (NESTED LOOPS OUTER) and
//! UNION ALL: exact rows and plan lines, each line with its own figures.

mod common;
use common::*;
use lio_core::Engine;

const SETUP: &str = "create table e (id number primary key, dept number, name varchar2(20), sal number);
insert into e values (1, 10, 'ann', 100);
insert into e values (2, 10, 'bob', 200);
insert into e values (3, 20, 'cy', null);
insert into e values (4, null, 'dee', 400);
insert into e values (5, 20, '', 50);
create table d (dept number, dname varchar2(20));
insert into d values (10, 'sales');
insert into d values (20, 'ops');
insert into d values (30, 'hr');
commit;
";

fn engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    e
}

/// Rows as text, columns joined by `|` (NULL shows as empty).
fn rows(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s[0].rows.iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("|")).collect()
}

fn plan(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s[0].plan.iter().map(|l| format!("{}{}", " ".repeat(l.depth as usize), l.operation)).collect()
}

fn error(e: &mut Engine, sql: &str) -> String {
    let s = e.exec(sql);
    s.iter().find_map(|x| x.error.as_ref().map(|e| format!("{}: {}", e.code, e.message))).unwrap_or_default()
}

#[test]
fn explore() {
    let mut e = engine();
    for q in [
        "select id from e where dept in (10, 30) order by id;",
        "select id from e where dept not in (10, 30) order by id;",
        "select id from e where dept not in (10, null);",
        "select id, name from e where name like '_o%' or name like 'a%';",
        "select id, case when sal > 150 then 'hi' when sal is null then 'none' else 'lo' end c, case dept when 10 then 'ten' end from e order by id;",
        "select dept, count(*), sum(sal), max(name) from e group by dept order by dept;",
        "select dept, count(*) from e group by dept having count(*) > 1 order by 2 desc, 1;",
        "select dept, count(*) from e group by dept;",
        "select distinct dept from e;",
        "select distinct dept from e order by dept desc;",
        "select id, sal from e order by sal nulls first, id;",
        "select e.id, d.dname from e left join d on d.dept = e.dept order by e.id;",
        "select d.dname, e.id from d left join e on e.dept = d.dept and e.sal > 100 order by 1, 2;",
        "select id from e where dept = 10 union all select dept from d order by 1;",
        "select nvl2(sal, 'y', 'n'), decode(dept, 10, 'a', 20, 'b', null, 'n', 'z'), coalesce(sal, dept, -1), instr(name, 'n'), trim('  x '), ltrim('xxa', 'x') from e order by id;",
    ] {
        let s = e.exec(q);
        println!("{q}");
        for x in &s {
            if let Some(err) = &x.error { println!("  ERR {} {}", err.code, err.message); }
            for r in &x.rows { println!("  {}", r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("|")); }
            for l in &x.plan { println!("    {}{} buf={} rows={}", " ".repeat(l.depth as usize), l.operation, l.buffers, l.a_rows); }
        }
    }
    let _ = (rows, plan, error);
}
