//! Issue 34: INTERVAL-* composite partitioning (11.1+): an insert whose
//! key is above the transition point makes its interval's partition
//! (SYS_Pn) with the SUBPARTITION TEMPLATE's subpartitions, named SYS_SUBPn
//! as Oracle's VLDB guide says interval-* subpartitions are named; the
//! declared (range-section) partitions' subpartitions keep `<p>_<s>`.

mod common;
use common::composite::{again, part_lines as lines};
use common::*;

/// IL: INTERVAL-LIST. P0 holds N < 10; interval 10 above it: N 15 is
/// interval 1 (partition number 2, [10, 20)), N 25 interval 2 (number 3,
/// [20, 30)). The template: A for R = 'A', B the rest. Rows go in as
/// 5 'A' (P0_A), 25 'B' (interval 2 made first, position 2), 15 'A'
/// (interval 1 made, at position 2: the 25's partition moves to 3).
const IL: &str = "create table il (n number, r varchar2(1), v varchar2(20))\n\
    partition by range (n) interval (10) subpartition by list (r)\n\
    subpartition template (subpartition a values ('A'), subpartition b values (default))\n\
    (partition p0 values less than (10));\n\
    create index il_n on il (n) local;\n\
    insert into il values (5, 'A', 'five');\n\
    insert into il values (25, 'B', 'twenty-five');\n\
    insert into il values (15, 'A', 'fifteen');\n\
    commit;\n";

/// The partitions in position order with their bounds, the subpartitions
/// named as Oracle names them, every row found where routing put it.
#[test]
fn interval_list_makes_partitions_with_the_template() {
    let mut e = quiet_engine();
    ok(&e.exec(IL));
    assert_eq!(
        text_rows(&mut e, "select partitioning_type, subpartitioning_type, partition_count, def_subpartition_count, interval from user_part_tables;"),
        [["RANGE", "LIST", "1048575", "2", "10"]]
    );
    assert_eq!(
        text_rows(&mut e, "select decode(partition_name, 'P0', 'P0', 'SYS'), high_value, partition_position, subpartition_count, interval from user_tab_partitions order by partition_position;"),
        [["P0", "10", "1", "2", "NO"], ["SYS", "20", "2", "2", "YES"], ["SYS", "30", "3", "2", "YES"]]
    );
    // P0's subpartitions by the template's names; the interval ones SYS_SUBPn, n their OBJECT_ID.
    assert_eq!(
        text_rows(&mut e, "select subpartition_name from user_tab_subpartitions where partition_name = 'P0' order by subpartition_position;"),
        [["P0_A"], ["P0_B"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_objects where object_type = 'TABLE SUBPARTITION' and subobject_name = 'SYS_SUBP' || object_id;"),
        [["4"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*), sum(decode(interval, 'YES', 1, 0)) from user_tab_subpartitions;"),
        [["6", "4"]]
    );
    assert_eq!(text_rows(&mut e, "select v from il order by n;"), [["five"], ["fifteen"], ["twenty-five"]]);
    // N 15 'A': partition number 2, its subpartition 1: the table's (2-1)*2 + 1 = 3.
    let s = again(&mut e, "select v from il where n = 15 and r = 'A';");
    assert_eq!(row_strings(&s), ["fifteen"]);
    assert_eq!(lines(&s)[1..], ["PARTITION RANGE SINGLE 2-2", "PARTITION LIST SINGLE 1-1", "TABLE ACCESS FULL 3-3"]);
    // N 25 'B': number 3, subpartition 2: (3-1)*2 + 2 = 6.
    let s = again(&mut e, "select v from il where n = 25 and r = 'B';");
    assert_eq!(row_strings(&s), ["twenty-five"]);
    assert_eq!(lines(&s)[1..], ["PARTITION RANGE SINGLE 3-3", "PARTITION LIST SINGLE 2-2", "TABLE ACCESS FULL 6-6"]);
}

/// The local index's partitions and subpartitions made with the table's
/// (SYS_Pn, SYS_SUBPn of their own numbers), each row reached through it.
#[test]
fn interval_composite_local_index() {
    let mut e = quiet_engine();
    ok(&e.exec(IL));
    assert_eq!(
        text_rows(&mut e, "select count(*), sum(decode(substr(subpartition_name, 1, 8), 'SYS_SUBP', 1, 0)) from user_ind_subpartitions where index_name = 'IL_N';"),
        [["6", "4"]]
    );
    assert_eq!(text_rows(&mut e, "select count(*) from user_ind_partitions where index_name = 'IL_N';"), [["3"]]);
    for (n, v) in [(5, "five"), (15, "fifteen"), (25, "twenty-five")] {
        let s = again(&mut e, &format!("select /*+ index(il il_n) */ v from il where n = {n};"));
        assert_eq!(row_strings(&s), [v]);
    }
}

/// Maintenance: TRUNCATE and DROP of an interval partition; DROP of the
/// range section's stays refused; ADD PARTITION is ORA-14760.
#[test]
fn interval_composite_maintenance() {
    let mut e = quiet_engine();
    ok(&e.exec(IL));
    let p2 =
        text_rows(&mut e, "select partition_name from user_tab_partitions where partition_position = 2;")[0][0].clone();
    ok(&e.exec(&format!("alter table il drop partition {p2};")));
    assert_eq!(text_rows(&mut e, "select v from il order by n;"), [["five"], ["twenty-five"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from user_tab_subpartitions;"), [["4"]]);
    // N 15 again: interval 1 made again, at position 2.
    ok(&e.exec("insert into il values (16, 'B', 'sixteen');"));
    assert_eq!(text_rows(&mut e, "select /*+ index(il il_n) */ v from il where n = 16;"), [["sixteen"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(il il_n) */ v from il where n = 25;"), [["twenty-five"]]);
    let s = e.exec("alter table il drop partition p0;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::LAB_UNSUPPORTED.code());
    let s = e.exec("alter table il add partition p9 values less than (100);");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::INTERVAL_ADD_PARTITION.code());
}

/// 10.2.0.5 refuses INTERVAL-* at INTERVAL (where 10.2's grammar stops),
/// naming the form and 11.1.
#[test]
fn release_10_2_refuses_interval_composites() {
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 10.2.0.5;"));
    let s = e.exec(
        "create table c (n number, d number)\npartition by range (n) interval (10) subpartition by hash (d) subpartitions 2\n(partition p1 values less than (5));",
    );
    let err = s[0].error.as_ref().expect("refused");
    assert_eq!(err.code, lio_sql::ora::LAB_UNSUPPORTED.code());
    assert!(err.message.contains("INTERVAL-HASH") && err.message.contains("11.1"), "{}", err.message);
    assert_eq!((err.line, err.column), (2, 24));
}
