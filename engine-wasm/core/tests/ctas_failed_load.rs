//! CREATE TABLE ... AS SELECT is one statement: when its load fails
//! (ORA-01653, ORA-12899...), no table is left behind, as in Oracle. The
//! lab's CTAS created the table, failed loading it, and kept it empty:
//! `select count(*)` then answered 0 where Oracle says ORA-00942.
//!
//! The case that showed it: `create table t as select * from
//! dba_objects` under 10.2, whose OBJECT_TYPE is VARCHAR2(19), failed on
//! a 12c type (`UNIFIED AUDIT POLICY`, 20 characters) that the lab's
//! 12.1-shaped dictionary listed in every release. Object types newer
//! than the release are not listed now.
mod common;
use common::*;

/// A 2 MB file holds 128 blocks after its header; 2,000 rows of 1,000
/// bytes (7 to a block) need about 286: the load fails with ORA-01653,
/// and the name is free again.
#[test]
fn a_ctas_whose_load_fails_leaves_no_table() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create tablespace small datafile '+DATA' size 2m;\n\
         create table t tablespace small as select rpad('x', 1000) v from dual connect by level <= 2000;\n\
         select count(*) from t;\n\
         select count(*) from user_objects where object_name = 'T';\n\
         create table t (x number);",
    );
    ok(&steps[..1]);
    assert_eq!(error_of(&steps[1]).0, "ORA-01653", "{:?}", steps[1].error);
    assert_eq!(error_of(&steps[2]).0, "ORA-00942", "{:?}", steps[2].error);
    assert_eq!(steps[3].rows[0][0].as_f64(), Some(0.0));
    ok(&steps[4..]);
}

/// 10.2's DBA_OBJECTS has no type of a later release, so the classic
/// `create table t as select * from dba_objects` loads.
#[test]
fn dba_objects_lists_only_the_release_s_types() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "lab version 10.2;\n\
         create table t as select * from dba_objects;\n\
         select count(*) from dba_objects where object_type in ('UNIFIED AUDIT POLICY', 'EDITION');\n\
         lab version 19c;\n\
         select count(*) from dba_objects where object_type = 'UNIFIED AUDIT POLICY';",
    );
    ok(&steps[..3]);
    assert_eq!(steps[2].rows[0][0].as_f64(), Some(0.0));
    assert!(steps[4].rows[0][0].as_f64().is_some_and(|n| n > 0.0), "{:?}", steps[4]);
}
