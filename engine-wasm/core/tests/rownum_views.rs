//! ROWNUM in an inline view's (or a WITH query name's) select list is the
//! view's own row number (its query block's COUNT), and Oracle never
//! merges such a view: a predicate on that column outside the view
//! compares the view's numbers. Before, the lab merged the view (a table
//! below it) or left its ROWNUM unnumbered (a CONNECT BY generator below
//! it), so `where r = 3` found nothing and Jonathan Lewis's generator
//! joined to itself on its id gave 100 rows for 10.

mod common;
use common::*;

fn count(e: &mut lio_core::Engine, sql: &str) -> String {
    let s = e.exec(sql);
    ok(&s);
    s[0].rows[0][0].to_string()
}

#[test]
fn a_view_numbers_its_own_rows() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t as select level id from dual connect by level <= 5;"));
    // Merged before: r became the outer block's ROWNUM.
    assert_eq!(count(&mut e, "select count(*) from (select rownum r, id from t) where r = 3;"), "1");
    assert_eq!(count(&mut e, "select count(*) from (select rownum r, id from t) where r = id;"), "5");
    // Over a CONNECT BY generator: the view's ROWNUM was never numbered.
    assert_eq!(
        count(&mut e, "select count(*) from (select rownum id from dual connect by level <= 10) where id = 3;"),
        "1"
    );
    assert_eq!(
        count(
            &mut e,
            "select count(*) from (select rownum id from dual connect by level <= 10) a, \
             (select rownum id from dual connect by level <= 10) b where a.id = b.id;"
        ),
        "10"
    );
    assert_eq!(
        count(&mut e, "with g as (select rownum id from dual connect by level <= 10) select count(*) from g a join g b using (id);"),
        "10"
    );
    // The outer block's own ROWNUM still numbers the outer rows.
    let s = e.exec("select id from (select rownum id from dual connect by level <= 10) where rownum <= 4 and id > 2;");
    ok(&s);
    let ids: Vec<String> = s[0].rows.iter().map(|r| r[0].to_string()).collect();
    assert_eq!(ids, ["3", "4", "5", "6"]);
    assert_eq!(count(&mut e, "select sum(id) from (select rownum id from dual connect by level <= 10);"), "55");
}
