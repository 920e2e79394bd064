//! Join forms beyond INNER and LEFT: RIGHT [OUTER] JOIN as the mirrored
//! left outer join (Oracle's optimizer turns it so; the old-style `(+)` on
//! the other side is the same query), and the forms still refused.
//!
//! Hand check (E: 5 rows, depts 10,10,20,NULL,20; D: depts 10,20,30):
//! `d RIGHT JOIN e ON e.dept = d.dept` keeps every E row: ids 1,2 match
//! sales, 3 and 5 match ops, 4 (NULL dept) has no match and comes out once
//! with a NULL dname: 5 rows; hr (dept 30) matches no E row and is dropped.

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

fn rows(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    row_strings(&s[0])
}

fn error(e: &mut Engine, sql: &str) -> String {
    let s = e.exec(sql);
    s.iter().find_map(|x| x.error.as_ref().map(|e| format!("{}: {}", e.code, e.message))).unwrap_or_default()
}

/// Each plan line with its operation, Starts, A-Rows and Buffers.
fn plan_figures(e: &mut Engine, sql: &str) -> Vec<String> {
    let s = e.exec(sql);
    ok(&s);
    s[0].plan
        .iter()
        .map(|l| format!("{}{} {} {} {}", " ".repeat(l.depth as usize), l.operation, l.starts, l.a_rows, l.buffers))
        .collect()
}

#[test]
fn right_join_keeps_every_row_of_the_right_side() {
    let mut e = engine();
    let q = "select e.id, d.dname from d right join e on e.dept = d.dept order by e.id;";
    assert_eq!(rows(&mut e, q), ["1|sales", "2|sales", "3|ops", "4|", "5|ops"]);
    let q = "select e.id, d.dname from d right outer join e on e.dept = d.dept order by e.id;";
    assert_eq!(rows(&mut e, q), ["1|sales", "2|sales", "3|ops", "4|", "5|ops"]);
    // The mirror: E RIGHT JOIN D keeps hr.
    let q = "select d.dname, e.id from e right join d on e.dept = d.dept order by 1, 2;";
    assert_eq!(rows(&mut e, q), ["hr|", "ops|3", "ops|5", "sales|1", "sales|2"]);
    // ON conditions on the outer-joined side choose the match; WHERE filters.
    let q = "select d.dname, e.id from e right join d on e.dept = d.dept and e.sal > 100 order by 1, 2;";
    assert_eq!(rows(&mut e, q), ["hr|", "ops|", "sales|2"]);
    let q = "select d.dname from e right join d on e.dept = d.dept where e.id is null;";
    assert_eq!(rows(&mut e, q), ["hr"]);
}

#[test]
fn right_join_is_the_plus_join_on_the_left_item() {
    let mut e = engine();
    for hint in ["", "/*+ use_nl(d) */ ", "/*+ use_hash(d) */ "] {
        let ansi = format!("select {hint}e.id, d.dname from d right join e on e.dept = d.dept;");
        let plus = format!("select {hint}e.id, d.dname from d, e where e.dept = d.dept(+);");
        let left = format!("select {hint}e.id, d.dname from e left join d on e.dept = d.dept;");
        let a = plan_figures(&mut e, &ansi);
        assert_eq!(a, plan_figures(&mut e, &plus), "{hint}");
        // The LEFT JOIN written the other way round: the same rows and the
        // same join line (its figures: the join order is the optimizer's).
        let l = plan_figures(&mut e, &left);
        assert_eq!(a.len(), l.len(), "{hint}");
        assert_eq!(a[1], l[1], "{hint}");
    }
    let ops: Vec<String> =
        plan_figures(&mut e, "select /*+ use_nl(d) */ e.id, d.dname from d right join e on e.dept = d.dept;");
    assert!(ops[1].starts_with(" NESTED LOOPS OUTER 1 5"), "{ops:?}");
    let ops = plan_figures(&mut e, "select /*+ use_hash(d) */ e.id, d.dname from d right join e on e.dept = d.dept;");
    assert!(ops[1].contains("HASH JOIN") && ops[1].contains("OUTER 1 5"), "{ops:?}");
}

#[test]
fn refused_join_forms() {
    let mut e = engine();
    for q in [
        "select * from d full join e on e.dept = d.dept;",
        "select * from d full outer join e on e.dept = d.dept;",
        "select * from d right join e using (dept);",
        "select * from d join e on e.dept = d.dept right join e x on x.id = e.id;",
        "select * from d natural join e;",
    ] {
        assert!(error(&mut e, q).starts_with("LAB-"), "{q}");
    }
}
