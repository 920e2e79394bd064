//! EXCHANGE PARTITION of a composite partition (issue 34): the partition's
//! subpartitions trade segments with the partitions of a table
//! partitioned as the table is subpartitioned, one for one; Oracle's
//! errors for each mismatch. Published (statement only):
//! tests/articles/oracle-vldbg-exchange-list-list.sql.

mod common;
use common::*;

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    let rows = text_rows(e, sql);
    assert_eq!(rows.len(), 1, "{sql}");
    rows[0].join("|")
}

/// The guide's list-list exchange, with five APAC customers: they move
/// into CUSTOMERS' APAC subpartitions, CUSTOMERS_APAC gets APAC's (no)
/// rows, and the DATA_OBJECT_IDs trade (the segments moved, not the rows).
#[test]
fn vldbg_list_list_exchange_trades_segments() {
    let script = include_str!("../../../tests/articles/oracle-vldbg-exchange-list-list.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let selects: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    assert_eq!(selects.len(), 7);
    let (apac_poor, poor) = (row_strings(selects[0]), row_strings(selects[1]));
    assert_ne!(apac_poor, poor);
    assert_eq!(row_strings(selects[2]), ["5"]);
    assert_eq!(row_strings(selects[3]), ["0"]);
    assert_eq!(row_strings(selects[4]), ["E|2"]);
    assert_eq!(row_strings(selects[5]), poor, "CUSTOMERS_APAC.POOR now has APAC_POOR's segment");
    assert_eq!(row_strings(selects[6]), apac_poor);
}

const RANGE_HASH: &str = "lab version 19c;\n\
    create table t (k int, h int, v varchar2(10)) partition by range (k) subpartition by hash (h) subpartitions 4\n\
      (partition p1 values less than (100), partition p2 values less than (200));\n\
    create index t_l on t (h) local;\n\
    create index t_g on t (v);\n\
    insert into t select level, level, 'old' from dual connect by level <= 199;\n\
    create table x (k int, h int, v varchar2(10)) partition by hash (h) partitions 4;\n\
    insert into x select 100 + level, level * 7, 'new' from dual connect by level <= 40;\n\
    commit;";

/// RANGE-HASH with a 4-way hash table: P2's 100 rows leave, X's 40 come
/// (each in the subpartition of its hash bucket, WITH VALIDATION); the
/// local index's P2 subpartitions are UNUSABLE (EXCLUDING INDEXES), the
/// global index too (no UPDATE INDEXES), P1's stay USABLE.
#[test]
fn range_hash_partition_trades_with_a_hash_table() {
    let mut e = quiet_engine();
    ok(&e.exec(RANGE_HASH));
    ok(&e.exec("alter table t exchange partition p2 with table x;"));
    assert_eq!(one(&mut e, "select count(*), min(v), max(v) from t where k >= 100;"), "40|new|new");
    assert_eq!(one(&mut e, "select count(*), min(k), max(k) from x;"), "100|100|199");
    assert_eq!(one(&mut e, "select count(*) from t where k < 100;"), "99");
    let q = "select partition_name, status, count(*) from user_ind_subpartitions where index_name = 'T_L' group by partition_name, status order by 1;";
    let rows: Vec<String> = text_rows(&mut e, q).iter().map(|r| r.join("|")).collect();
    assert_eq!(rows, ["P1|USABLE|4", "P2|UNUSABLE|4"]);
    assert_eq!(one(&mut e, "select status from user_indexes where index_name = 'T_G';"), "UNUSABLE");
    // Each row is where pruning looks: a hash key finds its row.
    assert_eq!(one(&mut e, "select count(*) from t where h = 21 and k >= 100;"), "1");
}

/// A row of the table that does not belong to the partition: ORA-14099
/// WITH VALIDATION; WITHOUT VALIDATION takes it as it is.
#[test]
fn validation_checks_the_partition_key() {
    let mut e = quiet_engine();
    ok(&e.exec(RANGE_HASH));
    ok(&e.exec("insert into x values (5, 5, 'stray');\ncommit;"));
    let s = e.exec("alter table t exchange partition p2 with table x;");
    assert_eq!(error_of(&s[0]).0, "ORA-14099");
    ok(&e.exec("alter table t exchange partition p2 with table x without validation;"));
    assert_eq!(one(&mut e, "select count(*) from x;"), "100");
}

/// Each mismatch is Oracle's error for it.
#[test]
fn mismatches_are_oracles_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(RANGE_HASH));
    let cases = [
        ("create table a (k int, h int, v varchar2(10));", "ORA-14291"),
        (
            "create table a (k int, h int, v varchar2(10)) partition by range (k) subpartition by hash (h) subpartitions 4 (partition a1 values less than (10));",
            "ORA-14341",
        ),
        ("create table a (k int, h int, v varchar2(10)) partition by list (h) (partition a1 values (1));", "ORA-14292"),
        ("create table a (k int, h varchar2(5), v varchar2(10)) partition by hash (h) partitions 4;", "ORA-14295"),
        ("create table a (k int, h int, v varchar2(10)) partition by hash (h) partitions 8;", "ORA-14294"),
        ("create table a (k int, h int) partition by hash (h) partitions 4;", "ORA-14096"),
        ("create table a (k int, h int, v varchar2(11)) partition by hash (h) partitions 4;", "ORA-14097"),
    ];
    for (create, code) in cases {
        ok(&e.exec(create));
        let s = e.exec("alter table t exchange partition p2 with table a;");
        assert_eq!(error_of(&s[0]).0, code, "{create}");
        ok(&e.exec("drop table a purge;"));
    }
    ok(&e.exec(
        "create table l (k int, h int) partition by range (k) subpartition by list (h) subpartition template \
         (subpartition s1 values (1), subpartition s2 values (2)) (partition l1 values less than (10));\n\
         create table m (k int, h int) partition by list (h) (partition m1 values (1), partition m2 values (3));",
    ));
    let s = e.exec("alter table l exchange partition l1 with table m;");
    assert_eq!(error_of(&s[0]).0, "ORA-14631");
    let s = e.exec("alter table l exchange partition l9 with table m;");
    assert_eq!(error_of(&s[0]).0, "ORA-02149");
}
