//! Issue 34: indexes on partitioned tables. LOCAL (one index partition per
//! table partition, each its own segment, named after it), GLOBAL (one tree
//! over every partition's rows) and GLOBAL PARTITION BY RANGE (the index's
//! own partitions), with the plans Oracle prints: PARTITION RANGE
//! SINGLE / ALL above TABLE ACCESS BY LOCAL INDEX ROWID and the INDEX RANGE
//! SCAN (all three with the table's Pstart and Pstop, the last two started
//! once per partition), TABLE ACCESS BY GLOBAL INDEX ROWID with Pstart and
//! Pstop ROWID.
//!
//! Hand-checked on the 2-partition table of `partitions.rs`: R holds 1..9,
//! P1 below 5 (1-4), P2 below 10 (5-9). A local index on N has two
//! partitions of 4 and 5 entries; `n = 3` reads P1's only, `n between 3
//! and 7` both (3, 4 in P1; 5, 6, 7 in P2): 5 rows, each index line and
//! table line started twice.

mod common;
use common::joins::run;
use common::*;
use lio_sql::ora;

const R: &str = "create table r (n number not null, v varchar2(10))\n\
    partition by range (n) (partition p1 values less than (5), partition p2 values less than (10));\n\
    insert into r select rownum, 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    create index r_n on r(n) local;\n\
    create index r_v on r(v);\n\
    alter session set statistics_level = all;\n";

/// (operation, name, Pstart, Pstop) of each plan line.
fn lines(s: &lio_core::StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| {
            let p = |x: &Option<String>| x.clone().unwrap_or_default();
            format!("{}|{}|{}|{}", l.operation, l.name.clone().unwrap_or_default(), p(&l.pstart), p(&l.pstop))
        })
        .collect()
}

fn starts(s: &lio_core::StepOut) -> Vec<u64> {
    s.plan.iter().map(|l| l.starts).collect()
}

/// A local index read partition by partition: SINGLE reads one, ALL both.
#[test]
fn local_index_scans_the_kept_partitions() {
    let steps = run(&format!(
        "{R}select /*+ index(r r_n) */ v from r where n = 3;\n\
         select /*+ index(r r_n) */ v from r where n between 3 and 7;"
    ));
    let n = steps.len();
    let (single, both) = (&steps[n - 2], &steps[n - 1]);
    assert_eq!(row_strings(single), ["v3"]);
    assert_eq!(
        lines(single)[1..],
        ["PARTITION RANGE SINGLE||1|1", "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED|R|1|1", "INDEX RANGE SCAN|R_N|1|1"]
    );
    assert_eq!(starts(single)[1..], [1, 1, 1]);
    assert_eq!(row_strings(both), ["v3", "v4", "v5", "v6", "v7"]);
    assert_eq!(
        lines(both)[1..],
        ["PARTITION RANGE ALL||1|2", "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED|R|1|2", "INDEX RANGE SCAN|R_N|1|2"]
    );
    // Started once per partition (Starts), the PARTITION line once.
    assert_eq!(starts(both)[1..], [1, 2, 2]);
}

/// A global index: one tree, the table reached BY GLOBAL INDEX ROWID,
/// each row's partition read from its rowid (Pstart and Pstop ROWID).
#[test]
fn global_index_reaches_rows_by_rowid() {
    let steps = run(&format!("{R}select /*+ index(r r_v) */ n from r where v = 'v7';"));
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["7"]);
    assert_eq!(lines(s)[1..], ["TABLE ACCESS BY GLOBAL INDEX ROWID BATCHED|R|ROWID|ROWID", "INDEX RANGE SCAN|R_V||"]);
}

/// The dictionary: USER_INDEXES.PARTITIONED and STATUS N/A, the index
/// partitions with their entries, USER_PART_INDEXES, and each index
/// partition a segment of its own.
#[test]
fn dictionary_shows_the_index_partitions() {
    let steps = run(&format!(
        "{R}select index_name, partitioned, status, num_rows from user_indexes order by 1;\n\
         select index_name, partition_name, partition_position, high_value, status, num_rows from user_ind_partitions order by 3;\n\
         select index_name, table_name, partitioning_type, partition_count, locality, alignment from user_part_indexes;\n\
         select segment_name, partition_name, segment_type from user_segments where segment_type like 'INDEX%' order by 1, 2;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 4]), ["R_N|YES|N/A|9", "R_V|NO|VALID|9"]);
    assert_eq!(row_strings(&steps[n - 3]), ["R_N|P1|1|5|USABLE|4", "R_N|P2|2|10|USABLE|5"]);
    assert_eq!(row_strings(&steps[n - 2]), ["R_N|R|RANGE|2|LOCAL|PREFIXED"]);
    assert_eq!(row_strings(&steps[n - 1]), ["R_N|P1|INDEX PARTITION", "R_N|P2|INDEX PARTITION", "R_V||INDEX"]);
}

/// Oracle's refusals, each with its code.
#[test]
fn partitioned_index_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    ok(&e.exec("drop index r_v;"));
    let s = e.exec(
        "create table plain (a number, b number);\n\
         create index plain_l on plain(a) local;\n\
         create index r_bad on r(v) local (partition a, partition b, partition c);\n\
         create unique index r_bad on r(v) local;\n\
         create index r_bad on r(v, n) global partition by range (n) (partition a values less than (maxvalue));\n\
         create index r_bad on r(v) global partition by range (v) (partition a values less than ('m'));",
    );
    assert_eq!(error_of(&s[1]).0, ora::LOCAL_INDEX_TABLE_NOT_PARTITIONED.code());
    assert_eq!(error_of(&s[2]).0, ora::LOCAL_INDEX_PARTITION_COUNT.code());
    assert_eq!(error_of(&s[3]).0, ora::UNIQUE_LOCAL_INDEX_KEY.code());
    assert_eq!(error_of(&s[4]).0, ora::GLOBAL_INDEX_NOT_PREFIXED.code());
    assert_eq!(error_of(&s[5]).0, ora::GLOBAL_INDEX_MAXVALUE.code());
}

/// Inserts maintain both indexes; DROP PARTITION takes the local index's
/// partition with it and leaves the global index UNUSABLE (not used, not
/// maintained) until rebuilt; UPDATE INDEXES keeps it VALID.
#[test]
fn partition_ddl_and_global_indexes() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    ok(&e.exec("insert into r values (8, 'w8');\ncommit;"));
    assert_eq!(text_rows(&mut e, "select /*+ index(r r_n) */ count(v) from r where n = 8;"), [["2"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(r r_v) */ count(n) from r where v = 'w8';"), [["1"]]);
    ok(&e.exec("alter table r drop partition p1;"));
    let st = "select index_name, status from user_indexes order by 1;";
    assert_eq!(text_rows(&mut e, st), [["R_N", "N/A"], ["R_V", "UNUSABLE"]]);
    assert_eq!(text_rows(&mut e, "select partition_name from user_ind_partitions;"), [["P2"]]);
    let s = e.exec("alter index r_n rebuild;\nalter index r_v rebuild partition p2;");
    assert_eq!(error_of(&s[0]).0, ora::PARTITIONED_INDEX_REBUILD.code());
    assert_eq!(error_of(&s[1]).0, ora::OBJECT_NOT_PARTITIONED.code());
    ok(&e.exec("alter index r_v rebuild;\nalter index r_n rebuild partition p2;"));
    assert_eq!(text_rows(&mut e, st), [["R_N", "N/A"], ["R_V", "VALID"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(r r_v) */ count(n) from r where v > 'a';"), [["6"]]);
    ok(&e.exec("alter table r truncate partition p2 update global indexes;"));
    assert_eq!(text_rows(&mut e, st), [["R_N", "N/A"], ["R_V", "VALID"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(r r_v) */ count(n) from r where v > 'a';"), [["0"]]);
    // TRUNCATE TABLE empties every index partition; new rows go into them.
    ok(&e
        .exec("insert into r values (7, 'z7');\ncommit;\ntruncate table r;\ninsert into r values (6, 'z6');\ncommit;"));
    assert_eq!(text_rows(&mut e, "select /*+ index(r r_n) */ count(v) from r where n between 1 and 9;"), [["1"]]);
}

/// DML on a table whose unique index is UNUSABLE: ORA-01502.
#[test]
fn unusable_unique_index_refuses_dml() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    ok(&e.exec("create unique index r_u on r(v, n);\nalter table r drop partition p1;"));
    let s = e.exec("insert into r values (6, 'x');");
    assert_eq!(error_of(&s[0]).0, ora::INDEX_UNUSABLE.code());
}

/// Kuhn, Alapati and Padfield, "Expert Indexing in Oracle Database 11g"
/// (2012), p. 122: the script in
/// tests/articles/kuhn-global-partitioned-index-11g.sql. Published: the
/// globally partitioned index ending at MAXVALUE is created (on a table
/// that is not partitioned); without MAXVALUE, ORA-14021. A query on one
/// manager id reads one index partition (the table, not partitioned, BY
/// INDEX ROWID; BATCHED at the lab's 19c: plan/batched.rs).
#[test]
fn kuhn_global_partitioned_index() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/kuhn-global-partitioned-index-11g.sql"));
    let n = steps.len();
    assert!(steps[3].error.is_none());
    assert_eq!(error_of(&steps[4]).0, ora::GLOBAL_INDEX_MAXVALUE.code());
    // 106 manager ids from 100 to 205 (one NULL): MANAGER_200 and MANAGER_300.
    let parts = row_strings(&steps[5]);
    assert_eq!(parts.len(), 10);
    assert_eq!(parts[1..3], ["MANAGER_200|100", "MANAGER_300|6"]);
    assert_eq!(row_strings(&steps[6]), ["GLOBAL|PREFIXED|10"]);
    assert_eq!(
        lines(&steps[n - 1])[1..],
        [
            "TABLE ACCESS BY INDEX ROWID BATCHED|EMPLOYEES||",
            "PARTITION RANGE SINGLE||2|2",
            "INDEX RANGE SCAN|EMPLOYEES_GI1|2|2"
        ]
    );
}

/// The differential test's seed 11 (world 161) trapped the wasm engine
/// here: a global range-partitioned index whose partition held one row
/// with a NULL leading key; the UPDATE took its only entry out and put the
/// new one in, and the DELETE then searched the partition's stale key
/// mirror (`BTree::lower_bound` sliced past the entries). Hand-checked:
/// row 6 (n2 NULL) is in G2 (NULL sorts high, below MAXVALUE), its key
/// (NULL, 1) becomes (NULL, 4); the DELETE removes it and the index is
/// empty.
#[test]
fn one_row_index_partition_updated_then_deleted() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (id number, n1 number, n2 number) partition by list (n2) \
         (partition p1 values (-3, -2, -1), partition p2 values (0, 1, 2, 3, null), partition p3 values (default));\n\
         create index t1_g on t1(n2, n1) global partition by range (n2) \
         (partition g1 values less than (2), partition g2 values less than (maxvalue));\n\
         insert into t1 values (6, 1, NULL);\n\
         update t1 set n1 = n1 + 3, n2 = n2 - 1 where mod(id, 3) = 0;\n",
    ));
    assert_eq!(text_rows(&mut e, "select n1 from t1 where n2 is null;"), [["4"]]);
    ok(&e.exec("delete from t1 where mod(id, 5) = 1;\ncommit;"));
    assert_eq!(text_rows(&mut e, "select /*+ index(t1 t1_g) */ count(*) from t1 where n2 is null;"), [["0"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from t1;"), [["0"]]);
}
