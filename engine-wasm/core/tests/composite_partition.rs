//! Issue 34: composite partitioning. RANGE-HASH is built: each range
//! partition divided into `SUBPARTITIONS n` hash subpartitions, each
//! subpartition a segment (USER_SEGMENTS 'TABLE SUBPARTITION'), rows
//! routed by the range bound then the hash of the subpartition key, and
//! the plan's two PARTITION lines (`composite_range_hash_*` below). The
//! other forms (RANGE-LIST, LIST-..., HASH-..., SUBPARTITION TEMPLATE, a
//! partition's own subpartitions) are refused by name with LAB-00001 at
//! the line and column of the word that starts them, before any object
//! is created, so a script that meets one says so rather than running a
//! table that is not what was written.

mod common;
use common::composite::{again, part_lines as lines};
use common::*;

const R: &str = "create table r (n number not null, v varchar2(10))\n\
    partition by range (n) (partition p1 values less than (5), partition p2 values less than (10));\n";

/// (statement, line, column, words the message names). Line and column
/// are 1-based, of the token the refusal points at: `SUBPARTITION` of the
/// SUBPARTITION BY clause, the partition's own `SUBPARTITIONS n` or
/// `(SUBPARTITION ...)` list, the ALTER verb's object, or the
/// subpartition-extended table name.
const REFUSED: &[(&str, u32, u32, &str)] = &[
    // RANGE-LIST without a SUBPARTITION TEMPLATE: refused at SUBPARTITION (line 2, column 24).
    (
        "create table c (n number, d number)\npartition by range (n) subpartition by list (d)\n(partition p1 values less than (5));",
        2,
        24,
        "SUBPARTITION TEMPLATE",
    ),
    // RANGE-RANGE.
    (
        "create table c (n number, d number)\npartition by range (n) subpartition by range (d)\n(partition p1 values less than (5));",
        2,
        24,
        "SUBPARTITION BY RANGE",
    ),
    // RANGE-LIST with a partition's own subpartition list (the template is built).
    (
        "create table c (n number, d varchar2(1))\npartition by range (n) subpartition by list (d)\nsubpartition template (subpartition s1 values ('A'))\n(partition p1 values less than (5) (subpartition x values ('B')));",
        4,
        36,
        "a partition's own subpartitions",
    ),
    // A partition's own SUBPARTITIONS n, without SUBPARTITION BY: refused at SUBPARTITIONS.
    (
        "create table c (n number, d number) partition by range (n)\n(partition p1 values less than (5) subpartitions 2);",
        2,
        36,
        "composite partitioning",
    ),
    // A partition's explicit subpartition list.
    (
        "create table c (n number, d number) partition by range (n)\n(partition p1 values less than (5) (subpartition s1, subpartition s2));",
        2,
        36,
        "composite partitioning",
    ),
];

/// Each composite form is LAB-00001 at its line and column, naming
/// composite partitioning, and leaves no table behind.
#[test]
fn composite_forms_are_refused_at_their_place() {
    for &(sql, line, column, names) in REFUSED {
        let mut e = quiet_engine();
        let s = e.exec(sql);
        let err = s[0].error.as_ref().unwrap_or_else(|| panic!("`{sql}` did not fail"));
        assert_eq!(err.code, lio_sql::ora::LAB_UNSUPPORTED.code(), "{sql}");
        assert_eq!((err.line, err.column), (line, column), "{sql}: {}", err.message);
        assert!(err.message.contains(names), "{sql}: {}", err.message);
        assert_eq!(text_rows(&mut e, "select count(*) from user_tables where table_name = 'C';"), [["0"]]);
    }
}

/// Subpartition maintenance and subpartition-extended names on a
/// partitioned table are LAB-00001 too, named, the table untouched.
#[test]
fn subpartition_operations_are_refused_by_name() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    let lab = lio_sql::ora::LAB_UNSUPPORTED.code();
    for sql in [
        "alter table r add subpartition s1;",
        "alter table r drop subpartition s1;",
        "alter table r truncate subpartition s1;",
        "alter table r split subpartition s1 values ('A') into (subpartition s1a, subpartition s1b);",
        "alter table r merge subpartitions s1, s2 into subpartition s3;",
        "alter table r exchange subpartition s1 with table x;",
        "alter table r modify partition p1 add subpartition s3;",
        "alter table r set subpartition template (subpartition s1 values ('A'));",
        "select * from r subpartition (s1);",
        "insert into r subpartition (s1) values (1, 'a');",
        "update r subpartition (s1) set v = 'b';",
        "delete from r subpartition (s1);",
        "delete from r partition (p1);",
    ] {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]).0, lab, "{sql}: {:?}", s[0].error);
    }
    assert_eq!(text_rows(&mut e, "select count(*) from user_tab_partitions where table_name = 'R';"), [["2"]]);
}

/// The dictionary views of composite partitioning exist and, with no
/// composite table, are empty.
#[test]
fn composite_dictionary_is_empty() {
    let mut e = quiet_engine();
    ok(&e.exec(R));
    assert_eq!(
        text_rows(&mut e, "select subpartitioning_type, def_subpartition_count from user_part_tables;"),
        [["NONE", "0"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_segments where segment_type = 'TABLE SUBPARTITION';"),
        [["0"]]
    );
}

/// C: RANGE-HASH, 2 x 2. P1 takes N below 5 (rows 1-4), P2 the rest
/// (5-9); each splits into 2 hash subpartitions on D (= N). Which D goes
/// to which subpartition is the lab's hash (Oracle's is not published:
/// `catalog/partition.rs`); with it P1's rows split 2 and 2, P2's 3 and 2.
/// Each subpartition holds its few short rows in one block.
const C: &str = "create table c (n number not null, d number, v varchar2(10))\n\
    partition by range (n) subpartition by hash (d) subpartitions 2\n\
    (partition p1 values less than (5), partition p2 values less than (maxvalue));\n\
    insert into c select rownum, rownum, 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    exec dbms_stats.gather_table_stats(user, 'C')\n\
    alter session set statistics_level = all;\n";

/// Each subpartition a segment with its own object number; the table
/// and its partitions none (the partition is a bound and a name, its
/// OBJECT_ID before its subpartitions'); the dictionary's counts.
#[test]
fn composite_range_hash_each_subpartition_a_segment() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    assert_eq!(
        text_rows(&mut e, "select partition_name, partition_position, subpartition_position, num_rows, blocks from user_tab_subpartitions order by 2, 3;"),
        [["P1", "1", "1", "2", "2"], ["P1", "1", "2", "2", "2"], ["P2", "2", "1", "3", "2"], ["P2", "2", "2", "2", "2"]]
    );
    // A partition's figures are its subpartitions' summed.
    assert_eq!(
        text_rows(&mut e, "select partition_name, composite, subpartition_count, num_rows, blocks from user_tab_partitions order by partition_position;"),
        [["P1", "YES", "2", "4", "4"], ["P2", "YES", "2", "5", "4"]]
    );
    assert_eq!(
        text_rows(&mut e, "select partitioning_type, subpartitioning_type, partition_count, def_subpartition_count, subpartitioning_key_count from user_part_tables;"),
        [["RANGE", "HASH", "2", "2", "1"]]
    );
    assert_eq!(
        text_rows(&mut e, "select segment_type, count(*) from user_segments group by segment_type;"),
        [["TABLE SUBPARTITION", "4"]]
    );
    // Objects in OBJECT_ID order: the table, P1, its two subpartitions (SYS_SUBPn, n their OBJECT_ID), P2, its two.
    let objs = text_rows(
        &mut e,
        "select object_type, case when subobject_name = 'SYS_SUBP' || object_id then 'SYS_SUBPn' else subobject_name end, nvl2(data_object_id, 'seg', 'none') from user_objects order by object_id;",
    );
    let want = [
        ["TABLE", "null", "none"],
        ["TABLE PARTITION", "P1", "none"],
        ["TABLE SUBPARTITION", "SYS_SUBPn", "seg"],
        ["TABLE SUBPARTITION", "SYS_SUBPn", "seg"],
        ["TABLE PARTITION", "P2", "none"],
        ["TABLE SUBPARTITION", "SYS_SUBPn", "seg"],
        ["TABLE SUBPARTITION", "SYS_SUBPn", "seg"],
    ];
    assert_eq!(objs, want);
    assert_eq!(text_rows(&mut e, "select count(*), sum(n) from c;"), [["9", "45"]]);
}

/// A full scan reads every subpartition, one segment after another: a
/// one-block segment's full scan is 4 gets in the lab (3 on the header
/// and space-management blocks, 1 on the block: `partitions.rs`), so 4 x
/// 4 = 16. The plan: PARTITION RANGE ALL (partitions 1-2) over PARTITION
/// HASH ALL (subpartitions 1-2 of each partition, started once per
/// partition: 2) over TABLE ACCESS FULL (subpartitions 1-4, started once
/// each: 4).
#[test]
fn composite_range_hash_full_scan_reads_every_subpartition() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let s = again(&mut e, "select count(*) from c;");
    assert_eq!(stat(&s, "consistent gets"), 16);
    assert_eq!(stat(&s, "table scans (short tables)"), 4);
    assert_eq!(lines(&s)[2..], ["PARTITION RANGE ALL 1-2", "PARTITION HASH ALL 1-2", "TABLE ACCESS FULL 1-4"]);
    let x = e.exec("select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));");
    ok(&x);
    let text = row_strings(&x[0]).join("\n");
    assert!(text.contains("|   3 |    PARTITION HASH ALL|      |      2 |"), "{text}");
    assert!(text.contains("|   4 |     TABLE ACCESS FULL| C    |      4 |"), "{text}");
}

/// Pruning on both levels. N = 7: P2 only (RANGE SINGLE 2), both its
/// subpartitions (HASH ALL 1-2), which are the table's 3 and 4: 8 gets.
/// N = 7 and D = 7: one subpartition (HASH SINGLE, its number within P2;
/// the table line its absolute one): 4 gets. D = 7 alone: one
/// subpartition in each partition (RANGE ALL over HASH SINGLE), not a
/// contiguous run, so the table line prints KEY (as Antognini's RANGE
/// ITERATOR over LIST SINGLE does): 8 gets. Binds: KEY on every line,
/// the same 4 gets as the literals.
#[test]
fn composite_range_hash_prunes_on_both_levels() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let s = again(&mut e, "select count(*) from c where n = 7;");
    assert_eq!(stat(&s, "consistent gets"), 8);
    assert_eq!(lines(&s)[2..], ["PARTITION RANGE SINGLE 2-2", "PARTITION HASH ALL 1-2", "TABLE ACCESS FULL 3-4"]);
    let s = again(&mut e, "select count(*) from c where n = 7 and d = 7;");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(stat(&s, "consistent gets"), 4);
    let l = lines(&s);
    assert_eq!(l[2], "PARTITION RANGE SINGLE 2-2");
    let j: u32 = l[3].trim_start_matches("PARTITION HASH SINGLE ").split('-').next().unwrap().parse().unwrap();
    assert!(j == 1 || j == 2, "{l:?}");
    assert_eq!(l[4], format!("TABLE ACCESS FULL {}-{}", 2 + j, 2 + j));
    let s = again(&mut e, "select count(*) from c where d = 7;");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(stat(&s, "consistent gets"), 8);
    assert_eq!(
        lines(&s)[2..],
        ["PARTITION RANGE ALL 1-2", format!("PARTITION HASH SINGLE {j}-{j}").as_str(), "TABLE ACCESS FULL KEY-KEY"]
    );
    ok(&e.exec("variable b number\nexec :b := 7"));
    let q = &again(&mut e, "select count(*) from c where n = :b and d = :b;");
    assert_eq!(row_strings(q), ["1"]);
    assert_eq!(stat(q, "consistent gets"), 4);
    assert_eq!(
        lines(q)[2..],
        ["PARTITION RANGE SINGLE KEY-KEY", "PARTITION HASH SINGLE KEY-KEY", "TABLE ACCESS FULL KEY-KEY"]
    );
}

/// A composite partition exchanged with the table itself (a composite
/// table) is Oracle's ORA-14341, the table untouched (EXCHANGE:
/// `exchange_composite.rs`; TRUNCATE, DROP and ADD: `composite_maintenance.rs`;
/// SPLIT and MERGE: `composite_split_merge.rs`). A plain (global) index is built (LOCAL and
/// global partitioned ones: `composite_index.rs`).
#[test]
fn composite_range_hash_refusals() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let sql = "alter table c exchange partition p1 with table c;";
    let s = e.exec(sql);
    let err = s[0].error.as_ref().unwrap_or_else(|| panic!("`{sql}` did not fail"));
    assert_eq!(err.code, lio_sql::ora::EXCHANGE_COMPOSITE_COMPOSITE.code(), "{sql}");
    assert_eq!(text_rows(&mut e, "select count(*) from c;"), [["9"]]);
    ok(&e.exec("create index c_n on c (n);"));
    assert_eq!(text_rows(&mut e, "select count(*) from c where n = 3;"), [["1"]]);
}

/// Antognini's RANGE-LIST table (tests/articles): 12 monthly partitions
/// of 4 template subpartitions each; N1 = 3 and D1 before 19 July keep
/// partitions 1 to 7 (RANGE ITERATOR, started once), subpartition 3 of
/// each (LIST SINGLE 3, started 7 times), 7 segments that are not a
/// contiguous run (the table line KEY, started 7 times): the published
/// Starts, Pstart and Pstop.
#[test]
fn antognini_composite_pruning() {
    let script = include_str!("../../../tests/articles/antognini-composite-pruning-12c.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let count = steps.iter().find(|s| s.statement.contains("user_tab_subpartitions")).expect("the count");
    assert_eq!(row_strings(count), ["48"]);
    let q = steps.iter().rfind(|s| s.statement.contains("gather_plan_statistics")).expect("the query");
    // D1 before 19 July: 199 days, ROWNUM / 27.4 < 199, ROWNUM up to 5452;
    // N1 = 3: ROWNUM 2, 6, ..., 5450, (5450 - 2) / 4 + 1 = 1363 rows.
    assert_eq!(row_strings(q), ["1363"]);
    let shown: Vec<String> =
        steps.last().expect("the plan").rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    let cols = |l: &str| {
        let c: Vec<String> = l.split('|').map(|c| c.trim().to_string()).collect();
        format!("{}|{}|{}|{}", c[2], c[4], c[6], c[7])
    };
    let lines: Vec<String> =
        shown.iter().filter(|l| l.starts_with("|  ") || l.starts_with("|* ")).map(|l| cols(l)).collect();
    assert_eq!(
        lines[2..],
        ["PARTITION RANGE ITERATOR|1|1|7", "PARTITION LIST SINGLE|7|3|3", "TABLE ACCESS FULL|7|KEY|KEY",]
    );
    let users = text_rows(&mut e, "select subpartition_name, high_value from user_tab_subpartitions where partition_name = 'T_JUL_2014' order by subpartition_position;");
    assert_eq!(users[2], ["T_JUL_2014_SP_3", "3"]);
}

/// RANGE-LIST's template forms: a DEFAULT subpartition takes what no list
/// names; a key no subpartition takes is ORA-14400 (as for a one-level
/// list table), no row of the statement kept.
#[test]
fn composite_range_list_routes_by_the_template() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table l (n number, s varchar2(1))\n\
         partition by range (n) subpartition by list (s)\n\
         subpartition template (subpartition a values ('A'), subpartition bc values ('B', 'C'))\n\
         (partition p1 values less than (10), partition p2 values less than (20));\n\
         insert into l values (1, 'A');\ninsert into l values (15, 'C');\ninsert into l values (16, 'B');\ncommit;",
    ));
    let s = e.exec("insert into l values (2, 'Z');");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_KEY_NO_PARTITION.code());
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'L')"));
    assert_eq!(
        text_rows(&mut e, "select subpartition_name, high_value, num_rows from user_tab_subpartitions order by partition_position, subpartition_position;"),
        [["P1_A", "'A'", "1"], ["P1_BC", "'B', 'C'", "0"], ["P2_A", "'A'", "0"], ["P2_BC", "'B', 'C'", "2"]]
    );
    assert_eq!(
        text_rows(&mut e, "select subpartitioning_type, def_subpartition_count from user_part_tables;"),
        [["LIST", "2"]]
    );
    let s = again(&mut e, "select count(*) from l where s = 'B';");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(lines(&s)[2..], ["PARTITION RANGE ALL 1-2", "PARTITION LIST SINGLE 2-2", "TABLE ACCESS FULL KEY-KEY"]);
    ok(&e.exec(
        "create table d (n number, s varchar2(1))\n\
         partition by range (n) subpartition by list (s)\n\
         subpartition template (subpartition a values ('A'), subpartition rest values (default))\n\
         (partition p1 values less than (maxvalue));\n\
         insert into d values (1, 'Z');",
    ));
    assert_eq!(text_rows(&mut e, "select count(*) from d subpartition_check where s = 'Z';"), [["1"]]);
}

/// The VLDB guide's SALES_RANGE_HASH (tests/articles): 4 x 8
/// subpartitions; 1 July to 1 October keeps partitions 3 and 4 (1 October
/// is in the fourth quarter's), S_PRODUCTID = 1200 one subpartition of
/// each: the two partitions and one subpartition in each the guide says.
#[test]
fn oracle_docs_range_hash_pruning() {
    let script = include_str!("../../../tests/articles/oracle-docs-range-hash-pruning-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let plan: Vec<String> = steps
        .iter()
        .find(|s| s.statement.contains("dbms_xplan.display"))
        .expect("the plan")
        .rows
        .iter()
        .map(|r| r[0].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(plan[6], "|   1 |  PARTITION RANGE ITERATOR|                  |     3 |     4 |");
    let hash = &plan[7];
    assert!(hash.starts_with("|   2 |   PARTITION HASH SINGLE  |                  |"), "{hash}");
    // One subpartition of the 8 (which one is the lab's hash), the same in both.
    let cols: Vec<&str> = hash.split('|').map(str::trim).collect();
    let j: u32 = cols[4].parse().expect("a number");
    assert!((1..=8).contains(&j) && cols[5] == cols[4], "{hash}");
    assert_eq!(plan[8], "|   3 |    TABLE ACCESS FULL     | SALES_RANGE_HASH |   KEY |   KEY |");
    assert_eq!(row_strings(steps.last().unwrap()), ["32"]);
}
