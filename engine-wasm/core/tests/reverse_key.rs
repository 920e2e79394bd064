//! Reverse key indexes (issue 34): `CREATE INDEX ... REVERSE`, `ALTER
//! INDEX ... REBUILD REVERSE | NOREVERSE`, USER_INDEXES.INDEX_TYPE
//! NORMAL/REV. Each key column is stored with its bytes reversed (NUMBER
//! 20 is C1,15 and stored 15,C1: Oracle's Concepts guide), so an equality
//! probe finds its key (INDEX RANGE / UNIQUE SCAN) but the keys are not in
//! the column's order: a range predicate, MIN/MAX, ORDER BY and a skip
//! scan cannot use the index. A sequence's keys land all over the index,
//! so its leaves split 50-50 and fill to about ln 2 (69%) where the plain
//! index's ascending keys fill them (90-10 splits). The published case
//! (Foote, Part III) is at the end.

mod common;
use common::*;
use lio_sql::ora;

fn index_type_and_leaves(e: &mut lio_core::Engine, index: &str) -> (String, u64) {
    let r = text_rows(
        e,
        &format!("select index_type, leaf_blocks from user_indexes where index_name = '{}';", index.to_uppercase()),
    );
    (r[0][0].clone(), r[0][1].parse().unwrap())
}

const SETUP: &str = "create table t (id number, pad varchar2(50));
insert into t select level, rpad('x', 50) from dual connect by level <= 5000;
commit;
create index t_rev on t (id) reverse;
exec dbms_stats.gather_table_stats(user, 'T')
";

/// Equalities use the index (its key reversed for the probe), ranges do
/// not (the full scan, even hinted), and the answers are the full scan's.
#[test]
fn equality_probes_use_it_and_ranges_cannot() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    assert_eq!(index_type_and_leaves(&mut e, "t_rev").0, "NORMAL/REV");
    let s = e.exec(
        "select id from t where id = 20;
select /*+ index(t t_rev) */ count(*) from t where id between 10 and 20;
select count(*) from t where id between 10 and 20;
select id from t where id = 5001;
select min(id) from t;
select id from t where id < 4 order by id;",
    );
    ok(&s);
    assert_eq!(op_names(&s[0])[1], "INDEX RANGE SCAN T_REV");
    assert_eq!(row_strings(&s[0]), ["20"]);
    assert_eq!(s[0].plan[1].access.as_deref(), Some("\"ID\"=20"));
    assert!(op_names(&s[1]).contains(&"TABLE ACCESS FULL T".to_string()), "{:?}", op_names(&s[1]));
    assert_eq!(row_strings(&s[1]), ["11"]);
    assert_eq!(row_strings(&s[2]), ["11"]);
    assert!(s[3].rows.is_empty());
    assert!(!op_names(&s[4]).iter().any(|o| o.contains("MIN/MAX")), "{:?}", op_names(&s[4]));
    assert_eq!(row_strings(&s[4]), ["1"]);
    assert_eq!(row_strings(&s[5]), ["1", "2", "3"]);
    assert!(op_names(&s[5]).iter().any(|o| o.starts_with("SORT ORDER BY")), "{:?}", op_names(&s[5]));
}

/// A unique reverse key index: the key probe is an INDEX UNIQUE SCAN and a
/// duplicate is refused as in any unique index.
#[test]
fn a_unique_reverse_index_probes_and_enforces() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table u (id number not null, v varchar2(10));
insert into u select level, 'v' || level from dual connect by level <= 300;
commit;
create unique index u_rev on u (id) reverse;",
    ));
    let s = e.exec("select v from u where id = 123;\ninsert into u values (123, 'dup');\ninsert into u values (301, 'new');\nselect v from u where id = 301;");
    assert_eq!(op_names(&s[0])[2], "INDEX UNIQUE SCAN U_REV");
    assert_eq!(row_strings(&s[0]), ["v123"]);
    assert_eq!(error_of(&s[1]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code());
    assert!(s[2].error.is_none());
    assert_eq!(row_strings(&s[3]), ["new"]);
}

/// Sequential inserts: the plain index's ascending keys split its leaves
/// 90-10 and leave them full (39 leaves for 20,000 IDs), the reverse
/// index's split 50-50 all over it: 60 leaves, 1.54 times (about 1 / ln 2
/// = 1.44 for random keys; a sequence reversed is not quite random, and a
/// small tree's leaves are split more evenly). Built by CREATE INDEX (or
/// rebuilt), both pack their leaves to 1 - PCTFREE: the same leaf count.
#[test]
fn sequential_inserts_spread_over_a_reverse_index() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table a (id number);\ncreate index a_i on a (id);\n\
         create table b (id number);\ncreate index b_i on b (id) reverse;\n\
         insert into a select level from dual connect by level <= 20000;\n\
         insert into b select level from dual connect by level <= 20000;\ncommit;",
    ));
    let (ta, la) = index_type_and_leaves(&mut e, "a_i");
    let (tb, lb) = index_type_and_leaves(&mut e, "b_i");
    assert_eq!((ta.as_str(), tb.as_str()), ("NORMAL", "NORMAL/REV"));
    let ratio = lb as f64 / la as f64;
    assert!((1.4..=1.6).contains(&ratio), "{la} plain leaves, {lb} reverse");
    ok(&e.exec("alter index b_i rebuild noreverse;\nalter index a_i rebuild;"));
    let (tb, lb2) = index_type_and_leaves(&mut e, "b_i");
    let (_, la2) = index_type_and_leaves(&mut e, "a_i");
    assert_eq!((tb.as_str(), lb2), ("NORMAL", la2));
    ok(&e.exec("alter index b_i rebuild reverse;"));
    let (tb, lb3) = index_type_and_leaves(&mut e, "b_i");
    assert_eq!(tb, "NORMAL/REV");
    // A build packs reversed keys as tightly as plain ones (same sizes).
    assert_eq!(lb3, la2);
}

/// Foote, "Introduction To Reverse Key Indexes: Part III" (10g): 1,000,000
/// sequential IDs; LF_BLKS 2966 and PCT_USED 68 for the reverse index,
/// clustering factor 3,029 against 999,994 once rebuilt REVERSE
/// (tests/articles/foote-reverse-key-space-10g.sql): within 5%. The plain
/// index's 1,999 leaves at PCT_USED 100: its ascending inserts split its
/// leaves 90-10, leaving them full (PCTFREE is for CREATE INDEX only).
#[test]
fn foote_reverse_key_space_and_clustering_factor() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/foote-reverse-key-space-10g.sql"));
    ok(&s);
    let stats: Vec<&lio_core::StepOut> =
        s.iter().filter(|x| x.statement.starts_with("SELECT blocks, lf_blks, pct_used")).collect();
    let num = |x: &serde_json::Value| x.as_f64().unwrap_or_else(|| x.as_str().unwrap().trim().parse().unwrap());
    let within = |lab: f64, published: f64| (lab - published).abs() <= published * 0.05;
    let (n_lf, n_pct) = (num(&stats[0].rows[0][1]), num(&stats[0].rows[0][2]));
    let (r_lf, r_pct) = (num(&stats[1].rows[0][1]), num(&stats[1].rows[0][2]));
    assert!(within(n_lf, 1999.0) && within(n_pct, 100.0), "plain {n_lf} {n_pct}");
    assert!(within(r_lf, 2966.0) && within(r_pct, 68.0), "reverse {r_lf} {r_pct}");
    let cf: Vec<f64> =
        s.iter().filter(|x| x.statement.starts_with("SELECT i.index_name")).map(|x| num(&x.rows[0][2])).collect();
    assert!(within(cf[0], 3029.0), "plain CF {}", cf[0]);
    assert!(within(cf[1], 999_994.0), "reverse CF {}", cf[1]);
    let last = s.last().unwrap();
    assert_eq!(row_strings(last), ["42|David Bowie"]);
}

/// TRUNCATE empties a reverse-key and a bitmap index but keeps their kind:
/// rows inserted afterwards are found through them (the fresh tree was a
/// plain B-tree, so the reversed probe and the bitmap pieces found nothing).
#[test]
fn truncate_keeps_the_index_kind() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "create table b (id number, k number);
insert into b select rownum, mod(rownum, 3) from dual connect by level <= 300;
commit;
create bitmap index b_bm on b (k);
truncate table t;
truncate table b;
insert into t select rownum, 'x' from dual connect by level <= 30;
insert into b select rownum, mod(rownum, 3) from dual connect by level <= 30;
commit;
select /*+ index(t t_rev) */ id from t where id = 20;
select /*+ index(b b_bm) */ count(*) from b where k = 1;
select /*+ index(b b_bm) */ id from b where k = 2 and id < 9 order by id;",
    );
    ok(&s);
    assert_eq!(index_type_and_leaves(&mut e, "t_rev").0, "NORMAL/REV");
    assert!(op_names(&s[9]).iter().any(|o| o.contains("T_REV")), "{:?}", op_names(&s[9]));
    assert_eq!(row_strings(&s[9]), ["20"]);
    assert!(op_names(&s[10]).iter().any(|o| o.contains("B_BM")), "{:?}", op_names(&s[10]));
    assert_eq!(row_strings(&s[10]), ["10"]);
    assert_eq!(row_strings(&s[11]), ["2", "5", "8"]);
}
