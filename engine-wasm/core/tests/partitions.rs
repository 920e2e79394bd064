//! Issue 34: partitioned tables. Each partition its own segment (USER_SEGMENTS
//! `TABLE PARTITION`, its own OBJECT_ID and DATA_OBJECT_ID, its own
//! blocks), rows routed on insert (ORA-14400 when none takes the key), and
//! pruning shown as Oracle prints it: a `PARTITION RANGE | LIST | HASH
//! SINGLE / ITERATOR / ALL / INLIST / EMPTY` line above the TABLE ACCESS
//! FULL, both with Pstart and Pstop.
//!
//! Hand-checked on a 2-partition table of 9 rows, each partition one
//! block. A full scan of a one-block segment is 4 gets in the lab (3 on
//! the segment header and space-management blocks, the release's ASSM
//! figure, and the block: `hash_join.rs`), so a scan of one partition is 4
//! consistent gets and of both 8; a partition pruned away costs none.

mod common;
use common::joins::{ops, run};
use common::*;
use lio_core::Engine;

/// R: range-partitioned on N, P1 below 5 (rows 1-4), P2 below 10 (5-9).
const R: &str = "create table r (n number not null, v varchar2(10))\n\
    partition by range (n) (partition p1 values less than (5), partition p2 values less than (10));\n\
    insert into r select rownum, 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    alter session set statistics_level = all;\n";

fn plan_ops(s: &lio_core::StepOut) -> Vec<(String, Option<String>, Option<String>)> {
    s.plan.iter().map(|l| (l.operation.clone(), l.pstart.clone(), l.pstop.clone())).collect()
}

fn part_line(op: &str, start: &str, stop: &str) -> (String, Option<String>, Option<String>) {
    (op.to_string(), Some(start.to_string()), Some(stop.to_string()))
}

/// Each row in its partition, each partition a segment with its own
/// object numbers, the table none; statistics per partition and global.
#[test]
fn rows_go_to_their_partitions_each_a_segment() {
    let steps = run(&format!(
        "{R}exec dbms_stats.gather_table_stats(user, 'R')\n\
         select partition_name, partition_position, high_value, num_rows, blocks from user_tab_partitions order by 2;\n\
         select segment_name, partition_name, segment_type from user_segments order by 2;\n\
         select partitioning_type, partition_count, partitioning_key_count from user_part_tables;\n\
         select name, object_type, column_name, column_position from user_part_key_columns;\n\
         select num_rows, blocks from user_tables where table_name = 'R';\n\
         select object_type, subobject_name, case when data_object_id is null then 'none' else 'own' end from user_objects order by object_id;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 6]), ["P1|1|5|4|2", "P2|2|10|5|2"]);
    assert_eq!(row_strings(&steps[n - 5]), ["R|P1|TABLE PARTITION", "R|P2|TABLE PARTITION"]);
    assert_eq!(row_strings(&steps[n - 4]), ["RANGE|2|1"]);
    assert_eq!(row_strings(&steps[n - 3]), ["R|TABLE|N|1"]);
    // Global: 9 rows, the partitions' blocks (2 each with the header).
    assert_eq!(row_strings(&steps[n - 2]), ["9|4"]);
    assert_eq!(row_strings(&steps[n - 1]), ["TABLE||none", "TABLE PARTITION|P1|own", "TABLE PARTITION|P2|own"]);
}

/// A key above every bound: ORA-14400, and no row of the statement stays.
#[test]
fn a_key_no_partition_takes_is_ora_14400() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    let s = e.exec("insert into r select rownum + 5, 'x' from dual connect by level <= 5;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_KEY_NO_PARTITION.code());
    assert_eq!(text_rows(&mut e, "select count(*) from r;"), [["9"]]);
    // A MAXVALUE partition takes it (and NULL, which sorts above all).
    let s = e.exec(
        "create table m (n number) partition by range (n) (partition a values less than (5), partition b values less than (maxvalue));\n\
         insert into m values (100);\ninsert into m values (null);\ninsert into m values (1);\ncommit;\n\
         exec dbms_stats.gather_table_stats(user, 'M')\n\
         select partition_name, high_value, num_rows from user_tab_partitions where table_name = 'M' order by partition_position;",
    );
    ok(&s);
    assert_eq!(row_strings(s.last().unwrap()), ["A|5|1", "B|MAXVALUE|2"]);
}

/// Literals prune when the statement is parsed: SINGLE reads one
/// partition (4 gets), ALL both (8), ITERATOR the run between, EMPTY none.
#[test]
fn literals_prune_at_parse_time() {
    let steps = run(&format!(
        "{R}select count(*) from r where n = 3;\n\
         select count(*) from r;\n\
         select count(*) from r where n between 3 and 7;\n\
         select count(*) from r where n > 100;\n\
         select count(*) from r where n >= 6;"
    ));
    let n = steps.len();
    let (single, all, iter, empty, high) = (&steps[n - 5], &steps[n - 4], &steps[n - 3], &steps[n - 2], &steps[n - 1]);
    assert_eq!(single.rows[0][0], 1);
    assert_eq!(plan_ops(single)[2], part_line("PARTITION RANGE SINGLE", "1", "1"));
    assert_eq!(plan_ops(single)[3], part_line("TABLE ACCESS FULL", "1", "1"));
    assert_eq!(stat(single, "consistent gets"), 4);
    assert_eq!(ops(single)[3], ("TABLE ACCESS FULL R".into(), 1, 1, 4));
    assert_eq!(all.rows[0][0], 9);
    assert_eq!(plan_ops(all)[2], part_line("PARTITION RANGE ALL", "1", "2"));
    assert_eq!(stat(all, "consistent gets"), 8);
    assert_eq!(stat(all, "table scans (short tables)"), 2);
    // Started once per partition read (Antognini's Starts column).
    assert_eq!(ops(all)[3].1, 2);
    assert_eq!(ops(empty)[3].1, 0);
    // Both partitions kept: every one, ALL (ITERATOR is a run short of it).
    assert_eq!(iter.rows[0][0], 5);
    assert_eq!(plan_ops(iter)[2], part_line("PARTITION RANGE ALL", "1", "2"));
    assert_eq!(empty.rows[0][0], 0);
    assert_eq!(plan_ops(empty)[2], part_line("PARTITION RANGE EMPTY", "INVALID", "INVALID"));
    assert_eq!(stat(empty, "consistent gets"), 0);
    assert_eq!(high.rows[0][0], 4);
    assert_eq!(plan_ops(high)[2], part_line("PARTITION RANGE SINGLE", "2", "2"));
    assert_eq!(stat(high, "consistent gets"), 4);
}

/// Binds prune when the statement runs: Pstart and Pstop KEY (KEY(I) for
/// an IN list), the partitions read those the values reach.
#[test]
fn binds_prune_at_run_time() {
    let steps = run(&format!(
        "{R}variable b number\nexec :b := 7\n\
         select count(*) from r where n = :b;\n\
         select count(*) from r where n in (1, 7);\n\
         variable c number\nexec :c := 2\n\
         select count(*) from r where n in (:b, :c);"
    ));
    let n = steps.len();
    let (key, inlist, inbind) = (&steps[n - 5], &steps[n - 4], &steps[n - 1]);
    assert_eq!(key.rows[0][0], 1);
    assert_eq!(plan_ops(key)[2], part_line("PARTITION RANGE SINGLE", "KEY", "KEY"));
    assert_eq!(stat(key, "consistent gets"), 4);
    assert_eq!(inlist.rows[0][0], 2);
    assert_eq!(plan_ops(inlist)[2], part_line("PARTITION RANGE INLIST", "KEY(I)", "KEY(I)"));
    assert_eq!(stat(inlist, "consistent gets"), 8);
    assert_eq!(inbind.rows[0][0], 2);
    assert_eq!(plan_ops(inbind)[2], part_line("PARTITION RANGE INLIST", "KEY(I)", "KEY(I)"));
}

/// LIST: a value's partition, else DEFAULT; HASH: every row somewhere, an
/// equality reads one partition.
#[test]
fn list_and_hash() {
    let steps = run("create table l (c varchar2(1), n number) partition by list (c)\n\
         (partition ab values ('A', 'B'), partition c values ('C'), partition rest values (default));\n\
         insert into l select chr(64 + mod(rownum, 5) + 1), rownum from dual connect by level <= 10;\n\
         create table h (id number, pad varchar2(10)) partition by hash (id) partitions 4;\n\
         insert into h select rownum, 'x' from dual connect by level <= 100;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'L')\n\
         exec dbms_stats.gather_table_stats(user, 'H')\n\
         select partition_name, high_value, num_rows from user_tab_partitions where table_name = 'L' order by partition_position;\n\
         select count(*), sum(num_rows) from user_tab_partitions where table_name = 'H';\n\
         select count(*) from l where c = 'C';\n\
         select pad from h where id = 42;");
    let n = steps.len();
    // A, B: 2 + 2; C: 2; D, E: 4.
    assert_eq!(row_strings(&steps[n - 4]), ["AB|'A', 'B'|4", "C|'C'|2", "REST|DEFAULT|4"]);
    assert_eq!(row_strings(&steps[n - 3]), ["4|100"]);
    assert_eq!(steps[n - 2].rows[0][0], 2);
    assert_eq!(plan_ops(&steps[n - 2])[2], part_line("PARTITION LIST SINGLE", "2", "2"));
    let h = &steps[n - 1];
    assert_eq!(row_strings(h), ["x"]);
    assert_eq!(plan_ops(h)[1].0, "PARTITION HASH SINGLE");
    assert_eq!(stat(h, "table scans (short tables)"), 1);
}

/// DBMS_XPLAN's Pstart and Pstop columns, as Oracle lays them out.
#[test]
fn xplan_prints_pstart_and_pstop() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    ok(&e.exec("explain plan for select * from r where n = 6;"));
    let s = e.exec("select * from table(dbms_xplan.display);");
    ok(&s);
    let out: Vec<String> = s[0].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    println!("{}", out.join("\n"));
    assert!(out[3].ends_with("| Time     | Pstart| Pstop |"), "{}", out[3]);
    assert!(out[6].contains("|  PARTITION RANGE SINGLE|") && out[6].ends_with("|     2 |     2 |"), "{}", out[6]);
    assert!(
        out[7].contains("|   TABLE ACCESS FULL    | R    |") && out[7].ends_with("|     2 |     2 |"),
        "{}",
        out[7]
    );
    assert_eq!(out[2].len(), out[3].len());
}

/// What the lab does not model with partitioning is refused by name.
#[test]
fn refused_with_their_names() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    let lab = lio_sql::ora::LAB_UNSUPPORTED.code();
    for sql in [
        "create table c (n number, d number) partition by range (n) subpartition by list (d) (partition p values less than (maxvalue));",
        "create bitmap index r_i on r (n) local;",
        "create table i (n number) partition by range (n) interval (10) store in (users) (partition p values less than (10));",
        "alter table r move partition p1 tablespace users;",
        "alter table r coalesce partition;",
        "alter table r move tablespace users;",
    ] {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]).0, lab, "{sql}");
    }
    let s = e.exec("create table b (n number) partition by range (n) (partition p1 values less than (10), partition p2 values less than (5));");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_BOUND_TOO_HIGH.code());
}

/// A row's ROWID carries its partition's DATA_OBJECT_ID; ROLLBACK takes
/// the rows out of their partitions.
#[test]
fn rowids_and_rollback() {
    let mut e: Engine = quiet_engine();
    ok(&e.exec(R));
    let got = text_rows(
        &mut e,
        "select count(*) from r, user_objects o where o.subobject_name = 'P2' and dbms_rowid.rowid_object(r.rowid) = o.data_object_id;",
    );
    assert_eq!(got, [["5"]]);
    ok(&e.exec("insert into r values (1, 'again');\nrollback;"));
    assert_eq!(text_rows(&mut e, "select count(*) from r where n = 1;"), [["1"]]);
}

/// René Nyffenegger's list-partitioned table (tests/articles): the
/// published plans, byte for byte, in format 'basic +partition'.
#[test]
fn nyffenegger_partition_start_stop() {
    let script = include_str!("../../../tests/articles/nyffenegger-partition-start-stop.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let shown: Vec<Vec<String>> = steps
        .iter()
        .filter(|s| s.statement.contains("dbms_xplan.display"))
        .map(|s| s.rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect())
        .collect();
    let rule = "-".repeat(63);
    assert_eq!(
        shown[0][2..],
        [
            rule.as_str(),
            "| Id  | Operation             | Name          | Pstart| Pstop |",
            rule.as_str(),
            "|   0 | SELECT STATEMENT      |               |       |       |",
            "|   1 |  PARTITION LIST SINGLE|               |     4 |     4 |",
            "|   2 |   TABLE ACCESS FULL   | TQ84_PART_TAB |     4 |     4 |",
            rule.as_str(),
        ]
    );
    let rule = "-".repeat(65);
    assert_eq!(
        shown[1][2..],
        [
            rule.as_str(),
            "| Id  | Operation               | Name          | Pstart| Pstop |",
            rule.as_str(),
            "|   0 | SELECT STATEMENT        |               |       |       |",
            "|   1 |  PARTITION LIST ITERATOR|               |     2 |     4 |",
            "|   2 |   TABLE ACCESS FULL     | TQ84_PART_TAB |     2 |     4 |",
            rule.as_str(),
        ]
    );
    assert!(
        shown[2][6].starts_with("|   1 |  PARTITION LIST INLIST|") && shown[2][6].ends_with("|KEY(I) |KEY(I) |"),
        "{}",
        shown[2][6]
    );
}

/// ADD, TRUNCATE and DROP PARTITION: a new bound above the last one, the
/// partition's rows gone with it (TRUNCATE keeps the partition, DROP moves
/// the later ones down a position).
#[test]
fn add_truncate_and_drop_partition() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    ok(&e.exec(
        "alter table r add partition p3 values less than (20);\n\
         insert into r values (15, 'x');\ncommit;\n\
         alter table r truncate partition p1;",
    ));
    assert_eq!(text_rows(&mut e, "select count(*) from r;"), [["6"]]);
    ok(&e.exec("alter table r drop partition p2;"));
    assert_eq!(text_rows(&mut e, "select count(*), min(n) from r;"), [["1", "15"]]);
    assert_eq!(
        text_rows(&mut e, "select partition_name, partition_position from user_tab_partitions order by 2;"),
        [["P1", "1"], ["P3", "2"]]
    );
    let s = e.exec("select count(*) from r where n = 15;");
    ok(&s);
    assert_eq!(plan_ops(&s[0])[2], part_line("PARTITION RANGE SINGLE", "2", "2"));
    assert_eq!(stat(&s[0], "consistent gets"), 4);
    let s = e.exec("alter table r add partition p0 values less than (1);");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_BOUND_NOT_HIGHER.code());
    let s = e.exec("alter table r drop partition nope;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_DOES_NOT_EXIST.code());
    let s = e.exec("alter table r drop partition p1;\nalter table r drop partition p3;");
    assert_eq!(error_of(&s[1]).0, lio_sql::ora::DROP_ONLY_PARTITION.code());
}
