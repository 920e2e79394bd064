//! A primary key or unique constraint enforced by a non-unique index
//! (Oracle Database Concepts, "Indexes and Constraints": a key uses an
//! existing index whose leading columns are its columns, unique or not,
//! and a DEFERRABLE key always gets a non-unique index). Scripts that
//! create the index first and then `alter table t add constraint t_pk
//! primary key (id)` were refused; a DEFERRABLE key was given a unique
//! index, so its lookups printed INDEX UNIQUE SCAN where Oracle's plan
//! has INDEX RANGE SCAN (Foote's "deferrable constraints" posts).
//!
//! Hand-checked on T: ids 1..20, N = mod(id, 4), T_IDX on (ID) created
//! first. The key takes T_IDX (USER_CONSTRAINTS.INDEX_NAME), which stays
//! NONUNIQUE; a duplicate id is ORA-00001 naming the constraint (T_PK),
//! not the index; DROP INDEX is ORA-02429. A unique key on N (5 rows a
//! value) through an index on (N, ID) fails to validate (ORA-02299); on
//! (N, ID) it holds.

mod common;
use common::*;
use lio_sql::ora;

const T: &str = "create table t (id number, n number);\n\
    insert into t select rownum, mod(rownum, 4) from dual connect by level <= 20;\ncommit;\n\
    create index t_idx on t(id);\n";

#[test]
fn an_existing_nonunique_index_enforces_the_key() {
    let mut e = quiet_engine();
    let s = e.exec(&format!(
        "{T}alter table t add constraint t_pk primary key (id);\n\
         select constraint_type, index_name from user_constraints where constraint_name = 'T_PK';\n\
         select uniqueness from user_indexes where index_name = 'T_IDX';\n\
         select count(*) from user_indexes where table_name = 'T';"
    ));
    ok(&s);
    let n = s.len();
    assert_eq!(row_strings(&s[n - 3]), ["P|T_IDX"]);
    assert_eq!(row_strings(&s[n - 2]), ["NONUNIQUE"]);
    assert_eq!(row_strings(&s[n - 1]), ["1"]);
    let s = e.exec("insert into t values (5, 1);");
    assert_eq!(error_of(&s[0]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code());
    assert!(s[0].error.as_ref().unwrap().message.contains("(LAB.T_PK)"), "{:?}", s[0].error);
    let s = e.exec("update t set id = 6 where id = 7;");
    assert_eq!(error_of(&s[0]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code());
    ok(&e.exec("insert into t values (21, 1);\nupdate t set id = 22 where id = 21;\nrollback;"));
    let s = e.exec("drop index t_idx;");
    assert_eq!(error_of(&s[0]).0, ora::INDEX_ENFORCES_KEY.code());
    // Lookups: a range scan of the non-unique index, one row estimated.
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'T')\nselect n from t where id = 9;");
    ok(&s);
    assert_eq!(row_strings(&s[1]), ["1"]);
    let ops = op_names(&s[1]);
    assert!(ops.iter().any(|o| o.starts_with("INDEX RANGE SCAN")), "{ops:?}");
}

#[test]
fn duplicates_fail_validation_and_a_composite_index_may_lead() {
    let mut e = quiet_engine();
    let s = e.exec(&format!(
        "{T}create index t_n on t(n, id);\n\
         alter table t add constraint t_uk unique (n);"
    ));
    let n = s.len();
    assert_eq!(error_of(&s[n - 1]).0, ora::CANNOT_VALIDATE_DUPLICATE_KEYS.code());
    let s = e.exec(
        "alter table t add constraint t_uk unique (id, n);\n\
         select index_name from user_constraints where constraint_name = 'T_UK';\n\
         insert into t values (3, 3);",
    );
    // (ID, N) leads T_N as (N, ID): the same columns, in another order.
    assert!(s[0].error.is_none(), "{:?}", s[0].error);
    assert_eq!(row_strings(&s[1]), ["T_N"]);
    assert_eq!(error_of(&s[2]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code());
    let s = e.exec(
        "create table d as select mod(rownum, 3) id from dual connect by level <= 5;\n\
         alter table d add constraint d_pk primary key (id) deferrable;",
    );
    assert_eq!(error_of(&s[1]).0, ora::CANNOT_VALIDATE_PRIMARY_KEY.code());
}

/// A DEFERRABLE key's index is NONUNIQUE (column or table constraint,
/// CREATE or ALTER), its lookups INDEX RANGE SCANs, its duplicates still
/// refused per statement; INITIALLY DEFERRED (checked at COMMIT) is
/// refused by name.
#[test]
fn deferrable_keys_get_nonunique_indexes() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table d (id number constraint d_pk primary key deferrable, v number unique deferrable);\n\
         select index_name, uniqueness from user_indexes where table_name = 'D' order by 1;\n\
         insert into d values (1, 1);\ninsert into d values (2, 2);\ninsert into d values (1, 3);\n\
         insert into d values (3, 2);\nexec dbms_stats.gather_table_stats(user, 'D')\n\
         select v from d where id = 2;",
    );
    let rows = row_strings(&s[1]);
    assert_eq!(rows.len(), 2);
    assert!(rows[0].starts_with("D_PK|NONUNIQUE"), "{rows:?}");
    assert!(rows[1].ends_with("|NONUNIQUE"), "{rows:?}");
    assert!(s[2].error.is_none() && s[3].error.is_none());
    assert_eq!(error_of(&s[4]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code());
    assert_eq!(error_of(&s[5]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code());
    assert_eq!(row_strings(&s[7]), ["2"]);
    assert!(op_names(&s[7]).iter().any(|o| o.starts_with("INDEX RANGE SCAN")), "{:?}", op_names(&s[7]));
    let s = e.exec("create table f (id number primary key deferrable initially deferred);");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
}
