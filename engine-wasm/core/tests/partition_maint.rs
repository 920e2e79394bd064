//! Issue 34: SPLIT, MERGE and EXCHANGE PARTITION and what they do to the
//! table's indexes.
//!
//! Hand-checked on R: N 1..9, P1 below 5 (1-4), P2 below 10 (5-9), a
//! local index R_N on N and a global one R_V on V.
//! - SPLIT P2 AT (7): 5 and 6 go to the first new partition, 7-9 to the
//!   second. Rows on both sides: both are new segments (new
//!   DATA_OBJECT_IDs), the two new local index partitions and R_V are
//!   UNUSABLE (P1's index partition stays USABLE). With UPDATE INDEXES
//!   all stay USABLE and R_N finds 8 in its partition; with UPDATE GLOBAL
//!   INDEXES R_V stays VALID, the new local partitions do not.
//! - SPLIT P2 AT (20) is outside P2's bounds [5, 10): ORA-14080, as is
//!   AT (3) (below P1's bound); a resulting name that is P1's ORA-14012.
//! - MERGE P1, P2: one segment with the 9 rows, bound 10; reusing P1 (the
//!   lower) ORA-14275; P1 and P3 of three are not adjacent: ORA-14274.
//! - EXCHANGE P1 WITH TABLE X (2 rows, N 2 and 3): X gets P1's 4 rows and
//!   P1's segment (its DATA_OBJECT_ID), P1 X's 2 rows; R's 7 rows.

mod common;
use common::joins::run;
use common::*;
use lio_sql::ora;

const R: &str = "create table r (n number not null, v varchar2(10))\n\
    partition by range (n) (partition p1 values less than (5), partition p2 values less than (10));\n\
    insert into r select rownum, 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    create index r_n on r(n) local;\n\
    create index r_v on r(v);\n";

const STATUS: &str = "select status from user_indexes where index_name = 'R_V';\n\
    select partition_name, status from user_ind_partitions where index_name = 'R_N' order by partition_position;\n";

fn last_two(steps: &[lio_core::StepOut]) -> (Vec<String>, Vec<String>) {
    let n = steps.len();
    (row_strings(&steps[n - 2]), row_strings(&steps[n - 1]))
}

/// Schneider's "Unusable index" (2015):
/// tests/articles/schneider-split-partition-unusable-index.sql. Published:
/// I VALID after the two splits whose rows all fall on one side, UNUSABLE
/// after the one that puts a row on each; the insert still works and the
/// query finds 320 by PARTITION RANGE SINGLE over TABLE ACCESS FULL.
#[test]
fn schneider_split_partition_unusable_index() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/schneider-split-partition-unusable-index.sql"));
    ok(&steps);
    let status: Vec<Vec<String>> =
        steps.iter().filter(|s| s.statement.contains("FROM user_indexes")).map(row_strings).collect();
    assert_eq!(status, [["I|VALID"], ["I|VALID"], ["I|UNUSABLE"], ["I|VALID"]]);
    let q = steps.iter().find(|s| s.statement.starts_with("select * from t where x=320")).unwrap();
    assert_eq!(row_strings(q), ["320"]);
    assert_eq!(op_names(q), ["SELECT STATEMENT", "PARTITION RANGE SINGLE", "TABLE ACCESS FULL T"]);
    let parts = steps.iter().find(|s| s.statement.contains("user_tab_partitions")).unwrap();
    assert_eq!(row_strings(parts), ["P2|100|1", "P4|200|2", "P6|300|3", "P7|MAXVALUE|4"]);
    assert_eq!(row_strings(steps.last().unwrap()), ["2"]);
}

/// A fast split keeps the segment: the side with the rows has the old
/// partition's DATA_OBJECT_ID (its rows' ROWIDs unchanged); a split that
/// moves rows gives both sides new ones.
#[test]
fn fast_split_keeps_the_segment() {
    let ids = "select subobject_name, data_object_id from user_objects where object_name = 'R' and subobject_name is not null order by 1;\n";
    let steps = run(&format!(
        "{R}{ids}select rowid from r where n = 1;\n\
         alter table r split partition p1 at (4.5) into (partition p1a, partition p1b);\n\
         {ids}select rowid from r where n = 1;"
    ));
    let n = steps.len();
    let before = row_strings(&steps[n - 5]);
    let p1_id = before[0].split('|').nth(1).unwrap().to_string();
    // Everything in P1 (1-4) is below 4.5: it all stays in the first side.
    let after = row_strings(&steps[n - 2]);
    assert_eq!(after[0], format!("P1A|{p1_id}"));
    assert!(after.iter().any(|r| r.starts_with("P1B|")) && !after[1].ends_with(&format!("|{p1_id}")));
    assert_eq!(row_strings(&steps[n - 4]), row_strings(&steps[n - 1]));
    let steps =
        run(&format!("{R}alter table r split partition p2 at (7) into (partition p2a, partition p2b);\n{STATUS}"));
    let (global, local) = last_two(&steps);
    assert_eq!(global, ["UNUSABLE"]);
    assert_eq!(local, ["P1|USABLE", "P2A|UNUSABLE", "P2B|UNUSABLE"]);
}

/// The rows after a split that moves them, with each index clause.
#[test]
fn split_moving_rows_and_update_indexes() {
    let count = "select count(*) from r where n between 5 and 6;\n";
    let steps = run(&format!(
        "{R}alter table r split partition p2 at (7) into (partition p2a, partition p2b) update indexes;\n{STATUS}\
         select /*+ index(r r_n) */ v from r where n = 8;\n\
         select /*+ index(r r_v) */ n from r where v = 'v6';\n{count}\
         select partition_name, num_rows from user_ind_partitions where index_name = 'R_N' order by partition_position;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 6]), ["VALID"]);
    assert_eq!(row_strings(&steps[n - 5]), ["P1|USABLE", "P2A|USABLE", "P2B|USABLE"]);
    assert_eq!(row_strings(&steps[n - 4]), ["v8"]);
    let l = &steps[n - 4].plan[1];
    assert_eq!(
        (l.operation.as_str(), l.pstart.as_deref(), l.pstop.as_deref()),
        ("PARTITION RANGE SINGLE", Some("3"), Some("3"))
    );
    assert_eq!(row_strings(&steps[n - 3]), ["6"]);
    assert_eq!(row_strings(&steps[n - 2]), ["2"]);
    assert_eq!(row_strings(&steps[n - 1]), ["P1|4", "P2A|2", "P2B|3"]);
    let steps = run(&format!(
        "{R}alter table r split partition p2 at (7) into (partition p2a, partition p2b) update global indexes;\n{STATUS}"
    ));
    let (global, local) = last_two(&steps);
    assert_eq!(global, ["VALID"]);
    assert_eq!(local, ["P1|USABLE", "P2A|UNUSABLE", "P2B|UNUSABLE"]);
    // Rebuilt, the partition serves a query again.
    let steps = run(&format!(
        "{R}alter table r split partition p2 at (7) into (partition p2a, partition p2b);\n\
         alter index r_n rebuild partition p2b;\n{STATUS}select /*+ index(r r_n) */ v from r where n = 9;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 2]), ["P1|USABLE", "P2A|UNUSABLE", "P2B|USABLE"]);
    assert_eq!(row_strings(&steps[n - 1]), ["v9"]);
}

/// SPLIT's and MERGE's errors.
#[test]
fn split_and_merge_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    let s = e.exec(
        "alter table r split partition p2 at (20);\n\
         alter table r split partition p2 at (3);\n\
         alter table r split partition p2 at (7) into (partition p1, partition p2b);\n\
         alter table r split partition p9 at (7);\n\
         create table h (n number) partition by hash (n) partitions 2;\n\
         alter table h split partition sys_p1 at (3);\n\
         alter table r add partition p3 values less than (20);\n\
         alter table r merge partitions p1, p3;\n\
         alter table r merge partitions p1, p2 into partition p1;\n\
         alter table h merge partitions a, b;",
    );
    assert_eq!(error_of(&s[0]).0, ora::SPLIT_BOUND_INVALID.code());
    assert_eq!(error_of(&s[1]).0, ora::SPLIT_BOUND_INVALID.code());
    assert_eq!(error_of(&s[2]).0, ora::PARTITION_NAME_CONFLICT.code());
    assert_eq!(error_of(&s[3]).0, ora::PARTITION_DOES_NOT_EXIST.code());
    assert_eq!(error_of(&s[5]).0, ora::NOT_RANGE_OR_LIST.code());
    assert_eq!(error_of(&s[7]).0, ora::MERGE_NOT_ADJACENT.code());
    assert_eq!(error_of(&s[8]).0, ora::MERGE_REUSES_LOWER.code());
    assert_eq!(error_of(&s[9]).0, ora::NOT_RANGE_OR_LIST.code());
}

/// MERGE PARTITIONS: the higher bound, one new segment, the indexes.
#[test]
fn merge_partitions() {
    let parts = "select partition_name, high_value, num_rows from user_tab_partitions where table_name = 'R' order by partition_position;\n";
    let steps = run(&format!(
        "{R}alter table r add partition p3 values less than (20);\n\
         insert into r values (15, 'v15');\n\
         alter table r merge partitions p1, p2 into partition p12;\n{STATUS}\
         exec dbms_stats.gather_table_stats(user, 'R')\n{parts}\
         select count(*) from r where n < 10;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 5]), ["UNUSABLE"]);
    assert_eq!(row_strings(&steps[n - 4]), ["P12|UNUSABLE", "P3|USABLE"]);
    assert_eq!(row_strings(&steps[n - 2]), ["P12|10|9", "P3|20|1"]);
    assert_eq!(row_strings(&steps[n - 1]), ["9"]);
    let steps = run(&format!("{R}alter table r merge partitions p1, p2 into partition p2 update indexes;\n{STATUS}"));
    let (global, local) = last_two(&steps);
    assert_eq!(global, ["VALID"]);
    assert_eq!(local, ["P2|USABLE"]);
    // A list table's merge takes both value lists.
    let steps = run("create table l (c varchar2(1)) partition by list (c) (partition a values ('A'), partition b values ('B'), partition o values (default));\n\
         insert into l values ('A');\ninsert into l values ('B');\ninsert into l values ('C');\n\
         alter table l merge partitions a, b into partition ab;\n\
         select partition_name, high_value from user_tab_partitions where table_name = 'L' order by partition_position;\n\
         select count(*) from l where c = 'B';");
    let (parts, count) = last_two(&steps);
    assert_eq!(parts, ["AB|'A', 'B'", "O|DEFAULT"]);
    assert_eq!(count, ["1"]);
}

const X: &str = "create table x (n number not null, v varchar2(10));\n\
    insert into x values (2, 'x2');\ninsert into x values (3, 'x3');\ncommit;\n";

/// EXCHANGE PARTITION: the rows and segments trade places.
#[test]
fn exchange_partition() {
    let ids = "select object_name || ':' || subobject_name, data_object_id from user_objects where object_name in ('R', 'X') and object_type like 'TABLE%' and data_object_id is not null order by 1;\n";
    let steps = run(&format!(
        "{R}{X}{ids}alter table r exchange partition p1 with table x;\n{ids}{STATUS}\
         select n from r order by n;\nselect n from x order by n;"
    ));
    let n = steps.len();
    let before = row_strings(&steps[n - 7]);
    let after = row_strings(&steps[n - 5]);
    let id = |rows: &[String], who: &str| {
        rows.iter().find(|r| r.starts_with(who)).unwrap().split('|').nth(1).unwrap().to_string()
    };
    assert_eq!(id(&after, "R:P1"), id(&before, "X:"));
    assert_eq!(id(&after, "X:"), id(&before, "R:P1"));
    assert_eq!(row_strings(&steps[n - 4]), ["UNUSABLE"]);
    assert_eq!(row_strings(&steps[n - 3]), ["P1|UNUSABLE", "P2|USABLE"]);
    assert_eq!(row_strings(&steps[n - 2]), ["2", "3", "5", "6", "7", "8", "9"]);
    assert_eq!(row_strings(&steps[n - 1]), ["1", "2", "3", "4"]);
    // INCLUDING INDEXES with X's matching index, UPDATE GLOBAL INDEXES.
    let steps = run(&format!(
        "{R}{X}create index x_n on x(n);\n\
         alter table r exchange partition p1 with table x including indexes without validation update global indexes;\n{STATUS}\
         select /*+ index(r r_n) */ v from r where n = 3;\n\
         select /*+ index(r r_v) */ n from r where v = 'x2';\n\
         select /*+ index(x x_n) */ v from x where n = 4;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 5]), ["VALID"]);
    assert_eq!(row_strings(&steps[n - 4]), ["P1|USABLE", "P2|USABLE"]);
    assert_eq!(row_strings(&steps[n - 3]), ["x3"]);
    assert_eq!(row_strings(&steps[n - 2]), ["2"]);
    assert_eq!(row_strings(&steps[n - 1]), ["v4"]);
    assert_eq!(op_names(&steps[n - 1])[2], "INDEX RANGE SCAN X_N");
}

/// EXCHANGE's checks, and WITHOUT VALIDATION taking a row that belongs
/// elsewhere (a pruned query does not see it, a full one does).
#[test]
fn exchange_errors_and_validation() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    ok(&e.exec(X));
    let s = e.exec(
        "create table y (n varchar2(10), v varchar2(10));\n\
         create table z (n number);\n\
         alter table r exchange partition p1 with table y;\n\
         alter table r exchange partition p1 with table z;\n\
         alter table r exchange partition p1 with table x including indexes;\n\
         insert into x values (7, 'x7');\n\
         alter table r exchange partition p1 with table x;\n\
         alter table r exchange partition p1 with table r;\n\
         alter table r exchange partition p1 with table nosuch;",
    );
    assert_eq!(error_of(&s[2]).0, ora::EXCHANGE_COLUMN_MISMATCH.code());
    assert_eq!(error_of(&s[3]).0, ora::EXCHANGE_COLUMN_COUNT.code());
    assert_eq!(error_of(&s[4]).0, ora::EXCHANGE_INDEX_MISMATCH.code());
    assert_eq!(error_of(&s[6]).0, ora::EXCHANGE_ROWS_DO_NOT_QUALIFY.code());
    assert_eq!(error_of(&s[7]).0, ora::EXCHANGE_TABLE_KIND.code());
    assert_eq!(error_of(&s[8]).0, ora::TABLE_OR_VIEW_DOES_NOT_EXIST.code());
    let s = e.exec(
        "alter table r exchange partition p1 with table x without validation;\n\
         select count(*) from r where n = 7;\nselect count(*) from r;",
    );
    ok(&s);
    assert_eq!(row_strings(&s[1]), ["1"]);
    assert_eq!(row_strings(&s[2]), ["8"]);
}

/// EXPLAIN PLAN of an UPDATE and a DELETE: the statement line with the
/// query's estimates, the change's line with none (as Oracle prints
/// UPDATE and DELETE: Rows, Bytes, Cost and Time blank), then the query's
/// lines, the PARTITION line with its Pstart and Pstop. Over an index the
/// change takes the rowids from the scan: no TABLE ACCESS line. The index
/// line carries the bytes of the column it gives (N: 3), as an index-only
/// line does (acehints.com 2013/09: `delete from dept` over INDEX FULL
/// SCAN PK_DEPT prints 4 rows, 12 bytes). Oracle also counts an UPDATE's
/// SET columns (the same page: `update dept set loc='USA'` prints 32 bytes
/// on its full scan); the lab does not yet.
#[test]
fn explain_plan_of_update_and_delete() {
    let steps = run(&format!(
        "{R}explain plan for update r set v = 'x' where n = 7;\n\
         select * from table(dbms_xplan.display);\n\
         explain plan for delete /*+ full(r) */ from r where v = 'v3';\n\
         select * from table(dbms_xplan.display(null, null, 'BASIC +PARTITION'));"
    ));
    let n = steps.len();
    let text = |s: &lio_core::StepOut| row_strings(s);
    let upd = text(&steps[n - 3]);
    assert_eq!(
        upd[3..9],
        [
            "| Id  | Operation               | Name | Rows  | Bytes | Cost (%CPU)| Time     | Pstart| Pstop |",
            "------------------------------------------------------------------------------------------------",
            "|   0 | UPDATE STATEMENT        |      |     1 |     3 |     1   (0)| 00:00:01 |       |       |",
            "|   1 |  UPDATE                 | R    |       |       |            |          |       |       |",
            "|   2 |   PARTITION RANGE SINGLE|      |     1 |     3 |     1   (0)| 00:00:01 |     2 |     2 |",
            "|*  3 |    INDEX RANGE SCAN     | R_N  |     1 |     3 |     1   (0)| 00:00:01 |     2 |     2 |",
        ]
    );
    let del = text(&steps[n - 1]);
    assert_eq!(
        del[3..9],
        [
            "| Id  | Operation            | Name | Pstart| Pstop |",
            "-----------------------------------------------------",
            "|   0 | DELETE STATEMENT     |      |       |       |",
            "|   1 |  DELETE              | R    |       |       |",
            "|   2 |   PARTITION RANGE ALL|      |     1 |     2 |",
            "|   3 |    TABLE ACCESS FULL | R    |     1 |     2 |",
        ]
    );
}

/// Deo's "Exchange Partition in Oracle" (2011):
/// tests/articles/avdeo-exchange-partition-11g.sql. Published: T's 14966
/// rows, PT 0 rows, then after the exchange WITHOUT VALIDATION PT 14966.
/// The lab's own: T empty, T_IDX UNUSABLE (EXCLUDING INDEXES).
#[test]
fn avdeo_exchange_partition() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/avdeo-exchange-partition-11g.sql"));
    ok(&steps);
    let counts: Vec<Vec<String>> =
        steps.iter().filter(|s| s.statement.starts_with("select count(1)")).map(row_strings).collect();
    assert_eq!(counts, [["14966"], ["0"], ["14966"], ["0"]]);
    assert_eq!(row_strings(steps.last().unwrap()), ["T_IDX|UNUSABLE"]);
}
