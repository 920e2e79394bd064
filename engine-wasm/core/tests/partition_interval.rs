//! Issue 34: interval partitioning. The declared partitions are the range
//! section (its last bound the transition point T); above T each interval
//! is a partition numbered R + k (R range partitions, k the interval), the
//! insert that first reaches it creates it (SYS_Pn), and the plan's Pstart
//! and Pstop are those numbers, to 1048575, whether the partition exists
//! or not.
//!
//! Hand-checked on I: INTERVAL (10) above P0 (below 10), rows 5, 15, 37,
//! 38: P0 holds 5 (number 1), [10, 20) holds 15 (k = 1, number 2), [30,
//! 40) holds 37 and 38 (k = 3, number 4); [20, 30) (number 3) does not
//! exist. Each existing partition is one block, a scan of one 4 gets (as
//! `partitions.rs`: 3 on the segment header and space-management blocks,
//! 1 on the block), so `n = 37` is 4 gets, the whole table 12, `n = 25`
//! none (SINGLE 3 3, no partition to read).

mod common;
use common::joins::{ops, run};
use common::*;
use lio_sql::ora;

const I: &str = "create table i (n number not null, v varchar2(10))\n\
    partition by range (n) interval (10) (partition p0 values less than (10));\n\
    insert into i values (5, 'a');\ninsert into i values (15, 'b');\n\
    insert into i values (37, 'c');\ninsert into i values (38, 'd');\ncommit;\n\
    alter session set statistics_level = all;\n";

/// (operation, Pstart, Pstop) of plan line `i`.
fn part(s: &lio_core::StepOut, i: usize) -> String {
    let l = &s.plan[i];
    format!("{}|{}|{}", l.operation, l.pstart.clone().unwrap_or_default(), l.pstop.clone().unwrap_or_default())
}

/// The partitions an insert made: SYS_Pn with consecutive n, in position
/// order by bound, INTERVAL YES; USER_PART_TABLES counts 1048575.
#[test]
fn inserts_create_the_interval_partitions() {
    let steps = run(&format!(
        "{I}select partition_position, high_value, interval from user_tab_partitions order by 1;\n\
         select partition_name from user_tab_partitions order by 1;\n\
         select partitioning_type, partition_count, interval from user_part_tables;\n\
         select count(*) from user_segments where segment_name = 'I';"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 4]), ["1|10|NO", "2|20|YES", "3|40|YES"]);
    let names = row_strings(&steps[n - 3]);
    assert_eq!(names[0], "P0");
    let num = |s: &str| s.strip_prefix("SYS_P").and_then(|x| x.parse::<u32>().ok()).expect("SYS_Pn");
    assert_eq!(num(&names[2]), num(&names[1]) + 1);
    assert_eq!(row_strings(&steps[n - 2]), ["RANGE|1048575|10"]);
    assert_eq!(row_strings(&steps[n - 1]), ["3"]);
}

/// Literals prune in partition numbers: a missing partition is still
/// SINGLE at its number (nothing read), an open range runs to 1048575.
#[test]
fn literals_prune_by_partition_number() {
    let steps = run(&format!(
        "{I}select count(*) from i where n = 37;\n\
         select count(*) from i;\n\
         select count(*) from i where n = 25;\n\
         select count(*) from i where n >= 15;\n\
         select count(*) from i where n < 30;\n\
         select count(*) from i where n in (5, 37);"
    ));
    let n = steps.len();
    let [one, all, none, from, below, inl] = [6, 5, 4, 3, 2, 1].map(|k| &steps[n - k]);
    assert_eq!(one.rows[0][0], 1);
    assert_eq!(part(one, 2), "PARTITION RANGE SINGLE|4|4");
    assert_eq!(part(one, 3), "TABLE ACCESS FULL|4|4");
    assert_eq!(stat(one, "consistent gets"), 4);
    assert_eq!(all.rows[0][0], 4);
    assert_eq!(part(all, 2), "PARTITION RANGE ALL|1|1048575");
    assert_eq!(stat(all, "consistent gets"), 12);
    assert_eq!(ops(all)[3].1, 3);
    assert_eq!(none.rows[0][0], 0);
    assert_eq!(part(none, 2), "PARTITION RANGE SINGLE|3|3");
    assert_eq!(stat(none, "consistent gets"), 0);
    assert_eq!(ops(none)[3].1, 0);
    assert_eq!(from.rows[0][0], 3);
    assert_eq!(part(from, 2), "PARTITION RANGE ITERATOR|2|1048575");
    assert_eq!(stat(from, "consistent gets"), 8);
    // Below 30: partitions 1 to 3 (30 is the lowest key of number 4).
    assert_eq!(below.rows[0][0], 2);
    assert_eq!(part(below, 2), "PARTITION RANGE ITERATOR|1|3");
    assert_eq!(stat(below, "consistent gets"), 8);
    assert_eq!(inl.rows[0][0], 2);
    assert_eq!(part(inl, 2), "PARTITION RANGE INLIST|KEY(I)|KEY(I)");
    assert_eq!(stat(inl, "consistent gets"), 8);
}

/// A bind bounds its side KEY; the other side stays the literals' (Mohamed
/// Houri, "Interval Partitioning and PSTOP in execution plan", 2013:
/// PARTITION RANGE ITERATOR, Pstart KEY, Pstop 1048575).
#[test]
fn binds_prune_at_run_time() {
    let steps = run(&format!(
        "{I}variable b number\nexec :b := 37\n\
         select count(*) from i where n = :b;\n\
         select count(*) from i where n >= :b;\n\
         set lines 200\nselect plan_table_output from table(dbms_xplan.display_cursor);"
    ));
    let n = steps.len();
    let (eq, ge) = (&steps[n - 4], &steps[n - 3]);
    assert_eq!(eq.rows[0][0], 1);
    assert_eq!(part(eq, 2), "PARTITION RANGE SINGLE|KEY|KEY");
    assert_eq!(stat(eq, "consistent gets"), 4);
    assert_eq!(ge.rows[0][0], 2);
    assert_eq!(part(ge, 2), "PARTITION RANGE ITERATOR|KEY|1048575");
    assert_eq!(stat(ge, "consistent gets"), 4);
    let text = row_strings(&steps[n - 1]).join("\n");
    assert!(text.contains("|   PARTITION RANGE ITERATOR|") && text.contains("|   KEY |1048575|"), "{text}");
}

/// Monthly intervals of a DATE key: NUMTOYMINTERVAL(1,'MONTH') above 1 Jan
/// 2010; a row of 15 Mar 2010 makes the partition below 1 Apr 2010 (k = 3,
/// number 4); February to March is numbers 3 to 4.
#[test]
fn monthly_intervals_of_a_date() {
    let steps = run("create table s (d date not null, amt number)\n\
         partition by range (d) interval (numtoyminterval(1, 'MONTH'))\n\
         (partition p0 values less than (to_date('2010-01-01', 'YYYY-MM-DD')));\n\
         insert into s values (to_date('2010-03-15', 'YYYY-MM-DD'), 1);\n\
         insert into s values (to_date('2009-06-01', 'YYYY-MM-DD'), 2);\n\
         insert into s values (to_date('2010-03-31 23:59:59', 'YYYY-MM-DD HH24:MI:SS'), 3);\n\
         insert into s values (to_date('2010-04-01', 'YYYY-MM-DD'), 4);\ncommit;\n\
         select partition_position, high_value, interval from user_tab_partitions order by 1;\n\
         select interval from user_part_tables;\n\
         alter session set statistics_level = all;\n\
         select sum(amt) from s where d between to_date('2010-02-01', 'YYYY-MM-DD') and to_date('2010-03-31', 'YYYY-MM-DD');\n\
         select sum(amt) from s where d = to_date('2010-03-15', 'YYYY-MM-DD');");
    let n = steps.len();
    assert_eq!(
        row_strings(&steps[n - 5]),
        [
            "1|TO_DATE(' 2010-01-01 00:00:00', 'SYYYY-MM-DD HH24:MI:SS', 'NLS_CALENDAR=GREGORIAN')|NO",
            "2|TO_DATE(' 2010-04-01 00:00:00', 'SYYYY-MM-DD HH24:MI:SS', 'NLS_CALENDAR=GREGORIAN')|YES",
            "3|TO_DATE(' 2010-05-01 00:00:00', 'SYYYY-MM-DD HH24:MI:SS', 'NLS_CALENDAR=GREGORIAN')|YES",
        ]
    );
    assert_eq!(row_strings(&steps[n - 4]), ["NUMTOYMINTERVAL(1,'MONTH')"]);
    assert_eq!(row_strings(&steps[n - 2]), ["1"]);
    assert_eq!(part(&steps[n - 2], 2), "PARTITION RANGE ITERATOR|3|4");
    assert_eq!(stat(&steps[n - 2], "consistent gets"), 4);
    assert_eq!(part(&steps[n - 1], 2), "PARTITION RANGE SINGLE|4|4");
}

/// A local index gets a partition with each new interval partition (SYS_Pn,
/// its own object number); the index's scan reads the table's kept one.
#[test]
fn local_index_partitions_follow() {
    let steps = run(&format!(
        "{I}create index i_n on i (n) local;\n\
         insert into i values (55, 'e');\ncommit;\n\
         select count(*) from user_ind_partitions where index_name = 'I_N';\n\
         select /*+ index(i i_n) */ v from i where n = 55;\n\
         select /*+ index(i i_n) */ v from i where n = 15;"
    ));
    let n = steps.len();
    assert_eq!(row_strings(&steps[n - 3]), ["4"]);
    assert_eq!(row_strings(&steps[n - 2]), ["e"]);
    assert_eq!(part(&steps[n - 2], 1), "PARTITION RANGE SINGLE|6|6");
    assert_eq!(part(&steps[n - 2], 2), "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED|6|6");
    assert_eq!(part(&steps[n - 2], 3), "INDEX RANGE SCAN|6|6");
    assert_eq!(row_strings(&steps[n - 1]), ["b"]);
}

/// A partition made by an insert stays when the insert rolls back (Oracle
/// makes it in a recursive transaction of its own).
#[test]
fn rollback_keeps_the_partition() {
    let mut e = quiet_engine();
    ok(&e.exec(I));
    ok(&e.exec("insert into i values (95, 'z');\nrollback;"));
    assert_eq!(text_rows(&mut e, "select count(*) from user_tab_partitions;"), [["4"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from i;"), [["4"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from i where n = 95;"), [["0"]]);
}

/// Oracle's errors: a key neither NUMBER nor DATE (ORA-14751), an interval
/// of the wrong type (ORA-14752), MAXVALUE (ORA-14761), ADD PARTITION
/// (ORA-14760), a NULL key (ORA-14400), a number beyond 1048575 (ORA-14300).
#[test]
fn errors() {
    let mut e = quiet_engine();
    ok(&e.exec(I));
    ok(&e.exec("create table e5 (n number) partition by range (n) interval (1) (partition p values less than (1));"));
    let cases = [
        ("create table e1 (c varchar2(5)) partition by range (c) interval (1) (partition p values less than ('a'));", ora::INTERVAL_KEY_TYPE.code()),
        ("create table e2 (n number) partition by range (n) interval (numtoyminterval(1, 'MONTH')) (partition p values less than (1));", ora::INTERVAL_NOT_CONSTANT.code()),
        ("create table e3 (d date) partition by range (d) interval (1) (partition p values less than (to_date('2010-01-01', 'YYYY-MM-DD')));", ora::INTERVAL_NOT_CONSTANT.code()),
        ("create table e4 (n number) partition by range (n) interval (1) (partition p values less than (maxvalue));", ora::INTERVAL_MAXVALUE.code()),
        ("alter table i add partition px values less than (1000);", ora::INTERVAL_ADD_PARTITION.code()),
        ("insert into e5 values (null);", ora::PARTITION_KEY_NO_PARTITION.code()),
        ("insert into i values (10485750, 'x');", ora::INTERVAL_PARTITION_LIMIT.code()),
    ];
    for (sql, code) in cases {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]).0, code, "{sql}");
    }
    // Number 1048575 is interval k = 1048574: [10485740, 10485750).
    ok(&e.exec("insert into i values (10485749, 'x');\nrollback;"));
}

/// Connor McDonald (2016), tests/articles/mcdonald-interval-partition-
/// numbers-12c.sql. Published: 6 partitions after the CTAS of 5 rows;
/// `x = 1235` PARTITION RANGE SINGLE at Pstart = Pstop = 1236, Rows 1,
/// Bytes 3; the partition made for 1235 at position 7 and the plan still
/// 1236; 2000000 beyond the limit, ORA-14300. itpub (11.2.0.4): P0 NO,
/// then HIGH_VALUE 2, 3, 4, 5 YES.
#[test]
fn mcdonald_interval_partition_numbers() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/mcdonald-interval-partition-numbers-12c.sql"));
    assert_eq!(row_strings(&steps[1]), ["6"]);
    assert_eq!(row_strings(&steps[2]), ["1|1|NO", "2|2|YES", "3|3|YES", "4|4|YES", "5|5|YES", "6|6|YES"]);
    let first = &steps[4];
    assert_eq!(part(first, 1), "PARTITION RANGE SINGLE|1236|1236");
    assert_eq!(part(first, 2), "TABLE ACCESS FULL|1236|1236");
    assert_eq!((first.plan[1].e_rows, first.plan[1].bytes), (1, Some(3)));
    assert_eq!(row_strings(&steps[8]), ["7|1236|YES"]);
    assert_eq!(part(&steps[10], 1), "PARTITION RANGE SINGLE|1236|1236");
    assert_eq!(error_of(&steps[12]).0, ora::INTERVAL_PARTITION_LIMIT.code());
}

/// Interval partitioning came with 11.1: 10.2.0.5 refuses the INTERVAL
/// clause at its keyword (line 2, column 24: `partition by range (n) `
/// is 23 characters), naming it and 11.1, and makes no table; the same
/// statement on 11.1.0.7 makes the table and its first interval partition
/// (5 < 10: the range section's P1 takes the first row, 15 makes SYS_Pn).
#[test]
fn release_10_2_refuses_interval_partitioning() {
    const SQL: &str = "create table c (n number, v varchar2(5))\npartition by range (n) interval (10)\n(partition p1 values less than (10));";
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 10.2.0.5;"));
    let s = e.exec(SQL);
    let err = s[0].error.as_ref().expect("refused");
    assert_eq!(err.code, lio_sql::ora::LAB_UNSUPPORTED.code());
    assert!(err.message.contains("interval partitioning") && err.message.contains("11.1"), "{}", err.message);
    assert_eq!((err.line, err.column), (2, 24));
    assert_eq!(text_rows(&mut e, "select count(*) from user_tables where table_name = 'C';"), [["0"]]);
    // Range partitioning without INTERVAL is 10.2's.
    ok(&e.exec("create table r (n number)\npartition by range (n) (partition p1 values less than (10));"));
    ok(&e.exec("LAB VERSION 11.1.0.7;"));
    ok(&e.exec(SQL));
    ok(&e.exec("insert into c values (5, 'a');\ninsert into c values (15, 'b');\ncommit;"));
    assert_eq!(
        text_rows(&mut e, "select count(*), sum(case when partition_name like 'SYS_P%' then 1 else 0 end) from user_tab_partitions where table_name = 'C';"),
        [["2", "1"]]
    );
}
