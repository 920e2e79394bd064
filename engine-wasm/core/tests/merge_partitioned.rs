//! MERGE into a partitioned table (issue 34): the join reads the target
//! as a query does, and the rows go through the partitioned write paths:
//! an inserted row to its partition (ORA-14400 for none), an update that
//! moves a row ORA-14402 without ROW MOVEMENT. Hand-checked.

mod common;
use common::*;

const SETUP: &str = "lab version 19c;\n\
    create table t (id int, k int, v varchar2(10)) partition by range (k)\n\
      (partition p1 values less than (10), partition p2 values less than (20));\n\
    insert into t values (1, 1, 'a');\n\
    insert into t values (2, 15, 'b');\n\
    create table s (id int, k int, v varchar2(10));\n\
    insert into s values (1, 1, 'A');\n\
    insert into s values (3, 5, 'E');\n\
    insert into s values (2, 15, 'B');\n\
    commit;";

/// Two rows matched (one in each partition), one inserted into P1:
/// `3 rows merged.`; each row where the partition key puts it.
#[test]
fn merge_updates_and_inserts_into_partitions() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "merge into t using s on (t.id = s.id) when matched then update set t.v = s.v \
         when not matched then insert values (s.id, s.k, s.v);",
    );
    ok(&s);
    assert_eq!(s[0].rows_processed, 3);
    let rows: Vec<String> =
        text_rows(&mut e, "select id, k, v from t where k < 10 order by id;").iter().map(|r| r.join("|")).collect();
    assert_eq!(rows, ["1|1|A", "3|5|E"]);
    let rows: Vec<String> =
        text_rows(&mut e, "select id, k, v from t where k >= 10 order by id;").iter().map(|r| r.join("|")).collect();
    assert_eq!(rows, ["2|15|B"]);
}

/// A source row whose key no partition takes: ORA-14400, the MERGE
/// rolled back. An update moving a row to another partition: ORA-14402,
/// and with ROW MOVEMENT the row moves.
#[test]
fn merge_into_partitions_keeps_oracles_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("insert into s values (4, 25, 'X');"));
    let m = "merge into t using s on (t.id = s.id) when matched then update set t.v = s.v \
             when not matched then insert values (s.id, s.k, s.v);";
    let s = e.exec(m);
    assert_eq!(error_of(&s[0]).0, "ORA-14400");
    assert_eq!(text_rows(&mut e, "select count(*) from t;"), [["2".to_string()]]);
    ok(&e.exec("rollback;"));
    let mv =
        "merge into t using (select 1 id, 12 k from dual) s on (t.id = s.id) when matched then update set t.k = s.k;";
    let s = e.exec(mv);
    assert_eq!(error_of(&s[0]).0, "ORA-14402");
    ok(&e.exec("alter table t enable row movement;"));
    ok(&e.exec(mv));
    assert_eq!(
        text_rows(&mut e, "select id from t where k >= 10 order by id;"),
        [["1".to_string()], ["2".to_string()]]
    );
}
